/**
 * The streaming event log reader: a file (plain or gzip) or any byte stream, read in constant memory, one item per
 * event, warning and problem, in input order. Tolerant by default (the reader is tolerant, the writer strict: AWF
 * transcript logs' rule), it never throws on content: every line it cannot read is reported with its number and
 * skipped. With `follow` it reads a file that is still being written, like `tail -f`.
 */
import { stat, open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { createGunzip } from "node:zlib";
import { defaultMaxDepth, type JsonLimits } from "@agent-transcript/core/json";
import type { ValidationMode } from "@agent-transcript/core/validators";
import type { EventLogItem } from "./diagnostics.js";
import { EventLines } from "./event-lines.js";
import { LineSplitter } from "./line-splitter.js";

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
}

/** Why reading ended. */
export type EventLogReadEnd =
  /** The input ended (or, following, the file stopped there when it was last looked at). */
  | "end-of-input"
  /** Following: the run completed and the end of its file was reached. */
  | "run-completed"
  /** Following: the file did not grow for `idleTimeoutMs`. */
  | "idle-timeout"
  /** The signal was aborted. */
  | "aborted"
  /** The caller stopped iterating (`break`, `return`) before the end. */
  | "stopped"
  /** A problem of the input as a whole (`read-failed`, `invalid-gzip`, `decompressed-too-large`, `file-truncated`). */
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
}

/** 16 MiB: a line longer than that is not an event a recorder wrote (its tool outputs are truncated long before). */
export const defaultMaxLineBytes = 16 * 1024 * 1024;
/** 16 GiB: far beyond any run's log, and a bound on the work a small hostile gzip file can cause. */
export const defaultMaxDecompressedBytes = 16 * 1024 ** 3;
/** The longest string Node.js can build (the whole line becomes one string when parsed). */
const largestLineBytes = 512 * 1024 * 1024 - 24;
const defaultPollIntervalMs = 100;
/** Bytes per file read: large enough that the per-read cost vanishes, small enough to stay in cache. */
const readChunkBytes = 1024 * 1024;

interface Settings {
  mode: ValidationMode;
  limits: JsonLimits;
  maxLineBytes: number;
  compression: "auto" | "gzip" | "none";
  maxDecompressedBytes: number;
  follow: Required<FollowOptions> | undefined;
  signal: AbortSignal | undefined;
}

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
  return {
    summary,
    [Symbol.asyncIterator](): AsyncIterator<EventLogItem> {
      if (started) throw new TypeError("an event log reader reads its input once; call readEventLog again");
      started = true;
      return readItems(source, settings, summary);
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
  return {
    mode: options.mode ?? "tolerant",
    limits: { maxDepth: options.limits?.maxDepth ?? defaultMaxDepth },
    maxLineBytes: count(options.maxLineBytes, "maxLineBytes", defaultMaxLineBytes, largestLineBytes),
    compression: options.compression ?? "auto",
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
                : count(follow.idleTimeoutMs, "follow.idleTimeoutMs", 0, Number.MAX_SAFE_INTEGER),
            untilRunCompleted: follow.untilRunCompleted ?? true,
          },
    signal: options.signal,
  };
}

/** The reading state one source feeds: the splitter, the line checks, and the summary they keep up to date. */
interface Reading {
  readonly settings: Settings;
  readonly lines: EventLines;
  readonly splitter: LineSplitter;
  readonly summary: EventLogReadSummary;
}

async function* readItems(
  source: EventLogSource,
  settings: Settings,
  summary: EventLogReadSummary,
): AsyncGenerator<EventLogItem, void, undefined> {
  const lines = new EventLines({ mode: settings.mode, limits: settings.limits, maxLineBytes: settings.maxLineBytes });
  const reading: Reading = { settings, lines, splitter: new LineSplitter(settings.maxLineBytes, lines), summary };
  const path = typeof source === "string" ? source : source instanceof URL ? fileURLToPath(source) : undefined;
  let end: EventLogReadEnd | undefined;
  try {
    end =
      path === undefined
        ? yield* readStream(toBuffers(source as AsyncIterable<Uint8Array | string>), reading)
        : yield* readFile(path, reading);
  } finally {
    summary.end = end ?? (settings.signal?.aborted ? "aborted" : "stopped");
  }
}

