/**
 * Anthropic text citations ↔ canonical citations. Each citation type maps its fields onto the canonical ones by a
 * table; whatever does not fit (the encrypted index of a web search result, a null title, a non-default type) stays
 * in the citation's `provider_fields.anthropic`, so the round trip is exact.
 */
import type { Citation, Tolerant } from "@agent-transcript/core";
import { copyOfKeptFields, isJsonObject, pointer, type JsonObject, type Problems } from "../../conversion/index.js";
import { assign } from "../../families/content-blocks/index.js";
import { providerFields, providerKey } from "./native-fields.js";

type Kind = "document" | "url" | "search_result";
type CanonicalKey =
  "url" | "title" | "cited_text" | "start_index" | "end_index" | "document_index" | "document_title" | "file_id";

interface CitationShape {
  kind: Kind;
  /** Native key → canonical key, for string fields and for non-negative integer fields. */
  strings: ReadonlyArray<readonly [string, CanonicalKey]>;
  integers: ReadonlyArray<readonly [string, CanonicalKey]>;
}

const documentStrings = [
  ["cited_text", "cited_text"],
  ["document_title", "document_title"],
  ["file_id", "file_id"],
] as const;

const shapes: Record<string, CitationShape> = {
  char_location: {
    kind: "document",
    strings: documentStrings,
    integers: [
      ["document_index", "document_index"],
      ["start_char_index", "start_index"],
      ["end_char_index", "end_index"],
    ],
  },
  page_location: {
    kind: "document",
    strings: documentStrings,
    integers: [
      ["document_index", "document_index"],
      ["start_page_number", "start_index"],
      ["end_page_number", "end_index"],
    ],
  },
  content_block_location: {
    kind: "document",
    strings: documentStrings,
    integers: [
      ["document_index", "document_index"],
      ["start_block_index", "start_index"],
      ["end_block_index", "end_index"],
    ],
  },
  web_search_result_location: {
    kind: "url",
    strings: [
      ["url", "url"],
      ["title", "title"],
      ["cited_text", "cited_text"],
    ],
    integers: [],
  },
  search_result_location: {
    kind: "search_result",
    strings: [
      ["title", "title"],
      ["cited_text", "cited_text"],
    ],
    integers: [
      ["start_block_index", "start_index"],
      ["end_block_index", "end_index"],
    ],
  },
};

/** The native type a canonical kind stands for when the citation does not name one. */
const defaultTypes: Record<Kind, string> = {
  document: "char_location",
  url: "web_search_result_location",
  search_result: "search_result_location",
};

export function citationToCanonical(value: unknown): Citation {
  if (!isJsonObject(value)) return { provider_fields: { [providerKey]: { value } } };
  const type = typeof value.type === "string" ? value.type : undefined;
  const shape = type === undefined ? undefined : shapes[type];
  if (shape === undefined) return { provider_fields: { [providerKey]: { ...value } } };
  const citation: Citation = { kind: shape.kind };
  const rest: JsonObject = assign({}, value);
  const canonical: JsonObject = {};
  // A field of the wrong JSON type (a null title) stays native, in the rest.
  for (const [nativeKey, canonicalKey] of shape.strings) {
    if (typeof rest[nativeKey] !== "string") continue;
    canonical[canonicalKey] = rest[nativeKey];
    delete rest[nativeKey];
  }
  for (const [nativeKey, canonicalKey] of shape.integers) {
    if (!isNonNegativeInteger(rest[nativeKey])) continue;
    canonical[canonicalKey] = rest[nativeKey];
    delete rest[nativeKey];
  }
  if (type === defaultTypes[shape.kind]) delete rest.type;
  Object.assign(citation, canonical);
  const fields = providerFields(rest);
  if (fields !== undefined) citation.provider_fields = fields;
  return citation;
}

/**
 * The native citation, or undefined when the citation did not come from Anthropic: a citation sent back in a request
 * is checked by the API (web search citations need their encrypted index), so foreign ones cannot be replayed.
 */
export function citationFromCanonical(
  citation: Tolerant.Citation,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (citation.provider_fields?.[providerKey] === undefined) {
    problems.warn(
      "field-dropped",
      path,
      "a citation from another provider cannot be replayed to Anthropic (it checks the citation's encrypted index) and was left out",
    );
    return undefined;
  }
  const fields = copyOfKeptFields(citation, providerKey);
  if (citation.kind === undefined)
    return Object.hasOwn(fields, "value") && Object.keys(fields).length === 1 ? asObject(fields.value) : fields;
  const kind = citation.kind;
  const type = typeof fields.type === "string" ? fields.type : isKind(kind) ? defaultTypes[kind] : kind;
  const shape = shapes[type];
  const native: JsonObject = { type };
  if (shape !== undefined) {
    for (const [nativeKey, canonicalKey] of [...shape.strings, ...shape.integers]) {
      const value = citation[canonicalKey];
      if (value !== undefined) native[nativeKey] = value;
    }
    const mapped = new Set<string>([...shape.strings, ...shape.integers].map(([, key]) => key));
    for (const key of [
      "url",
      "title",
      "cited_text",
      "start_index",
      "end_index",
      "document_index",
      "document_title",
      "file_id",
    ] as const) {
      if (citation[key] !== undefined && !mapped.has(key))
        problems.warn("field-dropped", pointer(path, key), `${key} has no place in an Anthropic ${type} citation`);
    }
  }
  return assign(native, fields);
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isKind(kind: string): kind is Kind {
  return Object.hasOwn(defaultTypes, kind);
}

function asObject(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {};
}
