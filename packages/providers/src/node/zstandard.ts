/**
 * Zstandard decompression with bounded work per step (Node 20's zlib has no Zstandard; fzstd decodes in pure
 * JavaScript). fzstd's streaming decoder decodes every block its input holds in one call and hands each on at once:
 * 64 KiB of input can hold 16,000 blocks of 128 KiB each, 2 GiB of output before anyone could count it. So the frames
 * are read here, block by block (RFC 8878: each block's header says its size), and fzstd is given one block at a
 * time; what it makes of that block (at most 128 KiB) is handed on before the next block is read, as the consumer
 * asks for it. Two more bounds, because fzstd moves its whole window along for every block it decodes:
 *
 * - the window a frame asks for is at most the caller's output limit (and at most 128 MiB, what the reference
 *   decoder accepts without `--memory`), but always at least 8 MiB, the largest window of compression levels 1 to 19:
 *   the window is held in memory, beside what was decompressed;
 * - the work of decoding, each block counted as its window plus {@link blockCost}, is at most {@link workFactor}
 *   times the output limit: tiny blocks over a large window would otherwise take hours for a few megabytes of input.
 */
import { Duplex } from "node:stream";
import { Decompress } from "fzstd";

/** Zstandard's frame magic number, `28 B5 2F FD`: no text file starts with it (0xB5 cannot follow `(` in UTF-8). */
const zstdMagic = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** Whether bytes start with Zstandard's magic number (a Codex `.jsonl.zst` rollout, whatever its name). */
export function isZstd(bytes: Uint8Array): boolean {
  return zstdMagic.every((byte, index) => bytes[index] === byte);
}

/** Options of decompressing Zstandard. */
export interface ZstdDecompressorOptions {
  /**
   * The most decompressed bytes the caller takes (its limit; default 256 MiB). The caller counts the output itself;
   * this sizes the window and the work a frame may ask for.
   */
  maxOutputBytes?: number;
}

const mebibyte = 1024 * 1024;
const defaultMaxOutputBytes = 256 * mebibyte;
/** The largest block (RFC 8878 §3.1.1.2.4). */
const largestBlock = 128 * 1024;
/** Windows every compression level from 1 to 19 stays within (window log 23), allowed whatever the output limit. */
const smallestWindowLimit = 8 * mebibyte;
/** The reference decoder's own default limit (window log 27): larger ones take `zstd --long` or `--memory` there too. */
const largestWindowLimit = 128 * mebibyte;
/**
 * What decoding one block costs beyond moving the window, in bytes of window moved: measured, a block of one byte
 * over a 1 KiB window takes about a microsecond here, the time fzstd takes to move 16 to 32 KiB.
 */
const blockCost = 32 * 1024;
/**
 * How much work a frame may take, in bytes of window moved, per byte of the output limit: 64 GiB for the default
 * 256 MiB, a few seconds. A file of full blocks takes 16 times its size with level 3's 2 MiB window, 64 times with
 * level 19's 8 MiB, 1,024 times with a 128 MiB window (`--long`): such a file is refused past a quarter of the limit.
 */
const workFactor = 256;

/** Why the bytes cannot be decompressed: not Zstandard or broken off, or (`limit`) asking for more than the bounds allow. */
export class ZstdError extends Error {
  constructor(
    message: string,
    /** Whether a bound was crossed (the window or the work), rather than the bytes being no Zstandard. */
    readonly limit = false,
  ) {
    super(message);
  }
}

function invalid(reason: string): ZstdError {
  return new ZstdError(`not valid Zstandard: ${reason}`);
}

