import { describe, expect, it } from "vitest";
import { EventLogFolder, foldEventLog } from "./fold.js";
import { formatVersion, parseVersion, type SemanticVersion } from "./format-version.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript } from "./generated/v1/validate.js";

const parentId = "550e8400-e29b-41d4-a716-446655440000";
const childId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

function log(
  runId: string,
  parent: string | undefined,
  lines: Array<[string, string, unknown, Partial<Tolerant.Event>?]>,
): Tolerant.Event[] {
  return lines.map(([type, path, payload, extra], index) => ({
    seq: index + 1,
    run_id: runId,
    ...(parent ? { parent_run_id: parent } : {}),
    type,
    path,
    iteration: 0,
    timestamp: new Date(Date.parse("2026-06-08T08:14:42Z") + index * 1000).toISOString(),
    payload,
    ...extra,
  }));
}

const parent = log(parentId, undefined, [
  [
    "run.started",
    "",
    { schema_version: "1.0.0", name: "code-review", kind: "workflow", metadata: { ticket: "TK-421" } },
  ],
  ["step.started", "analyze", { name: "analyze", kind: "agent" }],
  ["message.system", "analyze", { role: "system", blocks: [{ type: "text", text: "You review Go code." }] }],
  ["message.user", "analyze", { role: "user", blocks: [{ type: "text", fidelity: "router", text: "Review main.go" }] }],
  [
    "message.assistant",
    "analyze",
    {
      role: "assistant",
      model: "claude-sonnet-4-5",
      usage: { input_tokens: 1200, output_tokens: 80, cache_read_tokens: 1000 },
      blocks: [
        { type: "reasoning", text: "Read the file first." },
        { type: "tool_call", id: "toolu_01", name: "Read", input: { path: "main.go" } },
      ],
    },
  ],
  [
    "tool.call",
    "analyze",
    { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, output: null, fidelity: "router" },
  ],
  [
    "tool.result",
    "analyze",
    { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, output: "package main", fidelity: "router" },
  ],
  ["tool.call", "analyze", { name: "Bash", call_id: "call_02", input: { command: "go vet" }, fidelity: "router" }],
  [
    "tool.result",
    "analyze",
    { name: "Bash", call_id: "call_02", output: null, error: "exit status 1", fidelity: "router" },
  ],
  [
    "message.assistant",
    "analyze",
    {
      role: "assistant",
      usage: { input_tokens: 300, output_tokens: 20 },
      blocks: [{ type: "text", text: "Found 1 issue." }],
    },
  ],
  ["step.completed", "analyze", { name: "analyze", kind: "agent", result: { issues: 1 } }],
  ["step.call_workflow.started", "fix", { name: "fix", kind: "call_workflow" }, { child_run_id: childId }],
  [
    "step.call_workflow.completed",
    "fix",
    { name: "fix", kind: "call_workflow", status: "failed", error: "tests failed" },
    { child_run_id: childId },
  ],
  ["run.completed", "", { name: "code-review", kind: "workflow", error: "fix failed" }],
]);
const child = log(childId, parentId, [
  ["run.started", "", { schema_version: "1.0.0", name: "fix-issues", kind: "workflow" }],
  ["message.assistant", "patch", { role: "assistant", blocks: [{ type: "text", text: "Patching." }] }],
  ["run.completed", "", { name: "fix-issues", kind: "workflow", status: "failed", error: "tests failed" }],
]);

