/**
 * The event log queries' input: an event log (a file, `.jsonl.gz`, or standard input) read as a stream through the
 * recorder's reader, so `tools`, `text`, `timeline`, `tree` and `check` run in memory that does not grow with the
 * log. What the reader reports (a torn tail, a line that is not JSON, a seq gap) is collected for the command to
 * report on stderr; the events go to the query as they are read.
 *
 * Any other input the CLI reads (a transcript document, an agent's session, a provider payload) is read whole, as
 * `export` reads it, and queried as the event log `export --format jsonl` writes of it (the AWF transcript logs'
 * exporter), its child runs' logs held beside it in memory.
 */
import type { Tolerant, Transcript } from "@agent-transcript/core";
import {
  openRegularFile,
  readEventLog,
  type EventLogDiagnostic,
  type EventLogItem,
  type EventLogReadSummary,
  type EventLogResumePoint,
  type EventLogSource,
  type FollowOptions,
} from "@agent-transcript/recorder/reader";
import { describeOmitted, formatProblem, inputName } from "./problems.js";
import { readEventLogText } from "@agent-transcript/core/event-log";
import { decodeUtf8 } from "@agent-transcript/core/json";
import { withIndefiniteArticle } from "@agent-transcript/core/text";
import { isEventLine } from "./lines.js";

import { inputLimits, type InputOptions } from "./limits.js";
import type { LoadedDocument, SessionCounts } from "./document.js";
import { meterInput } from "./meter.js";
import { describeReadError, openInput, type OpenedInput } from "./open.js";
import { exitCodes, messageLine, UserError, type CommandIo } from "../io.js";
import { warningLines, type ReportedWarning, type Verbosity } from "../warning-summary.js";

/** What reading a log found besides its events, and how far it got. */
export interface EventLogReading {
  /** The input as the messages name it (`<stdin>` for standard input). */
  source: string;
  /** Lines read, events handed to the query. */
  lines: number;
  events: number;
  /** Warnings (the events are still read) and problems (a line or the rest of the input not read), in input order. */
  diagnostics: EventLogDiagnostic[];
  /** Diagnostics beyond the first {@link keptDiagnostics}, counted only. */
  omittedDiagnostics: number;
  /** For an input that is not an event log: what it was read as, and the warnings of reading it. */
  converted?: ConvertedInput;
  /**
   * The child runs' logs of an input that is not an event log, by run id, as `export --format jsonl` writes them
   * beside the run's (an event log's are files beside it instead).
   */
  childLogs?: ReadonlyMap<string, string>;
  /** Where a later reading of the log, grown by appends, can start (an uncompressed log read to a line's end). */
  resumePoint?: EventLogResumePoint;
}

/** An input that is not an event log, read whole and written as an event log in memory. */
export interface ConvertedInput {
  /** Our document, an agent's session, or a payload or another system's document (converted). */
  kind: Exclude<Extract<LoadedDocument, { ok: true }>["kind"], "event-log">;
  /** The format it was read as, when not our own. */
  format?: string;
  /** The warnings of reading it (an import's losses). */
  warnings: ReportedWarning[];
  /** The document read: what the event log cannot say (a result's status) is here. */
  document: Tolerant.Transcript;
  /** An agent's session: its main file's lines and records, as the session itself counts them. */
  session?: SessionCounts;
}

/** An event log held in memory (a converted input's child run): its name for messages, and its text. */
export interface InMemoryLog {
  name: string;
  text: string;
  /** The other logs of the same conversion, by run id, for the child runs it links. */
  children: ReadonlyMap<string, string>;
}

/** A log with millions of bad lines reports the first 10,000 in full and counts the rest. */
export const keptDiagnostics = 10_000;

/**
 * Reads `input` (a path, or `-` for standard input) and hands each event to `onEvent` in file order, awaiting it (so
 * a query that writes can wait for a slow stdout). Throws a `UserError` for an input that cannot be opened at all; a
 * bad line is a diagnostic, never an exception.
 */
