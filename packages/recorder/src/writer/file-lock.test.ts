import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram, startProgram, transpilePackage, type TranspiledPackage } from "./child-processes.test.helpers.js";
import { createRecorder } from "./recorder.js";
import { RecorderError } from "./recorder-error.js";
import { repairEventLog } from "./repair.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-lock-"));
let transpiled: TranspiledPackage;
beforeAll(() => {
  transpiled = transpilePackage();
});
afterAll(() => {
  transpiled.remove();
  rmSync(scratch, { recursive: true, force: true });
});

let roots = 0;
const newRoot = (): string => path.join(scratch, `root-${(roots += 1)}`);
const runId = "550e8400-e29b-41d4-a716-446655440000";
const step = { type: "step.started", path: "a", payload: { name: "a", kind: "agent" } } as const;

function lockError(action: () => unknown): RecorderError {
  try {
    action();
  } catch (error) {
    if (error instanceof RecorderError) return error;
    throw error;
  }
  throw new Error("expected a RecorderError");
}

/** A lock file as another process would have left it. */
function writeLock(root: string, record: Record<string, unknown>): string {
  const folder = path.join(root, "transcripts");
  mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, `${runId}.jsonl.lock`);
  writeFileSync(lock, `${JSON.stringify(record)}\n`);
  return lock;
}

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

