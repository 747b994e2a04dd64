import type {
  AssistantMessage$Outbound,
  ChatCompletionChoice,
  ChatCompletionRequest$Outbound,
  ChatCompletionResponse,
  CompletionChunk,
  CompletionResponseStreamChoice,
  ContentChunk$Outbound,
  DeltaMessage,
  ToolCall$Outbound,
  UsageInfo$Outbound,
} from "@mistralai/mistralai/models/components";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { mistralConverter } from "./index.js";
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
    // …and they differ from the SDK's only in the defaulted fields being optional.
    expectTypeOf<Required<MistralToolCall>>().toEqualTypeOf<Required<ToolCall$Outbound>>();
    expectTypeOf<keyof MistralChatRequest>().toEqualTypeOf<keyof ChatCompletionRequest$Outbound>();
    expect(mistralConverter.id).toBe("mistral");
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
