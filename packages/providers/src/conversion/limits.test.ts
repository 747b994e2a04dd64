import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectFormat } from "../detect.js";
import { fingerprint } from "./fingerprint.js";
import { append, cloneJson, findNonJson } from "./json.js";
import { parseJsonText } from "./native-fields.js";

function nestArrays(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

describe("the conversion toolkit on deep and large values", () => {
  it("cloneJson copies a 100,000-deep value without sharing an object (structuredClone overflowed at ~2,000)", () => {
    const deep = { a: nestArrays(100_000, { leaf: "x", __proto__: null }) };
    const copy = cloneJson(deep);
    let source: unknown = deep.a;
    let copied: unknown = copy.a;
    let shared = 0;
    for (let level = 0; level < 100_000; level += 1) {
      if (copied === source) shared += 1;
      source = (source as unknown[])[0];
      copied = (copied as unknown[])[0];
    }
    expect(shared).toBe(0);
    expect(copied === source).toBe(false);
    expect(Object.entries(copied as object)).toEqual([["leaf", "x"]]);
  });

  it("cloneJson deep-equals its input for generated JSON, deep or not (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 0, max: 600 }), (value, levels) => {
        const nested = nestArrays(levels, value);
        expect(cloneJson(nested)).toEqual(nested);
      }),
    );
  });

  it("fingerprint and detectFormat answer a 100,000-deep value without overflowing", () => {
    const deep = { messages: [{ role: "user", content: nestArrays(100_000) }] };
    expect(fingerprint(deep)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint(deep)).not.toBe(fingerprint({ messages: [{ role: "user", content: nestArrays(99_999) }] }));
    expect(() => detectFormat(deep)).not.toThrow();
    expect(detectFormat(nestArrays(100_000))).toBeUndefined();
  });

  it("findNonJson names a non-JSON value at the bottom of a 100,000-deep value", () => {
    expect(findNonJson({ a: nestArrays(100_000, Number.NaN) }, "/input")).toEqual({
      path: `/input/a${"/0".repeat(100_000)}`,
      message: expect.stringMatching(/finite number/),
    });
    expect(findNonJson({ "a/b": [1, undefined] }, "")).toEqual({ path: "/a~1b/1", message: expect.any(String) });
  });

  it("parseJsonText refuses what core's parseJson refuses, with its reason", () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonText("[1e400]")).toEqual({
      ok: false,
      reason: expect.stringMatching(/beyond the range of a double/),
    });
    expect(parseJsonText("[-0]")).toEqual({ ok: false, reason: expect.stringMatching(/negative zero/) });
    expect(parseJsonText("[".repeat(600) + "]".repeat(600))).toEqual({
      ok: false,
      reason: expect.stringMatching(/nested deeper than 512/),
    });
    expect(parseJsonText("{")).toEqual({ ok: false, reason: expect.any(String) });
  });

  it("append adds 300,000 items, where push(...items) overflows the stack", () => {
    const items = Array.from({ length: 300_000 }, (_, index) => index);
    expect(() => [].push(...(items as never[]))).toThrow(RangeError);
    expect(append([-1], items)).toHaveLength(300_001);
  });
});
