// The viewer reads event logs with core's line reader, as the recorder and the CLI do: the same lines refused with
// the same messages, a torn last line kept out with a note rather than refusing the run, and a child run whose log
// was not opened named with the file names it has beside its parent's.
import { checkEventLog } from "@agent-transcript/core";
import { eventLine, runId, sampleRun } from "@agent-transcript/fixtures/event-lines";
import { describe, expect, it } from "vitest";
import { loadTexts } from "./load.js";

const childRunId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("loadTexts reads event logs as every reader of event logs does", () => {
  it("refuses a log whose seq skips a line, with the recorder's message, file and line", () => {
    const lines = sampleRun();
    const text = `${[...lines.slice(0, 3), ...lines.slice(4)].join("\n")}\n`;
    const expected = checkEventLog(text, "tolerant").problems;
    expect(expected).toEqual([{ line: 4, pointer: "/seq", message: "seq 5 skips 4: a gap means lost lines" }]);
    expect(loadTexts([{ name: "run.jsonl", text }])).toEqual({
      ok: false,
      problems: [{ file: "run.jsonl", line: 4, pointer: "/seq", message: expected[0]?.message }],
    });
  });

  it("reads a log whose last line a crash cut short, with a note naming that line", () => {
    const lines = sampleRun();
    const torn = (lines[7] as string).slice(0, 40);
    const loaded = loadTexts([{ name: "run.jsonl", text: `${lines.slice(0, 7).join("\n")}\n${torn}` }]);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    // Everything before the torn line, as if the file had ended there.
    const whole = loadTexts([{ name: "run.jsonl", text: `${lines.slice(0, 7).join("\n")}\n` }]);
    expect(whole.ok && loaded.document.messages).toEqual(whole.ok && whole.document.messages);
    expect(loaded.notes).toContainEqual(
      expect.stringMatching(/^run\.jsonl, line 8: incomplete last line \(no newline; a write was cut short\)/),
    );
  });

  it("names the files a child run's log may have when only its parent's was opened", () => {
    const started = eventLine(2, {
      type: "step.call_workflow.started",
      path: "delegate",
      child_run_id: childRunId,
      payload: { name: "delegate", kind: "call_workflow" },
    });
    const text = `${[eventLine(1, { type: "run.started", path: "", payload: null }), started].join("\n")}\n`;
    expect(checkEventLog(text, "tolerant").problems).toEqual([]);
    const loaded = loadTexts([{ name: `${runId}.jsonl`, text }]);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.notes).toContain(
      `child run ${childRunId}: open its log (${childRunId}.jsonl or ${childRunId}.jsonl.gz) with this one to see it`,
    );
  });

  it("reads a log of one line (one event) as a log, and a document on one line as a document", () => {
    const line = eventLine(1, { type: "run.started", path: "", payload: null });
    const log = loadTexts([{ name: "run.jsonl", text: `${line}\n` }]);
    expect(log.ok && log.kind).toBe("event-log");
    const document = loadTexts([
      { name: "run.json", text: JSON.stringify({ schema_version: "1.0.0", id: "one-line", messages: [] }) },
    ]);
    expect(document.ok && document.kind).toBe("transcript");
    // A line that is neither: refused as a document, naming what is wrong with it.
    const neither = loadTexts([{ name: "x.json", text: '{"hello":"world"}' }]);
    expect(neither.ok).toBe(false);
  });
});
