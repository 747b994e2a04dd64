import { describe, expect, it } from "vitest";
import { checkGenAiValue, genAiRegistry } from "./otel-genai.js";

describe("the OpenTelemetry GenAI conventions as test data", () => {
  it("refuses what the message schemas refuse, and takes what they take", () => {
    const output = [{ role: "assistant", parts: [{ type: "text", content: "Done." }], finish_reason: "stop" }];
    expect(checkGenAiValue("gen_ai.output.messages", output)).toEqual([]);
    // An output message needs its finish reason; a message its role and parts; a part its type.
    expect(checkGenAiValue("gen_ai.output.messages", [{ role: "assistant", parts: [] }])).not.toEqual([]);
    expect(checkGenAiValue("gen_ai.input.messages", [{ parts: [] }])).not.toEqual([]);
    expect(checkGenAiValue("gen_ai.input.messages", [{ role: "user", parts: [{ content: "hi" }] }])).not.toEqual([]);
    expect(checkGenAiValue("gen_ai.input.messages", { role: "user", parts: [] })).not.toEqual([]);
    expect(checkGenAiValue("gen_ai.system_instructions", [{ type: "text", content: "Be brief." }])).toEqual([]);
    const tool = {
      type: "function",
      name: "Read",
      parameters: { type: "object", properties: { path: { type: "string" } } },
    };
    expect(checkGenAiValue("gen_ai.tool.definitions", [tool])).toEqual([]);
    // A tool needs its name (a tool of another type than a function is taken as a generic definition).
    expect(checkGenAiValue("gen_ai.tool.definitions", [{ type: "function" }])).not.toEqual([]);
  });

  it("reads the registry's attributes and the span definitions", () => {
    const { attributes, spans } = genAiRegistry();
    for (const name of [
      "gen_ai.operation.name",
      "gen_ai.usage.input_tokens",
      "gen_ai.tool.call.id",
      "gen_ai.input.messages",
    ])
      expect(attributes.has(name), name).toBe(true);
    // Deprecated names live in another file, which is not read: an export must not use them.
    expect(attributes.has("gen_ai.usage.prompt_tokens")).toBe(false);
    expect(attributes.has("gen_ai.system")).toBe(false);
    expect(spans.has("span.gen_ai.execute_tool.internal")).toBe(true);
    expect(spans.has("span.gen_ai.invoke_agent.internal")).toBe(true);
  });
});
