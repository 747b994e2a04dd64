/**
 * The one reader of bytes every command's input goes through: a file or standard input (or a pipe named as the input),
 * bounded by the limits, decompressed as a stream when the bytes say gzip or Zstandard (whatever the name), and, for
 * what is read as text, strict UTF-8. Every refusal is an {@link InputProblem} naming where.
 */
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { decodeUtf8 } from "@agent-transcript/core/json";
import { groupDigits } from "@agent-transcript/core/text";
import type { SessionLine } from "@agent-transcript/providers";
import { createZstdDecompressor, isZstd, minimumLineBytes } from "@agent-transcript/providers/node";
import type { CommandIo } from "../io.js";
import { describeSize, type InputLimits } from "./limits.js";
import { meterInput } from "./meter.js";
import { describeReadError, openInput, type InputRole, type OpenedInput } from "./open.js";
import type { InputProblem } from "./problems.js";

/** Why a read stopped early: a limit crossed, or bytes that are not gzip. Carries the sentence the user sees. */
class InputRefused extends Error {}

/**
 * An input's text, and whether it was compressed (its lines are then held to --max-decompressed-size); or why it
 * could not be read, and whether that is because it is not there at all (`missing`).
 */
export type InputText =
  { ok: true; text: string; compressed: boolean } | { ok: false; problem: InputProblem; missing?: boolean };

/**
 * Reads a file or standard input (`-`) as text under `limits`. Gzip is recognised by its magic bytes on files and
 * stdin alike and decompressed as a stream: reading stops as soon as either limit is crossed, so memory stays
 * within the limit plus a chunk. The bytes must be UTF-8; a leading byte order mark is ignored (RFC 8259 §8.1), the
 * same for every command. A pipe named as the input (a FIFO, a shell's `<(…)`) is read as standard input is; a
 * device, a socket or a folder is refused, and so is anything but a regular file when `role` is `found` (a file the
 * command looked for by itself: see open.ts). Never throws.
 */
export async function readInput(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  role: InputRole = "named",
): Promise<InputText> {
  const read = await readInputBytes(input, io, limits, role);
  if (!read.ok) return read;
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) {
    const { line, column, reason } = decoded.error;
    return { ok: false, problem: { line, column, pointer: "", message: reason } };
  }
  return { ok: true, text: decoded.text, compressed: read.compressed };
}

/** {@link readInput} before the text (a session is decoded line by line from them): the bytes, bounded and decompressed, and whether they were. Never throws. */
export async function readInputBytes(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  role: InputRole = "named",
): Promise<{ ok: true; bytes: Buffer; compressed: boolean } | { ok: false; problem: InputProblem; missing?: boolean }> {
  try {
    if (input === "-") return { ok: true, ...(await readBounded(io.stdin(), limits)) };
    const opened = await openInput(input, role);
    try {
      if (opened.kind === "pipe") return { ok: true, ...(await readBounded(opened.chunks, limits)) };
      // A file already over the limit is refused before a byte of it is read.
      if (opened.size > limits.maxInputBytes) throw new InputRefused(tooLargeMessage(limits.maxInputBytes));
      const whole = await readWholeFile(input, opened, limits.maxInputBytes);
      meterInput(undefined);
      if (!isGzip(whole) && !isZstd(whole)) return { ok: true, bytes: whole, compressed: false };
      return { ok: true, ...(await readBounded([whole], limits)) };
    } finally {
      await opened.close();
    }
  } catch (error) {
    const message = error instanceof InputRefused ? error.message : `cannot read: ${describeReadError(error)}`;
    const missing = (error as { code?: unknown } | null)?.code === "ENOENT";
    return { ok: false, problem: { pointer: "", message }, ...(missing ? { missing } : {}) };
  }
}

