/**
 * What the OpenAI Responses converters share: the provider key and issuer they write, and small helpers for reading
 * native objects field by field and keeping what no canonical field holds in `provider_fields.openai`.
 */
import type { Issuer, ProviderFields } from "@agent-transcript/core";
import type { TargetIssuer } from "../../conversion/index.js";
import { cloneJson, isJsonObject, restOf, setField, shapeKey, type JsonObject } from "../../conversion/index.js";
/** The toolkit's `absent` marker helpers, under the names this format's code uses. */
export { absentFields as absentOf, withAbsent } from "../../conversion/index.js";

/** The key of `provider_fields` this format reads and writes. */
export const providerKey = "openai";

/** Who issues the opaque data this API returns (reasoning `encrypted_content`, compaction items, native items). */
export const responsesIssuer: Issuer = { provider: "openai", api: "responses" };

/** The target every export checks opaque data against. */
export const responsesTarget: TargetIssuer = { provider: "openai", api: "responses" };

export function issuer(): Issuer {
  return { ...responsesIssuer };
}

/** `provider_fields.openai` of a canonical object, when it is an object. */
export function openaiFields(fields: ProviderFields | undefined): JsonObject | undefined {
  const value = fields?.[providerKey];
  return isJsonObject(value) ? value : undefined;
}

// The toolkit's, under the name this format's modules import it by.
export { restOf };

/** Merges entries into a fields object, creating it when needed; undefined entries are skipped. */
export function mergeFields(base: JsonObject | undefined, extra: JsonObject): JsonObject | undefined {
  let result = base;
  for (const [key, item] of Object.entries(extra)) {
    if (item === undefined) continue;
    result ??= {};
    setField(result, key, item);
  }
  return result;
}

/** `{ provider_fields: { openai: fields } }` when there are fields, else nothing, for spreading into a part. */
export function withOpenaiFields(fields: JsonObject | undefined): { provider_fields?: ProviderFields } {
  return fields === undefined ? {} : { provider_fields: { [providerKey]: fields } };
}

/** A copy of `fields` without `keys`, or undefined when nothing is left. */
export function without(fields: JsonObject | undefined, keys: readonly string[]): JsonObject | undefined {
  if (fields === undefined) return undefined;
  return restOf(fields, keys);
}

/**
 * Copies the entries of `fields` that `target` does not have yet onto it: native fields kept by an import go back
 * where they came from. An import never keeps a field the converter writes itself, so skipping existing keys changes
 * nothing for a round trip, and it stops fields another OpenAI API's converter kept under the same `openai` key (a
 * Chat tool call's `type: "function"`) from overwriting what this one wrote.
 */
export function spreadInto(target: JsonObject, fields: JsonObject | undefined): JsonObject {
  if (fields !== undefined)
    for (const [key, item] of Object.entries(fields))
      if (!Object.hasOwn(target, key)) setField(target, key, cloneJson(item));
  return target;
}

export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/** An RFC 3339 UTC timestamp for whole epoch seconds (Responses `created_at`), or undefined when it is not one. */
export function epochToIso(value: unknown): string | undefined {
  if (!isNonNegativeInteger(value) || value > 253402300799) return undefined;
  return new Date(value * 1000).toISOString().replace(".000Z", "Z");
}

/** Epoch seconds of an RFC 3339 timestamp, when it names a whole second exactly (so the round trip is exact). */
export function isoToEpoch(value: string): number | undefined {
  const millis = Date.parse(value);
  if (!Number.isFinite(millis) || millis % 1000 !== 0) return undefined;
  const seconds = millis / 1000;
  return epochToIso(seconds) === value ? seconds : undefined;
}

/**
 * The `$shape` marker this format keeps beside native fields in `provider_fields.openai`: `absent` lists the fields
 * the source object did not have that the writer would otherwise fill with a default (a Response's `status` or
 * `incomplete_details: null`, a reasoning item's empty `summary`), so an exact round trip adds nothing.
 */
export interface Shape {
  absent?: string[];
}

/** The native fields of `fields`, without the `$shape` marker (which is no wire field). */
export function nativeOnly(fields: JsonObject | undefined): JsonObject | undefined {
  if (fields === undefined || !Object.hasOwn(fields, shapeKey)) return fields;
  const { [shapeKey]: _shape, ...rest } = fields;
  return rest;
}
