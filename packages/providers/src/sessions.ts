/**
 * Importing an agent's session by format id or by what its lines hold: the functions the root entry offers over the
 * session importers of the registry. Pure, like the importers: the text or the lines come from the caller (the Node
 * entry, `@agent-transcript/providers/node`, reads files).
 */
import {
  importSessionLinesWith,
  importSessionTextWith,
  textLines,
  type SessionImportOptions,
  type SessionImportResult,
  type SessionLine,
  type SessionSource,
} from "./conversion/index.js";
import { formatIds, isSessionFormatId, sessionImporters, type SessionFormatId } from "./registry.js";
import { countedLines, countedLinesSync, newLineCensus, unknownShape } from "./session-shape-check.js";

/** How many lines, at most, detection looks at: a session's first records may be snapshots and hook progress. */
export const sessionDetectionLines = 64;

/**
 * The session format whose importer recognises these first lines (or the start of a text), in registry order; undefined
 * when none does. Content decides, never a file name.
 */
export function detectSessionFormat(head: string | readonly string[]): SessionFormatId | undefined {
  const lines =
    typeof head === "string" ? firstLines(head, sessionDetectionLines) : head.slice(0, sessionDetectionLines);
  for (const id of formatIds) if (isSessionFormatId(id) && sessionImporters[id].detect(lines)) return id;
  return undefined;
}

function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  for (const line of textLines(text)) {
    if (lines.length >= count) break;
    lines.push(line.text);
  }
  return lines;
}

/** Options of the root's session imports: the format (detected from the main file when absent) and provenance. */
export interface ImportSessionOptions extends SessionImportOptions {
  format?: SessionFormatId;
}

/** A session imported, with the format it was read as; or why no importer would read it. */
export type ImportSessionOutcome =
  ({ ok: true; format: SessionFormatId } & SessionImportResult) | { ok: false; message: string };

function notDetected(): ImportSessionOutcome {
  const known = formatIds.filter(isSessionFormatId).join(", ");
  return { ok: false, message: `not a session of a known agent (${known}): name the format` };
}

/**
 * Imports a session whose text is at hand. `related` holds the texts of related files (a Claude Code session's
 * sub-agent files), which a file layer found; the importer keeps those that belong to the session.
 */
export function importSessionText(
  text: string,
  options: ImportSessionOptions & { related?: ReadonlyArray<{ path: string; text: string }> } = {},
): ImportSessionOutcome {
  const format = options.format ?? detectSessionFormat(text);
  if (format === undefined) return notDetected();
  const { format: _format, related = [], ...rest } = options;
  const census = newLineCensus();
  const mainPath = options.path ?? "";
  const result = importSessionTextWith(
    sessionImporters[format],
    {
      main: { path: mainPath, lines: countedLinesSync(census, textLines(text)) },
      related: related.map((file) => ({ path: file.path, lines: file.text })),
    },
    rest,
  );
  const unknown = unknownShape(result, census, mainPath, format);
  if (unknown !== undefined) return { ok: false, message: unknown };
  return { ok: true, format, ...result };
}

/**
 * Imports a session whose lines arrive one by one (a stream being read), related files after the main one. Without a
 * format, the first lines decide, and are held until they do.
 */
export async function importSessionLines(
  source: SessionSource,
  options: ImportSessionOptions = {},
): Promise<ImportSessionOutcome> {
  const { format: given, ...rest } = options;
  let format = given;
  let main = source.main;
  if (format === undefined) {
    const peeked = await peekLines(source.main.lines, sessionDetectionLines);
    format = detectSessionFormat(peeked.head.map((line) => line.text));
    if (format === undefined) return notDetected();
    main = { path: source.main.path, lines: peeked.lines };
  }
  const census = newLineCensus();
  const lines = main.lines;
  const result = await importSessionLinesWith(
    sessionImporters[format],
    {
      ...source,
      main: { path: main.path, lines: countedLines(census, typeof lines === "string" ? textLines(lines) : lines) },
    },
    { path: source.main.path, ...rest },
  );
  const unknown = unknownShape(result, census, main.path, format);
  if (unknown !== undefined) return { ok: false, message: unknown };
  return { ok: true, format, ...result };
}

/** The first `count` lines, and all the lines again (the first ones replayed), reading no further than needed. */
async function peekLines(
  lines: SessionSource["main"]["lines"],
  count: number,
): Promise<{ head: SessionLine[]; lines: AsyncIterable<SessionLine> }> {
  const iterator: AsyncIterator<SessionLine> | Iterator<SessionLine> =
    typeof lines === "string"
      ? textLines(lines)
      : Symbol.asyncIterator in lines
        ? lines[Symbol.asyncIterator]()
        : lines[Symbol.iterator]();
  const head: SessionLine[] = [];
  let done = false;
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  async function* replay(): AsyncGenerator<SessionLine> {
    yield* head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) return;
      yield next.value;
    }
  }
  return { head, lines: replay() };
}
