import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specProblems } from "../../conformance.test.helpers.js";
import { openaiChatConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

function doc(messages: Tolerant.Message[], extra: Partial<Transcript> = {}): Transcript {
  return {
    schema_version: "1.0.0",
    id: "t",
    messages,
    provider_fields: { openai: { model: "gpt-4o" } },
    ...extra,
  } as Transcript;
}

const text = anyText({ maxLength: 20 });
const id = fc.stringMatching(/^[\w-]{1,20}$/);
const jsonInput = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const image = fc.oneof(
  fc.record({
    type: fc.constant("image" as const),
    media_type: fc.constantFrom("image/png", "image/jpeg"),
    data: fc.base64String({ maxLength: 12 }),
  }),
  fc.record({ type: fc.constant("image" as const), url: fc.webUrl(), detail: fc.constantFrom("low", "high", "auto") }),
);
const audio = fc.record({
  type: fc.constant("audio" as const),
  media_type: fc.constantFrom("audio/wav", "audio/mpeg"),
  data: fc.base64String({ maxLength: 12 }),
});
const userParts = fc.oneof(
  fc.tuple(text).map(([value]) => [{ type: "text" as const, text: value }]),
  fc.array(
    fc.oneof(
      text.map((value) => ({ type: "text" as const, text: value })),
      image,
      audio,
    ),
    { minLength: 2, maxLength: 3 },
  ),
);

/** A turn: a user message, then an assistant message, with one tool message per call when it makes calls. */
const turn = fc
  .record({
    user: userParts,
    role: fc.constantFrom("user" as const, "system" as const, "developer" as const),
    reply: fc.option(text, { nil: undefined }),
    refusal: fc.option(text, { nil: undefined }),
    calls: fc.uniqueArray(
      fc.record({ id, name: fc.stringMatching(/^[a-z_]{1,10}$/), input: jsonInput, output: text }),
      { selector: (call) => call.id, maxLength: 3 },
    ),
  })
  .map(({ user, role, reply, refusal, calls }) => ({
    user: role === "user" ? user : user.filter((part) => part.type === "text").slice(0, 1),
    role,
    reply,
    refusal,
    calls,
  }));

const documents = fc.array(turn, { minLength: 1, maxLength: 4 }).map((turns) => {
  const messages: Tolerant.Message[] = [];
  const seen = new Set<string>();
  turns.forEach((entry, index) => {
    if (entry.user.length > 0) messages.push({ role: entry.role, parts: entry.user });
    const calls = entry.calls.filter((call) => !seen.has(call.id));
    calls.forEach((call) => seen.add(call.id));
    const parts: Tolerant.Part[] = [];
    if (entry.reply !== undefined) parts.push({ type: "text", text: entry.reply });
    if (entry.refusal !== undefined) parts.push({ type: "refusal", text: entry.refusal });
    for (const call of calls) parts.push({ type: "tool_call", id: call.id, name: call.name, input: call.input });
    if (parts.length > 0) messages.push({ role: "assistant", parts });
    for (const call of calls)
      messages.push({
        role: "tool",
        parts: [{ type: "tool_result", call_id: call.id, status: "ok", output: call.output }],
      });
    void index;
  });
  return doc(messages.length > 0 ? messages : [{ role: "user", parts: [{ type: "text", text: "" }] }]);
});

describe("canonical → Chat → canonical", () => {
  it("is the identity on what Chat supports (1,000 documents)", () => {
    fc.assert(
      fc.property(documents, (document) => {
        const native = openaiChatConverter.requestFromCanonical(document, { strict: true });
        expect(native.ok ? [] : native.errors).toEqual([]);
        if (!native.ok) return;
        expect(openaiChatConverter.checkRequest(native.value)).toEqual([]);
        // What the provider publishes about a request: its specification validates what we write.
        expect(specProblems("openai-chat", native.value)).toEqual([]);
        const back = openaiChatConverter.requestToCanonical(native.value);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(validateTranscript(back.document).ok).toBe(true);
        expect(back.document.messages).toEqual(document.messages);
        expect(back.document.provider_fields).toEqual(document.provider_fields);
      }),
    );
  });
});
