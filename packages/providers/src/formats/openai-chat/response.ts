/**
 * OpenAI Chat Completions responses and streams ↔ a canonical document with one assistant message.
 *
 * Response → canonical: `choices[0]` (a response with several choices is refused: convert each choice as its own
 * response) → the assistant message; `id` → response_id, `model` → model, `created` (Unix seconds) → created_at,
 * `finish_reason` → finish_reason (`function_call` → tool_calls) with the native one kept, `usage` →
 * normalizeUsage("openai-chat") with the raw usage kept, `message.annotations` of url citations → citations of the
 * text part. The message's provider_fields.openai holds the response's other fields (`system_fingerprint`,
 * `service_tier`, Groq's `x_groq`, `moderation`, …), `choice` the choice's (`logprobs`), `message` the message's
 * (`refusal: null`, `annotations: []`, Gemini's `extra_content` and `thought_signature`, audio), each with a
 * `$shape.absent` list of the fields the SDK type requires that the source did not send (`refusal`, `logprobs` on
 * compatible servers), so the response comes back exactly.
 *
 * An error body (`{ "error": { … } }`) is not a response: it is refused with the provider's message, so a caller
 * records it as the run's error rather than as a message.
 *
 * Streams: the chunks are folded into the response they stand for (content, refusal and reasoning deltas joined,
 * tool-call deltas joined by index, the last finish_reason, the usage chunk, the other fields as the last chunk that
 * had them), which then converts like a response. The per-chunk `obfuscation` padding (random text against length
 * side channels) is not content and is left out, with a warning. streamFromCanonical writes one chunk per field and
 * tool call, then the finish chunk, then the usage chunk.
 */
import type { Citation, Message, Part, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, isKnownPart, normalizeUsage } from "@agent-transcript/core";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
import { withoutForeignOpenaiFields } from "../../conversion/index.js";
import {
  cloneJson,
  FieldReader,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  fingerprint,
  guard,
  isJsonObject,
  pointer,
  setField,
  type ToCanonicalResult,
  type JsonObject,
} from "../../conversion/index.js";
import { dropAbsent, fillMissing, providerEntry, shapeOf, type Shape } from "./native-fields.js";
import { idRules } from "../../conversion/index.js";
import { TurnCallIds } from "../../conversion/index.js";
import { collectAssistant, reportFields, targetFields, type WriteContext } from "./request-export.js";
import { importToolCall, provider, reasoningFields, withFields } from "./request-import.js";

const chatFinishReasons = ["stop", "length", "tool_calls", "content_filter", "function_call"] as const;

function canonicalFinish(native: string): Message["finish_reason"] {
  if (native === "function_call") return "tool_calls";
  return (chatFinishReasons as readonly string[]).includes(native) ? (native as Message["finish_reason"]) : "other";
}

function level(rest: JsonObject | undefined, absent: string[]): JsonObject | undefined {
  return providerEntry(rest, absent.length > 0 ? { absent } : {});
}

