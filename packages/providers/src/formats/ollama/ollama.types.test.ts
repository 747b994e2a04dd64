import type { ChatRequest, ChatResponse } from "ollama";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { ollamaConverter } from "./index.js";

describe("ollamaConverter types", () => {
  it("speaks the ollama package's types on the native side", () => {
    expectTypeOf(ollamaConverter).toEqualTypeOf<ProviderConverter<ChatRequest, ChatResponse, ChatResponse>>();
    expectTypeOf(ollamaConverter.requestFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatRequest>>();
    expectTypeOf(ollamaConverter.streamFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<ChatResponse[]>>();
    expectTypeOf(ollamaConverter.checkRequest).parameter(0).toEqualTypeOf<ChatRequest>();
    expect(ollamaConverter.id).toBe("ollama");
  });
});
