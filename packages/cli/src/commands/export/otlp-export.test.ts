// `export --format otlp-json`: every real fixture (agents' sessions, trajectories, provider payloads) as OTLP/JSON
// traces whose message-bearing attributes validate against the OpenTelemetry GenAI conventions' JSON Schemas and whose
// attribute names the conventions' registry defines; a session with sub-agents as the span tree its document says;
// the same ids on every export; a 10 MB tool output cut to the size asked for; content left out unless asked for.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Tolerant } from "@agent-transcript/core";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import type { OtlpSpan, OtlpTraceRequest } from "@agent-transcript/providers";
import { checkGenAiValue, genAiRegistry, genAiSchemaFiles } from "@agent-transcript/specs/otel-genai";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import { payloadFile, realRuns } from "../../payload-files.test.helpers.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-otlp-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function exported(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(["export", ...argv, "--quiet"], io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

async function traces(input: string, ...options: string[]): Promise<OtlpSpan[]> {
  const result = await exported(input, "--format", "otlp-json", ...options);
  expect(result.code, `${input}: ${result.stderr}`).toBe(0);
  const request = JSON.parse(result.stdout) as OtlpTraceRequest;
  return request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
}

const attributeOf = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((entry) => entry.key === key)?.value as Record<string, unknown> | undefined;
  if (value === undefined) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  return Object.values(value)[0];
};

/** Attributes of the core conventions (errors, exceptions, the service), and ours, beside the GenAI registry's. */
const outsideTheGenAiRegistry = new Set(["error.type", "exception.type", "exception.message"]);
const ours = /^agent_transcript\./;

const { sessionFiles, payloads } = realRuns();

