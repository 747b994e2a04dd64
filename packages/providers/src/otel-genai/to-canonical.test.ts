import type { Tolerant } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { toOtlpTraces } from "./from-canonical.js";
import { fromOtlpTraces } from "./to-canonical.js";
import type { OtlpTraceRequest } from "./types.js";
import { at, nanos, runWithChild } from "./otel-genai.test.helpers.js";

function readBack(request: unknown) {
  const result = fromOtlpTraces(request);
  if (!result.ok) throw new Error(result.error.message);
  for (const document of result.documents) {
    const validation = validateTranscript(document);
    expect(validation.ok ? [] : validation.errors).toEqual([]);
  }
  return result;
}

/** The roles of the run's messages as read back: the system message first, the conversation after it. */
const runRoles = ["system", "user", "assistant", "tool", "assistant"];

const textOf = (message: Tolerant.Message | undefined) =>
  message?.parts.map((part) => ("text" in part ? part.text : part.type)).join(" ");

describe("fromOtlpTraces", () => {
  it("reads back what toOtlpTraces wrote with content: the conversation, calls, results, usage and the child run", () => {
    const original = runWithChild();
    const { documents, warnings } = readBack(toOtlpTraces(original, { content: "attributes" }));
    expect(documents).toHaveLength(1);
    const [document] = documents as [Tolerant.Transcript];
    expect(warnings).toEqual([]);
    expect(document.id).toBe("run-1");
    expect(document.title).toBe("fix-auth");
    expect(document.tools).toEqual(original.tools);
    expect(document.messages.map((message) => message.role)).toEqual(runRoles);
    expect(textOf(document.messages[0])).toBe("Be brief.");
    const [, , call, results, answer] = document.messages;
    expect(call?.parts).toEqual(original.messages[2]?.parts);
    expect(call).toMatchObject({
      model: "claude-sonnet-4-5-20250929",
      response_id: "msg_1",
      finish_reason: "tool_calls",
      created_at: at(4),
      usage: { input_tokens: 1200, output_tokens: 80, cache_read_tokens: 1000, cache_write_tokens: 100 },
    });
    // The failed call is an error with its text, and its duration is its span's.
    expect(results?.parts).toEqual([
      { type: "tool_result", call_id: "call_bash", status: "error", error: "exit status 1", duration_ms: 2500 },
      { type: "tool_result", call_id: "call_task", status: "ok", output: "the check is inverted", duration_ms: 5000 },
    ]);
    expect(answer).toMatchObject({ created_at: at(12), usage: { input_tokens: 1400, output_tokens: 12 } });
    // The sub-agent is a child run under the call that started it.
    const child = document.run?.children?.[0];
    expect(child).toMatchObject({ run_id: "child-1", title: "look at the handler", call_id: "call_task" });
    expect(child?.transcript?.messages.map(textOf)).toEqual(["look at the handler", "inverted"]);
    expect(child?.transcript?.messages[1]?.usage).toEqual({ input_tokens: 300, output_tokens: 5 });
  });

  it("follows the conversation when older input messages were left out for size, and says what was cut", () => {
    const original = runWithChild();
    const long = "x".repeat(3000);
    (original.messages[1] as { parts: unknown[] }).parts = [{ type: "text", text: long }];
    const { documents, warnings } = readBack(
      toOtlpTraces(original, { content: "attributes", maxAttributeBytes: 1024 }),
    );
    const [document] = documents as [Tolerant.Transcript];
    // The first call's input is the long prompt alone, cut; the second leaves it out and still continues the run.
    expect(document.messages.map((message) => message.role)).toEqual(runRoles);
    // (the exporter cuts the message's JSON text, kept as the text of a part)
    const cut = textOf(document.messages[1]) ?? "";
    expect(cut.endsWith(`${"x".repeat(100)}… [cut at 970 of 3054 bytes]`)).toBe(true);
    expect(textOf(document.messages[4])).toBe("Fixed.");
    expect(warnings.map((warning) => warning.code)).toContain("field-dropped");
  });

  it("without content, keeps each call's tool calls from their spans and says the content was not captured", () => {
    const { documents, warnings } = readBack(toOtlpTraces(runWithChild()));
    const [document] = documents as [Tolerant.Transcript];
    expect(document.messages.map((message) => message.role)).toEqual(["assistant", "assistant"]);
    expect(document.messages[0]?.parts).toEqual([
      { type: "tool_call", id: "call_bash", name: "Bash", input: {} },
      { type: "tool_call", id: "call_task", name: "Task", input: {} },
    ]);
    expect(document.messages[0]?.usage?.input_tokens).toBe(1200);
    expect(warnings.map((warning) => warning.code)).toContain("value-assumed");
  });

  it("reads another instrumentation's calls without a run span as one run, system messages where they were", () => {
    const request = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: "service.name", value: { stringValue: "support-bot" } }] },
          scopeSpans: [
            {
              scope: { name: "opentelemetry.instrumentation.openai" },
              spans: [
                {
                  traceId: "5b8efff798038103d269b633813fc60c",
                  spanId: "eee19b7ec3c1b174",
                  name: "chat gpt-4o-mini",
                  kind: 3,
                  startTimeUnixNano: nanos(1),
                  endTimeUnixNano: nanos(2),
                  attributes: [
                    { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
                    { key: "gen_ai.request.model", value: { stringValue: "gpt-4o-mini" } },
                    { key: "gen_ai.usage.input_tokens", value: { intValue: 42 } },
                    { key: "gen_ai.usage.output_tokens", value: { intValue: "7" } },
                    {
                      key: "gen_ai.input.messages",
                      value: {
                        stringValue: JSON.stringify([
                          { role: "system", parts: [{ type: "text", content: "You answer in French." }] },
                          { role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] },
                        ]),
                      },
                    },
                    {
                      key: "gen_ai.output.messages",
                      value: {
                        stringValue: JSON.stringify([
                          {
                            role: "assistant",
                            parts: [{ type: "text", content: "Il fait beau." }],
                            finish_reason: "stop",
                          },
                        ]),
                      },
                    },
                  ],
                  status: {},
                },
              ],
            },
          ],
        },
      ],
    };
    const { documents } = readBack(request);
    const [document] = documents as [Tolerant.Transcript];
    expect(document.id).toBe("5b8efff798038103d269b633813fc60c");
    expect(document.messages.map((message) => [message.role, textOf(message)])).toEqual([
      ["system", "You answer in French."],
      ["user", "Weather in Paris?"],
      ["assistant", "Il fait beau."],
    ]);
    expect(document.messages[2]).toMatchObject({
      model: "gpt-4o-mini",
      finish_reason: "stop",
      usage: { input_tokens: 42, output_tokens: 7 },
      created_at: at(2),
    });
  });

  it("refuses what is not OTLP/JSON traces, naming where, and reads hostile attributes as data", () => {
    expect(fromOtlpTraces([])).toEqual({
      ok: false,
      error: { pointer: "/resourceSpans", message: "not OTLP/JSON traces: no resourceSpans array" },
    });
    expect(fromOtlpTraces({ resourceSpans: [{ scopeSpans: {} }] })).toMatchObject({
      ok: false,
      error: { pointer: "/resourceSpans/0/scopeSpans" },
    });
    expect(fromOtlpTraces({ resourceSpans: [{ scopeSpans: [{ spans: [{ spanId: "a" }] }] }] })).toMatchObject({
      ok: false,
      error: { pointer: "/resourceSpans/0/scopeSpans/0/spans/0", message: "a span needs a traceId and a spanId" },
    });
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const request: OtlpTraceRequest = toOtlpTraces(runWithChild(), { content: "attributes" });
    const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const chat = spans.find((span) => span.name.startsWith("chat"));
    chat?.attributes.push(
      { key: "__proto__", value: { stringValue: '{"polluted": true}' } },
      { key: "gen_ai.output.messages", value: { stringValue: deep } },
    );
    // The later attribute of a key is the one read: the nesting bomb is not JSON it reads, so the call keeps no text.
    const { documents } = readBack(request);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(documents[0]?.messages.find((message) => message.role === "assistant")?.parts).toEqual(
      runWithChild().messages[2]?.parts,
    );
  });
});
