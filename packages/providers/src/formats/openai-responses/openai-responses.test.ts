import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Part, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import type { Response, ResponseCreateParams, ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { openaiResponsesConverter as format } from "../../converters.js";

const examplesRoot = path.resolve(import.meta.dirname, "../../../../../schemas/v1/examples/Transcript/valid");

function transcript(messages: Transcript["messages"], extra: Partial<Transcript> = {}): Transcript {
  return { schema_version: formatVersion, id: "test", messages, ...extra };
}

const openai = { provider: "openai", api: "responses" };
const anthropicThinking: Part = {
  type: "reasoning",
  text: "Let me think.",
  signature: "sig-abc",
  issuer: { provider: "anthropic", api: "messages" },
};
const ownReasoning: Part = {
  type: "reasoning",
  id: "rs_1",
  summary: ["Thought about it."],
  encrypted_content: "gAAA",
  issuer: openai,
};

function codes(warnings: ReadonlyArray<{ code: string; path: string }>): string[] {
  return warnings.map((warning) => `${warning.code} ${warning.path}`);
}

describe("openaiResponsesConverter", () => {
  it("is typed with the official openai SDK request, response and stream-event types", () => {
    expectTypeOf(format).toEqualTypeOf<ProviderConverter<ResponseCreateParams, Response, ResponseStreamEvent>>();
    expectTypeOf(format.requestFromCanonical).returns.toExtend<
      { ok: true; value: ResponseCreateParams } | { ok: false }
    >();
    expectTypeOf(format.responseFromCanonical).returns.toExtend<{ ok: true; value: Response } | { ok: false }>();
    expectTypeOf(format.streamFromCanonical).returns.toExtend<
      { ok: true; value: ResponseStreamEvent[] } | { ok: false }
    >();
    expectTypeOf(format.checkRequest).parameter(0).toEqualTypeOf<ResponseCreateParams>();
    expect(format.id).toBe("openai-responses");
  });
});

describe("requestToCanonical", () => {
  it("maps instructions, items, tools, tool choice and settings", () => {
    const result = format.requestToCanonical({
      model: "gpt-5",
      instructions: "Be brief.",
      input: [
        { role: "user", content: "Weather in Rome?" },
        {
          type: "reasoning",
          id: "rs_1",
          summary: [{ type: "summary_text", text: "Need the tool." }],
          encrypted_content: "gAAA",
        },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "weather",
          arguments: '{"city":"Rome"}',
          status: "completed",
        },
        { type: "function_call_output", call_id: "call_1", output: "sunny" },
      ],
      tools: [
        { type: "function", name: "weather", parameters: { type: "object" }, strict: true },
        { type: "web_search" },
      ],
      tool_choice: "auto",
      parallel_tool_calls: false,
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.document.messages).toEqual([
      {
        role: "system",
        parts: [{ type: "text", text: "Be brief." }],
        provider_fields: { openai: { instructions: true } },
      },
      { role: "user", parts: [{ type: "text", text: "Weather in Rome?" }] },
      {
        role: "assistant",
        parts: [
          { type: "reasoning", id: "rs_1", summary: ["Need the tool."], encrypted_content: "gAAA", issuer: openai },
          {
            type: "tool_call",
            id: "call_1",
            item_id: "fc_1",
            name: "weather",
            input: { city: "Rome" },
            provider_fields: { openai: { status: "completed" } },
          },
        ],
      },
      { role: "tool", parts: [{ type: "tool_result", call_id: "call_1", status: "ok", output: "sunny" }] },
    ]);
    expect(result.document.tools).toEqual([
      { name: "weather", input_schema: { type: "object" }, strict: true },
      { name: "web_search", native_type: "web_search", provider_fields: { openai: {} } },
    ]);
    expect(result.document.tool_choice).toEqual({ mode: "auto", parallel: false });
    expect(result.document.provider_fields).toEqual({
      openai: { model: "gpt-5", store: false, include: ["reasoning.encrypted_content"] },
    });
  });

  it("keeps arguments that are not canonical JSON, or not JSON at all, as raw_input", () => {
    const result = format.requestToCanonical({
      input: [
        { type: "function_call", call_id: "a", name: "f", arguments: '{ "x": 1 }' },
        { type: "function_call", call_id: "b", name: "f", arguments: '{"x":' },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [first, second] = result.document.messages[0]?.parts ?? [];
    expect(first).toMatchObject({ input: { x: 1 }, raw_input: '{ "x": 1 }' });
    expect(second).toMatchObject({ raw_input: '{"x":', input_error: expect.any(String) });
    expect(second).not.toHaveProperty("input");
  });

  it("refuses what is not a request, naming where", () => {
    expect(format.requestToCanonical([])).toMatchObject({ ok: false, errors: [{ path: "" }] });
    expect(format.requestToCanonical({ input: 3 })).toMatchObject({ ok: false, errors: [{ path: "/input" }] });
    expect(format.requestToCanonical({ input: ["x"] })).toMatchObject({ ok: false, errors: [{ path: "/input/0" }] });
  });
});

describe("requestFromCanonical from any canonical document", () => {
  it("replays OpenAI reasoning before its item and drops or demotes foreign reasoning, per policy", () => {
    const document = transcript([
      { role: "user", parts: [{ type: "text", text: "hi" }] },
      { role: "assistant", parts: [anthropicThinking, ownReasoning, { type: "text", text: "hello" }] },
    ]);
    const dropped = format.requestFromCanonical(document);
    if (!dropped.ok) throw new Error("failed");
    expect(dropped.value.input).toEqual([
      { role: "user", content: "hi" },
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Thought about it." }],
        encrypted_content: "gAAA",
      },
      { role: "assistant", content: "hello" },
    ]);
    expect(codes(dropped.warnings)).toEqual(["reasoning-dropped /messages/1/parts/0"]);
    const asText = format.requestFromCanonical(document, { foreignReasoning: "text" });
    if (!asText.ok) throw new Error("failed");
    expect((asText.value.input as unknown[])[1]).toEqual({ role: "assistant", content: "Let me think." });
    expect(codes(asText.warnings)).toEqual(["reasoning-demoted /messages/1/parts/0"]);
    const kept = format.requestFromCanonical(document, { foreignReasoning: "keep" });
    if (!kept.ok) throw new Error("failed");
    expect(codes(kept.warnings)).toEqual(["reasoning-dropped /messages/1/parts/0"]);
  });

  it("never sends a reasoning item without the item it belongs to", () => {
    const document = transcript([
      {
        role: "assistant",
        parts: [
          { ...ownReasoning, id: "rs_a" },
          { ...ownReasoning, id: "rs_b" },
          { type: "text", text: "answer" },
        ],
      },
      { role: "assistant", parts: [{ ...ownReasoning, id: "rs_last" }] },
      { role: "user", parts: [{ type: "text", text: "next" }] },
    ]);
    const result = format.requestFromCanonical(document);
    if (!result.ok) throw new Error("failed");
    expect((result.value.input as Array<{ id?: string }>).map((item) => item.id)).toEqual([
      "rs_b",
      undefined,
      undefined,
    ]);
    expect(codes(result.warnings)).toEqual([
      "reasoning-dropped /messages/1/parts/0",
      "reasoning-dropped /messages/0/parts/0",
    ]);
    expect(format.checkRequest(result.value)).toEqual([]);
  });

  it("caps call ids at 64 characters, renaming a call and its result together", () => {
    const long = `call_${"x".repeat(80)}`;
    const result = format.requestFromCanonical(
      transcript([
        { role: "assistant", parts: [{ type: "tool_call", id: long, name: "f", input: {} }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: long, status: "ok", output: "done" }] },
      ]),
    );
    if (!result.ok) throw new Error("failed");
    const [call, output] = result.value.input as Array<{ call_id: string }>;
    expect(call?.call_id.length).toBeLessThanOrEqual(64);
    expect(output?.call_id).toBe(call?.call_id);
    expect(codes(result.warnings)).toEqual(["id-remapped /messages/0/parts/0/id"]);
    expect(format.checkRequest(result.value)).toEqual([]);
  });

  it("sends images and files in tool results as an output content list", () => {
    const result = format.requestFromCanonical(
      transcript([
        { role: "assistant", parts: [{ type: "tool_call", id: "call_1", name: "screenshot", input: {} }] },
        {
          role: "user",
          parts: [
            {
              type: "tool_result",
              call_id: "call_1",
              status: "ok",
              content: [
                { type: "text", text: "here" },
                { type: "image", media_type: "image/png", data: "iVBO" },
                { type: "file", file_id: "file-1", filename: "a.pdf" },
              ],
            },
          ],
        },
      ]),
    );
    if (!result.ok) throw new Error("failed");
    expect((result.value.input as unknown[])[1]).toEqual({
      type: "function_call_output",
      call_id: "call_1",
      output: [
        { type: "input_text", text: "here" },
        // The specification requires `detail`: a part without one is sent with the API's default.
        { type: "input_image", image_url: "data:image/png;base64,iVBO", detail: "auto" },
        { type: "input_file", file_id: "file-1", filename: "a.pdf" },
      ],
    });
    expect(result.warnings).toEqual([]);
  });

  it("drops other providers' native parts, server tools and signatures with a warning each", () => {
    const result = format.requestFromCanonical(
      transcript([
        {
          role: "assistant",
          parts: [
            {
              type: "native",
              native_type: "container_upload",
              data: { type: "container_upload" },
              issuer: { provider: "anthropic" },
            },
            {
              type: "tool_call",
              id: "srvtoolu_1",
              name: "web_search",
              input: { query: "x" },
              provider_executed: true,
              native_type: "server_tool_use",
            },
            {
              type: "tool_result",
              call_id: "srvtoolu_1",
              status: "ok",
              output: [],
              provider_executed: true,
              native_type: "web_search_tool_result",
            },
            { type: "tool_call", id: "c1", name: "f", input: {}, signature: "thought", issuer: { provider: "google" } },
          ],
        },
      ]),
    );
    if (!result.ok) throw new Error("failed");
    expect(result.value.input).toEqual([{ type: "function_call", call_id: "c1", name: "f", arguments: "{}" }]);
    expect(codes(result.warnings)).toEqual([
      "part-dropped /messages/0/parts/0",
      "part-dropped /messages/0/parts/1",
      "part-dropped /messages/0/parts/2",
      "field-dropped /messages/0/parts/3/signature",
    ]);
  });

  it("never lets fields another OpenAI converter kept under the same provider key overwrite what it writes", () => {
    const result = format.requestFromCanonical(
      transcript([
        {
          role: "assistant",
          parts: [
            { type: "tool_call", id: "c1", name: "f", input: {}, provider_fields: { openai: { type: "function" } } },
          ],
        },
      ]),
    );
    if (!result.ok) throw new Error("failed");
    expect(result.value.input).toEqual([{ type: "function_call", call_id: "c1", name: "f", arguments: "{}" }]);
  });

  it("reports a tool status Responses cannot carry, and sends JSON outputs as text", () => {
    const result = format.requestFromCanonical(
      transcript([
        { role: "assistant", parts: [{ type: "tool_call", id: "c1", name: "f", input: {} }] },
        {
          role: "tool",
          parts: [{ type: "tool_result", call_id: "c1", status: "denied", output: { reason: "policy" } }],
        },
      ]),
    );
    if (!result.ok) throw new Error("failed");
    expect((result.value.input as unknown[])[1]).toEqual({
      type: "function_call_output",
      call_id: "c1",
      output: '{"reason":"policy"}',
    });
    expect(codes(result.warnings)).toEqual([
      "value-converted /messages/1/parts/0/output",
      "status-mapped /messages/1/parts/0/status",
    ]);
  });

  it("turns a lossy conversion into { ok: false } with strict, one error per warning", () => {
    const document = transcript([{ role: "assistant", parts: [anthropicThinking, { type: "text", text: "hi" }] }]);
    expect(format.requestFromCanonical(document).ok).toBe(true);
    const strict = format.requestFromCanonical(document, { strict: true });
    expect(strict).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/parts/0", message: expect.stringMatching(/^reasoning-dropped: /) }],
    });
    expect(
      format.responseFromCanonical(transcript([{ role: "assistant", parts: [{ type: "text", text: "hi" }] }]), {
        strict: true,
      }).ok,
    ).toBe(false);
    expect(
      format.streamFromCanonical(
        transcript([{ role: "assistant", parts: [anthropicThinking, { type: "text", text: "hi" }] }]),
        { strict: true },
      ).ok,
    ).toBe(false);
  });
});

