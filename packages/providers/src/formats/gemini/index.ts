/**
 * Google Gemini `generateContent` / `streamGenerateContent` (format id `gemini`; Vertex AI speaks the same JSON).
 * The mapping rules are documented in each module: request.ts (request bodies, tools, tool choice), contents.ts
 * (messages, result grouping, the thought-signature policy), parts.ts (parts), response.ts (responses, streams,
 * error bodies), check.ts (the API's structural rules), native.ts (spelling and round-trip markers).
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical, streamFromCanonical, streamToCanonical } from "./response.js";
import type { GeminiRequest, GeminiResponse, GeminiStreamChunk } from "./types.js";

export type { GeminiRequest, GeminiResponse, GeminiStreamChunk } from "./types.js";
export { skipSignatureSentinel } from "./contents.js";
export { geminiIssuer } from "./native.js";

export const geminiConverter: ProviderConverter<GeminiRequest, GeminiResponse, GeminiStreamChunk> = {
  id: "gemini",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
};
