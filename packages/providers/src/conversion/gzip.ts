/**
 * gzip for the converters that read and write it (devflow's `transcript.json.gz`), in any JavaScript runtime: the
 * providers' root entry imports no Node built-in, and no runtime's own API decompresses synchronously
 * (`DecompressionStream` is a stream). pako is a port of zlib: it checks a member's CRC-32 and length as zlib does,
 * reads concatenated members, and hands its output over a chunk at a time, which is what lets a bomb be stopped at
 * the limit instead of inflated whole.
 */
import { Inflate, gzip as pakoGzip } from "pako";

/**
 * Thrown by {@link gunzip} when the data decompresses to more than allowed. A `RangeError` with the code Node's zlib
 * gives the same refusal (`ERR_BUFFER_TOO_LARGE`), so a caller tells a bomb from broken gzip the same way with either.
 */
export class GzipTooLargeError extends RangeError {
  readonly code = "ERR_BUFFER_TOO_LARGE";
  constructor(readonly maxOutputLength: number) {
    super(`gzip data decompresses to more than ${maxOutputLength} bytes`);
    this.name = "GzipTooLargeError";
  }
}

/** Output is handed over 64 KiB at a time (pako's default): the limit is passed by at most that much. */
const chunkSize = 64 * 1024;
/** zlib's status for input that ended before the data did. */
const bufferError = -5;

/**
 * The bytes gzip data (one member or several) decompresses to. Throws a {@link GzipTooLargeError} as soon as the output
 * passes `maxOutputLength` (having held at most that much), and an `Error` with zlib's message for data that is not
 * gzip, is cut short or fails its checksum.
 */
export function gunzip(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array {
  const { maxOutputLength } = options;
  // windowBits 15 + 16: gzip only, as zlib's gunzip; pako would otherwise also take a zlib stream.
  const inflate = new Inflate({ windowBits: 31, chunkSize });
  const chunks: Uint8Array[] = [];
  let length = 0;
  inflate.onData = (chunk) => {
    length += chunk.length;
    if (length > maxOutputLength) throw new GzipTooLargeError(maxOutputLength);
    chunks.push(chunk);
  };
  // The chunks are joined here, once: pako's own end handler would join them again.
  inflate.onEnd = () => undefined;
  inflate.push(bytes, true);
  if (inflate.err === bufferError) throw new Error("unexpected end of file");
  if (inflate.err !== 0) throw new Error(inflate.msg || "not valid gzip");
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const output = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    output.set(chunk, offset);
    offset += chunk.length;
  }
  return output;
}

/** The bytes compressed as one gzip member, as zlib writes it at its default level (no file name, no time). */
export function gzip(bytes: Uint8Array): Uint8Array {
  return pakoGzip(bytes);
}
