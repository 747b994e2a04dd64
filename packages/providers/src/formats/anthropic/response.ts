/**
 * Anthropic `Message` (a response) ⇄ canonical transcript with one assistant message: the content-blocks family's
 * response folds with Anthropic's response dialect.
 *
 * - `id` → `response_id`; `model` → `model`; `content` → parts (content.ts); `stop_reason` → `native_finish_reason`
 *   verbatim and `finish_reason` normalised (null stays native); `usage` → normalised usage with the raw object kept
 *   (`normalizeUsage("anthropic", …)`).
 * - `type` and `role` are always `message` and `assistant` and are written back as such; every other field
 *   (`stop_sequence`, `stop_details`, `container`, `context_management`, `diagnostics`, …) → the message's
 *   `provider_fields.anthropic`, verbatim. A message from elsewhere gets a made-up id, the model `unknown` and zero
 *   usage when it has none (each `value-assumed`), and `stop_sequence: null`.
 * - An error body (`{"type": "error", "error": {"type", "message"}}`, what the API returns with a 4xx/5xx status) is
 *   read as an assistant message with no parts, `error` set to the error's type and message, `finish_reason: "error"`,
 *   and the body kept in `provider_fields.anthropic`. It is not a `Message`, so writing such a document back as a
 *   response fails with a clear error.
 */
import type { Message, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import type { AnthropicResponse } from "./types.js";
import {
  cloneJson,
  digest,
  fingerprint,
  isJsonObject,
  pointer,
  responseMessageFields,
  restOf,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  assign,
  keepResponseFields,
  readStopAndUsage,
  responseConverters,
  responseFieldsOf,
  sharedStopReasons,
  stopReasonOf,
  usageOf,
  type FromCanonicalContext,
  type ResponseDialect,
} from "../../families/content-blocks/index.js";
import { anthropicContent } from "./content.js";
import { providerKey } from "./native-fields.js";

export const responseDialect: ResponseDialect = {
  content: anthropicContent,
  stopReasons: {
    key: "stop_reason",
    toFinish: { ...sharedStopReasons.toFinish, pause_turn: "pause", refusal: "refusal" },
    fromFinish: { ...sharedStopReasons.fromFinish, pause: "pause_turn", refusal: "refusal" },
    missing: undefined,
  },
  usage: {
    provider: "anthropic",
    unreadable:
      "the usage object is not one Anthropic's counters can be read from; it was kept verbatim in provider_fields.anthropic",
    input: "input_tokens",
    output: "output_tokens",
    total: undefined,
    cacheRead: "cache_read_input_tokens",
    cacheWrite: "cache_creation_input_tokens",
    reasoning: { kind: "written", field: "output_tokens_details", counter: "thinking_tokens" },
    omittedInStreams: false,
  },
  noun: "an Anthropic Message",
  messageFields: [...responseMessageFields, "error"],
  errorCannotCarry: "an Anthropic Message cannot carry it (the error body is in provider_fields.anthropic)",
  readResponse: (value, problems) =>
    isJsonObject(value) && value.type === "error" ? errorToCanonical(value) : messageToCanonical(value, "", problems),
  documentOf,
  writeResponse,
};

export const { responseToCanonical, responseFromCanonical } = responseConverters<AnthropicResponse>(responseDialect);

/** The transcript holding converted response messages; its id is the first response id. */
function documentOf(messages: Message[], source: unknown): Transcript {
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
  const read = anthropicContent.blocks.blockToPart;
  const parts = value.content.map((block, index) => read(block, pointer(path, "content", index), problems, "message"));
  const message: Message = { role: "assistant", parts };
  if (typeof value.id === "string") {
    message.response_id = value.id;
    known.push("id");
  }
  if (typeof value.model === "string") {
    message.model = value.model;
    known.push("model");
  }
  readStopAndUsage(responseDialect, value, message, known, path, problems);
  const rest = restOf(value, known) ?? {};
  return keepResponseFields(responseDialect, message, value, rest, [
    "type",
    "role",
    "id",
    "model",
    "stop_reason",
    "usage",
  ]);
}

/** The `Message` object around an assistant message's blocks. */
function writeResponse(
  message: Tolerant.Message,
  content: JsonObject[],
  path: string,
  context: FromCanonicalContext,
): JsonObject {
  const { problems } = context;
  const { fields, absent } = responseFieldsOf(responseDialect, message);
  const fromAnthropic =
    message.provider_fields?.[providerKey] !== undefined || message.usage?.raw?.provider === providerKey;
  const native: JsonObject = { type: "message", role: "assistant" };
  if (message.response_id !== undefined) native.id = message.response_id;
  else if (typeof fields.id !== "string" && !absent.includes("id")) {
    native.id = `msg_${digest(JSON.stringify(message.parts), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24)}`;
    problems.warn(
      "value-assumed",
      pointer(path, "response_id"),
      `the message has no response id; ${String(native.id)} was made up`,
    );
  }
  if (message.model !== undefined) native.model = message.model;
  else if (typeof fields.model !== "string" && !absent.includes("model")) {
    native.model = "unknown";
    problems.warn("value-assumed", pointer(path, "model"), 'the message names no model; "unknown" was written');
  }
  native.content = content;
  assign(native, fields);
  const stopReason = stopReasonOf(responseDialect, message, fromAnthropic, path, problems);
  if (stopReason !== undefined) native.stop_reason = stopReason;
  else if (!Object.hasOwn(native, "stop_reason") && !absent.includes("stop_reason")) native.stop_reason = null;
  if (!fromAnthropic && !Object.hasOwn(native, "stop_sequence")) native.stop_sequence = null;
  const usage = usageOf(responseDialect, message, absent, path, context);
  if (usage !== undefined) native.usage = usage;
  for (const key of ["type", "role"]) if (absent.includes(key)) delete native[key];
  return native;
}
