import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core";
import fc from "fast-check";
import type { ChatRequest, ChatResponse } from "ollama";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderFormat } from "../../format.js";
import { ollamaFormat } from "./ollama-format.js";

const examples = path.resolve(import.meta.dirname, "../../../../../schemas/v1/examples/Transcript/valid");

function doc(messages: Tolerant.Message[]): Transcript {
  return { schema_version: "1.0.0", id: "t", messages, provider_fields: { ollama: { model: "qwen3" } } } as Transcript;
}

function request(messages: unknown[]): ChatRequest {
  return { model: "m", messages } as ChatRequest;
}

describe("ollamaFormat types", () => {
  it("speaks the ollama package's types on the native side", () => {
    expectTypeOf(ollamaFormat).toEqualTypeOf<ProviderFormat<ChatRequest, ChatResponse, ChatResponse>>();
    expectTypeOf(ollamaFormat.requestFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatRequest>>();
    expectTypeOf(ollamaFormat.streamFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatResponse[]>>();
    expectTypeOf(ollamaFormat.checkRequest).parameter(0).toEqualTypeOf<ChatRequest>();
    expect(ollamaFormat.id).toBe("ollama");
  });
});

describe("checkRequest", () => {
  const call = { function: { name: "add", arguments: { a: 1 } } };

  it("accepts a well-formed history", () => {
    expect(ollamaFormat.checkRequest(request([{ role: "user", content: "x", images: ["iVBORw0KGgo="] }, { role: "assistant", content: "", tool_calls: [call] }, { role: "tool", content: "2", tool_name: "add" }]))).toEqual([]);
  });

  it("rejects an unknown role", () => {
    expect(ollamaFormat.checkRequest(request([{ role: "developer", content: "x" }]))).toEqual([{ path: "/messages/0/role", message: 'role "developer" is not one Ollama knows' }]);
  });

  it("rejects arguments sent as JSON text", () => {
    expect(ollamaFormat.checkRequest(request([{ role: "assistant", content: "", tool_calls: [{ function: { name: "add", arguments: '{"a":1}' } }] }]))).toEqual([{ path: "/messages/0/tool_calls/0/function/arguments", message: "arguments must be an object, not JSON text" }]);
  });

  it("rejects images with a data: prefix", () => {
    expect(ollamaFormat.checkRequest(request([{ role: "user", content: "x", images: ["data:image/png;base64,AAAA"] }]))).toEqual([{ path: "/messages/0/images/0", message: "an image must be bare base64, without a data: prefix" }]);
  });

  it("rejects a tool message with no call before it, or naming a tool no call used", () => {
    expect(ollamaFormat.checkRequest(request([{ role: "user", content: "x" }, { role: "tool", content: "2", tool_name: "add" }]))).toEqual([{ path: "/messages/1", message: "a tool message must follow an assistant message with tool calls" }]);
    expect(ollamaFormat.checkRequest(request([{ role: "assistant", content: "", tool_calls: [call] }, { role: "tool", content: "2", tool_name: "mul" }]))).toEqual([{ path: "/messages/1/tool_name", message: "no call of the assistant message before names the tool mul" }]);
  });
});

describe("canonical documents of other sources", () => {
  const files = readdirSync(examples).filter((file) => file.endsWith(".json"));

  it.each(files)("%s converts to a request Ollama accepts, with a warning for every loss", (file) => {
    const document = JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
    const result = ollamaFormat.requestFromCanonical(document);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(ollamaFormat.checkRequest(result.value)).toEqual([]);
    document.messages.forEach((message, messageIndex) => {
      message.parts.forEach((part, partIndex) => {
        if (["text", "image", "tool_call", "tool_result", "reasoning"].includes(part.type)) return;
        const at = `/messages/${messageIndex}/parts/${partIndex}`;
        expect(result.warnings.some((warning) => warning.path === at || warning.path.startsWith(`${at}/`)), `${file} ${at} (${part.type})`).toBe(true);
      });
    });
  });

  it("names the specific losses of the seed documents", () => {
    const warnings = (file: string) => ollamaFormat.requestFromCanonical(JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript).warnings.map((warning) => `${warning.code} ${warning.path}`);
    expect(warnings("request-with-tools.json")).toEqual(["field-dropped /provider_fields/anthropic", "value-assumed /provider_fields", "field-dropped /tool_choice"]);
    const awf = warnings("seed-001-awf-run.json");
    expect(awf).toContain("reasoning-dropped /messages/2/parts/0");
    expect(awf).toContain("results-regrouped /messages/3");
    const warp = warnings("seed-000-warp-export.json");
    expect(warp).toContain("part-dropped /messages/1/parts/2");
    expect(warp).toContain("status-mapped /messages/4/parts/0/status");
  });
});

describe("requestFromCanonical", () => {
  it("writes object arguments, tool_name, images and thinking, and maps developer to system", () => {
    const result = ollamaFormat.requestFromCanonical(
      doc([
        { role: "developer", parts: [{ type: "text", text: "be brief" }] },
        { role: "user", parts: [{ type: "text", text: "what" }, { type: "image", media_type: "image/png", data: "AAAA" }] },
        { role: "assistant", parts: [{ type: "reasoning", text: "hm" }, { type: "tool_call", id: "c1", name: "look", raw_input: '{"q": 1}', input: { q: 1 } }] },
        { role: "user", parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: { found: true } }] },
      ]),
    );
    expect(result.ok && result.value.messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "what", images: ["AAAA"] },
      { role: "assistant", thinking: "hm", content: "", tool_calls: [{ id: "c1", function: { name: "look", arguments: { q: 1 } } }] },
      { role: "tool", content: '{"found":true}', tool_name: "look" },
    ]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["role-mapped", "value-converted", "value-converted"]);
  });

  it("strict mode turns a lossy conversion into an error", () => {
    const lossy = doc([{ role: "user", parts: [{ type: "text", text: "a" }, { type: "image", url: "https://example.com/a.png" }] }]);
    expect(ollamaFormat.requestFromCanonical(lossy).ok).toBe(true);
    expect(ollamaFormat.requestFromCanonical(lossy, { strict: true })).toMatchObject({ ok: false, errors: [{ path: "/messages/0/parts/1", message: expect.stringMatching(/^media-fallback: /) as unknown }] });
  });
});

