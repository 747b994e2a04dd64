import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isUuid, type Transcript } from "@agent-transcript/core";
import { validateEvent, validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it, vi } from "vitest";
import { importSessionTextWith, isExpectedSessionLoss } from "../../conversion/index.js";
import { detectSessionFormat } from "../../sessions.js";
import { awfTranscriptExporter, awfTranscriptImporter } from "./index.js";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const parentId = "550e8400-e29b-41d4-a716-446655440000";
const childId = "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95";
const parentText = readFileSync(path.join(fixtures, `${parentId}.jsonl`), "utf8");
const childText = readFileSync(path.join(fixtures, `${childId}.jsonl`), "utf8");

function importRun(main: string, related: Array<{ path: string; lines: string }> = []) {
  return importSessionTextWith(awfTranscriptImporter, { main: { path: `${parentId}.jsonl`, lines: main }, related });
}

describe("AWF transcript logs, as AWF's reference prints them", () => {
  const imported = importRun(parentText, [{ path: `${childId}.jsonl`, lines: childText }]);

  it("imports the run and its child run strictly valid, with no loss", () => {
    expect(imported.losses).toEqual([]);
    expect(validateTranscript(imported.document).ok).toBe(true);
    expect(imported.files).toEqual([`${parentId}.jsonl`, `${childId}.jsonl`]);
    expect(imported.records).toBe(13);
  });

  it("maps events onto messages, parts with their fidelity, the run, its steps and the child run", () => {
    const document = imported.document;
    expect(document.id).toBe(parentId);
    expect(document.messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["tool_call"]],
      ["tool", ["tool_result"]],
      ["assistant", ["reasoning", "tool_call", "tool_result", "text"]],
      ["user", ["command"]],
    ]);
    expect(document.messages[1]?.parts[0]).toEqual({
      type: "tool_call",
      id: "tool_01H...",
      name: "Read",
      input: { path: "main.go" },
      fidelity: "router",
    });
    expect(document.messages[3]?.parts.map((part) => part.fidelity)).toEqual([
      "agent_emitted",
      "agent_emitted",
      "router",
      "agent_emitted",
    ]);
    expect(document.messages[0]).toMatchObject({ path: "analyze", created_at: "2026-06-08T08:14:44.123Z" });
    expect(document.run).toMatchObject({
      status: "completed",
      started_at: "2026-06-08T08:14:42.123Z",
      ended_at: "2026-06-08T08:14:57.123Z",
      duration_ms: 15000,
    });
    expect(document.run?.steps?.map((step) => [step.path, step.kind, step.status, step.error])).toEqual([
      ["analyze", "agent", "completed", undefined],
      ["test", "command", "failed", "exit status 1"],
      ["fix", "call_workflow", "completed", undefined],
    ]);
    expect(document.run?.steps?.[0]?.result).toBe("Found 2 issues.");
    const child = document.run?.children?.[0];
    expect(child).toMatchObject({ run_id: childId, path: "fix", status: "completed" });
    expect(child?.transcript?.run?.parent).toEqual({ run_id: parentId });
    expect(child?.transcript?.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(imported.children.map((entry) => entry.runId)).toEqual([childId]);
  });

  it("writes every file back byte for byte", () => {
    const exported = awfTranscriptExporter.fromCanonical(imported.document);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.warnings).toEqual([]);
    expect(exported.files.map((file) => file.name)).toEqual([`${parentId}.jsonl`, `${childId}.jsonl`]);
    expect(exported.files[0]?.text).toBe(parentText);
    expect(exported.files[1]?.text).toBe(childText);
  });

  it("accepts what our strict event-log reader refuses: a null run.started payload, AWF's block shapes", () => {
    const lines = parentText
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    expect(validateEvent(lines[0]).ok).toBe(false);
    expect(validateEvent(lines[5]).ok).toBe(false);
    expect(importRun(parentText).losses).toEqual([]);
  });

  it("is detected from its first line, and our own event log is not", () => {
    expect(detectSessionFormat(parentText)).toBe("awf-transcript");
    const ours = parentText.replace(
      '"payload":null',
      '"payload":{"schema_version":"1.0.0","name":"x","kind":"workflow"}',
    );
    expect(detectSessionFormat(ours)).toBeUndefined();
  });

  it("is told by a long first line's start, and parses a long line only when that start names run.started", () => {
    // A compact document is one line, as long as the document: detection must not parse it (a second copy in memory).
    const document = JSON.stringify({
      schema_version: "1.1.0",
      id: "long",
      messages: [{ role: "user", parts: [{ type: "text", text: "x".repeat(1024 * 1024) }] }],
    });
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(detectSessionFormat(document)).toBeUndefined();
      expect(parse.mock.calls.filter(([text]) => text === document)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
    // AWF's own long run.started line (a large step result) is still AWF's, and ours still is not.
    const long = parentText.replace(
      '"payload":null',
      `"payload":{"name":"x","kind":"workflow","result":"${"y".repeat(1024 * 1024)}"}`,
    );
    expect(detectSessionFormat(long)).toBe("awf-transcript");
    expect(detectSessionFormat(long.replace('"payload":{', '"payload":{"schema_version":"1.0.0",'))).toBeUndefined();
  });

  it("reads the log AWF's reference prints, indented as printed, with no loss, and writes back the same events", () => {
    const printed = readFileSync(
      path.join(fixtures, "../../../../../recorder/src/fixtures/awf-documented-example.jsonl"),
      "utf8",
    );
    const result = importRun(printed);
    expect(result.losses).toEqual([]);
    expect(validateTranscript(result.document).ok).toBe(true);
    const exported = awfTranscriptExporter.fromCanonical(result.document);
    if (!exported.ok) throw new Error("export failed");
    const events = (text: string) =>
      text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown);
    // The same events; the bytes are Go's compact form, where the reference's example has spaces after colons.
    expect(events(exported.files[0]?.text ?? "")).toEqual(events(printed));
  });

  it("writes a message that records no time at the time of the message before it, never before it", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      created_at: "2026-04-29T21:39:22.319Z",
      messages: [
        {
          id: "m1",
          role: "user",
          created_at: "2026-04-29T21:39:33.155Z",
          parts: [{ type: "text", text: "list files" }],
        },
        { id: "m2", role: "tool", parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: "README.md" }] },
      ],
    };
    const exported = awfTranscriptExporter.fromCanonical(document);
    if (!exported.ok) throw new Error("export failed");
    const times = (exported.files[0]?.text ?? "")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; timestamp: string })
      .filter((event) => event.type.startsWith("message.") || event.type.startsWith("tool."))
      .map((event) => event.timestamp);
    expect(times).toEqual(["2026-04-29T21:39:33.155Z", "2026-04-29T21:39:33.155Z"]);
    expect(exported.warnings.map((warning) => warning.message)).toContainEqual(
      expect.stringContaining("the time of the message before it, 2026-04-29T21:39:33.155Z, was written"),
    );
  });

  it("leaves out a file of another run found beside it", () => {
    const stranger = childText.replaceAll(childId, "0b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95");
    const result = importRun(parentText, [{ path: "0b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95.jsonl", lines: stranger }]);
    expect(result.files).toEqual([`${parentId}.jsonl`]);
    expect(result.document.run?.children?.[0]?.transcript).toBeUndefined();
    // Another top-level run of the folder (no parent named), even one with a broken line, is neither read nor reported.
    const otherRun = `${parentText.replaceAll(parentId, "1b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95")}{broken\n`;
    const beside = importRun(parentText, [{ path: "1b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95.jsonl", lines: otherRun }]);
    expect([beside.files, beside.losses]).toEqual([[`${parentId}.jsonl`], []]);
  });
});

