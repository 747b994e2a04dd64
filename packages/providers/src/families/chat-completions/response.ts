/**
 * Completions (`{ id, object, created, model, choices: [{ index, message, finish_reason }], usage }`) ⇄ a canonical
 * document with one assistant message, for the members whose responses are `choices` (OpenAI Chat, Mistral).
 *
 * To canonical: `choices[0].message` (a response with several choices is refused: convert each choice as its own
 * response) → the assistant message, its content, reasoning and refusal fields and tool calls as in requests; `id` →
 * response_id, `model`, `created` (Unix seconds) → created_at, `finish_reason` → finish_reason (by the member's
 * table, unknown → other) with the native one kept, `usage` → normalised usage with the raw usage kept. The other
 * fields of the response, the choice and the message are kept in the message's `provider_fields[<provider>]`, each
 * level with a `$shape.absent` list of the fields the writer adds that the source did not have, so the response comes
 * back exactly. An error body is refused with its message, so a caller records it as the run's error.
 */
import type { Citation, Message, Part, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, isKnownPart, normalizeUsage, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  dropAbsent,
  emptyProvenance,
  FieldReader,
  fillMissing,
  fingerprint,
  isJsonObject,
  pointer,
  providerEntry,
  reportUnmapped,
  runFromCanonical,
  runToCanonical,
  responseMessage,
  setField,
  shapeOf,
  TurnCallIds,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  type Provenance,
  type ToCanonicalResult,
  append,
} from "../../conversion/index.js";
import type { ChatDialect, CompletionDialect, WriteContext } from "./dialect.js";
import { keptInner, targetFields, withFields, type ChatShape } from "./native-fields.js";
import { collectAssistant, contentValue, ownDocument } from "./request-from-canonical.js";
import { readContentList } from "./request-to-canonical.js";
import { readToolCall } from "./tool-calls.js";

/** The latest timestamp `created` may be (9999-12-31T23:59:59Z), in Unix seconds. */
const latestCreated = 253402300800;

export function responseToCanonical(
  dialect: ChatDialect,
  completion: CompletionDialect,
  response: unknown,
): ToCanonicalResult {
  return runToCanonical((problems) => readCompletion(dialect, completion, response, problems));
}

function readCompletion(
  dialect: ChatDialect,
  completion: CompletionDialect,
  response: unknown,
  problems: Problems,
): { document: Transcript; provenance: Provenance } | undefined {
  if (!isJsonObject(response)) {
    problems.error("", completion.notObject);
    return undefined;
  }
  const error = completion.errorBody(response);
  if (error !== undefined) {
    problems.error(error.path, `an error body, not a completion: ${error.message}`);
    return undefined;
  }
  const reader = new FieldReader(response, "", problems);
  const topAbsent: string[] = [];
  const id = reader.string("id", { required: true });
  if (!reader.has("object")) topAbsent.push("object");
  else if (response["object"] === "chat.completion") reader.take("object");
  const created = response["created"];
  let createdAt: string | undefined;
  if (typeof created === "number" && Number.isSafeInteger(created) && created >= 0 && created < latestCreated) {
    reader.take("created");
    createdAt = new Date(created * 1000).toISOString();
  } else if (!reader.has("created")) topAbsent.push("created");
  const model = reader.string("model", { required: true });
  const choices = reader.array("choices", { required: true });
  if (choices !== undefined && choices.length !== 1)
    problems.error(
      reader.at("choices"),
      `must hold exactly one choice (it holds ${choices.length}); convert each choice as its own response`,
    );
  let usage: Message["usage"];
  if (isJsonObject(response["usage"])) {
    usage = normalizeUsage(completion.usageProvider, response["usage"]);
    if (usage !== undefined) reader.take("usage");
  }
  const choice = choices?.[0];
  if (problems.errors.length > 0 || !isJsonObject(choice)) {
    if (choices?.length === 1) problems.error(pointer("", "choices", 0), "must be an object");
    return undefined;
  }
  const choicePath = pointer("", "choices", 0);
  const choiceReader = new FieldReader(choice, choicePath, problems);
  const choiceAbsent: string[] = [];
  if (choice["index"] === 0) choiceReader.take("index");
  else if (!choiceReader.has("index")) choiceAbsent.push("index");
  const nativeFinish = typeof choice["finish_reason"] === "string" ? choiceReader.string("finish_reason") : undefined;
  if (!choiceReader.has("finish_reason")) choiceAbsent.push("finish_reason");
  if (completion.logprobs) {
    if (choice["logprobs"] === null) choiceReader.take("logprobs");
    else if (!choiceReader.has("logprobs")) choiceAbsent.push("logprobs");
  }
  const nativeMessage = choiceReader.object("message", { required: true });
  if (nativeMessage === undefined) return undefined;
  const messagePath = choiceReader.at("message");
  const messageReader = new FieldReader(nativeMessage, messagePath, problems);
  const parts = readCompletionMessage(dialect, completion, messageReader, problems);

  const message: Message = { role: "assistant", parts: parts.parts };
  if (model !== undefined) message.model = model;
  if (id !== undefined && id !== "") message.response_id = id;
  if (createdAt !== undefined) message.created_at = createdAt;
  if (nativeFinish !== undefined) {
    message.finish_reason = Object.hasOwn(completion.finishReasons, nativeFinish)
      ? completion.finishReasons[nativeFinish]
      : "other";
    message.native_finish_reason = nativeFinish;
  }
  if (usage !== undefined) message.usage = usage;
  const fields: JsonObject = { ...(reader.rest() ?? {}) };
  if (id === "") fields["id"] = "";
  const choiceFields = providerEntry(choiceReader.rest(), choiceAbsent.length > 0 ? { absent: choiceAbsent } : {});
  if (choiceFields !== undefined) fields["choice"] = choiceFields;
  const messageFields = providerEntry(messageReader.rest(), parts.shape);
  if (messageFields !== undefined) fields["message"] = messageFields;
  const entry = providerEntry(fields, topAbsent.length > 0 ? { absent: topAbsent } : {});
  if (entry !== undefined)
    message.provider_fields = {
      [dialect.provider]: completion.fieldsKey === undefined ? entry : { [completion.fieldsKey]: entry },
    };
  const document: Transcript = {
    schema_version: formatVersion,
    id: id !== undefined && id !== "" ? id : `${dialect.format}-${fingerprint(response)}`,
    source: { format: dialect.format },
    messages: [message],
  };
  const provenance = emptyProvenance();
  provenance.messages.push(messagePath);
  provenance.parts.push(message.parts.map(() => ({ path: messagePath, sameShape: false })));
  return { document, provenance };
}

