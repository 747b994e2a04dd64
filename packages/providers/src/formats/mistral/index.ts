/**
 * Mistral chat completions (`POST /v1/chat/completions`), format id `mistral`, typed with our own declarations of
 * the official `@mistralai/mistralai` SDK's wire types (types.ts): a member of the chat-completions family. The mapping rules are
 * documented in each module: request.ts (requests, tools, tool choice, ids, role order), content.ts (content chunks,
 * thinking, the reasoning policy), response.ts (responses, error bodies), stream.ts (streams), check.ts (the API's
 * structural rules).
 */
export type {
  Defaulted,
  MistralAssistantMessage,
  MistralChatChunk,
  MistralChatRequest,
  MistralChatResponse,
  MistralChoice,
  MistralContentChunk,
  MistralDelta,
  MistralMessage,
  MistralStreamChoice,
  MistralTool,
  MistralToolCall,
  MistralTypes,
  MistralUsage,
} from "./types.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
