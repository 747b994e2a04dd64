/**
 * Keeping what has no canonical field, for the converters of JSON-over-HTTP formats (OpenAI Chat, Ollama, Mistral).
 *
 * A native object becomes canonical fields plus its "rest": the fields the converter did not map, kept verbatim in
 * the canonical object's `provider_fields[<provider>]`. Writing back, the converter first computes the native object
 * from the canonical fields, then fills in kept fields the computation did not set (so a computed value always wins
 * and a kept `null` or `[]` comes back exactly), then removes the fields the source did not have.
 *
 * What is not a native field lives under one reserved key, `$shape`, which no provider uses (`$` never starts a
 * wire field name): `absent` lists fields the writer would otherwise fill with a default (`content: null`,
 * `type: "function"`), and each converter's own markers, documented on its `Shape` type.
 */
import { parseJson } from "@agent-transcript/core/json";
import { cloneJson, isJsonObject, setField, type JsonObject } from "./json.js";

export const shapeKey = "$shape";

/** The fields of `value` not in `known`, deep-copied; undefined when there are none. */
export function restOf(value: JsonObject, known: readonly string[]): JsonObject | undefined {
  const rest: JsonObject = {};
  let any = false;
  for (const [key, item] of Object.entries(value)) {
    if (known.includes(key)) continue;
    setField(rest, key, cloneJson(item));
    any = true;
  }
  return any ? rest : undefined;
}

/**
 * Copies each string field of `source` named in `fields` to `target` under its canonical name (`{ native: canonical }`)
 * and records it in `consumed`; a field holding anything else is not consumed, so `restOf` keeps it verbatim.
 */
export function takeStrings<Key extends string>(
  source: JsonObject,
  fields: Readonly<Record<string, Key>>,
  target: { [key in Key]?: string },
  consumed: string[],
): void {
  for (const [native, canonical] of Object.entries(fields)) {
    const value = source[native];
    if (typeof value !== "string") continue;
    target[canonical] = value;
    consumed.push(native);
  }
}

/** `{ [provider]: rest }` for a canonical object's provider_fields, or undefined when there is no rest. */
export function keptFields<Provider extends string>(
  provider: Provider,
  rest: JsonObject | undefined,
): { [key in Provider]: JsonObject } | undefined {
  return rest === undefined || Object.keys(rest).length === 0
    ? undefined
    : ({ [provider]: rest } as { [key in Provider]: JsonObject });
}

/** The fields a canonical object keeps for `provider` (not a copy: read them, never change them), or an empty object. */
export function keptFieldsOf(
  value: { provider_fields?: Record<string, Record<string, unknown>> | undefined } | undefined,
  provider: string,
): JsonObject {
  const fields = value?.provider_fields?.[provider];
  return isJsonObject(fields) ? fields : {};
}

/** A copy of the fields a canonical object keeps for `provider`, or an empty object. */
export function copyOfKeptFields(
  value: { provider_fields?: Record<string, Record<string, unknown>> | undefined },
  provider: string,
): JsonObject {
  return cloneJson(keptFieldsOf(value, provider));
}

/** Sets each field of `extras` that `target` does not have (the computed value wins). */
export function fillMissing(target: JsonObject, extras: JsonObject | undefined, skip: readonly string[] = []): void {
  if (extras === undefined) return;
  for (const [key, item] of Object.entries(extras)) {
    if (key === shapeKey || skip.includes(key) || Object.hasOwn(target, key)) continue;
    setField(target, key, cloneJson(item));
  }
}

/** Removes the fields the source did not have. */
export function dropAbsent(target: JsonObject, shape: { absent?: readonly string[] } | undefined): void {
  for (const key of shape?.absent ?? []) delete target[key];
}

/** The provider's own entry of a canonical object's provider_fields. */
export function ownFields(
  fields: Record<string, Record<string, unknown>> | undefined,
  provider: string,
): JsonObject | undefined {
  if (fields === undefined || !Object.hasOwn(fields, provider)) return undefined;
  const own = fields[provider];
  return isJsonObject(own) ? own : undefined;
}

/**
 * The `$shape` marker of a provider entry, as the converter's own shape type. It comes from a document, which anyone
 * may have edited: an `absent` that is not a list of field names is read as the names it does hold.
 */
export function shapeOf<Shape extends object>(own: JsonObject | undefined): Shape | undefined {
  const shape = own?.[shapeKey];
  if (!isJsonObject(shape)) return undefined;
  if (
    shape["absent"] === undefined ||
    (Array.isArray(shape["absent"]) && shape["absent"].every((key) => typeof key === "string"))
  )
    return shape as Shape;
  const absent = Array.isArray(shape["absent"])
    ? shape["absent"].filter((key): key is string => typeof key === "string")
    : [];
  return { ...shape, absent } as Shape;
}

/** The fields a source object lacked that the writer fills by default, as the `absent` of its `$shape` marker lists them. */
export function absentFields(own: JsonObject | undefined): readonly string[] {
  return shapeOf<{ absent?: string[] }>(own)?.absent ?? [];
}

/** `own` with a `$shape` marker of `absent` (a new object; `own` may be undefined), or `own` itself when none is absent. */
export function withAbsent(own: JsonObject | undefined, absent: readonly string[]): JsonObject | undefined {
  if (absent.length === 0) return own;
  const result: JsonObject = { ...(own ?? {}) };
  setField(result, shapeKey, { absent: [...absent] });
  return result;
}

/** Builds a provider entry from kept fields and a shape, or undefined when both are empty (an empty `absent` counts as empty). */
export function providerEntry(rest: JsonObject | undefined, shape: object = {}): JsonObject | undefined {
  const entry: JsonObject = { ...(rest ?? {}) };
  const cleaned: JsonObject = {};
  for (const [key, value] of Object.entries(shape)) {
    if (value === undefined || (key === "absent" && Array.isArray(value) && value.length === 0)) continue;
    cleaned[key] = value;
  }
  if (Object.keys(cleaned).length > 0) setField(entry, shapeKey, cleaned);
  return Object.keys(entry).length > 0 ? entry : undefined;
}

/** Deep equality of two JSON values, ignoring key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
    );
  }
  return false;
}

/**
 * Parses JSON text a payload carries as a string (tool-call arguments), with core's `parseJson`: the toolkit's
 * nesting limit, and no number changed silently (`1e400`, `9007199254740993`, `-0`, more digits than a double holds
 * are a failure). A caller keeps the text it could not parse (`raw_input`), so nothing is lost.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const parsed = parseJson(text);
  return parsed.ok ? parsed : { ok: false, reason: parsed.error.reason };
}
