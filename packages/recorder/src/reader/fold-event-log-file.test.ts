import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { foldEventLog } from "@agent-transcript/core";
import { afterAll, describe, expect, it } from "vitest";
import { checkEventLog } from "@agent-transcript/core";
import { foldEventLogFile } from "./fold-event-log-file.js";
import { eventLine, sampleRun } from "./reader.test.helpers.js";

const directory = mkdtempSync(path.join(os.tmpdir(), "event-log-fold-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("foldEventLogFile", () => {
  it("folds a log AWF wrote into the document core folds from the whole text", async () => {
    const file = new URL("../fixtures/awf-documented-example.jsonl", import.meta.url);
    const whole = foldEventLog(checkEventLog(readFileSync(file, "utf8"), "tolerant").events);
    const folded = await foldEventLogFile(file);
    expect(folded.document).toEqual(whole.document);
    expect(folded.warnings).toEqual(whole.warnings);
    expect(folded.strict).toBe(whole.strict);
    expect(folded.diagnostics).toEqual([]);
    expect(folded.summary).toMatchObject({ events: 6, end: "end-of-input" });
  });

  it("folds the events it could read from a damaged gzip log, and lists what it could not", async () => {
    const lines = sampleRun();
    const damaged = [...lines.slice(0, 4), "\u0000\u0000 not json", ...lines.slice(4, 7), lines[7]?.slice(0, 30)];
    const file = path.join(directory, "damaged.jsonl.gz");
    writeFileSync(file, gzipSync(damaged.join("\n")));
    const folded = await foldEventLogFile(file);
    expect(folded.diagnostics.map((item) => [item.kind, item.code, item.line])).toEqual([
      ["problem", "invalid-json", 5],
      ["warning", "torn-tail", 9],
    ]);
    expect(folded.summary).toMatchObject({ compressed: true, events: 7 });
    expect(folded.document.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // run.completed was torn off: the run is still running as far as the log says.
    expect(folded.document.run?.status).toBe("running");
  });

  it("keeps at most maxDiagnostics of them and counts the rest", async () => {
    const file = path.join(directory, "garbage.jsonl");
    writeFileSync(file, `${eventLine(1)}\n${"garbage\n".repeat(10)}${eventLine(2)}\n`);
    const folded = await foldEventLogFile(file, { maxDiagnostics: 3 });
    expect(folded.diagnostics.map((item) => item.line)).toEqual([2, 3, 4]);
    expect(folded.omittedDiagnostics).toBe(7);
    expect(folded.summary).toMatchObject({ problems: 10, events: 2 });
  });

  it("passes the fold its options: child runs are embedded", async () => {
    const childId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    const file = path.join(directory, "parent.jsonl");
    writeFileSync(
      file,
      `${eventLine(1, { type: "step.call_workflow.started", child_run_id: childId, payload: { name: "child", kind: "call_workflow" } })}\n`,
    );
    const child = JSON.parse(
      eventLine(1, { run_id: childId, parent_run_id: "550e8400-e29b-41d4-a716-446655440000" }),
    ) as Parameters<typeof foldEventLog>[0][number];
    const folded = await foldEventLogFile(file, { fold: { runs: new Map([[childId, [child]]]) } });
    expect(folded.document.run?.children?.[0]?.transcript?.id).toBe(childId);
  });

  it("refuses a negative maxDiagnostics when called", async () => {
    await expect(foldEventLogFile("x", { maxDiagnostics: -1 })).rejects.toThrow(/maxDiagnostics must be/);
  });
});
