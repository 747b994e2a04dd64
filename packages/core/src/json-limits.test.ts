import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertWithinDepth, checkJsonValue, defaultMaxDepth, JsonDepthError } from "./json-limits.js";

/** A value nesting `path` (null: an array level, a string: an object key) around 1, and its expected pointers. */
function nest(path: ReadonlyArray<string | null>): unknown {
  let value: unknown = 1;
  for (const step of [...path].reverse()) value = step === null ? [value] : { [step]: value };
  return value;
}

const pointerOf = (path: ReadonlyArray<string | null>): string =>
  path.map((step) => `/${step === null ? "0" : step.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

describe("checkJsonValue", () => {
  it("refuses exactly the values nested deeper than the limit, naming the first container past it (1,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(null), fc.string({ maxLength: 4 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (path, maxDepth) => {
          const problem = checkJsonValue(nest(path), { maxDepth });
          expect(problem === undefined).toBe(path.length <= maxDepth);
          expect(problem?.pointer ?? pointerOf(path.slice(0, maxDepth))).toBe(pointerOf(path.slice(0, maxDepth)));
        },
      ),
    );
  });

  it("answers a 100,000-deep value and a value that contains itself without overflowing", () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(checkJsonValue(deep)).toMatchObject({ code: "too-deep", pointer: "/0".repeat(defaultMaxDepth) });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkJsonValue(cyclic)).toMatchObject({ code: "too-deep", pointer: "/self".repeat(defaultMaxDepth) });
    expect(() => assertWithinDepth(deep)).toThrow(JsonDepthError);
    expect(() => assertWithinDepth([[1]], 2)).not.toThrow();
  });

  it("refuses the numbers JSON cannot write back, only when asked", () => {
    for (const number of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0]) {
      expect(checkJsonValue({ a: [1, number] }, { numbers: "exact" })).toMatchObject({
        code: "inexact-number",
        pointer: "/a/1",
      });
      expect(checkJsonValue({ a: [1, number] }, { numbers: "finite" })?.pointer).toBe(
        Object.is(number, -0) ? undefined : "/a/1",
      );
      expect(checkJsonValue({ a: [1, number] })).toBeUndefined();
    }
    expect(checkJsonValue({ a: [0, 1.5, -2] }, { numbers: "exact" })).toBeUndefined();
  });
});
