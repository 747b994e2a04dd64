import { randomUUID } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { describeFileKind, openWithoutFollowing, openWithoutWaiting } from "../file-kind.js";
import { RecorderError, describeCause } from "./recorder-error.js";

/** A lock this process holds; `release` is idempotent. */
export interface FileLock {
  /** The lock file: `<event log>.lock`. */
  readonly path: string;
  release(): void;
}

/** What a lock file holds: one JSON object, written once and never changed. */
interface LockRecord {
  pid: number;
  hostname: string;
  started_at: string;
  /**
   * The holder process's time origin (`performance.timeOrigin`, the same in every thread and module copy of one
   * process): a lock naming this process's pid but another time origin was left by an earlier process that had the
   * same pid (a container restarted after a crash gets the same small pid again).
   */
  process_started_at: number;
  /** Tells this holder's lock from a later one at the same path, so a release never removes someone else's. */
  nonce: string;
}

const lockAttempts = 5;
/**
 * The most a lock file is read: a record is a pid, a host name (at most 255 bytes), two times and a nonce, about 200
 * bytes. A larger file is no lock a writer made, and is refused without being read.
 */
const lockFileMaxBytes = 4096;

/**
 * Takes the one-writer lock of `file`: `<file>.lock`, created atomically (written beside it, then hard-linked into
 * place, so it never exists half written) and holding pid, host name and start time. A lock whose holder is gone
 * (same host, and `process.kill(pid, 0)` answers ESRCH) is removed and taken; any other lock refuses with an error
 * that names the file and the holder. Removing a stale lock happens under a second lock (`<file>.lock.recovery`), so
 * two writers recovering the same stale lock at once cannot both end up holding it.
 */
export function acquireFileLock(file: string): FileLock {
  const lockPath = `${file}.lock`;
  const record = newLockRecord();
  for (let attempt = 0; attempt < lockAttempts; attempt += 1) {
    if (attempt > 1) pause(attempt * 5);
    if (createExclusively(file, lockPath, record)) return heldLock(lockPath, record.nonce);
    const holder = readLockRecord(file, lockPath);
    if (holder === "gone") continue;
    if (!isHolderGone(holder)) throw lockedError(file, lockPath, holder);
    removeStaleLock(file, lockPath, holder);
  }
  throw new RecorderError(
    "locked",
    file,
    `could not take the lock ${lockPath}: other writers kept taking it (${lockAttempts} attempts)`,
  );
}

function newLockRecord(): LockRecord {
  return {
    pid: process.pid,
    hostname: hostname(),
    started_at: new Date().toISOString(),
    process_started_at: performance.timeOrigin,
    nonce: randomUUID(),
  };
}

/** Waits synchronously (taking a lock is synchronous): only between attempts that lost a race. */
function pause(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

function heldLock(lockPath: string, nonce: string): FileLock {
  let held = true;
  return {
    path: lockPath,
    release(): void {
      if (!held) return;
      held = false;
      // Only our own lock: should it have been judged stale and replaced (a clock or pid mix-up), the new holder's
      // lock stays.
      try {
        const text = readLockText(lockPath, lockPath);
        if (text !== "gone" && (JSON.parse(text) as Partial<LockRecord>).nonce === nonce) unlinkSync(lockPath);
      } catch {
        // Already gone, or unreadable: nothing of ours to remove.
      }
    },
  };
}

/** Creates the lock file with its content in one step; false when it exists already. */
function createExclusively(file: string, lockPath: string, record: LockRecord): boolean {
  const text = `${JSON.stringify(record)}\n`;
  const temporary = `${lockPath}.${record.pid}.${record.nonce}.tmp`;
  try {
    writeNewFile(temporary, text);
  } catch (error) {
    throw new RecorderError("io", file, `could not write the lock file ${temporary}: ${describeCause(error)}`, {
      cause: error,
    });
  }
  try {
    linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    // A file system without hard links: create the lock file directly, still exclusively (its content is then
    // written a moment after it appears; a reader that sees it empty treats it as held).
    if (errorCode(error) !== "EPERM" && errorCode(error) !== "ENOTSUP" && errorCode(error) !== "ENOSYS")
      throw new RecorderError("io", file, `could not create the lock file ${lockPath}: ${describeCause(error)}`, {
        cause: error,
      });
    try {
      writeNewFile(lockPath, text);
      return true;
    } catch (fallbackError) {
      if (errorCode(fallbackError) === "EEXIST") return false;
      throw new RecorderError(
        "io",
        file,
        `could not create the lock file ${lockPath}: ${describeCause(fallbackError)}`,
        { cause: fallbackError },
      );
    }
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Best effort: a leftover temporary file holds no lock.
    }
  }
}

function writeNewFile(filePath: string, text: string): void {
  const descriptor = openSync(
    filePath,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | openWithoutFollowing,
    0o600,
  );
  try {
    writeSync(descriptor, text);
  } finally {
    closeSync(descriptor);
  }
}

/** The lock file's record, "gone" when it vanished meanwhile; an unreadable one is reported as held. */
function readLockRecord(file: string, lockPath: string): LockRecord | "gone" {
  const text = readLockText(file, lockPath);
  if (text === "gone") return "gone";
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const record = value as Partial<LockRecord> | undefined;
  if (
    typeof record !== "object" ||
    record === null ||
    !Number.isSafeInteger(record.pid) ||
    typeof record.hostname !== "string"
  )
    throw new RecorderError(
      "locked",
      file,
      `is locked by ${lockPath}, which does not say who holds it; if no writer is running, delete that file`,
    );
  return {
    pid: record.pid as number,
    hostname: record.hostname,
    started_at: typeof record.started_at === "string" ? record.started_at : "an unknown time",
    process_started_at: typeof record.process_started_at === "number" ? record.process_started_at : Number.NaN,
    nonce: typeof record.nonce === "string" ? record.nonce : "",
  };
}

