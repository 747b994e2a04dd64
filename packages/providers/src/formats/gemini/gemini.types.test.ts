import type {
  Content,
  GenerateContentResponse,
  GenerationConfig,
  HarmCategory,
  SafetySetting,
  Tool,
  ToolConfig,
} from "@google/genai";
import { describe, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { geminiConverter } from "../../converters.js";
import type { GeminiRequest, GeminiResponse, GeminiStreamChunk, GeminiTypes } from "./types.js";

/**
 * The SDK's types as the wire has them: each TypeScript enum written as the union of its values. (A string enum's
 * member is assignable to its value's literal type, not the other way round.)
 */
type EnumsAsValues<T> = T extends string
  ? `${T}`
  : T extends ReadonlyArray<infer Item>
    ? Array<EnumsAsValues<Item>>
    : T extends object
      ? { [Key in keyof T]: EnumsAsValues<T[Key]> }
      : T;

/** The response fields that come over the wire (the rest of the SDK's class is its getters and client state). */
type WireResponseFields =
  "candidates" | "createTime" | "modelVersion" | "promptFeedback" | "responseId" | "usageMetadata" | "modelStatus";
type SdkResponse = Pick<GenerateContentResponse, WireResponseFields>;

describe("Gemini native types", () => {
  it("are our own, and the official @google/genai values are assignable to them", () => {
    expectTypeOf<GeminiRequest>().not.toBeAny();
    expectTypeOf<GeminiResponse>().not.toBeAny();
    expectTypeOf<Content>().toExtend<GeminiTypes.Content>();
    expectTypeOf<Tool>().toExtend<GeminiTypes.Tool>();
    expectTypeOf<ToolConfig>().toExtend<GeminiTypes.ToolConfig>();
    expectTypeOf<GenerationConfig>().toExtend<GeminiTypes.GenerationConfig>();
    expectTypeOf<SafetySetting>().toExtend<GeminiTypes.SafetySetting>();
    expectTypeOf<GenerateContentResponse>().toExtend<GeminiResponse>();
  });

  it("are the SDK's types with every enum as the union of its values, in both directions", () => {
    expectTypeOf<GeminiTypes.Content>().toExtend<EnumsAsValues<Content>>();
    expectTypeOf<EnumsAsValues<Content>>().toExtend<GeminiTypes.Content>();
    expectTypeOf<GeminiTypes.Tool>().toExtend<EnumsAsValues<Tool>>();
    expectTypeOf<EnumsAsValues<Tool>>().toExtend<GeminiTypes.Tool>();
    expectTypeOf<GeminiTypes.ToolConfig>().toExtend<EnumsAsValues<ToolConfig>>();
    expectTypeOf<EnumsAsValues<ToolConfig>>().toExtend<GeminiTypes.ToolConfig>();
    expectTypeOf<GeminiTypes.GenerationConfig>().toExtend<EnumsAsValues<GenerationConfig>>();
    expectTypeOf<EnumsAsValues<GenerationConfig>>().toExtend<GeminiTypes.GenerationConfig>();
    expectTypeOf<GeminiTypes.SafetySetting>().toExtend<EnumsAsValues<SafetySetting>>();
    expectTypeOf<EnumsAsValues<SafetySetting>>().toExtend<GeminiTypes.SafetySetting>();
    expectTypeOf<GeminiResponse>().toExtend<EnumsAsValues<SdkResponse>>();
    expectTypeOf<EnumsAsValues<SdkResponse>>().toExtend<GeminiResponse>();
    expectTypeOf<keyof GeminiResponse>().toEqualTypeOf<WireResponseFields>();
  });

  it("take the enum's values as text, which the SDK's enum refuses: the one way they differ", () => {
    expectTypeOf<GeminiTypes.HarmCategory>().toEqualTypeOf<`${HarmCategory}`>();
    expectTypeOf<"HARM_CATEGORY_HATE_SPEECH">().toExtend<GeminiTypes.HarmCategory>();
    expectTypeOf<"HARM_CATEGORY_HATE_SPEECH">().not.toExtend<HarmCategory>();
    expectTypeOf<GeminiTypes.SafetySetting>().not.toExtend<SafetySetting>();
  });

  it("are what the converter reads and writes", () => {
    expectTypeOf(geminiConverter).toEqualTypeOf<ProviderConverter<GeminiRequest, GeminiResponse, GeminiStreamChunk>>();
    expectTypeOf<GeminiStreamChunk>().toEqualTypeOf<GeminiResponse>();
    expectTypeOf(geminiConverter.requestFromCanonical).returns.toExtend<
      { ok: true; value: GeminiRequest } | { ok: false }
    >();
  });
});
