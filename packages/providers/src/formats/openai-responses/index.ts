/**
 * OpenAI Responses (`POST /v1/responses`): requests, `Response` objects and `ResponseStreamEvent` streams, both
 * directions. The mapping is documented where it is done: request.ts, response.ts, stream.ts,
 * content-items-to-canonical.ts, content-items-from-canonical.ts and content.ts; the structural rules in check.ts.
 *
 * The native side is typed with our own declarations of the official `openai` SDK's types (types.ts). The converters build plain JSON objects and type
 * them at this boundary: a document carries what a recorded payload carried, including item types and fields newer
 * than the SDK's unions, and writes it back unchanged.
 */
export type {
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent,
  OpenAIResponsesTypes,
} from "./types.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
