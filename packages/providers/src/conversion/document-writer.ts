/**
 * What the document converters' write direction (portable, Warp, devflow: a whole conversation in one native
 * document) shares: the frame around the body, and how a target's own fields kept in `metadata` go back.
 */
import type { Tolerant } from "@agent-transcript/core";
import type { FromCanonical } from "./converter-functions.js";
import { reportUnmapped } from "./field-reader.js";
import { cloneJson, isJsonObject, pointer, setField, type JsonObject } from "./json.js";
import { fromCanonicalFrame } from "./payload-frame.js";
import type { Problems } from "./result.js";

/**
 * A document converter's write direction around `write`, which reports through `problems`: the converter never
 * throws, refuses a document that is not a (tolerant) transcript before `write` sees it, warns for every top-level
 * field outside `mappedFields` (`<key> has no <target> equivalent`), and applies `strict` to all the warnings.
 */
export function documentWriter<T>(
  target: string,
  mappedFields: readonly string[],
  write: (document: Tolerant.Transcript, problems: Problems) => T,
): FromCanonical<T> {
  return (document, options = {}) =>
    fromCanonicalFrame(document, options, (checked, problems) => {
      reportUnmapped(checked, mappedFields, "", target, problems);
      return write(checked, problems);
    });
}

/**
 * Merges `fields[providerKey]` (the source's fields the reader had no canonical place for) back into a written
 * object and reports every other entry of `fields` as dropped. A kept field never overrides one the converter
 * wrote: such a clash is reported, not merged.
 */
export function mergeKeptFields(
  written: JsonObject,
  fields: Readonly<Record<string, unknown>> | undefined,
  path: string,
  names: { readonly providerKey: string; readonly target: string; readonly what: string },
  problems: Problems,
): void {
  if (fields === undefined) return;
  for (const [key, item] of Object.entries(fields)) {
    if (key !== names.providerKey || !isJsonObject(item)) {
      problems.warn("field-dropped", pointer(path, key), `${names.what} ${key} has no ${names.target} equivalent`);
      continue;
    }
    for (const [field, fieldValue] of Object.entries(item)) {
      if (Object.hasOwn(written, field))
        problems.warn("field-dropped", pointer(path, key, field), `${field} is written by the converter itself`);
      else setField(written, field, cloneJson(fieldValue));
    }
  }
}
