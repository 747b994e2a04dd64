import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemCommand } from "@agent-transcript/setup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEventLog } from "../event-log.js";
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

// The system's jq, or Debian's unpacked for this user by tools/setup.
const jqCommand = systemCommand("jq");

function jq(args: string[]): string {
  const result = spawnSync(jqCommand.command, [...args, file], { encoding: "utf8", env: jqCommand.env });
  if (result.error)
    throw new Error(`jq could not run (node tools/setup/system-deps.mjs installs it): ${result.error.message}`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe("AWF's jq recipes on a file the recorder wrote", () => {
  it("the file is strictly valid", () => {
    expect(checkEventLog(readFileSync(file, "utf8")).problems).toEqual([]);
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
    expect(jq(["-r", `select(.type == "step.call_workflow.started") | .child_run_id`])).toBe(`${childRunId}\n`);
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