describe("foldEventLog", () => {
  const folded = foldEventLog(parent, { runs: new Map([[childId, child]]) });
  const document = folded.document;

  it("produces a strictly valid transcript without warnings", () => {
    expect(folded.warnings).toEqual([]);
    expect(folded.strict).toBe(true);
    expect(validateTranscript(document).ok).toBe(true);
  });

  it("turns message events into messages with their step path and model", () => {
    expect(document.messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual([
      ["system", ["text"]],
      ["user", ["text"]],
      ["assistant", ["reasoning", "tool_call"]],
      ["tool", ["tool_result"]],
      ["assistant", ["tool_call"]],
      ["tool", ["tool_result"]],
      ["assistant", ["text"]],
    ]);
    expect(document.messages[2]).toMatchObject({
      model: "claude-sonnet-4-5",
      path: "analyze",
      created_at: "2026-06-08T08:14:46.000Z",
    });
  });

  it("pairs tool calls and results by call_id without repeating a call the assistant already made", () => {
    const calls = document.messages.flatMap((message) => message.parts).filter((part) => part.type === "tool_call");
    expect(calls.map((part) => (part as { id: string }).id)).toEqual(["toolu_01", "call_02"]);
    expect(document.messages[3]?.parts[0]).toEqual({
      type: "tool_result",
      call_id: "toolu_01",
      name: "Read",
      status: "ok",
      output: "package main",
      fidelity: "router",
    });
    expect(document.messages[5]?.parts[0]).toMatchObject({
      call_id: "call_02",
      status: "error",
      error: "exit status 1",
      output: null,
    });
  });

  it("gives the run its status, timing, steps and metadata, and sums usage", () => {
    expect(document.run).toMatchObject({
      status: "failed",
      error: "fix failed",
      started_at: "2026-06-08T08:14:42.000Z",
      ended_at: "2026-06-08T08:14:55.000Z",
      duration_ms: 13_000,
      metadata: { ticket: "TK-421", run_name: "code-review", run_kind: "workflow" },
    });
    expect(document.run?.steps?.map((step) => [step.path, step.status])).toEqual([
      ["analyze", "completed"],
      ["fix", "failed"],
    ]);
    expect(document.usage).toEqual({
      input_tokens: 1500,
      output_tokens: 100,
      cache_read_tokens: 1000,
      total_tokens: 1600,
    });
    expect(document.title).toBe("code-review");
  });

  it("links the child run both ways and embeds its transcript", () => {
    const link = document.run?.children?.[0];
    expect(link).toMatchObject({ run_id: childId, status: "failed", path: "fix", location: `${childId}.jsonl` });
    expect(link?.transcript?.run?.parent).toEqual({ run_id: parentId });
    expect(link?.transcript?.messages[0]?.parts[0]).toEqual({ type: "text", text: "Patching." });
  });

  it("keeps a model call's timings and error on its message", () => {
    const call = log(parentId, undefined, [
      ["run.started", "", { schema_version: "1.0.0", name: "chat", kind: "agent" }],
      [
        "message.assistant",
        "",
        {
          role: "assistant",
          blocks: [{ type: "text", text: "The error from" }],
          finish_reason: "error",
          duration_ms: 1840,
          time_to_first_token_ms: 412,
          error: "The stream was aborted.",
        },
      ],
    ]);
    const folded = foldEventLog(call);
    expect(folded.document.messages[0]).toMatchObject({
      duration_ms: 1840,
      time_to_first_token_ms: 412,
      error: "The stream was aborted.",
      finish_reason: "error",
    });
    expect(folded.strict).toBe(true);
  });

  it("maps AWF's own block types onto canonical parts", () => {
    const awf = log(parentId, undefined, [
      ["run.started", "", { schema_version: "1.0.0", name: "awf", kind: "workflow" }],
      [
        "message.assistant",
        "a",
        {
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
            { type: "tool_result", fidelity: "router", tool_id: "toolu_01", tool_content: "package main" },
            { type: "stream", fidelity: "agent_emitted", text: "Fou" },
          ],
        },
      ],
    ]);
    expect(foldEventLog(awf).document.messages[0]?.parts).toEqual([
      { type: "reasoning", text: "First I should...", fidelity: "agent_emitted" },
      { type: "tool_call", id: "toolu_01", name: "Read", input: { path: "main.go" }, fidelity: "agent_emitted" },
      { type: "tool_result", call_id: "toolu_01", status: "ok", output: "package main", fidelity: "router" },
      { type: "stream_chunk", text: "Fou", fidelity: "agent_emitted" },
    ]);
  });

  it("turns unknown events, orphan results and unanswered calls into warnings", () => {
    const odd = log(parentId, undefined, [
      ["run.started", "", { schema_version: "1.0.0", name: "odd", kind: "workflow" }],
      ["run.paused", "", { reason: "user" }],
      ["tool.result", "a", { name: "X", call_id: "nobody", output: 1, fidelity: "router" }],
      ["tool.call", "a", { name: "Y", call_id: "pending", input: {}, fidelity: "router" }],
    ]);
    const result = foldEventLog(odd);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      "unknown event type run.paused (from a newer format version); skipped",
      "tool.result for call nobody, which was never called",
      "tool call pending has no result (the run has not finished)",
    ]);
    expect(result.warnings[0]?.seq).toBe(2);
  });

  it("reads a log of this minor or an earlier one as written, and says when a log is newer than the reader", () => {
    const declaring = (version: string) =>
      foldEventLog(
        log(parentId, undefined, [
          ["run.started", "", { schema_version: version, name: "versions", kind: "workflow" }],
          ["run.completed", "", { name: "versions", kind: "workflow" }],
        ]),
      ).warnings.map((warning) => warning.message);
    const current = parseVersion(formatVersion) as SemanticVersion;
    expect(declaring("1.0.0")).toEqual([]);
    expect(declaring(formatVersion)).toEqual([]);
    const newer = `${current.major}.${current.minor + 1}.0`;
    expect(declaring(newer)).toEqual([`log declares schema_version ${newer}; folded as ${formatVersion}`]);
    expect(declaring("2.0.0")).toEqual([`log declares schema_version 2.0.0; folded as ${formatVersion}`]);
  });

  it("refuses to embed a child run that links back to its ancestor", () => {
    const loop = log(childId, parentId, [
      ["run.started", "", { schema_version: "1.0.0", name: "loop", kind: "workflow" }],
      ["step.call_workflow.started", "again", { name: "again", kind: "call_workflow" }, { child_run_id: parentId }],
    ]);
    const result = foldEventLog(parent, {
      runs: new Map([
        [childId, loop],
        [parentId, parent],
      ]),
    });
    expect(result.warnings.map((warning) => warning.message)).toContain(
      `child run ${childId}: child run ${parentId} links back to an ancestor; not embedded`,
    );
  });
});

