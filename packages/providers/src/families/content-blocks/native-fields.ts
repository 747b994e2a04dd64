/**
 * Native JSON objects as the family's folds build them: the member's own provider_fields entry of a canonical object,
 * fields moved between objects safely for keys such as `__proto__`, and the SDK type named only at the boundary.
 */
import { copyOfKeptFields, isJsonObject, setField, type JsonObject } from "../../conversion/index.js";
import type { ContentBlocksDialect } from "./dialect.js";

/** The member's fields a canonical object carries (a copy, so writing it never touches the document), or `{}`. */
export function fieldsOf(
  dialect: ContentBlocksDialect,
  value: { provider_fields?: Record<string, Record<string, unknown>> | undefined },
): JsonObject {
  return copyOfKeptFields(value, dialect.providerKey);
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

/**
 * The native value of a converted request, response or event, typed with the SDK's type. The SDK's types describe
 * the API at one release: real payloads carry fields added later (and omit some it marks required), so the folds
 * build plain JSON objects and name their SDK type only here, at the boundary.
 */
export function asNative<T>(value: JsonObject | JsonObject[]): T {
  return value as unknown as T;
}

/** The content blocks of a native message that are objects (a message's `content` may be anything in a payload). */
export function blocksOf(message: JsonObject): JsonObject[] {
  return Array.isArray(message.content) ? message.content.filter(isJsonObject) : [];
}
