import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import type { ChatRequest } from "ollama";
import { describe, expect, it } from "vitest";
import { ollamaConverter } from "../../converters.js";

const examples = path.resolve(import.meta.dirname, "../../../../../schemas/v1/examples/Transcript/valid");

function doc(messages: Tolerant.Message[]): Transcript {
  return { schema_version: "1.0.0", id: "t", messages, provider_fields: { ollama: { model: "qwen3" } } } as Transcript;
}

function request(messages: unknown[]): ChatRequest {
  return { model: "m", messages } as ChatRequest;
}

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
    // The Anthropic settings are carried: model, max_tokens as num_predict, temperature.
    expect(warnings("request-with-tools.json")).toEqual(["field-dropped /tool_choice"]);
    const carried = ollamaConverter.requestFromCanonical(
      JSON.parse(readFileSync(path.join(examples, "request-with-tools.json"), "utf8")) as Tolerant.Transcript,
    );
    expect(carried.ok && carried.value).toMatchObject({
      model: "claude-sonnet-4-5-20250929",
      options: { num_predict: 1024, temperature: 0.2 },
    });
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
