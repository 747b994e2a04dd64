import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { EventLogItem } from "@agent-transcript/core";
import { afterAll, describe, expect, it } from "vitest";
import { readEventLog, type EventLogResumePoint } from "./read-event-log.js";
import { chunksOf, cut, eventLine, outline, readAll, runId, sampleRun } from "./reader.test.helpers.js";
import { awfDocumentedExample } from "@agent-transcript/fixtures/event-lines";

const directory = mkdtempSync(path.join(os.tmpdir(), "event-log-resume-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
function file(content: string | Buffer): string {
  fileCount += 1;
  const name = path.join(directory, `log-${fileCount}.jsonl`);
  writeFileSync(name, content);
  return name;
}

/** A read to its end, with where it stopped. */
async function readWithPoint(
  source: Parameters<typeof readEventLog>[0],
  resumeFrom?: EventLogResumePoint,
): Promise<{ items: EventLogItem[]; point: EventLogResumePoint | undefined; summary: object }> {
  const reader = readEventLog(source, resumeFrom === undefined ? {} : { resumeFrom });
  const items: EventLogItem[] = [];
  for await (const item of reader) items.push(item);
  const { lines, bytes, highestSeq, end } = reader.summary;
  return { items, point: reader.resumePoint(), summary: { lines, bytes, highestSeq, end } };
}

/**
 * Logs whose rules span the cut: the recorder's documented example; a run with a blank line, a bad line, a seq gap, a
 * second run_id and parent_run_id, a repeated seq and an unknown event type; and the sample run.
 */
const logs: Record<string, string> = {
  "the AWF documented example": readFileSync(awfDocumentedExample, "utf8"),
  "a log that breaks its rules on both sides of every cut": `${[
    eventLine(1, { parent_run_id: runId }),
    "",
    eventLine(2, { parent_run_id: runId }),
    "{not json",
    eventLine(4, { parent_run_id: runId }),
    eventLine(5, { run_id: "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95", parent_run_id: runId }),
    eventLine(6),
    eventLine(6, { parent_run_id: runId }),
    eventLine(7, { parent_run_id: runId, type: "step.renamed" }),
    JSON.stringify({ seq: 9, type: "step.started" }),
    eventLine(10, { parent_run_id: runId, type: "run.completed", path: "", payload: null }),
  ].join("\n")}\n`,
  "the sample run": `${sampleRun().join("\n")}\n`,
};

describe("resuming a reading where an earlier one stopped", () => {
  for (const [name, text] of Object.entries(logs))
    it(`gives the whole reading's items, at every line boundary (${name})`, async () => {
      const bytes = Buffer.from(text);
      const whole = await readWithPoint(file(bytes));
      expect(whole.point).toEqual({
        offset: bytes.length,
        lines: text.split("\n").length - 1,
        state: expect.anything(),
      });
      const boundaries = [0];
      for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) boundaries.push(at + 1);
      for (const cutAt of boundaries) {
        // The log as it was when first read, then grown by appends to the whole.
        const grown = file(bytes.subarray(0, cutAt));
        const before = await readWithPoint(grown);
        expect(before.point?.offset).toBe(cutAt);
        appendFileSync(grown, bytes.subarray(cutAt));
        // The stored point survives JSON, as the run index keeps it.
        const point = JSON.parse(JSON.stringify(before.point)) as EventLogResumePoint;
        const after = await readWithPoint(grown, point);
        expect(outline([...before.items, ...after.items]), `cut at byte ${cutAt}`).toEqual(outline(whole.items));
        expect([...before.items, ...after.items]).toEqual(whole.items);
        expect(after.summary).toEqual(whole.summary);
        expect(after.point).toEqual(whole.point);
        // A stream that begins at the point reads the same, in any chunking.
        const streamed = await readWithPoint(chunksOf(cut(bytes.subarray(cutAt), [1, 7, 64])), point);
        expect(streamed.items).toEqual(after.items);
        expect(streamed.point).toEqual(whole.point);
      }
    });

  it("gives no point where the input ended inside a line, was compressed, or was not read to its end", async () => {
    const lines = sampleRun();
    const torn = file(`${lines.slice(0, 3).join("\n")}\n${lines[3]}`);
    // The unterminated last line is complete JSON and is read as an event: resuming after it would read it twice.
    const tornRead = await readWithPoint(torn);
    expect(tornRead.items.filter((item) => item.kind === "event")).toHaveLength(4);
    expect(tornRead.point).toBeUndefined();
    expect((await readWithPoint(file(gzipSync(`${lines.join("\n")}\n`)))).point).toBeUndefined();
    const reader = readEventLog(file(`${lines.join("\n")}\n`));
    expect(reader.resumePoint()).toBeUndefined();
    for await (const item of reader) if (item.kind === "event") break;
    expect(reader.summary.end).toBe("stopped");
    expect(reader.resumePoint()).toBeUndefined();
    const missing = await readWithPoint(path.join(directory, "no-such-log.jsonl"));
    expect(missing.point).toBeUndefined();
  });

  it("refuses a point that is not one when called, before reading anything", () => {
    const log = file(`${sampleRun().join("\n")}\n`);
    const state = { highestSeq: 2, runCompleted: false, first: { runId, line: 1 } };
    for (const bad of [
      { offset: -1, lines: 0, state },
      { offset: 1.5, lines: 0, state },
      { offset: 0, lines: Number.NaN, state },
      { offset: 0, lines: 0, state: null },
      { offset: 0, lines: 0, state: { ...state, highestSeq: -3 } },
      { offset: 0, lines: 0, state: { ...state, runCompleted: "yes" } },
      { offset: 0, lines: 0, state: { ...state, first: { runId: 7, line: 1 } } },
      { offset: 0, lines: 0, state: { ...state, first: { runId, line: 0 } } },
    ])
      expect(
        () => readEventLog(log, { resumeFrom: bad as unknown as EventLogResumePoint }),
        JSON.stringify(bad),
      ).toThrow(RangeError);
    expect(() => readEventLog(log, { resumeFrom: { offset: 0, lines: 0, state }, compression: "gzip" })).toThrow(
      /uncompressed/,
    );
  });

  it("holds the appended lines to the rules of the lines before them", async () => {
    const lines = sampleRun();
    const log = file(`${lines.slice(0, 4).join("\n")}\n`);
    const first = await readWithPoint(log);
    // Appended by another writer: a seq that goes back, and another run's line.
    appendFileSync(log, `${eventLine(3)}\n${eventLine(5, { run_id: "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95" })}\n`);
    const { items } = await readAll(log, { resumeFrom: first.point as EventLogResumePoint });
    expect(items.filter((item) => item.kind === "problem").map((item) => [item.line, item.code])).toEqual([
      [5, "seq-not-increasing"],
      [6, "run-id-mismatch"],
    ]);
  });
});
