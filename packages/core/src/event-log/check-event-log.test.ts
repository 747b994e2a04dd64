import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { checkEventLog, readEventLogText } from "./check-event-log.js";

const example = (name: string): string =>
  readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Event/valid", name), "utf8");
const asLine = (value: unknown): string => JSON.stringify(value);
const line = (seq: number, extra: Record<string, unknown> = {}): string =>
  asLine({
    seq,
    run_id: "550e8400-e29b-41d4-a716-446655440000",
    type: "step.started",
    path: "analyze",
    iteration: 0,
    timestamp: "2026-06-08T08:14:42.123Z",
    payload: { name: "analyze", kind: "agent" },
    ...extra,
  });

describe("checkEventLog", () => {
  it("accepts a log assembled from the schema's valid examples once renumbered", () => {
    const names = [
      "run-started.json",
      "step-started.json",
      "message-user.json",
      "tool-call.json",
      "tool-result-error.json",
      "message-assistant.json",
      "call-workflow-started.json",
    ];
    const text =
      names.map((name, index) => asLine({ ...(JSON.parse(example(name)) as object), seq: index + 1 })).join("\n") +
      "\n";
    const report = checkEventLog(text);
    expect(report.problems).toEqual([]);
    expect(report.events.map((event) => event.type)).toEqual([
      "run.started",
      "step.started",
      "message.user",
      "tool.call",
      "tool.result",
      "message.assistant",
      "step.call_workflow.started",
    ]);
  });

  it("names the line and pointer of every problem, and keeps reading after one (invalid lines still hold their seq)", () => {
    const text =
      [line(1), line(2, { iteration: -1 }), "{not json", line(3, { timestamp: "soon" }), line(4)].join("\n") + "\n";
    const report = checkEventLog(text);
    expect(report.problems).toEqual([
      { line: 2, pointer: "/iteration", message: '"iteration" must be at least 0, not -1' },
      { line: 3, pointer: "", message: expect.stringMatching(/^not JSON: /) },
      {
        line: 4,
        pointer: "/timestamp",
        message: '"soon" is not a date-time: expected an RFC 3339 timestamp such as 2026-06-08T08:14:42Z',
      },
    ]);
    expect(report.events.map((event) => event.seq)).toEqual([1, 4]);
  });

  it("reports a torn last line as an incomplete write", () => {
    const report = checkEventLog(`${line(1)}\n${line(2).slice(0, 40)}`);
    expect(report.problems).toEqual([
      { line: 2, pointer: "", message: expect.stringMatching(/^incomplete last line/) },
    ]);
  });

  it("enforces seq order and one run per file", () => {
    const report = checkEventLog(
      [line(1), line(1), line(2, { run_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7" })].join("\n"),
    );
    expect(report.problems).toEqual([
      { line: 2, pointer: "/seq", message: "seq 1 is not after 1: seq must strictly increase" },
      { line: 3, pointer: "/run_id", message: expect.stringContaining("one file records one run") },
    ]);
  });

  it("accepts newer event types only when reading tolerantly, and lists them", () => {
    const text = [line(1), line(2, { type: "run.paused", payload: null })].join("\n");
    expect(checkEventLog(text, "strict").problems).toEqual([
      {
        line: 2,
        pointer: "/type",
        message: expect.stringContaining('"run.paused" is not an event type; expected one of run.started'),
      },
    ]);
    const tolerant = checkEventLog(text, "tolerant");
    expect(tolerant.problems).toEqual([]);
    expect(tolerant.unknownEventTypes).toEqual(["run.paused"]);
  });

  it("knows every event type of this version, message.system included, in both modes", () => {
    const names = ["message-system.json", "message-system-developer-role.json", "call-workflow-completed.json"];
    const text = names
      .map((name, index) => asLine({ ...(JSON.parse(example(name)) as object), seq: index + 1 }))
      .join("\n");
    for (const mode of ["strict", "tolerant"] as const) {
      const report = checkEventLog(text, mode);
      expect(report.problems, mode).toEqual([]);
      expect(report.events.map((event) => event.type)).toEqual([
        "message.system",
        "message.system",
        "step.call_workflow.completed",
      ]);
      expect(report.unknownEventTypes, mode).toEqual([]);
    }
  });

  it("skips blank lines without miscounting", () => {
    const report = checkEventLog(`${line(1)}\n\n${line(2, { iteration: -5 })}\n`);
    expect(report.problems).toEqual([
      { line: 3, pointer: "/iteration", message: '"iteration" must be at least 0, not -5' },
    ]);
  });
});

describe("logs AWF wrote", () => {
  // AWF's documented examples, each printed JSON value kept as the documentation prints it (its spacing, its
  // `"payload": null` run events, its six content-block shapes), one event per line.
  const awfLog = readFileSync(
    path.join(repositoryRoot, "packages/recorder/src/fixtures/awf-documented-example.jsonl"),
    "utf8",
  );

  it("read tolerantly with every line accepted and no gap reported", () => {
    const report = checkEventLog(awfLog, "tolerant");
    expect(report.problems).toEqual([]);
    expect(report.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(report.events[0]?.payload).toBeNull();
  });

  it("are held to this format's writer rules by a strict read, which names the lines and still sees no gap", () => {
    const report = checkEventLog(awfLog, "strict");
    const lines = [...new Set(report.problems.map((problem) => problem.line))];
    expect(lines).toEqual([1, 5]);
    expect(report.problems.some((problem) => problem.message.includes("skips"))).toBe(false);
  });
});

describe("sequence checks around invalid lines", () => {
  it("count an invalid line's seq, so the next valid line is not reported as a gap", () => {
    const text = [line(1), line(2, { path: "", iteration: -1 }), line(3)].join("\n") + "\n";
    const report = checkEventLog(text);
    expect(report.problems.map((problem) => [problem.line, problem.pointer])).toEqual([[2, "/iteration"]]);
  });

  it("still report a real gap after an invalid line", () => {
    const text = [line(1), line(2, { iteration: -1 }), line(4)].join("\n") + "\n";
    const report = checkEventLog(text);
    expect(report.problems.map((problem) => [problem.line, problem.pointer])).toEqual([
      [2, "/iteration"],
      [3, "/seq"],
    ]);
  });
});

describe("readEventLogText", () => {
  it("gives each line's byte offset in UTF-8, as a reader of the file's bytes counts it", () => {
    const lines = [line(1), line(2, { path: "é🙂" }), "", line(3), line(4).slice(0, 30)];
    const text = lines.join("\n");
    const bytes = Buffer.from(text);
    const items = [...readEventLogText(text)];
    expect(items.map((item) => [item.kind, item.line])).toEqual([
      ["event", 1],
      ["event", 2],
      ["event", 4],
      ["warning", 5],
    ]);
    for (const item of items) {
      const start = item.offset as number;
      expect(start === 0 || bytes[start - 1] === 0x0a).toBe(true);
      expect(bytes.subarray(start).toString("utf8")).toBe(lines.slice((item.line as number) - 1).join("\n"));
    }
  });
});
