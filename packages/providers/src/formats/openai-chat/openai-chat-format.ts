/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), format id `openai-chat`, typed with the official `openai`
 * SDK. Also reads and writes what OpenAI-compatible servers add (Groq `x_groq`, Ollama's and Groq's `reasoning`,
 * DeepSeek's `reasoning_content`, Gemini's `extra_content`), kept in provider_fields.openai so it round-trips.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
} from "openai/resources/chat/completions";
import type { ProviderConverter } from "../../conversion/index.js";
import { checkRequest } from "./check-request.js";
import { requestFromCanonical } from "./request-export.js";
import { requestToCanonical } from "./request-import.js";
import { responseFromCanonical, responseToCanonical, streamFromCanonical, streamToCanonical } from "./response.js";

export const openaiChatConverter: ProviderConverter<ChatCompletionCreateParams, ChatCompletion, ChatCompletionChunk> = {
  id: "openai-chat",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
};
