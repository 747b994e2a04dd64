import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEventLog } from "@agent-transcript/core";
import { itRunsTheJqRecipes } from "../jq-recipes.test.helpers.js";
import { createRecorder } from "./recorder.js";

// The AWF transcript format's jq recipes, verbatim, run with the real jq against a file this package's recorder
// wrote (src/jq-recipes.test.ts runs them on a hand-assembled log).
const scratch = mkdtempSync(path.join(tmpdir(), "recorder-jq-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let file: string;
let childRunId: string;

beforeAll(async () => {
  const recorder = createRecorder({ root: scratch, durability: "every-event" });
  recorder.append({ type: "run.started", payload: { name: "code-review", kind: "workflow" } });
  recorder.append({ type: "step.started", path: "analyze", payload: { name: "analyze", kind: "agent" } });
  recorder.append({
    type: "message.user",
    path: "analyze",
    payload: { role: "user", blocks: [{ type: "text", text: "Review main.go for bugs." }] },
  });
  recorder.append({
    type: "tool.call",
    path: "analyze",
    payload: { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, output: null, fidelity: "router" },
  });
  recorder.append({
    type: "tool.result",
    path: "analyze",
    payload: { name: "Read", call_id: "toolu_01", output: "package main", fidelity: "router" },
  });
  recorder.append({
    type: "tool.call",
    path: "analyze",
    payload: { name: "Bash", call_id: "toolu_02", input: { command: "go vet" }, fidelity: "agent_emitted" },
  });
  recorder.append({
    type: "tool.result",
    path: "analyze",
    payload: { name: "Bash", call_id: "toolu_02", output: "", fidelity: "agent_emitted" },
  });
  recorder.append({
    type: "message.assistant",
    path: "analyze",
    payload: {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: "Two bugs." },
        { type: "text", text: "Found 2 issues." },
        { type: "text", text: "Fix: initialise the map." },
      ],
    },
  });
  recorder.append({ type: "step.completed", path: "analyze", payload: { name: "analyze", kind: "agent" } });
  recorder.append({
    type: "step.started",
    path: "parallel_block.branch_a",
    payload: { name: "branch_a", kind: "command" },
  });
  const child = recorder.startChildRun({ name: "fix", path: "fix" });
  childRunId = child.runId;
  child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" } });
  await recorder.completeChildRun(child, { status: "completed" });
  recorder.append({ type: "run.completed", payload: { name: "code-review", kind: "workflow" } });
  await recorder.close();
  file = recorder.file;
});

describe("AWF's jq recipes on a file the recorder wrote", () => {
  it("the file is strictly valid", () => {
    expect(checkEventLog(readFileSync(file, "utf8")).problems).toEqual([]);
  });

  itRunsTheJqRecipes(() => ({ file, childRunId }));
});
