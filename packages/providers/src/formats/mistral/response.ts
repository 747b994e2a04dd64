/**
 * Mistral chat completions and their streams ↔ a canonical document with one assistant message.
 *
 * Response → canonical: `choices[0].message` (a response with several choices is refused: convert each on its own)
 * → the assistant message, its content chunks and tool calls as in requests (content.ts; thinking is reasoning
 * issued by Mistral); `id` → response_id, `model`, `created` (Unix seconds) → created_at, `finish_reason` →
 * finish_reason (`model_length` → length, `error` → error, unknown → other) with the native one kept, `usage` →
 * `normalizeUsage("mistral")` with the raw usage kept. Everything else of the response, the choice and the message
 * (`tool_calls: null`, a tool call's `index`) is kept in the message's `provider_fields.mistral.completion`, with the
 * fields the writer would add that the source did not have, so the response comes back exactly.
 *
 * An error body (`{ "object": "error", "message": … }`, `{ "detail": … }`, `{ "error": … }`) is no completion and is
 * refused with its message.
 *
 * Streams: the chunks fold into the completion they stand for (content deltas joined: strings into the text, chunk
 * lists chunk by chunk, consecutive thinking and text chunks merged; tool calls joined by `index`, a call without an
 * index being whole; the last finish_reason; the usage chunk; the other fields as the last chunk that had them),
 * which then converts like a response. streamFromCanonical writes a role chunk, one chunk per content chunk (or one
 * for string content), one per tool call, then the finish chunk with the usage.
 */
import type { Message, Part, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, normalizeUsage } from "@agent-transcript/core";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
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
import { idRules } from "../../conversion/index.js";
import { TurnCallIds } from "../../conversion/index.js";
import { contentValue, importChunk, importToolCall, type WriteContext } from "./content.js";
import {
  dropAbsent,
  fillMissing,
  provider,
  providerEntry,
  reportFields,
  shapeOf,
  targetFields,
  type Shape,
} from "./native-fields.js";
import { collectAssistant } from "./request.js";
import type { MistralChatChunk, MistralChatResponse } from "./types.js";

const finishReasons: Record<string, NonNullable<Message["finish_reason"]>> = {
  stop: "stop",
  length: "length",
  model_length: "length",
  tool_calls: "tool_calls",
  error: "error",
};

/** The canonical finish reason of a native one (own keys only: a reason named `constructor` is no table entry). */
function mappedFinish(native: string): NonNullable<Message["finish_reason"]> | undefined {
  return Object.hasOwn(finishReasons, native) ? finishReasons[native] : undefined;
}

/** The key of `provider_fields.mistral` that holds what a completion has beside its message's content. */
const completionKey = "completion";

function level(rest: JsonObject | undefined, shape: Shape): JsonObject | undefined {
  return providerEntry(rest, shape);
}

/** The message of an error body, or undefined when the value is not one. */
function errorMessage(value: JsonObject): string | undefined {
  if (Object.hasOwn(value, "choices")) return undefined;
  if (value["object"] === "error")
    return typeof value["message"] === "string" ? value["message"] : JSON.stringify(value);
  for (const key of ["error", "detail"]) {
    if (!Object.hasOwn(value, key)) continue;
    const detail = value[key];
    return isJsonObject(detail) && typeof detail["message"] === "string"
      ? detail["message"]
      : typeof detail === "string"
        ? detail
        : JSON.stringify(detail);
  }
  return undefined;
}

