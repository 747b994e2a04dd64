import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLinesChunks, jsonTextChunks } from "./json-text.js";

const joined = (chunks: Iterable<string>): string => [...chunks].join("");

/** Strings of every kind of UTF-16 code unit, lone surrogates and control characters included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });

describe("jsonTextChunks", () => {
  it("writes exactly what JSON.stringify(value, null, indent) does, for any JSON value and piece length (generated)", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.constantFrom(undefined, 0, 1, 2, 4, 12),
        fc.integer({ min: 1, max: 64 }),
        (value, indent, chunkLength) => {
          expect(joined(jsonTextChunks(value, { indent, chunkLength }))).toBe(JSON.stringify(value, null, indent));
        },
      ),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("agrees with JSON.stringify on values that are not JSON: undefined, functions, boxed values, dates, toJSON (generated)", () => {
    const withToJson = fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.boolean())
      .map(([inner, useKey]) => ({ toJSON: (key: string) => (useKey ? `key:${key}` : inner) }));
    const exotic = fc.anything({
      maxDepth: 4,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          exotic,
          withToJson,
          fc.array(
            fc.oneof(
              exotic,
              withToJson,
              fc.constant(undefined),
              fc.constant(() => 1),
            ),
          ),
        ),
        fc.constantFrom(undefined, 2),
        fc.integer({ min: 1, max: 32 }),
        (value, indent, chunkLength) => {
          const expected = JSON.stringify(value, null, indent) as string | undefined;
          expect(joined(jsonTextChunks(value, { indent, chunkLength }))).toBe(expected ?? "");
        },
      ),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("cuts long strings without splitting a surrogate pair or an escape (generated)", () => {
    fc.assert(
      fc.property(
        fc.array(anyText, { maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(undefined, 2),
        (strings, chunkLength, indent) => {
          const value = { strings, emoji: "😀".repeat(chunkLength * 3) };
          const chunks = [...jsonTextChunks(value, { indent, chunkLength })];
          expect(chunks.join("")).toBe(JSON.stringify(value, null, indent));
        },
      ),
    );
  });

  it("keeps a pair whole when a lone high half comes just before it", () => {
    // Found by the generated test above: the lone half was taken for a pair's first half and the cut moved into the pair.
    for (const chunkLength of [1, 2, 3]) {
      const value = { strings: ["\ud800\ud800\udc00", "a\udbff\udbff\udfffb"], emoji: "😀".repeat(chunkLength * 3) };
      expect(joined(jsonTextChunks(value, { chunkLength }))).toBe(JSON.stringify(value));
    }
  });

  it("keeps every piece near the piece length, whatever the value's size", () => {
    const value = {
      messages: Array.from({ length: 2000 }, (_, index) => ({
        role: "user",
        parts: [{ type: "text", text: `m${index}` }],
      })),
      big: "x".repeat(1_000_000),
    };
    const chunks = [...jsonTextChunks(value, { indent: 2, chunkLength: 4096 })];
    expect(chunks.join("")).toBe(JSON.stringify(value, null, 2));
    // A piece may run over by the one token written last, never by the whole text.
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(3 * 4096);
    expect(chunks.length).toBeGreaterThan(250);
  });

  it("writes values nested far deeper than JSON.stringify's call stack allows", () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const text = joined(jsonTextChunks(deep));
    expect(text.length).toBe(200_000 + '"bottom"'.length);
    expect(text.startsWith("[[[")).toBe(true);
  });

  it("throws as JSON.stringify does on a cycle or a BigInt", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => joined(jsonTextChunks(cycle))).toThrow(TypeError);
    expect(() => joined(jsonTextChunks({ n: 10n }))).toThrow(TypeError);
    // The same object twice is no cycle.
    const shared = { x: 1 };
    expect(joined(jsonTextChunks([shared, shared]))).toBe(JSON.stringify([shared, shared]));
  });
});

describe("jsonLinesChunks", () => {
  it("writes one compact JSON value per line (generated)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 16 }),
        (values, chunkLength) => {
          expect(joined(jsonLinesChunks(values, { chunkLength }))).toBe(
            values.map((value) => `${JSON.stringify(value)}\n`).join(""),
          );
        },
      ),
    );
  });
});
