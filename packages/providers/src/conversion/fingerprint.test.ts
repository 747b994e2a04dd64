import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprint } from "./fingerprint.js";

/** The same object with its keys in reverse order, at every level. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

describe("fingerprint", () => {
  it("is 16 hex digits and the same for equal values, whatever their key order", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const print = fingerprint(value);
        expect(print).toMatch(/^[0-9a-f]{16}$/);
        expect(fingerprint(structuredClone(value))).toBe(print);
        expect(fingerprint(reverseKeys(value))).toBe(print);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("tells apart values that differ in any scalar, key or shape", () => {
    const distinct: unknown[] = [
      null,
      false,
      true,
      0,
      -0,
      1,
      1.5,
      "",
      "0",
      "a",
      "ab",
      "ba",
      [],
      [[]],
      {},
      [null],
      ["a", "b"],
      ["ab"],
      ["b", "a"],
      { a: 1 },
      { b: 1 },
      { a: "1" },
      { a: [1] },
      { a: { b: 1 } },
      { "a.b": 1 },
      [{ a: 1 }, { b: 2 }],
      [{ a: 1, b: 2 }],
      [{ a: 2 }, { b: 1 }],
      { a: 1, b: 2 },
      { a: 2, b: 1 },
      { ab: "" },
      { a: "b" },
    ];
    const prints = distinct.map(fingerprint);
    expect(new Set(prints).size).toBe(distinct.length);
  });

  it("finds no collision among 20,000 random distinct values", () => {
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const canonical = JSON.stringify(sortKeys(value));
        const print = fingerprint(value);
        // A print seen before belongs to the same value.
        expect(seen.get(print) ?? canonical).toBe(canonical);
        seen.set(print, canonical);
      }),
      { numRuns: 20 * fc.readConfigureGlobal().numRuns! },
    );
    // Random values repeat; enough of them must be distinct for "no collision" to say something.
    expect(seen.size).toBeGreaterThan(10 * fc.readConfigureGlobal().numRuns!);
  });

  it("samples long strings: a change in the first, middle or last 32 characters or in the length counts", () => {
    const base = "x".repeat(10_000);
    const at = (index: number): string => `${base.slice(0, index)}y${base.slice(index + 1)}`;
    const print = fingerprint({ data: base });
    for (const index of [0, 31, 4_984, 5_000, 9_968, 9_999]) expect(fingerprint({ data: at(index) })).not.toBe(print);
    expect(fingerprint({ data: `${base}x` })).not.toBe(print);
    // The documented blind spot: the same length, a difference outside the three samples.
    expect(fingerprint({ data: at(2_000) })).toBe(print);
  });

  it("hashes very deep values without exhausting the stack", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 === 0 ? [deep] : { next: deep };
    let other: unknown = "leaf!";
    for (let level = 0; level < 100_000; level += 1) other = level % 2 === 0 ? [other] : { next: other };
    expect(fingerprint(deep)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint(deep)).not.toBe(fingerprint(other));
  });
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
