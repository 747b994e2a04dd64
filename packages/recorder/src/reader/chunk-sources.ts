/**
 * Where the reader's bytes come from: a stream (any async iterable of chunks, gunzipped when its first bytes are
 * gzip's) or a file, read with positioned reads and, with `follow`, watched as it grows. A source yields the chunks
 * to split into lines and returns how reading ended; what goes wrong with the input itself it reports as items of
 * its own, and it never throws.
 */
import type { Stats } from "node:fs";
import { stat, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { createGunzip } from "node:zlib";
import type { JsonLimits } from "@agent-transcript/core/json";
import type { ValidationMode } from "@agent-transcript/core/validators";
import { openRegularFile } from "../file-kind.js";
import type { EventLogProblemCode } from "@agent-transcript/core/event-log";
import type { EventLines } from "./event-line-bytes.js";
import type { LineSplitter } from "./line-splitter.js";
import type {
  EventLogReadEnd,
  EventLogReadSummary,
  EventLogResumePoint,
  FollowOptions,
} from "./read-event-log-types.js";

export interface Settings {
  resumeFrom: EventLogResumePoint | undefined;
  mode: ValidationMode;
  limits: JsonLimits;
  maxLineBytes: number;
  compression: "auto" | "gzip" | "none";
  maxDecompressedBytes: number;
  follow: Required<FollowOptions> | undefined;
  signal: AbortSignal | undefined;
}

/** The state one read shares: the splitter, the line checks (and the items they make), the summary. */
export interface Reading {
  readonly settings: Settings;
  readonly lines: EventLines;
  readonly splitter: LineSplitter;
  readonly summary: EventLogReadSummary;
}

/** Chunks to split into lines; an empty one only asks for the items made so far to be handed out. */
export type ChunkSource = AsyncGenerator<Buffer, EventLogReadEnd, undefined>;

/** Bytes per file read: large enough that the cost of a read vanishes, small enough to stay in the CPU's caches. */
const readChunkBytes = 1024 * 1024;
const nothing = Buffer.alloc(0);

/** A problem that stops reading, placed at the line being read and the input position. */
export function stopProblem(reading: Reading, code: EventLogProblemCode, message: string): void {
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

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

async function* toBuffers(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer, void, undefined> {
  for await (const chunk of source)
    yield typeof chunk === "string"
      ? Buffer.from(chunk, "utf8")
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Any stream of bytes, to its end. */
export function streamSource(source: AsyncIterable<Uint8Array | string>, reading: Reading): ChunkSource {
  return streamChunks(toBuffers(source), reading);
}

/**
 * A stream's chunks: its first bytes decide whether it is gzip (with `compression: "auto"`); gzip output is counted
 * against `maxDecompressedBytes`. The stream's own errors end reading with a problem.
 */
async function* streamChunks(
  chunks: AsyncGenerator<Buffer, void, undefined>,
  reading: Reading,
): AsyncGenerator<Buffer, EventLogReadEnd, undefined> {
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
        yield chunk.subarray(0, settings.maxDecompressedBytes - decompressed);
        stopProblem(
          reading,
          "decompressed-too-large",
          `the input decompresses to more than ${settings.maxDecompressedBytes} bytes (maxDecompressedBytes)`,
        );
        return "input-problem";
      }
      decompressed += chunk.length;
      yield chunk;
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
    return "input-problem";
  }
  splitter.end();
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
async function* compressedFileChunks(handle: FileHandle): AsyncGenerator<Buffer, void, undefined> {
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(readChunkBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A file: gzip (by its first bytes, or `compression`) is read as a stream, anything else as a plain file. */
export async function* fileSource(path: string, reading: Reading): ChunkSource {
  const { settings } = reading;
  const opened = await openFile(path, reading);
  if (typeof opened === "string") return opened;
  const following: FollowedFile = { handle: opened, deleted: false };
  try {
    const buffer = Buffer.allocUnsafe(readChunkBytes);
    const start = settings.resumeFrom?.offset ?? 0;
    const first = await readAt(following.handle, buffer, start);
    if (typeof first !== "number") {
      stopProblem(reading, "read-failed", `reading ${path} failed: ${describeError(first.error)}`);
      return "input-problem";
    }
    const head = buffer.subarray(0, first);
    if (settings.compression === "gzip" || (settings.compression === "auto" && isGzip(head)))
      return yield* streamChunks(compressedFileChunks(following.handle), {
        ...reading,
        settings: { ...settings, compression: "gzip" },
      });
    return yield* plainFileChunks(path, following, buffer, start, first, reading);
  } finally {
    await following.handle.close().catch(() => undefined);
  }
}

/** The file being read; following, the one its name named when last looked at, and whether the name is gone. */
interface FollowedFile {
  handle: FileHandle;
  /** The name was found gone (and that was said); a file that appears under it is read from its start. */
  deleted: boolean;
}

/** Opens the file; following, waits for a file that does not exist yet. A string is how reading ended instead. */
async function openFile(path: string, reading: Reading): Promise<FileHandle | EventLogReadEnd> {
  const { follow, signal } = reading.settings;
  const startedAt = Date.now();
  for (;;) {
    let opened: FileHandle | string;
    try {
      opened = await openRegularFile(path);
    } catch (error) {
      const missing = (error as { code?: unknown }).code === "ENOENT";
      if (!follow || !missing) {
        const socket = (error as { code?: unknown }).code === "ENXIO";
        reading.lines.inputProblem(
          "read-failed",
          socket
            ? `cannot open ${path}: it is a socket or a device with nothing behind it, not a regular file`
            : `cannot open ${path}: ${describeError(error)}`,
        );
        return "input-problem";
      }
      if (Date.now() - startedAt >= follow.idleTimeoutMs) return "idle-timeout";
      if (!(await pause(follow.pollIntervalMs, signal))) return "aborted";
      continue;
    }
    if (typeof opened !== "string") return opened;
    reading.lines.inputProblem(
      "read-failed",
      `cannot read ${path}: it is ${opened}, not a regular file (pass a stream of its bytes to read it as one)`,
    );
    return "input-problem";
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

/** A positioned read that answers with its error instead of rejecting (a read started ahead may never be awaited). */
async function readAt(handle: FileHandle, buffer: Buffer, position: number): Promise<number | { error: unknown }> {
  try {
    return (await handle.read(buffer, 0, buffer.length, position)).bytesRead;
  } catch (error) {
    return { error };
  }
}

/**
 * An uncompressed file, read with positioned reads into two buffers in turn: after a read that filled its buffer
 * (there is more to read) the next read starts before the chunk is handed over, so the disk or page cache works while
 * the lines are parsed. Without `follow`, to the end. Following, at the end it waits and looks again, and what it has
 * read must still be there. A file replaced under its name, or truncated below the complete lines read, is read from
 * its start, with a warning: reading on from the old position would start in the middle of another file's line and
 * skip its events. A file deleted is said once, and waited for. An unfinished last line the writer has since
 * replaced (its torn-tail repair truncates the file to its last complete line and appends again) is dropped with a
 * warning and read again from where it started. After each read that follows a wait at the end and brought new
 * bytes, before they are used, the last bytes of the last complete line are read again where they were: if they
 * changed the file was rewritten in place (possibly longer already) and is read from its start; if only the
 * unfinished line changed, it is the writer's repair. New bytes are only ever glued to lines that are still there.
 */
async function* plainFileChunks(
  path: string,
  following: FollowedFile,
  firstBuffer: Buffer,
  firstPosition: number,
  firstBytesRead: number,
  reading: Reading,
): ChunkSource {
  const { settings, splitter, lines } = reading;
  const follow = settings.follow;
  const buffers = [firstBuffer, Buffer.allocUnsafe(readChunkBytes)] as const;
  let buffer: Buffer = firstBuffer;
  let position = firstPosition;
  let bytesRead = firstBytesRead;
  /** An earlier read reached the end of the file as it was then: what follows may have been written since. */
  let reachedEnd = false;
  let lastGrowthAt = Date.now();
  /** Following: the last bytes of the last complete line read, and where they are in the file. */
  let anchor: Anchor | undefined;
  for (;;) {
    let ahead: Promise<number | { error: unknown }> | undefined;
    if (bytesRead > 0) {
      const change =
        follow !== undefined && reachedEnd ? await changeUnderneath(path, following.handle, anchor, reading) : "none";
      if (change === "restarted") {
        // The bytes just read belong to a file that is read from its start.
        position = 0;
        anchor = undefined;
        lastGrowthAt = Date.now();
        yield nothing;
      } else if (change === "unfinished-line-replaced") {
        // The bytes just read belong to the new content: read it again from the start of the replaced line.
        position = splitter.committedOffset;
        yield nothing;
      } else {
        const chunk = buffer.subarray(0, bytesRead);
        const chunkStart = position;
        position += bytesRead;
        lastGrowthAt = Date.now();
        if (bytesRead === buffer.length) {
          buffer = buffer === buffers[0] ? buffers[1] : buffers[0];
          ahead = readAt(following.handle, buffer, position);
        }
        yield chunk;
        // The chunk is still intact (a read ahead fills the other buffer), and its lines have been split.
        if (follow !== undefined) anchor = anchorIn(chunk, chunkStart, splitter.committedOffset) ?? anchor;
      }
    }
    if (settings.signal?.aborted) return "aborted";
    if (ahead === undefined && bytesRead < buffer.length) {
      reachedEnd = true;
      if (bytesRead === 0 && follow === undefined) {
        splitter.end();
        return "end-of-input";
      }
      if (bytesRead === 0 && follow !== undefined) {
        if (lines.runCompleted && follow.untilRunCompleted) {
          splitter.end();
          return "run-completed";
        }
        const inspected = await inspectFollowedFile(path, following, position, reading);
        if (inspected === "stop") return "input-problem";
        if (inspected === "restarted") {
          position = 0;
          anchor = undefined;
          lastGrowthAt = Date.now();
        } else if (inspected === "unfinished-line-replaced") position = splitter.committedOffset;
        // Hands out what the look found (a warning, a dropped line) before waiting.
        if (lines.items.length > 0) yield nothing;
        if (inspected === "unchanged") {
          if (Date.now() - lastGrowthAt >= follow.idleTimeoutMs) {
            splitter.end();
            return "idle-timeout";
          }
          if (!(await pause(follow.pollIntervalMs, settings.signal))) return "aborted";
        }
      }
    } else if (ahead === undefined) reachedEnd = false;
    const read = await (ahead ?? readAt(following.handle, buffer, position));
    if (typeof read !== "number") {
      stopProblem(reading, "read-failed", `reading ${path} failed: ${describeError(read.error)}`);
      return "input-problem";
    }
    bytesRead = read;
  }
}

/** The last bytes of the last complete line read, and their offset in the file. */
interface Anchor {
  readonly start: number;
  readonly bytes: Buffer;
}

/**
 * Enough of a line's end to tell it from another file's line at the same offset: an event line's last bytes hold its
 * payload's end and, for most events, its timestamp.
 */
const anchorBytes = 256;

/** A copy of the last bytes, up to the last complete line's LF, that `chunk` (read at `chunkStart`) holds. */
function anchorIn(chunk: Buffer, chunkStart: number, committedOffset: number): Anchor | undefined {
  if (committedOffset <= chunkStart || committedOffset > chunkStart + chunk.length) return undefined;
  const start = Math.max(chunkStart, committedOffset - anchorBytes);
  return { start, bytes: Buffer.from(chunk.subarray(start - chunkStart, committedOffset - chunkStart)) };
}

/**
 * Following, before new bytes read after a wait are used: whether the file was rewritten in place (the anchor's bytes
 * are gone: it is read from its start, with a warning), or only its unfinished line was replaced (the writer's
 * repair), or neither.
 */
async function changeUnderneath(
  path: string,
  handle: FileHandle,
  anchor: Anchor | undefined,
  reading: Reading,
): Promise<"none" | "restarted" | "unfinished-line-replaced"> {
  if (anchor !== undefined) {
    const current = Buffer.allocUnsafe(anchor.bytes.length);
    const read = await readAt(handle, current, anchor.start);
    // A failed read is reported by the next one.
    if (typeof read === "number" && (read < current.length || !current.equals(anchor.bytes))) {
      restartFile(
        reading,
        "file-replaced",
        `${path} was replaced; reading it from the start (it was rewritten in place: the bytes already read are no longer there)`,
      );
      return "restarted";
    }
  }
  return (await unfinishedLineReplaced(handle, reading)) ? "unfinished-line-replaced" : "none";
}

/**
 * The followed file is to be read from its start: the old content's unfinished last line is handed over as its last
 * line, the warning says why, and lines, offsets and the file's rules start again.
 */
function restartFile(reading: Reading, code: "file-replaced" | "file-truncated", message: string): void {
  reading.splitter.end();
  reading.lines.fileWarning(code, message);
  reading.splitter.restart();
  reading.lines.restart();
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
  const read = await readAt(handle, current, splitter.committedOffset);
  // A failed read is reported by the next one.
  if (typeof read !== "number" || (read === current.length && current.equals(pending))) return false;
  const line = splitter.completedLines + 1;
  const offset = splitter.committedOffset;
  lines.replacedTail(line, offset, splitter.discardPending());
  return true;
}

/**
 * Following, at the end of the file, looks at the name and at the file: a file replaced under its name is opened and
 * read from its start (`restarted`, with a warning), one that is not a regular file ends reading (`stop`, with a
 * problem), a name gone is said once (a warning) and reading goes on in what is open; a file now shorter than the
 * complete lines read is read from its start (`restarted`), one shorter than what was read had its unfinished line
 * replaced (dropped, with a warning); `grown` when there is more to read, `unchanged` otherwise.
 */
async function inspectFollowedFile(
  path: string,
  following: FollowedFile,
  position: number,
  reading: Reading,
): Promise<"unchanged" | "grown" | "unfinished-line-replaced" | "restarted" | "stop"> {
  const { splitter, lines } = reading;
  let named: Stats | undefined;
  try {
    named = await stat(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if ((code === "ENOENT" || code === "ENOTDIR") && !following.deleted) {
      following.deleted = true;
      lines.fileWarning(
        "file-deleted",
        `${path} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)`,
      );
    }
    // Any other error (a folder we may no longer search): keep reading what is open.
  }
  let held: Stats;
  try {
    held = await following.handle.stat();
  } catch (error) {
    stopProblem(reading, "read-failed", `cannot look at ${path}: ${describeError(error)}`);
    return "stop";
  }
  if (named !== undefined && (named.ino !== held.ino || named.dev !== held.dev)) {
    const why = following.deleted ? "it had been deleted" : "another file has its name now";
    let replacement: FileHandle | string;
    try {
      replacement = await openRegularFile(path);
    } catch (error) {
      // Gone again since it was looked at: the next look sees what is there then.
      if ((error as { code?: unknown }).code === "ENOENT") return "unchanged";
      stopProblem(
        reading,
        "read-failed",
        `cannot open ${path}, which replaced the file followed: ${describeError(error)}`,
      );
      return "stop";
    }
    if (typeof replacement === "string") {
      stopProblem(
        reading,
        "read-failed",
        `${path} was replaced by ${replacement}, not a regular file: only a file is followed`,
      );
      return "stop";
    }
    await following.handle.close().catch(() => undefined);
    following.handle = replacement;
    following.deleted = false;
    restartFile(reading, "file-replaced", `${path} was replaced; reading it from the start (${why})`);
    return "restarted";
  }
  if (named !== undefined) following.deleted = false;
  const size = held.size;
  if (size < splitter.committedOffset) {
    restartFile(
      reading,
      "file-truncated",
      `${path} was truncated; reading it from the start (it is now ${size} bytes, shorter than the ${splitter.committedOffset} bytes of complete lines already read)`,
    );
    return "restarted";
  }
  if (size < position) {
    const line = splitter.completedLines + 1;
    const offset = splitter.committedOffset;
    lines.replacedTail(line, offset, splitter.discardPending());
    return "unfinished-line-replaced";
  }
  return size > position ? "grown" : "unchanged";
}