describe("what AWF's reader tolerates", () => {
  const envelope = (seq: number, type: string, payload: unknown): string =>
    JSON.stringify({
      seq,
      run_id: parentId,
      type,
      path: "",
      iteration: 0,
      timestamp: "2026-06-08T08:14:42.123Z",
      payload,
    });

  it("keeps an unknown event type and an unknown block type, each with its loss, and writes them back", () => {
    const text = [
      envelope(1, "run.started", null),
      envelope(2, "artifact.created", { kind: "snapshot" }),
      envelope(3, "message.assistant", {
        role: "assistant",
        blocks: [{ type: "image", fidelity: "agent_emitted", url: "x" }],
      }),
    ].join("\n");
    const result = importRun(`${text}\n`);
    expect(result.losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["unknown-line-type", 2],
      ["kept-as-native", 3],
    ]);
    expect(result.losses.every(isExpectedSessionLoss)).toBe(true);
    expect(validateTranscript(result.document).ok).toBe(true);
    const exported = awfTranscriptExporter.fromCanonical(result.document);
    if (!exported.ok) throw new Error("export failed");
    // Go sorts the keys of an unknown payload (a map) and writes a block's fields in its struct's order.
    expect(exported.files[0]?.text.split("\n")[1]).toBe(
      `{"seq":2,"run_id":"${parentId}","type":"artifact.created","path":"","iteration":0,"timestamp":"2026-06-08T08:14:42.123Z","payload":{"kind":"snapshot"}}`,
    );
    expect(exported.files[0]?.text.split("\n")[2]).toContain(
      '"blocks":[{"type":"image","fidelity":"agent_emitted","url":"x"}]',
    );
  });

  it("costs a bad line that line only, naming it", () => {
    const text = [
      envelope(1, "run.started", null),
      "{not json",
      '{"seq":"2"}',
      "[1]",
      envelope(5, "run.completed", null),
    ].join("\n");
    const result = importRun(text);
    expect(result.losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["unparsable-line", 2],
      ["invalid-line", 3],
      ["invalid-line", 4],
    ]);
    expect(result.losses[1]?.message).toMatch(/^not an AWF transcript event: \/seq/);
    expect(result.document.run?.status).toBe("completed");
  });
});

