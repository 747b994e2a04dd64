import type {
  Content,
  GenerateContentResponse,
  GenerationConfig,
  SafetySetting,
  Tool,
  ToolConfig,
} from "@google/genai";
import { describe, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { geminiConverter } from "./index.js";
import type { GeminiRequest, GeminiResponse, GeminiStreamChunk } from "./types.js";

describe("Gemini native types", () => {
  it("are the official @google/genai types", () => {
    expectTypeOf(geminiConverter).toEqualTypeOf<ProviderConverter<GeminiRequest, GeminiResponse, GeminiStreamChunk>>();
    expectTypeOf<GeminiRequest["contents"]>().toEqualTypeOf<Content[]>();
    expectTypeOf<GeminiRequest["systemInstruction"]>().toEqualTypeOf<Content | undefined>();
    expectTypeOf<GeminiRequest["tools"]>().toEqualTypeOf<Tool[] | undefined>();
    expectTypeOf<GeminiRequest["toolConfig"]>().toEqualTypeOf<ToolConfig | undefined>();
    expectTypeOf<GeminiRequest["generationConfig"]>().toEqualTypeOf<GenerationConfig | undefined>();
    expectTypeOf<GeminiRequest["safetySettings"]>().toEqualTypeOf<SafetySetting[] | undefined>();
    expectTypeOf<GeminiResponse["candidates"]>().toEqualTypeOf<GenerateContentResponse["candidates"]>();
    expectTypeOf<GeminiResponse["usageMetadata"]>().toEqualTypeOf<GenerateContentResponse["usageMetadata"]>();
    expectTypeOf<GeminiStreamChunk>().toEqualTypeOf<GeminiResponse>();
    expectTypeOf(geminiConverter.requestFromCanonical).returns.toMatchTypeOf<
      { ok: true; value: GeminiRequest } | { ok: false }
    >();
  });
});
