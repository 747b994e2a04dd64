/**
 * Google Gemini `generateContent` / `streamGenerateContent` (format id `gemini`; Vertex AI speaks the same JSON).
 * The mapping rules are documented in each module: request.ts (request bodies, tools, tool choice), content.ts
 * (messages, result grouping, the thought-signature policy), content-parts-to-canonical.ts and
 * content-parts-from-canonical.ts (parts), response.ts (responses and error bodies), stream.ts (streams), check.ts
 * (the API's structural rules), native-fields.ts (spelling and round-trip markers).
 */
export type { GeminiRequest, GeminiResponse, GeminiStreamChunk, GeminiTypes } from "./types.js";
export { skipSignatureSentinel } from "./content.js";
export { geminiIssuer } from "./native-fields.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
