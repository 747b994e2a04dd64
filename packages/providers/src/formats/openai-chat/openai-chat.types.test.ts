import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
} from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { openaiChatConverter } from "./index.js";

describe("openaiChatConverter types", () => {
  it("speaks the official openai SDK types on the native side", () => {
    expectTypeOf(openaiChatConverter).toEqualTypeOf<
      ProviderConverter<ChatCompletionCreateParams, ChatCompletion, ChatCompletionChunk>
    >();
    expectTypeOf(openaiChatConverter.requestFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<ChatCompletionCreateParams>
    >();
    expectTypeOf(openaiChatConverter.responseFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<ChatCompletion>
    >();
    expectTypeOf(openaiChatConverter.streamFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<ChatCompletionChunk[]>
    >();
    expectTypeOf(openaiChatConverter.checkRequest).parameter(0).toEqualTypeOf<ChatCompletionCreateParams>();
    expect(openaiChatConverter.id).toBe("openai-chat");
  });
});
