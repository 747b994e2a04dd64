import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAndColumn, locateJsonSyntaxError } from "./json-syntax.js";

describe("locateJsonSyntaxError", () => {
  it.each([
    ['{\n  "a": }', 9],
    ['{"a":1', 6],
    ["[1,2", 4],
    ['"abc', 4],
    ['{"a" 1}', 5],
    ["", 0],
    ["[1,]", 3],
    ['{"a":1,}', 7],
    ["01", 1],
    ["[tru]", 1],
    ['"bad \\x escape"', 5],
    ["{} {}", 3],
  ])("finds the error in %j at offset %i", (text, offset) => {
    expect(locateJsonSyntaxError(text)).toBe(offset);
  });

  it("accepts everything JSON.parse accepts (1,000 generated documents)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        expect(locateJsonSyntaxError(JSON.stringify(value, null, indent))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it("rejects whatever JSON.parse rejects (1,000 generated corruptions)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.string({ minLength: 1, maxLength: 3 }), (value, cut, noise) => {
        const text = JSON.stringify(value);
        const corrupted = text.slice(0, cut % (text.length + 1)) + noise + text.slice(cut % (text.length + 1));
        let parses = true;
        try {
          JSON.parse(corrupted);
        } catch {
          parses = false;
        }
        expect(locateJsonSyntaxError(corrupted) === undefined).toBe(parses);
      }),
      { numRuns: 1000 },
    );
  });

  it("survives deep nesting without recursion", () => {
    expect(locateJsonSyntaxError("[".repeat(100_000) + "]".repeat(100_000))).toBeUndefined();
    expect(locateJsonSyntaxError("[".repeat(100_000))).toBe(100_000);
  });
});

describe("lineAndColumn", () => {
  it("counts lines and columns from 1", () => {
    expect(lineAndColumn("ab\ncd\nef", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd\nef", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\ncd\nef", 6)).toEqual({ line: 3, column: 1 });
  });
});
