import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specProblems } from "../../conformance.test.helpers.js";
import { mistralConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

/**
 * canonical → Mistral → canonical is the identity on what Mistral carries: system, user, assistant and tool
 * messages in the role order Mistral serves (tool messages answered before the next user turn, a user message
 * last), text, images (inline or by URL with a detail), documents, audio, Mistral's own thinking (with a signature),
 * tool calls with nine-character ids and JSON arguments, tool results with text output, tools and tool choice.
 */

const text = anyText({ maxLength: 20 });
const nonEmptyText = anyText({ minLength: 1, maxLength: 20 });
const jsonInput = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const toolName = fc.stringMatching(/^[a-z_]{1,10}$/);
const callId = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
  minLength: 9,
  maxLength: 9,
});

const textPart = text.map((value): Tolerant.Part => ({ type: "text", text: value }));
const media = fc.oneof(
  fc.record({
    type: fc.constant("image" as const),
    media_type: fc.constantFrom("image/png", "image/jpeg"),
    data: fc.base64String({ maxLength: 12 }),
  }),
  fc.record({ type: fc.constant("image" as const), url: fc.webUrl(), detail: fc.constantFrom("low", "high", "auto") }),
  fc.record({
    type: fc.constant("file" as const),
    media_type: fc.constant("application/pdf"),
    data: fc.base64String({ maxLength: 12 }),
    filename: fc.constantFrom("a.pdf", "report.pdf"),
  }),
  fc.record({ type: fc.constant("file" as const), url: fc.webUrl() }),
  fc.record({ type: fc.constant("file" as const), file_id: fc.uuid() }),
  fc.record({ type: fc.constant("audio" as const), data: fc.base64String({ maxLength: 12 }) }),
);
const userParts = fc.oneof(
  textPart.map((part) => [part]),
  fc.array(fc.oneof(textPart, media as fc.Arbitrary<Tolerant.Part>), { minLength: 2, maxLength: 3 }),
  (media as fc.Arbitrary<Tolerant.Part>).map((part) => [part]),
);
const thinking = fc
  .record({ text, signature: fc.option(fc.base64String({ minLength: 4, maxLength: 12 }), { nil: undefined }) })
  .map(({ text: value, signature }): Tolerant.Part => ({
    type: "reasoning",
    text: value,
    ...(signature === undefined ? {} : { signature }),
    issuer: { provider: "mistral" },
  }));

const turn = fc.record({
  user: userParts,
  thinking: fc.option(thinking, { nil: undefined }),
  lead: fc.option(text, { nil: undefined }),
  calls: fc.uniqueArray(
    fc.record({ id: callId, name: toolName, input: jsonInput, output: text, named: fc.boolean() }),
    { selector: (call) => call.id, maxLength: 3 },
  ),
  reply: nonEmptyText,
});

const documents = fc
  .record({
    system: fc.option(nonEmptyText, { nil: undefined }),
    turns: fc.array(turn, { minLength: 1, maxLength: 3 }),
    last: userParts,
    tools: fc.uniqueArray(fc.record({ name: toolName, description: fc.option(text, { nil: undefined }) }), {
      selector: (tool) => tool.name,
      maxLength: 2,
    }),
    choice: fc.option(fc.constantFrom("auto", "none", "required", "tool"), { nil: undefined }),
    parallel: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ system, turns, last, tools, choice, parallel }) => {
    const messages: Tolerant.Message[] = [];
    const seen = new Set<string>();
    if (system !== undefined) messages.push({ role: "system", parts: [{ type: "text", text: system }] });
    for (const entry of turns) {
      messages.push({ role: "user", parts: entry.user });
      const calls = entry.calls.filter((call) => !seen.has(call.id));
      calls.forEach((call) => seen.add(call.id));
      const parts: Tolerant.Part[] = [];
      if (entry.thinking !== undefined) parts.push(entry.thinking);
      if (entry.lead !== undefined) parts.push({ type: "text", text: entry.lead });
      for (const call of calls) parts.push({ type: "tool_call", id: call.id, name: call.name, input: call.input });
      if (calls.length > 0) {
        messages.push({ role: "assistant", parts });
        for (const call of calls)
          messages.push({
            role: "tool",
            parts: [
              {
                type: "tool_result",
                call_id: call.id,
                status: "ok",
                output: call.output,
                ...(call.named ? { name: call.name } : {}),
              },
            ],
          });
        messages.push({ role: "assistant", parts: [{ type: "text", text: entry.reply }] });
      } else messages.push({ role: "assistant", parts: [...parts, { type: "text", text: entry.reply }] });
    }
    messages.push({ role: "user", parts: last });
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "t",
      messages,
      provider_fields: { mistral: { model: "mistral-small-latest", temperature: 0.2, random_seed: 7 } },
    } as Transcript;
    if (tools.length > 0) {
      document.tools = tools.map((tool) => ({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        input_schema: { type: "object", properties: {} },
      }));
      const first = tools[0];
      if (choice !== undefined && first !== undefined)
        document.tool_choice = {
          mode: choice,
          ...(choice === "tool" ? { name: first.name } : {}),
          ...(parallel === undefined ? {} : { parallel }),
        };
    }
    return document;
  });

describe("canonical → Mistral → canonical", () => {
  it("is the identity on what Mistral carries (1,000 documents)", () => {
    let runs = 0;
    fc.assert(
      fc.property(documents, (document) => {
        runs += 1;
        const native = mistralConverter.requestFromCanonical(document, { strict: true });
        expect(native.ok ? [] : native.errors).toEqual([]);
        if (!native.ok) return;
        expect(mistralConverter.checkRequest(native.value)).toEqual([]);
        // What the provider publishes about a request: its specification validates what we write.
        expect(specProblems("mistral", native.value)).toEqual([]);
        const back = mistralConverter.requestToCanonical(native.value);
        expect(back.ok ? [] : back.errors).toEqual([]);
        if (!back.ok) return;
        expect(back.warnings).toEqual([]);
        expect(validateTranscript(back.document).ok).toBe(true);
        expect(back.document.messages).toEqual(document.messages);
        expect(back.document.tools).toEqual(document.tools);
        expect(back.document.tool_choice).toEqual(document.tool_choice);
        expect(back.document.provider_fields).toEqual(document.provider_fields);
      }),
    );
    expect(runs).toBe(fc.readConfigureGlobal().numRuns!);
  });
});