// ------------------------------------------------------------------------------------------------ property

const text = fc.string({ minLength: 1, maxLength: 20 });
const args = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const turn = fc.record({
  role: fc.constantFrom("user" as const, "system" as const),
  text,
  images: fc.array(fc.base64String({ minLength: 4, maxLength: 12 }), { maxLength: 2 }),
  thinking: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  reply: fc.option(text, { nil: undefined }),
  calls: fc.uniqueArray(fc.record({ id: fc.stringMatching(/^call_\w{1,10}$/), name: fc.stringMatching(/^[a-z_]{1,8}$/), input: args, output: fc.string({ maxLength: 20 }) }), { selector: (call) => call.id, maxLength: 3 }),
});

const documents = fc.array(turn, { minLength: 1, maxLength: 4 }).map((turns) => {
  const messages: Tolerant.Message[] = [];
  const seen = new Set<string>();
  for (const entry of turns) {
    const images = entry.role === "user" ? entry.images : [];
    messages.push({ role: entry.role, parts: [{ type: "text", text: entry.text }, ...images.map((data) => ({ type: "image" as const, data }))] });
    const calls = entry.calls.filter((call) => !seen.has(call.id));
    calls.forEach((call) => seen.add(call.id));
    const parts: Tolerant.Part[] = [];
    if (entry.thinking !== undefined) parts.push({ type: "reasoning", text: entry.thinking });
    if (entry.reply !== undefined) parts.push({ type: "text", text: entry.reply });
    for (const call of calls) parts.push({ type: "tool_call", id: call.id, name: call.name, input: call.input });
    if (parts.length > 0) messages.push({ role: "assistant", parts });
    for (const call of calls) messages.push({ role: "tool", parts: [{ type: "tool_result", call_id: call.id, name: call.name, status: "ok", output: call.output }] });
  }
  return doc(messages);
});

describe("canonical → Ollama → canonical", () => {
  it("is the identity on what Ollama supports (1,000 documents)", () => {
    fc.assert(
      fc.property(documents, (document) => {
        const native = ollamaFormat.requestFromCanonical(document, { strict: true });
        expect(native.ok ? [] : native.errors).toEqual([]);
        if (!native.ok) return;
        expect(ollamaFormat.checkRequest(native.value)).toEqual([]);
        const back = ollamaFormat.requestToCanonical(native.value);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(validateTranscript(back.document).ok).toBe(true);
        expect(back.document.messages).toEqual(document.messages);
      }),
      { numRuns: 1000 },
    );
  });

  it("streams a response back into the same document", () => {
    const response = { model: "m", created_at: "2026-01-01T00:00:00.5Z", message: { role: "assistant", content: "hi", thinking: "t", tool_calls: [{ id: "c", function: { name: "f", arguments: { a: 1 } } }] }, done: true, done_reason: "stop", eval_count: 3, prompt_eval_count: 2 };
    const imported = ollamaFormat.responseToCanonical(response);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.document.messages[0]?.finish_reason).toBe("tool_calls");
    const chunks = ollamaFormat.streamFromCanonical(imported.document);
    expect(chunks.ok && ollamaFormat.streamToCanonical(chunks.value)).toEqual(imported);
    expect(ollamaFormat.responseFromCanonical(imported.document)).toEqual({ ok: true, value: response, warnings: [] });
  });
});
