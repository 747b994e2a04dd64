/**
 * The Mistral converter's markers in `provider_fields.mistral.$shape` and its bindings of the shared native-field
 * helpers (`src/native-fields.ts`, the same convention as OpenAI Chat's and Ollama's).
 */
import type { Tolerant } from "@agent-transcript/core";
import { ownFields as sharedOwnFields, providerEntry, shapeOf as sharedShapeOf } from "../../conversion/index.js";
import { isJsonObject, pointer, type JsonObject, type Problems } from "../../conversion/index.js";

export {
  dropAbsent,
  fillMissing,
  jsonEqual,
  parseJsonText,
  providerEntry,
  restOf,
  shapeKey,
  splitDataUri,
} from "../../conversion/index.js";

export const provider = "mistral";
export const mistralIssuer = { provider: "mistral" } as const;

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

/** The Mistral entry of a canonical object's provider_fields. */
export function ownFields(fields: Record<string, Record<string, unknown>> | undefined): JsonObject | undefined {
  return sharedOwnFields(fields, provider);
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

/** Adds `provider_fields.mistral` to a canonical object when there is anything to keep. */
export function withFields<T extends object>(target: T, rest: JsonObject | undefined, shape: Shape = {}): T {
  const entry = providerEntry(rest, shape);
  if (entry !== undefined)
    (target as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [provider]: entry };
  return target;
}

/** The provider_fields entry for Mistral, reporting the entries of other providers as dropped. */
export function targetFields(
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
          `provider_fields for ${key} have no Mistral equivalent`,
        );
    }
  }
  return ownFields(fields);
}

/** Reports the fields of a canonical object outside `mapped` as dropped. */
export function reportFields(
  value: object,
  mapped: readonly string[],
  path: string,
  problems: Problems,
  what = "Mistral",
): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || mapped.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no ${what} equivalent`);
  }
}

/** Whether a reasoning or native part was issued by Mistral. */
export function isMistralIssued(part: { issuer?: Tolerant.ReasoningPart["issuer"] }): boolean {
  return part.issuer?.provider === mistralIssuer.provider;
}