function describeBytes(bytes: number): string {
  return bytes >= mebibyte && bytes % mebibyte === 0
    ? `${bytes / mebibyte} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;
}

/** Reads exactly so many bytes from chunks as they come, holding at most one block's worth at a time. */
class ByteReader {
  private chunk: Buffer = Buffer.alloc(0);
  private offset = 0;
  private ended = false;
  constructor(private readonly chunks: AsyncIterator<Uint8Array>) {}

  /** `count` bytes, or fewer only where the input ends. */
  async take(count: number): Promise<Buffer> {
    if (this.offset + count <= this.chunk.length) {
      const piece = this.chunk.subarray(this.offset, this.offset + count);
      this.offset += count;
      return piece;
    }
    const pieces: Buffer[] = [];
    let length = 0;
    while (length < count) {
      if (this.offset === this.chunk.length && !(await this.next())) break;
      const piece = this.chunk.subarray(this.offset, this.offset + count - length);
      this.offset += piece.length;
      pieces.push(piece);
      length += piece.length;
    }
    return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, length);
  }

  /** Passes over `count` bytes without holding them; false when the input ends first. */
  async skip(count: number): Promise<boolean> {
    let left = count;
    while (left > 0) {
      if (this.offset === this.chunk.length && !(await this.next())) return false;
      const step = Math.min(left, this.chunk.length - this.offset);
      this.offset += step;
      left -= step;
    }
    return true;
  }

  private async next(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done === true) {
      this.ended = true;
      return false;
    }
    const raw = next.value;
    this.chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    this.offset = 0;
    return true;
  }
}

/** A frame's header, as far as the bounds need it. */
interface FrameHeader {
  bytes: Buffer;
  window: number;
  checksum: boolean;
}

async function readFrameHeader(reader: ByteReader, magic: Buffer): Promise<FrameHeader> {
  const descriptorByte = await reader.take(1);
  const descriptor = descriptorByte[0];
  if (descriptor === undefined) throw invalid("the data breaks off in a frame header");
  if ((descriptor & 0x08) !== 0) throw invalid("a frame header's reserved bit is set");
  const singleSegment = (descriptor & 0x20) !== 0;
  const contentSizeFlag = descriptor >> 6;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] as number;
  const contentSizeBytes = contentSizeFlag === 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
  const restLength = (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
  const rest = await reader.take(restLength);
  if (rest.length < restLength) throw invalid("the data breaks off in a frame header");
  let window: number;
  if (singleSegment) {
    // The window is the content, whose size the header gives.
    const at = dictionaryBytes;
    window =
      contentSizeBytes === 1
        ? (rest[at] as number)
        : contentSizeBytes === 2
          ? rest.readUInt16LE(at) + 256
          : contentSizeBytes === 4
            ? rest.readUInt32LE(at)
            : Number(rest.readBigUInt64LE(at));
  } else {
    const windowDescriptor = rest[0] as number;
    const base = 2 ** (10 + (windowDescriptor >> 3));
    window = base + (base / 8) * (windowDescriptor & 7);
  }
  return { bytes: Buffer.concat([magic, descriptorByte, rest]), window, checksum: (descriptor & 0x04) !== 0 };
}

function isSkippableMagic(magic: Buffer): boolean {
  return (
    magic.length === 4 &&
    (magic[0] as number) >> 4 === 0x5 &&
    magic[1] === 0x2a &&
    magic[2] === 0x4d &&
    magic[3] === 0x18
  );
}

/**
 * The decompressed bytes of Zstandard `compressed` (one frame or several, skippable frames passed over), a block at a
 * time as they are asked for. Throws a {@link ZstdError} for bytes that are not Zstandard or break off, and for a
 * frame that asks for a larger window or more work than the module's comment allows.
 */
export async function* decompressZstd(
  compressed: AsyncIterable<Uint8Array>,
  options: ZstdDecompressorOptions = {},
): AsyncGenerator<Buffer, void, undefined> {
  const maxOutputBytes = options.maxOutputBytes ?? defaultMaxOutputBytes;
  const windowLimit = Math.max(smallestWindowLimit, Math.min(largestWindowLimit, maxOutputBytes));
  const workLimit = workFactor * maxOutputBytes;
  const produced: Buffer[] = [];
  const decompressor = new Decompress((data) => {
    if (data.length > 0) produced.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  const feed = (bytes: Uint8Array, final = false): void => {
    try {
      decompressor.push(bytes, final);
    } catch (caught) {
      throw invalid(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const iterator = compressed[Symbol.asyncIterator]();
  const reader = new ByteReader(iterator);
  let work = 0;
  try {
    for (;;) {
      const magic = await reader.take(4);
      if (magic.length === 0) break;
      if (magic.length < 4) throw invalid("the data breaks off in a frame's magic number");
      if (isSkippableMagic(magic)) {
        const size = await reader.take(4);
        if (size.length < 4 || !(await reader.skip(size.readUInt32LE(0))))
          throw invalid("the data breaks off in a skippable frame");
        continue;
      }
      if (!isZstd(magic)) throw invalid("no frame starts here (the bytes after a frame are not another frame)");
      const header = await readFrameHeader(reader, magic);
      if (header.window > windowLimit)
        throw new ZstdError(
          `a Zstandard frame asks for a ${describeBytes(header.window)} window, more than the ${describeBytes(windowLimit)} allowed (written with zstd --long or --ultra?); decompress it first (zstd -d)`,
          true,
        );
      feed(header.bytes);
      for (let last = false; !last;) {
        const blockHeader = await reader.take(3);
        if (blockHeader.length < 3) throw invalid("the data breaks off in a block header");
        const fields = blockHeader.readUIntLE(0, 3);
        last = (fields & 1) === 1;
        const type = (fields >> 1) & 3;
        const size = fields >> 3;
        if (type === 3) throw invalid("a block of the reserved type");
        if (size > largestBlock) throw invalid(`a block of ${size} bytes, more than the ${largestBlock} allowed`);
        const content = await reader.take(type === 1 ? 1 : size);
        if (content.length < (type === 1 ? 1 : size)) throw invalid("the data breaks off in a block");
        work += header.window + blockCost;
        if (work > workLimit)
          throw new ZstdError(
            `decompressing it takes more work than allowed: too many blocks over a ${describeBytes(header.window)} window for the limit of ${describeBytes(maxOutputBytes)} (each block moves the whole window); decompress it first (zstd -d)`,
            true,
          );
        feed(Buffer.concat([blockHeader, content]));
        while (produced.length > 0) yield produced.shift() as Buffer;
      }
      if (header.checksum) {
        const checksum = await reader.take(4);
        if (checksum.length < 4) throw invalid("the data breaks off in a frame's checksum");
        feed(checksum);
      }
    }
    // fzstd holds the first 18 bytes of a frame until it has them all: a last frame shorter than that is decoded now.
    feed(new Uint8Array(0), true);
    while (produced.length > 0) yield produced.shift() as Buffer;
  } finally {
    await iterator.return?.();
  }
}

/**
 * A stream that decompresses Zstandard as the bytes pass, within the bounds this module's comment says: it decodes a block
 * only when the one before was read from it, so a caller that counts what it reads (the CLI's
 * `--max-decompressed-size`) stops it within a block of its limit. Bytes that are not Zstandard, that break off, or
 * that ask for too large a window or too much work fail the stream with a {@link ZstdError} saying so.
 */
export function createZstdDecompressor(options: ZstdDecompressorOptions = {}): Duplex {
  return Duplex.from((source: AsyncIterable<Uint8Array>) => decompressZstd(source, options));
}
