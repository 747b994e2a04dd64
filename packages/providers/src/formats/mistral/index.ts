/**
 * Mistral chat completions (`POST /v1/chat/completions`), format id `mistral`, typed with our own declarations of
 * the official `@mistralai/mistralai` SDK's wire types (types.ts): a member of the chat-completions family. The mapping rules are
 * documented in each module: request.ts (requests, tools, tool choice, ids, role order), content.ts (content chunks,
 * thinking, the reasoning policy), response.ts (responses, error bodies), stream.ts (streams), check.ts (the API's
 * structural rules).
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { MistralChatChunk, MistralChatRequest, MistralChatResponse } from "./types.js";

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

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const mistralConverter: ProviderConverter<MistralChatRequest, MistralChatResponse, MistralChatChunk> =
  withNestingLimit({
    id: "mistral",
    requestToCanonical,
    requestFromCanonical,
    responseToCanonical,
    responseFromCanonical,
    streamToCanonical,
    streamFromCanonical,
    checkRequest,
  });
