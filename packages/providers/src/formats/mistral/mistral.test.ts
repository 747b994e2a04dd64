import type { Tolerant, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mistralConverter } from "../../converters.js";

function doc(messages: Tolerant.Message[], extra: Partial<Transcript> = {}): Tolerant.Transcript {
  return {
    schema_version: "1.0.0",
    id: "t",
    messages,
    provider_fields: { mistral: { model: "mistral-small-latest" } },
    ...extra,
  } as Tolerant.Transcript;
}

const user = (text: string): Tolerant.Message => ({ role: "user", parts: [{ type: "text", text }] });
const codes = (warnings: ReadonlyArray<{ code: string; path: string }>): string[] =>
  warnings.map((warning) => `${warning.code} ${warning.path}`);

describe("tool-call ids", () => {
  it("renames an OpenAI id to nine letters and digits, on the call and its result alike, deterministically", () => {
    const openaiId = "call_Qm3r8Xk2PzL1aB4cD5eF6gH7";
    const document = doc([
      user("weather?"),
      { role: "assistant", parts: [{ type: "tool_call", id: openaiId, name: "weather", input: { city: "Rome" } }] },
      { role: "tool", parts: [{ type: "tool_result", call_id: openaiId, status: "ok", output: "sunny" }] },
    ]);
    const result = mistralConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [, assistant, tool] = result.value.messages as Array<{
      tool_calls?: Array<{ id: string }>;
      tool_call_id?: string;
    }>;
    const id = assistant?.tool_calls?.[0]?.id;
    expect(id).toMatch(/^[a-z0-9]{9}$/i);
    expect(tool?.tool_call_id).toBe(id);
    expect(codes(result.warnings)).toEqual([
      "id-remapped /messages/1/parts/0/id",
      "id-remapped /messages/2/parts/0/call_id",
    ]);
    for (const warning of result.warnings) expect(warning.message).toContain(id);
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
    expect(mistralConverter.requestFromCanonical(document)).toEqual(result);
    expect(mistralConverter.requestFromCanonical(document, { strict: true }).ok).toBe(false);
  });

  it("gives an id a later turn reuses (a Gemini history) a fresh id, with its result", () => {
    const turn = (output: string): Tolerant.Message[] => [
      { role: "assistant", parts: [{ type: "tool_call", id: "abcdefghi", name: "look", input: {} }] },
      { role: "tool", parts: [{ type: "tool_result", call_id: "abcdefghi", status: "ok", output }] },
    ];
    const result = mistralConverter.requestFromCanonical(doc([user("twice"), ...turn("first"), ...turn("second")]));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const ids = (result.value.messages as Array<{ tool_calls?: Array<{ id: string }>; tool_call_id?: string }>).map(
      (message) => message.tool_calls?.[0]?.id ?? message.tool_call_id,
    );
    expect(ids[1]).toBe("abcdefghi");
    expect(ids[2]).toBe("abcdefghi");
    expect(ids[3]).toMatch(/^[a-z0-9]{9}$/i);
    expect(ids[3]).not.toBe("abcdefghi");
    expect(ids[4]).toBe(ids[3]);
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
  });
});

describe("reasoning", () => {
  const foreign: Tolerant.Message = {
    role: "assistant",
    parts: [
      { type: "reasoning", text: "think", signature: "sig", issuer: { provider: "anthropic" } },
      { type: "text", text: "a" },
    ],
  };
  const history = (assistant: Tolerant.Message) => doc([user("q"), assistant, user("more")]);

  it("applies the foreign-reasoning policy and never sends another issuer's opaque data", () => {
    const drop = mistralConverter.requestFromCanonical(history(foreign));
    expect(drop.ok && drop.value.messages[1]).toEqual({ role: "assistant", content: "a" });
    expect(codes(drop.warnings)).toEqual(["reasoning-dropped /messages/1/parts/0"]);
    const text = mistralConverter.requestFromCanonical(history(foreign), { foreignReasoning: "text" });
    expect(text.ok && text.value.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "think" },
        { type: "text", text: "a" },
      ],
    });
    expect(codes(text.warnings)).toEqual(["reasoning-demoted /messages/1/parts/0"]);
    const keep = mistralConverter.requestFromCanonical(history(foreign), { foreignReasoning: "keep" });
    expect(keep.ok && keep.value.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: [{ type: "text", text: "think" }] },
        { type: "text", text: "a" },
      ],
    });
    expect(codes(keep.warnings)).toEqual(["reasoning-demoted /messages/1/parts/0"]);
    expect(JSON.stringify([drop, text, keep].map((result) => result.ok && result.value))).not.toContain("sig");
  });

  it("treats plain reasoning text of another provider (no issuer) as foreign too: Mistral rejects reasoning input it did not issue", () => {
    const plain: Tolerant.Message = {
      role: "assistant",
      parts: [
        { type: "reasoning", text: "hmm" },
        { type: "text", text: "a" },
      ],
    };
    expect(codes(mistralConverter.requestFromCanonical(history(plain)).warnings)).toEqual([
      "reasoning-dropped /messages/1/parts/0",
    ]);
  });

  it("replays Mistral's own thinking whole: several text chunks, a reference, a signature", () => {
    const native = {
      model: "magistral-medium-latest",
      messages: [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: [
            {
              type: "thinking",
              thinking: [
                { type: "text", text: "one " },
                { type: "reference", reference_ids: [1] },
                { type: "text", text: "two" },
              ],
              signature: "s1g",
              closed: true,
            },
            { type: "text", text: "a" },
          ],
        },
        { role: "user", content: "more" },
      ],
    };
    const imported = mistralConverter.requestToCanonical(native);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.document.messages[1]?.parts[0]).toMatchObject({
      type: "reasoning",
      text: "one two",
      signature: "s1g",
      issuer: { provider: "mistral" },
    });
    expect(mistralConverter.requestFromCanonical(imported.document, { strict: true })).toEqual({
      ok: true,
      value: native,
      warnings: [],
    });
  });
});

