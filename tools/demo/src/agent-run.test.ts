import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkEventLog } from "@agent-transcript/recorder";
import { summarizeSnapshotBundle } from "@agent-transcript/recorder/snapshot";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAgentRun, type AgentRunResult } from "./agent-run.js";

let folder: string;
let run: AgentRunResult;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "demo-agent-run-"));
  run = await recordAgentRun(folder, path.join(folder, "scratch"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the demo's agent run", () => {
  it("gets the recorded answers through the wrapped SDK clients, four requests, no recording failure", () => {
    expect(run.answers).toHaveLength(2);
    expect(run.answers[0]).toContain("Mexico City");
    expect(run.answers[1]).toBe("The weather in Paris is sunny.");
    expect(run.requests).toBe(4);
    expect(run.warnings.filter((warning) => !/snapshot/i.test(warning))).toEqual([]);
  });

  it("writes strictly valid logs: the user's question, the tool call paired with its result, a linked child run", () => {
    const parent = checkEventLog(readFileSync(run.logFile, "utf8"));
    const child = checkEventLog(readFileSync(run.childLogFile, "utf8"));
    expect(parent.problems).toEqual([]);
    expect(child.problems).toEqual([]);
    const types = parent.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(["message.user", "message.assistant", "tool.call", "tool.result"]));
    expect(parent.events.find((event) => event.type === "step.call_workflow.started")?.child_run_id).toBe(
      run.childRunId,
    );
    expect(child.events.every((event) => event.parent_run_id === run.runId)).toBe(true);
  });

  it("ends with a workspace snapshot of the changed repository, recorded as an artifact", async () => {
    expect(run.snapshotFile !== undefined && existsSync(run.snapshotFile)).toBe(true);
    const summary = await summarizeSnapshotBundle(run.snapshotFile as string);
    expect(summary.repositories).toHaveLength(1);
    // The agent modified one file and added another.
    expect(summary.repositories[0]?.changes).toEqual({ modified: 1, added: 1 });
    expect(summary.repositories[0]?.head).toMatch(/^[0-9a-f]{40}$/);
    const parent = checkEventLog(readFileSync(run.logFile, "utf8"));
    expect(parent.events.some((event) => event.type === "artifact.created")).toBe(true);
  });
});