export function responseToCanonical(response: unknown): ToCanonicalResult {
  return guard(
    () => importResponse(response),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importResponse(response: unknown): ToCanonicalResult {
  const problems = new Problems();
  if (!isJsonObject(response)) {
    problems.error("", "must be a Mistral chat completion object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const error = errorMessage(response);
  if (error !== undefined) {
    problems.error(
      Object.hasOwn(response, "error") ? "/error" : Object.hasOwn(response, "detail") ? "/detail" : "",
      `an error body, not a completion: ${error}`,
    );
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const reader = new FieldReader(response, "", problems);
  const topAbsent: string[] = [];
  const id = reader.string("id", { required: true });
  if (!reader.has("object")) topAbsent.push("object");
  else if (response["object"] === "chat.completion") reader.take("object");
  const created = response["created"];
  let createdAt: string | undefined;
  if (typeof created === "number" && Number.isSafeInteger(created) && created >= 0 && created < 253402300800) {
    reader.take("created");
    createdAt = new Date(created * 1000).toISOString();
  } else if (!reader.has("created")) topAbsent.push("created");
  const model = reader.string("model", { required: true });
  let usage: Message["usage"];
  if (isJsonObject(response["usage"])) {
    usage = normalizeUsage("mistral", response["usage"]);
    if (usage !== undefined) reader.take("usage");
  }
  const choices = reader.array("choices", { required: true });
  if (choices !== undefined && choices.length !== 1)
    problems.error(
      reader.at("choices"),
      `must hold exactly one choice (it holds ${choices.length}); convert each choice as its own response`,
    );
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
  const nativeMessage = choiceReader.object("message", { required: true });
  if (nativeMessage === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const messagePath = choiceReader.at("message");
  const messageReader = new FieldReader(nativeMessage, messagePath, problems);
  const messageShape: Shape = {};
  if (nativeMessage["role"] === "assistant") messageReader.take("role");
  else if (!messageReader.has("role")) messageShape.absent = ["role"];
  const parts: Part[] = [];
  if (Array.isArray(nativeMessage["content"]) || typeof nativeMessage["content"] === "string") {
    const content = messageReader.take("content");
    if (typeof content === "string") parts.push({ type: "text", text: content });
    else if (Array.isArray(content)) {
      parts.push(
        ...content.flatMap(
          (entry, index) => importChunk(entry, pointer(messagePath, "content", index), problems) ?? [],
        ),
      );
      const only = parts[0];
      if (parts.length === 0 || (parts.length === 1 && only?.type === "text" && only.provider_fields === undefined))
        messageShape.content_list = true;
    }
  }
  if (Array.isArray(nativeMessage["tool_calls"]) && nativeMessage["tool_calls"].length > 0) {
    const calls = messageReader.array("tool_calls") ?? [];
    calls.forEach((call, index) => {
      const part = importToolCall(call, pointer(messagePath, "tool_calls", index), problems);
      if (part !== undefined) parts.push(part);
    });
  }
  const message: Message = { role: "assistant", parts };
  if (model !== undefined) message.model = model;
  if (id !== undefined && id !== "") message.response_id = id;
  if (createdAt !== undefined) message.created_at = createdAt;
  if (nativeFinish !== undefined) {
    message.finish_reason = mappedFinish(nativeFinish) ?? "other";
    message.native_finish_reason = nativeFinish;
  }
  if (usage !== undefined) message.usage = usage;
  const fields: JsonObject = { ...(reader.rest() ?? {}) };
  if (id === "") fields["id"] = "";
  const choiceFields = level(choiceReader.rest(), choiceAbsent.length > 0 ? { absent: choiceAbsent } : {});
  if (choiceFields !== undefined) fields["choice"] = choiceFields;
  const messageFields = level(messageReader.rest(), messageShape);
  if (messageFields !== undefined) fields["message"] = messageFields;
  const completion = providerEntry(fields, topAbsent.length > 0 ? { absent: topAbsent } : {});
  if (completion !== undefined) message.provider_fields = { [provider]: { [completionKey]: completion } };
  const document: Transcript = {
    schema_version: formatVersion,
    id: id !== undefined && id !== "" ? id : `mistral-${fingerprint(response)}`,
    source: { format: "mistral" },
    messages: [message],
  };
  const provenance = emptyProvenance();
  provenance.messages.push(messagePath);
  provenance.parts.push(parts.map(() => ({ path: messagePath, sameShape: false })));
  return finishToCanonical(document, provenance, problems);
}

function nativeFinishFor(message: Tolerant.Message, path: string, problems: Problems): string | undefined {
  const native = message.native_finish_reason;
  const reason = message.finish_reason;
  if (
    native !== undefined &&
    (reason === undefined ||
      mappedFinish(native) === reason ||
      (mappedFinish(native) === undefined && reason === "other"))
  )
    return native;
  if (reason === undefined) return undefined;
  if (reason === "stop" || reason === "length" || reason === "tool_calls" || reason === "error") return reason;
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `Mistral has no ${reason} finish reason; written as ${reason === "pause" ? "length" : "stop"}`,
  );
  return reason === "pause" ? "length" : "stop";
}

function usageFor(usage: Tolerant.Message["usage"], path: string, problems: Problems): JsonObject | undefined {
  if (usage === undefined) return undefined;
  if (usage.raw?.provider === "mistral" && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
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
      "Mistral usage has no cache-write count",
    );
  if (usage.raw !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "usage", "raw"),
      `the raw ${usage.raw.provider} usage has no Mistral form; the normalised counts are written`,
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
): FromCanonicalResult<MistralChatResponse> {
  return guard(
    () => convertResponse(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convertResponse(document: unknown, options: FromCanonicalOptions): FromCanonicalResult<MistralChatResponse> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
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
  reportFields(
    document,
    ["schema_version", "id", "source", "producer", "messages"],
    "",
    problems,
    "Mistral completion",
  );
  const path = pointer("", "messages", index);
  reportFields(message, mappedResponseMessageFields, path, problems, "Mistral completion");
  const own = targetFields(message.provider_fields, path, problems);
  const kept = isJsonObject(own?.[completionKey]) ? own[completionKey] : undefined;
  for (const key of Object.keys(own ?? {})) {
    if (key !== completionKey)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", provider, key),
        `provider_fields.mistral.${key} of a message is a request field; a completion has no place for it`,
      );
  }
  const context: WriteContext = { problems, options, ids: new TurnCallIds(idRules.mistral), response: true };
  const { chunks, calls } = collectAssistant(message, path, context);
  const messageFields = isJsonObject(kept?.["message"]) ? kept["message"] : undefined;
  const nativeMessage: JsonObject = { role: "assistant" };
  const content = contentValue(chunks, shapeOf(messageFields));
  if (content !== undefined) nativeMessage["content"] = content;
  if (calls.length > 0) nativeMessage["tool_calls"] = calls.map((call) => call.native);
  fillMissing(nativeMessage, messageFields);
  dropAbsent(nativeMessage, shapeOf(messageFields));

  const choice: JsonObject = { index: 0, message: nativeMessage };
  const finishReason = nativeFinishFor(message, path, problems);
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  const choiceFields = isJsonObject(kept?.["choice"]) ? kept["choice"] : undefined;
  fillMissing(choice, choiceFields);
  // A kept finish_reason (null: a stream cut short) wins over the default.
  if (!Object.hasOwn(choice, "finish_reason")) choice["finish_reason"] = "stop";
  dropAbsent(choice, shapeOf(choiceFields));

  const completion: JsonObject = {
    id: message.response_id ?? "",
    object: "chat.completion",
    model: message.model ?? "",
    choices: [choice],
  };
  if (message.response_id === undefined && kept?.["id"] === undefined)
    problems.warn("value-assumed", pointer(path, "response_id"), "the message has no response id; id is written empty");
  if (message.model === undefined)
    problems.warn("value-assumed", pointer(path, "model"), "the message names no model; model is written empty");
  if (message.created_at !== undefined) completion["created"] = Math.floor(Date.parse(message.created_at) / 1000);
  else if (kept?.["created"] === undefined) completion["created"] = 0;
  const usage = usageFor(message.usage, path, problems);
  if (usage !== undefined) completion["usage"] = usage;
  const top: JsonObject = {};
  for (const [key, item] of Object.entries(kept ?? {}))
    if (key !== "choice" && key !== "message") setField(top, key, item);
  if (Object.hasOwn(top, "id")) completion["id"] = top["id"];
  fillMissing(completion, top);
  dropAbsent(completion, shapeOf(kept));
  return finishFromCanonical(completion as unknown as MistralChatResponse, problems.warnings, options);
}

// ─── Streams ─────────────────────────────────────────────────────────────────────────────────────────────────────

interface CallEntry {
  call: JsonObject;
  fn: JsonObject;
  name?: string;
  args: string;
  /** Arguments sent as an object (whole, in one delta). */
  objectArgs?: JsonObject;
}

/** Content folded from deltas: a string while every delta was one, a chunk list once a delta was a list. */
class ContentFold {
  private text: string | null | undefined;
  private chunks: JsonObject[] | undefined;

  add(value: unknown, path: string, problems: Problems): void {
    if (value === null) {
      if (this.text === undefined && this.chunks === undefined) this.text = null;
      return;
    }
    if (typeof value === "string") {
      if (this.chunks !== undefined) this.appendText(value);
      else this.text = (this.text ?? "") + value;
      return;
    }
    if (!Array.isArray(value)) {
      problems.error(path, "must be a string, a list of content chunks or null");
      return;
    }
    if (this.chunks === undefined) {
      this.chunks = [];
      if (typeof this.text === "string") this.appendText(this.text);
    }
    value.forEach((chunk, index) => {
      if (!isJsonObject(chunk)) {
        problems.error(pointer(path, index), "must be a content chunk object");
        return;
      }
      this.appendChunk(chunk);
    });
  }

  private appendText(text: string): void {
    if (text === "") return;
    this.appendChunk({ type: "text", text });
  }

  private appendChunk(chunk: JsonObject): void {
    const chunks = this.chunks as JsonObject[];
    const last = chunks.at(-1);
    if (
      last !== undefined &&
      last["type"] === "text" &&
      chunk["type"] === "text" &&
      typeof last["text"] === "string" &&
      typeof chunk["text"] === "string"
    ) {
      const { type: _type, text, ...rest } = chunk;
      last["text"] = last["text"] + text;
      fillMissing(last, rest);
      return;
    }
    if (
      last !== undefined &&
      last["type"] === "thinking" &&
      chunk["type"] === "thinking" &&
      Array.isArray(last["thinking"]) &&
      Array.isArray(chunk["thinking"])
    ) {
      const inner = last["thinking"] as JsonObject[];
      for (const piece of chunk["thinking"]) {
        const tail = inner.at(-1);
        if (
          isJsonObject(piece) &&
          piece["type"] === "text" &&
          typeof piece["text"] === "string" &&
          tail !== undefined &&
          tail["type"] === "text" &&
          typeof tail["text"] === "string" &&
          Object.keys(piece).length === 2
        )
          tail["text"] = tail["text"] + piece["text"];
        else inner.push(cloneJson(piece) as JsonObject);
      }
      for (const [key, item] of Object.entries(chunk))
        if (key !== "type" && key !== "thinking") setField(last, key, cloneJson(item));
      return;
    }
    chunks.push(cloneJson(chunk));
  }

  /** The folded content, or undefined when no delta carried any. */
  value(): string | JsonObject[] | null | undefined {
    return this.chunks ?? this.text;
  }
}

function foldChunks(chunks: readonly unknown[], problems: Problems): JsonObject | undefined {
  const top: JsonObject = {};
  const choice: JsonObject = {};
  const message: JsonObject = {};
  const content = new ContentFold();
  let sawContent = false;
  const calls = new Map<string, CallEntry>();
  let usage: unknown;
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
      } else if (key === "object") setField(top, key, value === "chat.completion.chunk" ? "chat.completion" : value);
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
        } else setField(choice, key, cloneJson(value));
      }
      const delta = item["delta"];
      if (!isJsonObject(delta)) return;
      for (const [key, value] of Object.entries(delta)) {
        if (key === "content") {
          sawContent = true;
          content.add(value, pointer(choicePath, "delta", key), problems);
        } else if (key === "tool_calls" && Array.isArray(value))
          foldToolCalls(value, pointer(choicePath, "delta", key), calls, problems);
        else setField(message, key, cloneJson(value));
      }
    });
  });
  if (problems.errors.length > 0) return undefined;
  if (sawContent) setField(message, "content", content.value() ?? null);
  if (calls.size > 0) {
    message["tool_calls"] = [...calls.values()].map((entry) => {
      const fn: JsonObject = { ...entry.fn, name: entry.name ?? "", arguments: entry.objectArgs ?? entry.args };
      return { ...entry.call, function: fn };
    });
  }
  if (choiceIndex !== undefined) choice["index"] = choiceIndex;
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  choice["message"] = message;
  const completion: JsonObject = { ...top, choices: [choice] };
  if (usage !== undefined) completion["usage"] = usage;
  return completion;
}

