import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemCommand } from "@agent-transcript/setup";
import { describe, expect, it } from "vitest";
import { checkEventLog } from "./event-log.js";

// AWF's jq recipes, verbatim, run with the real jq against an event log this format's writers produce.
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

// The system's jq, or Debian's unpacked for this user by tools/setup.
const jqCommand = systemCommand("jq");

function jq(args: string[]): string {
  const result = spawnSync(jqCommand.command, [...args, file], { encoding: "utf8", env: jqCommand.env });
  if (result.error)
    throw new Error(`jq could not run (node tools/setup/system-deps.mjs installs it): ${result.error.message}`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe("AWF's jq recipes on our event logs", () => {
  it("the log is strictly valid", () => {
    expect(checkEventLog(log).problems).toEqual([]);
  });

  it("pretty-prints every line", () => {
    expect(jq(["."]).match(/^\{/gm)).toHaveLength(13);
  });

  it("pairs tool calls with their results", () => {
    const output = JSON.parse(
      jq([
        "-s",
        `
  [.[] | select(.type == "tool.call" or .type == "tool.result")]
  | group_by(.payload.call_id)
  | map({
      call_id: .[0].payload.call_id,
      name: .[0].payload.name,
      input: (map(select(.type == "tool.call"))[0].payload.input),
      output: (map(select(.type == "tool.result"))[0].payload.output)
    })
`,
      ]),
    ) as unknown;
    expect(output).toEqual([
      { call_id: "toolu_01", name: "Read", input: { path: "main.go" }, output: "package main" },
      { call_id: "toolu_02", name: "Bash", input: { command: "go vet" }, output: "" },
    ]);
  });

  it("extracts the assistant's text", () => {
    expect(
      jq(["-r", `select(.type == "message.assistant")\n  | .payload.blocks[]\n  | select(.type == "text")\n  | .text`]),
    ).toBe("Found 2 issues.\nFix: initialise the map.\n");
  });

  it("confirms seq is in order", () => {
    expect(jq(["-s", "[.[].seq] | . == (sort)"]).trim()).toBe("true");
  });

  it("lists the steps started", () => {
    expect(
      jq(["-r", `select(.type == "step.started")\n  | "\\(.seq)\\t\\(.path)\\t\\(.payload.kind)\\t\\(.payload.name)"`]),
    ).toBe("2\tanalyze\tagent\tanalyze\n10\tparallel_block.branch_a\tcommand\tbranch_a\n");
  });

  it("lists the child runs", () => {
    expect(jq(["-r", `select(.type == "step.call_workflow.started") | .child_run_id`])).toBe(`${childId}\n`);
  });

  it("counts tool calls by fidelity", () => {
    const output = JSON.parse(
      jq([
        "-s",
        `\n  [.[] | select(.type == "tool.call")]\n  | group_by(.payload.fidelity)\n  | map({fidelity: .[0].payload.fidelity, count: length})\n`,
      ]),
    ) as unknown;
    expect(output).toEqual([
      { fidelity: "agent_emitted", count: 1 },
      { fidelity: "router", count: 1 },
    ]);
  });
});