describe("export --format otlp-json", () => {
  const registry = genAiRegistry();

  it("has real fixtures of every kind to export", () => {
    expect(sessionFiles.length).toBeGreaterThan(20);
    expect(payloads.length).toBeGreaterThan(100);
  });

  it("writes values the conventions' JSON Schemas accept and names the registry defines, for every real fixture", async () => {
    const checked: Record<string, number> = {};
    const inputs = [...sessionFiles, ...payloads.map((payload) => payloadFile(payload))];
    let exportedCount = 0;
    // Gathered, then held to: every refusal a refusal of what is no run, no name outside the registry, no value
    // outside its schema.
    const refusals: Array<{ input: string; code: number; stderr: string }> = [];
    const unknownNames = new Set<string>();
    const schemaProblems: string[] = [];
    const badSpans: string[] = [];
    for (const input of inputs) {
      const result = await exported(input, "--format", "otlp-json", "--content", "attributes");
      // A fixture that is no run (a catalogue, an error body) is refused as `export` refuses it; every other exports.
      if (result.code !== 0) {
        refusals.push({ input, code: result.code, stderr: result.stderr });
        continue;
      }
      exportedCount += 1;
      const spans = (JSON.parse(result.stdout) as OtlpTraceRequest).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
      for (const span of spans) {
        const wellFormed =
          /^[0-9a-f]{32}$/.test(span.traceId) &&
          /^[0-9a-f]{16}$/.test(span.spanId) &&
          BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano);
        if (!wellFormed) badSpans.push(`${input}: ${span.name}`);
        for (const { key, value } of span.attributes) {
          if (!ours.test(key) && !outsideTheGenAiRegistry.has(key) && !registry.attributes.has(key))
            unknownNames.add(key);
          if (!Object.hasOwn(genAiSchemaFiles, key)) continue;
          const parsed = JSON.parse((value as { stringValue: string }).stringValue) as unknown;
          for (const problem of checkGenAiValue(key as keyof typeof genAiSchemaFiles, parsed))
            schemaProblems.push(`${input}: ${span.name} ${key}: ${problem}`);
          checked[key] = (checked[key] ?? 0) + 1;
        }
      }
    }
    expect(refusals.filter((refusal) => refusal.code !== 1)).toEqual([]);
    expect([...unknownNames]).toEqual([]);
    expect(schemaProblems).toEqual([]);
    expect(badSpans).toEqual([]);
    expect(exportedCount).toBeGreaterThan(inputs.length / 2);
    // Each of the four was met and checked (tool definitions come with the payloads' requests).
    for (const key of Object.keys(genAiSchemaFiles)) expect(checked[key], key).toBeGreaterThan(0);
  }, 300_000);

  it("draws a session with sub-agents as its document says: runs, model calls, tool calls, children under their call", async () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
    );
    const documentResult = await exported(session, "--format", "json");
    expect(documentResult.code).toBe(0);
    const document = JSON.parse(documentResult.stdout) as Tolerant.Transcript;
    const spans = await traces(session);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const runs: Tolerant.Transcript[] = [];
    const walk = (current: Tolerant.Transcript): void => {
      runs.push(current);
      for (const child of current.run?.children ?? []) if (child.transcript !== undefined) walk(child.transcript);
    };
    walk(document);
    expect(runs.length).toBeGreaterThan(1);
    const agents = spans.filter((span) => attributeOf(span, "gen_ai.operation.name") === "invoke_agent");
    const chats = spans.filter((span) => attributeOf(span, "gen_ai.operation.name") === "chat");
    const tools = spans.filter((span) => attributeOf(span, "gen_ai.operation.name") === "execute_tool");
    expect(agents).toHaveLength(runs.length);
    const assistantMessages = runs.flatMap((entry) => entry.messages.filter((message) => message.role === "assistant"));
    expect(chats).toHaveLength(assistantMessages.length);
    const calls = assistantMessages.flatMap((message) => message.parts.filter((part) => part.type === "tool_call"));
    expect(tools).toHaveLength(calls.length);
    // One root; every other span's parent is in the trace; model calls under runs, tools under model calls.
    expect(spans.filter((span) => span.parentSpanId === undefined)).toHaveLength(1);
    for (const span of chats)
      expect(attributeOf(byId.get(span.parentSpanId as string) as OtlpSpan, "gen_ai.operation.name")).toBe(
        "invoke_agent",
      );
    for (const span of tools)
      expect(attributeOf(byId.get(span.parentSpanId as string) as OtlpSpan, "gen_ai.operation.name")).toBe("chat");
    // A child run started by a call sits under that call's span.
    let linked = 0;
    for (const entry of runs)
      for (const child of entry.run?.children ?? []) {
        if (child.call_id === undefined || child.transcript === undefined) continue;
        const callSpan = tools.find((span) => attributeOf(span, "gen_ai.tool.call.id") === child.call_id);
        if (callSpan === undefined) continue;
        const childSpan = agents.find((span) => span.parentSpanId === callSpan.spanId);
        expect(childSpan, child.call_id).toBeDefined();
        linked += 1;
      }
    expect(linked).toBeGreaterThan(0);
    // The model calls' usage is the messages' usage, and each ends when its message was written.
    const sum = (values: unknown[]) =>
      values.reduce<number>((total, value) => total + (typeof value === "number" ? value : 0), 0);
    expect(sum(chats.map((span) => attributeOf(span, "gen_ai.usage.output_tokens")))).toBe(
      sum(assistantMessages.map((message) => message.usage?.output_tokens)),
    );
    expect(sum(chats.map((span) => attributeOf(span, "gen_ai.usage.input_tokens")))).toBe(
      sum(assistantMessages.map((message) => message.usage?.input_tokens)),
    );
    const ends = new Set(chats.map((span) => span.endTimeUnixNano));
    for (const message of assistantMessages) {
      const at = Date.parse((message.completed_at ?? message.created_at) as string);
      expect(ends.has((BigInt(at) * 1_000_000n).toString())).toBe(true);
    }
    for (const span of chats) expect(attributeOf(span, "gen_ai.provider.name")).toBe("anthropic");
    // Without --content the spans carry no message, argument or result.
    for (const span of spans)
      for (const key of [
        "gen_ai.input.messages",
        "gen_ai.output.messages",
        "gen_ai.tool.call.arguments",
        "gen_ai.tool.call.result",
      ])
        expect(attributeOf(span, key)).toBeUndefined();
  });

  it("gives the same trace and span ids on every export of the same run", async () => {
    const session = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
    const first = await exported(session, "--format", "otlp-json");
    const second = await exported(session, "--format", "otlp-json");
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it("cuts a 10 MB tool output to the size asked for, and says so; a reference names the message's place", async () => {
    const huge = "x".repeat(10 * 1024 * 1024);
    const document = {
      schema_version: "1.0.0",
      id: "run-with-a-large-output",
      messages: [
        { role: "user", parts: [{ type: "text", text: "Print the log" }], created_at: "2026-06-08T10:00:00.000Z" },
        {
          role: "assistant",
          model: "claude-sonnet-4-5-20250929",
          created_at: "2026-06-08T10:00:02.000Z",
          parts: [{ type: "tool_call", id: "call_1", name: "Bash", input: { command: "cat big.log" } }],
        },
        {
          role: "tool",
          created_at: "2026-06-08T10:00:05.000Z",
          parts: [{ type: "tool_result", call_id: "call_1", status: "ok", output: huge }],
        },
      ],
    };
    const file = path.join(scratch, "large-output.json");
    writeFileSync(file, JSON.stringify(document));
    const spans = await traces(file, "--content", "attributes", "--max-attribute-size", "64KiB", "--no-redact");
    const tool = spans.find((span) => span.name === "execute_tool Bash") as OtlpSpan;
    const result = attributeOf(tool, "gen_ai.tool.call.result") as string;
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(64 * 1024);
    expect(JSON.parse(result)).toMatch(/^x+… \[cut at 65536 of 10485760 bytes\]$/);
    expect(attributeOf(tool, "agent_transcript.truncated")).toEqual({
      values: [{ stringValue: "gen_ai.tool.call.result" }],
    });
    const oversized = spans.flatMap((span) =>
      span.attributes.filter(({ value }) => "stringValue" in value && Buffer.byteLength(value.stringValue) > 64 * 1024),
    );
    expect(oversized).toEqual([]);
    // By reference: the file and the JSON pointer of the message in it.
    const referenced = await traces(file, "--content", "reference");
    const chat = referenced.find((span) => span.name.startsWith("chat")) as OtlpSpan;
    const reference = attributeOf(chat, "agent_transcript.content.ref") as string;
    expect(reference).toBe(`${file}#/messages/1`);
    const [named, pointer] = reference.split("#") as [string, string];
    const target = pointer
      .split("/")
      .slice(1)
      .reduce<unknown>(
        (value, key) => (value as Record<string, unknown>)[key],
        JSON.parse(readFileSync(named, "utf8")),
      );
    expect(target).toMatchObject({ role: "assistant", model: "claude-sonnet-4-5-20250929" });
  });

  it("refuses the OTLP options with another format (exit 2)", async () => {
    const session = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
    expect((await exported(session, "--format", "json", "--content", "attributes")).code).toBe(2);
    expect((await exported(session, "--format", "markdown", "--max-attribute-size", "1KiB")).code).toBe(2);
    expect((await exported(session, "--format", "otlp-json", "--max-attribute-size", "12")).code).toBe(2);
  });
});