describe("one writer per file", () => {
  it("refuses a second writer in the same process, naming the file and this process", async () => {
    const root = newRoot();
    const first = createRecorder({ root, runId });
    const error = lockError(() => createRecorder({ root, runId }));
    expect(error.code).toBe("locked");
    expect(error.message).toMatch(
      new RegExp(
        `^${first.file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: is already being written by this process \\(pid ${process.pid}\\) since \\S+ \\(lock file .*\\.jsonl\\.lock\\): one writer per file$`,
      ),
    );
    // repair, which truncates, is refused as well while a writer holds the file.
    expect(() => repairEventLog(first.file)).toThrow(/is already being written by this process/);
    await first.close();
    const second = createRecorder({ root, runId });
    expect(second.append(step)).toBe(1);
    await second.close();
    expect(existsSync(`${second.file}.lock`)).toBe(false);
  });

  it("refuses a writer while another process holds the file, naming that process", async () => {
    const root = newRoot();
    const holder = startProgram(transpiled.program, ["hold", root, runId]);
    await holder.ready;
    const error = lockError(() => createRecorder({ root, runId }));
    expect(error.code).toBe("locked");
    expect(error.message).toContain(`is already being written by pid ${holder.pid} on host ${hostname()}`);
    holder.endInput();
    const finished = await holder.finished;
    expect(finished.code).toBe(0);
    // Released by the holder's close: the file is ours now.
    const recorder = createRecorder({ root, runId });
    await recorder.close();
  });

  it("is refused in another process while this one writes", async () => {
    const root = newRoot();
    const recorder = createRecorder({ root, runId });
    const finished = await runProgram(transpiled.program, ["open", root, runId]);
    const answer = JSON.parse(finished.stdout) as { ok: boolean; code: string; message: string };
    expect(answer).toMatchObject({ ok: false, code: "locked" });
    expect(answer.message).toContain(`${recorder.file}: is already being written by pid ${process.pid} on host`);
    await recorder.close();
  });

  it("takes over a lock whose process is gone", async () => {
    const root = newRoot();
    const pid = deadPid();
    writeLock(root, { pid, hostname: hostname(), started_at: "2026-01-01T00:00:00.000Z", nonce: "old" });
    const recorder = createRecorder({ root, runId });
    expect(recorder.append(step)).toBe(1);
    const lock = JSON.parse(readFileSync(`${recorder.file}.lock`, "utf8")) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    await recorder.close();
    // No temporary or recovery files are left behind.
    expect(readdirSync(path.join(root, "transcripts"))).toEqual([`${runId}.jsonl`]);
  });

  it("removes the temporary file a dead holder wrote its lock from, and nothing a hostile lock names", async () => {
    const root = newRoot();
    const pid = deadPid();
    const nonce = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const lock = writeLock(root, { pid, hostname: hostname(), started_at: "2026-01-01T00:00:00.000Z", nonce });
    // Killed after linking its lock into place and before removing the file it was written as.
    writeFileSync(`${lock}.${pid}.${nonce}.tmp`, readFileSync(lock));
    const recorder = createRecorder({ root, runId });
    await recorder.close();
    expect(readdirSync(path.join(root, "transcripts"))).toEqual([`${runId}.jsonl`]);

    // A lock whose nonce is a path: the stale lock is taken over, and the file it names is left where it is.
    const other = newRoot();
    const bait = path.join(other, "keep.tmp");
    mkdirSync(other, { recursive: true });
    writeFileSync(bait, "not ours");
    const hostile = writeLock(other, { pid, hostname: hostname(), started_at: "then", nonce: "x/../../keep" });
    // The folder its nonce needs to lead out of transcripts/ to the bait.
    mkdirSync(`${hostile}.${pid}.x`);
    const again = createRecorder({ root: other, runId });
    await again.close();
    expect(readFileSync(bait, "utf8")).toBe("not ours");
  });

  it("takes over a lock left by an earlier process that had this pid (a restarted container)", async () => {
    const root = newRoot();
    writeLock(root, {
      pid: process.pid,
      hostname: hostname(),
      started_at: "2026-01-01T00:00:00.000Z",
      process_started_at: performance.timeOrigin - 60_000,
      nonce: "old",
    });
    const recorder = createRecorder({ root, runId });
    await recorder.close();
    expect(recorder.stats.events).toBe(0);
  });

  it("refuses a lock held on another host, saying how to clear it", () => {
    const root = newRoot();
    const lock = writeLock(root, { pid: 1, hostname: "build-07", started_at: "2026-01-01T00:00:00.000Z", nonce: "x" });
    const error = lockError(() => createRecorder({ root, runId }));
    expect(error.message).toContain(
      `is already being written by pid 1 on host build-07 since 2026-01-01T00:00:00.000Z (lock file ${lock}): one writer per file; if that writer is gone, delete the lock file`,
    );
  });

  it("refuses a lock file that does not say who holds it", () => {
    const root = newRoot();
    const lock = writeLock(root, {});
    writeFileSync(lock, "garbage");
    expect(lockError(() => createRecorder({ root, runId })).message).toContain(
      `is locked by ${lock}, which does not say who holds it; if no writer is running, delete that file`,
    );
  });

  it("leaves a lock alone that it no longer owns", async () => {
    const root = newRoot();
    const recorder = createRecorder({ root, runId });
    const lock = `${recorder.file}.lock`;
    // Someone replaced the lock (here by hand): closing must not delete theirs.
    writeFileSync(lock, JSON.stringify({ pid: 1, hostname: "elsewhere", started_at: "now", nonce: "theirs" }));
    await recorder.close();
    expect(existsSync(lock)).toBe(true);
  });
});

