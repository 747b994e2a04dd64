/**
 * Anthropic `Message` (a response) ↔ canonical transcript with one assistant message.
 *
 * - `id` → `response_id`; `model` → `model`; `content` → parts (blocks-to-canonical.ts);
 *   `stop_reason` → `native_finish_reason` verbatim and `finish_reason` normalised (null stays native);
 *   `usage` → normalised usage with the raw object kept (`normalizeUsage("anthropic", …)`).
 * - `type` and `role` are always `message` and `assistant` and are written back as such; every other field
 *   (`stop_sequence`, `stop_details`, `container`, `context_management`, `diagnostics`, …) → the message's
 *   `provider_fields.anthropic`, verbatim.
 * - An error body (`{"type": "error", "error": {"type", "message"}}`, what the API returns with a 4xx/5xx status) is
 *   read as an assistant message with no parts, `error` set to the error's type and message, `finish_reason: "error"`,
 *   and the body kept in `provider_fields.anthropic`. It is not a `Message`, so writing such a document back as a
 *   response fails with a clear error.
 */
import type { Message, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, isPartOfType, normalizeUsage } from "@agent-transcript/core";
import type { Message as AnthropicMessage } from "@anthropic-ai/sdk/resources/messages";
import {
  finishFromCanonical,
  type FromCanonicalResult,
  type FromCanonicalOptions,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { digest } from "../../conversion/index.js";
import { checkCanonicalInput, cloneJson, fingerprint, guard, pointer, Problems } from "../../conversion/index.js";
import { blockToPart } from "./blocks-to-canonical.js";
import { ExportContext, partToBlocks, serverResultBlock, toolCallBlock } from "./blocks-from-canonical.js";
import {
  anthropicFieldsOf,
  asNative,
  assign,
  finishReasonOf,
  isJsonObject,
  isKnownStopReason,
  providerFields,
  providerKey,
  restOf,
  stopReasonFor,
  type JsonObject,
} from "./native.js";
import { finishProviderDocument } from "../../conversion/index.js";

export function responseToCanonical(response: unknown): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      const message =
        isJsonObject(response) && response.type === "error"
          ? errorToCanonical(response)
          : messageToCanonical(response, "", problems);
      if (message === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      return finishProviderDocument(documentOf([message], response), problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/** The transcript holding converted response messages; its id is the first response id. */
export function documentOf(messages: Message[], source: unknown): Transcript {
  const first = messages.find((message) => message.response_id !== undefined)?.response_id;
  return {
    schema_version: formatVersion,
    id: first ?? `anthropic-response-${fingerprint(source)}`,
    source: { format: "anthropic" },
    messages,
  };
}

function errorToCanonical(body: JsonObject): Message {
  const error = isJsonObject(body.error) ? body.error : {};
  const kind = typeof error.type === "string" ? error.type : "error";
  const text = typeof error.message === "string" ? error.message : "no message";
  return {
    role: "assistant",
    parts: [],
    error: `${kind}: ${text}`,
    finish_reason: "error",
    provider_fields: { [providerKey]: cloneJson(body) },
  };
}

/** One Anthropic `Message` object (a response, or a stream's aggregated message) → a canonical assistant message. */
export function messageToCanonical(value: unknown, path: string, problems: Problems): Message | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "an Anthropic response must be a JSON object");
    return undefined;
  }
  if (value.type !== undefined && value.type !== "message") problems.error(pointer(path, "type"), 'must be "message"');
  if (value.role !== undefined && value.role !== "assistant")
    problems.error(pointer(path, "role"), 'must be "assistant"');
  if (!Array.isArray(value.content))
    problems.error(pointer(path, "content"), "is required and must be an array of content blocks");
  if (problems.errors.length > 0 || !Array.isArray(value.content)) return undefined;
  const known = ["type", "role", "content"];
  const parts = value.content.map((block, index) => blockToPart(block, pointer(path, "content", index), problems));
  const message: Message = { role: "assistant", parts };
  if (typeof value.id === "string") {
    message.response_id = value.id;
    known.push("id");
  }
  if (typeof value.model === "string") {
    message.model = value.model;
    known.push("model");
  }
  if (typeof value.stop_reason === "string") {
    message.native_finish_reason = value.stop_reason;
    message.finish_reason = finishReasonOf(value.stop_reason);
    known.push("stop_reason");
  }
  if (Object.hasOwn(value, "usage")) {
    const usage = normalizeUsage("anthropic", value.usage);
    if (usage !== undefined) {
      // The raw usage is a copy, so the document never shares objects with the response it came from.
      message.usage = { ...usage, raw: { provider: providerKey, usage: cloneJson(value.usage) } };
      known.push("usage");
    } else {
      problems.warn(
        "input-normalized",
        pointer(path, "usage"),
        "the usage object is not one Anthropic's counters can be read from; it was kept verbatim in provider_fields.anthropic",
      );
    }
  }
  const fields = providerFields(restOf(value, known));
  if (fields !== undefined) message.provider_fields = fields;
  return message;
}

