import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core";
import fc from "fast-check";
import type { ChatRequest, ChatResponse } from "ollama";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { ollamaConverter } from "./index.js";

const examples = path.resolve(import.meta.dirname, "../../../../../schemas/v1/examples/Transcript/valid");

function doc(messages: Tolerant.Message[]): Transcript {
  return { schema_version: "1.0.0", id: "t", messages, provider_fields: { ollama: { model: "qwen3" } } } as Transcript;
}

function request(messages: unknown[]): ChatRequest {
  return { model: "m", messages } as ChatRequest;
}

describe("ollamaConverter types", () => {
  it("speaks the ollama package's types on the native side", () => {
    expectTypeOf(ollamaConverter).toEqualTypeOf<ProviderConverter<ChatRequest, ChatResponse, ChatResponse>>();
    expectTypeOf(ollamaConverter.requestFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatRequest>>();
    expectTypeOf(ollamaConverter.streamFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatResponse[]>>();
    expectTypeOf(ollamaConverter.checkRequest).parameter(0).toEqualTypeOf<ChatRequest>();
    expect(ollamaConverter.id).toBe("ollama");
  });
});

describe("checkRequest", () => {
  const call = { function: { name: "add", arguments: { a: 1 } } };

  it("accepts a well-formed history", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "user", content: "x", images: ["iVBORw0KGgo="] },
          { role: "assistant", content: "", tool_calls: [call] },
          { role: "tool", content: "2", tool_name: "add" },
        ]),
      ),
    ).toEqual([]);
  });

  it("rejects an unknown role", () => {
    expect(ollamaConverter.checkRequest(request([{ role: "developer", content: "x" }]))).toEqual([
      { path: "/messages/0/role", message: 'role "developer" is not one Ollama knows' },
    ]);
  });

  it("rejects arguments sent as JSON text", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [{ function: { name: "add", arguments: '{"a":1}' } }] },
        ]),
      ),
    ).toEqual([
      { path: "/messages/0/tool_calls/0/function/arguments", message: "arguments must be an object, not JSON text" },
    ]);
  });

  it("rejects images with a data: prefix", () => {
    expect(
      ollamaConverter.checkRequest(request([{ role: "user", content: "x", images: ["data:image/png;base64,AAAA"] }])),
    ).toEqual([{ path: "/messages/0/images/0", message: "an image must be bare base64, without a data: prefix" }]);
  });

  it("rejects a tool message with no call before it, or naming a tool no call used", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "user", content: "x" },
          { role: "tool", content: "2", tool_name: "add" },
        ]),
      ),
    ).toEqual([{ path: "/messages/1", message: "a tool message must follow an assistant message with tool calls" }]);
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call] },
          { role: "tool", content: "2", tool_name: "mul" },
        ]),
      ),
    ).toEqual([
      { path: "/messages/1/tool_name", message: "no call of the assistant message before names the tool mul" },
    ]);
  });
});

describe("canonical documents of other sources", () => {
  const files = readdirSync(examples).filter((file) => file.endsWith(".json"));

  it.each(files)("%s converts to a request Ollama accepts, with a warning for every loss", (file) => {
    const document = JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
    const result = ollamaConverter.requestFromCanonical(document);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(ollamaConverter.checkRequest(result.value)).toEqual([]);
    document.messages.forEach((message, messageIndex) => {
      message.parts.forEach((part, partIndex) => {
        if (["text", "image", "tool_call", "tool_result", "reasoning"].includes(part.type)) return;
        const at = `/messages/${messageIndex}/parts/${partIndex}`;
        expect(
          result.warnings.some((warning) => warning.path === at || warning.path.startsWith(`${at}/`)),
          `${file} ${at} (${part.type})`,
        ).toBe(true);
      });
    });
  });

  it("names the specific losses of the five source systems' example documents", () => {
    const warnings = (file: string) =>
      ollamaConverter
        .requestFromCanonical(JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript)
        .warnings.map((warning) => `${warning.code} ${warning.path}`);
    expect(warnings("request-with-tools.json")).toEqual([
      "field-dropped /provider_fields/anthropic",
      "value-assumed /provider_fields",
      "field-dropped /tool_choice",
    ]);
    const awf = warnings("awf-run.json");
    expect(awf).toContain("reasoning-dropped /messages/2/parts/0");
    expect(awf).toContain("results-regrouped /messages/3");
    const warp = warnings("warp-export.json");
    expect(warp).toContain("part-dropped /messages/1/parts/2");
    expect(warp).toContain("status-mapped /messages/4/parts/0/status");
  });
});

