import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { withoutForeignOpenaiFields } from "./provider-fields.js";
import { Problems } from "./result.js";

describe("withoutForeignOpenaiFields", () => {
  it("leaves the caller's document as it was, also when only its messages carry openai fields", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "d",
      source: { format: "openai-responses" },
      messages: [
        { role: "user", parts: [{ type: "text", text: "hi", provider_fields: { openai: { annotations: [] } } }] },
        { role: "assistant", parts: [], provider_fields: { openai: { status: "completed" }, mistral: { x: 1 } } },
      ],
      tools: [{ name: "f", provider_fields: { openai: { function: { extra: 1 } } } }],
    };
    const copy = structuredClone(document);
    const problems = new Problems();
    const stripped = withoutForeignOpenaiFields(document, "openai-chat", "OpenAI Chat", problems);
    expect(document).toEqual(copy);
    expect(stripped.messages[1]?.provider_fields).toEqual({ mistral: { x: 1 } });
    expect(stripped.messages[0]?.parts[0]).toEqual({ type: "text", text: "hi" });
    expect(stripped.tools?.[0]).toEqual({ name: "f" });
    expect(problems.warnings.map((warning) => warning.path)).toEqual([
      "/messages/0/parts/0/provider_fields/openai/annotations",
      "/messages/1/provider_fields/openai/status",
      "/tools/0/provider_fields/openai/function",
    ]);
  });
});
