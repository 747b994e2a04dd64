/**
 * The native side of the Gemini format, built from the official `@google/genai` types (types only: the converters
 * never load the SDK). The SDK's `GenerateContentParameters` wraps the body in `{ model, contents, config }`; the
 * REST body `generateContent` and `streamGenerateContent` take (Gemini API and Vertex AI alike) is assembled here
 * from the same pieces, field for field.
 */
import type {
  Content,
  GenerateContentResponse,
  GenerationConfig,
  SafetySetting,
  Tool,
  ToolConfig,
} from "@google/genai";

/** The JSON body of `models/{model}:generateContent` (and `:streamGenerateContent`). */
export interface GeminiRequest {
  contents: Content[];
  systemInstruction?: Content;
  tools?: Tool[];
  toolConfig?: ToolConfig;
  generationConfig?: GenerationConfig;
  safetySettings?: SafetySetting[];
  /** Name of a cached content (`cachedContents/…`) used as context. */
  cachedContent?: string;
  /** Vertex AI billing labels. */
  labels?: Record<string, string>;
}

/**
 * A `GenerateContentResponse` as JSON: the SDK's class minus its getters (`text`, `functionCalls`, …) and the
 * SDK-only fields it adds on the client (`sdkHttpResponse`, `automaticFunctionCallingHistory`).
 */
export type GeminiResponse = Pick<
  GenerateContentResponse,
  "candidates" | "createTime" | "modelVersion" | "promptFeedback" | "responseId" | "usageMetadata" | "modelStatus"
>;

/** One chunk of `streamGenerateContent?alt=sse`: a partial response of the same shape. */
export type GeminiStreamChunk = GeminiResponse;