describe("cross-provider documents (schemas/v1/examples/Transcript/valid)", () => {
  const examples = readdirSync(examplesRoot)
    .filter((name) => name.endsWith(".json"))
    .map(
      (name) => [name, JSON.parse(readFileSync(path.join(examplesRoot, name), "utf8")) as Tolerant.Transcript] as const,
    );

  it("finds the examples", () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
  });

  it.each(examples)(
    "%s: a request the checker accepts, with a warning at every part it could not send",
    (_name, document) => {
      const result = format.requestFromCanonical(document);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(format.checkRequest(result.value)).toEqual([]);
      const sent = JSON.stringify(result.value);
      document.messages.forEach((message, messageIndex) => {
        message.parts.forEach((part, partIndex) => {
          const where = `/messages/${messageIndex}/parts/${partIndex}`;
          const warned = result.warnings.some(
            (warning) => warning.path === where || warning.path.startsWith(`${where}/`),
          );
          const content =
            "text" in part && typeof part.text === "string"
              ? part.text
              : "call_id" in part
                ? part.call_id
                : "id" in part && typeof part.id === "string"
                  ? part.id
                  : undefined;
          const carried = content !== undefined && sent.includes(JSON.stringify(content).slice(1, -1));
          expect(warned || carried, `${where} (${part.type}) is neither sent nor reported`).toBe(true);
        });
      });
      // Strict mode refuses exactly when something was reported.
      expect(format.requestFromCanonical(document, { strict: true }).ok).toBe(result.warnings.length === 0);
    },
  );

  it("names each kind of loss in the five source systems' example documents", () => {
    const warningsOf = (name: string): string[] => {
      const document = examples.find(([file]) => file === name)?.[1];
      if (document === undefined) throw new Error(`no example ${name}`);
      const result = format.requestFromCanonical(document);
      return result.warnings.map((warning) => `${warning.code} ${warning.path}`);
    };
    const warp = warningsOf("warp-export.json");
    expect(warp).toContain("reasoning-dropped /messages/1/parts/0");
    expect(warp).toContain("part-dropped /messages/1/parts/2");
    expect(warp).toContain("part-dropped /messages/5/parts/2");
    expect(warp).toContain("status-mapped /messages/4/parts/0/status");
    expect(warp).toContain("field-dropped /messages/0/parts/1/alt");
    const awf = warningsOf("awf-run.json");
    expect(awf).toContain("reasoning-dropped /messages/2/parts/0");
    expect(awf).toContain("part-dropped /messages/5/parts/0");
    expect(awf).toContain("field-dropped /run");
    expect(warningsOf("oz-snapshot-handoff.json")).toContain("field-dropped /artifacts");
    expect(warningsOf("openaf-portable-conversation.json")).toContain("value-converted /messages/3/parts/0/output");
  });
});

