/**
 * Ollama's streamed chat responses (NDJSON: each chunk a whole response shape with a message delta, the last one
 * `done: true` with the counts) ⇄ a canonical document. The chunks fold into the response they stand for (content and
 * thinking joined, tool calls and images gathered, the other fields as the last chunk that had them, so the final
 * chunk's), which converts like a response. The intermediate chunks' own `created_at` stamps are timing, not
 * content, and are left out with a warning. Written back: a chunk for the thinking, one for the content, one for the
 * tool calls, then the final chunk with everything else.
 */
import {
  cloneJson,
  isJsonObject,
  pointer,
  setField,
  type FromCanonical,
  type JsonObject,
  type Problems,
  type ToCanonical,
} from "../../conversion/index.js";
import { readStream } from "../../families/chat-completions/index.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import type { OllamaChatResponse } from "./types.js";

/** Folds NDJSON chunks into the response they stand for. */
function foldChunks(chunks: readonly unknown[], problems: Problems): JsonObject | undefined {
  const top: JsonObject = {};
  const message: JsonObject = {};
  const stamps = new Set<unknown>();
  chunks.forEach((chunk, index) => {
    if (!isJsonObject(chunk)) {
      problems.error(pointer("", index), "must be an Ollama chat response chunk object");
      return;
    }
    for (const [key, value] of Object.entries(chunk)) {
      if (key === "created_at") stamps.add(value);
      if (key !== "message") setField(top, key, cloneJson(value));
    }
    const delta = chunk["message"];
    if (!isJsonObject(delta)) return;
    for (const [key, value] of Object.entries(delta)) {
      const previous = message[key];
      if ((key === "content" || key === "thinking") && typeof value === "string")
        message[key] = (typeof previous === "string" ? previous : "") + value;
      else if ((key === "tool_calls" || key === "images") && Array.isArray(value))
        message[key] = [...(Array.isArray(previous) ? previous : []), ...cloneJson(value)];
      else setField(message, key, cloneJson(value));
    }
  });
  if (problems.errors.length > 0) return undefined;
  if (stamps.size > 1)
    problems.warn(
      "field-dropped",
      "/0/created_at",
      `the ${chunks.length - 1} intermediate chunks' created_at stamps are left out; the final chunk's is the response's`,
    );
  return { ...top, message };
}

export const streamToCanonical: ToCanonical<readonly unknown[]> = (chunks) =>
  readStream(chunks, foldChunks, responseToCanonical);

export const streamFromCanonical: FromCanonical<OllamaChatResponse[]> = (document, options = {}) => {
  const result = responseFromCanonical(document, options);
  if (!result.ok) return result;
  const response = result.value as unknown as JsonObject;
  const message = isJsonObject(response["message"]) ? response["message"] : {};
  const head: JsonObject = {};
  for (const key of ["model", "created_at"]) if (Object.hasOwn(response, key)) head[key] = response[key];
  const role = message["role"];
  const chunk = (delta: JsonObject): JsonObject => ({
    ...cloneJson(head),
    message: { ...(role === undefined ? {} : { role }), ...delta },
    done: false,
  });
  const hasContent = Object.hasOwn(message, "content");
  const chunks: JsonObject[] = [];
  if (typeof message["thinking"] === "string")
    chunks.push(chunk({ ...(hasContent ? { content: "" } : {}), thinking: message["thinking"] }));
  if (typeof message["content"] === "string" && message["content"] !== "")
    chunks.push(chunk({ content: message["content"] }));
  if (Array.isArray(message["tool_calls"]) && message["tool_calls"].length > 0)
    chunks.push(chunk({ ...(hasContent ? { content: "" } : {}), tool_calls: cloneJson(message["tool_calls"]) }));
  const last: JsonObject = {};
  for (const [key, value] of Object.entries(message)) {
    if (key === "thinking" || (key === "tool_calls" && Array.isArray(value) && value.length > 0)) continue;
    setField(last, key, key === "content" ? "" : cloneJson(value));
  }
  chunks.push({ ...cloneJson(response), message: last });
  return { ok: true, value: chunks as unknown as OllamaChatResponse[], warnings: result.warnings };
};
