import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from "node:fs";
import path from "node:path";
import { describeFileKind, openWithoutFollowing, openWithoutWaiting } from "../file-kind.js";
import { acquireFileLock, errorCode } from "./file-lock.js";
import { RecorderError, describeCause } from "./recorder-error.js";

/** What {@link repairEventLog} (or opening a recorder) found at the end of an event log, and what it did. */
export interface RepairReport {
  /** The event log. */
  readonly file: string;
  /**
   * `missing`: no file. `empty`: a file of zero bytes. `intact`: it ends with a complete line, nothing was changed.
   * `repaired`: a damaged tail was moved to `quarantineFile`, or a last line that lacked only its newline got one.
   */
  readonly outcome: "missing" | "empty" | "intact" | "repaired";
  /** The `seq` of the last complete line (0 when there is none): a writer continues with the next one. */
  readonly lastSeq: number;
  /** The file's size after the repair: every byte up to the end of the last complete line. */
  readonly size: number;
  /** The sibling file now holding the damaged tail, byte for byte; undefined when nothing was moved. */
  readonly quarantineFile: string | undefined;
  /** How many bytes were moved there (0 when nothing was). */
  readonly quarantinedBytes: number;
  /** True when the last line was a whole event without its terminating newline, and the newline was added. */
  readonly newlineAdded: boolean;
  /**
   * True when `quarantineFile` was made by an earlier repair of this damage that was killed after copying it and
   * before cutting the log: its bytes are the damaged tail's, so it was kept instead of copied again.
   */
  readonly quarantineReused: boolean;
  /**
   * Partial quarantine copies (`<file>.quarantine-<UTC time>.partial`) of earlier repairs that were killed while
   * copying, removed: the bytes they held were still in the log, and are in `quarantineFile` now.
   */
  readonly leftoversRemoved: readonly string[];
}

const newline = 0x0a;
const scanChunkBytes = 64 * 1024;
const copyChunkBytes = 1024 * 1024;

/**
 * Repairs the end of an event log after a crash, taking the file's writer lock for the time it takes (a writer
 * that holds it makes this throw, naming the holder). The damaged tail — a line cut short, NUL bytes a file system
 * left after a power loss, garbage — is everything after the last complete line. It is copied to a sibling file
 * `<file>.quarantine-<UTC time>` (mode 0600, synced before anything else happens), and only then is the event log
 * truncated to its last complete line, so the damaged bytes are never destroyed. A complete line is one that ends
 * with LF and holds a JSON object with a positive integer `seq` and a string `run_id` and `type`; a last line that
 * is such an object but lacks only its LF keeps its bytes and gets the LF. Lines before the last complete one are
 * never read or touched: repair costs the size of the damaged tail, not of the file. Throws a
 * {@link RecorderError} (never a bare system error) that names the file.
 */
export function repairEventLog(file: string): RepairReport {
  const resolved = path.resolve(file);
  const lock = acquireFileLock(resolved);
  try {
    return repairLockedEventLog(resolved);
  } finally {
    lock.release();
  }
}

/** The repair itself, for a caller that holds the file's lock already (the recorder, when it opens a file). */
/** The report on a log with no line to check: none yet, or an empty file. */
function nothingToRepair(file: string, outcome: "missing" | "empty"): RepairReport {
  return {
    file,
    outcome,
    lastSeq: 0,
    size: 0,
    quarantineFile: undefined,
    quarantinedBytes: 0,
    newlineAdded: false,
    quarantineReused: false,
    leftoversRemoved: [],
  };
}

