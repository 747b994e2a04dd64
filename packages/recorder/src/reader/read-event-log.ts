/**
 * The streaming event log reader: a file (plain or gzip) or any byte stream, read in constant memory, one item per
 * event, warning and problem, in input order. Tolerant by default (the reader is tolerant, the writer strict: AWF
 * transcript logs' rule), it never throws on content: every line it cannot read is reported with its number and
 * skipped. With `follow` it reads a file that is still being written, like `tail -f`.
 */
import { fileURLToPath } from "node:url";
import {
  describeError,
  fileSource,
  streamSource,
  type ChunkSource,
  type Reading,
  type Settings,
} from "./chunk-sources.js";
import type { EventLogItem } from "@agent-transcript/core/event-log";
import { EventLines } from "./event-line-bytes.js";
import { LineSplitter } from "./line-splitter.js";

export type {
  EventLogResumePoint,
  EventLogSource,
  FollowOptions,
  ReadEventLogOptions,
  EventLogReadEnd,
  EventLogReadSummary,
  EventLogReader,
} from "./read-event-log-types.js";
import type {
  EventLogResumePoint,
  EventLogSource,
  ReadEventLogOptions,
  EventLogReadSummary,
  EventLogReader,
} from "./read-event-log-types.js";

/** 16 MiB: room for any event a run writes (a few base64 images included), and all a line without LF can cost. */
export const defaultMaxLineBytes = 16 * 1024 * 1024;
/** 16 GiB: far beyond any run's log, and a bound on the work a small hostile gzip file can cause. */
export const defaultMaxDecompressedBytes = 16 * 1024 ** 3;
/** The longest string Node.js can build (the whole line becomes one string when parsed). */
const largestLineBytes = 512 * 1024 * 1024 - 24;
const defaultPollIntervalMs = 100;

/**
 * Reads an event log line by line, yielding each event (`{ kind: "event", line, offset, event }`) and each warning
 * and problem (`EventLogDiagnostic`, with code, line, byte offset, seq and JSON pointer) where it occurs. Memory does
 * not grow with the input: one chunk, one line and the items of one chunk at a time. Never throws on content; an
 * option out of range throws a RangeError when called.
 *
 * ```js
 * const reader = readEventLog("storage/transcripts/<run-id>.jsonl.gz");
 * for await (const item of reader) {
 *   if (item.kind === "event") handle(item.event);
 *   else console.warn(`line ${item.line}: ${item.message}`);
 * }
 * console.log(reader.summary);
 * ```
 */
export function readEventLog(source: EventLogSource, options: ReadEventLogOptions = {}): EventLogReader {
  const settings = resolveSettings(options);
  const summary: EventLogReadSummary = {
    lines: 0,
    events: 0,
    warnings: 0,
    problems: 0,
    bytes: 0,
    compressed: false,
    highestSeq: 0,
    end: undefined,
  };
  let started = false;
  let reading: Reading | undefined;
  return {
    summary,
    resumePoint(): EventLogResumePoint | undefined {
      if (reading === undefined || summary.compressed || reading.splitter.endedWithoutNewline) return undefined;
      if (summary.end !== "end-of-input" && summary.end !== "run-completed" && summary.end !== "idle-timeout")
        return undefined;
      return {
        offset: reading.splitter.committedOffset,
        lines: reading.splitter.completedLines,
        state: reading.lines.state(),
      };
    },
    [Symbol.asyncIterator](): AsyncIterator<EventLogItem> {
      if (started) throw new TypeError("an event log reader reads its input once; call readEventLog again");
      started = true;
      const lines = new EventLines({
        mode: settings.mode,
        limits: settings.limits,
        maxLineBytes: settings.maxLineBytes,
      });
      const splitter = new LineSplitter(settings.maxLineBytes, lines);
      const resumeFrom = settings.resumeFrom;
      if (resumeFrom !== undefined) {
        lines.resume(resumeFrom.state);
        splitter.startAt(resumeFrom.lines, resumeFrom.offset);
        summary.lines = resumeFrom.lines;
        summary.bytes = resumeFrom.offset;
        summary.highestSeq = resumeFrom.state.highestSeq;
      }
      reading = { settings, lines, splitter, summary };
      const path = typeof source === "string" ? source : source instanceof URL ? fileURLToPath(source) : undefined;
      return new EventLogIteration(
        reading,
        path === undefined
          ? streamSource(source as AsyncIterable<Uint8Array | string>, reading)
          : fileSource(path, reading),
      );
    },
  };
}

