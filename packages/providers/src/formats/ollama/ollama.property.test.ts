import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ollamaConverter } from "../../converters.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

function doc(messages: Tolerant.Message[]): Transcript {
  return { schema_version: "1.0.0", id: "t", messages, provider_fields: { ollama: { model: "qwen3" } } } as Transcript;
}

const text = anyText({ minLength: 1, maxLength: 20 });
const args = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const turn = fc.record({
  role: fc.constantFrom("user" as const, "system" as const),
  text,
  images: fc.array(fc.base64String({ minLength: 4, maxLength: 12 }), { maxLength: 2 }),
  thinking: fc.option(anyText({ maxLength: 20 }), { nil: undefined }),
  reply: fc.option(text, { nil: undefined }),
  calls: fc.uniqueArray(
    fc.record({
      id: fc.stringMatching(/^call_\w{1,10}$/),
      name: fc.stringMatching(/^[a-z_]{1,8}$/),
      input: args,
      output: anyText({ maxLength: 20 }),
    }),
    { selector: (call) => call.id, maxLength: 3 },
  ),
});

const documents = fc.array(turn, { minLength: 1, maxLength: 4 }).map((turns) => {
  const messages: Tolerant.Message[] = [];
  const seen = new Set<string>();
  for (const entry of turns) {
    const images = entry.role === "user" ? entry.images : [];
    messages.push({
      role: entry.role,
      parts: [{ type: "text", text: entry.text }, ...images.map((data) => ({ type: "image" as const, data }))],
    });
    const calls = entry.calls.filter((call) => !seen.has(call.id));
    calls.forEach((call) => seen.add(call.id));
    const parts: Tolerant.Part[] = [];
    if (entry.thinking !== undefined) parts.push({ type: "reasoning", text: entry.thinking });
    if (entry.reply !== undefined) parts.push({ type: "text", text: entry.reply });
    for (const call of calls) parts.push({ type: "tool_call", id: call.id, name: call.name, input: call.input });
    if (parts.length > 0) messages.push({ role: "assistant", parts });
    for (const call of calls)
      messages.push({
        role: "tool",
        parts: [{ type: "tool_result", call_id: call.id, name: call.name, status: "ok", output: call.output }],
      });
  }
  return doc(messages);
});

describe("canonical → Ollama → canonical", () => {
  it("is the identity on what Ollama supports (1,000 documents)", () => {
    fc.assert(
      fc.property(documents, (document) => {
        const native = ollamaConverter.requestFromCanonical(document, { strict: true });
        expect(native.ok ? [] : native.errors).toEqual([]);
        if (!native.ok) return;
        expect(ollamaConverter.checkRequest(native.value)).toEqual([]);
        const back = ollamaConverter.requestToCanonical(native.value);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(validateTranscript(back.document).ok).toBe(true);
        expect(back.document.messages).toEqual(document.messages);
      }),
    );
  });

  it("streams a response back into the same document", () => {
    const response = {
      model: "m",
      created_at: "2026-01-01T00:00:00.5Z",
      message: {
        role: "assistant",
        content: "hi",
        thinking: "t",
        tool_calls: [{ id: "c", function: { name: "f", arguments: { a: 1 } } }],
      },
      done: true,
      done_reason: "stop",
      eval_count: 3,
      prompt_eval_count: 2,
    };
    const imported = ollamaConverter.responseToCanonical(response);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.document.messages[0]?.finish_reason).toBe("tool_calls");
    const chunks = ollamaConverter.streamFromCanonical(imported.document);
    expect(chunks.ok && ollamaConverter.streamToCanonical(chunks.value)).toEqual(imported);
    expect(ollamaConverter.responseFromCanonical(imported.document)).toEqual({
      ok: true,
      value: response,
      warnings: [],
    });
  });
});
