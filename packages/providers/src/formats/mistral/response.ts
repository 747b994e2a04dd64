/**
 * Mistral chat completions ⇄ a canonical document with one assistant message: the chat-completions family's
 * completion folds (families/chat-completions/response.ts) with what a Mistral completion carries.
 *
 * The content is a string or a list of content chunks (thinking is reasoning issued by Mistral); `finish_reason`
 * `model_length` reads as length and `error` as error; the usage is `normalizeUsage("mistral")`. Everything else of
 * the response, the choice and the message (`tool_calls: null`, a tool call's `index`) is kept in the message's
 * `provider_fields.mistral.completion`, apart from a request's fields, so the response comes back exactly.
 *
 * An error body (`{ "object": "error", "message": … }`, `{ "detail": … }`, `{ "error": … }`) is no completion and is
 * refused with its message.
 */
import { isJsonObject, type JsonObject } from "../../conversion/index.js";
import { responseConverters, type CompletionDialect } from "../../families/chat-completions/index.js";
import { mistralDialect } from "./request.js";
import type { MistralChatResponse } from "./types.js";

/** The path and message of an error body, or undefined when the value is not one. */
function errorBody(value: JsonObject): { path: string; message: string } | undefined {
  if (Object.hasOwn(value, "choices")) return undefined;
  if (value["object"] === "error")
    return { path: "", message: typeof value["message"] === "string" ? value["message"] : JSON.stringify(value) };
  for (const key of ["error", "detail"]) {
    if (!Object.hasOwn(value, key)) continue;
    const detail = value[key];
    const message =
      isJsonObject(detail) && typeof detail["message"] === "string"
        ? detail["message"]
        : typeof detail === "string"
          ? detail
          : JSON.stringify(detail);
    return { path: `/${key}`, message };
  }
  return undefined;
}

export const mistralCompletion: CompletionDialect = {
  notObject: "must be a Mistral chat completion object",
  label: "Mistral completion",
  usageProvider: "mistral",
  errorBody,
  logprobs: false,
  alwaysWritten: [],
  content: "string-or-list",
  citations: false,
  finishReasons: { stop: "stop", length: "length", model_length: "length", tool_calls: "tool_calls", error: "error" },
  writtenFinishReasons: ["stop", "length", "tool_calls", "error"],
  finishFallbacks: { pause: "length" },
  nativeFinish: "when-consistent",
  fieldsKey: "completion",
};

export const { responseToCanonical, responseFromCanonical } = responseConverters<MistralChatResponse>(
  mistralDialect,
  mistralCompletion,
);
