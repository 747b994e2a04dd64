import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRecorder } from "@agent-transcript/recorder";
import { readEventLog } from "@agent-transcript/recorder/reader";
import type * as Reader from "@agent-transcript/recorder/reader";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { runTail } from "./run.js";
import { startTail } from "./tail.test.helpers.js";

/** The seq of each event `tail --json` printed, in order. */
function seqsPrinted(stdout: string): number[] {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => (JSON.parse(line) as { seq: number }).seq);
}

// The reader as it is, counted: `tail -f` must call it once.
// The CLI reads logs through the recorder's light entry point: the reader it calls is the one counted.
vi.mock("@agent-transcript/recorder/reader", async (importOriginal) => {
  const actual = await importOriginal<typeof Reader>();
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
    const printed = (count: number) => () => expect(io.stdout().match(/\n/g) ?? []).toHaveLength(count);
    // The last event is printed once tail has read to the end: what is written next is new.
    await vi.waitFor(printed(1), { timeout: 100_000, interval: 10 });
    recorder.append({
      type: "tool.call",
      path: "a",
      payload: { name: "Read", call_id: "c1", input: { path: "x" }, fidelity: "router" },
    });
    await recorder.flush();
    await vi.waitFor(printed(2), { timeout: 100_000, interval: 10 });
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
    await vi.waitFor(() => expect(io.stdout().match(/\n/g) ?? []).toHaveLength(2), { timeout: 100_000, interval: 10 });
    recorder.append({ type: "run.completed", payload: { name: "once", kind: "workflow", status: "completed" } });
    await recorder.close();
    expect(await following).toBe(0);
    const seqs = seqsPrinted(io.stdout());
    expect(seqs).toEqual([5, 6, 7]);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

// The built command in a child process, as a person runs it, while the log under it is renamed over, truncated,
// deleted or swapped for a FIFO. Waits are for output to appear (each chunk of output re-checks the condition), never
// for a fixed time.
describe("tail -f while the log is replaced under it", () => {
  const otherRunId = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

  /** A finished log of `steps` steps and run.completed (or without it), of run `runId`, in a root of its own. */
  async function recordedLog(runId: string, steps: number, complete: boolean): Promise<string> {
    const recorder = createRecorder({ root: mkdtempSync(path.join(directory, "run-")), runId });
    recorder.append({ type: "run.started", payload: { name: "run", kind: "workflow" } });
    for (let index = 1; index <= steps; index += 1)
      recorder.append({
        type: "step.started",
        path: `step-${index}`,
        payload: { name: `step ${index}`, kind: "agent" },
      });
    if (complete)
      recorder.append({ type: "run.completed", payload: { name: "run", kind: "workflow", status: "completed" } });
    await recorder.close();
    return recorder.file;
  }

  const lineCount = (text: string): number => text.split("\n").length - 1;
  const printedRuns = (stdout: string): string[] =>
    stdout
      .trimEnd()
      .split("\n")
      .map((line) => {
        const event = JSON.parse(line) as { seq: number; run_id: string };
        return `${event.run_id === otherRunId ? "other" : "first"} ${event.seq}`;
      });

  it("reads another run's log renamed over the followed one from its start, and says so", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const tail = startTail(["-f", "--json", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    // The new log is longer than the old one: read from the old offset it would start inside a line.
    const other = await recordedLog(otherRunId, 6, true);
    copyFileSync(other, `${file}.new`);
    renameSync(`${file}.new`, file);
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    expect(printedRuns(tail.stdout())).toEqual([
      ...["first 1", "first 2", "first 3"],
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((seq) => `other ${seq}`),
    ]);
    expect(tail.stderr()).toBe(`${file} was replaced; reading it from the start (another file has its name now)\n`);
  });

  it("reads a log truncated under it from its start, and says so", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const size = readFileSync(file).length;
    const tail = startTail(["-f", "--json", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    truncateSync(file, 0);
    await tail.until(() => tail.stderr().includes("was truncated"), "the truncation said");
    appendFileSync(file, readFileSync(await recordedLog(otherRunId, 1, true)));
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    expect(printedRuns(tail.stdout())).toEqual(["first 1", "first 2", "first 3", "other 1", "other 2", "other 3"]);
    expect(tail.stderr()).toBe(
      `${file} was truncated; reading it from the start (it is now 0 bytes, shorter than the ${size} bytes of complete lines already read)\n`,
    );
  });

  it("says a deleted log was deleted, and after --idle stops saying it did not come back (exit 1)", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const tail = startTail(["-f", "--json", "--idle", "1", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    unlinkSync(file);
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)\n` +
        `${file} was deleted and did not appear again within --idle 1 s; stopped\n`,
    );
  });

  it("without --idle, says a deleted log did not come back after 5 s and stops (exit 1), never waiting for ever", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const tail = startTail(["-f", "--json", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    unlinkSync(file);
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)\n` +
        `${file} was deleted and did not appear again within 5 s; stopped\n`,
    );
  });

  it("reads a deleted log that appears again from its start", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const tail = startTail(["-f", "--json", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    unlinkSync(file);
    await tail.until(() => tail.stderr().includes("was deleted"), "the deletion said");
    copyFileSync(await recordedLog(otherRunId, 1, true), file);
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    expect(printedRuns(tail.stdout())).toEqual(["first 1", "first 2", "first 3", "other 1", "other 2", "other 3"]);
    expect(tail.stderr()).toContain(`${file} was replaced; reading it from the start (it had been deleted)\n`);
  });

  it("stops with an error naming the FIFO renamed over the log, instead of hanging in open()", async () => {
    const file = await recordedLog("550e8400-e29b-41d4-a716-446655440000", 2, false);
    const tail = startTail(["-f", "--json", file]);
    await tail.until(() => lineCount(tail.stdout()) === 3, "the log's 3 events");
    const fifo = `${file}.fifo`;
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    renameSync(fifo, file);
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file}: error: line 4: read-failed: ${file} was replaced by a FIFO, not a regular file: only a file is followed; reading stopped after line 3\n`,
    );
  });

  it("refuses a character device at once, and a FIFO when following, naming what it is", async () => {
    for (const follow of [[], ["-f"]]) {
      const tail = startTail([...follow, "/dev/zero"]);
      expect(await tail.ended).toEqual({ code: 1, signal: null });
      expect(tail.stderr()).toBe(
        "agent-transcript: /dev/zero: cannot read: is a character device, not a file: name a regular file or a pipe, or - for standard input\n",
      );
      expect(tail.stdout()).toBe("");
    }
    const fifo = path.join(directory, "pipe.jsonl");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const followed = startTail(["-f", fifo]);
    expect(await followed.ended).toEqual({ code: 1, signal: null });
    expect(followed.stderr()).toBe(
      `agent-transcript: ${fifo}: cannot follow a pipe (a FIFO): it is read once, as it comes; give it without -f, or follow the log file itself\n`,
    );
  }, 120_000);
});