export function repairLockedEventLog(file: string): RepairReport {
  let descriptor: number;
  try {
    // Read and write (for the truncation), never following a symbolic link (the log is ours, not a link's target) and
    // never waiting (a FIFO in its place is refused by the fstat below).
    descriptor = openSync(file, constants.O_RDWR | openWithoutFollowing | openWithoutWaiting);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return nothingToRepair(file, "missing");
    const link = symbolicLink(file);
    if (link !== undefined) throw notARegularFile(file, link);
    throw new RecorderError("io", file, `could not open the event log to check its end: ${describeCause(error)}`, {
      cause: error,
    });
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw notARegularFile(file, stats);
    const size = stats.size;
    if (size === 0) return nothingToRepair(file, "empty");
    const tail = findCompleteEnd(new TailReader(descriptor, file), size);
    if (tail.end === size && !tail.newlineMissing)
      return {
        file,
        outcome: "intact",
        lastSeq: tail.lastSeq,
        size,
        quarantineFile: undefined,
        quarantinedBytes: 0,
        newlineAdded: false,
        quarantineReused: false,
        leftoversRemoved: [],
      };
    let quarantined: Quarantined | undefined;
    if (tail.end < size) {
      quarantined = quarantine(descriptor, file, tail.end, size);
      const quarantineFile = quarantined.file;
      try {
        ftruncateSync(descriptor, tail.end);
        fsyncSync(descriptor);
      } catch (error) {
        throw new RecorderError(
          "io",
          file,
          `could not cut the damaged tail (already copied to ${quarantineFile}): ${describeCause(error)}`,
          { cause: error },
        );
      }
    }
    if (tail.newlineMissing) {
      try {
        writeSync(descriptor, "\n", tail.end);
        fsyncSync(descriptor);
      } catch (error) {
        throw new RecorderError("io", file, `could not end the last line: ${describeCause(error)}`, { cause: error });
      }
    }
    return {
      file,
      outcome: "repaired",
      lastSeq: tail.lastSeq,
      size: tail.end + (tail.newlineMissing ? 1 : 0),
      quarantineFile: quarantined?.file,
      quarantinedBytes: size - tail.end,
      newlineAdded: tail.newlineMissing,
      quarantineReused: quarantined?.reused ?? false,
      leftoversRemoved: quarantined?.leftoversRemoved ?? [],
    };
  } finally {
    closeSync(descriptor);
  }
}

/** The error for an event log path that holds something else than a file: what it is, and that it is left alone. */
export function notARegularFile(file: string, found: Stats | { linkTarget: string }): RecorderError {
  const what = "linkTarget" in found ? `a symbolic link (to ${found.linkTarget})` : describeFileKind(found);
  return new RecorderError("io", file, `is ${what}, not a regular file: an event log is a file of its own`);
}