describe("requestFromCanonical", () => {
  it("writes object arguments, tool_name, images and thinking, and maps developer to system", () => {
    const result = ollamaConverter.requestFromCanonical(
      doc([
        { role: "developer", parts: [{ type: "text", text: "be brief" }] },
        {
          role: "user",
          parts: [
            { type: "text", text: "what" },
            { type: "image", media_type: "image/png", data: "AAAA" },
          ],
        },
        {
          role: "assistant",
          parts: [
            { type: "reasoning", text: "hm" },
            { type: "tool_call", id: "c1", name: "look", raw_input: '{"q": 1}', input: { q: 1 } },
          ],
        },
        { role: "user", parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: { found: true } }] },
      ]),
    );
    expect(result.ok && result.value.messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "what", images: ["AAAA"] },
      {
        role: "assistant",
        thinking: "hm",
        content: "",
        tool_calls: [{ id: "c1", function: { name: "look", arguments: { q: 1 } } }],
      },
      { role: "tool", content: '{"found":true}', tool_name: "look", tool_call_id: "c1" },
    ]);
    expect(result.warnings.map((warning) => warning.code)).toEqual([
      "role-mapped",
      "value-converted",
      "value-converted",
    ]);
  });

  it("strict mode turns a lossy conversion into an error", () => {
    const lossy = doc([
      {
        role: "user",
        parts: [
          { type: "text", text: "a" },
          { type: "image", url: "https://example.com/a.png" },
        ],
      },
    ]);
    expect(ollamaConverter.requestFromCanonical(lossy).ok).toBe(true);
    expect(ollamaConverter.requestFromCanonical(lossy, { strict: true })).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/parts/1", message: expect.stringMatching(/^media-fallback: /) as unknown }],
    });
  });
});

describe("tool results and their calls", () => {
  const convert = (messages: Tolerant.Message[]) => {
    const result = ollamaConverter.requestFromCanonical(doc(messages));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(ollamaConverter.checkRequest(result.value)).toEqual([]);
    return {
      messages: result.value.messages as unknown[],
      warnings: result.warnings.map((warning) => `${warning.code} ${warning.path}`),
      full: result.warnings,
    };
  };
  const user = (text: string): Tolerant.Message => ({ role: "user", parts: [{ type: "text", text }] });

  it("sends the call's id as tool_call_id, and reads it back", () => {
    const document = doc([
      user("sum"),
      { role: "assistant", parts: [{ type: "tool_call", id: "call_a", name: "add", input: { a: 1 } }] },
      { role: "tool", parts: [{ type: "tool_result", call_id: "call_a", status: "ok", output: "2" }] },
    ]);
    const result = ollamaConverter.requestFromCanonical(document, { strict: true });
    expect(result.ok && result.value.messages?.[2]).toEqual({
      role: "tool",
      content: "2",
      tool_name: "add",
      tool_call_id: "call_a",
    });
    const back = result.ok ? ollamaConverter.requestToCanonical(result.value) : undefined;
    expect(back?.ok && back.document.messages[2]?.parts).toEqual([
      { type: "tool_result", call_id: "call_a", name: "add", status: "ok", output: "2" },
    ]);
  });

  it("writes a tool message that had no tool_call_id back without one", () => {
    const native = request([
      { role: "user", content: "sum" },
      {
        role: "assistant",
        content: "",
        tool_calls: [{ id: "call_a", function: { name: "add", arguments: { a: 1 } } }],
      },
      { role: "tool", content: "2", tool_name: "add" },
    ]);
    const imported = ollamaConverter.requestToCanonical(native);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.document.messages[2]?.parts[0]).toMatchObject({ call_id: "call_a" });
    expect(ollamaConverter.requestFromCanonical(imported.document, { strict: true })).toMatchObject({
      ok: true,
      value: native,
    });
  });

  it("drops the results of calls it does not send (provider-executed, built-in), each with a part-dropped warning", () => {
    const { messages, warnings } = convert([
      user("search and sum"),
      {
        role: "assistant",
        parts: [
          { type: "tool_call", id: "srv_1", name: "web_search", input: { query: "x" }, provider_executed: true },
          { type: "tool_result", call_id: "srv_1", status: "ok", output: "found", provider_executed: true },
          {
            type: "tool_call",
            id: "ci_1",
            name: "code_interpreter",
            input: { code: "1" },
            native_type: "code_interpreter_call",
          },
          { type: "text", text: "now sum" },
          { type: "tool_call", id: "call_a", name: "add", input: { a: 1 } },
        ],
      },
      {
        role: "user",
        parts: [
          { type: "tool_result", call_id: "ci_1", status: "ok", output: "1" },
          { type: "tool_result", call_id: "call_a", status: "ok", output: "2" },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "user", content: "search and sum" },
      {
        role: "assistant",
        content: "now sum",
        tool_calls: [{ id: "call_a", function: { name: "add", arguments: { a: 1 } } }],
      },
      { role: "tool", content: "2", tool_name: "add", tool_call_id: "call_a" },
    ]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        "part-dropped /messages/1/parts/0",
        "part-dropped /messages/1/parts/1",
        "part-dropped /messages/1/parts/2",
        "part-dropped /messages/2/parts/0",
      ]),
    );
    expect(warnings).not.toContain("part-dropped /messages/2/parts/1");
  });

  it("leaves out a result whose call is nowhere before it, with tool-result-unmatched", () => {
    const { messages, warnings } = convert([
      user("hi"),
      { role: "tool", parts: [{ type: "tool_result", call_id: "ghost", name: "add", status: "ok", output: "2" }] },
      user("again"),
    ]);
    expect(messages).toEqual([
      { role: "user", content: "hi" },
      { role: "user", content: "again" },
    ]);
    expect(warnings).toContain("tool-result-unmatched /messages/1/parts/0");
  });

  it("joins parallel calls split over consecutive assistant messages, so both results follow their calls", () => {
    const { messages, warnings } = convert([
      user("both"),
      {
        role: "assistant",
        parts: [
          { type: "text", text: "first " },
          { type: "tool_call", id: "toolu_1", name: "search", input: { q: "a" } },
        ],
      },
      { role: "assistant", parts: [{ type: "tool_call", id: "auto_2", name: "load", input: { n: 2 } }] },
      {
        role: "user",
        parts: [
          { type: "tool_result", call_id: "toolu_1", status: "ok", output: "A" },
          { type: "tool_result", call_id: "auto_2", status: "ok", output: "B" },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "user", content: "both" },
      {
        role: "assistant",
        content: "first ",
        tool_calls: [
          { id: "toolu_1", function: { name: "search", arguments: { q: "a" } } },
          { id: "auto_2", function: { name: "load", arguments: { n: 2 } } },
        ],
      },
      { role: "tool", content: "A", tool_name: "search", tool_call_id: "toolu_1" },
      { role: "tool", content: "B", tool_name: "load", tool_call_id: "auto_2" },
    ]);
    expect(warnings).toContain("parts-merged /messages/2");
  });

  it("moves a result after a message that came between it and its call back to its call, with order-changed", () => {
    const { messages, warnings } = convert([
      user("go"),
      { role: "assistant", parts: [{ type: "tool_call", id: "call_a", name: "add", input: { a: 1 } }] },
      user("still there?"),
      { role: "tool", parts: [{ type: "tool_result", call_id: "call_a", status: "ok", output: "2" }] },
    ]);
    expect(messages.map((message) => (message as { role: string }).role)).toEqual([
      "user",
      "assistant",
      "tool",
      "user",
    ]);
    expect(warnings).toContain("order-changed /messages/3/parts/0");
  });

  it("gives a call id reused in a later turn a fresh deterministic id, and pairs each result with its own turn's call", () => {
    const turn = (output: string): Tolerant.Message[] => [
      {
        role: "assistant",
        parts: [{ type: "tool_call", id: "get_weather", name: "get_weather", input: { city: output } }],
      },
      {
        role: "user",
        parts: [{ type: "tool_result", call_id: "get_weather", name: "get_weather", status: "ok", output }],
      },
    ];
    const messages = [user("Rome?"), ...turn("Rome"), user("Oslo?"), ...turn("Oslo")];
    const first = convert(messages);
    const again = convert(messages);
    expect(again.messages).toEqual(first.messages);
    const native = first.messages as Array<{ role: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string }>;
    const fresh = native[4]?.tool_calls?.[0]?.id ?? "";
    expect(fresh).toMatch(/^call_[a-z0-9]{16}$/);
    expect(native.map((message) => message.tool_calls?.[0]?.id ?? message.tool_call_id)).toEqual([
      undefined,
      "get_weather",
      "get_weather",
      undefined,
      fresh,
      fresh,
    ]);
    expect(first.warnings).toEqual(
      expect.arrayContaining(["id-remapped /messages/4/parts/0/id", "id-remapped /messages/5/parts/0/call_id"]),
    );
    expect(first.full.find((warning) => warning.path === "/messages/4/parts/0/id")?.message).toContain(fresh);
  });
});

