/**
 * Ollama's native chat API (`POST /api/chat`), format id `ollama`, typed with our own declarations of the `ollama`
 * package's types (types.ts): a member of the
 * chat-completions family whose messages, responses and streams have shapes of their own. The mapping rules are
 * documented in each module: request.ts (requests, tools, tool messages and their calls), content.ts (a message's
 * thinking, content, images and tool calls), response.ts (responses, error bodies), stream.ts (NDJSON streams),
 * check.ts (the API's structural rules).
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { OllamaChatRequest, OllamaChatResponse } from "./types.js";

export type { OllamaChatRequest, OllamaChatResponse, OllamaTypes } from "./types.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const ollamaConverter: ProviderConverter<OllamaChatRequest, OllamaChatResponse, OllamaChatResponse> =
  withNestingLimit({
    id: "ollama",
    requestToCanonical,
    requestFromCanonical,
    responseToCanonical,
    responseFromCanonical,
    streamToCanonical,
    streamFromCanonical,
    checkRequest,
  });
