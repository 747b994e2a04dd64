import type { Message, Part, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anthropicConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

/**
 * Canonical documents restricted to what Anthropic carries: a leading system prompt, alternating user and assistant
 * turns starting with the user, text, images, Anthropic-issued thinking with signatures, tool calls with object inputs
 * and valid ids, each answered at the start of the next user turn (a call in the last turn may be pending).
 *
 * Normalisations the generator stays inside (documented on the converter): system messages only lead (a later one
 * is hoisted), no two messages of one role in a row (they are merged), results first in the user turn (they are
 * regrouped there), and no markers for string content (a generated document always has block content).
 */
const text = anyText({ maxLength: 12 });
const id = fc.stringMatching(/^[\w-]{1,12}$/);
const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const input = fc.dictionary(
  fc.string({ maxLength: 6 }).filter((key) => key !== "__proto__"),
  json,
  { maxKeys: 3 },
);
const base64 = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString("base64"));

const textPart = text.map((value): Part => ({ type: "text", text: value }));
const imagePart = fc.oneof(
  fc
    .record({ media_type: fc.constantFrom("image/png", "image/jpeg", "image/webp"), data: base64 })
    .map((image): Part => ({ type: "image", ...image })),
  fc.webUrl().map((url): Part => ({ type: "image", url })),
);
const thinking = fc
  .record({ text, signature: fc.base64String({ minLength: 4, maxLength: 40 }) })
  .map((value): Part => ({ type: "reasoning", ...value, issuer: { provider: "anthropic", api: "messages" } }));
const redacted = fc.base64String({ minLength: 4, maxLength: 40 }).map((data): Part => ({
  type: "reasoning",
  redacted_data: data,
  issuer: { provider: "anthropic", api: "messages" },
}));

interface Turn {
  user: Part[];
  assistant: Part[];
  calls: Array<{ name: string; input: unknown }>;
  results: Array<{ status: "ok" | "error"; output: string | undefined; content: Part[] | undefined }>;
}

const turn = fc.record({
  user: fc.array(fc.oneof(textPart, imagePart), { minLength: 1, maxLength: 3 }),
  assistant: fc.array(fc.oneof(textPart, thinking, redacted), { maxLength: 3 }),
  calls: fc.array(fc.record({ name: fc.stringMatching(/^[a-z]\w{0,8}$/), input }), { maxLength: 3 }),
  results: fc.array(
    fc.record({
      status: fc.constantFrom("ok" as const, "error" as const),
      output: fc.option(text, { nil: undefined }),
      content: fc.option(fc.array(fc.oneof(textPart, imagePart), { maxLength: 2 }), { nil: undefined }),
    }),
    { minLength: 3, maxLength: 3 },
  ),
}) satisfies fc.Arbitrary<Turn>;

const tool = fc
  .record({
    name: fc.stringMatching(/^[a-z]\w{0,8}$/),
    description: text,
    input_schema: fc.constant({ type: "object", properties: {} }),
  })
  .map((definition): ToolDefinition => definition);
const toolChoice = fc
  .oneof(
    fc.record({
      mode: fc.constantFrom("auto" as const, "required" as const),
      parallel: fc.option(fc.boolean(), { nil: undefined }),
    }),
    fc.constant({ mode: "none" as const }),
    fc.record({ mode: fc.constant("tool" as const), name: fc.stringMatching(/^[a-z]{1,8}$/) }),
  )
  .map(
    (choice): ToolChoice =>
      Object.fromEntries(Object.entries(choice).filter(([, value]) => value !== undefined)) as ToolChoice,
  );

const documents = fc
  .record({
    system: fc.option(fc.array(textPart, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
    ids: fc.uniqueArray(id, { minLength: 12, maxLength: 12 }),
    tools: fc.option(fc.array(tool, { maxLength: 2 }), { nil: undefined }),
    toolChoice: fc.option(toolChoice, { nil: undefined }),
  })
  .map(({ system, turns, ids, tools, toolChoice: choice }): Transcript => {
    const messages: Message[] = [];
    if (system !== undefined) messages.push({ role: "system", parts: system });
    let pending: Array<{ id: string; result: Turn["results"][number] }> = [];
    let next = 0;
    turns.forEach((item, index) => {
      const results = pending.map(({ id: callId, result }): Part => {
        const part: Part = { type: "tool_result", call_id: callId, status: result.status };
        if (result.content !== undefined) part.content = result.content;
        else if (result.output !== undefined) part.output = result.output;
        return part;
      });
      messages.push({ role: "user", parts: [...results, ...item.user] });
      const calls = item.calls.map((call, position) => ({
        id: ids[next + position] as string,
        result: item.results[position] as Turn["results"][number],
        ...call,
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
      source: { format: "anthropic" },
      messages,
      provider_fields: { anthropic: { model: "claude-sonnet-4-5", max_tokens: 1024 } },
    };
    if (tools !== undefined) document.tools = tools;
    if (choice !== undefined) document.tool_choice = choice;
    // fast-check builds records without a prototype; a parsed document has plain objects.
    return JSON.parse(JSON.stringify(document)) as Transcript;
  });

describe("canonical → Anthropic request → canonical", () => {
  it("is the identity for documents within what Anthropic supports", () => {
    fc.assert(
      fc.property(documents, (document) => {
        expect(validateTranscript(document).ok).toBe(true);
        const request = anthropicConverter.requestFromCanonical(document, { strict: true });
        if (!request.ok) throw new Error(JSON.stringify(request.errors));
        expect(anthropicConverter.checkRequest(request.value)).toEqual([]);
        const back = anthropicConverter.requestToCanonical(request.value);
        if (!back.ok) throw new Error(JSON.stringify(back.errors));
        expect(back.warnings).toEqual([]);
        expect({ ...back.document, id: document.id }).toStrictEqual(document);
      }),
    );
  });
});
