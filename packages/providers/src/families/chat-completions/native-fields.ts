/**
 * Native fields of the chat-completions family: what a member keeps in `provider_fields[<provider>]`, and the `$shape`
 * markers every member uses (each member adds its own, documented on its `Shape` type).
 */
import {
  dropAbsent,
  fillMissing,
  isJsonObject,
  ownFields,
  pointer,
  providerEntry,
  shapeOf,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";

/** The `$shape` markers of the family; a member's `Shape` extends them. */
export interface ChatShape {
  /** Fields the source object did not have that the writer fills by default; the writer leaves them out. */
  absent?: string[];
  /** The source's own id, when the canonical id had to be made up (an empty id). */
  id?: string;
  /** The verbatim definition of a built-in tool. */
  tool?: JsonObject;
  /** Content was a list although one text entry would be written as a string (OpenAI Chat's name). */
  content_parts?: true;
  /** The same, Mistral's name. */
  content_list?: true;
  /** A tool call whose `arguments` was a JSON object rather than JSON text. */
  arguments_object?: true;
}

/** Adds `provider_fields[<provider>]` to a canonical object when there is anything to keep. */
export function withFields<T extends object>(
  provider: string,
  target: T,
  rest: JsonObject | undefined,
  shape: object = {},
): T {
  const entry = providerEntry(rest, shape);
  if (entry !== undefined)
    (target as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [provider]: entry };
  return target;
}

/** The member's own entry of a canonical object's provider_fields, reporting the entries of other providers as dropped. */
export function targetFields(
  provider: string,
  label: string,
  fields: Record<string, Record<string, unknown>> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (fields !== undefined) {
    for (const key of Object.keys(fields)) {
      if (key !== provider)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", key),
          `provider_fields for ${key} have no ${label} equivalent`,
        );
    }
  }
  return ownFields(fields, provider);
}

/** A native object computed from canonical fields, completed from the kept ones and without the marked-absent ones. */
export function finishNative<T extends JsonObject>(
  native: T,
  own: JsonObject | undefined,
  skip?: readonly string[],
): T {
  fillMissing(native, own, skip);
  dropAbsent(native, shapeOf(own));
  return native;
}

/** `rest` with `inner` (the unread fields of a nested object) under `key`. */
export function nest(rest: JsonObject | undefined, key: string, inner: JsonObject | undefined): JsonObject | undefined {
  if (inner === undefined) return rest;
  return { ...(rest ?? {}), [key]: inner };
}

/** The kept fields of a nested native object (`function`, `image_url`, …), when they are an object. */
export function keptInner(own: JsonObject | undefined, key: string): JsonObject | undefined {
  const inner = own?.[key];
  return isJsonObject(inner) ? inner : undefined;
}
