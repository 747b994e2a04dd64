/**
 * The native side of the Gemini format: our own declarations (`generated/native/gemini.ts`, written from the types of
 * `@google/genai` 2.32.0 by tools/native-types and checked against them in both directions in gemini.types.test.ts).
 * Nothing here imports the SDK. The SDK's `GenerateContentParameters` wraps the body in `{ model, contents, config }`;
 * the REST body `generateContent` and `streamGenerateContent` take (Gemini API and Vertex AI alike) is assembled here
 * from the same pieces, field for field.
 *
 * Where the SDK has a TypeScript enum (`HarmCategory`, `FinishReason`, `Type`, …), these types have the union of its
 * values: the wire carries the strings, and an enum would accept only the SDK's own members, not a string literal.
 */
import type * as GeminiTypes from "../../generated/native/gemini.js";

/** The JSON body of `models/{model}:generateContent` (and `:streamGenerateContent`). */
export interface GeminiRequest {
  contents: GeminiTypes.Content[];
  systemInstruction?: GeminiTypes.Content;
  tools?: GeminiTypes.Tool[];
  toolConfig?: GeminiTypes.ToolConfig;
  generationConfig?: GeminiTypes.GenerationConfig;
  safetySettings?: GeminiTypes.SafetySetting[];
  /** Name of a cached content (`cachedContents/…`) used as context. */
  cachedContent?: string;
  /** Vertex AI billing labels. */
  labels?: Record<string, string>;
}

/**
 * A `GenerateContentResponse` as JSON: the SDK's class without its getters (`text`, `functionCalls`, …) and the
 * fields it adds on the client (`sdkHttpResponse`, `automaticFunctionCallingHistory`).
 */
export type GeminiResponse = GeminiTypes.GenerateContentResponse;

/** One chunk of `streamGenerateContent?alt=sse`: a partial response of the same shape. */
export type GeminiStreamChunk = GeminiResponse;

export type { GeminiTypes };
