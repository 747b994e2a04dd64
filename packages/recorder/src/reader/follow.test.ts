// Following a log that is still being written: a writer appends (whole lines, lines in pieces, a line of 300 KB), crashes
// leaving a torn tail and repairs it, replaces the file, truncates it; the reader waits, reads each line once it is
// whole, and ends on run.completed, when idle, or when aborted. The writer here is plain file appends (in this
// process, and in a child process for a run of thousands of lines); the recorder's own writer is tested elsewhere.
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import type { EventLogItem } from "@agent-transcript/core";
import { readEventLog, type EventLogReader, type ReadEventLogOptions } from "./read-event-log.js";
import { eventLine, outline } from "./reader.test.helpers.js";

const directory = mkdtempSync(path.join(os.tmpdir(), "event-log-follow-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
function logPath(): string {
  fileCount += 1;
  return path.join(directory, `run-${fileCount}.jsonl`);
}

const completed = (seq: number): string => eventLine(seq, { type: "run.completed", path: "", payload: null });
/** A line of another run's log (a log rotated or renamed over the followed one). */
const otherRunLine = (seq: number, extra: Record<string, unknown> = {}): string =>
  eventLine(seq, { run_id: "7d444840-9dc0-11d1-b245-5ffdce74fad2", ...extra });

/** Starts following `file`; `items` fills as the reader hands them out, `done` settles when it ends. */
function follow(
  file: string,
  options: ReadEventLogOptions = {},
): { reader: EventLogReader; items: EventLogItem[]; done: Promise<void> } {
  const reader = readEventLog(file, { follow: { pollIntervalMs: 5 }, ...options });
  const items: EventLogItem[] = [];
  const done = (async () => {
    for await (const item of reader) items.push(item);
  })();
  return { reader, items, done };
}

/**
 * Waits until `condition` holds (the reader works while its consumer waits). The bound, 100 s, only ends a test whose
 * condition never comes: the reader sees an appended line in milliseconds, in seconds on a loaded machine.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 100_000) throw new Error(`timed out waiting for ${what}`);
    await delay(2);
  }
}

const events = (items: readonly EventLogItem[]): number[] =>
  items.flatMap((item) => (item.kind === "event" ? [item.event.seq] : []));

/** The warnings and problems, as kind, code and message. */
const said = (items: readonly EventLogItem[]): string[] =>
  items.flatMap((item) => (item.kind === "event" ? [] : [`${item.kind} ${item.code} ${item.message}`]));

describe("following a live log", () => {
  it("reads lines as they are appended, waits for the LF of a line written in pieces, and ends at run.completed", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n`);
    const { reader, items, done } = follow(file);
    await until(() => events(items).length === 1, "line 1");
    const second = eventLine(2);
    appendFileSync(file, second.slice(0, 25));
    await until(() => reader.summary.bytes === eventLine(1).length + 1 + 25, "half of line 2");
    expect(events(items)).toEqual([1]);
    appendFileSync(file, `${second.slice(25)}\n${eventLine(3)}\n`);
    await until(() => events(items).length === 3, "lines 2 and 3");
    const long = eventLine(4, { payload: { name: "x".repeat(300_000), kind: "agent" } });
    for (let start = 0; start < long.length; start += 40_000) {
      appendFileSync(file, long.slice(start, start + 40_000));
      await delay(3);
    }
    appendFileSync(file, `\n${completed(5)}\n`);
    await done;
    expect(outline(items).filter((line) => !line.includes(" event "))).toEqual([]);
    expect(events(items)).toEqual([1, 2, 3, 4, 5]);
    expect(reader.summary).toMatchObject({ events: 5, end: "run-completed" });
  });

  it("waits for a file that does not exist yet", async () => {
    const file = logPath();
    const { items, done } = follow(file);
    await delay(30);
    writeFileSync(file, `${eventLine(1)}\n${completed(2)}\n`);
    await done;
    expect(events(items)).toEqual([1, 2]);
  });

  it("follows the writer's repair of a torn tail: NUL bytes replaced by the rest of the run", async () => {
    const file = logPath();
    const prefix = `${eventLine(1)}\n${eventLine(2)}\n`;
    writeFileSync(file, `${prefix}${"\u0000".repeat(64)}`);
    const { reader, items, done } = follow(file);
    await until(() => reader.summary.bytes === Buffer.byteLength(prefix) + 64, "the NUL tail");
    // The writer reopens the file: truncates it to its last complete line, then appends.
    truncateSync(file, Buffer.byteLength(prefix));
    appendFileSync(file, `${eventLine(3)}\n${completed(4)}\n`);
    await done;
    expect(events(items)).toEqual([1, 2, 3, 4]);
    expect(items.filter((item) => item.kind !== "event")).toEqual([
      {
        kind: "warning",
        code: "torn-tail",
        line: 3,
        offset: Buffer.byteLength(prefix),
        pointer: "",
        message:
          "incomplete last line (no newline; a write was cut short): 64 bytes of an unfinished last line were removed by the writer (a repaired torn tail)",
      },
    ]);
  });

  it("notices a repair it only sees once it is done: a longer file whose bytes differ", async () => {
    const file = logPath();
    const prefix = `${eventLine(1)}\n`;
    const torn = eventLine(9).slice(0, 40);
    writeFileSync(file, prefix + torn);
    const { reader, items, done } = follow(file);
    await until(() => reader.summary.bytes === Buffer.byteLength(prefix + torn), "the torn line");
    // Overwritten in place and made longer in one write, so the file never looks shorter to the reader.
    const descriptor = openSync(file, "r+");
    writeSync(descriptor, `${eventLine(2)}\n${completed(3)}\n`, Buffer.byteLength(prefix));
    closeSync(descriptor);
    await done;
    expect(events(items)).toEqual([1, 2, 3]);
    expect(items.filter((item) => item.kind !== "event").map((item) => [item.kind, item.line])).toEqual([
      ["warning", 2],
    ]);
  });

  it("reads on without a warning when the repaired line starts with the bytes it had seen", async () => {
    const file = logPath();
    const prefix = `${eventLine(1)}\n`;
    writeFileSync(file, prefix + eventLine(2).slice(0, 30));
    const { reader, items, done } = follow(file);
    await until(() => reader.summary.bytes === Buffer.byteLength(prefix) + 30, "the start of line 2");
    truncateSync(file, Buffer.byteLength(prefix));
    appendFileSync(file, `${eventLine(2)}\n${completed(3)}\n`);
    await done;
    expect(outline(items).filter((line) => !line.includes(" event "))).toEqual([]);
    expect(events(items)).toEqual([1, 2, 3]);
  });

  it("reads a file replaced under its name from its start, even one that starts with the lines already read", async () => {
    // A copy grown from the file and a new run's log look the same from here: the new file is read whole, and the
    // warning says why its first lines come again.
    const file = logPath();
    const start = `${eventLine(1)}\n${eventLine(2)}\n`;
    writeFileSync(file, start);
    const { items, done } = follow(file);
    await until(() => events(items).length === 2, "lines 1 and 2");
    const replacement = `${file}.new`;
    writeFileSync(replacement, `${start}${eventLine(3)}\n${completed(4)}\n`);
    renameSync(replacement, file);
    await done;
    expect(events(items)).toEqual([1, 2, 1, 2, 3, 4]);
    expect(said(items)).toEqual([
      `warning file-replaced ${file} was replaced; reading it from the start (another file has its name now)`,
    ]);
  });

  it("reads another run's log renamed over the followed one from its start, though it is longer than what was read", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${eventLine(2)}\n${eventLine(3)}\n`);
    const { reader, items, done } = follow(file);
    await until(() => events(items).length === 3, "lines 1 to 3");
    const replacement = `${file}.new`;
    const lines = [1, 2, 3, 4, 5].map((seq) => otherRunLine(seq, { payload: { name: `step ${seq}`, kind: "agent" } }));
    writeFileSync(
      replacement,
      `${lines.join("\n")}\n${otherRunLine(6, { type: "run.completed", path: "", payload: null })}\n`,
    );
    renameSync(replacement, file);
    await done;
    expect(events(items)).toEqual([1, 2, 3, 1, 2, 3, 4, 5, 6]);
    // Only the warning: no line of the new file is read from the middle, none is held to the old file's seq and run.
    expect(items.filter((item) => item.kind !== "event").map((item) => item.code)).toEqual(["file-replaced"]);
    expect(reader.summary).toMatchObject({ end: "run-completed", lines: 6, highestSeq: 6 });
  });

  it("reads a file rewritten in place, already longer than what was read, from its start", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${eventLine(2)}\n`);
    const { items, done } = follow(file);
    await until(() => events(items).length === 2, "lines 1 and 2");
    // Overwritten from byte 0 in one write, never shorter: only the bytes say it is another file now.
    const rewritten = [1, 2, 3].map((seq) => otherRunLine(seq)).join("\n");
    const descriptor = openSync(file, "r+");
    writeSync(descriptor, `${rewritten}\n${otherRunLine(4, { type: "run.completed", path: "", payload: null })}\n`, 0);
    closeSync(descriptor);
    await done;
    expect(events(items)).toEqual([1, 2, 1, 2, 3, 4]);
    expect(said(items)).toEqual([
      `warning file-replaced ${file} was replaced; reading it from the start (it was rewritten in place: the bytes already read are no longer there)`,
    ]);
  });

  it("reads a file truncated below the lines already read from its start, with a warning", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${eventLine(2)}\n`);
    const { reader, items, done } = follow(file);
    await until(() => events(items).length === 2, "lines 1 and 2");
    truncateSync(file, 0);
    await until(() => items.some((item) => item.kind === "warning" && item.code === "file-truncated"), "the warning");
    appendFileSync(
      file,
      `${otherRunLine(1)}\n${otherRunLine(2, { type: "run.completed", path: "", payload: null })}\n`,
    );
    await done;
    expect(events(items)).toEqual([1, 2, 1, 2]);
    expect(said(items)).toEqual([
      `warning file-truncated ${file} was truncated; reading it from the start (it is now 0 bytes, shorter than the ${2 * (eventLine(1).length + 1)} bytes of complete lines already read)`,
    ]);
    expect(reader.summary.end).toBe("run-completed");
  });

  it("says when the file is deleted, waits for it, and reads the file that appears under its name from its start", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${eventLine(2)}\n`);
    const { items, done } = follow(file);
    await until(() => events(items).length === 2, "lines 1 and 2");
    unlinkSync(file);
    await until(() => items.some((item) => item.kind === "warning" && item.code === "file-deleted"), "the warning");
    writeFileSync(file, `${otherRunLine(1)}\n${otherRunLine(2, { type: "run.completed", path: "", payload: null })}\n`);
    await done;
    expect(events(items)).toEqual([1, 2, 1, 2]);
    expect(said(items)).toEqual([
      `warning file-deleted ${file} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)`,
      `warning file-replaced ${file} was replaced; reading it from the start (it had been deleted)`,
    ]);
  });

  it("stops after idleTimeoutMs when a deleted file does not come back, having said it was deleted", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n`);
    const { reader, items, done } = follow(file, { follow: { pollIntervalMs: 5, idleTimeoutMs: 300 } });
    await until(() => events(items).length === 1, "line 1");
    unlinkSync(file);
    await done;
    expect(items.map((item) => (item.kind === "event" ? "event" : item.code))).toEqual(["event", "file-deleted"]);
    expect(reader.summary.end).toBe("idle-timeout");
  });

  it("stops with a problem, without waiting on it, when a FIFO is renamed over the followed file", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n`);
    const { reader, items, done } = follow(file);
    await until(() => events(items).length === 1, "line 1");
    const fifo = `${file}.fifo`;
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    renameSync(fifo, file);
    await done;
    expect(items.at(-1)).toEqual({
      kind: "problem",
      code: "read-failed",
      line: 2,
      offset: eventLine(1).length + 1,
      pointer: "",
      message: `${file} was replaced by a FIFO, not a regular file: only a file is followed; reading stopped after line 1`,
    });
    expect(reader.summary.end).toBe("input-problem");
  });

  it("ends when idle, reading an unfinished last line as torn", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${eventLine(2).slice(0, 20)}`);
    const { reader, items, done } = follow(file, { follow: { pollIntervalMs: 5, idleTimeoutMs: 60 } });
    await done;
    expect(items.map((item) => (item.kind === "event" ? "event" : item.code))).toEqual(["event", "torn-tail"]);
    expect(reader.summary.end).toBe("idle-timeout");
  });

  it("goes on after run.completed when asked to, until aborted, without reporting the unfinished line", async () => {
    const file = logPath();
    writeFileSync(file, `${eventLine(1)}\n${completed(2)}\n`);
    const controller = new AbortController();
    const { reader, items, done } = follow(file, {
      follow: { pollIntervalMs: 5, untilRunCompleted: false },
      signal: controller.signal,
    });
    await until(() => events(items).length === 2, "the run");
    appendFileSync(file, `${eventLine(3)}\n${eventLine(4).slice(0, 9)}`);
    await until(() => events(items).length === 3, "line 3");
    controller.abort();
    await done;
    expect(events(items)).toEqual([1, 2, 3]);
    expect(items.every((item) => item.kind === "event")).toBe(true);
    expect(reader.summary.end).toBe("aborted");
  });

  it("keeps up with another process appending 3,000 lines of 100 B to 60 KB, many in several writes", async () => {
    const file = logPath();
    const count = 3000;
    // The child writes line n with a payload of a size that cycles through small, medium and large, cuts every
    // third line into two or three writes, and pauses now and then so that the reader catches up and waits.
    const script = `
      const { openSync, writeSync } = require("node:fs");
      const fd = openSync(process.argv[1], "a");
      const line = (seq, type, payload) => JSON.stringify({ seq, run_id: "${"550e8400-e29b-41d4-a716-446655440000"}",
        type, path: type.startsWith("run.") ? "" : "work", iteration: 0, timestamp: "2026-06-08T08:14:42.123Z", payload });
      const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      const count = ${count};
      for (let seq = 1; seq <= count; seq += 1) {
        const text = seq === count ? line(seq, "run.completed", null)
          : line(seq, "step.started", { name: "s".repeat([100, 2000, 60000][seq % 3]), kind: "agent" });
        const bytes = Buffer.from(text + "\\n");
        if (seq % 3 === 0) {
          const a = Math.floor(bytes.length / 3), b = Math.floor(bytes.length * 2 / 3);
          writeSync(fd, bytes.subarray(0, a)); writeSync(fd, bytes.subarray(a, b)); writeSync(fd, bytes.subarray(b));
        } else writeSync(fd, bytes);
        if (seq % 200 === 0) sleep(15);
      }
    `;
    writeFileSync(file, "");
    const { reader, items, done } = follow(file);
    const child = spawn(process.execPath, ["-e", script, file], { stdio: "inherit" });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await done;
    expect(await exited).toBe(0);
    expect(items.filter((item) => item.kind !== "event")).toEqual([]);
    expect(events(items)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    expect(reader.summary.end).toBe("run-completed");
  });
});