/** The parts of a completion's message, and the `$shape` of its kept fields. */
function readCompletionMessage(
  dialect: ChatDialect,
  completion: CompletionDialect,
  reader: FieldReader,
  problems: Problems,
): { parts: Part[]; shape: ChatShape } {
  const value = reader.value;
  const absent: string[] = [];
  let listMarked = false;
  if (value["role"] === "assistant") reader.take("role");
  else if (!reader.has("role")) absent.push("role");
  const parts: Part[] = [];
  for (const field of dialect.messages.reasoningFields) {
    if (typeof value[field] === "string")
      parts.push(
        withFields(dialect.provider, { type: "reasoning", text: reader.string(field) ?? "" }, undefined, { field }),
      );
  }
  const contentWritten = completion.alwaysWritten.includes("content");
  if (contentWritten && !reader.has("content")) absent.push("content");
  const content = value["content"];
  if (content === null) {
    if (contentWritten) reader.take("content");
  } else if (typeof content === "string") {
    reader.take("content");
    const text: Part = { type: "text", text: content };
    const citations = completion.citations ? readCitations(value["annotations"]) : undefined;
    if (citations !== undefined) {
      reader.take("annotations");
      text.citations = citations;
    }
    parts.push(text);
  } else if (Array.isArray(content) && completion.content === "string-or-list") {
    reader.take("content");
    const listed = readContentList(dialect, content, reader.at("content"), problems);
    append(parts, listed);
    const only = listed[0];
    if (listed.length === 0 || (listed.length === 1 && only?.type === "text" && only.provider_fields === undefined))
      listMarked = true;
  }
  if (dialect.messages.refusalField) {
    if (completion.alwaysWritten.includes("refusal") && !reader.has("refusal")) absent.push("refusal");
    if (value["refusal"] === null) reader.take("refusal");
    else if (typeof value["refusal"] === "string")
      parts.push({ type: "refusal", text: reader.string("refusal") ?? "" });
  }
  const calls =
    Array.isArray(value["tool_calls"]) && value["tool_calls"].length > 0 ? reader.array("tool_calls") : undefined;
  calls?.forEach((call, index) => {
    const part = readToolCall(dialect, call, pointer(reader.path, "tool_calls", index), problems);
    if (part !== undefined) parts.push(part);
  });
  const shape: ChatShape = {};
  if (absent.length > 0) shape.absent = absent;
  if (listMarked) shape[dialect.contentListMarker] = true;
  return { parts, shape };
}

