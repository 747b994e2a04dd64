import type { ChatRequest, ChatResponse, Message, ToolCall } from "ollama";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { ollamaConverter } from "../../converters.js";
import type { OllamaChatRequest, OllamaChatResponse, OllamaTypes } from "./types.js";

/** The package's types as they come over the wire: `created_at` is text, not the Date the package declares. */
type WireResponse = Omit<ChatResponse, "created_at"> & { created_at: string };

describe("ollamaConverter types", () => {
  it("are our own, and the ollama package's request is assignable to ours and back", () => {
    expectTypeOf<OllamaChatRequest>().not.toBeAny();
    expectTypeOf<OllamaChatResponse>().not.toBeAny();
    expectTypeOf<OllamaChatRequest>().toExtend<ChatRequest>();
    expectTypeOf<ChatRequest>().toExtend<OllamaChatRequest>();
    expectTypeOf<OllamaTypes.Message>().toExtend<Message>();
    expectTypeOf<Message>().toExtend<OllamaTypes.Message>();
  });

  it("differ from the package's response only in created_at, text on the wire and a Date in the package", () => {
    expectTypeOf<ChatResponse["created_at"]>().toEqualTypeOf<Date>();
    expectTypeOf<OllamaChatResponse["created_at"]>().toEqualTypeOf<string>();
    expectTypeOf<OllamaChatResponse>().not.toExtend<ChatResponse>();
    expectTypeOf<ChatResponse>().not.toExtend<OllamaChatResponse>();
    expectTypeOf<OllamaChatResponse>().toExtend<WireResponse>();
    expectTypeOf<WireResponse>().toExtend<OllamaChatResponse>();
    expectTypeOf<keyof OllamaChatResponse>().toEqualTypeOf<keyof ChatResponse>();
  });

  it("write the package's `any` (a tool call's arguments) as unknown", () => {
    expectTypeOf<ToolCall["function"]["arguments"]>().toEqualTypeOf<Record<string, any>>(); // eslint-disable-line @typescript-eslint/no-explicit-any -- the package's own type
    expectTypeOf<OllamaTypes.ToolCall["function"]["arguments"]>().toEqualTypeOf<{ [key: string]: unknown }>();
  });

  it("are what the converter reads and writes", () => {
    expectTypeOf(ollamaConverter).toEqualTypeOf<
      ProviderConverter<OllamaChatRequest, OllamaChatResponse, OllamaChatResponse>
    >();
    expectTypeOf(ollamaConverter.requestFromCanonical).returns.toEqualTypeOf<FromCanonicalResult<OllamaChatRequest>>();
    expectTypeOf(ollamaConverter.streamFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OllamaChatResponse[]>
    >();
    expectTypeOf(ollamaConverter.checkRequest).parameter(0).toEqualTypeOf<OllamaChatRequest>();
    expect(ollamaConverter.id).toBe("ollama");
  });
});
