/**
 * Google Gemini `generateContent` / `streamGenerateContent` (format id `gemini`; Vertex AI speaks the same JSON).
 * The mapping rules are documented in each module: request.ts (request bodies, tools, tool choice), content.ts
 * (messages, result grouping, the thought-signature policy), content-parts-to-canonical.ts and
 * content-parts-from-canonical.ts (parts), response.ts (responses and error bodies), stream.ts (streams), check.ts
 * (the API's structural rules), native-fields.ts (spelling and round-trip markers).
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { GeminiRequest, GeminiResponse, GeminiStreamChunk } from "./types.js";

export type { GeminiRequest, GeminiResponse, GeminiStreamChunk, GeminiTypes } from "./types.js";
export { skipSignatureSentinel } from "./content.js";
export { geminiIssuer } from "./native-fields.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const geminiConverter: ProviderConverter<GeminiRequest, GeminiResponse, GeminiStreamChunk> = withNestingLimit({
  id: "gemini",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
});