/** Joins tool-call deltas: by `index` when they have one; a delta without an index is a whole call of its own. */
function foldToolCalls(deltas: unknown[], path: string, calls: Map<string, CallEntry>, problems: Problems): void {
  deltas.forEach((delta, position) => {
    if (!isJsonObject(delta)) {
      problems.error(pointer(path, position), "must be a tool call object");
      return;
    }
    const key = typeof delta["index"] === "number" ? `index:${delta["index"]}` : `whole:${calls.size}`;
    const entry = calls.get(key) ?? { call: {}, fn: {}, args: "" };
    calls.set(key, entry);
    for (const [field, value] of Object.entries(delta)) {
      if (field === "function" && isJsonObject(value)) {
        for (const [fnKey, fnValue] of Object.entries(value)) {
          if (fnKey === "arguments" && typeof fnValue === "string") entry.args += fnValue;
          else if (fnKey === "arguments" && isJsonObject(fnValue)) entry.objectArgs = cloneJson(fnValue);
          else if (fnKey === "name" && typeof fnValue === "string")
            entry.name = entry.name === undefined || entry.name === "" ? fnValue : entry.name;
          else setField(entry.fn, fnKey, cloneJson(fnValue));
        }
      } else if (field === "id") {
        if (typeof value === "string" && (typeof entry.call["id"] !== "string" || entry.call["id"] === ""))
          entry.call["id"] = value;
      } else setField(entry.call, field, cloneJson(value));
    }
  });
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
): FromCanonicalResult<MistralChatChunk[]> {
  const result = responseFromCanonical(document, options);
  if (!result.ok) return result;
  return { ok: true, value: chunksFor(result.value as unknown as JsonObject), warnings: result.warnings };
}

