import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { CanonicalJsonError, canonicalByteLength, canonicalize } from "./canonical-json.js";
import { defaultTruncationLimitBytes, truncateValue } from "./truncate.js";
import type { TruncationResult, TruncationStrategy } from "./truncate.js";

function truncatedValue(result: TruncationResult): unknown {
  expect(result.truncated).toBe(true);
  return result.value;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/** The type is kept and `output` is a string prefix, element prefix or canonical-order entry prefix of `input`. */
function expectPrefixOf(input: unknown, output: unknown): void {
  if (typeof input === "string") {
    expect(typeof output).toBe("string");
    if (typeof output !== "string") return;
    expect(input.startsWith(output)).toBe(true);
    // Never ends between the two halves of a surrogate pair.
    expect(output).not.toMatch(/\p{Cs}/u);
  } else if (Array.isArray(input)) {
    expect(Array.isArray(output)).toBe(true);
    if (!Array.isArray(output)) return;
    expect(output.length).toBeLessThanOrEqual(input.length);
    output.forEach((element, index) => expect(element).toBe(input[index]));
  } else if (isRecord(input)) {
    expect(isRecord(output)).toBe(true);
    if (!isRecord(output)) return;
    // fast-check also generates null-prototype objects; a cut one is rebuilt as an ordinary object.
    if (output !== input) expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    const inputKeys = Object.keys(input).sort();
    const outputKeys = Object.keys(output).sort();
    expect(outputKeys).toEqual(inputKeys.slice(0, outputKeys.length));
    for (const key of outputKeys) expect(output[key]).toBe(input[key]);
  } else {
    expect(output).toBe(input);
  }
}

/** `kept`, a truncation of `value`, with one more code point, element or entry of `value` (in canonical order). */
function withOneMore(value: unknown, kept: unknown): unknown {
  if (typeof value === "string" && typeof kept === "string") {
    const nextCodePoint = value.codePointAt(kept.length);
    if (nextCodePoint === undefined) throw new Error("a truncated string kept every code point");
    return kept + String.fromCodePoint(nextCodePoint);
  }
  if (Array.isArray(value) && Array.isArray(kept)) {
    if (kept.length >= value.length) throw new Error("a truncated array kept every element");
    return [...kept, value[kept.length]];
  }
  if (isRecord(value) && isRecord(kept)) {
    const nextKey = Object.keys(value).sort()[Object.keys(kept).length];
    if (nextKey === undefined) throw new Error("a truncated object kept every entry");
    return Object.fromEntries([...Object.entries(kept), [nextKey, value[nextKey]]]);
  }
  throw new Error("truncated a value that is neither a string, an array nor an object, or changed its type");
}

describe("truncateValue: types", () => {
  it("uses the schema's TruncationStrategy", () => {
    expectTypeOf<TruncationStrategy>().toEqualTypeOf<"string_prefix" | "array_prefix" | "object_prefix">();
    expectTypeOf(truncateValue).returns.toEqualTypeOf<TruncationResult>();
  });
});

describe("truncateValue: limits", () => {
  it("defaults to 64 KiB", () => {
    expect(defaultTruncationLimitBytes).toBe(65536);
    const text = "a".repeat(70_000);
    expect(truncateValue(text)).toEqual({
      truncated: true,
      value: "a".repeat(65534),
      originalSizeBytes: 70_002,
      strategy: "string_prefix",
    });
    expect(truncateValue("a".repeat(65534))).toEqual({ truncated: false, value: "a".repeat(65534) });
  });

  it("rejects limits that are not integers of at least 2", () => {
    for (const limit of [1, 0, -2, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => truncateValue("x", limit)).toThrow(RangeError);
    }
    expect(truncateValue("", 2)).toEqual({ truncated: false, value: "" });
  });

  it("throws a CanonicalJsonError for values that are not JSON", () => {
    expect(() => truncateValue({ a: [Number.NaN] }, 2)).toThrow(CanonicalJsonError);
    expect(() => truncateValue("\ud800".repeat(10), 4)).toThrow(CanonicalJsonError);
  });
});

describe("truncateValue: values that fit", () => {
  it("returns the very same value and no markers", () => {
    const value = { b: [1, "two"], a: "three" };
    const size = canonicalByteLength(value);
    const result = truncateValue(value, size);
    expect(result).toEqual({ truncated: false, value });
    expect(result.value).toBe(value);
    expect(Object.keys(result)).toEqual(["truncated", "value"]);
  });
});

describe("truncateValue: strings", () => {
  it("keeps the longest ASCII prefix that fits with its quotes", () => {
    expect(truncateValue("abcdef", 5)).toEqual({
      truncated: true,
      value: "abc",
      originalSizeBytes: 8,
      strategy: "string_prefix",
    });
    expect(truncatedValue(truncateValue("abcdef", 2))).toBe("");
  });

  it("counts multi-byte characters in UTF-8 bytes", () => {
    // \u00e9 is 2 bytes, \u20ac 3 bytes.
    expect(truncatedValue(truncateValue("\u00e9\u00e9\u00e9", 7))).toBe("\u00e9\u00e9");
    expect(truncatedValue(truncateValue("\u20ac\u20ac\u20ac", 10))).toBe("\u20ac\u20ac");
    expect(truncatedValue(truncateValue("\u20ac\u20ac\u20ac", 7))).toBe("\u20ac");
  });

  it("never splits a surrogate pair", () => {
    const emoji = "\ud83d\ude00";
    expect(truncateValue(emoji + emoji, 9)).toEqual({
      truncated: true,
      value: emoji,
      originalSizeBytes: 10,
      strategy: "string_prefix",
    });
    expect(truncatedValue(truncateValue(emoji + emoji, 5))).toBe("");
    expect(truncatedValue(truncateValue("a" + emoji, 6))).toBe("a");
    expect(truncatedValue(truncateValue("a" + emoji + "b", 7))).toBe("a" + emoji);
    // A family emoji is several code points; a cut between them is allowed, inside one is not.
    const family = "\ud83d\udc68\u200d\ud83d\udc69";
    expect(truncatedValue(truncateValue(family + "!", 2 + 4 + 3))).toBe("\ud83d\udc68\u200d");
  });

  it("counts escapes at their escaped size", () => {
    // Each " and \ costs 2 bytes, \n costs 2, \u0001 costs 6.
    expect(truncatedValue(truncateValue('""""', 7))).toBe('""');
    expect(truncatedValue(truncateValue("\\\\\\", 6))).toBe("\\\\");
    expect(truncatedValue(truncateValue("\n\n\n", 7))).toBe("\n\n");
    expect(truncatedValue(truncateValue("\u0001\u0001", 13))).toBe("\u0001");
    expect(truncatedValue(truncateValue("\u0001\u0001", 7))).toBe("");
    const mixed = 'a"\u0000\\b\t\u001f\u007f';
    const result = truncatedValue(truncateValue(mixed, 14));
    expect(result).toBe('a"\u0000\\b');
    expect(canonicalize(result)).toBe('"a\\"\\u0000\\\\b"');
    expect(canonicalByteLength(result)).toBe(14);
    expect(truncatedValue(truncateValue(mixed, 13))).toBe('a"\u0000\\');
  });
});

describe("truncateValue: arrays", () => {
  it("drops trailing elements and never changes the ones it keeps", () => {
    const long = "x".repeat(100);
    const nested = { three: [3] };
    const value = [1, "two", nested, long];
    // [1,"two",{"three":[3]},"xxx…"] = 1 + 1 + 1 + 5 + 1 + 13 + 1 + 102 + 1
    expect(truncateValue(value, 23)).toEqual({
      truncated: true,
      value: [1, "two", nested],
      originalSizeBytes: 126,
      strategy: "array_prefix",
    });
    expect(truncatedValue(truncateValue(value, 22))).toEqual([1, "two"]);
    expect(truncatedValue(truncateValue(value, 3))).toEqual([1]);
    expect(truncatedValue(truncateValue(value, 2))).toEqual([]);
    const [, , keptNested] = truncatedValue(truncateValue(value, 23)) as unknown[];
    expect(keptNested).toBe(nested);
  });

  it("drops an element rather than cutting into it", () => {
    expect(truncateValue(["y".repeat(50)], 40)).toEqual({
      truncated: true,
      value: [],
      originalSizeBytes: 54,
      strategy: "array_prefix",
    });
  });
});

describe("truncateValue: objects", () => {
  it("drops trailing keys in canonical order, whatever the insertion order", () => {
    const value = { zeta: 1, alpha: "a", mid: [1] };
    expect(canonicalize(value)).toBe('{"alpha":"a","mid":[1],"zeta":1}');
    const result = truncateValue(value, '{"alpha":"a","mid":[1]}'.length);
    expect(result).toEqual({
      truncated: true,
      value: { alpha: "a", mid: [1] },
      originalSizeBytes: 32,
      strategy: "object_prefix",
    });
    expect((result.value as Record<string, unknown>)["mid"]).toBe(value.mid);
    expect(truncatedValue(truncateValue(value, '{"alpha":"a","mid":[1]}'.length - 1))).toEqual({ alpha: "a" });
    expect(truncatedValue(truncateValue(value, 2))).toEqual({});
  });

  it("keeps an own __proto__ key as a key and never sets a prototype", () => {
    const value: unknown = JSON.parse('{"b":"bbbbbbbbbb","__proto__":{"polluted":true},"a":1}');
    const result = truncatedValue(truncateValue(value, '{"__proto__":{"polluted":true},"a":1}'.length));
    expect(canonicalize(result)).toBe('{"__proto__":{"polluted":true},"a":1}');
    expect(Object.hasOwn(result as object, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("truncateValue: numbers, booleans and null", () => {
  it("are never truncated, even over the limit", () => {
    for (const value of [1234567, -0.000001, true, false, null]) {
      expect(truncateValue(value, 2)).toEqual({ truncated: false, value });
    }
  });
});

describe("truncateValue: input", () => {
  it("is never mutated", () => {
    const value = deepFreeze({ z: ["a".repeat(50), { y: "b".repeat(50) }], a: "c".repeat(50), m: [1, 2, 3] });
    const before = canonicalize(value);
    for (let limit = 2; limit <= before.length + 1; limit += 7) truncateValue(value, limit);
    for (const member of [value.z, value.a, value.m]) truncateValue(member, 10);
    expect(canonicalize(value)).toBe(before);
  });

  it("copes with large values", () => {
    const text = "\u00e9a\ud83d\ude00\n".repeat(250_000);
    const cut = truncatedValue(truncateValue(text));
    expect(typeof cut === "string" && canonicalByteLength(cut) <= defaultTruncationLimitBytes).toBe(true);
    const array = Array.from({ length: 200_000 }, (_, index) => ({ index, text: "t".repeat(index % 7) }));
    const prefix = truncatedValue(truncateValue(array));
    expect(
      Array.isArray(prefix) && prefix.length > 0 && canonicalByteLength(prefix) <= defaultTruncationLimitBytes,
    ).toBe(true);
  });
});

describe("truncateValue: properties", () => {
  const escapeHeavyString = fc.string({
    unit: fc.constantFrom(
      '"',
      "\\",
      "\n",
      "\t",
      "\b",
      "\u0000",
      "\u001f",
      "\u007f",
      "a",
      "\u00e9",
      "\u20ac",
      "\ud83d\ude00",
    ),
  });
  const jsonValues = fc.oneof(
    fc.jsonValue(),
    fc.jsonValue({ stringUnit: "binary" }),
    fc.jsonValue({ stringUnit: "grapheme" }),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary" }),
    escapeHeavyString,
    fc.array(fc.jsonValue({ stringUnit: "binary" })),
    fc.array(escapeHeavyString),
    fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ stringUnit: "grapheme" })),
    fc.dictionary(escapeHeavyString, escapeHeavyString),
  );
  // Limits from 2 to a little over the value's size, so both outcomes are common.
  const cases = jsonValues.chain((value) =>
    fc.record({ value: fc.constant(value), limit: fc.integer({ min: 2, max: canonicalByteLength(value) + 4 }) }),
  );

  it("cases cover both outcomes for strings, arrays and objects, and values that cannot be cut", () => {
    // The properties below each hold trivially for one outcome: the cases must give them both, for every type.
    const outcomes = new Set(
      fc.sample(cases, 1000).map(({ value, limit }) => {
        const type =
          typeof value === "string" ? "string" : Array.isArray(value) ? "array" : isRecord(value) ? "object" : "other";
        return `${type} ${truncateValue(value, limit).truncated ? "truncated" : "kept"}`;
      }),
    );
    expect([...outcomes].sort()).toEqual([
      "array kept",
      "array truncated",
      "object kept",
      "object truncated",
      "other kept",
      "string kept",
      "string truncated",
    ]);
  });

  it("(a) a truncated result fits the limit", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const result = truncateValue(value, limit);
        // Only truncated results count here; fast-check fails the test if too few cases are.
        fc.pre(result.truncated);
        expect(canonicalByteLength(result.value)).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it("(b) truncating again with the same limit changes nothing", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const first = truncateValue(value, limit);
        const second = truncateValue(first.value, limit);
        expect(second.truncated).toBe(false);
        expect(second.value).toBe(first.value);
      }),
    );
  });

  it("(c) a value within the limit is returned as is, without markers", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const result = truncateValue(value, limit);
        const fits = canonicalByteLength(value) <= limit;
        const truncatable = typeof value === "string" || (typeof value === "object" && value !== null);
        // Only a value over the limit is cut, and only a string, an array or an object can be.
        expect(result.truncated).toBe(!fits && truncatable);
        // What is not cut is the input itself, without markers.
        expect(result.value === value).toBe(!result.truncated);
        expect(Object.keys(result).sort()).toEqual(
          result.truncated ? ["originalSizeBytes", "strategy", "truncated", "value"] : ["truncated", "value"],
        );
      }),
    );
  });

  it("(d) the type is kept and the result is a prefix of the input", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const result = truncateValue(value, limit);
        expectPrefixOf(value, result.value);
        const expectedStrategy =
          typeof value === "string" ? "string_prefix" : Array.isArray(value) ? "array_prefix" : "object_prefix";
        const { strategy } = result as { strategy?: TruncationStrategy };
        expect(strategy).toBe(result.truncated ? expectedStrategy : undefined);
      }),
    );
  });

  it("(e) one more code point, element or entry would not fit", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const result = truncateValue(value, limit);
        fc.pre(result.truncated);
        expect(canonicalByteLength(withOneMore(value, result.value))).toBeGreaterThan(limit);
      }),
    );
  });

  it("(f) originalSizeBytes is the canonical size of the input", () => {
    fc.assert(
      fc.property(cases, ({ value, limit }) => {
        const result = truncateValue(value, limit);
        const { originalSizeBytes } = result as { originalSizeBytes?: number };
        expect(originalSizeBytes).toBe(result.truncated ? canonicalByteLength(value) : undefined);
      }),
    );
  });
});