describe("EventLogFolder.releaseMessages", () => {
  it("lets go of the messages folded so far and folds the rest as before: together they are the whole log's", () => {
    const whole = foldEventLog(parent).document.messages;
    const folder = new EventLogFolder();
    const seen: unknown[] = [];
    let released = 0;
    for (const event of parent) {
      folder.add(event);
      seen.push(...folder.document.messages);
      released += folder.releaseMessages();
      expect(folder.document.messages).toEqual([]);
    }
    expect(released).toBe(whole.length);
    expect(seen).toEqual(whole);
    // The run itself is still folded whole.
    expect(folder.end().document.run).toEqual(foldEventLog(parent).document.run);
  });
});

describe("foldEventLog: artifact.created", () => {
  it("lists the artifacts a log announces, such as the end-of-run workspace snapshot, in a strictly valid document", () => {
    const snapshot = {
      type: "snapshot",
      declarations: [{ version: 1, kind: "repo", path: "/workspace/app" }],
      created_at: "2026-06-08T08:15:00Z",
      location: `${parentId}.snapshot.jsonl`,
      sha256: "f".repeat(64),
    };
    const events = log(parentId, undefined, [
      ["run.started", "", { schema_version: "1.0.0", name: "fix", kind: "workflow" }],
      ["artifact.created", "", { type: "file", path: "report.md" }],
      ["artifact.created", "", snapshot],
      ["run.completed", "", { name: "fix", kind: "workflow" }],
    ]);
    const folded = foldEventLog(events);
    expect(folded.warnings).toEqual([]);
    expect(folded.document.artifacts).toEqual([{ type: "file", path: "report.md" }, snapshot]);
    expect(validateTranscript(folded.document).ok).toBe(true);
  });
});
