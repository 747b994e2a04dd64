/**
 * The event log queries' input: an event log (a file, `.jsonl.gz`, or standard input) read as a stream through the
 * recorder's reader, so `tools`, `text`, `timeline`, `tree` and `check` run in memory that does not grow with the
 * log. What the reader reports (a torn tail, a line that is not JSON, a seq gap) is collected for the command to
 * report on stderr; the events go to the query as they are read.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Tolerant } from "@agent-transcript/core";
import {
  readEventLog,
  type EventLogDiagnostic,
  type EventLogReadSummary,
  type FollowOptions,
} from "@agent-transcript/recorder";
import { describeReadError, inputLimits, inputName, type InputOptions } from "./input.js";
import { meterInput } from "./input-meter.js";
import { exitCodes, messageLine, UserError, type CommandIo } from "./io.js";
import { warningLines, type ReportedWarning, type Verbosity } from "./warning-summary.js";

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
}

/** A log with millions of bad lines reports the first 10,000 in full and counts the rest. */
export const keptDiagnostics = 10_000;

/**
 * Reads `input` (a path, or `-` for standard input) and hands each event to `onEvent` in file order, awaiting it (so
 * a query that writes can wait for a slow stdout). Throws a `UserError` for an input that cannot be opened at all; a
 * bad line is a diagnostic, never an exception.
 */
export async function streamEventLog(
  input: string,
  io: CommandIo,
  options: InputOptions,
  onEvent: (event: Tolerant.Event, line: number) => void | Promise<void>,
  readingOptions: {
    follow?: FollowOptions;
    signal?: AbortSignal;
    onDiagnostic?: (item: EventLogDiagnostic) => void;
    /** Called once reading starts, with the reader's summary, which says how far it has got as it goes. */
    onStart?: (summary: Readonly<EventLogReadSummary>) => void;
  } = {},
): Promise<EventLogReading> {
  const limits = inputLimits(options);
  const source = inputName(input);
  let size: number | undefined;
  if (input !== "-") {
    try {
      const stats = await stat(input);
      if (stats.isDirectory()) throw new UserError(`${source}: is a folder; give the event log (.jsonl) of a run`);
      size = stats.size;
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw new UserError(`${source}: cannot read: ${describeReadError(error)}`);
    }
  }
  const reader = readEventLog(input === "-" ? io.stdin() : input, {
    maxDecompressedBytes: limits.maxDecompressedBytes,
    ...(readingOptions.follow === undefined ? {} : { follow: readingOptions.follow }),
    ...(readingOptions.signal === undefined ? {} : { signal: readingOptions.signal }),
  });
  readingOptions.onStart?.(reader.summary);
  const reading: EventLogReading = { source, lines: 0, events: 0, diagnostics: [], omittedDiagnostics: 0 };
  // A plain file's position is its bytes read; a gzip file's counts decompressed bytes, so it shows no bar.
  if (size !== undefined && readingOptions.follow === undefined)
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
  const unreadable = reading.diagnostics.find((item) => item.kind === "problem" && item.code === "read-failed");
  if (unreadable && reading.events === 0) throw new UserError(`${source}: ${unreadable.message}`);
  return reading;
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

/** An event's payload as an object to read fields from; `{}` for a payload that is null or not an object. */
export function payloadOf(event: Tolerant.Event): Record<string, unknown> {
  return typeof event.payload === "object" && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
}

/** Whether a tool.result payload says the tool failed: by its status or by an error (the ToolPayload's two ways). */
export function isFailedResult(payload: Record<string, unknown>): boolean {
  return payload.status === "error" || (payload.error !== undefined && payload.error !== null);
}

/**
 * A child run's log beside its parent's: `<child run id>.jsonl` or `.jsonl.gz`; undefined when neither is a file. A
 * run id is a UUID; anything else could name a path outside the folder, so it is never joined.
 */
export async function childLogFile(directory: string, runId: string): Promise<string | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(runId)) return undefined;
  for (const name of [`${runId}.jsonl`, `${runId}.jsonl.gz`]) {
    const candidate = path.join(directory, name);
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not this name
    }
  }
  return undefined;
}

/**
 * What a file's first line says it is: an event log's (streamed, not read whole), a child run's log (`stats` of a
 * folder counts it within its parent's row), or anything else (read whole through the input layer). One read of one line per file.
 */
export async function probeEventLog(file: string): Promise<"event-log" | "child-log" | "other"> {
  for await (const item of readEventLog(file)) {
    if (item.kind === "event") return typeof item.event.parent_run_id === "string" ? "child-log" : "event-log";
    return item.kind === "warning" && item.code === "unknown-event-type" ? "event-log" : "other";
  }
  return "other";
}