describe("a document from elsewhere, written as AWF", () => {
  const document: Transcript = {
    schema_version: "1.0.0",
    id: "run-1",
    title: "review",
    created_at: "2026-06-08T08:00:00.000Z",
    run: { status: "completed", started_at: "2026-06-08T08:00:00.000Z", ended_at: "2026-06-08T08:01:00.000Z" },
    messages: [
      { role: "system", parts: [{ type: "text", text: "Be brief." }], created_at: "2026-06-08T08:00:01.000Z" },
      { role: "user", parts: [{ type: "text", text: "<b>&</b>" }], created_at: "2026-06-08T08:00:02.000Z" },
      {
        role: "assistant",
        model: "m",
        usage: { input_tokens: 3, output_tokens: 4 },
        parts: [
          { type: "reasoning", text: "hm", signature: "sig", issuer: { provider: "anthropic" } },
          { type: "tool_call", id: "c1", name: "Read", input: { z: 1, a: 2 } },
        ],
        created_at: "2026-06-08T08:00:03.000Z",
      },
      {
        role: "tool",
        parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: "ok" }],
        created_at: "2026-06-08T08:00:04.000Z",
      },
      { role: "assistant", parts: [{ type: "image", url: "https://x/y.png" }], created_at: "2026-06-08T08:00:05.000Z" },
    ],
  };

  it("writes run events around the messages, AWF's encoding, and a warning for each thing AWF cannot carry", () => {
    const exported = awfTranscriptExporter.fromCanonical(document);
    if (!exported.ok) throw new Error("export failed");
    const lines = exported.files[0]?.text.trim().split("\n") ?? [];
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      "run.started",
      "message.user",
      "message.user",
      "message.assistant",
      "tool.result",
      "message.assistant",
      "run.completed",
    ]);
    expect(lines.map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(lines[2]).toContain('"text":"\\u003cb\\u003e\\u0026\\u003c/b\\u003e"');
    expect(lines[3]).toContain('"tool_input":{"a":2,"z":1}');
    expect(lines[4]).toContain(
      '"payload":{"name":"Read","call_id":"c1","input":null,"output":"ok","fidelity":"router"}',
    );
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["role-mapped", "/messages/0/role"],
      ["value-converted", "/id"],
      ["field-dropped", "/messages/2/model"],
      ["field-dropped", "/messages/2/usage"],
      ["reasoning-dropped", "/messages/2/parts/0/signature"],
      ["part-dropped", "/messages/4/parts/0"],
    ]);
    const back = importRun(exported.files[0]?.text ?? "");
    expect(back.losses).toEqual([]);
    expect(back.document.messages[3]?.parts[0]).toMatchObject({
      type: "tool_result",
      call_id: "c1",
      name: "Read",
      output: "ok",
    });
  });

  it("writes a result with no call and no name (an ATIF observation) with the tool name unknown, saying so", () => {
    const observed: Transcript = {
      ...document,
      messages: [
        document.messages[1]!,
        {
          role: "tool",
          parts: [{ type: "tool_result", call_id: "atif-step-2-result-1", status: "ok", output: "$ ls" }],
          created_at: "2026-06-08T08:00:04.000Z",
        },
      ],
    };
    const exported = awfTranscriptExporter.fromCanonical(observed);
    if (!exported.ok) throw new Error("export failed");
    const lines = exported.files[0]?.text.trim().split("\n") ?? [];
    const result = JSON.parse(lines[2] ?? "") as { type: string; payload: { name: string } };
    expect(result).toMatchObject({ type: "tool.result", payload: { name: "unknown" } });
    expect(validateEvent(result).ok).toBe(true);
    expect(exported.warnings.filter((warning) => warning.code === "value-assumed")).toEqual([
      {
        code: "value-assumed",
        path: "/messages/1/parts/0/name",
        message:
          "AWF's tool.result needs the tool's name; this result names none and its call is not in the document: written as unknown",
      },
    ]);
  });

  it("writes run ids that are not UUIDs as their name-based UUIDs, the same in the link, the lines and the file name", () => {
    // A Claude Code session's sub-agent is `a485154`; AWF's lines (as our event logs') are UUIDs.
    const grandchild: Transcript = { ...document, id: "agent-b", run: { status: "completed" } };
    const child: Transcript = {
      ...document,
      id: "a485154",
      run: {
        status: "completed",
        parent: { run_id: "run-1" },
        children: [{ run_id: "agent-b", status: "completed", transcript: grandchild }],
      },
    };
    const parent: Transcript = {
      ...document,
      run: { status: "completed", children: [{ run_id: "a485154", status: "completed", transcript: child }] },
    };
    const exported = awfTranscriptExporter.fromCanonical(parent);
    if (!exported.ok) throw new Error("export failed");
    const [main, childFile, grandchildFile] = exported.files;
    const events = (text: string | undefined) =>
      (text ?? "")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const linkedIds = exported.files.flatMap((file) =>
      events(file.text).flatMap((event) =>
        ["run_id", "parent_run_id", "child_run_id"].flatMap((field) =>
          event[field] === undefined ? [] : [String(event[field])],
        ),
      ),
    );
    expect(linkedIds.length).toBeGreaterThan(0);
    expect(linkedIds.filter((id) => !isUuid(id))).toEqual([]);
    const runId = events(main?.text)[0]?.run_id as string;
    const childRunId = events(main?.text).find((event) => event.type === "step.call_workflow.started")?.child_run_id;
    expect(childFile?.name).toBe(`${String(childRunId)}.jsonl`);
    expect(new Set(events(childFile?.text).map((event) => event.run_id))).toEqual(new Set([childRunId]));
    expect(new Set(events(childFile?.text).map((event) => event.parent_run_id))).toEqual(new Set([runId]));
    const grandchildRunId = events(childFile?.text).find(
      (event) => event.type === "step.call_workflow.started",
    )?.child_run_id;
    expect(grandchildFile?.name).toBe(`${String(grandchildRunId)}.jsonl`);
    expect(new Set(events(grandchildFile?.text).map((event) => event.parent_run_id))).toEqual(new Set([childRunId]));
    // Each id said once, where it is first met.
    const converted = exported.warnings.filter((warning) => warning.code === "value-converted");
    expect(converted.map((warning) => warning.message)).toEqual([
      expect.stringContaining('"run-1" was written as'),
      expect.stringContaining('"a485154" was written as'),
      expect.stringContaining('"agent-b" was written as'),
    ]);
    // Written twice, the same UUIDs.
    const again = awfTranscriptExporter.fromCanonical(parent);
    expect(again.ok && again.files.map((file) => file.name)).toEqual(exported.files.map((file) => file.name));
  });
});
