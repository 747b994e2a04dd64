import { canonicalByteLength } from "./canonical-json.js";
import type { TruncationStrategy } from "./generated/v1/types.js";

// The schema's own type, re-exported rather than redeclared: index.ts also re-exports the generated types,
// and two declarations of one name would make `export *` of both ambiguous.
export type { TruncationStrategy } from "./generated/v1/types.js";

/** 64 KiB: the limit used when the export option turns truncation on without naming one. */
export const defaultTruncationLimitBytes = 65536;

export type TruncationResult =
  | { truncated: false; value: unknown }
  | { truncated: true; value: unknown; originalSizeBytes: number; strategy: TruncationStrategy };

// Bytes each ASCII code unit costs inside a canonical JSON string, taken from JSON.stringify so it cannot disagree with it.
const asciiEscapedBytes = Array.from(
  { length: 0x80 },
  (_, code) => JSON.stringify(String.fromCharCode(code)).length - 2,
);

/**
 * Cuts `value` so its canonical JSON (RFC 8785, UTF-8) fits in `limitBytes`, keeping its type:
 * a string keeps its longest fitting prefix of code points, an array its longest fitting prefix of elements,
 * an object its longest fitting prefix of entries in canonical key order. Elements and values are never cut.
 * Numbers, booleans and null are returned unchanged, even when they do not fit. Never mutates `value`.
 * Throws a CanonicalJsonError if `value` is not JSON, and a RangeError if `limitBytes` is not an integer >= 2.
 */
export function truncateValue(value: unknown, limitBytes: number = defaultTruncationLimitBytes): TruncationResult {
  if (!Number.isInteger(limitBytes) || limitBytes < 2) {
    throw new RangeError(
      `limitBytes must be an integer of at least 2 (the size of "", [] and {}), got ${String(limitBytes)}`,
    );
  }
  const originalSizeBytes = canonicalByteLength(value);
  if (originalSizeBytes <= limitBytes) return { truncated: false, value };

  // canonicalByteLength succeeded, so value is JSON: strings are well formed and objects are plain.
  if (typeof value === "string") {
    return {
      truncated: true,
      value: value.slice(0, fittingStringPrefixLength(value, limitBytes)),
      originalSizeBytes,
      strategy: "string_prefix",
    };
  }
  if (Array.isArray(value)) {
    const kept = fittingPrefixCount(value.length, (index) => canonicalByteLength(value[index]), limitBytes);
    return { truncated: true, value: value.slice(0, kept), originalSizeBytes, strategy: "array_prefix" };
  }
  if (typeof value === "object" && value !== null) {
    const record = value as Readonly<Record<string, unknown>>;
    // The default sort compares UTF-16 code units: canonical key order.
    const keys = Object.keys(record).sort();
    const kept = fittingPrefixCount(keys.length, (index) => entrySize(keys[index] ?? "", record), limitBytes);
    const entries = keys.slice(0, kept).map((key) => [key, record[key]] as const);
    return { truncated: true, value: Object.fromEntries(entries), originalSizeBytes, strategy: "object_prefix" };
  }
  return { truncated: false, value };
}

function entrySize(key: string, record: Readonly<Record<string, unknown>>): number {
  return canonicalByteLength(key) + 1 + canonicalByteLength(record[key]);
}

/** Code units in the longest prefix of whole code points whose quoted, escaped UTF-8 form fits in `limitBytes`. */
function fittingStringPrefixLength(text: string, limitBytes: number): number {
  const budget = limitBytes - 2;
  let used = 0;
  let index = 0;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    let cost: number;
    let width = 1;
    if (unit < 0x80) {
      cost = asciiEscapedBytes[unit] ?? 6;
    } else if (unit < 0x800) {
      cost = 2;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate here always starts a pair: lone surrogates were rejected by canonicalByteLength.
      cost = 4;
      width = 2;
    } else {
      cost = 3;
    }
    if (used + cost > budget) break;
    used += cost;
    index += width;
  }
  return index;
}

/**
 * How many leading items of a JSON array or object fit in `limitBytes`: two bytes of brackets, the items,
 * and a comma between each pair. Sizes are only computed until the budget runs out.
 */
function fittingPrefixCount(count: number, sizeOf: (index: number) => number, limitBytes: number): number {
  let used = 2;
  for (let index = 0; index < count; index += 1) {
    used += sizeOf(index) + (index > 0 ? 1 : 0);
    if (used > limitBytes) return index;
  }
  return count;
}
