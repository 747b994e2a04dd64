/**
 * The native fields Mistral keeps: everything of a request, completion, message, chunk or tool without a canonical
 * field is kept in its `provider_fields.mistral` (a completion's under `completion`), with the converter's markers in
 * `$shape`.
 */
import type { Tolerant } from "@agent-transcript/core";
import type { ChatShape } from "../../families/chat-completions/index.js";
import { isJsonObject, shapeOf as sharedShapeOf, type JsonObject } from "../../conversion/index.js";

/** The key of `provider_fields` Mistral keeps its native fields under. */
export const provider = "mistral";
/** How warnings name the API. */
export const label = "Mistral";
/** The issuer of Mistral's thinking and of chunks only Mistral accepts back. */
export const mistralIssuer = { provider: "mistral" } as const;

/** One chunk of a `thinking` chunk's list, as the canonical reasoning part lays it out. */
export type ThinkingLayout = number | { length: number; fields: JsonObject } | { chunk: JsonObject };

/** Mistral's `$shape` markers: the family's (`absent`, `tool`, `content_list`, `arguments_object`) and these. */
export interface Shape extends ChatShape {
  /** An `image_url` chunk whose value was the URL string itself rather than `{ url }`. */
  url_string?: true;
  /**
   * A `thinking` chunk that was not exactly one plain text chunk: each entry is a text chunk (its length in UTF-16
   * code units of the part's text, with its other fields when it had any) or a verbatim non-text chunk.
   */
  thinking?: ThinkingLayout[];
}

/** The `$shape` marker of a Mistral entry; a `thinking` layout that is not one the importer writes is ignored. */
export function shapeOf(own: JsonObject | undefined): Shape | undefined {
  const shape = sharedShapeOf<Shape>(own);
  if (shape?.thinking === undefined || (Array.isArray(shape.thinking) && shape.thinking.every(isLayoutEntry)))
    return shape;
  const { thinking: _ignored, ...rest } = shape;
  return rest;
}

function isLayoutEntry(entry: unknown): entry is ThinkingLayout {
  if (typeof entry === "number") return Number.isInteger(entry) && entry >= 0;
  if (!isJsonObject(entry)) return false;
  if ("chunk" in entry) return isJsonObject(entry.chunk);
  return (
    typeof entry["length"] === "number" &&
    Number.isInteger(entry["length"]) &&
    entry["length"] >= 0 &&
    isJsonObject(entry["fields"])
  );
}

/** Whether a reasoning or native part was issued by Mistral. */
export function isMistralIssued(part: { issuer?: Tolerant.ReasoningPart["issuer"] }): boolean {
  return part.issuer?.provider === mistralIssuer.provider;
}
