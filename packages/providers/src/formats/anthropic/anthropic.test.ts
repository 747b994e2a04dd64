import type { Tolerant } from "@agent-transcript/core";
import type { Message, MessageCreateParams, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { anthropicConverter } from "../../converters.js";

describe("anthropicConverter", () => {
  it("is typed with the official SDK's request, response and stream event types", () => {
    expectTypeOf(anthropicConverter).toEqualTypeOf<
      ProviderConverter<MessageCreateParams, Message, RawMessageStreamEvent>
    >();
    expectTypeOf(anthropicConverter.requestFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<MessageCreateParams>
    >();
    expectTypeOf(anthropicConverter.responseFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<Message>>();
    expectTypeOf(anthropicConverter.streamFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<RawMessageStreamEvent[]>
    >();
    expectTypeOf(anthropicConverter.checkRequest).parameter(0).toEqualTypeOf<MessageCreateParams>();
    expect(anthropicConverter.id).toBe("anthropic");
  });

  it("turns a lossy conversion into an error in strict mode, and keeps a lossless one", () => {
    const lossy: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "lossy",
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "hi" },
            { type: "audio", media_type: "audio/wav", data: "UklGRg==" },
          ],
        },
      ],
      provider_fields: { anthropic: { model: "claude-sonnet-4-5", max_tokens: 10 } },
    };
    const lenient = anthropicConverter.requestFromCanonical(lossy);
    expect(lenient).toMatchObject({ ok: true, warnings: [{ code: "part-dropped", path: "/messages/0/parts/1" }] });
    const strict = anthropicConverter.requestFromCanonical(lossy, { strict: true });
    expect(strict).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/parts/1", message: expect.stringContaining("part-dropped") }],
    });
    const lossless = {
      ...lossy,
      messages: [{ role: "user" as const, parts: [{ type: "text" as const, text: "hi" }] }],
    };
    expect(anthropicConverter.requestFromCanonical(lossless, { strict: true })).toMatchObject({
      ok: true,
      value: { messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] },
    });
  });

  it("reads an error body as a message with an error, and refuses to write it back as a Message", () => {
    const body = {
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
      request_id: "req_011CSHoEeqs5C35K2UUqR7Fy",
    };
    const read = anthropicConverter.responseToCanonical(body);
    expect(read).toMatchObject({
      ok: true,
      document: {
        messages: [
          {
            role: "assistant",
            parts: [],
            error: "overloaded_error: Overloaded",
            finish_reason: "error",
            provider_fields: { anthropic: body },
          },
        ],
      },
    });
    if (!read.ok) return;
    expect(anthropicConverter.responseFromCanonical(read.document)).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/error", message: expect.stringContaining("overloaded_error") }],
    });
  });

  it("reads a stream error event as the error of the message it interrupted", () => {
    const chunks = [
      {
        type: "message_start",
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 5, output_tokens: 1 },
        },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } },
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    ];
    const read = anthropicConverter.streamToCanonical(chunks);
    expect(read).toMatchObject({
      ok: true,
      document: {
        messages: [
          { parts: [{ type: "text", text: "Hel" }], error: "overloaded_error: Overloaded", finish_reason: "error" },
        ],
      },
    });
  });

  it("reads a stop reason it does not know as finish reason other, whatever its name", () => {
    for (const stopReason of ["compaction", "constructor", "toString"]) {
      const read = anthropicConverter.responseToCanonical({
        type: "message",
        role: "assistant",
        id: "msg_1",
        model: "claude-sonnet-4-5",
        content: [],
        stop_reason: stopReason,
        usage: { input_tokens: 1, output_tokens: 1 },
      });
      expect(read).toMatchObject({
        ok: true,
        document: { messages: [{ finish_reason: "other", native_finish_reason: stopReason }] },
      });
    }
  });

  it("rejects what is not an Anthropic payload with errors, never a throw", () => {
    expect(anthropicConverter.requestToCanonical(42)).toMatchObject({ ok: false, errors: [{ path: "" }] });
    expect(anthropicConverter.requestToCanonical({ model: "x" })).toMatchObject({
      ok: false,
      errors: [{ path: "/messages" }],
    });
    expect(anthropicConverter.responseToCanonical({ type: "message", role: "user", content: [] })).toMatchObject({
      ok: false,
      errors: [{ path: "/role" }],
    });
    expect(anthropicConverter.streamToCanonical(["data: nope"])).toMatchObject({ ok: false, errors: [{ path: "/0" }] });
  });

  it("writes a response and a stream from another provider's assistant message", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "openai",
      messages: [
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        {
          role: "assistant",
          parts: [
            { type: "text", text: "Hello" },
            { type: "tool_call", id: "call_1", name: "f", input: { a: 1 } },
          ],
          model: "gpt-5",
          response_id: "chatcmpl-1",
          finish_reason: "tool_calls",
          native_finish_reason: "tool_calls",
          usage: {
            input_tokens: 10,
            output_tokens: 5,
            cache_read_tokens: 4,
            raw: { provider: "openai-chat", usage: {} },
          },
        },
      ],
    };
    const response = anthropicConverter.responseFromCanonical(document);
    expect(response).toMatchObject({
      ok: true,
      value: {
        id: "chatcmpl-1",
        type: "message",
        role: "assistant",
        model: "gpt-5",
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 6, output_tokens: 5, cache_read_input_tokens: 4 },
        content: [
          { type: "text", text: "Hello" },
          { type: "tool_use", id: "call_1", name: "f", input: { a: 1 } },
        ],
      },
      warnings: [{ code: "message-dropped", path: "/messages/0" }],
    });
    const stream = anthropicConverter.streamFromCanonical(document);
    if (!stream.ok) throw new Error(JSON.stringify(stream.errors));
    const back = anthropicConverter.streamToCanonical(stream.value);
    const single = anthropicConverter.responseToCanonical(response.ok ? response.value : {});
    if (!back.ok || !single.ok) throw new Error("did not read back");
    // The stream and the unstreamed response read back as the same document.
    expect(back.document).toStrictEqual(single.document);
  });
});