/**
 * The lock file's text, "gone" when there is none. Read at the moment of use from the descriptor it is opened as:
 * never through a symbolic link (a link to a FIFO would block, one to /dev/zero never end, a dangling one looks like
 * a lock that keeps vanishing), never waiting (a FIFO in its place), and never more than a lock holds. Anything else
 * at the lock's path refuses the lock, naming what it is; it is left as it was found.
 */
function readLockText(file: string, lockPath: string): string | "gone" {
  let descriptor: number;
  try {
    descriptor = openSync(lockPath, constants.O_RDONLY | openWithoutFollowing | openWithoutWaiting);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "gone";
    const link = symbolicLinkTarget(lockPath);
    if (link !== undefined) throw notALockError(file, `${lockPath} is a symbolic link (to ${link})`);
    throw new RecorderError("io", file, `could not read the lock file ${lockPath}: ${describeCause(error)}`, {
      cause: error,
    });
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw notALockError(file, `${lockPath} is ${describeFileKind(stats)}`);
    if (stats.size > lockFileMaxBytes) throw oversizedLockError(file, lockPath, stats.size);
    // One byte more than a lock may hold: a file that grew since the fstat is caught too.
    const buffer = Buffer.alloc(lockFileMaxBytes + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
      if (length === buffer.length)
        throw oversizedLockError(file, lockPath, Math.max(length, fstatSync(descriptor).size));
    }
    return buffer.toString("utf8", 0, length);
  } catch (error) {
    if (error instanceof RecorderError) throw error;
    throw new RecorderError("io", file, `could not read the lock file ${lockPath}: ${describeCause(error)}`, {
      cause: error,
    });
  } finally {
    closeSync(descriptor);
  }
}

/** Where a symbolic link at `linkPath` points, or undefined when there is none (O_NOFOLLOW's ELOOP has other causes). */
function symbolicLinkTarget(linkPath: string): string | undefined {
  try {
    return lstatSync(linkPath).isSymbolicLink() ? readlinkSync(linkPath) : undefined;
  } catch {
    return undefined;
  }
}

function notALockError(file: string, what: string): RecorderError {
  return new RecorderError("locked", file, `cannot take the lock: ${what}, not a lock file a writer made; remove it`);
}

function oversizedLockError(file: string, lockPath: string, size: number): RecorderError {
  return new RecorderError(
    "locked",
    file,
    `cannot take the lock: ${lockPath} is ${size} bytes, more than a lock file holds (at most ${lockFileMaxBytes}); if no writer is running, remove it`,
  );
}

/**
 * True only when the holder certainly is gone: on this host, and either its pid no longer exists, or it is our own
 * pid in an earlier process. A holder on another host, or a pid that exists (even one reused by an unrelated
 * process), is taken to be alive: refusing wrongly costs a manual deletion, taking a live lock costs the file.
 */
function isHolderGone(holder: LockRecord): boolean {
  if (holder.hostname !== hostname()) return false;
  if (holder.pid === process.pid) return holder.process_started_at !== performance.timeOrigin;
  if (holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return errorCode(error) === "ESRCH";
  }
}

function lockedError(file: string, lockPath: string, holder: LockRecord): RecorderError {
  const who =
    holder.pid === process.pid && holder.hostname === hostname()
      ? `this process (pid ${holder.pid})`
      : `pid ${holder.pid} on host ${holder.hostname}`;
  const advice =
    holder.hostname === hostname()
      ? "one writer per file"
      : "one writer per file; if that writer is gone, delete the lock file";
  return new RecorderError(
    "locked",
    file,
    `is already being written by ${who} since ${holder.started_at} (lock file ${lockPath}): ${advice}`,
  );
}

/**
 * Removes a stale lock under the recovery lock: only one recovering writer at a time re-reads the lock and removes
 * it, and only if it is still the same stale record; the caller then competes for the lock like anyone else.
 */
function removeStaleLock(file: string, lockPath: string, stale: LockRecord): void {
  const recoveryPath = `${lockPath}.recovery`;
  if (!createExclusively(file, recoveryPath, newLockRecord())) {
    // Someone else is recovering; if that someone died doing it (a window of microseconds), clear the way.
    const other = readLockRecord(file, recoveryPath);
    if (other !== "gone" && isHolderGone(other)) unlinkQuietly(recoveryPath);
    return;
  }
  try {
    const current = readLockRecord(file, lockPath);
    if (current !== "gone" && current.nonce === stale.nonce && isHolderGone(current)) {
      unlinkQuietly(lockPath);
      removeLeftTemporary(lockPath, current);
    }
  } finally {
    unlinkQuietly(recoveryPath);
  }
}

/**
 * The temporary file a dead holder wrote its lock from, when it was killed between linking the lock into place and
 * removing the temporary one: it holds no lock, but nothing else would ever remove it. Named from the record's pid
 * and nonce only when they are what a writer writes (a number, a UUID): a lock file's content is not trusted to name
 * a path.
 */
function removeLeftTemporary(lockPath: string, holder: LockRecord): void {
  if (
    !Number.isSafeInteger(holder.pid) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(holder.nonce)
  )
    return;
  unlinkQuietly(`${lockPath}.${holder.pid}.${holder.nonce}.tmp`);
}

function unlinkQuietly(filePath: string): void {
  try {
    unlinkSync(filePath);
  } catch {
    // Gone already.
  }
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