export async function streamEventLog(
  input: string | InMemoryLog,
  io: CommandIo,
  options: InputOptions,
  onEvent: (event: Tolerant.Event, line: number) => void | Promise<void>,
  readingOptions: {
    follow?: FollowOptions;
    signal?: AbortSignal;
    onDiagnostic?: (item: EventLogDiagnostic) => void;
    /** Called once reading starts, with the reader's summary, which says how far it has got as it goes. */
    onStart?: (summary: Readonly<EventLogReadSummary>) => void;
    /** Called before any event when the input is not an event log and was converted (see the module's comment). */
    onConverted?: (converted: ConvertedInput) => void;
    /**
     * Reads an event log file from where an earlier reading stopped (its `resumePoint`); the caller has checked that the
     * bytes before it are the ones read then. The file is not looked at first: it was an event log then.
     */
    resumeFrom?: EventLogResumePoint;
  } = {},
): Promise<EventLogReading> {
  const limits = inputLimits(options);
  const source = typeof input === "string" ? inputName(input) : input.name;
  let size: number | undefined;
  let logSource: EventLogSource;
  let converted: ConvertedInput | undefined;
  let childLogs: ReadonlyMap<string, string> | undefined;
  /** A regular file, read as the event log it is: only it can be resumed (a pipe's bytes are gone once read). */
  let plainFile = false;
  if (typeof input !== "string") {
    logSource = textSource(input.text);
    childLogs = input.children;
  } else {
    let opened: OpenedInput | undefined;
    if (input !== "-") {
      try {
        opened = await openInput(input, "named");
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === "EISDIR")
          throw new UserError(`${source}: is a folder; give the event log (.jsonl) of a run`);
        throw new UserError(`${source}: cannot read: ${describeReadError(error)}`);
      }
      if (opened.kind === "file") {
        size = opened.size;
        plainFile = true;
      }
      // A pipe has no end to wait at and cannot be replaced under its name: following one would wait for ever.
      if (opened.kind === "pipe" && readingOptions.follow !== undefined) {
        await opened.close();
        throw new UserError(
          `${source}: cannot follow a pipe (a FIFO): it is read once, as it comes; give it without -f, or follow the log file itself`,
        );
      }
    }
    try {
      // A pipe named as the input (a shell's <(…)) is read as standard input is: once, its first bytes replayed.
      const stdin =
        input === "-" ? replayable(io.stdin()) : opened?.kind === "pipe" ? replayable(opened.chunks) : undefined;
      logSource = stdin ?? input;
      // A log being followed is one by definition; anything else is looked at first: its first line says.
      if (readingOptions.follow === undefined && readingOptions.resumeFrom === undefined && (size ?? 1) > 0) {
        const head = stdin ? await stdin.head() : opened?.kind === "file" ? await fileHead(opened) : Buffer.alloc(0);
        if (!isEventLogHead(head)) {
          const read = await readWhole(input, stdin, io, options);
          plainFile = false;
          if (read.kind === "log") logSource = textSource(read.text);
          else {
            ({ converted, childLogs } = read);
            logSource = textSource(read.text);
            size = undefined;
          }
        }
      }
    } finally {
      // The file is read again by the event log reader; a pipe stays open for it.
      if (opened?.kind === "file") await opened.close();
    }
  }
  if (converted !== undefined) readingOptions.onConverted?.(converted);
  const reader = readEventLog(logSource, {
    maxDecompressedBytes: limits.maxDecompressedBytes,
    ...(readingOptions.follow === undefined ? {} : { follow: readingOptions.follow }),
    ...(readingOptions.signal === undefined ? {} : { signal: readingOptions.signal }),
    ...(readingOptions.resumeFrom === undefined || !plainFile ? {} : { resumeFrom: readingOptions.resumeFrom }),
  });
  readingOptions.onStart?.(reader.summary);
  const reading: EventLogReading = {
    source,
    lines: 0,
    events: 0,
    diagnostics: [],
    omittedDiagnostics: 0,
    ...(converted === undefined ? {} : { converted }),
    ...(childLogs === undefined ? {} : { childLogs }),
  };
  // A plain file's position is its bytes read; a gzip file's counts decompressed bytes, so it shows no bar.
  if (size !== undefined && typeof input === "string" && readingOptions.follow === undefined)
    meterInput({
      file: input,
      totalBytes: size,
      bytesRead: () => (reader.summary.compressed ? 0 : reader.summary.bytes),
    });
  for await (const item of reader) {
    if (item.kind === "event") {
      reading.events += 1;
      const pending = onEvent(item.event, item.line);
      if (pending) await pending;
    } else {
      readingOptions.onDiagnostic?.(item);
      if (reading.diagnostics.length < keptDiagnostics) reading.diagnostics.push(item);
      else reading.omittedDiagnostics += 1;
    }
  }
  meterInput(undefined);
  reading.lines = reader.summary.lines;
  const resumePoint = plainFile ? reader.resumePoint() : undefined;
  if (resumePoint !== undefined) reading.resumePoint = resumePoint;
  const unreadable = reading.diagnostics.find((item) => item.kind === "problem" && item.code === "read-failed");
  if (unreadable && reading.events === 0) throw new UserError(`${source}: ${unreadable.message}`);
  return reading;
}

