/**
 * The document loader: what `export`, `view`, `stats` and the queries work on, one transcript document, from whatever
 * the input is (our document, our event log folded, an agent's session imported, a provider payload or another
 * system's document converted).
 */
import path from "node:path";
import { decodeTranscript, describeCount, foldEventLog, locatePointers, type Tolerant } from "@agent-transcript/core";
import { checkJsonValue, linesAndColumns } from "@agent-transcript/core/json";
import { type ValidationMode } from "@agent-transcript/core/validators";
import {
  detectFormat,
  isDocumentFormatId,
  isExpectedSessionLoss,
  isProviderFormatId,
  payloadToCanonical,
  type SessionLossCode,
} from "@agent-transcript/providers";
import { checkEventLog, findChildLog } from "@agent-transcript/recorder/reader";
import type { CommandIo } from "../io.js";
import type { ReportedWarning } from "../warning-summary.js";
import { defaultInputLimits, type InputLimits } from "./limits.js";
import { capProblems, maximumListedProblems, type InputProblem } from "./problems.js";
import { detectInput, type TextShape } from "./detect.js";
import { parsePayload } from "./payload.js";
import { linesPastLimit, readInput, readInputBytes } from "./read.js";
import { loadSessionBytes } from "./session.js";

/**
 * A document read, with the files it was read from (the input, and an event log's child runs found beside it); or
 * the problems (at most {@link maximumListedProblems}) and how many more there were, and whether the input could not
 * be read at all (`unreadable`: missing, a folder, over a limit, not UTF-8) rather than read and found invalid.
 */
export type LoadedDocument =
  | {
      ok: true;
      document: Tolerant.Transcript;
      /**
       * What the input was: our document, our event log (folded), an agent's session (imported), or a provider
       * payload or another system's document (converted, as `convert` does).
       */
      kind: "transcript" | "event-log" | "session" | "converted";
      /** The format id the input was read as, when it was not our own (a session's or a converted input's). */
      format?: string;
      warnings: ReportedWarning[];
      files: string[];
      /** An agent's session: its main file's lines, and how many of them were records of the format. */
      session?: SessionCounts;
    }
  | { ok: false; problems: InputProblem[]; omitted: number; unreadable?: boolean };

/** What a session's main file held, in its own terms, for `check` to report. */
export interface SessionCounts {
  lines: number;
  records: number;
  /** The importer's losses in the main file by code: kept whole (a documented rule) or could not be read. */
  kept: Record<string, number>;
  unreadable: Record<string, number>;
}

/**
 * Decodes a transcript document, turning errors into problems that name a line as well as a pointer. Linear
 * whatever the errors: the first {@link maximumListedProblems} are located in one pass over the text (a missing
 * property at its nearest existing ancestor) and their lines in another; the rest are only counted.
 */
export function decodeWithLines(
  text: string,
  mode: ValidationMode | "auto",
  limits: InputLimits = defaultInputLimits,
): LoadedDocument {
  // The bytes were bounded when read; the text is as long as they allowed.
  const result = decodeTranscript(text, { mode, maxDepth: limits.maxDepth, maxBytes: Number.MAX_SAFE_INTEGER });
  if (result.ok)
    return {
      ok: true,
      document: result.document,
      kind: "transcript",
      warnings: result.warnings.map((warning) => ({
        code: "newer-version",
        pointer: warning.pointer,
        message: warning.message,
      })),
      files: [],
    };
  const { error } = result;
  if (!error.errors) {
    // The location is printed by formatProblem; the reason says only what is wrong.
    const problem: InputProblem = { pointer: error.pointer ?? "", message: error.reason ?? error.message };
    if (error.line !== undefined) problem.line = error.line;
    if (error.column !== undefined) problem.column = error.column;
    return { ok: false, problems: [problem], omitted: 0 };
  }
  const listed = error.errors.slice(0, maximumListedProblems);
  const offsets = locatePointers(
    text,
    listed.map((entry) => entry.pointer),
    { nearestAncestor: true },
  );
  const lines = linesAndColumns(
    text,
    listed.map((entry) => offsets.get(entry.pointer) ?? 0),
  );
  return {
    ok: false,
    problems: listed.map((entry, index) => ({
      line: (lines[index] as { line: number }).line,
      pointer: entry.pointer,
      message: entry.message,
    })),
    omitted: error.errors.length - listed.length,
  };
}

