/**
 * A file of JSON lines read as it grows, for `tail -f` on an agent's session (the recorder's follower reads event
 * logs only: it parses each line as an event). Polled, not watched: a poll looks at the name and at the open file, so
 * a rotation (another file under the name), a truncation and a deletion are each seen and said, on every platform
 * and file system, where inotify-style watches miss renames and network file systems. Each poll reads what was
 * appended since the last: complete lines are handed out, a last line without its line feed is held until the
 * feed comes, and a line longer than the limit is reported and skipped, not held. Opened without ever blocking and
 * judged by the opened descriptor, so a FIFO or a device swapped in is refused, not waited on.
 */
import type { Stats } from "node:fs";
import { stat, type FileHandle } from "node:fs/promises";
import { openRegularFile } from "@agent-transcript/recorder/reader";
import { describeFileType } from "./open.js";

/** One complete line of the followed file. */
export interface FollowedLine {
  /** 1-based, counted from the start of the file now followed (a restart counts from 1 again). */
  line: number;
  text: string;
  /** Why the line could not be read as text (it is not UTF-8); `text` is then empty. */
  error?: string;
}

/** Something that happened to the file as a whole, said as it is found. */
export type FollowNotice =
  /** The file is shorter than what was read: it is read again from its start. */
  | { kind: "truncated"; message: string }
  /** Another file has the name now (a rotation, or a file that came back after a deletion): read from its start. */
  | { kind: "replaced"; message: string }
  /** The name is gone; what is still written to the open file is read meanwhile. */
  | { kind: "deleted"; message: string }
  /** A line longer than the limit: skipped up to its line feed, never held whole. */
  | { kind: "line-too-long"; line: number; message: string };

/** What one poll found. */
export interface FollowStep {
  /** Complete lines appended since the last poll (after a restart, the new file's lines from its start). */
  lines: FollowedLine[];
  notices: FollowNotice[];
  /** The file is read from its start again: what was made of the earlier lines no longer holds. */
  restarted: boolean;
  /** Bytes were read (a held unfinished line counts as growth). */
  grew: boolean;
  /** The name is gone and no file has appeared under it since. */
  deleted: boolean;
}

/** Thrown when the file (or what replaced it) cannot be read at all: the message says why, naming the file. */
export class FollowError extends Error {}

/** Bytes per read: a poll reads all that was appended, in reads this large. */
const readChunkBytes = 1024 * 1024;

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true });

export class LineFollower {
  private handle: FileHandle | undefined;
  /** Bytes of the open file consumed: complete lines, and the unfinished line's bytes held (or skipped) so far. */
  private position = 0;
  private completedLines = 0;
  /** The unfinished last line's bytes; empty while a too-long line is being skipped. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** A line past the limit is being skipped up to its line feed. */
  private skipping = false;
  private deleted = false;
  private readonly buffer = Buffer.allocUnsafe(readChunkBytes);

  constructor(
    private readonly path: string,
    private readonly maxLineBytes: number,
  ) {}

  /** Opens the file; a FollowError says why it cannot be followed (missing, a FIFO, a device, a folder). */
  async start(): Promise<void> {
    let opened: FileHandle | string;
    try {
      opened = await openRegularFile(this.path, describeFileType);
    } catch (error) {
      throw new FollowError(`${this.path}: cannot read: ${describeOpenError(error)}`);
    }
    if (typeof opened === "string")
      throw new FollowError(`${this.path}: cannot follow: it is ${opened}, not a regular file`);
    this.handle = opened;
  }

