/**
 * Ollama's chat responses ⇄ a canonical document with one assistant message. An Ollama response is no list of
 * choices: it is `{ model, created_at, message, done, done_reason, <counts and durations> }`.
 *
 * To canonical: the message as in requests (content.ts); created_at, model, `done_reason` → finish_reason (`stop`
 * with tool calls → tool_calls) with the native one kept, the count and duration fields → usage via
 * normalizeUsage("ollama") (raw keeps them verbatim), the rest (`done`, logprobs) in provider_fields.ollama. An
 * error body (`{ "error": "…" }`) is refused with its message.
 */
import type { Message, Tolerant, Transcript, Usage } from "@agent-transcript/core";
import { normalizeUsage, formatVersion } from "@agent-transcript/core";
import {
  cloneJson,
  emptyProvenance,
  fillMissing,
  FieldReader,
  fingerprint,
  isDateTime,
  isJsonObject,
  pointer,
  reportUnmapped,
  runFromCanonical,
  runToCanonical,
  responseMessage,
  setField,
  shapeKey,
  type FromCanonical,
  type FromCanonicalOptions,
  type JsonObject,
  type Problems,
  type Provenance,
  type ToCanonical,
} from "../../conversion/index.js";
import { finishNative, keptInner, type PendingCall } from "../../families/chat-completions/index.js";
import { ollamaFields, readMessage, writeParts, type WriteContext } from "./content.js";
import { label, provider, shapeOf, usageFields } from "./native-fields.js";
import { ollamaMember } from "./request-member.js";
import type { OllamaChatResponse } from "./types.js";

function canonicalFinish(native: string, hasCalls: boolean): Message["finish_reason"] {
  if (native === "stop") return hasCalls ? "tool_calls" : "stop";
  if (native === "length") return "length";
  return "other";
}

export const responseToCanonical: ToCanonical<unknown> = (response) =>
  runToCanonical((problems) => readResponse(response, problems));

function readResponse(
  response: unknown,
  problems: Problems,
): { document: Transcript; provenance: Provenance } | undefined {
  if (!isJsonObject(response)) {
    problems.error("", "must be an Ollama chat response object");
    return undefined;
  }
  if (Object.hasOwn(response, "error") && !Object.hasOwn(response, "message")) {
    const error = response["error"];
    problems.error(
      "/error",
      `an error body, not a response: ${typeof error === "string" ? error : JSON.stringify(error)}`,
    );
    return undefined;
  }
  const reader = new FieldReader(response, "", problems);
  const model = reader.string("model");
  const createdAt =
    typeof response["created_at"] === "string" && isDateTime(response["created_at"])
      ? reader.string("created_at")
      : undefined;
  const pending: PendingCall[] = [];
  const nativeMessage = reader.object("message", { required: true });
  const message =
    nativeMessage === undefined
      ? undefined
      : readMessage(ollamaMember, nativeMessage, reader.at("message"), problems, pending);
  if (message === undefined) return undefined;
  if (message.role !== "assistant")
    problems.error(pointer(reader.at("message"), "role"), "a response message must be an assistant message");
  const messageFields = message.provider_fields?.[provider];
  delete message.provider_fields;
  const doneReason = typeof response["done_reason"] === "string" ? reader.string("done_reason") : undefined;
  if (doneReason !== undefined) {
    message.native_finish_reason = doneReason;
    const canonical = canonicalFinish(
      doneReason,
      message.parts.some((part) => part.type === "tool_call"),
    );
    if (canonical !== undefined) message.finish_reason = canonical;
  }
  if (response["done"] === true) reader.take("done");
  else if (!reader.has("done"))
    problems.warn(
      "input-normalized",
      "/done",
      "done is absent; read as a finished response, and an export writes done: true",
    );
  const usage: Usage | undefined = normalizeUsage("ollama", response);
  if (usage !== undefined) {
    for (const field of usageFields) if (Object.hasOwn(response, field)) reader.take(field);
    message.usage = usage;
  }
  if (model !== undefined) message.model = model;
  if (createdAt !== undefined) message.created_at = createdAt;
  const fields: JsonObject = { ...(reader.rest() ?? {}) };
  if (messageFields !== undefined) fields["message"] = messageFields;
  // The server always sends both; a response without them (a test double, a proxy) is written back without them.
  const absent = ["model", "created_at"].filter((key) => !Object.hasOwn(response, key));
  if (absent.length > 0) fields[shapeKey] = { absent };
  if (Object.keys(fields).length > 0) message.provider_fields = { [provider]: fields };
  const document: Transcript = {
    schema_version: formatVersion,
    id: `ollama-${fingerprint(response)}`,
    source: { format: "ollama" },
    messages: [message],
  };
  const provenance = emptyProvenance();
  provenance.messages.push("/message");
  provenance.parts.push(message.parts.map(() => ({ path: "/message", sameShape: false })));
  return { document, provenance };
}

export const responseFromCanonical: FromCanonical<OllamaChatResponse> = (document, options = {}) =>
  runFromCanonical(document, options, (checked, problems) => writeResponse(checked, options, problems));

function writeResponse(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
): OllamaChatResponse | undefined {
  const picked = responseMessage(document, "response", problems);
  if (picked === undefined) return undefined;
  const { message, path } = picked;
  reportUnmapped(document, ["schema_version", "id", "source", "producer", "messages"], "", label, problems);
  reportUnmapped(
    message,
    ["role", "parts", "model", "created_at", "finish_reason", "native_finish_reason", "usage", "provider_fields"],
    path,
    label,
    problems,
  );
  const own = ollamaFields(message.provider_fields, path, problems);
  const context: WriteContext = { problems, options };
  const nativeMessage = finishNative(writeParts(message, "assistant", path, context), keptInner(own, "message"));
  const absent = shapeOf(own)?.absent ?? [];
  const response: JsonObject = {
    model: message.model ?? "",
    created_at: message.created_at ?? new Date(0).toISOString(),
    message: nativeMessage,
  };
  if (message.model === undefined && absent.includes("model")) delete response["model"];
  else if (message.model === undefined)
    problems.warn("value-assumed", pointer(path, "model"), "the message names no model; model is written empty");
  if (message.created_at === undefined && absent.includes("created_at")) delete response["created_at"];
  else if (message.created_at === undefined && own?.["created_at"] === undefined)
    problems.warn(
      "value-assumed",
      pointer(path, "created_at"),
      "the message has no time; created_at is written as the Unix epoch",
    );
  if (message.created_at === undefined && own?.["created_at"] !== undefined) delete response["created_at"];
  const reason =
    message.native_finish_reason ??
    (message.finish_reason === "length" ? "length" : message.finish_reason === undefined ? undefined : "stop");
  if (reason !== undefined) response["done_reason"] = reason;
  if (message.usage !== undefined) {
    if (message.usage.raw?.provider === "ollama" && isJsonObject(message.usage.raw.usage))
      Object.assign(response, cloneJson(message.usage.raw.usage));
    else {
      response["prompt_eval_count"] = message.usage.input_tokens;
      response["eval_count"] = message.usage.output_tokens;
      if (message.usage.cache_read_tokens !== undefined || message.usage.cache_write_tokens !== undefined)
        problems.warn("field-dropped", pointer(path, "usage"), "Ollama reports no cache counts");
    }
  }
  const top: JsonObject = {};
  for (const [key, item] of Object.entries(own ?? {})) if (key !== "message") setField(top, key, item);
  fillMissing(response, top);
  if (!Object.hasOwn(response, "done")) response["done"] = true;
  return response as unknown as OllamaChatResponse;
}