/** url_citation annotations as citations, when every annotation is exactly one (else they stay verbatim). */
function readCitations(value: unknown): Citation[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const citations: Citation[] = [];
  for (const item of value) {
    if (!isJsonObject(item) || item["type"] !== "url_citation" || Object.keys(item).length !== 2) return undefined;
    const inner = item["url_citation"];
    if (!isJsonObject(inner) || Object.keys(inner).length !== 4) return undefined;
    const { url, title, start_index: start, end_index: end } = inner;
    if (typeof url !== "string" || typeof title !== "string" || !isIndex(start) || !isIndex(end)) return undefined;
    citations.push({ kind: "url", url, title, start_index: start, end_index: end });
  }
  return citations;
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

function nativeFinishFor(
  dialect: ChatDialect,
  completion: CompletionDialect,
  message: Tolerant.Message,
  kept: JsonObject | undefined,
  path: string,
  problems: Problems,
): string | undefined {
  const native = message.native_finish_reason;
  const reason = message.finish_reason;
  const written = completion.writtenFinishReasons;
  if (native !== undefined) {
    const table = completion.finishReasons;
    const mapped = Object.hasOwn(table, native) ? table[native] : undefined;
    const keep =
      completion.nativeFinish === "with-kept-fields"
        ? kept !== undefined || written.includes(native)
        : reason === undefined || mapped === reason || (mapped === undefined && reason === "other");
    if (keep) return native;
  }
  if (reason === undefined) return undefined;
  if (written.includes(reason)) return reason;
  const fallback = Object.hasOwn(completion.finishFallbacks, reason) ? completion.finishFallbacks[reason] : "stop";
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `${dialect.shortLabel} has no ${reason} finish reason; written as ${fallback}`,
  );
  return fallback;
}

function usageFor(
  dialect: ChatDialect,
  completion: CompletionDialect,
  usage: Tolerant.Message["usage"],
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (usage === undefined) return undefined;
  if (usage.raw?.provider === completion.usageProvider && isJsonObject(usage.raw.usage))
    return cloneJson(usage.raw.usage);
  const native: JsonObject = {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.total_tokens ?? usage.input_tokens + usage.output_tokens,
  };
  if (usage.cache_read_tokens !== undefined)
    native["prompt_tokens_details"] = { cached_tokens: usage.cache_read_tokens };
  if (usage.reasoning_tokens !== undefined)
    native["completion_tokens_details"] = { reasoning_tokens: usage.reasoning_tokens };
  if (usage.cache_write_tokens !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "usage", "cache_write_tokens"),
      `${dialect.shortLabel} usage has no cache-write count`,
    );
  if (usage.raw !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "usage", "raw"),
      `the raw ${usage.raw.provider} usage has no ${dialect.shortLabel} form; the normalised counts are written`,
    );
  return native;
}

const mappedResponseMessageFields = [
  "role",
  "parts",
  "model",
  "response_id",
  "created_at",
  "finish_reason",
  "native_finish_reason",
  "usage",
  "provider_fields",
];