describe("round trips add and merge nothing", () => {
  it("keeps consecutive messages of one role apart, pairing the results of both calls with their turn", () => {
    const request = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [
        { role: "user", content: "Weather in Rome and Paris?" },
        { role: "user", content: "In Celsius." },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Rome" } }] },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_2", name: "weather", input: { city: "Paris" } }],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: "21" },
            { type: "tool_result", tool_use_id: "toolu_2", content: "18" },
          ],
        },
      ],
    };
    const imported = anthropicConverter.requestToCanonical(request);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const exported = anthropicConverter.requestFromCanonical(imported.document, { strict: true });
    expect(exported).toEqual({ ok: true, value: request, warnings: [] });
    expect(anthropicConverter.checkRequest(request as MessageCreateParams)).toEqual([]);
  });

  it("writes back a Message without type, role, stop reason or usage as it was", () => {
    const response = { id: "msg_1", model: "claude-sonnet-4-5", content: [{ type: "text", text: "Hi" }] };
    const imported = anthropicConverter.responseToCanonical(response);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(anthropicConverter.responseFromCanonical(imported.document, { strict: true })).toEqual({
      ok: true,
      value: response,
      warnings: [],
    });
  });
});

describe("server tool calls of other providers", () => {
  it("drops Bedrock Nova's code-interpreter call and result (spelled server_tool_use) with warnings, and keeps Anthropic's own", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "mixed-server-tools",
      messages: [
        { role: "user", parts: [{ type: "text", text: "run it" }] },
        {
          role: "assistant",
          parts: [
            {
              type: "tool_call",
              id: "tooluse_nova1",
              name: "nova_code_interpreter",
              input: { code: "1+1" },
              provider_executed: true,
              native_type: "server_tool_use",
              provider_fields: { "amazon-bedrock": { type: "server_tool_use" } },
            },
            {
              type: "tool_result",
              call_id: "tooluse_nova1",
              status: "ok",
              output: "2",
              provider_executed: true,
              native_type: "code_execution_tool_result",
              provider_fields: { "amazon-bedrock": { type: "server_tool_use" } },
            },
            {
              type: "tool_call",
              id: "srvtoolu_01",
              name: "web_search",
              input: { query: "x" },
              provider_executed: true,
              native_type: "server_tool_use",
            },
            { type: "text", text: "2" },
          ],
        },
      ],
    };
    const result = anthropicConverter.requestFromCanonical(document);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const assistant = result.value.messages[1];
    expect(Array.isArray(assistant?.content) ? assistant.content.map((block) => block.type) : []).toEqual([
      "server_tool_use",
      "text",
    ]);
    expect(result.warnings.filter((warning) => warning.code === "part-dropped").map((warning) => warning.path)).toEqual(
      ["/messages/1/parts/0", "/messages/1/parts/1"],
    );
  });
});