/**
 * Why a file of records (a session's or an event log's lines) is past its limit once each line that is not indented
 * counts at least {@link minimumLineBytes}: a record costs about a kilobyte of memory however short it is (2.4 million
 * one-word messages, 255 MiB, took 2.8 GB to import; ordinary lines of the same size 1.3 GB). The text's own limit is
 * --max-decompressed-size when it was compressed, --max-input-size when not (the larger when unknown). Undefined when
 * it is within.
 */
export function linesPastLimit(
  content: string | Buffer,
  limits: InputLimits,
  compressed?: boolean,
): InputProblem | undefined {
  const limit =
    compressed === undefined
      ? Math.max(limits.maxInputBytes, limits.maxDecompressedBytes)
      : compressed
        ? limits.maxDecompressedBytes
        : limits.maxInputBytes;
  let lines = 0;
  let shortfall = 0;
  for (let start = 0; start < content.length;) {
    const end = typeof content === "string" ? content.indexOf("\n", start) : content.indexOf(0x0a, start);
    const next = end === -1 ? content.length : end + 1;
    lines += 1;
    // An indented line is part of a pretty-printed document (one value), never a record of JSON lines.
    const first = typeof content === "string" ? content.charCodeAt(start) : content[start];
    if (first !== 0x20 && first !== 0x09) shortfall += Math.max(0, minimumLineBytes - (next - start));
    start = next;
  }
  if (content.length + shortfall <= limit) return undefined;
  const flag =
    compressed === undefined
      ? "--max-input-size (--max-decompressed-size for compressed input)"
      : compressed
        ? "--max-decompressed-size"
        : "--max-input-size";
  return {
    pointer: "",
    message: `its ${groupDigits(lines)} lines count as more than the limit of ${describeSize(limit)}, each line at least ${minimumLineBytes} bytes (a record costs memory however short it is); raise it with ${flag}`,
  };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A session's lines from its bytes, each decoded on its own as the importer comes to it (holding every line's text
 * and object at once would cost more than the bytes): a line that is not UTF-8 comes with an error for the importer
 * to report (that line lost, not the file). A byte order mark at the start and a carriage return before a line feed
 * are dropped.
 */
export function* sessionLines(bytes: Buffer): Generator<SessionLine> {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let line = 1; start < bytes.length; line += 1) {
    let end = bytes.indexOf(0x0a, start);
    const next = end === -1 ? bytes.length : end + 1;
    if (end === -1) end = bytes.length;
    const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
    try {
      yield { line, text: strictUtf8.decode(bytes.subarray(start, stop)) };
    } catch {
      yield { line, text: "", error: "not valid UTF-8" };
    }
    start = next;
  }
}

/**
 * A regular file's bytes in one buffer of its size: reading it in chunks and joining them would hold it twice. A file
 * that grew while being read is refused at the input limit rather than read on without end.
 */
async function readWholeFile(
  file: string,
  opened: Extract<OpenedInput, { kind: "file" }>,
  limit: number,
): Promise<Buffer> {
  const size = opened.size;
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  meterInput({ file, totalBytes: size, bytesRead: () => filled });
  while (filled < size) {
    // In pieces of 16 MiB, so a progress bar moves while a large file is read.
    const bytesRead = await opened.read(buffer, filled, Math.min(size - filled, readPieceBytes), filled);
    if (bytesRead === 0) return buffer.subarray(0, filled);
    filled += bytesRead;
  }
  // What it has beyond its size (it is being written) is read on, in pieces, up to the limit.
  const pieces: Buffer[] = [buffer];
  let total = size;
  for (;;) {
    // Most files end at their size: a small piece tells, where one of 16 MiB per file was memory to collect.
    const piece = Buffer.allocUnsafe(pieces.length === 1 ? growthProbeBytes : readPieceBytes);
    const bytesRead = await opened.read(piece, 0, piece.length, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > limit) throw new InputRefused(tooLargeMessage(limit));
    pieces.push(piece.subarray(0, bytesRead));
  }
  return pieces.length === 1 ? buffer : Buffer.concat(pieces, total);
}