function resolveSettings(options: ReadEventLogOptions): Settings {
  const count = (value: number | undefined, name: string, fallback: number, largest: number): number => {
    if (value === undefined) return fallback;
    if (!(value >= 1 && value <= largest) || !Number.isInteger(value))
      throw new RangeError(`${name} must be a whole number from 1 to ${largest}, not ${String(value)}`);
    return value;
  };
  const follow = options.follow === true ? {} : options.follow === false ? undefined : options.follow;
  const resumeFrom = options.resumeFrom === undefined ? undefined : resumePointOf(options.resumeFrom, options);
  return {
    resumeFrom,
    mode: options.mode ?? "tolerant",
    limits: options.limits ?? {},
    maxLineBytes: count(options.maxLineBytes, "maxLineBytes", defaultMaxLineBytes, largestLineBytes),
    // A resumed reading starts inside the file, where no gzip header is: it is plain, as the point says it was.
    compression: resumeFrom === undefined ? (options.compression ?? "auto") : "none",
    maxDecompressedBytes: count(
      options.maxDecompressedBytes,
      "maxDecompressedBytes",
      defaultMaxDecompressedBytes,
      Number.MAX_SAFE_INTEGER,
    ),
    follow:
      follow === undefined
        ? undefined
        : {
            pollIntervalMs: count(follow.pollIntervalMs, "follow.pollIntervalMs", defaultPollIntervalMs, 3_600_000),
            idleTimeoutMs:
              follow.idleTimeoutMs === undefined
                ? Number.POSITIVE_INFINITY
                : count(
                    follow.idleTimeoutMs,
                    "follow.idleTimeoutMs",
                    Number.POSITIVE_INFINITY,
                    Number.MAX_SAFE_INTEGER,
                  ),
            untilRunCompleted: follow.untilRunCompleted ?? true,
          },
    signal: options.signal,
  };
}

/** A resume point checked (it may have been stored and read back): a copy, its line state checked as it is taken up. */
function resumePointOf(point: EventLogResumePoint, options: ReadEventLogOptions): EventLogResumePoint {
  if (options.compression === "gzip") throw new RangeError("resumeFrom reads an uncompressed log; compression is gzip");
  const { offset, lines, state } = point;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new RangeError(`resumeFrom.offset must be a whole number from 0, not ${String(offset)}`);
  if (!Number.isSafeInteger(lines) || lines < 0)
    throw new RangeError(`resumeFrom.lines must be a whole number from 0, not ${String(lines)}`);
  if (typeof state !== "object" || state === null) throw new RangeError("resumeFrom.state must be an object");
  // Checked now, so that a bad point throws when readEventLog is called, not when iteration starts.
  new EventLines({ mode: "tolerant" }).resume(state);
  return { offset, lines, state };
}

/**
 * The iteration itself, written out rather than as an async generator: a generator costs a few promise turns per item
 * it hands out, and a log has millions of items. The items of a chunk are handed out from the array the line checks
 * fill; only when it is empty is the source asked for the next chunk. Calls to `next` are served in order.
 */
class EventLogIteration implements AsyncIterator<EventLogItem> {
  private index = 0;
  private finished = false;
  private refilling: Promise<IteratorResult<EventLogItem>> | undefined;

  constructor(
    private readonly reading: Reading,
    private readonly source: ChunkSource,
  ) {}

  next(): Promise<IteratorResult<EventLogItem>> {
    if (this.refilling !== undefined) return this.refilling.then(() => this.next());
    const items = this.reading.lines.items;
    if (this.index < items.length) return Promise.resolve(this.handOut(items[this.index++] as EventLogItem));
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    const refilling = this.refill();
    this.refilling = refilling;
    return refilling.finally(() => {
      this.refilling = undefined;
    });
  }

  async return(): Promise<IteratorResult<EventLogItem>> {
    if (!this.finished) {
      this.finished = true;
      const { summary, settings } = this.reading;
      summary.end ??= settings.signal?.aborted ? "aborted" : "stopped";
      this.reading.lines.items.length = 0;
      this.index = 0;
      await this.source.return("stopped").catch(() => undefined);
    }
    return { done: true, value: undefined };
  }

  private handOut(item: EventLogItem): IteratorResult<EventLogItem> {
    const summary = this.reading.summary;
    if (item.kind === "event") summary.events += 1;
    else if (item.kind === "warning") summary.warnings += 1;
    else summary.problems += 1;
    return { done: false, value: item };
  }

  /** The summary's position moves once every item of a chunk has been handed out. */
  private updatePosition(): void {
    const { summary, splitter, lines } = this.reading;
    summary.lines = splitter.completedLines;
    summary.bytes = splitter.committedOffset + splitter.pendingBytes;
    summary.highestSeq = lines.highestSeq;
  }

  private async refill(): Promise<IteratorResult<EventLogItem>> {
    const { lines, splitter, summary } = this.reading;
    const items = lines.items;
    for (;;) {
      items.length = 0;
      this.index = 0;
      this.updatePosition();
      try {
        const step = await this.source.next();
        if (step.done) {
          this.finished = true;
          summary.end = step.value;
        } else splitter.push(step.value);
      } catch (error) {
        // Sources and line checks report what is wrong with the input; this is only for what they failed to foresee.
        this.finished = true;
        summary.end = "input-problem";
        lines.inputProblem("read-failed", `reading stopped on an unexpected error: ${describeError(error)}`);
      }
      if (this.finished) this.updatePosition();
      if (items.length > 0) return this.handOut(items[this.index++] as EventLogItem);
      if (this.finished) return { done: true, value: undefined };
    }
  }
}
