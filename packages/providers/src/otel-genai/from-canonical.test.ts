import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { toOtlpTraces } from "./from-canonical.js";
import type { OtlpSpan } from "./types.js";
import { at, nanos, runWithChild } from "./otel-genai.test.helpers.js";

function spansOf(document: Tolerant.Transcript, options: Parameters<typeof toOtlpTraces>[1] = {}): OtlpSpan[] {
  return toOtlpTraces(document, options).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
}

const value = (span: OtlpSpan | undefined, key: string): unknown => {
  const found = span?.attributes.find((entry) => entry.key === key)?.value as Record<string, unknown> | undefined;
  return found === undefined ? undefined : Object.values(found)[0];
};

describe("toOtlpTraces", () => {
  it("draws runs, model calls and parallel tool calls as one tree, the sub-agent under the call that started it", () => {
    const spans = spansOf(runWithChild());
    const named = (name: string) => spans.find((span) => span.name === name) as OtlpSpan;
    expect(spans.map((span) => span.name)).toEqual([
      "invoke_agent fix-auth",
      "chat claude-sonnet-4-5-20250929",
      "execute_tool Bash",
      "execute_tool Task",
      "chat claude-sonnet-4-5-20250929",
      "invoke_agent look at the handler",
      "chat claude-haiku-4-5",
    ]);
    const root = named("invoke_agent fix-auth");
    const [firstCall] = spans.filter((span) => span.name === "chat claude-sonnet-4-5-20250929");
    expect(root.parentSpanId).toBeUndefined();
    expect(firstCall?.parentSpanId).toBe(root.spanId);
    // Both tools under the call that asked for them, started when it answered.
    for (const name of ["execute_tool Bash", "execute_tool Task"]) {
      expect(named(name).parentSpanId).toBe(firstCall?.spanId);
      expect(named(name).startTimeUnixNano).toBe(nanos(4));
    }
    // The failed one: its duration, an error status and an exception event.
    const bash = named("execute_tool Bash");
    expect(bash.endTimeUnixNano).toBe((BigInt(nanos(4)) + 2_500_000_000n).toString());
    expect(bash.status).toEqual({ code: 2, message: "exit status 1" });
    expect(bash.events.map((event) => event.name)).toEqual(["exception"]);
    expect(value(bash, "error.type")).toBe("tool_error");
    // The other ends when its result arrived, and holds the sub-agent.
    const task = named("execute_tool Task");
    expect(task.endTimeUnixNano).toBe(nanos(9));
    expect(named("invoke_agent look at the handler").parentSpanId).toBe(task.spanId);
    // The model call: from the message before it to its own time, with its usage and the provider of its session.
    expect(firstCall?.startTimeUnixNano).toBe(nanos(1));
    expect(firstCall?.endTimeUnixNano).toBe(nanos(4));
    expect(firstCall?.kind).toBe(3);
    expect(value(firstCall, "gen_ai.provider.name")).toBe("anthropic");
    expect(value(firstCall, "gen_ai.usage.input_tokens")).toBe("1200");
    expect(value(firstCall, "gen_ai.usage.cache_read.input_tokens")).toBe("1000");
    expect(value(firstCall, "gen_ai.usage.cache_creation.input_tokens")).toBe("100");
    expect(value(firstCall, "gen_ai.response.finish_reasons")).toEqual({ values: [{ stringValue: "tool_call" }] });
    expect(value(firstCall, "gen_ai.input.messages")).toBeUndefined();
    // One trace.
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
  });

  it("derives every id from the run's: the same document, the same ids; another run, others", () => {
    const first = spansOf(runWithChild());
    expect(spansOf(runWithChild())).toEqual(first);
    const other = spansOf({ ...runWithChild(), id: "run-2" });
    expect(other[0]?.traceId).not.toBe(first[0]?.traceId);
    expect(new Set(first.map((span) => span.spanId)).size).toBe(first.length);
  });

  it("carries the conversation when asked: input before the call, its output, instructions, tools, arguments, results", () => {
    const spans = spansOf(runWithChild(), { content: "attributes" });
    const [firstCall, secondCall] = spans.filter((span) => span.name === "chat claude-sonnet-4-5-20250929");
    expect(JSON.parse(value(firstCall, "gen_ai.input.messages") as string)).toEqual([
      { role: "user", parts: [{ type: "text", content: "Fix the auth test" }] },
    ]);
    expect(JSON.parse(value(firstCall, "gen_ai.output.messages") as string)).toEqual([
      {
        role: "assistant",
        parts: [
          { type: "tool_call", id: "call_bash", name: "Bash", arguments: { command: "go test ./..." } },
          { type: "tool_call", id: "call_task", name: "Task", arguments: { description: "look at the handler" } },
        ],
        finish_reason: "tool_call",
      },
    ]);
    expect(JSON.parse(value(firstCall, "gen_ai.system_instructions") as string)).toEqual([
      { type: "text", content: "Be brief." },
    ]);
    expect(JSON.parse(value(firstCall, "gen_ai.tool.definitions") as string)).toEqual([
      { type: "function", name: "Bash", description: "Run a command", parameters: { type: "object" } },
    ]);
    // The second call sees the first's answer and the results.
    const input = JSON.parse(value(secondCall, "gen_ai.input.messages") as string) as Array<{ role: string }>;
    expect(input.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    const bash = spans.find((span) => span.name === "execute_tool Bash");
    expect(JSON.parse(value(bash, "gen_ai.tool.call.arguments") as string)).toEqual({ command: "go test ./..." });
    expect(JSON.parse(value(bash, "gen_ai.tool.call.result") as string)).toBe("exit status 1");
  });

  it("keeps each content attribute within the size: the oldest input messages left out first, and counted", () => {
    const document = runWithChild();
    const many = Array.from({ length: 40 }, (_, index) => ({
      role: "user",
      parts: [{ type: "text", text: `message ${index} ${"words ".repeat(40)}` }],
      created_at: at(1),
    }));
    document.messages.splice(1, 1, ...(many as unknown as Tolerant.Message[]));
    const spans = spansOf(document, { content: "attributes", maxAttributeBytes: 2048 });
    const call = spans.find((span) => span.name === "chat claude-sonnet-4-5-20250929");
    const kept = JSON.parse(value(call, "gen_ai.input.messages") as string) as Array<{
      parts: Array<{ content: string }>;
    }>;
    expect(Buffer.byteLength(value(call, "gen_ai.input.messages") as string)).toBeLessThanOrEqual(2048);
    // The newest kept, in order; the rest counted.
    expect(kept.at(-1)?.parts[0]?.content).toMatch(/^message 39 /);
    expect(Number(value(call, "agent_transcript.input_messages_left_out"))).toBe(40 - kept.length);
  });

  it("counts every message left out of each call's input, across many calls: the kept ones are the newest, and the two add up to the conversation before the call", () => {
    const document = runWithChild();
    const turns = Array.from({ length: 120 }, (_, index) => [
      {
        role: "user",
        parts: [{ type: "text", text: `question ${index} ${"words ".repeat(index % 7)}` }],
        created_at: at(1),
      },
      {
        role: "assistant",
        model: "gpt-5",
        parts: [{ type: "text", text: `answer ${index} ${"more ".repeat(index % 5)}` }],
        created_at: at(2),
      },
    ]).flat();
    document.messages.splice(1, document.messages.length - 1, ...(turns as unknown as Tolerant.Message[]));
    const spans = spansOf(document, { content: "attributes", maxAttributeBytes: 1024 });
    const calls = spans.filter((span) => span.name === "chat gpt-5");
    expect(calls).toHaveLength(120);
    calls.forEach((call, index) => {
      const kept = JSON.parse(value(call, "gen_ai.input.messages") as string) as Array<{
        parts: Array<{ content: string }>;
      }>;
      // Before the call: its question and every earlier question and answer (the system message is no input).
      const before = 2 * index + 1;
      expect(kept.at(-1)?.parts[0]?.content, `call ${index}`).toMatch(new RegExp(`^question ${index} `));
      expect(kept.length + Number(value(call, "agent_transcript.input_messages_left_out") ?? 0), `call ${index}`).toBe(
        before,
      );
    });
  });

  it("cuts a message too large for the size alone into a text part, every attribute within it and still valid", () => {
    const document = runWithChild();
    const huge = "y".repeat(3 * 1024 * 1024);
    document.messages[0] = {
      role: "system",
      parts: [{ type: "text", text: huge }],
      created_at: at(0),
    } as Tolerant.Message;
    (document.messages[3]?.parts[1] as { output: string }).output = huge;
    (document.messages[4]?.parts[0] as { text: string }).text = huge;
    const spans = spansOf(document, { content: "attributes", maxAttributeBytes: 4096 });
    const call = spans.filter((span) => span.name === "chat claude-sonnet-4-5-20250929")[1];
    const oversized = spans.flatMap((span) =>
      span.attributes
        .filter(({ value: held }) => "stringValue" in held && Buffer.byteLength(held.stringValue) > 4096)
        .map(({ key }) => `${span.name} ${key}`),
    );
    expect(oversized).toEqual([]);
    // The newest input message (the results) alone, cut into a text part; the older ones left out and counted.
    const input = JSON.parse(value(call, "gen_ai.input.messages") as string) as Array<{
      role: string;
      parts: Array<{ type: string; content: string }>;
    }>;
    expect(input).toHaveLength(1);
    expect(input[0]?.role).toBe("tool");
    expect(input[0]?.parts[0]?.content).toMatch(/\[cut at \d+ of \d+ bytes\]$/);
    expect(Number(value(call, "agent_transcript.input_messages_left_out"))).toBe(2);
    const output = JSON.parse(value(call, "gen_ai.output.messages") as string) as Array<{ finish_reason: string }>;
    expect(output[0]?.finish_reason).toBe("stop");
    const instructions = JSON.parse(value(call, "gen_ai.system_instructions") as string) as Array<{ content: string }>;
    // A value that is no string is cut as its JSON text.
    expect(instructions[0]?.content).toMatch(/^\[\{"type":"text","content":"y+… \[cut at \d+ of \d+ bytes\]$/);
    expect(value(call, "agent_transcript.truncated")).toEqual({
      values: [
        { stringValue: "gen_ai.input.messages" },
        { stringValue: "gen_ai.output.messages" },
        { stringValue: "gen_ai.system_instructions" },
      ],
    });
  });

  it("names where the content is instead, when asked for a reference", () => {
    const spans = spansOf(runWithChild(), { content: "reference", sourceFile: "/runs/run-1.json" });
    expect(
      value(
        spans.find((span) => span.name === "chat claude-haiku-4-5"),
        "agent_transcript.content.ref",
      ),
    ).toBe("/runs/run-1.json#/run/children/0/transcript/messages/1");
    expect(
      value(
        spans.find((span) => span.name === "execute_tool Task"),
        "agent_transcript.content.ref",
      ),
    ).toBe("/runs/run-1.json#/messages/2/parts/1");
  });
});