export function responseToCanonical(response: unknown): ToCanonicalResult {
  const problems = new Problems();
  if (!isJsonObject(response)) {
    problems.error("", "must be a chat completion object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  if (Object.hasOwn(response, "error") && !Object.hasOwn(response, "choices")) {
    const error = response["error"];
    const message =
      isJsonObject(error) && typeof error["message"] === "string" ? error["message"] : JSON.stringify(error);
    problems.error("/error", `an error body, not a completion: ${message}`);
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const reader = new FieldReader(response, "", problems);
  const topAbsent: string[] = [];
  const id = reader.string("id", { required: true });
  if (!reader.has("object")) topAbsent.push("object");
  if (reader.value["object"] === "chat.completion") reader.take("object");
  const created = reader.value["created"];
  let createdAt: string | undefined;
  if (typeof created === "number" && Number.isSafeInteger(created) && created >= 0 && created < 253402300800) {
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
  if (isJsonObject(reader.value["usage"])) {
    usage = normalizeUsage("openai-chat", reader.value["usage"]);
    if (usage !== undefined) reader.take("usage");
  }
  const choice = choices?.[0];
  if (problems.errors.length > 0 || !isJsonObject(choice)) {
    if (choices?.length === 1) problems.error(pointer("", "choices", 0), "must be an object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const choicePath = pointer("", "choices", 0);
  const choiceReader = new FieldReader(choice, choicePath, problems);
  const choiceAbsent: string[] = [];
  if (choice["index"] === 0) choiceReader.take("index");
  else if (!choiceReader.has("index")) choiceAbsent.push("index");
  const nativeFinish = typeof choice["finish_reason"] === "string" ? choiceReader.string("finish_reason") : undefined;
  if (!choiceReader.has("finish_reason")) choiceAbsent.push("finish_reason");
  if (choice["logprobs"] === null) choiceReader.take("logprobs");
  else if (!choiceReader.has("logprobs")) choiceAbsent.push("logprobs");
  const nativeMessage = choiceReader.object("message", { required: true });
  if (nativeMessage === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const messagePath = choiceReader.at("message");
  const messageReader = new FieldReader(nativeMessage, messagePath, problems);
  const messageAbsent: string[] = [];
  if (nativeMessage["role"] === "assistant") messageReader.take("role");
  else if (!messageReader.has("role")) messageAbsent.push("role");
  const parts: Part[] = [];
  for (const field of reasoningFields) {
    if (typeof nativeMessage[field] === "string")
      parts.push(withFields({ type: "reasoning", text: messageReader.string(field) ?? "" }, undefined, { field }));
  }
  if (!messageReader.has("content")) messageAbsent.push("content");
  const content = nativeMessage["content"];
  if (content === null) messageReader.take("content");
  else if (typeof content === "string") {
    const text: Part = { type: "text", text: messageReader.string("content") ?? "" };
    const citations = readCitations(nativeMessage["annotations"]);
    if (citations !== undefined) {
      messageReader.take("annotations");
      text.citations = citations;
    }
    parts.push(text);
  }
  if (!messageReader.has("refusal")) messageAbsent.push("refusal");
  if (nativeMessage["refusal"] === null) messageReader.take("refusal");
  else if (typeof nativeMessage["refusal"] === "string")
    parts.push({ type: "refusal", text: messageReader.string("refusal") ?? "" });
  const calls =
    Array.isArray(nativeMessage["tool_calls"]) && nativeMessage["tool_calls"].length > 0
      ? messageReader.array("tool_calls")
      : undefined;
  calls?.forEach((call, index) => {
    const part = importToolCall(call, pointer(messagePath, "tool_calls", index), problems);
    if (part !== undefined) parts.push(part);
  });

  const message: Message = { role: "assistant", parts };
  if (model !== undefined) message.model = model;
  if (id !== undefined && id !== "") message.response_id = id;
  if (createdAt !== undefined) message.created_at = createdAt;
  if (nativeFinish !== undefined) {
    const canonical = canonicalFinish(nativeFinish);
    if (canonical !== undefined) message.finish_reason = canonical;
    message.native_finish_reason = nativeFinish;
  }
  if (usage !== undefined) message.usage = usage;
  const fields: JsonObject = { ...(reader.rest() ?? {}) };
  if (id === "") fields["id"] = "";
  const choiceFields = level(choiceReader.rest(), choiceAbsent);
  if (choiceFields !== undefined) fields["choice"] = choiceFields;
  const messageFields = level(messageReader.rest(), messageAbsent);
  if (messageFields !== undefined) fields["message"] = messageFields;
  const entry = providerEntry(fields, topAbsent.length > 0 ? { absent: topAbsent } : {});
  if (entry !== undefined) message.provider_fields = { [provider]: entry };
  const document: Transcript = {
    schema_version: formatVersion,
    id: id !== undefined && id !== "" ? id : `openai-chat-${fingerprint(response)}`,
    source: { format: "openai-chat" },
    messages: [message],
  };
  const provenance = emptyProvenance();
  provenance.messages.push(messagePath);
  provenance.parts.push(parts.map(() => ({ path: messagePath, sameShape: false })));
  return finishToCanonical(document, provenance, problems);
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

function nativeFinishFor(
  message: Tolerant.Message,
  own: JsonObject | undefined,
  path: string,
  problems: Problems,
): string | undefined {
  const native = message.native_finish_reason;
  if (native !== undefined && (own !== undefined || (chatFinishReasons as readonly string[]).includes(native)))
    return native;
  const reason = message.finish_reason;
  if (reason === undefined) return undefined;
  if ((chatFinishReasons as readonly string[]).includes(reason)) return reason;
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `Chat has no ${reason} finish reason; written as ${reason === "refusal" ? "content_filter" : "stop"}`,
  );
  return reason === "refusal" ? "content_filter" : "stop";
}

function usageFor(usage: Tolerant.Message["usage"], path: string, problems: Problems): JsonObject | undefined {
  if (usage === undefined) return undefined;
  if (usage.raw?.provider === "openai-chat" && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
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
    problems.warn("field-dropped", pointer(path, "usage", "cache_write_tokens"), "Chat usage has no cache-write count");
  if (usage.raw !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "usage", "raw"),
      `the raw ${usage.raw.provider} usage has no Chat form; the normalised counts are written`,
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

export function responseFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatCompletion> {
  return guard(
    () => convertResponse(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convertResponse(input: unknown, options: FromCanonicalOptions): FromCanonicalResult<ChatCompletion> {
  const problems = new Problems();
  if (!checkCanonicalInput(input, problems)) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const document = withoutForeignOpenaiFields(input, "openai-chat", "OpenAI Chat", problems);
  const index = document.messages.findLastIndex((message) => message.role === "assistant");
  const message = document.messages[index];
  if (message === undefined) {
    problems.error("/messages", "holds no assistant message to write as a completion");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  document.messages.forEach((_, other) => {
    if (other !== index)
      problems.warn(
        "message-dropped",
        pointer("", "messages", other),
        "a completion holds one assistant message; this message is not part of it",
      );
  });
  reportFields(document, ["schema_version", "id", "source", "producer", "messages"], "", problems, "chat completion");
  const path = pointer("", "messages", index);
  reportFields(message, mappedResponseMessageFields, path, problems, "chat completion");
  const own = targetFields(message.provider_fields, path, problems);
  const context: WriteContext = { problems, options, ids: new TurnCallIds(idRules.openaiChat), response: true };
  const fields = collectAssistant(message, path, context);

  const nativeMessage: JsonObject = { role: "assistant" };
  for (const { field, text } of fields.reasoning) nativeMessage[field] = text;
  const texts: string[] = [];
  for (const part of fields.content) {
    if (part["type"] === "text" && typeof part["text"] === "string") texts.push(part["text"]);
    else
      problems.warn(
        "part-dropped",
        path,
        `a ${String(part["type"])} content entry has no place in a completion message, whose content is a string`,
      );
  }
  if (texts.length > 1)
    problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
  nativeMessage["content"] = texts.length > 0 ? texts.join("") : null;
  nativeMessage["refusal"] = fields.refusal ?? null;
  if (fields.toolCalls.length > 0) nativeMessage["tool_calls"] = fields.toolCalls.map((call) => call.native);
  const annotations = annotationsFor(message, path, problems);
  if (annotations !== undefined) nativeMessage["annotations"] = annotations;
  const messageFields = isJsonObject(own?.["message"]) ? own["message"] : undefined;
  fillMissing(nativeMessage, messageFields);
  dropAbsent(nativeMessage, shapeOf(messageFields));

  const choice: JsonObject = { message: nativeMessage, logprobs: null };
  const finishReason = nativeFinishFor(message, own, path, problems);
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  const choiceFields = isJsonObject(own?.["choice"]) ? own["choice"] : undefined;
  fillMissing(choice, choiceFields);
  if (!Object.hasOwn(choice, "index")) choice["index"] = 0;
  if (!Object.hasOwn(choice, "finish_reason")) choice["finish_reason"] = "stop";
  dropAbsent(choice, shapeOf(choiceFields));

  const completion: JsonObject = {
    id: message.response_id ?? "",
    object: "chat.completion",
    model: message.model ?? "",
    choices: [choice],
  };
  if (message.response_id === undefined && own?.["id"] === undefined)
    problems.warn("value-assumed", pointer(path, "response_id"), "the message has no response id; id is written empty");
  if (message.model === undefined)
    problems.warn("value-assumed", pointer(path, "model"), "the message names no model; model is written empty");
  if (message.created_at !== undefined) completion["created"] = Math.floor(Date.parse(message.created_at) / 1000);
  else if (own?.["created"] === undefined) completion["created"] = 0;
  const usage = usageFor(message.usage, path, problems);
  if (usage !== undefined) completion["usage"] = usage;
  const top: JsonObject = {};
  for (const [key, item] of Object.entries(own ?? {}))
    if (key !== "choice" && key !== "message") setField(top, key, item);
  if (Object.hasOwn(top, "id")) completion["id"] = top["id"];
  fillMissing(completion, top);
  dropAbsent(completion, shapeOf(own));
  return finishFromCanonical(completion as unknown as ChatCompletion, problems.warnings, options);
}

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

/** Folds chunks into the completion they stand for. */
function foldChunks(chunks: readonly unknown[], problems: Problems): JsonObject | undefined {
  const top: JsonObject = {};
  const choice: JsonObject = {};
  const message: JsonObject = {};
  const texts: Record<string, string | null> = {};
  const calls = new Map<number, { call: JsonObject; fn: JsonObject; name?: string; args: string }>();
  const logprobs: unknown[] = [];
  let usage: unknown;
  let obfuscated = 0;
  let choiceIndex: unknown;
  let finishReason: string | null | undefined;
  chunks.forEach((chunk, index) => {
    const path = pointer("", index);
    if (!isJsonObject(chunk)) {
      problems.error(path, "must be a chat completion chunk object");
      return;
    }
    for (const [key, value] of Object.entries(chunk)) {
      if (key === "choices") continue;
      if (key === "usage") {
        if (value !== null) usage = value;
      } else if (key === "obfuscation") obfuscated += 1;
      else if (key === "object") setField(top, key, value === "chat.completion.chunk" ? "chat.completion" : value);
      else setField(top, key, cloneJson(value));
    }
    const choices = chunk["choices"];
    if (!Array.isArray(choices)) {
      if (Object.hasOwn(chunk, "choices")) problems.error(pointer(path, "choices"), "must be an array");
      return;
    }
    choices.forEach((item, position) => {
      const choicePath = pointer(path, "choices", position);
      if (!isJsonObject(item)) {
        problems.error(choicePath, "must be an object");
        return;
      }
      if (choiceIndex !== undefined && item["index"] !== choiceIndex) {
        problems.error(
          pointer(choicePath, "index"),
          "a stream of several choices: convert each choice's chunks on their own",
        );
        return;
      }
      choiceIndex = item["index"];
      for (const [key, value] of Object.entries(item)) {
        if (key === "delta" || key === "index") continue;
        if (key === "finish_reason") {
          if (typeof value === "string" || finishReason === undefined)
            finishReason = typeof value === "string" ? value : null;
        } else if (key === "logprobs") logprobs.push(value);
        else setField(choice, key, cloneJson(value));
      }
      const delta = item["delta"];
      if (!isJsonObject(delta)) return;
      for (const [key, value] of Object.entries(delta)) {
        if (key === "content" || key === "refusal" || (reasoningFields as readonly string[]).includes(key)) {
          if (typeof value === "string") texts[key] = (texts[key] ?? "") + value;
          else if (value === null && !Object.hasOwn(texts, key)) texts[key] = null;
          else if (value !== null) problems.error(pointer(choicePath, "delta", key), "must be a string or null");
        } else if (key === "tool_calls" && Array.isArray(value))
          foldToolCalls(value, pointer(choicePath, "delta", key), calls, problems);
        else if (key === "annotations" && Array.isArray(value) && Array.isArray(message[key]))
          message[key] = [...(message[key] as unknown[]), ...cloneJson(value)];
        else setField(message, key, cloneJson(value));
      }
    });
  });
  if (obfuscated > 0)
    problems.warn(
      "field-dropped",
      "/0/obfuscation",
      `the obfuscation padding of ${obfuscated} chunks is random filler against length side channels, not content; it is left out`,
    );
  if (problems.errors.length > 0) return undefined;
  for (const [key, value] of Object.entries(texts)) setField(message, key, value);
  if (calls.size > 0) {
    message["tool_calls"] = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, entry]) => {
        const fn: JsonObject = { ...entry.fn, name: entry.name ?? "", arguments: entry.args };
        return { ...entry.call, id: typeof entry.call["id"] === "string" ? entry.call["id"] : "", function: fn };
      });
  }
  if (choiceIndex !== undefined) choice["index"] = choiceIndex;
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  if (logprobs.length > 0) choice["logprobs"] = foldLogprobs(logprobs);
  choice["message"] = message;
  const completion: JsonObject = { ...top, choices: [choice] };
  if (usage !== undefined) completion["usage"] = usage;
  return completion;
}

function foldToolCalls(
  deltas: unknown[],
  path: string,
  calls: Map<number, { call: JsonObject; fn: JsonObject; name?: string; args: string }>,
  problems: Problems,
): void {
  deltas.forEach((delta, position) => {
    if (!isJsonObject(delta) || typeof delta["index"] !== "number") {
      problems.error(pointer(path, position), "must be a tool call delta with an index");
      return;
    }
    const entry = calls.get(delta["index"]) ?? { call: {}, fn: {}, args: "" };
    calls.set(delta["index"], entry);
    for (const [key, value] of Object.entries(delta)) {
      if (key === "index") continue;
      if (key === "function" && isJsonObject(value)) {
        for (const [fnKey, fnValue] of Object.entries(value)) {
          if (fnKey === "arguments" && typeof fnValue === "string") entry.args += fnValue;
          else if (fnKey === "name" && typeof fnValue === "string")
            entry.name = entry.name === undefined || entry.name === "" ? fnValue : entry.name;
          else setField(entry.fn, fnKey, cloneJson(fnValue));
        }
      } else if (key === "id") {
        if (typeof value === "string" && (typeof entry.call["id"] !== "string" || entry.call["id"] === ""))
          entry.call["id"] = value;
      } else setField(entry.call, key, cloneJson(value));
    }
  });
}

function foldLogprobs(values: unknown[]): unknown {
  const objects = values.filter(isJsonObject);
  if (objects.length === 0) return null;
  if (objects.length === 1) return cloneJson(objects[0]);
  const join = (key: string): unknown[] | null => {
    const lists = objects.map((item) => item[key]).filter(Array.isArray);
    return lists.length === 0 ? null : lists.flat().map((item: unknown) => cloneJson(item));
  };
  return { content: join("content"), refusal: join("refusal") };
}

export function streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      if (!Array.isArray(chunks))
        return { ok: false, errors: [{ path: "", message: "must be an array of chunks" }], warnings: [] };
      const completion = foldChunks(chunks, problems);
      if (completion === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const result = responseToCanonical(completion);
      return result.ok
        ? { ...result, warnings: [...problems.warnings, ...result.warnings] }
        : { ok: false, errors: result.errors, warnings: [...problems.warnings, ...result.warnings] };
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

export function streamFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatCompletionChunk[]> {
  const result = responseFromCanonical(document, options);
  if (!result.ok) return result;
  return { ok: true, value: chunksFor(result.value as unknown as JsonObject), warnings: result.warnings };
}

/** The chunks a server would stream for a completion: they fold back into exactly that completion. */
function chunksFor(completion: JsonObject): ChatCompletionChunk[] {
  const base: JsonObject = {};
  for (const [key, value] of Object.entries(completion)) {
    if (key === "choices" || key === "usage") continue;
    setField(base, key, key === "object" && value === "chat.completion" ? "chat.completion.chunk" : cloneJson(value));
  }
  const choices = Array.isArray(completion["choices"]) ? completion["choices"] : [];
  const choice = isJsonObject(choices[0]) ? choices[0] : {};
  const message = isJsonObject(choice["message"]) ? choice["message"] : {};
  const index = choice["index"] ?? 0;
  const hasFinish = Object.hasOwn(choice, "finish_reason");
  const chunk = (delta: JsonObject, extra: JsonObject = {}): JsonObject => ({
    ...cloneJson(base),
    choices: [{ index, delta, ...(hasFinish ? { finish_reason: null } : {}), ...extra }],
  });
  const first: JsonObject = {};
  const later: JsonObject[] = [];
  for (const [key, value] of Object.entries(message)) {
    if (key === "tool_calls") continue;
    if ((reasoningFields as readonly string[]).includes(key) && typeof value === "string") later.push({ [key]: value });
    else setField(first, key, cloneJson(value));
  }
  const chunks: JsonObject[] = [chunk(first), ...later.map((delta) => chunk(delta))];
  const calls = Array.isArray(message["tool_calls"]) ? message["tool_calls"] : [];
  calls.forEach((call, position) => {
    if (!isJsonObject(call)) return;
    const fn = isJsonObject(call["function"]) ? call["function"] : {};
    const { arguments: args, ...fnRest } = fn;
    chunks.push(
      chunk({
        tool_calls: [{ ...cloneJson(call), index: position, function: { ...cloneJson(fnRest), arguments: "" } }],
      }),
    );
    if (typeof args === "string" && args !== "")
      chunks.push(chunk({ tool_calls: [{ index: position, function: { arguments: args } }] }));
  });
  const closing: JsonObject = {};
  for (const [key, value] of Object.entries(choice))
    if (key !== "message" && key !== "index") setField(closing, key, cloneJson(value));
  chunks.push({ ...cloneJson(base), choices: [{ index, delta: {}, ...closing }] });
  if (completion["usage"] !== undefined)
    chunks.push({ ...cloneJson(base), choices: [], usage: cloneJson(completion["usage"]) });
  return chunks as unknown as ChatCompletionChunk[];
}

export type { Shape };
