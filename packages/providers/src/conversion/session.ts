/**
 * What every session importer shares: the lines it reads, the loss report it writes and the drivers that feed it.
 *
 * An agent's session (Claude Code's project log, a Codex rollout, a Gemini CLI session, an ATIF trajectory) is not
 * one JSON value but a file of records, often with related files beside it (sub-agents). A session importer is pure:
 * it never touches a file system. It is a fold: a file layer (the package's Node entry, the CLI's input layer, a
 * browser reading a `File`) hands it the main file's lines, then each related file's, one line at a time, and it
 * returns `{ document, children, losses }`. Each line is parsed and converted as it comes, so the lines themselves
 * are never held; a line that cannot be read costs that line (a loss naming its file and line), never the file.
 */
import type { SourceFormat, Transcript } from "@agent-transcript/core";
import { defaultMaxDepth } from "@agent-transcript/core";
import { linesAndColumns, locatePointers, parseJson } from "@agent-transcript/core/json";
import type { ConversionError, ConversionWarning } from "./result.js";

/** One line of a session file, as a file layer read it. */
export interface SessionLine {
  /** 1-based line number in its file. */
  line: number;
  /** The line without its line break. */
  text: string;
  /** Why the file layer could not read the line as text (invalid UTF-8, longer than its limit); text is then empty. */
  error?: string;
}

/** A file's lines: its whole text, or its lines one by one, as they are read. */
export type SessionLines = string | Iterable<SessionLine> | AsyncIterable<SessionLine>;

/** One file of a session: the main file, or a related one (a sub-agent's). */
export interface SessionFile {
  /** The file's path as the caller names it; losses and `files` use it. Empty for text with no file. */
  path: string;
  lines: SessionLines;
}

/** What a session importer reads: the main file, then the related files a file layer found. */
export interface SessionSource {
  main: SessionFile;
  related?: Iterable<SessionFile> | AsyncIterable<SessionFile>;
}

/** The same with nothing asynchronous, for callers that hold the text already. */
export interface SessionTextSource {
  main: { path: string; lines: string | Iterable<SessionLine> };
  related?: Iterable<{ path: string; lines: string | Iterable<SessionLine> }>;
}

/**
 * Why something of a session was not mapped onto a canonical field. The expected kinds (see
 * {@link expectedSessionLossCodes}) are records and blocks kept whole where the document has room for them, by a rule
 * the importer documents; the others mean a line or a field could not be read.
 */
export type SessionLossCode =
  /** A line that is not JSON, breaks the parse limits, or could not be read as text: that line is lost. */
  | "unparsable-line"
  /** A JSON line that is not a record of the format (not an object, or a field it needs missing or mistyped). */
  | "invalid-line"
  /** A field of a record that could not be mapped as the format defines it; kept verbatim beside the message. */
  | "invalid-field"
  /** A record of a type the importer does not know (newer than it); kept verbatim in the document's metadata. */
  | "unknown-line-type"
  /** A record of a known type with no canonical place (progress, file snapshots, queue operations, …); kept verbatim. */
  | "kept-as-metadata"
  /** A content block with no canonical equivalent; kept verbatim as a native part. */
  | "kept-as-native"
  /** A record written twice (the same record id); read once. */
  | "duplicate-line"
  /** Records of an abandoned branch (a rewind); kept, converted, in the document's metadata, off the main chain. */
  | "branch-kept"
  /** A link to a record that is not in the file; the history is joined by file order instead. */
  | "parent-missing"
  /** A line of a forked or sub-agent session that replays its parent's history; kept, not counted as its own. */
  | "inherited-line"
  /**
   * A value a redacting tool replaced with a placeholder (`<redacted>`, `[REDACTED]`) where the format wants another
   * type or form (a timestamp, an enum member); kept as written beside the message.
   */
  | "redacted-value"
  /**
   * A token total the importer summed (the document's `usage`, a run's `usage_including_children`) beyond 2^53 − 1,
   * which a JSON number read as a double does not hold exactly: written as 9007199254740991, a lower bound; the loss
   * names its JSON pointer and the exact sum.
   */
  | "clamped-total"
  /**
   * Something the source never held, so the document cannot have it either: a trace recorded without message
   * content (its calls' tool names, ids and arguments remain), a value its exporter cut to fit an attribute size, a
   * token count the span does not give. What the source carries is read.
   */
  | "not-carried"
  /**
   * A value of the source that no canonical field takes as written, left out or read the nearest way by a rule the
   * importer documents (a trace's message part of a type the conventions do not define, a second run at a trace's
   * root, the other traces of a file that holds several; a role the conventions do not define read as user, input
   * messages that do not continue the conversation added whole): named by its JSON pointer.
   */
  | "left-out";