/** The target of a symbolic link at `file`, or undefined when there is none (O_NOFOLLOW's ELOOP has other causes). */
function symbolicLink(file: string): { linkTarget: string } | undefined {
  try {
    return lstatSync(file).isSymbolicLink() ? { linkTarget: readlinkSync(file) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Walks back from the end of the file, line by line, to the last complete line. Its end is where the damaged tail
 * starts; `newlineMissing` when that line is the very end of the file and a whole event without its LF.
 */
function findCompleteEnd(reader: TailReader, size: number): { end: number; lastSeq: number; newlineMissing: boolean } {
  let end = size;
  while (end > 0) {
    const terminated = reader.byteAt(end - 1) === newline;
    const contentEnd = terminated ? end - 1 : end;
    const start = reader.previousNewline(contentEnd) + 1;
    const seq = completeEventSeq(reader, start, contentEnd);
    if (seq !== undefined) return { end, lastSeq: seq, newlineMissing: !terminated };
    end = start;
  }
  return { end: 0, lastSeq: 0, newlineMissing: false };
}

// A strict decoder: a line with invalid UTF-8 was cut or overwritten, never written by a recorder.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function completeEventSeq(reader: TailReader, start: number, end: number): number | undefined {
  // Cheap checks first: a run of NUL bytes or garbage megabytes long is rejected without being read whole.
  if (end - start < 2 || reader.byteAt(start) !== 0x7b || reader.byteAt(end - 1) !== 0x7d) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(strictUtf8.decode(reader.read(start, end)));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { seq, run_id: runId, type } = value as { seq?: unknown; run_id?: unknown; type?: unknown };
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 1) return undefined;
  if (typeof runId !== "string" || typeof type !== "string") return undefined;
  return seq;
}

/** Reads a file from its end in chunks, keeping the last chunk, for the backward line walk. */
class TailReader {
  private chunk = Buffer.alloc(0);
  private chunkStart = 0;

  constructor(
    private readonly descriptor: number,
    private readonly file: string,
  ) {}

  byteAt(position: number): number {
    if (position < this.chunkStart || position >= this.chunkStart + this.chunk.length) this.load(position);
    return this.chunk[position - this.chunkStart] as number;
  }

  /** The position of the last LF before `before`, or -1. */
  previousNewline(before: number): number {
    let end = before;
    while (end > 0) {
      if (end <= this.chunkStart || end > this.chunkStart + this.chunk.length) this.load(end - 1);
      const found = this.chunk.subarray(0, end - this.chunkStart).lastIndexOf(newline);
      if (found !== -1) return this.chunkStart + found;
      end = this.chunkStart;
    }
    return -1;
  }

  read(start: number, end: number): Buffer {
    const buffer = Buffer.allocUnsafe(end - start);
    readFully(this.descriptor, this.file, buffer, start);
    return buffer;
  }

  /** Loads the chunk that ends just after `position` (or starts at 0). */
  private load(position: number): void {
    const end = position + 1;
    const start = Math.max(0, end - scanChunkBytes);
    const buffer = Buffer.allocUnsafe(end - start);
    readFully(this.descriptor, this.file, buffer, start);
    this.chunk = buffer;
    this.chunkStart = start;
  }
}

function readFully(descriptor: number, file: string, buffer: Buffer, position: number): void {
  let offset = 0;
  while (offset < buffer.length) {
    let read: number;
    try {
      read = readSync(descriptor, buffer, offset, buffer.length - offset, position + offset);
    } catch (error) {
      throw new RecorderError("io", file, `could not read the event log: ${describeCause(error)}`, { cause: error });
    }
    if (read === 0) throw new RecorderError("io", file, "changed size while it was being checked");
    offset += read;
  }
}

/** Where the damaged tail went, and what an interrupted earlier repair had left. */
interface Quarantined {
  readonly file: string;
  readonly reused: boolean;
  readonly leftoversRemoved: readonly string[];
}

const partialSuffix = ".partial";

/**
 * Copies bytes [start, end) to a new sibling quarantine file, synced, and returns its path. The copy is written as
 * `<quarantine file>.partial` and given its name only once it is whole and synced, so a file of that name is always
 * a complete copy: a repair killed while copying leaves a `.partial` file, which the next repair of the log removes
 * (the caller holds the log's lock, so no repair is writing it); one killed after copying, before cutting the log,
 * leaves a complete copy of the same bytes, which the next repair finds and uses. A copy that fails (a full disk) is
 * removed: the log and its folder are left as they were.
 */
function quarantine(descriptor: number, file: string, start: number, end: number): Quarantined {
  const { leftoversRemoved, earlierCopy } = lookAtEarlierCopies(descriptor, file, start, end);
  if (earlierCopy !== undefined) return { file: earlierCopy, reused: true, leftoversRemoved };
  const stamp = new Date().toISOString().replace(/[-:.]/g, "");
  let target = `${file}.quarantine-${stamp}`;
  let output: number | undefined;
  for (let attempt = 2; output === undefined; attempt += 1) {
    try {
      output = openSync(
        `${target}${partialSuffix}`,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | openWithoutFollowing,
        0o600,
      );
    } catch (error) {
      if (errorCode(error) !== "EEXIST" || attempt > 1000)
        throw new RecorderError(
          "io",
          file,
          `could not create the quarantine file ${target}${partialSuffix}: ${describeCause(error)}`,
          { cause: error },
        );
      target = `${file}.quarantine-${stamp}-${attempt}`;
    }
  }
  const partial = `${target}${partialSuffix}`;
  try {
    try {
      const buffer = Buffer.allocUnsafe(Math.min(copyChunkBytes, end - start));
      for (let position = start; position < end;) {
        const length = Math.min(buffer.length, end - position);
        readFully(descriptor, file, buffer.subarray(0, length), position);
        let written = 0;
        while (written < length) written += writeSync(output, buffer, written, length - written);
        position += length;
      }
      fsyncSync(output);
    } finally {
      closeSync(output);
    }
    target = publish(partial, target, file, stamp);
  } catch (error) {
    const left = removeQuietly(partial)
      ? "nothing was changed (the partial copy was removed)"
      : `nothing was changed, but the partial copy could not be removed: it is left at ${partial}`;
    if (error instanceof RecorderError)
      throw new RecorderError(error.code, file, `${error.message.slice(file.length + 2)}; ${left}`, { cause: error });
    throw new RecorderError(
      "io",
      file,
      `could not write the quarantine file ${partial}: ${describeCause(error)}; ${left}`,
      {
        cause: error,
      },
    );
  }
  syncDirectory(path.dirname(file));
  return { file: target, reused: false, leftoversRemoved };
}

/**
 * Gives the whole, synced copy its name without replacing a file that has it (a hard link, then the partial name
 * removed; a rename where the file system has no hard links), trying the next free name if it is taken.
 */
function publish(partial: string, target: string, file: string, stamp: string): string {
  for (let attempt = 2; ; attempt += 1) {
    try {
      linkSync(partial, target);
      removeQuietly(partial);
      return target;
    } catch (error) {
      const code = errorCode(error);
      if (code === "EEXIST" && attempt <= 1000) {
        target = `${file}.quarantine-${stamp}-${attempt}`;
        continue;
      }
      if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") {
        renameSync(partial, target);
        return target;
      }
      throw error;
    }
  }
}

