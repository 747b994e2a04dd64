import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRecorder, readEventLog } from "@agent-transcript/recorder";
import type * as Recorder from "@agent-transcript/recorder";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { runTail } from "./tail.js";

/** The seq of each event `tail --json` printed, in order. */
function seqsPrinted(stdout: string): number[] {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => (JSON.parse(line) as { seq: number }).seq);
}

// The reader as it is, counted: `tail -f` must call it once.
vi.mock("@agent-transcript/recorder", async (importOriginal) => {
  const actual = await importOriginal<typeof Recorder>();
  return { ...actual, readEventLog: vi.fn(actual.readEventLog) };
});

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "tail-command-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("tail", () => {
  it("prints the last events, one line each, multi-line text on one line", async () => {
    const recorder = createRecorder({ root: directory });
    recorder.append({ type: "run.started", payload: { name: "tail", kind: "workflow" } });
    for (let index = 1; index <= 12; index += 1)
      recorder.append({
        type: "message.assistant",
        path: "talk",
        payload: { role: "assistant", blocks: [{ type: "text", text: `line ${index}\nsecond\tline` }] },
      });
    await recorder.close();
    const io = captureIo();
    expect(await runTail(recorder.file, { lines: "3" }, io.io)).toBe(0);
    const lines = io.stdout().trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ {4}11 \d\d:\d\d:\d\d\.\d{3} message\.assistant {2}talk {2}line 10 second line$/);
    expect(lines[2]).toMatch(/ line 12 second line$/);
  });

  it("follows a live run: every event written after the last ones, through a torn line, until run.completed", async () => {
    const recorder = createRecorder({ root: directory, durability: "none" });
    recorder.append({ type: "run.started", payload: { name: "live", kind: "workflow" } });
    recorder.append({ type: "step.started", path: "a", payload: { name: "a", kind: "agent" } });
    await recorder.flush();
    const io = captureIo();
    const following = runTail(recorder.file, { follow: true, lines: "1", json: true }, io.io);
    await new Promise((resolve) => setTimeout(resolve, 150));
    recorder.append({
      type: "tool.call",
      path: "a",
      payload: { name: "Read", call_id: "c1", input: { path: "x" }, fidelity: "router" },
    });
    await recorder.flush();
    await new Promise((resolve) => setTimeout(resolve, 150));
    recorder.append({ type: "run.completed", payload: { name: "live", kind: "workflow", status: "completed" } });
    await recorder.close();
    expect(await following).toBe(0);
    const seqs = seqsPrinted(io.stdout());
    expect(seqs).toEqual([2, 3, 4]);
  });

  it("stops following an idle log after --idle seconds, and says what it could not read", async () => {
    const recorder = createRecorder({ root: directory });
    recorder.append({ type: "run.started", payload: { name: "idle", kind: "workflow" } });
    await recorder.close();
    appendFileSync(recorder.file, "not json\n");
    const io = captureIo();
    expect(await runTail(recorder.file, { follow: true, idle: "0", lines: "5" }, io.io)).toBe(1);
    expect(io.stdout()).toMatch(/^ {5}1 .* run\.started {9}idle workflow\n$/);
    expect(io.stderr()).toContain("line 2: invalid-json");
  });

  it("refuses a bad count and -f on standard input as usage errors", async () => {
    const io = captureIo();
    await expect(runTail("x.jsonl", { lines: "ten" }, io.io)).rejects.toMatchObject({ exitCode: 2 });
    await expect(runTail("-", { follow: true }, io.io)).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe("tail -f", () => {
  it("reads the log once: the last events come from the same reading that then follows", async () => {
    const recorder = createRecorder({ root: directory, durability: "none" });
    recorder.append({ type: "run.started", payload: { name: "once", kind: "workflow" } });
    for (let index = 0; index < 5; index += 1)
      recorder.append({ type: "step.started", path: `s${index}`, payload: { name: `s${index}`, kind: "agent" } });
    await recorder.flush();
    const reads = vi.mocked(readEventLog);
    reads.mockClear();
    const io = captureIo();
    const following = runTail(recorder.file, { follow: true, lines: "2", json: true }, io.io);
    // The last two are printed while nothing new is written.
    await vi.waitFor(() => expect(io.stdout().trimEnd().split("\n")).toHaveLength(2), { timeout: 2000 });
    recorder.append({ type: "run.completed", payload: { name: "once", kind: "workflow", status: "completed" } });
    await recorder.close();
    expect(await following).toBe(0);
    const seqs = seqsPrinted(io.stdout());
    expect(seqs).toEqual([5, 6, 7]);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