/** The loss kinds that are a documented rule of the importer, not something it failed to read. */
export const expectedSessionLossCodes: readonly SessionLossCode[] = Object.freeze([
  "unknown-line-type",
  "kept-as-metadata",
  "kept-as-native",
  "duplicate-line",
  "branch-kept",
  "parent-missing",
  "inherited-line",
  "redacted-value",
  "not-carried",
  "left-out",
]);

/** Whether a string is a redaction placeholder (`<redacted>`, `[REDACTED]`, `<redacted:email>`, …). */
export function isRedactionPlaceholder(value: unknown): boolean {
  return (
    typeof value === "string" &&
    /^(?:<redacted(?:[:_ -][^<>]{0,40})?>|\[redacted(?:[:_ -][^[\]]{0,40})?\])$/i.test(value)
  );
}

/** Whether a loss is of an expected, named kind (see {@link expectedSessionLossCodes}). */
export function isExpectedSessionLoss(loss: { code: SessionLossCode }): boolean {
  return expectedSessionLossCodes.includes(loss.code);
}

/** Something of a session not mapped onto a canonical field, named by file and line. */
export interface SessionLoss {
  code: SessionLossCode;
  /** The file, as the caller named it ("" for text given without a path). */
  file: string;
  /** 1-based line in that file; absent for a loss about the whole file. */
  line?: number;
  message: string;
}

/** A child run (a sub-agent) of an imported session. */
export interface SessionChild {
  /** The child's run id (Claude Code: the agent id). */
  runId: string;
  /** The file it was read from ("" when its records were in the main file). */
  path: string;
  /** Its own document, also embedded in the parent's `run.children[].transcript`. */
  document: Transcript;
}

/** What a session importer returns. It always returns a document: a file with no readable line gives an empty one. */
export interface SessionImportResult {
  /** The session, strictly valid; child runs are embedded in `run.children[].transcript`. */
  document: Transcript;
  /** The child runs, in the order of `run.children`. */
  children: SessionChild[];
  /** Everything not mapped, in the order found. */
  losses: SessionLoss[];
  /** The files read, the main file first; related files that turned out to belong to another session are left out. */
  files: string[];
  /** How many lines of the main file were records of the format (0: nothing in it was such a session). */
  records: number;
}

/** Provenance a caller may know and the lines do not carry. */
export interface SessionImportOptions {
  /** The main file's path, recorded as `source.path` (default: the main file's path as given). */
  path?: string;
  /** When the import ran (RFC 3339), recorded as `source.imported_at`; importers never read the clock. */
  importedAt?: string;
}

/** One session being read: lines go in file by file, the result comes out at the end. */
export interface SessionFold {
  /** Starts the next file: the main file first, then each related one. */
  file(path: string, role: "main" | "related"): void;
  line(line: SessionLine): void;
  finish(): SessionImportResult;
}

/** Where a file layer looks for a session's related files: a folder, and the names in it that may be related. */
export interface RelatedFileLocation {
  folder: string;
  /** The names of the related files in the folder (or in each of its subfolders that `folders` matches). */
  names: RegExp;
  /** When given, the files are in `folder`'s subfolders whose names match, not in `folder` itself. */
  folders?: RegExp;
}

