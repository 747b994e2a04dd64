/**
 * Ollama's native chat API (`POST /api/chat`), format id `ollama`, typed with our own declarations of the `ollama`
 * package's types (types.ts): a member of the
 * chat-completions family whose messages, responses and streams have shapes of their own. The mapping rules are
 * documented in each module: request.ts (requests, tools, tool messages and their calls), content.ts (a message's
 * thinking, content, images and tool calls), response.ts (responses, error bodies), stream.ts (NDJSON streams),
 * check.ts (the API's structural rules).
 */
export type { OllamaChatRequest, OllamaChatResponse, OllamaTypes } from "./types.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
