import type {
  AssistantMessage$Outbound,
  ChatCompletionChoice,
  ChatCompletionRequest$Outbound,
  ChatCompletionResponse,
  CompletionChunk,
  CompletionResponseStreamChoice,
  ContentChunk$Outbound,
  DeltaMessage,
  SystemMessage$Outbound,
  Tool$Outbound,
  ToolCall$Outbound,
  ToolMessage$Outbound,
  UsageInfo$Outbound,
  UserMessage$Outbound,
} from "@mistralai/mistralai/models/components";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { mistralConverter } from "../../converters.js";
import type {
  MistralAssistantMessage,
  MistralChatChunk,
  MistralChatRequest,
  MistralChatResponse,
  MistralChoice,
  MistralContentChunk,
  MistralDelta,
  MistralStreamChoice,
  MistralToolCall,
  MistralTypes,
  MistralUsage,
} from "./types.js";

/** snake_case of a camelCase name, as the SDK's zod schemas map wire fields to its runtime fields. */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;
/** An object type with its own keys in wire spelling (one level: nested objects are checked one by one). */
type WireKeys<T> = { [K in keyof T as K extends string ? Snake<K> : K]: T[K] };

describe("Mistral native types", () => {
  it("are the official @mistralai/mistralai wire types, with the fields the SDK defaults optional", () => {
    expectTypeOf(mistralConverter).toEqualTypeOf<
      ProviderConverter<MistralChatRequest, MistralChatResponse, MistralChatChunk>
    >();
    expectTypeOf(mistralConverter.requestFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<MistralChatRequest>
    >();
    expectTypeOf(mistralConverter.checkRequest).parameter(0).toEqualTypeOf<MistralChatRequest>();
    expectTypeOf<MistralContentChunk>().toEqualTypeOf<ContentChunk$Outbound>();
    // Everything the SDK sends is a request, message and tool call of these types.
    expectTypeOf<ChatCompletionRequest$Outbound>().toExtend<MistralChatRequest>();
    expectTypeOf<AssistantMessage$Outbound>().toExtend<MistralAssistantMessage>();
    expectTypeOf<ToolCall$Outbound>().toExtend<MistralToolCall>();
    expectTypeOf<UsageInfo$Outbound>().toExtend<MistralUsage>();
    // …and they differ from the SDK's only in the defaulted fields being optional (and `any` being unknown).
    expectTypeOf<Required<MistralToolCall>>().toExtend<Required<ToolCall$Outbound>>();
    expectTypeOf<Required<ToolCall$Outbound>>().toExtend<Required<MistralToolCall>>();
    expectTypeOf<keyof MistralToolCall>().toEqualTypeOf<keyof ToolCall$Outbound>();
    expectTypeOf<keyof MistralChatRequest>().toEqualTypeOf<keyof ChatCompletionRequest$Outbound>();
    expect(mistralConverter.id).toBe("mistral");
  });

  it("are built on our own declarations of the SDK's outbound types, assignable to them and back", () => {
    expectTypeOf<MistralChatRequest>().not.toBeAny();
    expectTypeOf<MistralChatResponse>().not.toBeAny();
    expectTypeOf<MistralChatChunk>().not.toBeAny();
    expectTypeOf<MistralTypes.ChatCompletionRequest$Outbound>().toExtend<ChatCompletionRequest$Outbound>();
    expectTypeOf<ChatCompletionRequest$Outbound>().toExtend<MistralTypes.ChatCompletionRequest$Outbound>();
    expectTypeOf<MistralTypes.AssistantMessage$Outbound>().toExtend<AssistantMessage$Outbound>();
    expectTypeOf<AssistantMessage$Outbound>().toExtend<MistralTypes.AssistantMessage$Outbound>();
    expectTypeOf<MistralTypes.SystemMessage$Outbound>().toEqualTypeOf<SystemMessage$Outbound>();
    expectTypeOf<MistralTypes.UserMessage$Outbound>().toEqualTypeOf<UserMessage$Outbound>();
    expectTypeOf<MistralTypes.ToolMessage$Outbound>().toEqualTypeOf<ToolMessage$Outbound>();
    expectTypeOf<MistralTypes.Tool$Outbound>().toExtend<Tool$Outbound>();
    expectTypeOf<Tool$Outbound>().toExtend<MistralTypes.Tool$Outbound>();
    expectTypeOf<MistralTypes.ToolCall$Outbound>().toExtend<ToolCall$Outbound>();
    expectTypeOf<ToolCall$Outbound>().toExtend<MistralTypes.ToolCall$Outbound>();
    expectTypeOf<MistralTypes.UsageInfo$Outbound>().toEqualTypeOf<UsageInfo$Outbound>();
    // The SDK's `any` (a tool call's object arguments) is `unknown` in ours: the one place they are not equal.
    expectTypeOf<ToolCall$Outbound["function"]["arguments"]>().toEqualTypeOf<string | { [k: string]: any }>(); // eslint-disable-line @typescript-eslint/no-explicit-any -- the SDK's own type
    expectTypeOf<MistralToolCall["function"]["arguments"]>().toEqualTypeOf<string | { [k: string]: unknown }>();
  });

  it("spell the SDK's inbound response and chunk types field for field", () => {
    // The SDK has these as camelCase runtime types only; their wire keys are the snake_case of its field names.
    expectTypeOf<keyof MistralChatResponse>().toEqualTypeOf<keyof WireKeys<ChatCompletionResponse>>();
    expectTypeOf<keyof MistralChatChunk>().toEqualTypeOf<keyof WireKeys<CompletionChunk>>();
    expectTypeOf<keyof MistralStreamChoice>().toEqualTypeOf<keyof WireKeys<CompletionResponseStreamChoice>>();
    expectTypeOf<keyof MistralDelta>().toEqualTypeOf<keyof WireKeys<DeltaMessage>>();
    expectTypeOf<Exclude<keyof WireKeys<ChatCompletionChoice>, "messages">>().toEqualTypeOf<keyof MistralChoice>();
    // Scalars keep their types.
    expectTypeOf<MistralChatResponse["created"]>().toEqualTypeOf<ChatCompletionResponse["created"]>();
    expectTypeOf<MistralChatChunk["id"]>().toEqualTypeOf<CompletionChunk["id"]>();
    expectTypeOf<CompletionResponseStreamChoice["finishReason"]>().toExtend<MistralStreamChoice["finish_reason"]>();
    expectTypeOf<ChatCompletionChoice["finishReason"]>().toExtend<MistralChoice["finish_reason"]>();
  });
});
