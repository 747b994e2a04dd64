import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message, Part, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { geminiConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

const google = { provider: "google", api: "generate-content" } as const;
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const jsonObject = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const signature = fc.option(fc.base64String({ minLength: 4, maxLength: 24 }), { nil: undefined });

const text: fc.Arbitrary<Part> = fc
  .tuple(anyText({ maxLength: 20 }), signature)
  .map(([value, sig]) =>
    sig === undefined
      ? { type: "text", text: value }
      : { type: "text", text: value, signature: sig, issuer: { ...google } },
  );
const reasoning: fc.Arbitrary<Part> = fc
  .tuple(fc.option(anyText({ maxLength: 20 }), { nil: undefined }), signature)
  .filter(([value, sig]) => value !== undefined || sig !== undefined)
  .map(([value, sig]) => ({
    type: "reasoning",
    ...(value === undefined ? {} : { text: value }),
    ...(sig === undefined ? {} : { signature: sig, issuer: { ...google } }),
  }));
const image: fc.Arbitrary<Part> = fc.oneof(
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes): Part => ({ type: "image", media_type: "image/png", data: Buffer.from(bytes).toString("base64") })),
  fc.webUrl().map((url): Part => ({ type: "file", media_type: "application/pdf", url })),
  fc.webUrl().map((url): Part => ({ type: "audio", media_type: "audio/wav", url })),
);

interface Call {
  name: string;
  input: Record<string, unknown>;
  signature?: string;
  output: Record<string, unknown>;
}

interface Turn {
  model: Part[];
  calls: Call[];
  user: Part[];
}

const turn: fc.Arbitrary<Turn> = fc
  .record({
    model: fc.array(fc.oneof(text, reasoning), { maxLength: 3 }),
    calls: fc.array(
      fc.record(
        { name, input: jsonObject, signature, output: jsonObject },
        { requiredKeys: ["name", "input", "output"] },
      ),
      { maxLength: 3 },
    ),
    user: fc.array(fc.oneof(text, image), { minLength: 1, maxLength: 2 }),
  })
  .filter(({ model, calls }) => model.length + calls.length > 0);

const tools: fc.Arbitrary<ToolDefinition[]> = fc.array(
  fc.oneof(
    fc
      .tuple(
        name,
        fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
        fc.option(jsonObject, { nil: undefined }),
      )
      .map(([toolName, description, schema]) => ({
        name: toolName,
        ...(description === undefined ? {} : { description }),
        ...(schema === undefined ? {} : { input_schema: schema }),
      })),
    fc
      .constantFrom("googleSearch", "urlContext", "codeExecution")
      .map((kind) => ({ name: kind, native_type: kind, provider_fields: { google: { [kind]: {} } } })),
  ),
  { maxLength: 4 },
);

const documents: fc.Arbitrary<Transcript> = fc
  .record({
    system: fc.option(
      fc.array(
        text.filter((part) => !("signature" in part)),
        { minLength: 1, maxLength: 2 },
      ),
      { nil: undefined },
    ),
    first: fc.array(fc.oneof(text, image), { minLength: 1, maxLength: 2 }),
    turns: fc.array(turn, { maxLength: 3 }),
    tools,
    choice: fc.option(
      fc.oneof(
        fc.constant({ mode: "auto" as const }),
        fc.constant({ mode: "none" as const }),
        fc.constant({ mode: "required" as const }),
        name.map((tool) => ({ mode: "tool" as const, name: tool })),
      ),
      { nil: undefined },
    ),
    temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
  })
  .map(({ system, first, turns, tools: definitions, choice, temperature }) => {
    const messages: Message[] = [];
    if (system !== undefined) messages.push({ role: "system", parts: system });
    messages.push({ role: "user", parts: first });
    turns.forEach((entry, turnIndex) => {
      const calls = entry.calls.map((call, index) => ({ ...call, id: `t${turnIndex}c${index}` }));
      const callParts: Part[] = calls.map((call) => ({
        type: "tool_call",
        id: call.id,
        name: call.name,
        input: call.input,
        ...(call.signature === undefined ? {} : { signature: call.signature, issuer: { ...google } }),
      }));
      messages.push({ role: "assistant", parts: [...entry.model, ...callParts], issuer: { ...google } });
      if (calls.length > 0)
        messages.push({
          role: "tool",
          parts: calls.map((call) => ({
            type: "tool_result",
            call_id: call.id,
            name: call.name,
            status: "ok",
            output: call.output,
          })),
        });
      messages.push({ role: "user", parts: entry.user });
    });
    const document: Transcript = { schema_version: formatVersion, id: "x", source: { format: "gemini" }, messages };
    if (definitions.length > 0) document.tools = definitions;
    if (choice !== undefined) document.tool_choice = choice;
    if (temperature !== undefined) document.provider_fields = { google: { generationConfig: { temperature } } };
    return document;
  });

describe("canonical → Gemini → canonical", () => {
  it("is the identity on what Gemini supports, without a warning", () => {
    fc.assert(
      fc.property(documents, (document) => {
        const native = geminiConverter.requestFromCanonical(document, { strict: true });
        if (!native.ok) throw new Error(JSON.stringify(native.errors));
        expect(geminiConverter.checkRequest(native.value)).toEqual([]);
        const back = geminiConverter.requestToCanonical(JSON.parse(JSON.stringify(native.value)));
        if (!back.ok) throw new Error(JSON.stringify(back.errors));
        expect({ ...back.document, id: "x" }).toEqual(document);
      }),
    );
  });

  it("is the identity for responses too", () => {
    const responses = fc.record({
      parts: fc.array(fc.oneof(text, reasoning), { maxLength: 3 }),
      reason: fc.constantFrom("STOP", "MAX_TOKENS", "SAFETY"),
      usage: fc.record({
        promptTokenCount: fc.nat(1000),
        candidatesTokenCount: fc.nat(1000),
        thoughtsTokenCount: fc.nat(1000),
      }),
    });
    fc.assert(
      fc.property(responses, ({ parts, reason, usage }) => {
        const nativeUsage = {
          ...usage,
          totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount + usage.thoughtsTokenCount,
        };
        const response = {
          candidates: [{ content: { role: "model", parts: [] as unknown[] }, finishReason: reason, index: 0 }],
          usageMetadata: nativeUsage,
          modelVersion: "gemini-x",
          responseId: "r1",
        };
        const base = geminiConverter.responseToCanonical(response);
        if (!base.ok) throw new Error(JSON.stringify(base.errors));
        const document: Transcript = {
          ...base.document,
          messages: [{ ...(base.document.messages[0] as Message), parts }],
        };
        const native = geminiConverter.responseFromCanonical(document, { strict: true });
        if (!native.ok) throw new Error(JSON.stringify(native.errors));
        const back = geminiConverter.responseToCanonical(native.value);
        expect(back).toMatchObject({ ok: true, document });
      }),
    );
  });
});