describe("a lock path that holds no lock a writer made", () => {
  // The writer runs in a child process: a lock read that blocks (a FIFO) would stop this process's thread for good.
  // A child still running after this long is killed, and the test fails naming the hang.
  const hangLimitMs = 20_000;
  const logFile = (root: string): string => path.join(root, "transcripts", `${runId}.jsonl`);

  /** The lock path of a new root's log, its folder created, nothing in it. */
  function emptyLockPath(root: string): string {
    mkdirSync(path.join(root, "transcripts"), { recursive: true });
    return `${logFile(root)}.lock`;
  }

  function makeFifo(fifo: string): string {
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    return fifo;
  }

  /** What the writer (`open`) or `repairEventLog` (`repair`) answered in a child process. */
  async function answerOf(
    mode: "open" | "repair",
    root: string,
  ): Promise<{ ok: boolean; code?: string; message?: string }> {
    const args = mode === "open" ? ["open", root, runId] : ["repair", logFile(root)];
    const finished = await runProgram(transpiled.program, args, hangLimitMs);
    expect(finished.signal, `${mode} hung on the lock (killed after ${hangLimitMs} ms)`).toBeNull();
    expect(finished.stderr).toBe("");
    return JSON.parse(finished.stdout) as { ok: boolean; code?: string; message?: string };
  }

  async function expectRefusedByBoth(root: string, reason: string): Promise<void> {
    const expected = { ok: false, code: "locked", message: `${logFile(root)}: cannot take the lock: ${reason}` };
    expect(await answerOf("open", root)).toEqual(expected);
    expect(await answerOf("repair", root)).toEqual(expected);
    // Refused as it was found: no log created, nothing beside the lock.
    expect(existsSync(logFile(root))).toBe(false);
  }

  it("refuses a lock that is a symbolic link to a FIFO at once, naming the link, and leaves both alone", async () => {
    const root = newRoot();
    const lock = emptyLockPath(root);
    const fifo = makeFifo(path.join(scratch, `fifo-${roots}`));
    symlinkSync(fifo, lock);
    await expectRefusedByBoth(
      root,
      `${lock} is a symbolic link (to ${fifo}), not a lock file a writer made; remove it`,
    );
    expect(readlinkSync(lock)).toBe(fifo);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("refuses a lock linked to /dev/zero without reading from it", async () => {
    const root = newRoot();
    const lock = emptyLockPath(root);
    symlinkSync("/dev/zero", lock);
    await expectRefusedByBoth(
      root,
      `${lock} is a symbolic link (to /dev/zero), not a lock file a writer made; remove it`,
    );
    expect(readlinkSync(lock)).toBe("/dev/zero");
  });

  it("refuses a lock that is a FIFO itself, without waiting for someone to write to it", async () => {
    const root = newRoot();
    const lock = makeFifo(emptyLockPath(root));
    await expectRefusedByBoth(root, `${lock} is a FIFO, not a lock file a writer made; remove it`);
    expect(lstatSync(lock).isFIFO()).toBe(true);
  });

  it("refuses a dangling link as a link, not as a race with other writers", () => {
    const root = newRoot();
    const lock = emptyLockPath(root);
    const target = path.join(scratch, "no-such-lock");
    symlinkSync(target, lock);
    const error = lockError(() => createRecorder({ root, runId }));
    expect(error.code).toBe("locked");
    expect(error.message).toBe(
      `${logFile(root)}: cannot take the lock: ${lock} is a symbolic link (to ${target}), not a lock file a writer made; remove it`,
    );
    expect(lockError(() => repairEventLog(logFile(root))).message).toBe(error.message);
    expect(readdirSync(path.join(root, "transcripts"))).toEqual([`${runId}.jsonl.lock`]);
  });

  it("refuses a lock file larger than any lock, even one that starts like a stale lock, and leaves it", () => {
    const root = newRoot();
    const lock = writeLock(root, { pid: deadPid(), hostname: hostname(), started_at: "then", nonce: "old" });
    // JSON allows the spaces: read whole, this parses as a stale lock and would be taken over.
    writeFileSync(lock, " ".repeat(64 * 1024), { flag: "a" });
    const before = readFileSync(lock);
    const error = lockError(() => createRecorder({ root, runId }));
    expect(error.code).toBe("locked");
    expect(error.message).toBe(
      `${logFile(root)}: cannot take the lock: ${lock} is ${before.length} bytes, more than a lock file holds (at most 4096); if no writer is running, remove it`,
    );
    expect(readFileSync(lock).equals(before)).toBe(true);
  });

  it("closes without waiting on a lock that was swapped for a link to a FIFO, and leaves it alone", async () => {
    const root = newRoot();
    const holder = startProgram(transpiled.program, ["hold", root, runId]);
    await holder.ready;
    const lock = `${logFile(root)}.lock`;
    const fifo = makeFifo(path.join(scratch, `fifo-${roots}`));
    const link = `${lock}.swap`;
    symlinkSync(fifo, link);
    renameSync(link, lock);
    const limit = setTimeout(() => holder.kill("SIGKILL"), hangLimitMs);
    holder.endInput();
    const finished = await holder.finished;
    clearTimeout(limit);
    expect(finished.signal, "closing hung on the swapped lock").toBeNull();
    expect(finished.code).toBe(0);
    expect(readlinkSync(lock)).toBe(fifo);
  });
});
