import type {
  ConverseRequest,
  ConverseResponse,
  ConverseStreamOutput,
  ModelStreamErrorException,
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
import { bedrockConverseConverter } from "../../converters.js";
import type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockConverseTypes,
  BedrockToolUseBlock,
  Wire,
} from "./types.js";

/** The stream's exception events: on the wire the exception's JSON body, in the SDK the error object built from it. */
type ExceptionEvent =
  | { internalServerException: unknown }
  | { modelStreamErrorException: unknown }
  | { validationException: unknown }
  | { throttlingException: unknown }
  | { serviceUnavailableException: unknown };
type OtherEvents<T> = T extends ExceptionEvent ? never : T;

describe("Bedrock Converse native types", () => {
  it("are our own: the SDK's types as the wire writes them (BedrockWire), in both directions", () => {
    expectTypeOf<BedrockConverseRequest>().not.toBeAny();
    expectTypeOf<BedrockConverseResponse>().not.toBeAny();
    expectTypeOf<BedrockConverseStreamEvent>().not.toBeAny();
    expectTypeOf<BedrockConverseRequest>().toExtend<Wire<Omit<ConverseRequest, "modelId">>>();
    expectTypeOf<Wire<Omit<ConverseRequest, "modelId">>>().toExtend<BedrockConverseRequest>();
    expectTypeOf<BedrockConverseResponse>().toExtend<Wire<ConverseResponse>>();
    expectTypeOf<Wire<ConverseResponse>>().toExtend<BedrockConverseResponse>();
    expectTypeOf<OtherEvents<BedrockConverseStreamEvent>>().toExtend<OtherEvents<Wire<ConverseStreamOutput>>>();
    expectTypeOf<OtherEvents<Wire<ConverseStreamOutput>>>().toExtend<OtherEvents<BedrockConverseStreamEvent>>();
    expectTypeOf<BedrockConverseTypes.ContentBlock>().toExtend<BedrockContentBlock>();
  });

  it("carry a stream exception as the body the service sends, where the SDK has the error it builds", () => {
    type Body<Key extends string> = Extract<BedrockConverseStreamEvent, Record<Key, unknown>>[Key &
      keyof BedrockConverseStreamEvent];
    expectTypeOf<Body<"throttlingException">>().toEqualTypeOf<{ message?: string }>();
    expectTypeOf<Body<"internalServerException">>().toEqualTypeOf<{ message?: string }>();
    expectTypeOf<Body<"modelStreamErrorException">>().toEqualTypeOf<{
      message?: string;
      originalStatusCode?: number | undefined;
      originalMessage?: string | undefined;
    }>();
    expectTypeOf<ModelStreamErrorException>().toExtend<Error>();
    // The SDK's error, written as the wire writes values, still reads as our event; ours lacks its client state.
    expectTypeOf<Wire<ConverseStreamOutput>>().toExtend<BedrockConverseStreamEvent>();
    expectTypeOf<BedrockConverseStreamEvent>().not.toExtend<Wire<ConverseStreamOutput>>();
  });

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