export function responseFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<AnthropicMessage> {
  return guard(
    () => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems))
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const index = document.messages.findLastIndex((message) => message.role === "assistant");
      if (index === -1) {
        problems.error("/messages", "an Anthropic response is one assistant message, and the document has none");
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      }
      document.messages.forEach((_message, other) => {
        if (other !== index)
          problems.warn(
            "message-dropped",
            pointer("/messages", other),
            "an Anthropic response holds one assistant message; this one was left out",
          );
      });
      const context = new ExportContext(problems, options.foreignReasoning ?? "drop");
      const message = messageFromCanonical(
        document.messages[index] as Tolerant.Message,
        pointer("/messages", index),
        context,
      );
      if (message === undefined || problems.errors.length > 0)
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      return finishFromCanonical(asNative<AnthropicMessage>(message), problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

const messageFieldsHandled = [
  "role",
  "parts",
  "model",
  "response_id",
  "finish_reason",
  "native_finish_reason",
  "usage",
  "provider_fields",
  "error",
];

/** A canonical assistant message → an Anthropic `Message` object (as JSON); undefined, with an error, for an error. */
export function messageFromCanonical(
  message: Tolerant.Message,
  path: string,
  context: ExportContext,
): JsonObject | undefined {
  const { problems } = context;
  if (message.error !== undefined) {
    problems.error(
      pointer(path, "error"),
      `the message records an error (${message.error}), not a model response; an Anthropic Message cannot carry it (the error body is in provider_fields.anthropic)`,
    );
    return undefined;
  }
  for (const [key, value] of Object.entries(message)) {
    if (value !== undefined && !messageFieldsHandled.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no place in an Anthropic Message`);
  }
  const fields = anthropicFieldsOf(message);
  const fromAnthropic =
    message.provider_fields?.[providerKey] !== undefined || message.usage?.raw?.provider === providerKey;
  const content: JsonObject[] = [];
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (isPartOfType(part, "tool_call")) {
      const block = toolCallBlock(part, partPath, context);
      if (block !== undefined) content.push(block);
    } else if (isPartOfType(part, "tool_result")) {
      if (part.provider_executed === true) {
        const block = serverResultBlock(part, partPath, context);
        if (block !== undefined) content.push(block);
      } else {
        problems.warn(
          "part-dropped",
          partPath,
          "a response is the model's turn and carries no client tool results; the result was left out",
        );
      }
    } else {
      content.push(...partToBlocks(part, partPath, context, "message"));
    }
  });
  const native: JsonObject = { type: "message", role: "assistant" };
  if (message.response_id !== undefined) native.id = message.response_id;
  else if (typeof fields.id !== "string") {
    native.id = `msg_${digest(JSON.stringify(message.parts), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24)}`;
    problems.warn(
      "value-assumed",
      pointer(path, "response_id"),
      `the message has no response id; ${String(native.id)} was made up`,
    );
  }
  if (message.model !== undefined) native.model = message.model;
  else if (typeof fields.model !== "string") {
    native.model = "unknown";
    problems.warn("value-assumed", pointer(path, "model"), 'the message names no model; "unknown" was written');
  }
  native.content = content;
  assign(native, fields);
  const stopReason = stopReasonOf(message, fromAnthropic, path, problems);
  if (stopReason !== undefined) native.stop_reason = stopReason;
  else if (!Object.hasOwn(native, "stop_reason")) native.stop_reason = null;
  if (!fromAnthropic && !Object.hasOwn(native, "stop_sequence")) native.stop_sequence = null;
  const usage = usageOf(message, path, problems);
  if (usage !== undefined) native.usage = usage;
  return native;
}

function stopReasonOf(
  message: Tolerant.Message,
  fromAnthropic: boolean,
  path: string,
  problems: Problems,
): string | undefined {
  const nativeReason = message.native_finish_reason;
  if (nativeReason !== undefined && (fromAnthropic || isKnownStopReason(nativeReason))) return nativeReason;
  if (message.finish_reason === undefined) return undefined;
  const mapped = stopReasonFor(String(message.finish_reason));
  if (mapped !== undefined) return mapped;
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `Anthropic has no stop reason for ${String(message.finish_reason)}; end_turn was written`,
  );
  return "end_turn";
}

function usageOf(message: Tolerant.Message, path: string, problems: Problems): JsonObject | undefined {
  const usage = message.usage;
  if (usage === undefined) {
    if (isJsonObject(message.provider_fields?.[providerKey]?.usage)) return undefined;
    problems.warn("value-assumed", pointer(path, "usage"), "the message has no usage; zero tokens were written");
    return { input_tokens: 0, output_tokens: 0 };
  }
  if (usage.raw?.provider === providerKey && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
  // Anthropic counts input without cache reads and writes; the canonical input includes them.
  const cacheRead = usage.cache_read_tokens ?? 0;
  const cacheWrite = usage.cache_write_tokens ?? 0;
  const native: JsonObject = {
    input_tokens: Math.max(0, usage.input_tokens - cacheRead - cacheWrite),
    output_tokens: usage.output_tokens,
  };
  if (usage.cache_read_tokens !== undefined) native.cache_read_input_tokens = usage.cache_read_tokens;
  if (usage.cache_write_tokens !== undefined) native.cache_creation_input_tokens = usage.cache_write_tokens;
  if (usage.reasoning_tokens !== undefined) native.output_tokens_details = { thinking_tokens: usage.reasoning_tokens };
  return native;
}
