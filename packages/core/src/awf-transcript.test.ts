import { describe, expect, it } from "vitest";
import { foldEventLog } from "./fold.js";
import { formatVersion } from "./format-version.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateEvent, validateEventTolerant, validateTranscript } from "./generated/v1/validate.js";

// AWF's own examples (envelope, StepPayload, MessagePayload, ToolPayload, ContentBlock) assembled into one run,
// with the child-run linkage it describes; its `thinking` and `tool_use` blocks are the AWF shapes folding maps.
const runId = "550e8400-e29b-41d4-a716-446655440000";
const childId = "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95";
const at = (seconds: number): string => `2026-06-08T08:14:${String(42 + seconds).padStart(2, "0")}.123Z`;
const awfLog: Tolerant.Event[] = [
  {
    seq: 1,
    run_id: runId,
    type: "run.started",
    path: "",
    iteration: 0,
    timestamp: at(0),
    payload: { schema_version: "1.0.0", name: "code-review", kind: "workflow" },
  },
  {
    seq: 2,
    run_id: runId,
    type: "step.started",
    path: "analyze",
    iteration: 0,
    timestamp: at(1),
    payload: { name: "analyze", kind: "agent" },
  },
  {
    seq: 3,
    run_id: runId,
    type: "message.user",
    path: "analyze",
    iteration: 0,
    timestamp: at(2),
    payload: { role: "user", blocks: [{ type: "text", fidelity: "router", text: "Review main.go for bugs." }] },
  },
  {
    seq: 4,
    run_id: runId,
    type: "message.assistant",
    path: "analyze",
    iteration: 0,
    timestamp: at(3),
    payload: {
      role: "assistant",
      blocks: [
        { type: "thinking", fidelity: "agent_emitted", thinking: "First I should..." },
        {
          type: "tool_use",
          fidelity: "agent_emitted",
          tool_name: "Read",
          tool_id: "toolu_01",
          tool_input: { path: "main.go" },
        },
      ],
    },
  },
  {
    seq: 5,
    run_id: runId,
    type: "tool.call",
    path: "analyze",
    iteration: 0,
    timestamp: at(4),
    payload: { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, output: null, fidelity: "router" },
  },
  {
    seq: 6,
    run_id: runId,
    type: "tool.result",
    path: "analyze",
    iteration: 0,
    timestamp: at(5),
    payload: {
      name: "Read",
      call_id: "toolu_01",
      input: { path: "main.go" },
      output: "package main\n...",
      fidelity: "router",
    },
  },
  {
    seq: 7,
    run_id: runId,
    type: "message.assistant",
    path: "analyze",
    iteration: 0,
    timestamp: at(6),
    payload: {
      role: "assistant",
      blocks: [
        { type: "text", fidelity: "agent_emitted", text: "Found 2 issues." },
        { type: "command", fidelity: "router", command: "go test ./..." },
      ],
    },
  },
  {
    seq: 8,
    run_id: runId,
    type: "step.completed",
    path: "analyze",
    iteration: 0,
    timestamp: at(7),
    payload: { name: "analyze", kind: "agent", result: { issues: 2 } },
  },
  {
    seq: 9,
    run_id: runId,
    child_run_id: childId,
    type: "step.call_workflow.started",
    path: "parallel_block.branch_a",
    iteration: 2,
    timestamp: at(8),
    payload: { name: "branch_a", kind: "call_workflow" },
  },
  {
    seq: 10,
    run_id: runId,
    child_run_id: childId,
    type: "step.call_workflow.completed",
    path: "parallel_block.branch_a",
    iteration: 2,
    timestamp: at(9),
    payload: { name: "branch_a", kind: "call_workflow", error: "exit status 1" },
  },
  { seq: 11, run_id: runId, type: "run.completed", path: "", iteration: 0, timestamp: at(10), payload: null },
];
const childLog: Tolerant.Event[] = [
  {
    seq: 1,
    run_id: childId,
    parent_run_id: runId,
    type: "run.started",
    path: "",
    iteration: 0,
    timestamp: at(8),
    payload: { schema_version: "1.0.0", name: "fix", kind: "workflow" },
  },
  {
    seq: 2,
    run_id: childId,
    parent_run_id: runId,
    type: "run.completed",
    path: "",
    iteration: 0,
    timestamp: at(9),
    payload: { name: "fix", kind: "workflow", error: "exit status 1" },
  },
];

