// Cutting a patch into lines as its bytes arrive, in memory bounded by one long line's segment: a binary patch can be
// hundreds of megabytes and a minified file's line as long as the file. The scanner and the patch's structure reader
// both read patches through this, so they agree on where every line starts.

/** A piece of one line: the whole line, or a segment of a long one. Never includes the line feed. */
export interface LineSegment {
  /** A view into the pushed data (or a copy of what a previous push left over): valid until the next push. */
  bytes: Buffer;
  /** This segment begins its line. */
  start: boolean;
  /** This segment ends its line (a line feed followed it). */
  end: boolean;
}

export class PatchLineSplitter {
  private pending = Buffer.alloc(0);
  private lineStarted = false;

  /** @param maxLineBytes A line longer than this is handed on in segments of about this size. */
  constructor(private readonly maxLineBytes: number) {}

  /** The segments `data` completes or, for a long line, fills: its complete lines are views into it. */
  *push(data: Buffer): Generator<LineSegment> {
    let start = 0;
    let lineFeed = data.indexOf(0x0a);
    if (this.pending.length > 0 && lineFeed >= 0) {
      yield { bytes: Buffer.concat([this.pending, data.subarray(0, lineFeed)]), start: !this.lineStarted, end: true };
      this.pending = Buffer.alloc(0);
      this.lineStarted = false;
      start = lineFeed + 1;
      lineFeed = data.indexOf(0x0a, start);
    }
    for (; lineFeed >= 0; lineFeed = data.indexOf(0x0a, start)) {
      yield { bytes: data.subarray(start, lineFeed), start: !this.lineStarted, end: true };
      this.lineStarted = false;
      start = lineFeed + 1;
    }
    if (start < data.length) this.pending = Buffer.concat([this.pending, data.subarray(start)]);
    if (this.pending.length > this.maxLineBytes) {
      yield { bytes: this.pending, start: !this.lineStarted, end: false };
      this.lineStarted = true;
      this.pending = Buffer.alloc(0);
    }
  }

  /** What is left: a last line without a line feed (git always ends one; a hand-made patch may not). */
  *end(): Generator<LineSegment> {
    if (this.pending.length > 0 || this.lineStarted)
      yield { bytes: this.pending, start: !this.lineStarted, end: false };
    this.pending = Buffer.alloc(0);
    this.lineStarted = false;
  }
}