describe("checkRequest", () => {
  const call = { type: "function_call", call_id: "call_1", name: "f", arguments: "{}" };
  const reasoning = { type: "reasoning", id: "rs_1", summary: [] };
  const check = (request: unknown): string[] =>
    format.checkRequest(request as ResponseCreateParams).map((problem) => `${problem.path}: ${problem.message}`);

  it("accepts a well-formed history", () => {
    expect(
      check({
        input: [
          { role: "user", content: "hi" },
          reasoning,
          call,
          { type: "function_call_output", call_id: "call_1", output: "ok" },
        ],
      }),
    ).toEqual([]);
  });

  it("requires each reasoning item to be followed by the output item it belongs to", () => {
    expect(check({ input: [{ role: "user", content: "hi" }, reasoning] })).toEqual([
      "/input/1: reasoning item rs_1 must be followed by the output item it belongs to, but is followed by nothing",
    ]);
    expect(check({ input: [reasoning, { ...reasoning, id: "rs_2" }, call] })).toEqual([
      "/input/0: reasoning item rs_1 must be followed by the output item it belongs to, but is followed by a reasoning item",
    ]);
    expect(check({ input: [reasoning, { role: "user", content: "hi" }] })).toEqual([
      "/input/0: reasoning item rs_1 must be followed by the output item it belongs to, but is followed by a user message",
    ]);
  });

  it("requires every function_call_output to answer an earlier function_call", () => {
    expect(check({ input: [{ type: "function_call_output", call_id: "call_1", output: "ok" }, call] })).toEqual([
      '/input/0/call_id: function_call_output answers call "call_1", but no earlier function_call has that call_id',
    ]);
    // A call stored server-side (previous_response_id) is not in the request.
    expect(
      check({
        previous_response_id: "resp_1",
        input: [{ type: "function_call_output", call_id: "call_1", output: "ok" }],
      }),
    ).toEqual([]);
  });

  it("caps call_id at 64 characters", () => {
    const id = "c".repeat(65);
    expect(
      check({
        input: [
          { ...call, call_id: id },
          { type: "function_call_output", call_id: id, output: "" },
        ],
      }),
    ).toEqual([
      "/input/0/call_id: call_id is 65 characters; the limit is 64",
      "/input/1/call_id: call_id is 65 characters; the limit is 64",
    ]);
  });

  it("requires valid message roles and content", () => {
    expect(check({ input: [{ role: "tool", content: "x" }] })).toEqual([
      '/input/0/role: a message\'s role must be user, assistant, system or developer, not "tool"',
    ]);
    expect(check({ input: [{ role: "user" }] })).toEqual([
      "/input/0/content: a message's content must be a string or a list of content parts",
    ]);
    expect(check({ input: [{ type: "message", role: "user", content: "x" }] })).toEqual([
      "/input/0/content: an input message item of type message takes a content list, not a string",
    ]);
  });
});

