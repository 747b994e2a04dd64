/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), format id `openai-chat`, typed with our own declarations of
 * the official `openai` SDK's types (types.ts). Also reads and writes what OpenAI-compatible servers add (Groq `x_groq`, Ollama's and Groq's `reasoning`,
 * DeepSeek's `reasoning_content`, Gemini's `extra_content`), kept in provider_fields.openai so it round-trips.
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { OpenAIChatResponse, OpenAIChatChunk, OpenAIChatRequest } from "./types.js";

export type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse, OpenAIChatTypes } from "./types.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const openaiChatConverter: ProviderConverter<OpenAIChatRequest, OpenAIChatResponse, OpenAIChatChunk> =
  withNestingLimit({
    id: "openai-chat",
    requestToCanonical,
    requestFromCanonical,
    responseToCanonical,
    responseFromCanonical,
    streamToCanonical,
    streamFromCanonical,
    checkRequest,
  });
