import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import type { ConversionWarning } from "../../conversion/index.js";
import { bedrockConverseConverter } from "../../converters.js";

const examples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../schemas/v1/examples/Transcript/valid",
);
const files = readdirSync(examples)
  .filter((file) => file.endsWith(".json"))
  .sort();

function read(file: string): Tolerant.Transcript {
  return JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
}

const codes = (warnings: readonly ConversionWarning[]) => warnings.map((warning) => `${warning.code} ${warning.path}`);

describe("canonical documents from other sources → Bedrock Converse request", () => {
  const empty = files.filter((file) => read(file).messages.length === 0);

  it("refuses a document with no messages", () => {
    // Nothing to send: Converse needs at least one message, so this is an error, not a request it would reject.
    // Some examples have no messages, and the others are converted by the next test.
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.length).toBeLessThan(files.length);
    for (const file of empty)
      expect(bedrockConverseConverter.requestFromCanonical(read(file)), file).toMatchObject({
        ok: false,
        errors: [{ path: "/messages" }],
      });
  });

  it.each(files.filter((file) => !empty.includes(file)))(
    "%s converts to a request Bedrock accepts, reporting every change",
    (file) => {
      const document = read(file);
      const result = bedrockConverseConverter.requestFromCanonical(document);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(bedrockConverseConverter.checkRequest(result.value)).toEqual([]);
      // Strict mode fails exactly when something was lost or changed.
      expect(bedrockConverseConverter.requestFromCanonical(document, { strict: true }).ok).toBe(
        result.warnings.length === 0,
      );
    },
  );

  it("makes another provider's conversation fit: system prompt, names and ids, results, a toolConfig", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "mixed",
      messages: [
        { role: "developer", parts: [{ type: "text", text: "Answer tersely." }] },
        { role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] },
        {
          role: "assistant",
          parts: [
            {
              type: "reasoning",
              summary: ["Checked the forecast."],
              encrypted_content: "gAAAAB",
              issuer: { provider: "openai", api: "responses" },
            },
            { type: "tool_call", id: "call 1", name: "get weather", input: { city: "Paris" } },
          ],
        },
        { role: "user", parts: [{ type: "text", text: "Thanks in advance" }] },
        {
          role: "tool",
          parts: [{ type: "tool_result", call_id: "call 1", status: "ok", output: { temperature: 21 } }],
        },
      ],
    };
    const result = bedrockConverseConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(bedrockConverseConverter.checkRequest(result.value)).toEqual([]);
    const call = result.value.messages?.[1]?.content?.[0];
    const id = call?.toolUse?.toolUseId;
    const name = call?.toolUse?.name;
    expect(id).toMatch(/^tooluse_\w{22}$/);
    expect(name).toMatch(/^get_weather_\w{8}$/);
    expect(result.value).toEqual({
      system: [{ text: "Answer tersely." }],
      messages: [
        { role: "user", content: [{ text: "Weather in Paris?" }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: id, name, input: { city: "Paris" } } }] },
        {
          role: "user",
          content: [
            { toolResult: { toolUseId: id, content: [{ json: { temperature: 21 } }], status: "success" } },
            { text: "Thanks in advance" },
          ],
        },
      ],
      toolConfig: {
        tools: [{ toolSpec: { name, inputSchema: { json: { type: "object", properties: {} } } } }],
      },
    });
    expect(codes(result.warnings)).toEqual([
      "value-converted /messages/2/parts/1/name",
      "role-mapped /messages/0/role",
      "reasoning-dropped /messages/2/parts/0",
      "id-remapped /messages/2/parts/1/id",
      "results-regrouped /messages/4/parts/0",
      "value-assumed /tools",
    ]);
    expect(result.warnings.find((warning) => warning.code === "id-remapped")?.message).toBe(
      `tool-call id "call 1" breaks Bedrock's rule ^[a-zA-Z0-9_.:-]{1,64}$ (or repeats an earlier id); sent as ${String(id)}, with its result`,
    );
  });

  it("sends another provider's readable reasoning as text or as unsigned reasoning, as asked", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "reasoning",
      messages: [
        { role: "user", parts: [{ type: "text", text: "Hi" }] },
        {
          role: "assistant",
          parts: [
            {
              type: "reasoning",
              text: "Thinking.",
              signature: "EqQB",
              issuer: { provider: "anthropic", api: "messages" },
            },
            { type: "text", text: "Hello" },
          ],
        },
      ],
    };
    const asText = bedrockConverseConverter.requestFromCanonical(document, { foreignReasoning: "text" });
    const kept = bedrockConverseConverter.requestFromCanonical(document, { foreignReasoning: "keep" });
    if (!asText.ok || !kept.ok) throw new Error("did not convert");
    expect(asText.value.messages?.[1]?.content).toEqual([{ text: "Thinking." }, { text: "Hello" }]);
    expect(kept.value.messages?.[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: "Thinking." } } },
      { text: "Hello" },
    ]);
    expect(codes(kept.warnings)).toEqual(["reasoning-demoted /messages/1/parts/0"]);
  });
});