describe("AWF transcript logs in the canonical form", () => {
  const folded = foldEventLog(awfLog, { runs: new Map([[childId, childLog]]) });
  const document = folded.document;

  it("accepts every line strictly, except the one with AWF's own block types, which a tolerant read accepts", () => {
    const strictlyInvalid = awfLog.filter((event) => !validateEvent(event).ok).map((event) => event.seq);
    expect(strictlyInvalid).toEqual([4]);
    expect(awfLog.every((event) => validateEventTolerant(event).ok)).toBe(true);
  });

  it("folds into a strictly valid document without warnings", () => {
    expect(folded.warnings).toEqual([]);
    expect(validateTranscript(document).ok).toBe(true);
  });

  it("loses no field: every envelope and payload value has a home in the document", () => {
    const messages = document.messages;
    const steps = document.run?.steps ?? [];
    // Envelope: run_id, parent/child ids, type, path, iteration, timestamp; seq is the order of messages and steps.
    expect(document.id).toBe(runId);
    expect(document.run?.started_at).toBe(at(0));
    expect(document.run?.ended_at).toBe(at(10));
    expect(document.run?.metadata).toEqual({ run_name: "code-review", run_kind: "workflow" });
    expect(steps).toEqual([
      {
        path: "analyze",
        name: "analyze",
        kind: "agent",
        iteration: 0,
        status: "completed",
        started_at: at(1),
        ended_at: at(7),
        result: { issues: 2 },
      },
      {
        path: "parallel_block.branch_a",
        name: "branch_a",
        kind: "call_workflow",
        iteration: 2,
        status: "failed",
        started_at: at(8),
        ended_at: at(9),
        error: "exit status 1",
        child_run_id: childId,
      },
    ]);
    expect(document.run?.children?.[0]).toMatchObject({
      run_id: childId,
      path: "parallel_block.branch_a",
      status: "failed",
      title: "branch_a",
    });
    expect(document.run?.children?.[0]?.transcript?.run).toMatchObject({
      parent: { run_id: runId },
      status: "failed",
      error: "exit status 1",
    });
    // Message payloads: role, every block with its fidelity; tool payloads: name, call_id, input, output, fidelity.
    expect(messages.map((message) => [message.role, message.created_at, message.path])).toEqual([
      ["user", at(2), "analyze"],
      ["assistant", at(3), "analyze"],
      ["tool", at(5), "analyze"],
      ["assistant", at(6), "analyze"],
    ]);
    expect(messages[0]?.parts).toEqual([{ type: "text", fidelity: "router", text: "Review main.go for bugs." }]);
    expect(messages[1]?.parts).toEqual([
      { type: "reasoning", text: "First I should...", fidelity: "agent_emitted" },
      { type: "tool_call", id: "toolu_01", name: "Read", input: { path: "main.go" }, fidelity: "agent_emitted" },
    ]);
    expect(messages[2]?.parts).toEqual([
      {
        type: "tool_result",
        call_id: "toolu_01",
        name: "Read",
        status: "ok",
        output: "package main\n...",
        fidelity: "router",
      },
    ]);
    expect(messages[3]?.parts).toEqual([
      { type: "text", fidelity: "agent_emitted", text: "Found 2 issues." },
      { type: "command", fidelity: "router", command: "go test ./..." },
    ]);
  });

  it("reads run.started as AWF writes it, a plain step payload with no version, tolerantly, and folds it as this version", () => {
    // The AWF transcript logs' reference: run.started carries a *StepPayload or null; ours declares schema_version.
    const [first, ...rest] = awfLog;
    const { schema_version: _version, ...stepPayload } = first?.payload as Record<string, unknown>;
    const awfStart = { ...(first as Tolerant.Event), payload: stepPayload };
    expect(validateEvent(awfStart).ok).toBe(false);
    expect(validateEventTolerant(awfStart).ok).toBe(true);
    // A payload that declares another major is still refused, tolerant or not.
    expect(validateEventTolerant({ ...awfStart, payload: { ...stepPayload, schema_version: "2.0.0" } }).ok).toBe(false);
    const folded = foldEventLog([awfStart, ...rest]);
    expect(folded.document.title).toBe("code-review");
    expect(folded.warnings).toEqual([
      {
        code: "version-assumed",
        seq: 1,
        message: `run.started declares no schema_version (as AWF writes it); folded as ${formatVersion}`,
      },
    ]);
  });
});