/** The items the last chunk produced, handed out one by one and counted, then forgotten. */
function* drain(reading: Reading): Generator<EventLogItem, void, undefined> {
  const { summary, splitter } = reading;
  const items = reading.lines.items;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as EventLogItem;
    if (item.kind === "event") summary.events += 1;
    else if (item.kind === "warning") summary.warnings += 1;
    else summary.problems += 1;
    yield item;
  }
  items.length = 0;
  summary.lines = splitter.completedLines;
  summary.bytes = splitter.committedOffset + splitter.pendingBytes;
  summary.highestSeq = reading.lines.highestSeq;
}

/** Where a problem that stops reading happened: the line being read and the input position. */
function stopProblem(reading: Reading, code: Parameters<EventLines["inputProblem"]>[0], message: string): void {
  const { splitter } = reading;
  const unfinished =
    splitter.pendingBytes > 0
      ? `; the ${splitter.pendingBytes} bytes of line ${splitter.completedLines + 1} read so far are not used`
      : "";
  reading.lines.inputProblem(
    code,
    `${message}; reading stopped after line ${splitter.completedLines}${unfinished}`,
    splitter.completedLines + 1,
    splitter.committedOffset + splitter.pendingBytes,
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

async function* toBuffers(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer, void, undefined> {
  for await (const chunk of source)
    yield typeof chunk === "string"
      ? Buffer.from(chunk, "utf8")
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * A stream, to its end: its first bytes decide whether it is gzip (with `compression: "auto"`), then every chunk
 * goes through the splitter. Its own errors end reading with a problem.
 */
async function* readStream(
  chunks: AsyncIterator<Buffer> & AsyncIterable<Buffer>,
  reading: Reading,
): AsyncGenerator<EventLogItem, EventLogReadEnd, undefined> {
  const { settings, splitter } = reading;
  let input: AsyncIterable<Buffer> = chunks;
  try {
    if (settings.compression !== "none") {
      // Enough bytes to see gzip's two magic bytes, whatever size the chunks come in.
      const head: Buffer[] = [];
      let headLength = 0;
      while (headLength < 2) {
        const next = await chunks.next();
        if (next.done) break;
        head.push(next.value);
        headLength += next.value.length;
      }
      const first = Buffer.concat(head, headLength);
      const rest = prepend(first, chunks);
      if (settings.compression === "gzip" || isGzip(first)) {
        reading.summary.compressed = true;
        input = gunzip(rest);
      } else input = rest;
    }
    let decompressed = 0;
    for await (const chunk of input) {
      if (settings.signal?.aborted) return "aborted";
      if (reading.summary.compressed && decompressed + chunk.length > settings.maxDecompressedBytes) {
        splitter.push(chunk.subarray(0, settings.maxDecompressedBytes - decompressed));
        stopProblem(
          reading,
          "decompressed-too-large",
          `the input decompresses to more than ${settings.maxDecompressedBytes} bytes (maxDecompressedBytes)`,
        );
        yield* drain(reading);
        return "input-problem";
      }
      decompressed += chunk.length;
      splitter.push(chunk);
      yield* drain(reading);
    }
  } catch (error) {
    if (settings.signal?.aborted) return "aborted";
    const code = (error as { code?: unknown } | null)?.code;
    const gzipError = reading.summary.compressed && typeof code === "string" && code.startsWith("Z_");
    stopProblem(
      reading,
      gzipError ? "invalid-gzip" : "read-failed",
      gzipError ? `the gzip data is damaged: ${describeError(error)}` : `reading failed: ${describeError(error)}`,
    );
    yield* drain(reading);
    return "input-problem";
  }
  splitter.end();
  yield* drain(reading);
  return "end-of-input";
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer, void, undefined> {
  try {
    if (first.length > 0) yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Stopped early: let the source close (a Readable is destroyed, a file generator ends).
    await rest.return?.();
  }
}

/** Decompressed chunks of a gzip stream (several members in a row included), as zlib's gunzip produces them. */
async function* gunzip(compressed: AsyncIterable<Buffer>): AsyncGenerator<Buffer, void, undefined> {
  const inflate = createGunzip();
  const input = Readable.from(compressed, { objectMode: false });
  input.on("error", (error) => inflate.destroy(error));
  input.pipe(inflate);
  try {
    for await (const chunk of inflate) yield chunk as Buffer;
  } finally {
    input.destroy();
    inflate.destroy();
  }
}

/** A file's chunks, each in a buffer of its own (gzip input: zlib may still hold the previous one). */
async function* fileChunks(handle: FileHandle): AsyncGenerator<Buffer, void, undefined> {
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(readChunkBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

async function* readFile(path: string, reading: Reading): AsyncGenerator<EventLogItem, EventLogReadEnd, undefined> {
  const { settings } = reading;
  const opened = await openFile(path, reading);
  if (typeof opened === "string") {
    yield* drain(reading);
    return opened;
  }
  let handle = opened;
  try {
    const buffer = Buffer.allocUnsafe(readChunkBytes);
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, 0, buffer.length, 0));
    } catch (error) {
      stopProblem(reading, "read-failed", `reading ${path} failed: ${describeError(error)}`);
      yield* drain(reading);
      return "input-problem";
    }
    const head = buffer.subarray(0, bytesRead);
    if (settings.compression === "gzip" || (settings.compression === "auto" && isGzip(head)))
      return yield* readStream(fileChunks(handle), { ...reading, settings: { ...settings, compression: "gzip" } });
    const following = { handle };
    try {
      return yield* readPlainFile(path, following, buffer, bytesRead, reading);
    } finally {
      handle = following.handle;
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Opens the file; following, waits for a file that does not exist yet. A string is how reading ended instead. */
async function openFile(path: string, reading: Reading): Promise<FileHandle | EventLogReadEnd> {
  const { follow, signal } = reading.settings;
  const startedAt = Date.now();
  for (;;) {
    try {
      return await open(path, "r");
    } catch (error) {
      const missing = (error as { code?: unknown }).code === "ENOENT";
      if (!follow || !missing) {
        reading.lines.inputProblem("read-failed", `cannot open ${path}: ${describeError(error)}`);
        return "input-problem";
      }
      if (Date.now() - startedAt >= follow.idleTimeoutMs) return "idle-timeout";
      if (!(await pause(follow.pollIntervalMs, signal))) return "aborted";
    }
  }
}

/** Waits; false when the signal aborted the wait. */
async function pause(milliseconds: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return false;
  try {
    await delay(milliseconds, undefined, signal === undefined ? undefined : { signal });
    return true;
  } catch {
    return false;
  }
}

/**
 * An uncompressed file, read with positioned reads into one reused buffer. Without `follow`, to its end. Following,
 * at the end it waits and looks again. What it has read must still be there: a file replaced under its name is
 * reopened; a file now shorter than the complete lines already read stops reading with a problem; and an unfinished
 * last line the writer has since replaced (its torn-tail repair truncates the file to its last complete line and
 * appends again) is dropped with a warning and read again from where it started. That last check runs after each
 * read that follows a wait at the end and brought new bytes, before they are used: new bytes are only ever glued to
 * an unfinished line that is still in the file.
 */
async function* readPlainFile(
  path: string,
  following: { handle: FileHandle },
  buffer: Buffer,
  firstBytesRead: number,
  reading: Reading,
): AsyncGenerator<EventLogItem, EventLogReadEnd, undefined> {
  const { settings, splitter, lines } = reading;
  const follow = settings.follow;
  let position = 0;
  let bytesRead = firstBytesRead;
  /** An earlier read reached the end of the file as it was then: what follows may have been written since. */
  let reachedEnd = false;
  let lastGrowthAt = Date.now();
  for (;;) {
    if (bytesRead > 0) {
      if (follow !== undefined && reachedEnd && (await unfinishedLineReplaced(following.handle, reading))) {
        // The bytes just read belong to the new content: read it again from the start of the replaced line.
        position = splitter.committedOffset;
      } else {
        splitter.push(buffer.subarray(0, bytesRead));
        position += bytesRead;
        lastGrowthAt = Date.now();
      }
      yield* drain(reading);
    }
    if (settings.signal?.aborted) return "aborted";
    if (bytesRead < buffer.length) {
      reachedEnd = true;
      if (bytesRead === 0 && follow === undefined) {
        splitter.end();
        yield* drain(reading);
        return "end-of-input";
      }
      if (bytesRead === 0 && follow !== undefined) {
        if (lines.runCompleted && follow.untilRunCompleted) {
          splitter.end();
          yield* drain(reading);
          return "run-completed";
        }
        const inspected = await inspectFollowedFile(path, following, position, reading);
        yield* drain(reading);
        if (inspected === "stop") return "input-problem";
        if (inspected === "rewritten") position = splitter.committedOffset;
        else if (inspected === "unchanged") {
          if (Date.now() - lastGrowthAt >= follow.idleTimeoutMs) {
            splitter.end();
            yield* drain(reading);
            return "idle-timeout";
          }
          if (!(await pause(follow.pollIntervalMs, settings.signal))) return "aborted";
        }
      }
    } else reachedEnd = false;
    try {
      ({ bytesRead } = await following.handle.read(buffer, 0, buffer.length, position));
    } catch (error) {
      stopProblem(reading, "read-failed", `reading ${path} failed: ${describeError(error)}`);
      yield* drain(reading);
      return "input-problem";
    }
  }
}

/**
 * Whether the unfinished line's bytes are no longer in the file where they were read; if so it is dropped, with a
 * torn-tail warning. A line being skipped for its length was not kept, and cannot be compared.
 */
async function unfinishedLineReplaced(handle: FileHandle, reading: Reading): Promise<boolean> {
  const { splitter, lines } = reading;
  const pending = splitter.pendingBytes > 0 ? splitter.pendingContent() : undefined;
  if (pending === undefined) return false;
  const current = Buffer.allocUnsafe(pending.length);
  let same: boolean;
  try {
    const { bytesRead } = await handle.read(current, 0, current.length, splitter.committedOffset);
    same = bytesRead === current.length && current.equals(pending);
  } catch {
    // The next read reports what is wrong with the file.
    return false;
  }
  if (same) return false;
  const line = splitter.completedLines + 1;
  const offset = splitter.committedOffset;
  lines.replacedTail(line, offset, splitter.discardPending());
  return true;
}

/**
 * Following, at the end of the file: reopens a file replaced under its name; answers `stop` (with a problem) when the
 * file is now shorter than the complete lines read, `rewritten` (the unfinished line dropped, with a warning) when it
 * is shorter than what was read, `grown` when there is more to read, `unchanged` otherwise.
 */
async function inspectFollowedFile(
  path: string,
  following: { handle: FileHandle },
  position: number,
  reading: Reading,
): Promise<"unchanged" | "grown" | "rewritten" | "stop"> {
  const { splitter, lines } = reading;
  try {
    const [named, held] = await Promise.all([stat(path), following.handle.stat()]);
    if (named.ino !== held.ino || named.dev !== held.dev) {
      const replacement = await open(path, "r");
      await following.handle.close().catch(() => undefined);
      following.handle = replacement;
    }
  } catch {
    // The name is gone for now (deleted, or between a writer's unlink and rename): keep reading what is open.
  }
  let size: number;
  try {
    size = (await following.handle.stat()).size;
  } catch (error) {
    stopProblem(reading, "read-failed", `cannot look at ${path}: ${describeError(error)}`);
    return "stop";
  }
  if (size < splitter.committedOffset) {
    stopProblem(
      reading,
      "file-truncated",
      `the file is now ${size} bytes, shorter than the ${splitter.committedOffset} bytes of complete lines already read (it was truncated or replaced)`,
    );
    return "stop";
  }
  if (size < position) {
    const line = splitter.completedLines + 1;
    const offset = splitter.committedOffset;
    lines.replacedTail(line, offset, splitter.discardPending());
    return "rewritten";
  }
  return size > position ? "grown" : "unchanged";
}