/**
 * The quarantine files beside `file` that earlier repairs left: every `.partial` copy is removed (a repair killed
 * while copying; the caller holds the lock, so none is being written), and the first complete copy that holds
 * exactly the bytes [start, end) of the log is the earlier copy to use. Any other copy is an earlier repair's record
 * of other damage, and stays. A folder that cannot be listed is no reason not to repair: nothing is found then.
 */
function lookAtEarlierCopies(
  descriptor: number,
  file: string,
  start: number,
  end: number,
): { leftoversRemoved: string[]; earlierCopy: string | undefined } {
  const folder = path.dirname(file);
  const prefix = `${path.basename(file)}.quarantine-`;
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.startsWith(prefix));
  } catch {
    return { leftoversRemoved: [], earlierCopy: undefined };
  }
  names.sort();
  const leftoversRemoved: string[] = [];
  let earlierCopy: string | undefined;
  for (const name of names) {
    const candidate = path.join(folder, name);
    if (name.endsWith(partialSuffix)) {
      if (removeQuietly(candidate)) leftoversRemoved.push(candidate);
    } else if (earlierCopy === undefined && holdsSameBytes(candidate, descriptor, file, start, end))
      earlierCopy = candidate;
  }
  return { leftoversRemoved, earlierCopy };
}

/** Whether `candidate` is a regular file holding exactly the bytes [start, end) of the log; false when unsure. */
function holdsSameBytes(candidate: string, descriptor: number, file: string, start: number, end: number): boolean {
  let copy: number;
  try {
    copy = openSync(candidate, constants.O_RDONLY | openWithoutFollowing | openWithoutWaiting);
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(copy);
    if (!stats.isFile() || stats.size !== end - start) return false;
    const length = Math.min(copyChunkBytes, end - start);
    const fromLog = Buffer.allocUnsafe(length);
    const fromCopy = Buffer.allocUnsafe(length);
    for (let position = start; position < end;) {
      const chunk = Math.min(length, end - position);
      readFully(descriptor, file, fromLog.subarray(0, chunk), position);
      let read = 0;
      while (read < chunk) {
        const count = readSync(copy, fromCopy, read, chunk - read, position - start + read);
        if (count === 0) return false;
        read += count;
      }
      if (!fromLog.subarray(0, chunk).equals(fromCopy.subarray(0, chunk))) return false;
      position += chunk;
    }
    return true;
  } catch (error) {
    // The log's own read errors are the repair's to report.
    if (error instanceof RecorderError) throw error;
    return false;
  } finally {
    closeSync(copy);
  }
}

/** Removes a file; false when it could not be removed (it is gone already counts as removed). */
function removeQuietly(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch (error) {
    return errorCode(error) === "ENOENT";
  }
}

/** Makes a new directory entry durable; not every platform can open a directory (Windows), and that is fine. */
export function syncDirectory(directory: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(directory, constants.O_RDONLY);
    fsyncSync(descriptor);
  } catch {
    // Best effort.
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