/** One session format's importer: detection, where its related files are, and the fold that reads it. */
export interface SessionImporter {
  /** Its format id, under which the registry lists it. */
  readonly id: SourceFormat;
  /** Whether a file whose first lines are these is a session of this format (content, never the name, decides). */
  detect(head: readonly string[]): boolean;
  /** Where the related files of the session at `path` may be (pure path arithmetic; the file layer lists them). */
  relatedFiles(path: string): RelatedFileLocation[];
  begin(options?: SessionImportOptions): SessionFold;
}

/**
 * How deep a session line may nest. A line's values sit a few levels deeper in the document than in the line (a tool
 * input under messages, parts; a kept record under metadata; a sub-agent's document under run.children), and the
 * document must stay within the nesting limit every reader of the toolkit keeps.
 */
export const sessionLineDepth = defaultMaxDepth - 32;

/**
 * A session line parsed as JSON, `{ value }`; nothing for a blank line, or for one that cannot be read, whose reason
 * (the file layer's, or the parser's) `unparsable` is told.
 */
export function parseSessionLine(
  line: SessionLine,
  unparsable: (message: string) => void,
): { value: unknown } | undefined {
  if (line.error !== undefined) {
    unparsable(line.error);
    return undefined;
  }
  const text = line.text;
  // A record line starts with its brace; only another one needs a closer look.
  if (text.length === 0 || (text.charCodeAt(0) !== 0x7b && text.trim() === "")) return undefined;
  const parsed = parseJson(text, { maxDepth: sessionLineDepth });
  if (!parsed.ok) {
    unparsable(`not read: ${parsed.error.reason}`);
    return undefined;
  }
  return { value: parsed.value };
}

/**
 * The line of the session file each of `count` records starts on, for a whole document held and parsed at once (a
 * pretty-printed session whose records are the elements of its top-level array `key`) whose text begins on line
 * `first`.
 */
export function recordLines(text: string, key: string, count: number, first: number): number[] {
  const pointers = Array.from({ length: count }, (_record, index) => `/${key}/${index}`);
  const offsets = locatePointers(text, pointers);
  return linesAndColumns(
    text,
    pointers.map((pointer) => offsets.get(pointer) ?? 0),
  ).map((place) => first + place.line - 1);
}

/** The lines of a text: split at line feeds, a carriage return before one dropped, the last line without one kept. */
export function* textLines(text: string): Generator<SessionLine> {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    // The empty piece after a final line feed is no line.
    if (end < text.length || stop > start) yield { line, text: text.slice(start, stop) };
    start = end + 1;
    line += 1;
  }
}

/** Reads a session whose text is at hand: no promise, the same result as {@link importSessionLinesWith}. */
export function importSessionTextWith(
  importer: SessionImporter,
  source: SessionTextSource,
  options: SessionImportOptions = {},
): SessionImportResult {
  const fold = importer.begin(options);
  const feed = (lines: string | Iterable<SessionLine>): void => {
    if (typeof lines === "string") feedText(fold, lines);
    else for (const line of lines) fold.line(line);
  };
  fold.file(source.main.path, "main");
  feed(source.main.lines);
  for (const file of source.related ?? []) {
    fold.file(file.path, "related");
    feed(file.lines);
  }
  return fold.finish();
}

/** {@link textLines} without a generator: a whole text fed to a fold, the way most callers hold a session. */
function feedText(fold: SessionFold, text: string): void {
  const length = text.length;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let line = 1; start < length; line += 1) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = length;
    const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    fold.line({ line, text: text.slice(start, stop) });
    start = end + 1;
  }
}

/** Reads a session whose lines arrive one by one (a file being streamed), holding no more than the fold keeps. */
export async function importSessionLinesWith(
  importer: SessionImporter,
  source: SessionSource,
  options: SessionImportOptions = {},
): Promise<SessionImportResult> {
  const fold = importer.begin(options);
  const feed = async (file: SessionFile, role: "main" | "related"): Promise<void> => {
    fold.file(file.path, role);
    const lines = file.lines;
    if (typeof lines === "string") for (const line of textLines(lines)) fold.line(line);
    else if (Symbol.asyncIterator in lines) for await (const line of lines) fold.line(line);
    else for (const line of lines) fold.line(line);
  };
  await feed(source.main, "main");
  if (source.related !== undefined) for await (const file of source.related) await feed(file, "related");
  return fold.finish();
}

