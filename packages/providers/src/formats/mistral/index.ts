/**
 * Mistral chat completions (`POST /v1/chat/completions`), format id `mistral`, typed with the official
 * `@mistralai/mistralai` SDK's wire types (types.ts). The mapping rules are documented in each module: request.ts
 * (requests, tools, tool choice, role order), content.ts (content chunks, thinking, tool calls, the reasoning
 * policy), response.ts (responses, streams, error bodies), check.ts (the API's structural rules), call-ids.ts (the
 * nine-character id rule).
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical, streamFromCanonical, streamToCanonical } from "./response.js";
import type { MistralChatChunk, MistralChatRequest, MistralChatResponse } from "./types.js";

export type {
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
  MistralUsage,
} from "./types.js";

export const mistralConverter: ProviderConverter<MistralChatRequest, MistralChatResponse, MistralChatChunk> = {
  id: "mistral",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
};
