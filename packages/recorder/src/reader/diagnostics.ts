import type { Tolerant } from "@agent-transcript/core";

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
 */
export type EventLogWarningCode = "unknown-event-type" | "unknown-block-type" | "torn-tail";

/**
 * Why a line, or the rest of the input, was not read as an event.
 *
 * Lines (skipped, reading goes on): `invalid-utf8`, `invalid-json`, `too-deep` and `inexact-number` (core's
 * `parseJson` limits), `line-too-long`, `invalid-event` (schema validation, one per error). Lines that are read but
 * break the file's rules (the event is still read): `seq-not-increasing`, `seq-gap`, `run-id-mismatch`,
 * `parent-run-id-mismatch`. The input (reading stops): `read-failed` (the file could not be opened or read),
 * `invalid-gzip`, `decompressed-too-large`, `file-truncated` (a followed file shrank below lines already read).
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
  | "decompressed-too-large"
  | "file-truncated";

/** What every warning and problem says: where, and why. */
export interface EventLogDiagnosticFields {
  /** 1-based line number; absent when the problem is the input's as a whole (it could not be opened). */
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
