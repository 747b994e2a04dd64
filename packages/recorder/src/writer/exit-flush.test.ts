import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram, transpilePackage, type TranspiledPackage } from "./child-processes.test.helpers.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-exit-"));
let transpiled: TranspiledPackage;
beforeAll(() => {
  transpiled = transpilePackage();
});
afterAll(() => {
  transpiled.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const queued = 2000;

/** The program queued `queued` events and ended before the event loop could write them. */
async function endWhileQueued(mode: string) {
  const root = mkdtempSync(path.join(scratch, `${mode}-`));
  const runId = randomUUID();
  const finished = await runProgram(transpiled.program, [mode, root, runId, String(queued)]);
  const file = path.join(root, "transcripts", `${runId}.jsonl`);
  const lines = readFileSync(file, "utf8").split("\n");
  return { finished, file, lines, trailing: lines.pop() };
}

describe("what is queued when the process ends is written", () => {
  it.each([
    ["exit", "process.exit()", 0, ""],
    ["throw", "an uncaught exception", 1, "thrown on purpose, after queueing"],
    ["reject", "an unhandled rejection", 1, "rejected on purpose, after queueing"],
  ])("%s: every event queued before %s is in the file", async (mode, _how, code, message) => {
    const { finished, file, lines, trailing } = await endWhileQueued(mode);
    expect(finished.code, finished.stderr).toBe(code);
    expect(finished.stderr).toContain(message);
    expect(trailing).toBe("");
    expect(lines).toHaveLength(queued);
    expect(lines.map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual(
      Array.from({ length: queued }, (_, index) => index + 1),
    );
    expect((JSON.parse(lines[queued - 1] as string) as { payload: { output: string } }).payload.output).toBe(
      `line ${queued}`,
    );
    // The lock is released on the way out, so the next writer needs no stale-lock recovery.
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
