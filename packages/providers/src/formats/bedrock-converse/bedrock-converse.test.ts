import type { Part, Transcript } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { bedrockConverseConverter } from "../../converters.js";

function document(messages: Transcript["messages"], extra: Partial<Transcript> = {}): Transcript {
  return { schema_version: "1.0.0", id: "test", source: { format: "anthropic" }, messages, ...extra };
}

const anthropicThinking: Part = {
  type: "reasoning",
  text: "Let me think.",
  signature: "EqQBCkgIBRAB",
  issuer: { provider: "anthropic", api: "messages" },
};

describe("bedrockConverseConverter", () => {
  it("refuses an error body, a non-object and a response without a message, never throwing", () => {
    expect(
      bedrockConverseConverter.responseToCanonical({
        message: "The security token included in the request is invalid.",
      }),
    ).toEqual({
      ok: false,
      errors: [
        {
          path: "/message",
          message: "an error body, not a Converse response: The security token included in the request is invalid.",
        },
      ],
      warnings: [],
    });
    expect(bedrockConverseConverter.responseToCanonical(42)).toMatchObject({ ok: false, errors: [{ path: "" }] });
    expect(bedrockConverseConverter.responseToCanonical({ output: {} })).toMatchObject({
      ok: false,
      errors: [{ path: "/output/message" }],
    });
    expect(bedrockConverseConverter.requestToCanonical({ messages: [{ role: "tool", content: [] }] })).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/0/role" }],
    });
    expect(
      bedrockConverseConverter.streamToCanonical([{ messageStart: { role: "assistant" }, metadata: {} }]),
    ).toMatchObject({ ok: false, errors: [{ path: "/0" }] });
  });

  it("reads a stop reason it does not know as finish reason other, whatever its name", () => {
    for (const stopReason of ["compaction", "constructor", "toString"]) {
      const read = bedrockConverseConverter.responseToCanonical({
        output: { message: { role: "assistant", content: [{ text: "Hi" }] } },
        stopReason,
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      });
      expect(read).toMatchObject({
        ok: true,
        document: { messages: [{ finish_reason: "other", native_finish_reason: stopReason }] },
      });
    }
  });

  it("keeps Bedrock's reasoning for Bedrock and drops the Anthropic API's, whose signatures Bedrock does not accept", () => {
    const own: Part = { ...anthropicThinking, issuer: { provider: "amazon-bedrock", api: "converse" } };
    const result = bedrockConverseConverter.requestFromCanonical(
      document([
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        { role: "assistant", parts: [own, anthropicThinking, { type: "text", text: "Hello." }] },
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.messages?.[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: "Let me think.", signature: "EqQBCkgIBRAB" } } },
      { text: "Hello." },
    ]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: "reasoning-dropped", path: "/messages/1/parts/1" }),
    ]);
    const asText = bedrockConverseConverter.requestFromCanonical(
      document([
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        { role: "assistant", parts: [anthropicThinking] },
      ]),
      { foreignReasoning: "text" },
    );
    expect(asText.ok && asText.value.messages?.[1]?.content).toEqual([{ text: "Let me think." }]);
    const kept = bedrockConverseConverter.requestFromCanonical(
      document([
        { role: "user", parts: [{ type: "text", text: "hi" }] },
        { role: "assistant", parts: [anthropicThinking] },
      ]),
      { foreignReasoning: "keep" },
    );
    expect(kept.ok && kept.value.messages?.[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: "Let me think." } } },
    ]);
  });

  it("sends images and documents in tool results natively, and what Bedrock cannot carry by the media fallback", () => {
    const result = bedrockConverseConverter.requestFromCanonical(
      document([
        { role: "user", parts: [{ type: "text", text: "Show me." }] },
        { role: "assistant", parts: [{ type: "tool_call", id: "call/1", name: "files/get", input: {} }] },
        {
          role: "tool",
          parts: [
            {
              type: "tool_result",
              call_id: "call/1",
              status: "ok",
              content: [
                { type: "image", media_type: "image/png", data: "iVBORw0K" },
                { type: "file", media_type: "application/pdf", data: "JVBERi0x", filename: "report.pdf" },
                { type: "image", url: "https://example.com/cat.png" },
                { type: "audio", media_type: "audio/wav", data: "UklGRg==" },
              ],
            },
          ],
        },
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [, call, answer] = result.value.messages ?? [];
    const callId = (call?.content?.[0] as { toolUse: { toolUseId: string; name: string } }).toolUse;
    expect(callId.toolUseId).toMatch(/^tooluse_[A-Za-z0-9]{22}$/);
    expect(callId.name).toMatch(/^files_get_[A-Za-z0-9]{8}$/);
    expect(answer?.content).toEqual([
      {
        toolResult: {
          toolUseId: callId.toolUseId,
          content: [
            { image: { format: "png", source: { bytes: "iVBORw0K" } } },
            { document: { format: "pdf", name: "report-pdf", source: { bytes: "JVBERi0x" } } },
          ],
          status: "success",
        },
      },
    ]);
    expect(result.value.toolConfig).toEqual({
      tools: [{ toolSpec: { name: callId.name, inputSchema: { json: { type: "object", properties: {} } } } }],
    });
    expect(result.warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
      "value-converted /messages/1/parts/0/name",
      "id-remapped /messages/1/parts/0/id",
      "value-converted /messages/2/parts/0/content/1/filename",
      "media-fallback /messages/2/parts/0/content/2",
      "media-fallback /messages/2/parts/0/content/3",
      "value-assumed /tools",
    ]);
    expect(bedrockConverseConverter.checkRequest(result.value)).toEqual([]);
  });

  it("answers a call without a result, merges runs of one role and starts with the user", () => {
    const result = bedrockConverseConverter.requestFromCanonical(
      document(
        [
          { role: "system", parts: [{ type: "text", text: "Be brief." }] },
          { role: "assistant", parts: [{ type: "tool_call", id: "a", name: "lookup", input: {} }] },
          { role: "user", parts: [{ type: "text", text: "one" }] },
          { role: "user", parts: [{ type: "text", text: "two" }] },
        ],
        { tools: [{ name: "lookup", input_schema: { type: "object" } }], tool_choice: { mode: "none" } },
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value).toEqual({
      system: [{ text: "Be brief." }],
      messages: [
        { role: "user", content: [{ text: "Continue." }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: "a", name: "lookup", input: {} } }] },
        {
          role: "user",
          content: [
            {
              toolResult: {
                toolUseId: "a",
                content: [{ text: "No result was recorded for this tool call." }],
                status: "error",
              },
            },
            { text: "one" },
            { text: "two" },
          ],
        },
      ],
      toolConfig: { tools: [{ toolSpec: { name: "lookup", inputSchema: { json: { type: "object" } } } }] },
    });
    expect(result.warnings.map((warning) => warning.code).sort()).toEqual([
      "field-dropped",
      "parts-merged",
      "value-assumed",
      "value-assumed",
    ]);
    expect(bedrockConverseConverter.checkRequest(result.value)).toEqual([]);
  });

  it("reads a stream cut off mid call as raw input, and an exception event as the message's error", () => {
    const stream = [
      { messageStart: { role: "assistant" } },
      { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "t1", name: "lookup" } } } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"city":"Par' } } } },
      { throttlingException: { message: "Too many requests" } },
    ];
    const result = bedrockConverseConverter.streamToCanonical(stream);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.document.messages[0]).toMatchObject({
      error: "throttlingException: Too many requests",
      finish_reason: "error",
      parts: [{ type: "tool_call", id: "t1", raw_input: '{"city":"Par' }],
    });
    expect(result.warnings.map((warning) => warning.code)).toEqual(["input-normalized"]);
  });
});
