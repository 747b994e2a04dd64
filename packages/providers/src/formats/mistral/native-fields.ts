/**
 * Keeping what has no canonical field, for the Mistral converter.
 *
 * A native object becomes canonical fields plus its rest: the fields the converter did not map, kept verbatim in
 * the canonical object's `provider_fields.mistral`. Writing back, the converter computes the native object from the
 * canonical fields, fills in kept fields the computation did not set (a computed value wins, so a kept `null` or `[]`
 * comes back exactly), then removes the fields the source did not have.
 *
 * What is not a native field lives under the reserved key `$shape` (no wire field starts with `$`), documented on
 * {@link Shape}. (The OpenAI Chat converter keeps the same convention under `provider_fields.openai`.)
 */
import type { Tolerant } from "@agent-transcript/core";
import { cloneJson, isJsonObject, pointer, setField, type JsonObject, type Problems } from "../../seeds/conversion.js";

export const provider = "mistral";
export const mistralIssuer = { provider: "mistral" } as const;
export const shapeKey = "$shape";

/** One chunk of a `thinking` chunk's list, as the canonical reasoning part lays it out. */
export type ThinkingLayout = number | { length: number; fields: JsonObject } | { chunk: JsonObject };

export interface Shape {
  /** Fields the source object did not have that the writer fills by default (`type` of a tool); left out again. */
  absent?: string[];
  /** Content was a list although one plain text chunk would be written as a string. */
  content_list?: true;
  /** An `image_url` chunk whose value was the URL string itself rather than `{ url }`. */
  url_string?: true;
  /** A tool call whose `arguments` was a JSON object rather than JSON text. */
  arguments_object?: true;
  /**
   * A `thinking` chunk that was not exactly one plain text chunk: each entry is a text chunk (its length in UTF-16
   * code units of the part's text, with its other fields when it had any) or a verbatim non-text chunk.
   */
  thinking?: ThinkingLayout[];
  /** A refusal part written as a text chunk (Mistral has no refusal). */
  refusal?: true;
  /** The verbatim definition of a built-in tool (web search, code interpreter, …). */
  tool?: JsonObject;
}

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

/** Sets each field of `extras` that `target` does not have (the computed value wins). */
export function fillMissing(target: JsonObject, extras: JsonObject | undefined, skip: readonly string[] = []): void {
  if (extras === undefined) return;
  for (const [key, item] of Object.entries(extras)) {
    if (key === shapeKey || skip.includes(key) || Object.hasOwn(target, key)) continue;
    setField(target, key, cloneJson(item));
  }
}

/** Removes the fields the source did not have. */
export function dropAbsent(target: JsonObject, shape: Shape | undefined): void {
  for (const key of shape?.absent ?? []) delete target[key];
}

/** The provider entry of a canonical object's provider_fields. */
export function ownFields(fields: Record<string, Record<string, unknown>> | undefined): JsonObject | undefined {
  if (fields === undefined || !Object.hasOwn(fields, provider)) return undefined;
  const own = fields[provider];
  return isJsonObject(own) ? own : undefined;
}

export function shapeOf(own: JsonObject | undefined): Shape | undefined {
  const shape = own?.[shapeKey];
  return isJsonObject(shape) ? (shape as Shape) : undefined;
}

/** A provider entry from kept fields and a shape, or undefined when both are empty. */
export function providerEntry(rest: JsonObject | undefined, shape: Shape = {}): JsonObject | undefined {
  const entry: JsonObject = { ...(rest ?? {}) };
  const cleaned: JsonObject = {};
  for (const [key, value] of Object.entries(shape)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0 && key === "absent")) continue;
    cleaned[key] = value;
  }
  if (Object.keys(cleaned).length > 0) setField(entry, shapeKey, cleaned);
  return Object.keys(entry).length > 0 ? entry : undefined;
}

/** Adds `provider_fields.mistral` to a canonical object when there is anything to keep. */
export function withFields<T extends object>(target: T, rest: JsonObject | undefined, shape: Shape = {}): T {
  const entry = providerEntry(rest, shape);
  if (entry !== undefined) (target as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [provider]: entry };
  return target;
}

/** The provider_fields entry for Mistral, reporting the entries of other providers as dropped. */
export function targetFields(fields: Record<string, Record<string, unknown>> | undefined, path: string, problems: Problems): JsonObject | undefined {
  if (fields !== undefined) {
    for (const key of Object.keys(fields)) {
      if (key !== provider) problems.warn("field-dropped", pointer(path, "provider_fields", key), `provider_fields for ${key} have no Mistral equivalent`);
    }
  }
  return ownFields(fields);
}

/** Reports the fields of a canonical object outside `mapped` as dropped. */
export function reportFields(value: object, mapped: readonly string[], path: string, problems: Problems, what = "Mistral"): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || mapped.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no ${what} equivalent`);
  }
}

/** Whether a reasoning or native part was issued by Mistral. */
export function isMistralIssued(part: { issuer?: Tolerant.ReasoningPart["issuer"] }): boolean {
  return part.issuer?.provider === mistralIssuer.provider;
}

/** Deep equality of two JSON values, ignoring key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** JSON.parse that reports failure, and treats numbers JSON cannot carry back (1e400) as a failure too. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "number" && !Number.isFinite(item)) return { ok: false, reason: "a number out of the range JSON values can round-trip" };
    if (Array.isArray(item)) stack.push(...item);
    else if (isJsonObject(item)) stack.push(...Object.values(item));
  }
  return { ok: true, value };
}

// A data URI with a bare media type and base64 payload. Linear: the media type cannot contain `;` or `,`.
const dataUriPattern = /^data:([^;,]*);base64,/;

/** Splits `data:<media type>;base64,<data>`; anything else (parameters, percent-encoding) is not split. */
export function splitDataUri(uri: string): { mediaType: string; data: string } | undefined {
  const match = dataUriPattern.exec(uri);
  if (match === null) return undefined;
  return { mediaType: match[1] ?? "", data: uri.slice(match[0].length) };
}
