import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