/** Opening lines longer than this are judged by their start, not parsed, to detect a session's format. */
const largestParsedHeadLine = 256 * 1024;

/** One opening line that could be a JSON object: a long one by its first 4096 characters, a short one parsed. */
export type HeadRecord = { readonly start: string } | { readonly record: unknown };

/**
 * The opening lines of a file that could be JSON objects, trimmed, for a session importer's `detect`: detection runs
 * on every input a command reads, and the first line of a compact document is the whole document, so a line longer
 * than 256 KiB is handed over as its start; a shorter one is parsed, and one that is not JSON is left out.
 */
export function* headRecords(head: readonly string[]): Generator<HeadRecord> {
  for (const text of head) {
    const trimmed = text.trim();
    if (!trimmed.startsWith("{")) continue;
    if (trimmed.length > largestParsedHeadLine) {
      yield { start: trimmed.slice(0, 4096) };
      continue;
    }
    let record: unknown;
    try {
      record = JSON.parse(trimmed);
    } catch {
      continue;
    }
    yield { record };
  }
}

/**
 * The folder, the name and the separator of a path, for {@link SessionImporter.relatedFiles}: pure string work, so
 * the importers stay free of `node:path` and run in a browser. Both separators are understood.
 */
export function splitPath(path: string): { folder: string; name: string; separator: string } {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  if (slash === -1) return { folder: ".", name: path, separator: "/" };
  return {
    folder: slash === 0 ? path.slice(0, 1) : path.slice(0, slash),
    name: path.slice(slash + 1),
    separator: path.charAt(slash),
  };
}

/**
 * A related file's path relative to the folder of the main file (forward slashes): below it, or up and across with
 * `..` when both are absolute paths on the same root (a Codex child rollout in the next day's folder); else as given.
 * A child run's `location`, which the schema reads relative to the document.
 */
export function relativeToMain(main: string, child: string): string {
  const { folder } = splitPath(main);
  const normalised = child.replaceAll("\\", "/");
  const from = folder.replaceAll("\\", "/");
  if (folder !== "." && normalised.startsWith(`${from}/`)) return normalised.slice(from.length + 1);
  const absolute = /^(?:[a-z]:)?\//i;
  const root = (text: string): string | undefined => absolute.exec(text)?.[0];
  if (root(from) === undefined || root(from) !== root(normalised)) return normalised;
  const mainSegments = from.split("/").filter((segment) => segment !== "");
  const childSegments = normalised.split("/").filter((segment) => segment !== "");
  // Paths that climb (`a/../b`) are not compared segment by segment: kept as given.
  if ([...mainSegments, ...childSegments].some((segment) => segment === ".." || segment === ".")) return normalised;
  let common = 0;
  while (
    common < mainSegments.length &&
    common < childSegments.length - 1 &&
    mainSegments[common] === childSegments[common]
  )
    common += 1;
  return [...mainSegments.slice(common).map(() => ".."), ...childSegments.slice(common)].join("/");
}

/** One file a session exporter writes: its name (relative to the main file's folder) and its whole text. */
export interface SessionExportFile {
  /** The file's name: the main file's name as the caller chose it, related files named as the format links them. */
  name: string;
  text: string;
}

/** What a session exporter returns: the files, the main one first, and everything the format could not carry. */
export type SessionExportResult =
  | { ok: true; files: SessionExportFile[]; warnings: ConversionWarning[] }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };

/** Options of a session export. */
export interface SessionExportOptions {
  /** The main file's name, used to name the related files it links (default: the format's own default name). */
  name?: string;
}

/**
 * The other direction of a session format that can also be written (ATIF, AWF transcript logs): a canonical document
 * → the format's files. Pure like the importer; every field of the document the format has no place for is a warning
 * naming its JSON pointer, never dropped silently.
 */
export interface SessionExporter {
  /** Its format id, the same as its importer's. */
  readonly id: SourceFormat;
  fromCanonical(document: Transcript, options?: SessionExportOptions): SessionExportResult;
}
