import { checkEventLog } from "@agent-transcript/recorder";
import { readSnapshotDeclarations } from "@agent-transcript/recorder/snapshot";
import { describe, expect, it } from "vitest";
import { childRunId, parentRunId, sampleRun, toJsonLines } from "./sample-run.js";

describe("the demo's sample run", () => {
  const run = sampleRun();

  it("is a valid parent log and a valid child log under the strict schema and AWF's file rules", () => {
    expect(checkEventLog(toJsonLines(run.parent)).problems).toEqual([]);
    expect(checkEventLog(toJsonLines(run.child)).problems).toEqual([]);
  });

  it("links parent and child both ways", () => {
    const calls = run.parent.filter((event) => event.type.startsWith("step.call_workflow."));
    expect(calls.map((event) => event.child_run_id)).toEqual([childRunId, childRunId]);
    // An empty child log would pass the check below.
    expect(run.child.length).toBeGreaterThan(0);
    expect(run.child.every((event) => event.parent_run_id === parentRunId && event.run_id === childRunId)).toBe(true);
    expect(run.parent.every((event) => event.parent_run_id === undefined && event.run_id === parentRunId)).toBe(true);
  });

  it("pairs every tool call with a result by call_id", () => {
    for (const log of [run.parent, run.child]) {
      const ids = (type: string): unknown[] =>
        log.filter((event) => event.type === type).map((event) => (event.payload as { call_id: string }).call_id);
      // Two empty lists would be equal: each log has tool calls to pair.
      expect(ids("tool.call").length).toBeGreaterThan(0);
      expect(ids("tool.result")).toEqual(ids("tool.call"));
    }
  });

  it("declares a valid snapshot", () => {
    const report = readSnapshotDeclarations(toJsonLines(run.declarations));
    expect(report.problems).toEqual([]);
    expect(report.declarations).toEqual(run.declarations);
  });
});
