/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), format id `openai-chat`, typed with our own declarations of
 * the official `openai` SDK's types (types.ts). Also reads and writes what OpenAI-compatible servers add (Groq `x_groq`, Ollama's and Groq's `reasoning`,
 * DeepSeek's `reasoning_content`, Gemini's `extra_content`), kept in provider_fields.openai so it round-trips.
 */
export type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse, OpenAIChatTypes } from "./types.js";
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
