// Content as a bundle carries it: hashed and checked for UTF-8 as it streams, and cut into `chunk` lines of bounded
// size, so no file is ever held whole.
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import type { SnapshotEncoding } from "@agent-transcript/core";

/** At most this much text per `chunk` line (the schema's `maxLength`, in characters; bytes bound characters). */
export const textChunkBytes = 64 * 1024;
/** At most this much binary content per `chunk` line: its base64 is 1 MiB. */
export const binaryChunkBytes = 48 * 1024;

export interface ContentFacts {
  size: number;
  sha256: string;
  encoding: SnapshotEncoding;
}

/** Streams a file once: its size, SHA-256, and whether it is valid UTF-8 (then carried as text). */
export async function contentFacts(file: string): Promise<ContentFacts> {
  const handle = await open(file, "r");
  try {
    const hash = createHash("sha256");
    let utf8 = true;
    let size = 0;
    // Checked in place (no text is decoded, so nothing is allocated per piece); a character cut by a read is carried
    // to the front of the buffer and checked with the next piece.
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, buffer.length - carried, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(carried, carried + bytesRead));
      size += bytesRead;
      const filled = carried + bytesRead;
      const tail = utf8 ? incompleteUtf8Tail(buffer.subarray(0, filled)) : 0;
      if (utf8 && !isUtf8(buffer.subarray(0, filled - tail))) utf8 = false;
      buffer.copy(buffer, 0, filled - tail, filled);
      carried = tail;
    }
    if (carried > 0) utf8 = false;
    return { size, sha256: hash.digest("hex"), encoding: utf8 ? "utf8" : "base64" };
  } finally {
    await handle.close();
  }
}

/** How many bytes at the end of `bytes` start a UTF-8 character that continues past it (0 to 3). */
export function incompleteUtf8Tail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * The `chunk` lines of a staged file, each a complete JSON line: read synchronously a piece at a time, so a caller
 * writing them as they come (the CLI's output layer takes an iterable) holds one chunk at a time.
 */
export function* chunkLines(file: string, encoding: SnapshotEncoding): Generator<string> {
  const fd = openSync(file, "r");
  try {
    const size = encoding === "utf8" ? textChunkBytes : binaryChunkBytes;
    const buffer = Buffer.alloc(size);
    let carried = 0;
    for (;;) {
      const bytesRead = readSync(fd, buffer, carried, size - carried, null);
      const filled = carried + bytesRead;
      if (filled === 0) break;
      if (encoding === "base64") {
        yield `${JSON.stringify({ type: "chunk", data: buffer.toString("base64", 0, filled) })}\n`;
        carried = 0;
      } else {
        // A character cut by the read waits for the next chunk: each chunk is valid text on its own.
        const tail = bytesRead === 0 ? 0 : incompleteUtf8Tail(buffer.subarray(0, filled));
        const end = filled - tail;
        yield `${JSON.stringify({ type: "chunk", data: buffer.toString("utf8", 0, end) })}\n`;
        buffer.copy(buffer, 0, end, filled);
        carried = tail;
      }
      if (bytesRead === 0) break;
    }
  } finally {
    closeSync(fd);
  }
}
