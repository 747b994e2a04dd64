import type * as Tolerant from "../generated/v1/tolerant-types.js";

/** One event of the log: a line that parsed and validated. */
export interface EventLogEntry {
  /** What the item is: an event (the diagnostics are `warning` and `problem`). */
  kind: "event";
  /** 1-based line number. */
  line: number;
  /** Byte offset of the line's first byte in the input (after decompression). */
  offset: number;
  /** The line's value, validated (tolerantly, unless the read was strict). */
  event: Tolerant.Event;
}

/**
 * What a warning is about. The line's event (if any) is still read.
 *
 * - `unknown-event-type`: an event type of a newer minor version (tolerant reading only; strict reading refuses it).
 * - `unknown-block-type`: a content block type that is neither a canonical part type nor one of AWF's blocks.
 * - `torn-tail`: the last line has no LF and is not JSON: a write cut short by a crash, or NUL or garbage bytes the
 *   file system left after the last complete line. While following a live file, also a partial last line the writer
 *   replaced when it repaired its file.
 *
 * Following a file, about the file as a whole (no line; reading goes on):
 *
 * - `file-replaced`: its name now names another file (rotated, renamed over, deleted and written again), or its
 *   bytes already read are no longer there (rewritten in place); the file is read from its start, line numbers and
 *   offsets starting again, and held to the file rules on its own.
 * - `file-truncated`: it is now shorter than the complete lines already read; read from its start in the same way.
 * - `file-deleted`: its name is gone; what is still written to the deleted file is read, and a file that appears
 *   under the name is read from its start (`file-replaced`).
 */
export type EventLogWarningCode =
  "unknown-event-type" | "unknown-block-type" | "torn-tail" | "file-replaced" | "file-truncated" | "file-deleted";

/**
 * Why a line, or the rest of the input, was not read as an event.
 *
 * Lines (skipped, reading goes on): `invalid-utf8`, `invalid-json`, `too-deep` and `inexact-number` (core's
 * `parseJson` limits), `line-too-long`, `invalid-event` (schema validation, one per error). Lines that are read but
 * break the file's rules (the event is still read): `seq-not-increasing`, `seq-gap`, `run-id-mismatch`,
 * `parent-run-id-mismatch`. The input (reading stops): `read-failed` (the file could not be opened or read, or is
 * not a regular file: a FIFO or a device, given or swapped in while following), `invalid-gzip`,
 * `decompressed-too-large`.
 */
export type EventLogProblemCode =
  | "invalid-utf8"
  | "invalid-json"
  | "too-deep"
  | "inexact-number"
  | "line-too-long"
  | "invalid-event"
  | "seq-not-increasing"
  | "seq-gap"
  | "run-id-mismatch"
  | "parent-run-id-mismatch"
  | "read-failed"
  | "invalid-gzip"
  | "decompressed-too-large";

/** What every warning and problem says: where, and why. */
export interface EventLogDiagnosticFields {
  /**
   * 1-based line number; absent when the diagnostic is about the input as a whole (it could not be opened; a followed
   * file was replaced, truncated or deleted).
   */
  line?: number;
  /** Byte offset (after decompression) of the line's start, or of the very byte that is wrong (invalid UTF-8). */
  offset?: number;
  /** The line's `seq`, when it has a numeric one. */
  seq?: number;
  /** JSON pointer into the line's value; "" for the whole line. */
  pointer: string;
  /** One sentence saying what is wrong (with the line's own words: pointer, column, the values involved). */
  message: string;
}

/**
 * A warning (the line's event, if any, is still read) or a problem (a line, or the rest of the input, is not read as
 * an event; a broken file rule such as a seq gap is a problem on a line whose event is read), with its code.
 */
export type EventLogDiagnostic =
  | ({ kind: "warning"; code: EventLogWarningCode } & EventLogDiagnosticFields)
  | ({ kind: "problem"; code: EventLogProblemCode } & EventLogDiagnosticFields);

/** What reading an event log yields, in input order: each event, and each warning or problem where it occurs. */
export type EventLogItem = EventLogEntry | EventLogDiagnostic;
