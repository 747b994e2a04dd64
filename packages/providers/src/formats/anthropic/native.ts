/**
 * What every part of the Anthropic Messages converter shares: the provider key and issuer, JSON object helpers that
 * split a native object into the fields a converter maps and the rest (kept in `provider_fields.anthropic`), and the
 * stop-reason vocabulary.
 */
import type { FinishReason, Issuer } from "@agent-transcript/core";
import { copyOfKeptFields, keptFields, restOf } from "../../conversion/index.js";
import { isJsonObject, setField, type JsonObject } from "../../conversion/index.js";

/** The key of Anthropic's fields in every `provider_fields`. */
export const providerKey = "anthropic";

/** Who issued Anthropic's opaque data (thinking signatures, redacted thinking, compaction summaries). */
export const anthropicIssuer: Issuer = { provider: "anthropic", api: "messages" };

/** The target every foreign-reasoning decision is made against. */
export const anthropicTarget = { provider: "anthropic", api: "messages" } as const;

export type { JsonObject };
export { isJsonObject, restOf };

/** A fresh issuer object, so two parts never share one. */
export function issuer(): Issuer {
  return { ...anthropicIssuer };
}

/** `{ <provider key>: rest }` for a canonical object's provider_fields, or undefined when there is no rest. */
export function providerFields(rest: JsonObject | undefined): { [providerKey]: JsonObject } | undefined {
  return keptFields(providerKey, rest);
}

/** The Anthropic fields a canonical object carries (a copy), or an empty object. */
export function anthropicFieldsOf(value: {
  provider_fields?: Record<string, Record<string, unknown>> | undefined;
}): JsonObject {
  return copyOfKeptFields(value, providerKey);
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

export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The native value of a converted request, response or event, typed with the SDK's type. The SDK's types describe
 * the API at one release: real payloads carry fields added later (and omit some it marks required), so the converter
 * builds plain JSON objects and names their SDK type only here, at the boundary.
 */
export function asNative<T>(value: JsonObject): T {
  return value as unknown as T;
}

/** Anthropic's stop reasons (Messages `stop_reason`), with the canonical finish reason each means. */
const stopReasons: Record<string, FinishReason> = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_calls",
  pause_turn: "pause",
  refusal: "refusal",
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
    case "pause":
      return "pause_turn";
    case "refusal":
      return "refusal";
    default:
      return undefined;
  }
}
