/**
 * The Anthropic Messages API (`anthropic`): requests, responses and streams, both directions, typed with our own
 * declarations of the official SDK's types (types.ts). A member of the content-blocks family (`families/content-blocks/`): this folder holds only how
 * Anthropic differs.
 */
export type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent, AnthropicTypes } from "./types.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
