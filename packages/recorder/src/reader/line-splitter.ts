/**
 * Bytes in, LF-terminated lines out, in constant memory: the framing under the streaming event log reader.
 *
 * Chunks arrive in any size (a 1-byte stream, a 1 MiB file read) and lines cross their boundaries. A line found whole
 * inside one chunk is handed over as a view of that chunk, copying nothing; only the unfinished tail of a chunk is
 * copied (the caller may reuse its read buffer), and a line spread over several chunks is joined once, when its LF
 * arrives. A line that grows beyond `maxLineBytes` is dropped as soon as it does and skipped up to its LF without
 * being kept, so a multi-gigabyte line without newlines costs no memory. Byte offsets count from the start of the
 * input (after decompression): the offset of a line is where its first byte is.
 */
import { isUtf8 } from "node:buffer";

/** Receives the lines a {@link LineSplitter} finds. Called synchronously from `push` and `end`. */
export interface LineHandler {
  /**
   * One line, `bytes[start, end)`, without its LF. `terminated` is false only for the last line of the input when no
   * LF followed it: what a writer killed mid-line leaves. `knownUtf8` is true when the line's bytes are already known
   * to be well-formed UTF-8 (they were checked with the rest of their chunk), so the handler need not check again.
   */
  lineBytes(
    bytes: Buffer,
    start: number,
    end: number,
    line: number,
    offset: number,
    terminated: boolean,
    knownUtf8: boolean,
  ): void;
  /** A line longer than the limit: `length` bytes (at least that many when not terminated), skipped unread. */
  overlongLine(line: number, offset: number, length: number, terminated: boolean): void;
}

export class LineSplitter {
  /** The pieces of the unfinished line, copied out of the chunks they came in. */
  private pieces: Buffer[] = [];
  private pendingLength = 0;
  /** Inside a line already known to be too long: its bytes are counted, not kept. */
  private skipping = false;
  /** Lines completed so far; the unfinished line is number `lines + 1`. */
  private lines = 0;
  /** Offset of the first byte of the unfinished line: everything before it has been handed over. */
  private lineStart = 0;
  /** The input ended inside a line (no LF after its last bytes), handed over as an unterminated last line. */
  private endedInsideLine = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly handler: LineHandler,
  ) {}

  /** Offset just past the last complete line: where a reader that lost the unfinished line would start again. */
  get committedOffset(): number {
    return this.lineStart;
  }

  /** Lines handed over so far (blank and refused ones included). */
  get completedLines(): number {
    return this.lines;
  }

  /** Whether the input ended inside a line: its last line had no LF (a torn tail, or a writer not done yet). */
  get endedWithoutNewline(): boolean {
    return this.endedInsideLine;
  }

  /**
   * Starts counting at a later point of the same input: `lines` lines before it, and its first byte at `offset`
   * (the start of a line). Only before the first push.
   */
  startAt(lines: number, offset: number): void {
    this.lines = lines;
    this.lineStart = offset;
  }

  /** Bytes of the unfinished line seen so far (kept, or counted while skipping an over-long one). */
  get pendingBytes(): number {
    return this.pendingLength;
  }

  /** The unfinished line's bytes, or undefined while skipping an over-long line (they were not kept). */
  pendingContent(): Buffer | undefined {
    if (this.skipping) return undefined;
    return this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces, this.pendingLength);
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    let start = 0;
    if (this.pendingLength > 0 || this.skipping) {
      const newline = chunk.indexOf(0x0a);
      if (newline === -1) {
        this.keep(chunk, 0);
        return;
      }
      this.finishPending(chunk, newline);
      start = newline + 1;
    }
    const maxLineBytes = this.maxLineBytes;
    const handler = this.handler;
    let newline = chunk.indexOf(0x0a, start);
    // The complete lines of the chunk are checked for well-formed UTF-8 together, with one native call (an LF is never
    // part of a multi-byte character, so each line of well-formed bytes is well-formed too); a line of a chunk that
    // fails is checked on its own by the handler, which then finds where.
    const knownUtf8 = newline !== -1 && isUtf8(chunk.subarray(start, chunk.lastIndexOf(0x0a)));
    // The hot loop: one native search per line, the line handed over as a view of the chunk.
    while (newline !== -1) {
      this.lines += 1;
      if (newline - start > maxLineBytes) handler.overlongLine(this.lines, this.lineStart, newline - start, true);
      else handler.lineBytes(chunk, start, newline, this.lines, this.lineStart, true, knownUtf8);
      this.lineStart += newline - start + 1;
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) this.keep(chunk, start);
  }

  /** The input is over: hands over the unfinished line, if any, as an unterminated last line. */
  end(): void {
    if (this.pendingLength === 0 && !this.skipping) return;
    this.endedInsideLine = true;
    this.lines += 1;
    const length = this.pendingLength;
    if (this.skipping) this.handler.overlongLine(this.lines, this.lineStart, length, false);
    else {
      const content = this.pendingContent() as Buffer;
      this.handler.lineBytes(content, 0, content.length, this.lines, this.lineStart, false, false);
    }
    this.lineStart += length;
    this.reset();
  }

  /**
   * Forgets the unfinished line (a follower saw the writer replace it) and returns how many bytes it had; reading
   * goes on at {@link committedOffset} with the same line number.
   */
  discardPending(): number {
    const length = this.pendingLength;
    this.reset();
    return length;
  }

  /**
   * Starts again at line 1 and offset 0, the unfinished line forgotten: a follower reads a file that replaced the one
   * it was reading from its start (hand over the old file's unfinished line with {@link end} first).
   */
  restart(): void {
    this.reset();
    this.lines = 0;
    this.lineStart = 0;
    this.endedInsideLine = false;
  }

  private reset(): void {
    this.pieces = [];
    this.pendingLength = 0;
    this.skipping = false;
  }

  /** Keeps `chunk[start..]` as part of the unfinished line, or only counts it once the line is too long. */
  private keep(chunk: Buffer, start: number): void {
    const length = chunk.length - start;
    this.pendingLength += length;
    if (this.skipping) return;
    if (this.pendingLength > this.maxLineBytes) {
      this.pieces = [];
      this.skipping = true;
      return;
    }
    // A copy: the caller may reuse the chunk's memory for its next read.
    this.pieces.push(Buffer.from(chunk.subarray(start)));
  }

  /** The unfinished line ends at `chunk[newline]`. */
  private finishPending(chunk: Buffer, newline: number): void {
    this.lines += 1;
    const length = this.pendingLength + newline;
    if (this.skipping || length > this.maxLineBytes) {
      this.handler.overlongLine(this.lines, this.lineStart, length, true);
    } else {
      this.pieces.push(chunk.subarray(0, newline));
      const content = Buffer.concat(this.pieces, length);
      this.handler.lineBytes(content, 0, length, this.lines, this.lineStart, true, false);
    }
    this.lineStart += length + 1;
    this.reset();
  }
}
