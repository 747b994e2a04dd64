/**
 * The types of the streaming event log reader (read-event-log.ts): apart, so that the chunk sources the reader is built
 * on can name its options and summary without importing the reader back.
 */
import type { JsonLimits } from "@agent-transcript/core/json";
import type { ValidationMode } from "@agent-transcript/core/validators";
import type { EventLogItem, EventLogLineState } from "@agent-transcript/core/event-log";

/** A file's path (or `file:` URL), or a stream of its bytes (a Node.js `Readable`, or any async iterable of chunks). */
export type EventLogSource = string | URL | AsyncIterable<Uint8Array | string>;

/** How a file that is still being written is followed (`ReadEventLogOptions.follow`). */
export interface FollowOptions {
  /** How long to wait before looking again once the end of the file is reached; default 100 ms. */
  pollIntervalMs?: number;
  /** Stop once the file has not grown for this long; default never. */
  idleTimeoutMs?: number;
  /**
   * Stop at the end of the file once a `run.completed` event has been read (a last line still unfinished then is
   * read as the input's last line); default true. With false, follow until aborted or idle.
   */
  untilRunCompleted?: boolean;
}

/** How {@link readEventLog} reads. Every option has a default; none is needed for a plain or gzip file. */
export interface ReadEventLogOptions {
  /** `tolerant` (the default) accepts what a newer minor version writes, with warnings; `strict` is a writer's rules. */
  mode?: ValidationMode;
  /** Limits each line is parsed under (core's `parseJson`): nesting depth. */
  limits?: JsonLimits;
  /** Longest line read, in bytes without its LF; a longer one is reported and skipped unread. Default 16 MiB. */
  maxLineBytes?: number;
  /** `auto` (the default) decompresses input whose first bytes are gzip's, whatever its name. */
  compression?: "auto" | "gzip" | "none";
  /** Most bytes gzip input may decompress to before reading stops with a problem; default 16 GiB. */
  maxDecompressedBytes?: number;
  /**
   * Keep reading a file that is still being written: wait at its end for more lines, wait for the LF of an
   * unfinished last line, and follow the writer when it repairs a torn tail (truncates the file and appends again) or
   * replaces the file. Only for a path to an uncompressed file; a stream or a gzip file is read to its end.
   */
  follow?: boolean | FollowOptions;
  /** Stops reading (at the next chunk or poll) without reporting the unfinished last line. */
  signal?: AbortSignal;
  /**
   * Start where an earlier reading of the same file stopped ({@link EventLogReader.resumePoint}): a file is read from
   * the point's offset, a stream is taken to begin there; line numbers, offsets and the file's rules (seq, run ids)
   * go on from the point. Only for an uncompressed log, and only valid for the same bytes grown by appends: the caller
   * checks that what was read before is still there (the run index compares a hash of it).
   */
  resumeFrom?: EventLogResumePoint;
}

/** Where a reading of an uncompressed event log stopped, at the end of a complete line: plain data (it survives JSON). */
export interface EventLogResumePoint {
  /** The byte offset just past the last complete line read. */
  offset: number;
  /** Lines read before it (blank and refused ones included). */
  lines: number;
  /** The file's rules as they stood there. */
  state: EventLogLineState;
}

/** Why reading ended. */
export type EventLogReadEnd =
  /** The input ended. */
  | "end-of-input"
  /** Following: the run completed and the end of its file was reached. */
  | "run-completed"
  /** Following: the file did not grow for `idleTimeoutMs`. */
  | "idle-timeout"
  /** The signal was aborted. */
  | "aborted"
  /** The caller stopped iterating (`break`, `return`) before the end. */
  | "stopped"
  /** A problem of the input as a whole (`read-failed`, `invalid-gzip`, `decompressed-too-large`). */
  | "input-problem";

/**
 * How far reading has got, complete once iteration has ended. The item counts are of the items handed out; the
 * position (lines, bytes, highest seq) moves once all items of a chunk have been handed out.
 */
export interface EventLogReadSummary {
  /** Lines read (blank and refused lines included): the number of the last line. */
  lines: number;
  /** Events handed out. */
  events: number;
  /** Warnings handed out. */
  warnings: number;
  /** Problems handed out. */
  problems: number;
  /** Position in the input (after decompression): the bytes read, an unfinished last line's included. */
  bytes: number;
  /** Whether the input was gzip. */
  compressed: boolean;
  /** The highest seq on any line. */
  highestSeq: number;
  /** Why reading ended; undefined while it goes on. */
  end: EventLogReadEnd | undefined;
}

/** An event log being read: iterate it (once) for its items; `summary` holds the counts. */
export interface EventLogReader extends AsyncIterable<EventLogItem> {
  /** How far reading has got; final once iteration has ended. */
  readonly summary: Readonly<EventLogReadSummary>;
  /**
   * Once iteration has ended: where a later reading of the same file, grown by appends, can start (`resumeFrom`).
   * Undefined while reading, for compressed input, after a problem that stopped reading, when stopped early, and when
   * the input ended inside a line (its last line had no LF: it may still be being written).
   */
  resumePoint(): EventLogResumePoint | undefined;
}