/** The chunks a server would stream for a completion: they fold back into exactly that completion. */
function chunksFor(completion: JsonObject): MistralChatChunk[] {
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
  const chunk = (delta: JsonObject): JsonObject => ({
    ...cloneJson(base),
    choices: [{ index, delta, ...(hasFinish ? { finish_reason: null } : {}) }],
  });
  const first: JsonObject = {};
  for (const [key, value] of Object.entries(message))
    if (key !== "tool_calls" && key !== "content") setField(first, key, cloneJson(value));
  const chunks: JsonObject[] = [];
  const content = message["content"];
  if (Array.isArray(content) && content.length > 0) {
    chunks.push(chunk(first));
    for (const item of content) chunks.push(chunk({ content: [cloneJson(item)] }));
  } else if (Object.hasOwn(message, "content")) chunks.push(chunk({ ...first, content: cloneJson(content) }));
  else chunks.push(chunk(first));
  const calls = Array.isArray(message["tool_calls"]) ? message["tool_calls"] : [];
  for (const call of calls) chunks.push(chunk({ tool_calls: [cloneJson(call)] }));
  const closing: JsonObject = {};
  for (const [key, value] of Object.entries(choice))
    if (key !== "message" && key !== "index") setField(closing, key, cloneJson(value));
  const last: JsonObject = { ...cloneJson(base), choices: [{ index, delta: {}, ...closing }] };
  if (completion["usage"] !== undefined) last["usage"] = cloneJson(completion["usage"]);
  chunks.push(last);
  return chunks as unknown as MistralChatChunk[];
}
