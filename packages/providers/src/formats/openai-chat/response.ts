/**
 * OpenAI Chat Completions responses ⇄ a canonical document with one assistant message: the chat-completions family's
 * completion folds (families/chat-completions/response.ts) with what an OpenAI Chat completion carries.
 *
 * The message's provider_fields.openai holds the response's other fields (`system_fingerprint`, `service_tier`,
 * Groq's `x_groq`, `moderation`, …), `choice` the choice's (`logprobs`), `message` the message's (`refusal: null`,
 * `annotations: []`, Gemini's `extra_content` and `thought_signature`, audio), each with a `$shape.absent` list of
 * the fields the SDK type requires that the source did not send (`refusal`, `logprobs` on compatible servers), so
 * the response comes back exactly. The message content is a string (text parts joined, `parts-merged`), url
 * citations are its `annotations`; `finish_reason` `function_call` (the legacy functions API) reads as tool_calls.
 * An error body (`{ "error": { … } }`) is refused with the provider's message.
 */
import { isJsonObject, type JsonObject } from "../../conversion/index.js";
import { responseConverters, type CompletionDialect } from "../../families/chat-completions/index.js";
import { chatDialect } from "./request.js";
import type { OpenAIChatResponse } from "./types.js";

/** `{ "error": { "message": … } }` without choices: an error body. */
function errorBody(value: JsonObject): { path: string; message: string } | undefined {
  if (!Object.hasOwn(value, "error") || Object.hasOwn(value, "choices")) return undefined;
  const error = value["error"];
  const message =
    isJsonObject(error) && typeof error["message"] === "string" ? error["message"] : JSON.stringify(error);
  return { path: "/error", message };
}

export const chatCompletion: CompletionDialect = {
  notObject: "must be a chat completion object",
  label: "chat completion",
  usageProvider: "openai-chat",
  errorBody,
  logprobs: true,
  alwaysWritten: ["content", "refusal"],
  content: "string",
  citations: true,
  finishReasons: {
    stop: "stop",
    length: "length",
    tool_calls: "tool_calls",
    content_filter: "content_filter",
    function_call: "tool_calls",
  },
  writtenFinishReasons: ["stop", "length", "tool_calls", "content_filter", "function_call"],
  finishFallbacks: { refusal: "content_filter" },
  nativeFinish: "with-kept-fields",
  fieldsKey: undefined,
};

export const { responseToCanonical, responseFromCanonical } = responseConverters<OpenAIChatResponse>(
  chatDialect,
  chatCompletion,
);
