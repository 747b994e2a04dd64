import type {
  ConverseRequest,
  ConverseStreamOutput,
  ImageBlock,
  InferenceConfiguration,
  Message,
  ReasoningContentBlock,
  StopReason,
  TokenUsage,
  ToolConfiguration,
} from "@aws-sdk/client-bedrock-runtime";
import { describe, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { bedrockConverseConverter } from "./index.js";
import type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockToolUseBlock,
  Wire,
} from "./types.js";

describe("Bedrock Converse native types", () => {
  it("are the SDK's types where the wire matches them", () => {
    expectTypeOf(bedrockConverseConverter).toEqualTypeOf<
      ProviderConverter<BedrockConverseRequest, BedrockConverseResponse, BedrockConverseStreamEvent>
    >();
    expectTypeOf<BedrockConverseRequest["inferenceConfig"]>().toEqualTypeOf<InferenceConfiguration | undefined>();
    expectTypeOf<BedrockConverseRequest["additionalModelRequestFields"]>().toEqualTypeOf<
      ConverseRequest["additionalModelRequestFields"]
    >();
    expectTypeOf<NonNullable<BedrockConverseRequest["messages"]>[number]["role"]>().toEqualTypeOf<Message["role"]>();
    expectTypeOf<BedrockConverseResponse["stopReason"]>().toEqualTypeOf<StopReason | undefined>();
    expectTypeOf<BedrockConverseResponse["usage"]>().toEqualTypeOf<TokenUsage | undefined>();
    expectTypeOf<Wire<ToolConfiguration>["toolChoice"]>().toMatchTypeOf<
      { auto: object } | { any: object } | { tool: { name: string | undefined } } | undefined
    >();
    expectTypeOf(bedrockConverseConverter.requestFromCanonical).returns.toMatchTypeOf<
      { ok: true; value: BedrockConverseRequest } | { ok: false }
    >();
  });

  it("override the SDK exactly where the wire differs", () => {
    // modelId travels in the URL, not the body.
    expectTypeOf<ConverseRequest>().toHaveProperty("modelId");
    expectTypeOf<BedrockConverseRequest>().not.toHaveProperty("modelId");
    // Bytes are base64 text on the wire, Uint8Array in the SDK.
    expectTypeOf<NonNullable<Extract<ImageBlock["source"], { bytes: unknown }>>["bytes"]>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<
      Extract<NonNullable<Wire<ImageBlock>["source"]>, { bytes: unknown }>["bytes"]
    >().toEqualTypeOf<string>();
    expectTypeOf<
      Extract<Wire<ReasoningContentBlock>, { redactedContent: unknown }>["redactedContent"]
    >().toEqualTypeOf<string>();
    // The SDK's unknown union member has no wire form.
    expectTypeOf<Extract<ConverseStreamOutput, { $unknown: [string, unknown] }>>().not.toBeNever();
    expectTypeOf<Extract<BedrockConverseStreamEvent, { $unknown: [string, unknown] }>>().toBeNever();
    expectTypeOf<Extract<BedrockContentBlock, { text: string }>>().toEqualTypeOf<{
      text: string;
      image?: never;
      document?: never;
      video?: never;
      audio?: never;
      toolUse?: never;
      toolResult?: never;
      guardContent?: never;
      cachePoint?: never;
      reasoningContent?: never;
      citationsContent?: never;
      searchResult?: never;
      toolAddition?: never;
      toolRemoval?: never;
    }>();
    // The service sends toolUse.type "tool_use" too, which the SDK's enum lacks.
    expectTypeOf<"tool_use">().toMatchTypeOf<NonNullable<BedrockToolUseBlock["type"]>>();
  });

  it("accept recorded wire payloads as they are", () => {
    const request = {
      messages: [
        {
          role: "user",
          content: [
            { text: "hi" },
            { image: { format: "jpeg", source: { bytes: "/9j/4AAQ" } } },
            { cachePoint: { type: "default" } },
          ],
        },
      ],
      system: [{ text: "Be brief." }],
      inferenceConfig: { temperature: 0 },
      toolConfig: {
        tools: [
          { toolSpec: { name: "lookup", inputSchema: { json: { type: "object" } } } },
          { systemTool: { name: "nova_code_interpreter" } },
        ],
        toolChoice: { auto: {} },
      },
    } satisfies BedrockConverseRequest;
    const response = {
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { redactedContent: "RXU4" } },
            { toolUse: { toolUseId: "t1", name: "lookup", input: {} } },
          ],
        },
      },
      stopReason: "tool_use",
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      metrics: { latencyMs: 10 },
    } satisfies BedrockConverseResponse;
    const event = {
      contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { signature: "Eu0C" } } },
    } satisfies BedrockConverseStreamEvent;
    expectTypeOf(request).toMatchTypeOf<BedrockConverseRequest>();
    expectTypeOf(response).toMatchTypeOf<BedrockConverseResponse>();
    expectTypeOf(event).toMatchTypeOf<BedrockConverseStreamEvent>();
  });
});
