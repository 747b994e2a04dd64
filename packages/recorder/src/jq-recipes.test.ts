import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEventLog } from "@agent-transcript/core";
import { itRunsTheJqRecipes } from "./jq-recipes.test.helpers.js";

// AWF's jq recipes (jq-recipes.test.helpers.ts), run with the real jq against a hand-assembled event log of the
// shape this format's writers produce.
const runId = "550e8400-e29b-41d4-a716-446655440000";
const childId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
let seq = 0;
const line = (type: string, path: string, payload: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    seq: (seq += 1),
    run_id: runId,
    ...extra,
    type,
    path,
    iteration: 0,
    timestamp: `2026-06-08T08:14:${String(40 + seq)}.000Z`,
    payload,
  });
const log =
  [
    line("run.started", "", { schema_version: "1.0.0", name: "code-review", kind: "workflow" }),
    line("step.started", "analyze", { name: "analyze", kind: "agent" }),
    line("message.user", "analyze", {
      role: "user",
      blocks: [{ type: "text", fidelity: "router", text: "Review main.go for bugs." }],
    }),
    line("tool.call", "analyze", {
      name: "Read",
      call_id: "toolu_01",
      input: { path: "main.go" },
      output: null,
      fidelity: "router",
    }),
    line("tool.result", "analyze", {
      name: "Read",
      call_id: "toolu_01",
      input: { path: "main.go" },
      output: "package main",
      fidelity: "router",
    }),
    line("tool.call", "analyze", {
      name: "Bash",
      call_id: "toolu_02",
      input: { command: "go vet" },
      fidelity: "agent_emitted",
    }),
    line("tool.result", "analyze", { name: "Bash", call_id: "toolu_02", output: "", fidelity: "agent_emitted" }),
    line("message.assistant", "analyze", {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: "Two bugs." },
        { type: "text", text: "Found 2 issues." },
        { type: "text", text: "Fix: initialise the map." },
      ],
    }),
    line("step.completed", "analyze", { name: "analyze", kind: "agent" }),
    line("step.started", "parallel_block.branch_a", { name: "branch_a", kind: "command" }),
    line("step.call_workflow.started", "fix", { name: "fix", kind: "call_workflow" }, { child_run_id: childId }),
    line("step.call_workflow.completed", "fix", { name: "fix", kind: "call_workflow" }, { child_run_id: childId }),
    line("run.completed", "", { name: "code-review", kind: "workflow" }),
  ].join("\n") + "\n";

const file = path.join(mkdtempSync(path.join(tmpdir(), "jq-recipes-")), `${runId}.jsonl`);
writeFileSync(file, log);

describe("AWF's jq recipes on our event logs", () => {
  it("the log is strictly valid", () => {
    expect(checkEventLog(log).problems).toEqual([]);
  });

  itRunsTheJqRecipes(() => ({ file, childRunId: childId }));
});
