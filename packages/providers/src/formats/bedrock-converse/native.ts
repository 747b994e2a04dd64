/**
 * What every part of the Bedrock Converse converter shares: the provider key and issuer, JSON object helpers that
 * split a native object into the fields a converter maps and the rest (kept in `provider_fields["amazon-bedrock"]`),
 * the stop-reason vocabulary, the media formats and the tool-call id rule.
 *
 * Provider key and issuer: the schema names the provider `amazon-bedrock`, and the other converters key
 * `provider_fields` by provider (`anthropic`, `openai`, `google`), so Bedrock's fields live under `amazon-bedrock`.
 * Opaque reasoning data (signatures, redacted content) is issued by `{ provider: "amazon-bedrock", api: "converse" }`
 * even when the model is Claude: Bedrock's Claude signatures are made by Anthropic's models but are only accepted
 * back through Bedrock, and the Anthropic API rejects them (and Bedrock rejects the Anthropic API's), so the two
 * are different issuers and each one's signatures are foreign to the other.
 */
import type { FinishReason, Issuer } from "@agent-transcript/core";
import { digest } from "../../conversion/index.js";
import { copyOfKeptFields, keptFields, restOf } from "../../conversion/index.js";
import { isJsonObject, setField, type JsonObject } from "../../conversion/index.js";

/** The key of Bedrock's fields in every `provider_fields`. */
export const providerKey = "amazon-bedrock";

/** The usage shape `normalizeUsage` reads, and the `raw.provider` of a normalised usage. */
export const usageProvider = "bedrock-converse";

/** The target every foreign-reasoning decision is made against. */
export const bedrockTarget = { provider: providerKey, api: "converse" } as const;

export type { JsonObject };
export { isJsonObject, restOf };

/** A fresh issuer object, so two parts never share one. */
export function issuer(): Issuer {
  return { ...bedrockTarget };
}

/** `{ <provider key>: rest }` for a canonical object's provider_fields, or undefined when there is no rest. */
export function providerFields(rest: JsonObject | undefined): { [providerKey]: JsonObject } | undefined {
  return keptFields(providerKey, rest);
}

/** The Bedrock fields a canonical object carries (a copy), or an empty object. */
export function bedrockFieldsOf(value: {
  provider_fields?: Record<string, Record<string, unknown>> | undefined;
}): JsonObject {
  return copyOfKeptFields(value, providerKey);
}

/** Whether a canonical object carries Bedrock fields at all (so it came from Bedrock). */
export function hasBedrockFields(value: {
  provider_fields?: Record<string, Record<string, unknown>> | undefined;
}): boolean {
  return isJsonObject(value.provider_fields?.[providerKey]);
}

/** Takes a key out of an object, returning its value. */
export function takeField(value: JsonObject, key: string): unknown {
  const item = value[key];
  delete value[key];
  return item;
}

/** Copies every field of `source` onto `target` (source wins), safely for keys such as `__proto__`. */
export function assign(target: JsonObject, source: JsonObject): JsonObject {
  for (const [key, item] of Object.entries(source)) setField(target, key, item);
  return target;
}

/** The native value of a converted request, response or event, named by its wire type only here, at the boundary. */
export function asNative<T>(value: JsonObject): T {
  return value as unknown as T;
}

/**
 * Part marker: fields of the block object itself beside its one union member (`{ "type": "text", "text": … }` in a
 * recorded response), as opposed to fields inside the member, which are the part's other Bedrock fields.
 */
export const blockFieldsMarker = "block_fields";

/** Bedrock's stop reasons, with the canonical finish reason each means. */
const stopReasons: Record<string, FinishReason> = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_calls",
  guardrail_intervened: "content_filter",
  content_filtered: "content_filter",
  malformed_model_output: "error",
  malformed_tool_use: "error",
};

export function finishReasonOf(stopReason: string): FinishReason {
  return stopReasons[stopReason] ?? "other";
}

export function isKnownStopReason(value: string): boolean {
  return Object.hasOwn(stopReasons, value);
}

/** The stop reason a canonical finish reason most likely came from, for documents from other providers. */
export function stopReasonFor(finishReason: string): string | undefined {
  switch (finishReason) {
    case "stop":
      return "end_turn";
    case "length":
      return "max_tokens";
    case "tool_calls":
      return "tool_use";
    case "content_filter":
      return "content_filtered";
    default:
      return undefined;
  }
}

/** Image formats Bedrock takes, by media type. */
export const imageFormats: Readonly<Record<string, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** Document formats Bedrock takes, by media type. */
export const documentFormats: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  csv: "text/csv",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  html: "text/html",
  txt: "text/plain",
  md: "text/markdown",
};

/** The format name for a media type in one of the tables above, or undefined. */
export function formatFor(table: Readonly<Record<string, string>>, mediaType: string | undefined): string | undefined {
  if (mediaType === undefined) return undefined;
  const wanted = mediaType === "image/jpg" ? "image/jpeg" : mediaType;
  return Object.keys(table).find((format) => table[format] === wanted);
}

const alphanumeric = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * Bedrock's tool-use id rule, with the remapping used: `[a-zA-Z0-9_.:-]+`, 1 to 64 characters, as the Converse API
 * reference gives it for `ToolUseBlock.toolUseId` (older pages said `^[a-zA-Z0-9_-]+$`; the service issues ids such as
 * Kimi K2's `functions.get_temperature:0` and accepts them back, as a recorded request shows).
 */
export const toolUseIdRule = {
  isValid: (id: string) => /^[\w.:-]{1,64}$/.test(id),
  make: (basis: string, attempt: number) => `tooluse_${digest(`${basis}#${attempt}`, alphanumeric, 22)}`,
} as const;

/** Bedrock's tool-name rule (`^[a-zA-Z0-9_-]+$`, at most 64 characters). */
export const toolNamePattern = /^[\w-]{1,64}$/;

/** A tool name Bedrock accepts, derived deterministically from one it does not. */
export function toolNameFor(name: string): string {
  const cleaned = name.replace(/[^\w-]/g, "_");
  if (cleaned.length > 0 && cleaned.length <= 64 && cleaned === name) return name;
  const suffix = digest(name, alphanumeric, 8);
  return `${cleaned.slice(0, 55) || "tool"}_${suffix}`;
}
