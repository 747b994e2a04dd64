/**
 * Agents change their files without a version marker, and an importer that fell behind reads the new records as
 * unknown, or reads no turn at all, and gives an empty document that looks like a quiet session. This check makes
 * that loud: a main file whose lines are mostly of a shape the importer could not read, or that gave no message from
 * many lines, is refused, naming the shapes it holds (record types, or the keys of records without one) with counts.
 */
import type { SessionImportResult, SessionLine } from "./conversion/index.js";

/** Below this many record lines a file is too small to say its shape is unknown: a few odd lines are a few losses. */
const fewestJudgedLines = 4;
/** From this many record lines, a file that gave no message is not a quiet session but one the importer cannot read. */
const mostLinesWithoutTurns = 20;
/**
 * Only the first lines are parsed for the census's shapes, so the check costs a bounded amount whatever the file's
 * size: the shapes only name what a refused file holds, which its first lines show. Every line is still counted. (At
 * 2,000 lines, parsing them a second time cost more than the import's own parse on a folder of Claude Code sessions.)
 */
const censusLines = 256;
/** Lines longer than this are counted in the census by their length alone (they are not parsed twice). */
const longestCensusLine = 64 * 1024;
const censusShapes = 256;
const namedShapes = 6;

/** What is counted of the main file's lines as they pass to the importer. */
export interface LineCensus {
  /** Lines that are not blank. */
  lines: number;
  /** Lines of the census, by shape. */
  shapes: Map<string, number>;
  /** Whether the census stopped before the file ended. */
  partial: boolean;
}

export function newLineCensus(): LineCensus {
  return { lines: 0, shapes: new Map(), partial: false };
}

/** Counts one line of the main file. */
export function countLine(census: LineCensus, line: SessionLine): void {
  if (line.error === undefined && line.text.trim() === "") return;
  census.lines += 1;
  if (census.lines > censusLines) {
    census.partial = true;
    return;
  }
  const shape = shapeOf(line);
  if (census.shapes.has(shape) || census.shapes.size < censusShapes)
    census.shapes.set(shape, (census.shapes.get(shape) ?? 0) + 1);
}

/** The lines of a file, each counted as it passes. */
export async function* countedLines(
  census: LineCensus,
  lines: AsyncIterable<SessionLine> | Iterable<SessionLine>,
): AsyncGenerator<SessionLine> {
  for await (const line of lines) {
    countLine(census, line);
    yield line;
  }
}

export function* countedLinesSync(census: LineCensus, lines: Iterable<SessionLine>): Generator<SessionLine> {
  for (const line of lines) {
    countLine(census, line);
    yield line;
  }
}

function shapeOf(line: SessionLine): string {
  if (line.error !== undefined) return "(unreadable line)";
  if (line.text.length > longestCensusLine) return "(line over 64 KiB)";
  let record: unknown;
  try {
    record = JSON.parse(line.text);
  } catch {
    return "(not JSON)";
  }
  if (typeof record !== "object" || record === null) return `(JSON ${record === null ? "null" : typeof record})`;
  if (Array.isArray(record)) return "(JSON array)";
  const fields = record as Record<string, unknown>;
  if (typeof fields.type === "string") {
    const payload = fields.payload;
    const inner =
      typeof payload === "object" && payload !== null && typeof (payload as Record<string, unknown>).type === "string"
        ? `/${String((payload as Record<string, unknown>).type)}`
        : "";
    const name = fields.type + inner;
    return `type ${JSON.stringify(name.length > 48 ? `${name.slice(0, 48)}…` : name)}`;
  }
  const keys = Object.keys(fields).map((key) => (key.length > 24 ? `${key.slice(0, 24)}…` : key));
  return `keys {${keys.slice(0, 4).join(", ")}${keys.length > 4 ? ", …" : ""}}`;
}

/** Codes of the losses that mean a line's record was not read as a record of the format. */
const unreadCodes = new Set(["unknown-line-type", "invalid-line", "unparsable-line"]);

/**
 * Why a session's main file is refused as of a shape the importer does not know, or undefined when it is not; the
 * caller names the file. Only the main file is judged: a sub-agent's file that cannot be read is a loss of its own.
 */
export function unknownShape(
  result: SessionImportResult,
  census: LineCensus,
  mainPath: string,
  format: string,
): string | undefined {
  if (census.lines < fewestJudgedLines) return undefined;
  const unread = new Set<number>();
  for (const loss of result.losses)
    if (loss.file === mainPath && loss.line !== undefined && unreadCodes.has(loss.code)) unread.add(loss.line);
  if (unread.size * 2 > census.lines)
    return `${unread.size} of ${census.lines} lines are of a shape the ${format} importer does not know (a newer version of the agent?); ${shapesSeen(census)}`;
  // A file cut short or damaged (one pretty-printed document that no longer parses) says so in its own loss.
  const damaged = result.losses.some((loss) => loss.file === mainPath && loss.code === "unparsable-line");
  if (
    !damaged &&
    result.document.messages.length === 0 &&
    result.children.length === 0 &&
    census.lines >= mostLinesWithoutTurns
  )
    return `${census.lines} lines gave no message: none is a turn as the ${format} importer knows them (a newer version of the agent?); ${shapesSeen(census)}`;
  return undefined;
}

function shapesSeen(census: LineCensus): string {
  const counted = [...census.shapes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const named = counted.slice(0, namedShapes).map(([shape, count]) => `${shape} ×${count}`);
  if (counted.length > namedShapes) named.push(`${counted.length - namedShapes} more`);
  return `shapes seen${census.partial ? ` in the first ${censusLines} lines` : ""}: ${named.join(", ")}`;
}
