/**
 * What the document converters' write direction (portable, Warp, devflow: a whole conversation in one native
 * document) shares: the frame around the body, and how a target's own fields kept in `metadata` go back.
 */
import type { Part, Tolerant, ToolResultPart } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import type { FromCanonical } from "./converter-functions.js";
import { runFromCanonical } from "./finish.js";
import { reportUnmapped } from "./field-reader.js";
import { cloneJson, isJsonObject, pointer, setField, type JsonObject } from "./json.js";
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
    runFromCanonical(document, options, (checked, problems) => {
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

/** The warning for a part the target has no place for; `where` says where, when it would have one elsewhere. */
function warnPartDropped(
  part: { readonly type: string },
  path: string,
  target: string,
  problems: Problems,
  where = "",
) {
  problems.warn(
    "part-dropped",
    path,
    `${withIndefiniteArticle(`${part.type} part`)}${where} has no ${target} equivalent`,
  );
}

/**
 * Hands each part of a message to `write` with its JSON pointer. A part the target has no place for (`write` returns
 * false), or of a type the canonical schema does not define (a newer document's, read tolerantly), is dropped with a
 * warning naming it: `a <type> part has no <target> equivalent`.
 */
export function forEachKnownPart(
  message: Tolerant.Message,
  path: string,
  target: string,
  problems: Problems,
  write: (part: Part, path: string) => boolean | void,
): void {
  message.parts.forEach((part, partIndex) => {
    const partPath = pointer(path, "parts", partIndex);
    if (!isKnownPart(part) || write(part, partPath) === false) warnPartDropped(part, partPath, target, problems);
  });
}

/**
 * Hands each tool result of a tool message to `write` with its JSON pointer; any other part has no place in the
 * target's tool turn and is dropped with a warning naming it (`… part in a tool message has no <target> equivalent`).
 */
export function forEachToolResult(
  message: Tolerant.Message,
  path: string,
  target: string,
  problems: Problems,
  write: (part: ToolResultPart, path: string) => void,
): void {
  message.parts.forEach((part, partIndex) => {
    const partPath = pointer(path, "parts", partIndex);
    if (isKnownPart(part) && part.type === "tool_result") write(part, partPath);
    else warnPartDropped(part, partPath, target, problems, " in a tool message");
  });
}