const readPieceBytes = 16 * 1024 * 1024;
const growthProbeBytes = 64 * 1024;

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1];
}

function tooLargeMessage(limit: number): string {
  return `larger than the input limit of ${describeSize(limit)}; raise it with --max-input-size`;
}

/** Counts bytes through a stream and refuses the one chunk that would cross `limit`. */
function byteCounter(limit: number, message: string): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      total += chunk.length;
      if (total > limit) done(new InputRefused(message));
      else done(null, chunk);
    },
  });
}

const gzipMagic = [0x1f, 0x8b] as const;
/** How many bytes decide the compression: Zstandard's magic number is four. */
const zstdMagicLength = 4;

/**
 * All of a source's bytes, decompressed when they start with gzip's or Zstandard's magic bytes (Codex writes
 * `.jsonl.zst` rollouts), refused as soon as a limit is crossed: the compressed bytes by --max-input-size, what they
 * decompress to by --max-decompressed-size, for both formats alike.
 */
async function readBounded(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limits: InputLimits,
): Promise<{ bytes: Buffer; compressed: boolean }> {
  const chunks: Buffer[] = [];
  let compression: "gzip" | "zstd" | "none" | undefined;
  let head: Buffer = Buffer.alloc(0);
  const collect = async (stream: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of stream) chunks.push(chunk);
  };
  // The first bytes decide; they may arrive in separate chunks from a pipe.
  async function* withDecision(): AsyncGenerator<Buffer> {
    for await (const raw of source) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      if (compression === undefined) {
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        if (head.length < zstdMagicLength) continue;
        compression = isGzip(head) ? "gzip" : isZstd(head) ? "zstd" : "none";
        yield head;
      } else yield chunk;
    }
    if (compression === undefined && head.length > 0) {
      compression = isGzip(head) ? "gzip" : "none";
      yield head;
    }
  }
  const decided = withDecision();
  const first = await decided.next();
  if (first.done) return { bytes: Buffer.alloc(0), compressed: false };
  async function* all(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    yield* decided;
  }
  const inputLimit = byteCounter(limits.maxInputBytes, tooLargeMessage(limits.maxInputBytes));
  const outputLimit = (): Transform =>
    byteCounter(
      limits.maxDecompressedBytes,
      `decompresses to more than the limit of ${describeSize(limits.maxDecompressedBytes)}; raise it with --max-decompressed-size`,
    );
  if (compression === "gzip") {
    const gunzip = createGunzip();
    // zlib's errors (codes Z_DATA_ERROR, Z_BUF_ERROR, …) say "incorrect header check" and the like: name the format.
    const gzipError = (error: unknown): never => {
      const code = error instanceof Error && "code" in error ? String(error.code) : "";
      if (!code.startsWith("Z_")) throw error;
      throw new InputRefused(`not valid gzip: ${error instanceof Error ? error.message : String(error)}`);
    };
    await pipeline(all(), inputLimit, gunzip, outputLimit(), collect).catch(gzipError);
  } else if (compression === "zstd") {
    // The decompressor names the format in its errors ("not valid Zstandard: …"); a limit crossed is refused as is.
    const zstdError = (error: unknown): never => {
      if (error instanceof InputRefused) throw error;
      throw new InputRefused(error instanceof Error ? error.message : String(error));
    };
    await pipeline(
      all(),
      inputLimit,
      createZstdDecompressor({ maxOutputBytes: limits.maxDecompressedBytes }),
      outputLimit(),
      collect,
    ).catch(zstdError);
  } else {
    await pipeline(all(), inputLimit, collect);
  }
  const compressed = compression !== "none";
  if (chunks.length === 1) return { bytes: chunks[0] as Buffer, compressed };
  const whole = Buffer.concat(chunks);
  // Let the pieces go before the text is decoded from the whole.
  chunks.length = 0;
  return { bytes: whole, compressed };
}
