// The secret scanner over a snapshot: core's redactor, run on text a piece at a time so a file of any size is
// scanned in bounded memory. Text is decoded as latin1, one character per byte: every secret pattern is ASCII, so
// nothing is found or missed because of the decoding, and a redacted piece encodes back to exactly the bytes it came
// from except where a secret was replaced.
import type { Redactor } from "@agent-transcript/core/redact";

export type RuleCounts = Record<string, number>;

export function addCounts(into: RuleCounts, counts: Readonly<RuleCounts>): void {
  for (const [rule, count] of Object.entries(counts)) into[rule] = (into[rule] ?? 0) + count;
}

export function countTotal(counts: Readonly<RuleCounts>): number {
  let total = 0;
  for (const count of Object.values(counts)) total += count;
  return total;
}

/** How much text is scanned at once: a piece ends at a line end, so a secret on one line is never cut. */
export const scanPieceBytes = 1024 * 1024;

/** How far past a piece's size it may grow to keep a private key (the one secret spanning lines) whole. */
const privateKeySlack = 64 * 1024;

/**
 * Where to cut `buffer` (already `scanPieceBytes` or more) so the piece before the cut is whole lines and holds no
 * half of a PEM private key: after the last line feed, or before the last `-----BEGIN` that has no `-----END` after
 * it when that is not the piece's start. A buffer with no line feed at all is cut where it is (a line longer than a
 * piece is scanned in pieces; no secret pattern is that long).
 */
export function scanCut(buffer: Buffer, final: boolean): number {
  if (final) return buffer.length;
  const limit = Math.min(buffer.length, scanPieceBytes + privateKeySlack);
  const lastLineFeed = buffer.lastIndexOf(0x0a, limit - 1);
  if (lastLineFeed < 0) return Math.min(buffer.length, scanPieceBytes);
  let cut = lastLineFeed + 1;
  const begin = buffer.lastIndexOf("-----BEGIN", cut - 1);
  if (begin >= 0) {
    const end = buffer.indexOf("-----END", begin);
    const lineStart = buffer.lastIndexOf(0x0a, begin) + 1;
    if ((end < 0 || end >= cut) && lineStart > 0) cut = lineStart;
  }
  return cut;
}

/** How much a scanner holds before cutting a piece. */
export const scanBufferBytes = scanPieceBytes + privateKeySlack;

/** Scans (and, when asked, redacts) one piece of latin1-decoded text. */
export function scanPiece(redactor: Redactor, bytes: Buffer, redact: boolean): { counts: RuleCounts; output: Buffer } {
  const { text, counts } = redactor.redactString(bytes.toString("latin1"));
  const found = countTotal(counts) > 0;
  return { counts, output: redact && found ? Buffer.from(text, "latin1") : bytes };
}

/** git's own test for binary content: a NUL byte in the first 8,000 bytes. */
export function looksBinary(head: Buffer): boolean {
  return head.subarray(0, 8000).includes(0);
}