/**
 * Loads what `export` and similar commands work on, whatever the input is (detect.ts decides): our document, our event
 * log folded into one, an agent's session imported (read as lines from its bytes), or a provider payload or another
 * system's document converted. Child runs of an event log are read from the logs beside it, under the same limits.
 */
export async function loadDocument(input: string, io: CommandIo, limits: InputLimits): Promise<LoadedDocument> {
  const read = await readInputBytes(input, io, limits);
  if (!read.ok) return { ok: false, problems: [read.problem], omitted: 0, unreadable: true };
  return loadDocumentBytes(input, read, io, limits, { releaseBytes: true });
}

/**
 * {@link loadDocument} for an input whose bytes were read already (standard input cannot be read twice); `compressed`
 * says which limit its lines count toward (see {@link linesPastLimit}).
 */
export async function loadDocumentBytes(
  input: string,
  read: { bytes: Buffer | undefined; compressed?: boolean },
  io: CommandIo,
  limits: InputLimits,
  /**
   * The caller needs the bytes no more: once they are text they are let go of (`read.bytes` becomes undefined), so that
   * a large document is not held as bytes, text and value at once while it is decoded.
   */
  ownership: { releaseBytes?: boolean } = {},
): Promise<LoadedDocument> {
  const files = input === "-" ? [] : [input];
  // No local names the bytes: once released, nothing holds them.
  const detected = detectInput(input, read.bytes as Buffer);
  if (!detected.ok) return { ok: false, problems: [detected.problem], omitted: 0, unreadable: true };
  if (detected.shape === "session") {
    const bytes = read.bytes as Buffer;
    const session = await loadSessionBytes(input, { ...read, bytes }, detected.format, io, limits);
    if (!session.ok) return session;
    return {
      ok: true,
      document: session.result.document,
      kind: "session",
      format: session.format,
      warnings: session.warnings,
      files: session.files,
      session: sessionCounts(bytes, session.result, input === "-" ? "" : input),
    };
  }
  if (ownership.releaseBytes === true) read.bytes = undefined;
  const { text, shape } = detected;
  if (shape === "json") {
    const decoded = decodeWithLines(text, "auto", limits);
    if (decoded.ok) return { ...decoded, files };
    // Not our document: a provider payload or another system's document is converted, as `convert` would.
    return convertedDocument(input, text, shape, limits) ?? decoded;
  }
  if (shape === "json-lines") {
    // Lines are records whatever they turn out to be: counted before any is parsed, as an event log's are.
    const tooManyLines = linesPastLimit(text, limits, read.compressed);
    if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  }
  if (shape !== "event-log") {
    // A stream's chunks or events are converted; lines that are no stream are an event log with a damaged first line,
    // whose problems the event log's reading names.
    const converted = convertedDocument(input, text, shape, limits);
    if (converted !== undefined || shape === "server-sent-events")
      return converted ?? decodeWithLines(text, "auto", limits);
  }
  return foldedEventLog(input, text, io, limits, read.compressed);
}

