import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { openaiChatConverter } from "../../converters.js";
import type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse, OpenAIChatTypes } from "./types.js";

describe("openaiChatConverter types", () => {
  it("are our own, and the official openai SDK's request, completion and chunk are assignable to them and back", () => {
    expectTypeOf<OpenAIChatRequest>().not.toBeAny();
    expectTypeOf<OpenAIChatResponse>().not.toBeAny();
    expectTypeOf<OpenAIChatChunk>().not.toBeAny();
    // What a converter writes can be handed to the SDK's client…
    expectTypeOf<OpenAIChatRequest>().toExtend<ChatCompletionCreateParams>();
    expectTypeOf<OpenAIChatResponse>().toExtend<ChatCompletion>();
    expectTypeOf<OpenAIChatChunk>().toExtend<ChatCompletionChunk>();
    // …and what the SDK's client holds is one of ours.
    expectTypeOf<ChatCompletionCreateParams>().toExtend<OpenAIChatRequest>();
    expectTypeOf<ChatCompletion>().toExtend<OpenAIChatResponse>();
    expectTypeOf<ChatCompletionChunk>().toExtend<OpenAIChatChunk>();
    // Field for field the same, optional and nullable alike.
    expectTypeOf<OpenAIChatRequest>().toEqualTypeOf<ChatCompletionCreateParams>();
    expectTypeOf<OpenAIChatResponse>().toEqualTypeOf<ChatCompletion>();
    expectTypeOf<OpenAIChatChunk>().toEqualTypeOf<ChatCompletionChunk>();
    expectTypeOf<OpenAIChatTypes.ChatCompletionMessageParam>().toEqualTypeOf<ChatCompletionMessageParam>();
    expectTypeOf<OpenAIChatTypes.ChatCompletionTool>().toEqualTypeOf<ChatCompletionTool>();
  });

  it("are what the converter reads and writes", () => {
    expectTypeOf(openaiChatConverter).toEqualTypeOf<
      ProviderConverter<OpenAIChatRequest, OpenAIChatResponse, OpenAIChatChunk>
    >();
    expectTypeOf(openaiChatConverter.requestFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OpenAIChatRequest>
    >();
    expectTypeOf(openaiChatConverter.responseFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OpenAIChatResponse>
    >();
    expectTypeOf(openaiChatConverter.streamFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OpenAIChatChunk[]>
    >();
    expectTypeOf(openaiChatConverter.checkRequest).parameter(0).toEqualTypeOf<OpenAIChatRequest>();
    expect(openaiChatConverter.id).toBe("openai-chat");
  });
});