describe("requestFromCanonical fallbacks", () => {
  it("sends media of a tool result in a user message after an OK assistant message, as Mistral's role order needs", () => {
    const result = mistralConverter.requestFromCanonical(
      doc([
        user("show me"),
        { role: "assistant", parts: [{ type: "tool_call", id: "abcdefghi", name: "get_image", input: {} }] },
        {
          role: "tool",
          parts: [
            {
              type: "tool_result",
              call_id: "abcdefghi",
              status: "ok",
              content: [
                { type: "text", text: "here" },
                { type: "image", media_type: "image/png", data: "AAAA" },
              ],
            },
          ],
        },
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.messages).toEqual([
      { role: "user", content: "show me" },
      {
        role: "assistant",
        tool_calls: [{ id: "abcdefghi", type: "function", function: { name: "get_image", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "abcdefghi", content: [{ type: "text", text: "here" }] },
      { role: "assistant", content: "OK" },
      {
        role: "user",
        content: [
          { type: "text", text: "Content of tool result abcdefghi:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        ],
      },
    ]);
    expect(codes(result.warnings)).toEqual([
      "media-fallback /messages/2/parts/0/content/1",
      "value-assumed /messages/2",
    ]);
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
  });

  it("keeps Mistral's role order: system after a reply as user, a final assistant message as a prefix", () => {
    const result = mistralConverter.requestFromCanonical(
      doc([
        { role: "developer", parts: [{ type: "text", text: "rules" }] },
        user("q"),
        { role: "assistant", parts: [{ type: "text", text: "a" }] },
        { role: "system", parts: [{ type: "text", text: "now be terse" }] },
        { role: "assistant", parts: [{ type: "text", text: "Sure" }] },
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.messages).toEqual([
      { role: "system", content: "rules" },
      { role: "user", content: "q" },
      { role: "assistant", content: "a" },
      { role: "user", content: "now be terse" },
      { role: "assistant", content: "Sure", prefix: true },
    ]);
    expect(codes(result.warnings)).toEqual([
      "role-mapped /messages/0/role",
      "role-mapped /messages/3",
      "value-assumed /messages/4",
    ]);
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
  });

  it("puts a placeholder user message before a history that is only the assistant's reply (a response), with a warning", () => {
    const result = mistralConverter.requestFromCanonical(
      doc([{ role: "assistant", parts: [{ type: "text", text: "a" }] }]),
    );
    expect(result.ok && result.value.messages).toEqual([
      { role: "user", content: "Continue." },
      { role: "assistant", content: "a", prefix: true },
    ]);
    expect(result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      // The final assistant message continues as a prefix, and the placeholder opens the conversation.
      ["value-assumed", "/messages/0"],
      ["value-assumed", "/messages/0"],
    ]);
    expect(result.warnings.map((warning) => warning.message).join("\n")).toMatch(
      /prefix true[\s\S]*placeholder user message/,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
    expect(
      mistralConverter.requestFromCanonical(doc([{ role: "assistant", parts: [{ type: "text", text: "a" }] }]), {
        strict: true,
      }).ok,
    ).toBe(false);
  });

  it("answers a call that has no result with a stated tool message, with a warning, so the conversation stays sendable", () => {
    const result = mistralConverter.requestFromCanonical(
      doc([
        user("add"),
        { role: "assistant", parts: [{ type: "tool_call", id: "abcdefgh1", name: "add", input: { a: 1 } }] },
        user("and?"),
      ]),
    );
    expect(result.ok && result.value.messages).toEqual([
      { role: "user", content: "add" },
      {
        role: "assistant",
        tool_calls: [{ id: "abcdefgh1", type: "function", function: { name: "add", arguments: '{"a":1}' } }],
      },
      { role: "tool", tool_call_id: "abcdefgh1", name: "add", content: "No result was recorded for this call." },
      { role: "assistant", content: "OK" },
      { role: "user", content: "and?" },
    ]);
    expect(
      result.warnings.filter((warning) => warning.code === "value-assumed").map((warning) => warning.path),
    ).toEqual(["/messages/1/parts/0", "/messages/2"]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(mistralConverter.checkRequest(result.value)).toEqual([]);
  });

  it("refuses a history with nothing Mistral can send", () => {
    const result = mistralConverter.requestFromCanonical(
      doc([{ role: "assistant", parts: [{ type: "command", command: "ls" }] }]),
    );
    expect(result).toMatchObject({ ok: false, errors: [{ path: "/messages" }] });
  });

  it("maps tool choices, keeping Mistral's any", () => {
    const tools = [{ type: "function", function: { name: "f", parameters: { type: "object" } } }];
    for (const choice of ["auto", "none", "any", "required", { type: "function", function: { name: "f" } }]) {
      const native = {
        model: "m",
        messages: [{ role: "user", content: "x" }],
        tools,
        tool_choice: choice,
        parallel_tool_calls: false,
      };
      const imported = mistralConverter.requestToCanonical(native);
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
      expect(imported.document.tool_choice?.parallel).toBe(false);
      expect(mistralConverter.requestFromCanonical(imported.document, { strict: true })).toEqual({
        ok: true,
        value: native,
        warnings: [],
      });
    }
  });

  it("strict mode turns every loss into an error", () => {
    const lossy = doc([
      user("a"),
      {
        role: "user",
        parts: [
          { type: "command", command: "ls" },
          { type: "text", text: "b" },
        ],
      },
    ]);
    expect(mistralConverter.requestFromCanonical(lossy).ok).toBe(true);
    expect(mistralConverter.requestFromCanonical(lossy, { strict: true })).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/1/parts/0", message: expect.stringMatching(/^part-dropped: /) as unknown }],
    });
  });
});

describe("responses and streams", () => {
  const completion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    id: "r1",
    object: "chat.completion",
    created: 1,
    model: "mistral-small-latest",
    usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    choices: [{ index: 0, finish_reason: "stop", message }],
    ...extra,
  });

  it("refuses error bodies with their message, several choices, and anything not a completion, never throwing", () => {
    expect(
      mistralConverter.responseToCanonical({
        object: "error",
        message: "Unexpected role 'user' after role 'tool'",
        type: "invalid_request_message_order",
        param: null,
        code: "3230",
      }),
    ).toMatchObject({
      ok: false,
      errors: [{ path: "", message: "an error body, not a completion: Unexpected role 'user' after role 'tool'" }],
    });
    expect(mistralConverter.responseToCanonical({ detail: [{ msg: "Field required" }] })).toMatchObject({
      ok: false,
      errors: [{ path: "/detail" }],
    });
    const two = completion({ role: "assistant", content: "a" });
    expect(
      mistralConverter.responseToCanonical({ ...two, choices: [...two.choices, { ...two.choices[0], index: 1 }] }),
    ).toMatchObject({ ok: false, errors: [{ path: "/choices" }] });
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const answers = [
          mistralConverter.requestToCanonical(value),
          mistralConverter.responseToCanonical(value),
          mistralConverter.streamToCanonical([value]),
        ];
        // An answer, never an exception: a document, or a refusal that says why.
        for (const answer of answers) expect(answer.ok || answer.errors.length > 0).toBe(true);
      }),
    );
  });

  it("maps finish reasons with the native one kept, and object arguments back as objects", () => {
    const native = completion(
      {
        role: "assistant",
        content: "",
        tool_calls: [{ id: "abcdefghi", function: { name: "f", arguments: { a: 1 } }, index: 0 }],
      },
      { choices: [{ index: 0, finish_reason: "model_length", message: { role: "assistant", content: "x" } }] },
    );
    const imported = mistralConverter.responseToCanonical(native);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.document.messages[0]).toMatchObject({
      finish_reason: "length",
      native_finish_reason: "model_length",
      usage: { input_tokens: 3, output_tokens: 2, raw: { provider: "mistral" } },
    });
    expect(mistralConverter.responseFromCanonical(imported.document, { strict: true })).toEqual({
      ok: true,
      value: native,
      warnings: [],
    });
    const withCall = completion({
      role: "assistant",
      content: "",
      tool_calls: [{ id: "abcdefghi", function: { name: "f", arguments: { a: 1 } }, index: 0 }],
    });
    const call = mistralConverter.responseToCanonical(withCall);
    if (!call.ok) throw new Error(JSON.stringify(call.errors));
    expect(call.document.messages[0]?.parts[1]).toMatchObject({ type: "tool_call", id: "abcdefghi", input: { a: 1 } });
    expect(mistralConverter.responseFromCanonical(call.document, { strict: true })).toEqual({
      ok: true,
      value: withCall,
      warnings: [],
    });
  });

  it("reads a finish reason named like a property of every object as other", () => {
    const native = completion({ role: "assistant", content: "x" });
    native.choices = [{ ...native.choices[0], finish_reason: "constructor" } as (typeof native.choices)[0]];
    const imported = mistralConverter.responseToCanonical(native);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.document.messages[0]).toMatchObject({
      finish_reason: "other",
      native_finish_reason: "constructor",
    });
    expect(mistralConverter.responseFromCanonical(imported.document)).toMatchObject({ ok: true, value: native });
  });

  it("folds tool-call deltas by index and thinking chunk by chunk", () => {
    const head = { id: "s", object: "chat.completion.chunk", created: 5, model: "magistral-small-latest" };
    const chunks = [
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: { role: "assistant", content: [{ type: "thinking", thinking: [{ type: "text", text: "th" }] }] },
            finish_reason: null,
          },
        ],
      },
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: { content: [{ type: "thinking", thinking: [{ type: "text", text: "ink" }] }] },
            finish_reason: null,
          },
        ],
      },
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: {
              content: "ok",
              tool_calls: [{ index: 0, id: "abcdefghi", type: "function", function: { name: "f", arguments: '{"a"' } }],
            },
            finish_reason: null,
          },
        ],
      },
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, function: { name: "", arguments: ":1}" } }] },
            finish_reason: "tool_calls",
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    ];
    const result = mistralConverter.streamToCanonical(chunks);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(validateTranscript(result.document).ok).toBe(true);
    expect(result.document.messages[0]?.parts).toEqual([
      { type: "reasoning", text: "think", issuer: { provider: "mistral" } },
      { type: "text", text: "ok" },
      { type: "tool_call", id: "abcdefghi", name: "f", input: { a: 1 }, provider_fields: { mistral: { index: 0 } } },
    ]);
    const back = mistralConverter.streamFromCanonical(result.document);
    expect(back.ok && mistralConverter.streamToCanonical(back.value)).toEqual(result);
  });

  it("keeps the null finish reason of a stream cut short, so stream → document → stream → document is the identity", () => {
    const chunks = [
      {
        id: "s",
        object: "chat.completion.chunk",
        created: 5,
        model: "mistral-small-latest",
        choices: [{ index: 0, delta: { role: "assistant", content: "par" }, finish_reason: null }],
      },
    ];
    const result = mistralConverter.streamToCanonical(chunks);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.document.messages[0]?.finish_reason).toBeUndefined();
    const back = mistralConverter.streamFromCanonical(result.document);
    expect(back.ok && back.value.at(-1)?.choices[0]?.finish_reason).toBeNull();
    expect(back.ok && mistralConverter.streamToCanonical(back.value)).toEqual(result);
    const response = mistralConverter.responseFromCanonical(result.document);
    expect(response.ok && response.value.choices[0]?.finish_reason).toBeNull();
  });
});

describe("native fields that are not what the API takes", () => {
  it("a message's native tool_calls holding a non-object are written, not a crash, and the check names them", () => {
    const document = {
      schema_version: "1.0.0",
      id: "native-calls",
      messages: [
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        {
          role: "assistant",
          parts: [{ type: "text", text: "hello" }],
          provider_fields: { mistral: { tool_calls: [null] } },
        },
        { role: "user", parts: [{ type: "text", text: "again" }] },
      ],
    } as unknown as Tolerant.Transcript;
    const written = mistralConverter.requestFromCanonical(document);
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(mistralConverter.checkRequest(written.value)).toEqual(
      expect.arrayContaining([{ path: "/messages/1/tool_calls/0", message: "must be an object" }]),
    );
  });
});