/** An event log read (its lines checked), its child runs found beside it, folded into one document. */
async function foldedEventLog(
  input: string,
  text: string,
  io: CommandIo,
  limits: InputLimits,
  compressed?: boolean,
): Promise<LoadedDocument> {
  const files = input === "-" ? [] : [input];
  const tooManyLines = linesPastLimit(text, limits, compressed);
  if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  const jsonLimits = { maxDepth: limits.maxDepth };
  const log = checkEventLog(text, "tolerant", jsonLimits);
  if (log.problems.length > 0) return { ok: false, ...capProblems(log.problems) };
  const runs = new Map<string, readonly Tolerant.Event[]>();
  const warnings: ReportedWarning[] = log.unknownEventTypes.map((type) => ({
    code: "unknown-event-type",
    pointer: "",
    message: `unknown event type ${type} (from a newer format version)`,
  }));
  if (input !== "-") {
    // Breadth-first through grandchildren too, each read once; the fold bounds the depth and refuses cycles.
    const pending = childRunIds(log.events);
    const seen = new Set(pending);
    for (let index = 0; index < pending.length && index < 1000; index += 1) {
      const runId = pending[index] as string;
      if (runs.has(runId)) continue;
      // Looked for, not named: only a regular file is read, never through a link, never waited on. A child log that is
      // not beside its parent stays a link without a transcript.
      const sibling = await findChildLog(path.dirname(input), runId);
      if (sibling === undefined) continue;
      const child = await readInput(sibling, io, limits, "found");
      // Gone since it was found: as if it had never been there.
      if (!child.ok && child.missing === true) continue;
      const unread = child.ok ? linesPastLimit(child.text, limits, child.compressed) : child.problem;
      if (!child.ok || unread !== undefined) {
        warnings.push({
          code: "child-run-not-embedded",
          pointer: "",
          message: `child run ${runId}: ${sibling}: ${unread?.message ?? ""}; not embedded`,
        });
        continue;
      }
      const childLog = checkEventLog(child.text, "tolerant", jsonLimits);
      if (childLog.problems.length > 0) {
        warnings.push({
          code: "child-run-not-embedded",
          pointer: "",
          message: `child run ${runId}: ${describeCount(childLog.problems.length, "problem")} in ${sibling}; not embedded`,
        });
        continue;
      }
      files.push(sibling);
      runs.set(runId, childLog.events);
      for (const id of childRunIds(childLog.events)) {
        if (seen.has(id)) continue;
        seen.add(id);
        pending.push(id);
      }
    }
  }
  const folded = foldEventLog(log.events, { runs });
  // Each line was within the nesting limit, but a tool input sits two levels deeper in a document than in its event
  // line: a document past the limit is refused here, before anything walks it.
  const tooDeep = checkJsonValue(folded.document, { maxDepth: limits.maxDepth });
  if (tooDeep)
    return {
      ok: false,
      problems: [
        { pointer: tooDeep.pointer, message: `the document folded from this event log is ${tooDeep.message}` },
      ],
      omitted: 0,
    };
  for (const warning of folded.warnings)
    warnings.push({
      code: warning.code,
      pointer: "",
      message: warning.seq === undefined ? warning.message : `seq ${warning.seq}: ${warning.message}`,
    });
  return { ok: true, document: folded.document, kind: "event-log", warnings, files };
}

/**
 * A provider payload (request, response or stream) or another system's document, framed by its shape and detected as
 * `convert` detects it, converted to canonical; undefined when the text is not JSON or not any format the registry
 * reads, so that the caller reports why it is not our document instead.
 */
function convertedDocument(
  input: string,
  text: string,
  shape: TextShape,
  limits: InputLimits,
): LoadedDocument | undefined {
  const payload = parsePayload(input, text, limits, shape);
  if (!payload.ok) return undefined;
  const detected = detectFormat(payload.value);
  if (detected === undefined || detected.format === "agent-transcript") return undefined;
  const { format } = detected;
  if (!isDocumentFormatId(format) && !isProviderFormatId(format)) return undefined;
  // Lines and events are always a stream, whatever a single one looks like.
  const kind = payload.framing !== "json" && isProviderFormatId(format) ? "stream" : detected.kind;
  const result = payloadToCanonical(format, kind, payload.value, { path: input });
  if (!result.ok)
    return {
      ok: false,
      ...capProblems(result.errors.map((error) => ({ pointer: error.path, message: `${format}: ${error.message}` }))),
    };
  return {
    ok: true,
    document: result.document as Tolerant.Transcript,
    kind: "converted",
    format,
    warnings: result.warnings.map((warning) => ({
      code: warning.code,
      pointer: warning.path,
      message: warning.message,
    })),
    files: input === "-" ? [] : [input],
  };
}

function childRunIds(events: readonly Tolerant.Event[]): string[] {
  return [...new Set(events.flatMap((event) => (event.child_run_id ? [event.child_run_id] : [])))];
}

/** Lines as `wc -l` counts them, plus a last line without its line feed. */
function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? lines + 1 : lines;
}

function sessionCounts(
  bytes: Buffer,
  result: { records: number; losses: ReadonlyArray<{ code: SessionLossCode; file: string }> },
  main: string,
): SessionCounts {
  const kept = Object.create(null) as Record<string, number>;
  const unreadable = Object.create(null) as Record<string, number>;
  for (const loss of result.losses) {
    if (loss.file !== main) continue;
    const counts = isExpectedSessionLoss(loss) ? kept : unreadable;
    counts[loss.code] = (counts[loss.code] ?? 0) + 1;
  }
  return { lines: countLines(bytes), records: result.records, kept, unreadable };
}