describe("checkRequest on tool ids", () => {
  it("rejects a tool_call_id no call of the assistant message before has, and a call id used twice", () => {
    const call = (id: string) => ({ id, function: { name: "add", arguments: { a: 1 } } });
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call("c1")] },
          { role: "tool", content: "2", tool_name: "add", tool_call_id: "c2" },
        ]),
      ),
    ).toEqual([{ path: "/messages/1/tool_call_id", message: "no call of the assistant message before has the id c2" }]);
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call("c1")] },
          { role: "tool", content: "2", tool_name: "add", tool_call_id: "c1" },
          { role: "assistant", content: "", tool_calls: [call("c1")] },
        ]),
      ),
    ).toEqual([
      {
        path: "/messages/2/tool_calls/0/id",
        message: "an earlier call has the id c1 too; a tool message's tool_call_id would be ambiguous",
      },
    ]);
  });
});

// ------------------------------------------------------------------------------------------------ property

const text = fc.string({ minLength: 1, maxLength: 20 });
const args = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
const turn = fc.record({
  role: fc.constantFrom("user" as const, "system" as const),
  text,
  images: fc.array(fc.base64String({ minLength: 4, maxLength: 12 }), { maxLength: 2 }),
  thinking: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  reply: fc.option(text, { nil: undefined }),
  calls: fc.uniqueArray(
    fc.record({
      id: fc.stringMatching(/^call_\w{1,10}$/),
      name: fc.stringMatching(/^[a-z_]{1,8}$/),
      input: args,
      output: fc.string({ maxLength: 20 }),
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
      { numRuns: 1000 },
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