describe("a Response's round trip adds nothing", () => {
  it("writes back a Response without status, incomplete_details or a reasoning summary as it was", () => {
    const response = {
      id: "resp_1",
      object: "response",
      model: "gpt-5",
      output: [
        { type: "reasoning", id: "rs_1", encrypted_content: "gAAA" },
        { type: "message", id: "msg_1", role: "assistant", content: [{ type: "output_text", text: "Hi" }] },
      ],
    };
    const imported = format.responseToCanonical(response);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.warnings).toEqual([]);
    const exported = format.responseFromCanonical(imported.document, { strict: true });
    expect(exported).toEqual({ ok: true, value: response, warnings: [] });
  });

  it("still writes what a Response must have for a message read from elsewhere, saying so", () => {
    const exported = format.responseFromCanonical(
      transcript([{ role: "assistant", parts: [{ type: "text", text: "Hi" }] }]),
    );
    if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
    expect(exported.value).toMatchObject({ object: "response", status: "completed" });
    expect(exported.warnings.map((warning) => warning.code)).toEqual([
      "value-assumed",
      "value-assumed",
      "value-assumed",
    ]);
  });
});

describe("responses and streams from any canonical document", () => {
  const document = transcript([
    { role: "user", parts: [{ type: "text", text: "hi" }] },
    {
      role: "assistant",
      model: "gpt-5",
      response_id: "resp_1",
      finish_reason: "length",
      parts: [
        ownReasoning,
        { type: "text", text: "hello" },
        { type: "tool_call", id: "call_1", name: "f", input: { a: 1 } },
      ],
    },
  ]);

  it("writes a Response from the last assistant message, completing what output items must have", () => {
    const result = format.responseFromCanonical(document);
    if (!result.ok) throw new Error("failed");
    expect(result.value).toMatchObject({
      id: "resp_1",
      object: "response",
      model: "gpt-5",
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
    });
    expect(result.value.output.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
    expect(result.value.output[1]).toMatchObject({
      type: "message",
      role: "assistant",
      status: "completed",
      id: expect.stringMatching(/^msg_/),
      content: [{ type: "output_text", text: "hello", annotations: [] }],
    });
    expect(codes(result.warnings)).toEqual([
      "message-dropped /messages/0",
      "value-assumed /messages/1/parts/1",
      "value-assumed /messages/1/parts/2",
    ]);
  });

  it("streams it as a valid event sequence that aggregates back to the same document", () => {
    const result = format.streamFromCanonical(document);
    if (!result.ok) throw new Error("failed");
    const types = result.value.map((event) => event.type);
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.incomplete");
    expect(result.value.map((event) => event.sequence_number)).toEqual(result.value.map((_event, index) => index));
    expect(types).toContain("response.reasoning_summary_text.delta");
    expect(types).toContain("response.output_text.delta");
    expect(types).toContain("response.function_call_arguments.done");
    const back = format.streamToCanonical(result.value);
    if (!back.ok) throw new Error("failed");
    const again = format.streamFromCanonical(back.document, { strict: true });
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(format.streamToCanonical(again.value)).toMatchObject({ ok: true, document: back.document });
    expect(back.document.messages[0]).toMatchObject({
      role: "assistant",
      model: "gpt-5",
      response_id: "resp_1",
      finish_reason: "length",
      native_finish_reason: "max_output_tokens",
    });
  });

  it("assembles items from their deltas when a stream is cut off, saying so", () => {
    const result = format.streamToCanonical([
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] },
      },
      {
        type: "response.content_part.added",
        output_index: 0,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [] },
      },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "Hel" },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "lo" },
      { type: "response.brand_new_event", output_index: 0 },
    ]);
    if (!result.ok) throw new Error("failed");
    expect(result.document.messages[0]?.parts).toMatchObject([{ type: "text", text: "Hello" }]);
    expect(codes(result.warnings)).toEqual(["input-normalized /4", "input-normalized /output/0", "input-normalized "]);
  });
});

describe("item types that name a built-in object property", () => {
  it("are unknown item types, read as native items, never a crash", () => {
    for (const type of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      const result = format.requestToCanonical({ model: "gpt-5", input: [{ type, id: "x_1" }] });
      expect(result.ok, type).toBe(true);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      // An item of an unknown type is kept as a native part of an assistant turn, like any other unknown item; a
      // lookup that answered for `toString` made it a tool result (or crashed on its missing fields).
      expect(
        result.document.messages.map((message) => message.role),
        type,
      ).toEqual(["assistant"]);
      expect(result.document.messages[0]?.parts, type).toEqual([
        expect.objectContaining({ type: "native", native_type: type, data: { type, id: "x_1" } }),
      ]);
      const back = format.requestFromCanonical(result.document);
      expect(back.ok, type).toBe(true);
      if (!back.ok) throw new Error(JSON.stringify(back.errors));
      expect((back.value as { input: unknown[] }).input, type).toEqual([{ type, id: "x_1" }]);
    }
  });
});
