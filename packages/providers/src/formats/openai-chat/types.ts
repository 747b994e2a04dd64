/**
 * The native side of OpenAI Chat Completions: our own declarations of a request, a completion and a stream chunk
 * (`generated/native/openai-chat.ts`, written from the types of the `openai` SDK 6.49.0 by tools/native-types and
 * checked against them in both directions in openai-chat.types.test.ts). Nothing here imports the SDK. What
 * OpenAI-compatible servers add (Groq's `x_groq`, Ollama's and Groq's `reasoning`, DeepSeek's `reasoning_content`,
 * Gemini's `extra_content`) is read and written as native fields beside them.
 */
import type * as OpenAIChatTypes from "../../generated/native/openai-chat.js";

/** The body of `POST /v1/chat/completions`: the SDK's `ChatCompletionCreateParams`, streamed or not. */
export type OpenAIChatRequest = OpenAIChatTypes.ChatCompletionCreateParams;

/** A completion (`object: "chat.completion"`): the SDK's `ChatCompletion`. */
export type OpenAIChatResponse = OpenAIChatTypes.ChatCompletion;

/** One server-sent event of a streamed completion (`object: "chat.completion.chunk"`): the SDK's `ChatCompletionChunk`. */
export type OpenAIChatChunk = OpenAIChatTypes.ChatCompletionChunk;

export type { OpenAIChatTypes };
