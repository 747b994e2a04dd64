// Hostile files through the public readEventLog, each read in a fresh child process whose peak memory is measured and
// which is killed if it hangs: a FIFO (no writer would ever come) and a character device named as the log are refused
// by what they are, judged on the open descriptor; a gzip bomb stops at the decompression limit the CLI passes with
// memory far under twice the limit (zlib inflates 16 KiB at a time and waits for it to be read).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
        message: `cannot read ${fifo}: it is a FIFO (named pipe), not a regular file (read a pipe as a stream: pass the stream, not its name)`,
      },
    ]);
  }, 60_000);

  it("refuses a character device (/dev/zero would be read forever, a line never ending)", async () => {
    const read = await readInChild("/dev/zero");
    expect(read.problems).toEqual([
      expect.objectContaining({
        code: "read-failed",
        message: expect.stringContaining("/dev/zero: it is a character device"),
      }),
    ]);
  }, 60_000);
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
