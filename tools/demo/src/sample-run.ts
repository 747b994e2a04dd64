import { formatVersion, type Event, type SnapshotDeclaration } from "@agent-transcript/core";

/**
 * A code-review workflow run as AWF transcript logs record it: the parent reads a file, finds problems and calls a
 * `fix-issues` sub-workflow, whose own file links back to the parent. Deterministic, so the demo's output is stable.
 */
export interface SampleRun {
  parent: Event[];
  child: Event[];
  declarations: SnapshotDeclaration[];
}

/** A fake GitHub token with the real shape, built at run time so no secret-shaped literal sits in the source. */
export const demoToken = `ghp_${"Demo0Token".repeat(3)}abcdef`;

export const parentRunId = "550e8400-e29b-41d4-a716-446655440000";
export const childRunId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

export function sampleRun(start = Date.parse("2026-06-08T08:14:42.000Z")): SampleRun {
  let clock = start;
  const at = (): string => new Date((clock += 350)).toISOString();
  const envelope = (runId: string, parentRunId: string | undefined) => {
    let seq = 0;
    return (type: Event["type"], path: string, payload: unknown, extra: Partial<Event> = {}): Event => ({
      seq: (seq += 1),
      run_id: runId,
      ...(parentRunId ? { parent_run_id: parentRunId } : {}),
      ...extra,
      type,
      path,
      iteration: 0,
      timestamp: at(),
      payload,
    });
  };

  const parentLine = envelope(parentRunId, undefined);
  const childLine = envelope(childRunId, parentRunId);
  const parent: Event[] = [
    parentLine("run.started", "", { schema_version: formatVersion, name: "code-review", kind: "workflow" }),
    parentLine("step.started", "analyze", { name: "analyze", kind: "agent" }),
    parentLine("message.user", "analyze", {
      role: "user",
      blocks: [
        { type: "text", fidelity: "router", text: "Review main.go for bugs." },
        { type: "text", fidelity: "router", text: "You are a careful Go reviewer. Report each bug with its line." },
      ],
    }),
    parentLine("tool.call", "analyze", {
      name: "Read",
      call_id: "toolu_01",
      input: { path: "main.go" },
      output: null,
      fidelity: "router",
    }),
    parentLine("tool.result", "analyze", {
      name: "Read",
      call_id: "toolu_01",
      input: { path: "main.go" },
      output: 'package main\n\nfunc main() {\n\tvar m map[string]int\n\tm["a"] = 1\n}\n',
      fidelity: "router",
    }),
    parentLine("message.assistant", "analyze", {
      role: "assistant",
      blocks: [
        { type: "reasoning", fidelity: "agent_emitted", text: "The map is never initialised; writing to it panics." },
        { type: "text", fidelity: "agent_emitted", text: "Found 1 issue: main.go:5 writes to a nil map." },
      ],
    }),
    parentLine("step.completed", "analyze", { name: "analyze", kind: "agent", result: { issues: 1 } }),
    parentLine(
      "step.call_workflow.started",
      "fix",
      { name: "fix", kind: "call_workflow" },
      { child_run_id: childRunId },
    ),
  ];
  const child: Event[] = [
    childLine("run.started", "", { schema_version: formatVersion, name: "fix-issues", kind: "workflow" }),
    childLine("step.started", "patch", { name: "patch", kind: "agent" }),
    childLine("tool.call", "patch", {
      name: "Edit",
      call_id: "toolu_02",
      input: { path: "main.go", old: "var m map[string]int", new: "m := map[string]int{}" },
      output: null,
      fidelity: "agent_emitted",
    }),
    childLine("tool.result", "patch", {
      name: "Edit",
      call_id: "toolu_02",
      input: { path: "main.go" },
      output: { applied: true },
      fidelity: "agent_emitted",
    }),
    childLine("tool.call", "patch", {
      name: "Bash",
      call_id: "toolu_03",
      input: { command: "go vet ./... && env | grep TOKEN" },
      output: null,
      fidelity: "router",
    }),
    // A leaked credential, as tool output so often contains: the export redacts it.
    childLine("tool.result", "patch", {
      name: "Bash",
      call_id: "toolu_03",
      input: { command: "go vet ./... && env | grep TOKEN" },
      output: `GITHUB_TOKEN=${demoToken}\n`,
      fidelity: "router",
    }),
    childLine("step.completed", "patch", { name: "patch", kind: "agent" }),
    childLine("run.completed", "", { name: "fix-issues", kind: "workflow", result: { patched: ["main.go"] } }),
  ];
  parent.push(
    parentLine(
      "step.call_workflow.completed",
      "fix",
      { name: "fix", kind: "call_workflow", result: { patched: ["main.go"] } },
      { child_run_id: childRunId },
    ),
    parentLine("run.completed", "", { name: "code-review", kind: "workflow" }),
  );
  const declarations: SnapshotDeclaration[] = [
    { version: 1, kind: "repo", path: "/workspace/review-target" },
    { version: 1, kind: "file", path: "/tmp/code-review.log" },
  ];
  return { parent, child, declarations };
}

export const toJsonLines = (values: readonly unknown[]): string =>
  values.map((value) => JSON.stringify(value)).join("\n") + "\n";
