import type { Message, Part, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specProblems } from "../../conformance.test.helpers.js";
import { bedrockConverseConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

/**
 * Canonical documents restricted to what Bedrock Converse carries: a leading system prompt, alternating user and
 * assistant turns starting with the user, text (never blank: Bedrock rejects blank text), images and PDF documents,
 * cache points, Bedrock-issued reasoning with signatures and redacted reasoning, tool calls with object inputs and
 * valid ids to defined tools, each answered at the start of the next user turn (a call in the last turn may be
 * pending).
 *
 * Normalisations the generator stays inside (documented on the converter): no two messages of one role in a row
 * (they are merged), results first in the user turn (they are regrouped there), and result content that is not a
 * single text part (one text is the result's output, which is how it comes back).
 */
const text = anyText({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() !== "");
const someText = anyText({ maxLength: 12 });
const id = fc.stringMatching(/^[\w-]{1,12}$/);
const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const input = fc.dictionary(
  fc.string({ maxLength: 6 }).filter((key) => key !== "__proto__"),
  json,
  { maxKeys: 3 },
);
const base64 = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString("base64"));
const issuer = { provider: "amazon-bedrock", api: "converse" };

const textPart = text.map((value): Part => ({ type: "text", text: value }));
const imagePart = fc
  .record({ media_type: fc.constantFrom("image/png", "image/jpeg", "image/gif", "image/webp"), data: base64 })
  .map((image): Part => ({ type: "image", ...image }));
const documentPart = fc
  .record({ data: base64, title: fc.stringMatching(/^[a-z\d]{1,8}$/) })
  .map((file): Part => ({ type: "file", media_type: "application/pdf", ...file }));
const cachePoint: fc.Arbitrary<Part> = fc.constant({
  type: "native",
  native_type: "cachePoint",
  data: { cachePoint: { type: "default" } },
  issuer,
});
const thinking = fc
  .record({ text: someText, signature: fc.base64String({ minLength: 4, maxLength: 40 }) })
  .map((value): Part => ({ type: "reasoning", ...value, issuer }));
const redacted = fc
  .base64String({ minLength: 4, maxLength: 40 })
  .map((data): Part => ({ type: "reasoning", redacted_data: data, issuer }));
const resultContent = fc
  .array(fc.oneof(textPart, imagePart, documentPart), { minLength: 1, maxLength: 3 })
  .filter((parts) => !(parts.length === 1 && parts[0]?.type === "text"));

interface Turn {
  user: Part[];
  assistant: Part[];
  calls: Array<{ tool: number; input: unknown }>;
  results: Array<{ status: "ok" | "error"; output: unknown; content: Part[] | undefined }>;
}

const turn = fc.record({
  user: fc.array(fc.oneof(textPart, imagePart, documentPart, cachePoint), { minLength: 1, maxLength: 3 }),
  assistant: fc.array(fc.oneof(textPart, thinking, redacted), { maxLength: 3 }),
  calls: fc.array(fc.record({ tool: fc.nat(), input }), { maxLength: 3 }),
  results: fc.array(
    fc.record({
      status: fc.constantFrom("ok" as const, "error" as const),
      output: fc.oneof(someText, input),
      content: fc.option(resultContent, { nil: undefined }),
    }),
    { minLength: 3, maxLength: 3 },
  ),
}) satisfies fc.Arbitrary<Turn>;

const tool = fc.record({
  // Bedrock takes a tool description of at least one character (its model's NonEmptyString).
  description: fc.option(
    someText.filter((text) => text.length > 0),
    { nil: undefined },
  ),
  input_schema: fc.constant({ type: "object", properties: {} }),
  strict: fc.option(fc.boolean(), { nil: undefined }),
});

const documents = fc
  .record({
    system: fc.option(fc.array(fc.oneof(textPart, cachePoint), { minLength: 1, maxLength: 2 }), { nil: undefined }),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
    ids: fc.uniqueArray(id, { minLength: 12, maxLength: 12 }),
    tools: fc.array(tool, { maxLength: 3 }),
    toolNames: fc.uniqueArray(fc.stringMatching(/^[a-z]\w{0,8}$/), { minLength: 3, maxLength: 3 }),
    toolChoice: fc.option(fc.oneof(fc.constantFrom<ToolChoice["mode"]>("auto", "required"), fc.nat()), {
      nil: undefined,
    }),
  })
  .map(({ system, turns, ids, tools, toolNames, toolChoice }): Transcript => {
    const definitions = tools.map((definition, index): ToolDefinition => ({
      name: toolNames[index] as string,
      ...definition,
    }));
    const messages: Message[] = [];
    if (system !== undefined) messages.push({ role: "system", parts: system });
    let pending: Array<{ id: string; result: Turn["results"][number] }> = [];
    let next = 0;
    turns.forEach((item, index) => {
      const results = pending.map(({ id: callId, result }): Part => {
        const part: Part = { type: "tool_result", call_id: callId, status: result.status };
        if (result.content !== undefined) part.content = result.content;
        else part.output = result.output;
        return part;
      });
      messages.push({ role: "user", parts: [...results, ...item.user] });
      const calls =
        definitions.length === 0
          ? []
          : item.calls.map((call, position) => ({
              id: ids[next + position] as string,
              result: item.results[position] as Turn["results"][number],
              name: (definitions[call.tool % definitions.length] as ToolDefinition).name,
              input: call.input,
            }));
      next += calls.length;
      const parts: Part[] = [
        ...item.assistant,
        ...calls.map((call): Part => ({ type: "tool_call", id: call.id, name: call.name, input: call.input })),
      ];
      pending = calls;
      if (parts.length > 0 || index < turns.length - 1)
        messages.push({ role: "assistant", parts: parts.length > 0 ? parts : [{ type: "text", text: "ok" }] });
      else pending = [];
    });
    const document: Transcript = {
      schema_version: formatVersion,
      id: "generated",
      source: { format: "bedrock-converse" },
      messages,
      provider_fields: { "amazon-bedrock": { inferenceConfig: { maxTokens: 512 } } },
    };
    if (definitions.length > 0) document.tools = definitions;
    if (toolChoice !== undefined && definitions.length > 0) {
      document.tool_choice =
        typeof toolChoice === "number"
          ? { mode: "tool", name: (definitions[toolChoice % definitions.length] as ToolDefinition).name }
          : { mode: toolChoice };
    }
    // fast-check builds records without a prototype, and leaves undefined optional fields; a parsed document has neither.
    return JSON.parse(JSON.stringify(document)) as Transcript;
  });

describe("canonical → Bedrock Converse request → canonical", () => {
  it("is the identity for documents within what Bedrock supports", () => {
    fc.assert(
      fc.property(documents, (document) => {
        expect(validateTranscript(document).ok).toBe(true);
        const request = bedrockConverseConverter.requestFromCanonical(document, { strict: true });
        if (!request.ok) throw new Error(JSON.stringify(request.errors));
        expect(bedrockConverseConverter.checkRequest(request.value)).toEqual([]);
        // What the provider publishes about a request: its specification validates what we write.
        expect(specProblems("bedrock-converse", request.value)).toEqual([]);
        const back = bedrockConverseConverter.requestToCanonical(request.value);
        if (!back.ok) throw new Error(JSON.stringify(back.errors));
        expect(back.warnings).toEqual([]);
        expect({ ...back.document, id: document.id }).toStrictEqual(document);
      }),
    );
  });
});

describe("canonical → Bedrock Converse response and stream → canonical", () => {
  const answers = fc
    .record({
      parts: fc.array(fc.oneof(textPart, thinking, redacted), { minLength: 1, maxLength: 4 }),
      calls: fc.array(fc.record({ id, input }), { maxLength: 2 }),
      stop: fc.constantFrom("end_turn", "max_tokens", "tool_use"),
      input: fc.nat({ max: 1000 }),
      output: fc.nat({ max: 1000 }),
    })
    .map(({ parts, calls, stop, input: inputTokens, output }): Transcript => {
      const unique = calls.filter((call, index) => calls.findIndex((other) => other.id === call.id) === index);
      const usage = { inputTokens, outputTokens: output, totalTokens: inputTokens + output };
      const message: Message = {
        role: "assistant",
        parts: [
          ...parts,
          ...unique.map((call): Part => ({ type: "tool_call", id: call.id, name: "lookup", input: call.input })),
        ],
        native_finish_reason: stop,
        finish_reason: stop === "end_turn" ? "stop" : stop === "max_tokens" ? "length" : "tool_calls",
        usage: {
          input_tokens: inputTokens,
          output_tokens: output,
          total_tokens: inputTokens + output,
          raw: { provider: "bedrock-converse", usage },
        },
        provider_fields: { "amazon-bedrock": { metrics: { latencyMs: 12 } } },
      };
      return JSON.parse(
        JSON.stringify({
          schema_version: formatVersion,
          id: "generated",
          source: { format: "bedrock-converse" },
          messages: [message],
        }),
      ) as Transcript;
    });

  it("is the identity on one assistant message, unstreamed and streamed", () => {
    fc.assert(
      fc.property(answers, (document) => {
        const response = bedrockConverseConverter.responseFromCanonical(document, { strict: true });
        if (!response.ok) throw new Error(JSON.stringify(response.errors));
        const back = bedrockConverseConverter.responseToCanonical(response.value);
        if (!back.ok) throw new Error(JSON.stringify(back.errors));
        expect({ ...back.document, id: document.id }).toStrictEqual(document);
        const events = bedrockConverseConverter.streamFromCanonical(document, { strict: true });
        if (!events.ok) throw new Error(JSON.stringify(events.errors));
        const streamed = bedrockConverseConverter.streamToCanonical(events.value);
        if (!streamed.ok) throw new Error(JSON.stringify(streamed.errors));
        expect(streamed.document).toStrictEqual(back.document);
      }),
    );
  });
});
