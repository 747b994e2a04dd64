import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { openaiChatConverter } from "../../converters.js";

const examples = path.resolve(import.meta.dirname, "../../../../../schemas/v1/examples/Transcript/valid");

function doc(messages: Tolerant.Message[], extra: Partial<Transcript> = {}): Transcript {
  return {
    schema_version: "1.0.0",
    id: "t",
    messages,
    provider_fields: { openai: { model: "gpt-4o" } },
    ...extra,
  } as Transcript;
}

describe("canonical documents of other sources", () => {
  const files = readdirSync(examples).filter((file) => file.endsWith(".json"));

  it.each(files)("%s converts to a request Chat accepts, with a warning for every loss", (file) => {
    const document = JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
    const result = openaiChatConverter.requestFromCanonical(document);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(openaiChatConverter.checkRequest(result.value)).toEqual([]);
    // Every part Chat has no shape for is named by a warning at (or inside) its path.
    document.messages.forEach((message, messageIndex) => {
      message.parts.forEach((part, partIndex) => {
        if (["text", "image", "tool_call", "tool_result", "refusal"].includes(part.type)) return;
        const at = `/messages/${messageIndex}/parts/${partIndex}`;
        expect(
          result.warnings.some((warning) => warning.path === at || warning.path.startsWith(`${at}/`)),
          `${file} ${at} (${part.type})`,
        ).toBe(true);
      });
    });
    expect(openaiChatConverter.requestFromCanonical(document, { strict: true }).ok).toBe(result.warnings.length === 0);
  });

  it("names the specific losses of the five source systems' example documents", () => {
    const read = (file: string) => JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
    const warnings = (file: string) => {
      const result = openaiChatConverter.requestFromCanonical(read(file));
      return result.warnings.map((warning) => `${warning.code} ${warning.path}`);
    };
    // The Anthropic settings are carried: model, max_tokens as max_completion_tokens, temperature.
    expect(warnings("request-with-tools.json")).toEqual([]);
    expect(openaiChatConverter.requestFromCanonical(read("request-with-tools.json"))).toMatchObject({
      ok: true,
      value: { model: "claude-sonnet-4-5-20250929", max_completion_tokens: 1024, temperature: 0.2 },
    });
    const awf = warnings("awf-run.json");
    expect(awf).toContain("reasoning-dropped /messages/2/parts/0");
    expect(awf).toContain("results-regrouped /messages/3");
    expect(awf).toContain("part-dropped /messages/5/parts/0");
    const warp = warnings("warp-export.json");
    expect(warp).toContain("part-dropped /messages/1/parts/2");
    expect(warp).toContain("value-converted /messages/2/parts/0/output");
    expect(warp).toContain("status-mapped /messages/4/parts/0/status");
    expect(warp).toContain("field-dropped /messages/0/parts/1/alt");
  });
});