/** A text as a reader's source: one piece. */
function textSource(text: string): AsyncIterable<string> {
  return (async function* () {
    yield text;
  })();
}

/** How much of an input decides whether it is an event log: its first line, or this much of a very long one. */
const headBytes = 64 * 1024;

async function fileHead(opened: Extract<OpenedInput, { kind: "file" }>): Promise<Buffer> {
  const buffer = Buffer.alloc(headBytes);
  const bytesRead = await opened.read(buffer, 0, headBytes, 0);
  return buffer.subarray(0, bytesRead);
}

/** Standard input, whose first bytes can be looked at and then read again with the rest. */
function replayable(stream: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> & { head(): Promise<Buffer> } {
  const iterator = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let done = false;
  return {
    async head() {
      let length = taken.reduce((sum, chunk) => sum + chunk.length, 0);
      while (!done && length < headBytes && !taken.some((chunk) => chunk.includes(0x0a))) {
        const next = await iterator.next();
        if (next.done) done = true;
        else {
          const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
          taken.push(chunk);
          length += chunk.length;
        }
      }
      return Buffer.concat(taken);
    },
    async *[Symbol.asyncIterator]() {
      while (taken.length > 0) yield taken.shift() as Buffer;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
}

const gzipMagic = [0x1f, 0x8b] as const;

/** How a one-line document opens, where no event line does: an array, or an object whose first key is no event's. */
const documentOpening = /^\s*(?:\[|\{\s*"(?:schema_version|resourceSpans)"\s*:)/;

/**
 * Whether an input's first bytes are an event log's: compressed with gzip (`.jsonl.gz`), empty, a first line too long
 * to judge that does not open as a whole document does, or a first line that is an event (an object with a string
 * `type` and a numeric `seq`). A document, an agent's session, a payload or a Zstandard-compressed rollout is not.
 */
export function isEventLogHead(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head[0] === gzipMagic[0] && head[1] === gzipMagic[1]) return true;
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const end = head.indexOf(0x0a, start);
  if (end === -1 && head.length >= headBytes)
    // One long line: an event with a large payload, unless it opens as a compact document of one line does (an array,
    // our document, OTLP/JSON traces), which is then read whole.
    return !documentOpening.test(head.subarray(start, start + 256).toString("latin1"));
  return isEventLine(head.subarray(start, end === -1 ? head.length : end).toString("utf8"));
}

/**
 * An input that does not start as an event log, read whole as `export` reads it: a document, a session or a payload
 * becomes the event log the AWF transcript logs' exporter writes of it; text that is none of them but lines of JSON
 * (and not named `.json`) is read as an event log after all (its first line was damaged), so its other lines count.
 */
async function readWhole(
  input: string,
  stdin: AsyncIterable<Uint8Array> | undefined,
  io: CommandIo,
  options: InputOptions,
): Promise<
  | { kind: "log"; text: string }
  | { kind: "converted"; text: string; converted: ConvertedInput; childLogs: ReadonlyMap<string, string> }
> {
  const limits = inputLimits(options);
  const name = inputName(input);
  // Only an input that is not an event log needs the loaders and the converters behind them: loaded then, so that
  // reading an event log (the common case) starts fast.
  const [{ readInputBytes }, { loadDocumentBytes }, { sessionExporters }] = await Promise.all([
    import("./read.js"),
    import("./document.js"),
    import("@agent-transcript/providers"),
  ]);
  // Standard input, or a pipe named as the input, was opened already and its first bytes taken: read on from there.
  const read =
    stdin === undefined
      ? await readInputBytes(input, io, limits)
      : await readInputBytes("-", { ...io, stdin: () => stdin }, limits);
  if (!read.ok) throw new UserError(formatProblem(name, read.problem));
  const loaded: LoadedDocument = await loadDocumentBytes(input, read, io, limits);
  if (!loaded.ok) {
    const decoded = decodeUtf8(read.bytes);
    if (!decoded.ok) {
      const { line, column, reason } = decoded.error;
      throw new UserError(formatProblem(name, { line, column, pointer: "", message: reason }));
    }
    if (!/\.json(?:\.gz)?$/i.test(input) && looksLikeLines(decoded.text)) return { kind: "log", text: decoded.text };
    const lines = loaded.problems.map((problem) => formatProblem(name, problem));
    if (loaded.omitted > 0) lines.push(describeOmitted(name, loaded.omitted));
    throw new UserError(
      `${name} is not an event log, transcript, session or payload that can be read: ${lines.join("; ")}`,
    );
  }
  // Lines the loader read as an event log after all: streamed as one, as they are.
  if (loaded.kind === "event-log") return { kind: "log", text: read.bytes.toString("utf8") };
  const exported = sessionExporters["awf-transcript"]?.fromCanonical(loaded.document as Transcript);
  if (exported === undefined || !exported.ok)
    throw new UserError(
      `${name}: ${(exported?.ok === false ? exported.errors : []).map((error) => error.message).join("; ")}`,
    );
  const [main, ...others] = exported.files;
  const childLogs = new Map<string, string>();
  for (const file of others) childLogs.set(file.name.replace(/\.jsonl$/, ""), file.text);
  return {
    kind: "converted",
    text: main?.text ?? "",
    converted: {
      kind: loaded.kind,
      ...(loaded.format === undefined ? {} : { format: loaded.format }),
      warnings: loaded.warnings,
      document: loaded.document,
      ...(loaded.session === undefined ? {} : { session: loaded.session }),
    },
    childLogs,
  };
}

/**
 * An event log's shape, damaged: lines that each (blank ones aside) start as a JSON object does, the first one more
 * than the lone `{` a pretty-printed document starts with (whose errors are the document's, not each line's).
 */
function looksLikeLines(text: string): boolean {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return (
    lines.length > 0 &&
    (lines[0] as string).trim() !== "{" &&
    lines.slice(1).every((line) => line.trimStart().startsWith("{"))
  );
}

/** The problems of a reading (lines or input not read); warnings alone leave a query's result whole. */
export function problemCount(reading: EventLogReading): number {
  return reading.diagnostics.filter((item) => item.kind === "problem").length + reading.omittedDiagnostics;
}

const maxProblemLines = 20;

function reported(item: EventLogDiagnostic): ReportedWarning {
  return {
    code: item.code,
    pointer: item.pointer,
    ...(item.line === undefined ? {} : { at: `line ${item.line}` }),
    message: item.message,
  };
}

/**
 * Writes what the reading found on stderr: problems always (as errors, summarised by code unless `verbose`),
 * warnings unless `quiet`. Returns the exit code the query ends with: failure when a line or the input could not be
 * read, since the result then leaves something out.
 */
export function reportReading(reading: EventLogReading, io: CommandIo, verbosity: Verbosity): number {
  const { converted } = reading;
  if (converted !== undefined) {
    for (const line of warningLines(reading.source, converted.warnings, verbosity)) io.stderr(line);
    if (verbosity !== "quiet") io.stderr(messageLine(`${reading.source}: ${describeConverted(converted)}`));
  }
  const problems = reading.diagnostics.filter((item) => item.kind === "problem").map(reported);
  const warnings = reading.diagnostics.filter((item) => item.kind === "warning").map(reported);
  for (const line of warningLines(reading.source, warnings, verbosity)) io.stderr(line);
  // Problems print whatever the verbosity (errors always do): in full up to a screenful, then counted.
  const shownProblems = verbosity === "verbose" ? problems : problems.slice(0, maxProblemLines);
  for (const problem of shownProblems)
    io.stderr(messageLine(`${reading.source}: error: ${problem.at ?? "(input)"}: ${problem.code}: ${problem.message}`));
  if (shownProblems.length < problems.length)
    io.stderr(
      messageLine(`${reading.source}: ${problems.length - shownProblems.length} more errors; --verbose lists each`),
    );
  if (reading.omittedDiagnostics > 0)
    io.stderr(messageLine(`${reading.source}: ${reading.omittedDiagnostics} more lines could not be read`));
  return problemCount(reading) > 0 ? exitCodes.failure : exitCodes.success;
}

/** What a converted input was read as, for the line that says so. */
function describeConverted(converted: ConvertedInput): string {
  const what =
    converted.kind === "session"
      ? withIndefiniteArticle(`${converted.format ?? "agent"} session`)
      : converted.kind === "converted"
        ? `${converted.format ?? "a payload"} (converted)`
        : "a transcript document";
  return `read as ${what}; queried as the event log \`export --format jsonl\` writes of it`;
}

/** An event's payload as an object to read fields from; `{}` for a payload that is null or not an object. */
export function payloadOf(event: Tolerant.Event): Record<string, unknown> {
  return typeof event.payload === "object" && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
}

/** Whether a tool.result payload says the tool failed: by its status or by an error (the ToolPayload's two ways). */
export function isFailedResult(payload: Record<string, unknown>): boolean {
  return payload.status === "error" || (payload.error !== undefined && payload.error !== null);
}

/** How much of a file's head is read to find its first line: the reader's own limit on one line. */
const probeLimitBytes = 16 * 1024 * 1024;
const probePieceBytes = 64 * 1024;

/**
 * What a file's first line says it is: an event log's (streamed, not read whole), a child run's log (`stats` of a
 * folder counts it within its parent's row), or anything else (read whole through the input layer). Only the head up
 * to the first line that is not blank is read and checked, with the reader's own line check (`readEventLogText`): the
 * streaming reader reads and checks a whole chunk of lines ahead, which for a folder of sessions was every line of
 * every file, each failing as an event. A gzip log is probed through the streaming reader, which inflates it.
 */
export async function probeEventLog(file: string): Promise<"event-log" | "child-log" | "other"> {
  const opened = await openRegularFile(file).catch(() => undefined);
  if (opened === undefined || typeof opened === "string") return "other";
  let head: Buffer = Buffer.alloc(0);
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(probePieceBytes);
      const { bytesRead } = await opened.read(piece, 0, piece.length, head.length);
      const ended = bytesRead === 0;
      if (!ended) head = Buffer.concat([head, piece.subarray(0, bytesRead)]);
      if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return await probeThroughReader(file);
      // A complete line that is not blank, the end of the file, or a line past the reader's limit: enough to decide.
      const lineEnd = firstLineEnd(head);
      if (lineEnd !== undefined || ended || head.length >= probeLimitBytes) {
        if (lineEnd === undefined && !ended) return "other";
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(
            lineEnd === undefined ? head : head.subarray(0, lineEnd),
          );
        } catch {
          return "other";
        }
        // The schema requires every event's seq: a first line without one is no event log, said without the reader,
        // whose full validator would load (in the bundled command, from its own file) only to describe what is wrong
        // with, say, a Claude Code session's first record, a report nobody reads here.
        if (!mayBeEvent(text)) return "other";
        for (const item of readEventLogText(text)) return kindOfFirstItem(item);
        return "other";
      }
    }
  } finally {
    await opened.close().catch(() => undefined);
  }
}

/** Whether a line (a byte order mark allowed before it, as the reader allows one) is a JSON object with a seq. */
function mayBeEvent(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, "seq");
  } catch {
    return false;
  }
}

/** The end (after its line feed) of the first line holding more than white space, when the head has one. */
function firstLineEnd(head: Buffer): number | undefined {
  let start = 0;
  for (;;) {
    const end = head.indexOf(0x0a, start);
    if (end === -1) return undefined;
    if (head.subarray(start, end).toString("latin1").trim() !== "") return end + 1;
    start = end + 1;
  }
}

function kindOfFirstItem(item: EventLogItem): "event-log" | "child-log" | "other" {
  if (item.kind === "event") return typeof item.event.parent_run_id === "string" ? "child-log" : "event-log";
  return item.kind === "warning" && item.code === "unknown-event-type" ? "event-log" : "other";
}

async function probeThroughReader(file: string): Promise<"event-log" | "child-log" | "other"> {
  for await (const item of readEventLog(file)) return kindOfFirstItem(item);
  return "other";
}