/** The member's completion for a document's last assistant message; `Response` is the member's native type. */
export function responseFromCanonical<Response>(
  dialect: ChatDialect,
  completion: CompletionDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Response> {
  return runFromCanonical(document, options, (input, problems) =>
    writeCompletion<Response>(dialect, completion, input, options, problems),
  );
}

function writeCompletion<Response>(
  dialect: ChatDialect,
  completion: CompletionDialect,
  input: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
): Response | undefined {
  const document = ownDocument(dialect, input, problems);
  const picked = responseMessage(document, "completion", problems);
  if (picked === undefined) return undefined;
  const { message, path } = picked;
  reportUnmapped(document, ["schema_version", "id", "source", "producer", "messages"], "", completion.label, problems);
  reportUnmapped(message, mappedResponseMessageFields, path, completion.label, problems);
  const own = targetFields(dialect.provider, dialect.label, message.provider_fields, path, problems);
  let kept = own;
  const fieldsKey = completion.fieldsKey;
  if (fieldsKey !== undefined) {
    kept = keptInner(own, fieldsKey);
    for (const key of Object.keys(own ?? {})) {
      if (key !== fieldsKey)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", dialect.provider, key),
          `provider_fields.${dialect.provider}.${key} of a message is a request field; a completion has no place for it`,
        );
    }
  }
  const context: WriteContext = { problems, options, ids: new TurnCallIds(dialect.idRule), response: true };
  const fields = collectAssistant(dialect, message, path, context);
  const messageFields = keptInner(kept, "message");

  const nativeMessage: JsonObject = { role: "assistant" };
  for (const { field, text } of fields.reasoning) nativeMessage[field] = text;
  if (completion.content === "string") {
    const texts: string[] = [];
    for (const part of fields.content) {
      if (part["type"] === "text" && typeof part["text"] === "string") texts.push(part["text"]);
      else
        problems.warn(
          "part-dropped",
          path,
          `${withIndefiniteArticle(`${String(part["type"])} content entry`)} has no place in a completion message, whose content is a string`,
        );
    }
    if (texts.length > 1)
      problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
    nativeMessage["content"] = texts.length > 0 ? texts.join("") : null;
  } else {
    const content = contentValue(
      fields.content,
      fields.needsList,
      shapeOf<ChatShape>(messageFields)?.[dialect.contentListMarker],
    );
    if (content !== undefined) nativeMessage["content"] = content;
  }
  if (dialect.messages.refusalField) nativeMessage["refusal"] = fields.refusal ?? null;
  if (fields.toolCalls.length > 0) nativeMessage["tool_calls"] = fields.toolCalls.map((call) => call.native);
  if (completion.citations) {
    const annotations = annotationsFor(message, path, problems);
    if (annotations !== undefined) nativeMessage["annotations"] = annotations;
  }
  fillMissing(nativeMessage, messageFields);
  dropAbsent(nativeMessage, shapeOf(messageFields));

  const choice: JsonObject = completion.logprobs
    ? { message: nativeMessage, logprobs: null }
    : { index: 0, message: nativeMessage };
  const finishReason = nativeFinishFor(dialect, completion, message, kept, path, problems);
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  const choiceFields = keptInner(kept, "choice");
  fillMissing(choice, choiceFields);
  if (!Object.hasOwn(choice, "index")) choice["index"] = 0;
  // A kept finish_reason (null: a stream cut short) wins over the default.
  if (!Object.hasOwn(choice, "finish_reason")) choice["finish_reason"] = "stop";
  dropAbsent(choice, shapeOf(choiceFields));

  const native: JsonObject = {
    id: message.response_id ?? "",
    object: "chat.completion",
    model: message.model ?? "",
    choices: [choice],
  };
  if (message.response_id === undefined && kept?.["id"] === undefined)
    problems.warn("value-assumed", pointer(path, "response_id"), "the message has no response id; id is written empty");
  if (message.model === undefined)
    problems.warn("value-assumed", pointer(path, "model"), "the message names no model; model is written empty");
  if (message.created_at !== undefined) native["created"] = Math.floor(Date.parse(message.created_at) / 1000);
  else if (kept?.["created"] === undefined) native["created"] = 0;
  const usage = usageFor(dialect, completion, message.usage, path, problems);
  if (usage !== undefined) native["usage"] = usage;
  const top: JsonObject = {};
  for (const [key, item] of Object.entries(kept ?? {}))
    if (key !== "choice" && key !== "message") setField(top, key, item);
  if (Object.hasOwn(top, "id")) native["id"] = top["id"];
  fillMissing(native, top);
  dropAbsent(native, shapeOf(kept));
  return native as unknown as Response;
}

/** The url citations of the message's text parts as `annotations`; any other citation is reported dropped. */
function annotationsFor(message: Tolerant.Message, path: string, problems: Problems): JsonObject[] | undefined {
  const annotations: JsonObject[] = [];
  message.parts.forEach((part, index) => {
    if (!isKnownPart(part) || part.type !== "text" || part.citations === undefined) return;
    part.citations.forEach((citation, citationIndex) => {
      const { url, title, start_index: start, end_index: end } = citation;
      if (
        citation.kind === "url" &&
        url !== undefined &&
        title !== undefined &&
        start !== undefined &&
        end !== undefined &&
        Object.keys(citation).length === 5
      ) {
        annotations.push({ type: "url_citation", url_citation: { end_index: end, start_index: start, title, url } });
      } else
        problems.warn(
          "field-dropped",
          pointer(path, "parts", index, "citations", citationIndex),
          "Chat annotations carry url citations with a title and range only",
        );
    });
  });
  return annotations.length > 0 ? annotations : undefined;
}
