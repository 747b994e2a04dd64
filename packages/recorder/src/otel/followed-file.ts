/**
 * How the live export's thread follows a run's event log: it opens the file the recorder writes (checked to be that
 * file) and, a few times a second, reads what was appended since it last looked — whole lines; a line whose end is
 * not written yet waits for it. The recording thread does nothing for it per write: no copy, no counter, no wake-up.
 * (A ring of shared memory between the two threads cost the recording thread ~4 µs a 3 KB write — cache misses on
 * memory the reader had just read, page faults on a fresh ring's pages — and even a counter stored per write ~2.5 µs,
 * its code and data cold after each pause of the program.)
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { describeFileKind, openWithoutFollowing, openWithoutWaiting } from "../file-kind.js";

/** What the recording thread tells the export's thread of a run's file: once, when it is followed. */
export interface FollowedFileStart {
  readonly runId: string;
  readonly file: string;
  /** The identity of the file the recorder writes: the file opened must be that one. */
  readonly device: number;
  readonly inode: number;
  /**
   * Where following starts: the lines before it (written before the export was attached, or a resumed run's) are not
   * the export's.
   */
  readonly from: number;
}

/** Read at once, at most: a longer line is read in pieces and held until its end comes. */
const readBytes = 1024 * 1024;
let readBuffer: Buffer | undefined;

/** A run's event log, read by the export's thread as it is written. */
export class FollowedFile {
  readonly runId: string;
  readonly file: string;
  private descriptor: number | undefined;
  private position: number;
  private readonly decoder = new TextDecoder();
  /** The start of a line whose end is not read yet. */
  private carry = "";
  /** Why the file cannot be read, once it cannot. */
  failure: string | undefined;

  /** Opens the file (without following a link or waiting on a FIFO) and checks it is the recorder's. */
  constructor(start: FollowedFileStart) {
    this.runId = start.runId;
    this.file = start.file;
    this.position = start.from;
    let descriptor: number | undefined;
    try {
      descriptor = openSync(start.file, constants.O_RDONLY | openWithoutFollowing | openWithoutWaiting);
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) throw new Error(`it is ${describeFileKind(stats)}, not the file the recorder writes`);
      if (stats.dev !== start.device || stats.ino !== start.inode)
        throw new Error("it is not the file the recorder writes (it was replaced)");
      this.descriptor = descriptor;
    } catch (error) {
      if (descriptor !== undefined) closeSync(descriptor);
      this.fail(error);
    }
  }

  /**
   * Hands each whole line appended since the last read to `line`, in order; returns the bytes read. A file that cannot
   * be read (it was cut short under the recorder, or a read failed) is closed, its `failure` set, and read no more.
   */
  read(line: (text: string) => void): number {
    if (this.descriptor === undefined) return 0;
    const start = this.position;
    let end: number;
    try {
      end = fstatSync(this.descriptor).size;
      if (end < this.position) throw new Error(`it was cut to ${end} bytes, from at least ${this.position}`);
    } catch (error) {
      this.fail(error);
      return 0;
    }
    readBuffer ??= Buffer.allocUnsafe(readBytes);
    while (this.position < end) {
      let got: number;
      try {
        got = readSync(this.descriptor, readBuffer, 0, Math.min(end - this.position, readBytes), this.position);
        if (got === 0) throw new Error(`it ends at byte ${this.position}, before the ${end} it had`);
      } catch (error) {
        this.fail(error);
        break;
      }
      this.position += got;
      const bytes = readBuffer.subarray(0, got);
      const lastNewline = bytes.lastIndexOf(10);
      if (lastNewline === -1) {
        this.carry += this.decoder.decode(bytes, { stream: true });
        continue;
      }
      // An LF ends a character: up to it, the bytes decode whole (with any character the last read began).
      const lines = (this.carry + this.decoder.decode(bytes.subarray(0, lastNewline + 1), { stream: true })).split(
        "\n",
      );
      this.carry = this.decoder.decode(bytes.subarray(lastNewline + 1), { stream: true });
      // The last piece of the split is the empty one after the last LF.
      lines.pop();
      for (const text of lines) line(text);
    }
    return this.position - start;
  }

  /** Lets go of the file. */
  close(): void {
    if (this.descriptor !== undefined) closeSync(this.descriptor);
    this.descriptor = undefined;
  }

  private fail(error: unknown): void {
    this.close();
    this.failure ??= `could not read ${this.file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
