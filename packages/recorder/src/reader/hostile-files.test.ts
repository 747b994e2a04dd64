// Hostile files through the public readEventLog, each read in a fresh child process whose peak memory is measured and
// which is killed if it hangs: a FIFO (no writer would ever come) and a character device named as the log are refused
// by what they are, judged on the open descriptor; a gzip bomb stops at the decompression limit the CLI passes with
// memory far under twice the limit (zlib inflates 16 KiB at a time and waits for it to be read).
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipLineBomb, makeFifo, runNodeChild } from "@agent-transcript/fixtures/hostile-files";
import { afterAll, describe, expect, it } from "vitest";

const probe = fileURLToPath(new URL("hostile-file-probe.test.helpers.ts", import.meta.url));
const packageRoot = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "recorder-hostile-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Read {
  events: number;
  /** The first five problems, and the last. */
  problems: Array<{ code: string; message: string }>;
  end: string;
}

async function readInChild(file: string, maxDecompressedBytes?: number) {
  const outcome = await runNodeChild(
    probe,
    maxDecompressedBytes === undefined ? [file] : [file, String(maxDecompressedBytes)],
    { timeoutMs: 30_000, nodeArguments: ["--import", "tsx"], cwd: packageRoot },
  );
  expect(outcome.timedOut, "killed by the guard: it hung").toBe(false);
  expect(outcome.stderr).toBe("");
  return { ...(JSON.parse(outcome.stdout) as Read), peakMebibytes: outcome.peakMebibytes };
}

describe("readEventLog on special files", () => {
  it("refuses a FIFO with no writer, naming it and what it is, instead of waiting for one", async () => {
    const fifo = path.join(mkdtempSync(path.join(scratch, "fifo-")), "run.jsonl");
    makeFifo(fifo);
    const read = await readInChild(fifo);
    expect(read).toMatchObject({ events: 0, end: "input-problem" });
    expect(read.problems).toEqual([
      {
        code: "read-failed",
        message: `cannot read ${fifo}: it is a FIFO, not a regular file (pass a stream of its bytes to read it as one)`,
      },
    ]);
  });

  it("refuses a character device (/dev/zero would be read forever, a line never ending)", async () => {
    const read = await readInChild("/dev/zero");
    expect(read.problems).toEqual([
      expect.objectContaining({
        code: "read-failed",
        message: expect.stringContaining("/dev/zero: it is a character device"),
      }),
    ]);
  });
});

describe("readRunTree on a child run's file that is no regular file", () => {
  it("names a FIFO and a link where a child's log should be as problems, reading the rest, instead of waiting", async () => {
    const folder = mkdtempSync(path.join(scratch, "tree-"));
    const rootId = "550e8400-e29b-41d4-a716-446655440000";
    const [fifoChild, linkChild] = ["7c9e6679-7425-40de-944b-e07fc1f90ae7", "9b2f6c1e-3d4a-4e5f-8a6b-7c8d9e0f1a2b"];
    const event = (seq: number, type: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        seq,
        run_id: rootId,
        ...extra,
        type,
        path: "",
        iteration: 0,
        timestamp: `2026-06-08T08:14:4${seq}Z`,
        payload: { name: "fix", kind: "call_workflow" },
      });
    const root = path.join(folder, `${rootId}.jsonl`);
    writeFileSync(
      root,
      [
        event(1, "run.started", { payload: { schema_version: "1.0.0", name: "review", kind: "workflow" } }),
        event(2, "step.call_workflow.started", { child_run_id: fifoChild }),
        event(3, "step.call_workflow.started", { child_run_id: linkChild }),
      ].join("\n") + "\n",
    );
    makeFifo(path.join(folder, `${fifoChild}.jsonl`));
    const elsewhere = path.join(mkdtempSync(path.join(scratch, "elsewhere-")), "secret.jsonl");
    writeFileSync(elsewhere, "secret\n");
    symlinkSync(elsewhere, path.join(folder, `${linkChild}.jsonl`));
    const outcome = await runNodeChild(probe, [root, "run-tree"], {
      timeoutMs: 30_000,
      nodeArguments: ["--import", "tsx"],
      cwd: packageRoot,
    });
    expect(outcome.timedOut, "killed by the guard: it hung").toBe(false);
    const tree = JSON.parse(outcome.stdout) as { runs: number; problems: Array<{ message: string }> };
    expect(tree.runs).toBe(1);
    expect(tree.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining(`${path.join(folder, `${fifoChild}.jsonl`)} is a FIFO, not a regular file`),
      expect.stringContaining(`${path.join(folder, `${linkChild}.jsonl`)} is a symbolic link; not followed`),
    ]);
  });
});

describe("readEventLog on a gzip bomb, at the CLI's limit of 256 MiB", () => {
  it("2 GiB of one 1 KiB event in 2 MiB: stops at the limit with memory under twice it", async () => {
    const event = JSON.stringify({
      seq: 1,
      run_id: "550e8400-e29b-41d4-a716-446655440000",
      type: "message.user",
      path: "",
      iteration: 0,
      timestamp: "2026-06-08T08:14:40Z",
      payload: { role: "user", blocks: [{ type: "text", text: "x".repeat(800) }] },
    });
    const file = path.join(mkdtempSync(path.join(scratch, "bomb-")), "run.jsonl.gz");
    writeFileSync(file, gzipLineBomb(2048, `${event}\n`));
    const read = await readInChild(file, 256 * 1024 * 1024);
    expect(read.end).toBe("input-problem");
    expect(read.problems.at(-1)).toEqual({
      code: "decompressed-too-large",
      message: expect.stringContaining("the input decompresses to more than 268435456 bytes (maxDecompressedBytes)"),
    });
    expect(read.peakMebibytes).toBeLessThan(2 * 256);
  }, 120_000);
});