  async close(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  /** Looks at the name and the file, and reads what was appended since the last poll. */
  async poll(): Promise<FollowStep> {
    const handle = this.handle;
    if (handle === undefined) throw new FollowError(`${this.path}: not opened`);
    const step: FollowStep = { lines: [], notices: [], restarted: false, grew: false, deleted: false };
    let named: Stats | undefined;
    try {
      named = await stat(this.path);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if ((code === "ENOENT" || code === "ENOTDIR") && !this.deleted) {
        this.deleted = true;
        step.notices.push({
          kind: "deleted",
          message: `${this.path} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)`,
        });
      }
    }
    const held = await handle.stat();
    if (named !== undefined && (named.ino !== held.ino || named.dev !== held.dev)) {
      const why = this.deleted ? "it had been deleted" : "another file has its name now";
      let replacement: FileHandle | string;
      try {
        replacement = await openRegularFile(this.path, describeFileType);
      } catch (error) {
        // Gone again since it was looked at: the next poll sees what is there then.
        if ((error as { code?: unknown }).code === "ENOENT") return { ...step, deleted: this.deleted };
        throw new FollowError(
          `${this.path}: cannot open the file that replaced the one followed: ${describeOpenError(error)}`,
        );
      }
      if (typeof replacement === "string")
        throw new FollowError(
          `${this.path} was replaced by ${replacement}, not a regular file: only a file is followed`,
        );
      await handle.close().catch(() => undefined);
      this.handle = replacement;
      this.deleted = false;
      this.restart();
      step.restarted = true;
      step.notices.push({ kind: "replaced", message: `${this.path} was replaced; reading it from the start (${why})` });
      return this.read(step);
    }
    if (named !== undefined) this.deleted = false;
    step.deleted = this.deleted;
    if (held.size < this.position) {
      step.notices.push({
        kind: "truncated",
        message: `${this.path} was truncated; reading it from the start (it is now ${held.size} bytes, shorter than the ${this.position} bytes already read)`,
      });
      this.restart();
      step.restarted = true;
    }
    return this.read(step);
  }

  /**
   * The last line without its line feed, for a reading that ends here (without -f the file's last line need not have
   * one); undefined when there is none, or it is being skipped for its length.
   */
  unfinishedLine(): FollowedLine | undefined {
    if (this.skipping || this.pendingBytes === 0) return undefined;
    const bytes = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.completedLines += 1;
    return this.lineOf(bytes);
  }

  private restart(): void {
    this.position = 0;
    this.completedLines = 0;
    this.pending = [];
    this.pendingBytes = 0;
    this.skipping = false;
  }

  /** Reads to the end of the open file as it is now, splitting what comes into lines. */
  private async read(step: FollowStep): Promise<FollowStep> {
    const handle = this.handle as FileHandle;
    for (;;) {
      const { bytesRead } = await handle.read(this.buffer, 0, this.buffer.length, this.position);
      if (bytesRead === 0) return step;
      step.grew = true;
      this.position += bytesRead;
      this.split(this.buffer.subarray(0, bytesRead), step);
      if (bytesRead < this.buffer.length) return step;
    }
  }

  private split(chunk: Buffer, step: FollowStep): void {
    let start = 0;
    for (;;) {
      const feed = chunk.indexOf(0x0a, start);
      const end = feed === -1 ? chunk.length : feed;
      if (!this.skipping) {
        const piece = chunk.subarray(start, end);
        if (this.pendingBytes + piece.length > this.maxLineBytes) {
          // Reported as soon as it passes the limit: held no further, skipped up to its line feed.
          this.skipping = true;
          step.notices.push({
            kind: "line-too-long",
            line: this.completedLines + 1,
            message: `line ${this.completedLines + 1} is longer than ${this.maxLineBytes} bytes (--max-input-size); skipped`,
          });
          this.pending = [];
          this.pendingBytes = 0;
        } else if (piece.length > 0) {
          // Copied: the read buffer is reused by the next read.
          this.pending.push(Buffer.from(piece));
          this.pendingBytes += piece.length;
        }
      }
      if (feed === -1) return;
      this.completedLines += 1;
      if (this.skipping) this.skipping = false;
      else step.lines.push(this.lineOf(Buffer.concat(this.pending, this.pendingBytes)));
      this.pending = [];
      this.pendingBytes = 0;
      start = feed + 1;
    }
  }

  private lineOf(bytes: Buffer): FollowedLine {
    const line = this.completedLines;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    const start = line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    try {
      return { line, text: fatalUtf8.decode(bytes.subarray(start, end)) };
    } catch {
      return { line, text: "", error: "not valid UTF-8 text" };
    }
  }
}

function describeOpenError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return "no such file (ENOENT)";
  if (code === "EACCES" || code === "EPERM") return `permission denied (${code})`;
  if (code === "ENXIO") return "is a socket or a device with nothing behind it, not a file";
  return error instanceof Error ? error.message : String(error);
}