describe("requestFromCanonical fallbacks", () => {
  it("reads a reasoning field marker only when it names a reasoning field (an edited document found by the hostile-input property)", () => {
    const withMarker = (field: unknown): Tolerant.Transcript =>
      ({
        schema_version: "1.0.0",
        id: "edited",
        messages: [
          { role: "user", parts: [{ type: "text", text: "hi" }] },
          {
            role: "assistant",
            parts: [
              { type: "reasoning", text: "thinking", provider_fields: { openai: { $shape: { field } } } },
              { type: "text", text: "hello" },
            ],
          },
        ],
      }) as unknown as Tolerant.Transcript;
    const kept = openaiChatConverter.requestFromCanonical(withMarker("reasoning_content"));
    expect(kept.ok && kept.value.messages[1]).toMatchObject({ reasoning_content: "thinking" });
    for (const field of [[{ toString: null }], "__proto__", "content", 7]) {
      const result = openaiChatConverter.requestFromCanonical(withMarker(field));
      expect(result.ok).toBe(true);
      expect(result.ok && JSON.stringify(result.value.messages[1])).not.toContain("thinking");
    }
  });

  const assistantCall = (id: string): Tolerant.Message => ({
    role: "assistant",
    parts: [{ type: "tool_call", id, name: "look", input: {} }],
  });

  it("splits grouped results, moves images of a result to a user message after the tool messages", () => {
    const result = openaiChatConverter.requestFromCanonical(
      doc([
        {
          role: "assistant",
          parts: [
            { type: "tool_call", id: "a", name: "look", input: {} },
            { type: "tool_call", id: "b", name: "look", input: {} },
          ],
        },
        {
          role: "user",
          parts: [
            {
              type: "tool_result",
              call_id: "a",
              status: "ok",
              content: [
                { type: "text", text: "see" },
                { type: "image", media_type: "image/png", data: "AAAA" },
              ],
            },
            { type: "tool_result", call_id: "b", status: "error", output: { code: 1 } },
            { type: "text", text: "go on" },
          ],
        },
      ]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.messages).toEqual([
      {
        role: "assistant",
        tool_calls: [
          { id: "a", type: "function", function: { name: "look", arguments: "{}" } },
          { id: "b", type: "function", function: { name: "look", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "a", content: [{ type: "text", text: "see" }] },
      { role: "tool", tool_call_id: "b", content: '{"code":1}' },
      {
        role: "user",
        content: [
          { type: "text", text: "Content of tool result a:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        ],
      },
      { role: "user", content: "go on" },
    ]);
    expect(result.warnings.map((warning) => warning.code).sort()).toEqual([
      "media-fallback",
      "results-regrouped",
      "status-mapped",
      "value-converted",
    ]);
    expect(openaiChatConverter.checkRequest(result.value)).toEqual([]);
  });

  it("applies the foreign-reasoning policy and never sends opaque data", () => {
    const messages: Tolerant.Message[] = [
      { role: "user", parts: [{ type: "text", text: "q" }] },
      {
        role: "assistant",
        parts: [
          { type: "reasoning", text: "think", signature: "sig", issuer: { provider: "anthropic" } },
          { type: "text", text: "a" },
        ],
      },
    ];
    const drop = openaiChatConverter.requestFromCanonical(doc(messages));
    expect(drop.ok && drop.value.messages[1]).toEqual({ role: "assistant", content: "a" });
    expect(drop.warnings.map((warning) => warning.code)).toEqual(["reasoning-dropped"]);
    const text = openaiChatConverter.requestFromCanonical(doc(messages), { foreignReasoning: "text" });
    expect(text.ok && text.value.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "think" },
        { type: "text", text: "a" },
      ],
    });
    expect(text.warnings.map((warning) => warning.code)).toEqual(["reasoning-demoted"]);
    const keep = openaiChatConverter.requestFromCanonical(doc(messages), { foreignReasoning: "keep" });
    expect(keep.ok && keep.value.messages[1]).toEqual({ role: "assistant", reasoning: "think", content: "a" });
    expect(JSON.stringify(keep)).not.toContain("sig");
  });

  it("remaps ids Chat rejects, together with their results, answers a call without a result, and drops a result without a call", () => {
    const long = "toolu_".padEnd(80, "x");
    const result = openaiChatConverter.requestFromCanonical(
      doc([
        assistantCall(long),
        { role: "tool", parts: [{ type: "tool_result", call_id: long, status: "ok", output: "1" }] },
        assistantCall("lonely"),
        { role: "user", parts: [{ type: "text", text: "next" }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "nobody", status: "ok", output: "x" }] },
      ]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [assistant, tool] = result.value.messages as Array<{
      tool_calls?: Array<{ id: string }>;
      tool_call_id?: string;
    }>;
    expect(assistant?.tool_calls?.[0]?.id).toMatch(/^call_\w{24}$/);
    expect(tool?.tool_call_id).toBe(assistant?.tool_calls?.[0]?.id);
    expect(result.warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
      "id-remapped /messages/0/parts/0/id",
      "id-remapped /messages/1/parts/0/call_id",
      "value-assumed /messages/2/parts/0",
      "tool-result-unmatched /messages/4/parts/0",
    ]);
    // The lonely call keeps its place and is answered by a stated result, so no message loses its call.
    expect(result.value.messages.slice(2, 4)).toEqual([
      {
        role: "assistant",
        tool_calls: [{ id: "lonely", type: "function", function: { name: "look", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "lonely", content: "No result was recorded for this call." },
    ]);
    expect(openaiChatConverter.checkRequest(result.value)).toEqual([]);
  });

  it("gives an id reused in a later turn (a Gemini history) a fresh deterministic id, with its result", () => {
    const result = (callId: string, output: string): Tolerant.Message => ({
      role: "tool",
      parts: [{ type: "tool_result", call_id: callId, status: "ok", output }],
    });
    const reused = doc([
      { role: "user", parts: [{ type: "text", text: "twice" }] },
      assistantCall("0usajhl5"),
      result("0usajhl5", "first"),
      assistantCall("0usajhl5"),
      result("0usajhl5", "second"),
    ]);
    const converted = openaiChatConverter.requestFromCanonical(reused);
    if (!converted.ok) throw new Error(JSON.stringify(converted.errors));
    const messages = converted.value.messages as Array<{
      role: string;
      tool_calls?: Array<{ id: string }>;
      tool_call_id?: string;
      content?: unknown;
    }>;
    const fresh = messages[3]?.tool_calls?.[0]?.id;
    expect(fresh).toMatch(/^call_\w{24}$/);
    expect(
      messages.map((message) => [message.role, message.tool_calls?.[0]?.id ?? message.tool_call_id ?? message.content]),
    ).toEqual([
      ["user", "twice"],
      ["assistant", "0usajhl5"],
      ["tool", "0usajhl5"],
      ["assistant", fresh],
      ["tool", fresh],
    ]);
    expect(messages[4]?.content).toBe("second");
    expect(openaiChatConverter.checkRequest(converted.value)).toEqual([]);
    expect(converted.warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
      "id-remapped /messages/3/parts/0/id",
      "id-remapped /messages/4/parts/0/call_id",
    ]);
    for (const warning of converted.warnings) expect(warning.message).toContain(fresh);
    // The same document always gets the same ids; strict mode refuses the renaming.
    expect(openaiChatConverter.requestFromCanonical(reused)).toEqual(converted);
    expect(openaiChatConverter.requestFromCanonical(reused, { strict: true }).ok).toBe(false);

    // One id twice in one turn: each call gets its own id, and the results take them in call order.
    const twice: Tolerant.Message = {
      role: "assistant",
      parts: [
        { type: "tool_call", id: "a", name: "look", input: {} },
        { type: "tool_call", id: "a", name: "look", input: { page: 2 } },
      ],
    };
    const sameTurn = openaiChatConverter.requestFromCanonical(
      doc([{ role: "user", parts: [{ type: "text", text: "q" }] }, twice, result("a", "1"), result("a", "2")]),
    );
    if (!sameTurn.ok) throw new Error(JSON.stringify(sameTurn.errors));
    const [, assistant, first, second] = sameTurn.value.messages as Array<{
      tool_calls?: Array<{ id: string }>;
      tool_call_id?: string;
      content?: unknown;
    }>;
    expect(assistant?.tool_calls?.map((call) => call.id)).toEqual([
      "a",
      expect.stringMatching(/^call_\w{24}$/) as unknown,
    ]);
    expect([first?.tool_call_id, first?.content, second?.tool_call_id, second?.content]).toEqual([
      "a",
      "1",
      assistant?.tool_calls?.[1]?.id,
      "2",
    ]);
    expect(openaiChatConverter.checkRequest(sameTurn.value)).toEqual([]);
  });

  it("strict mode turns every loss into an error", () => {
    const lossy = doc([
      {
        role: "assistant",
        parts: [
          { type: "text", text: "a" },
          { type: "command", command: "ls" },
        ],
      },
    ]);
    expect(openaiChatConverter.requestFromCanonical(lossy).ok).toBe(true);
    const strict = openaiChatConverter.requestFromCanonical(lossy, { strict: true });
    expect(strict).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/parts/1", message: expect.stringMatching(/^part-dropped: /) as unknown }],
    });
    const response = openaiChatConverter.responseFromCanonical(lossy, { strict: true });
    expect(response.ok).toBe(false);
    const clean = doc([{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
    expect(openaiChatConverter.requestFromCanonical(clean, { strict: true })).toEqual({
      ok: true,
      value: { messages: [{ role: "user", content: "hi" }], model: "gpt-4o" },
      warnings: [],
    });
  });
});

describe("responses and streams", () => {
  it("refuses a response with several choices", () => {
    const choice = {
      index: 0,
      finish_reason: "stop",
      logprobs: null,
      message: { role: "assistant", content: "a", refusal: null },
    };
    const result = openaiChatConverter.responseToCanonical({
      id: "x",
      object: "chat.completion",
      created: 1,
      model: "m",
      choices: [choice, { ...choice, index: 1 }],
    });
    expect(result).toMatchObject({ ok: false, errors: [{ path: "/choices" }] });
  });

  it("keeps unparseable arguments as raw_input and writes them back", () => {
    const completion = {
      id: "x",
      object: "chat.completion",
      created: 1,
      model: "m",
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          logprobs: null,
          message: {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: '{"a": ' } }],
          },
        },
      ],
    };
    const imported = openaiChatConverter.responseToCanonical(completion);
    expect(imported.ok && imported.document.messages[0]?.parts[0]).toMatchObject({
      type: "tool_call",
      raw_input: '{"a": ',
      input_error: expect.any(String) as unknown,
    });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(openaiChatConverter.responseFromCanonical(imported.document)).toEqual({
      ok: true,
      value: completion,
      warnings: [],
    });
  });

  it("folds streamed tool-call arguments, refusal and reasoning deltas", () => {
    const head = { id: "s", object: "chat.completion.chunk", created: 5, model: "m" };
    const chunks = [
      {
        ...head,
        choices: [{ index: 0, delta: { role: "assistant", content: null, reasoning: "th" }, finish_reason: null }],
      },
      { ...head, choices: [{ index: 0, delta: { reasoning: "ink", refusal: "no" }, finish_reason: null }] },
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index: 0, id: "c1", type: "function", function: { name: "f", arguments: '{"a"' } }],
            },
            finish_reason: null,
          },
        ],
      },
      {
        ...head,
        choices: [
          { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ":1}" } }] }, finish_reason: null },
        ],
      },
      { ...head, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
    ];
    const result = openaiChatConverter.streamToCanonical(chunks);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document.messages[0]?.parts).toEqual([
      { type: "reasoning", text: "think", provider_fields: { openai: { $shape: { field: "reasoning" } } } },
      { type: "refusal", text: "no" },
      { type: "tool_call", id: "c1", name: "f", input: { a: 1 } },
    ]);
    const back = openaiChatConverter.streamFromCanonical(result.document);
    expect(back.ok && openaiChatConverter.streamToCanonical(back.value)).toEqual(result);
  });
});
