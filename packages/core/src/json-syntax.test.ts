import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  lineAndColumn,
  linesAndColumns,
  locateJsonSyntaxError,
  locatePointers,
  pointerAtOffset,
} from "./json-syntax.js";
import { anyJsonValue, anyText } from "@agent-transcript/fixtures/text-arbitraries";

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
      fc.property(anyJsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        expect(locateJsonSyntaxError(JSON.stringify(value, null, indent))).toBeUndefined();
      }),
    );
  });

  it("rejects whatever JSON.parse rejects (1,000 generated corruptions)", () => {
    fc.assert(
      fc.property(anyJsonValue(), fc.nat(), anyText({ minLength: 1, maxLength: 3 }), (value, cut, noise) => {
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

describe("locatePointers", () => {
  const text = '{\n  "a": [1, {"b": "x,y]"}, []],\n  "c/d": {"e~f": null},\n  "g": {}\n}';

  it("finds the offset of each value by JSON pointer", () => {
    const found = locatePointers(text, ["", "/a", "/a/1/b", "/a/2", "/c~1d/e~0f", "/g", "/missing", "/a/9"]);
    const lineOf = (pointer: string): number | undefined => {
      const offset = found.get(pointer);
      return offset === undefined ? undefined : lineAndColumn(text, offset).line;
    };
    expect(found.get("")).toBe(0);
    expect(text.slice(found.get("/a") ?? -1).startsWith("[1,")).toBe(true);
    expect(text.slice(found.get("/a/1/b") ?? -1).startsWith('"x,y]"')).toBe(true);
    expect(text.slice(found.get("/a/2") ?? -1).startsWith("[]")).toBe(true);
    expect(lineOf("/c~1d/e~0f")).toBe(3);
    expect(lineOf("/g")).toBe(4);
    expect(found.has("/missing")).toBe(false);
    expect(found.has("/a/9")).toBe(false);
  });

  it("agrees with the values for every pointer of generated documents (1,000 runs)", () => {
    const pointersOf = (value: unknown, prefix = ""): Array<[string, unknown]> => {
      const here: Array<[string, unknown]> = [[prefix, value]];
      if (Array.isArray(value))
        return [...here, ...value.flatMap((item, index) => pointersOf(item, `${prefix}/${index}`))];
      if (typeof value === "object" && value !== null) {
        return [
          ...here,
          ...Object.entries(value).flatMap(([key, item]) =>
            pointersOf(item, `${prefix}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`),
          ),
        ];
      }
      return here;
    };
    fc.assert(
      fc.property(anyJsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        const serialised = JSON.stringify(value, null, indent);
        const entries = pointersOf(JSON.parse(serialised) as unknown);
        const found = locatePointers(
          serialised,
          entries.map(([pointer]) => pointer),
        );
        for (const [pointer, expected] of entries) {
          const offset = found.get(pointer);
          expect(offset, pointer).toBeDefined();
          const rest = serialised.slice(offset);
          expect(rest.startsWith(JSON.stringify(expected, null, indent)?.split("\n")[0] ?? ""), pointer).toBe(true);
        }
      }),
    );
  });
});

/** Every pointer of a parsed value with the value, in document order. */
function pointersOf(value: unknown, prefix = ""): Array<[string, unknown]> {
  const here: Array<[string, unknown]> = [[prefix, value]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pointersOf(item, `${prefix}/${index}`))];
  if (typeof value === "object" && value !== null)
    return [
      ...here,
      ...Object.entries(value).flatMap(([key, item]) =>
        pointersOf(item, `${prefix}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`),
      ),
    ];
  return here;
}

describe("locatePointers with nearestAncestor", () => {
  const text = '{\n  "a": [1, {"b": 2}],\n  "c": {}\n}';

  it("answers a pointer that names nothing with its nearest existing ancestor", () => {
    const found = locatePointers(text, ["/a/1/missing", "/c/x/y", "/nothing", "/a/1/b"], { nearestAncestor: true });
    expect(found.get("/a/1/missing")).toBe(text.indexOf('{"b"'));
    expect(found.get("/c/x/y")).toBe(text.indexOf("{}"));
    expect(found.get("/nothing")).toBe(0);
    expect(found.get("/a/1/b")).toBe(text.indexOf("2"));
  });

  it("agrees with the exact answer for existing pointers and with the deepest existing prefix otherwise (1,000 runs)", () => {
    fc.assert(
      fc.property(anyJsonValue({ maxDepth: 4 }), anyText({ maxLength: 3 }), (value, extra) => {
        const serialised = JSON.stringify(value, null, 1);
        const entries = pointersOf(JSON.parse(serialised) as unknown).map(([pointer]) => pointer);
        const missing = entries.map((pointer) => `${pointer}/${extra.replaceAll("~", "~0").replaceAll("/", "~1")}~2`);
        const exact = locatePointers(serialised, entries);
        const nearest = locatePointers(serialised, [...entries, ...missing], { nearestAncestor: true });
        for (const pointer of entries) expect(nearest.get(pointer)).toBe(exact.get(pointer));
        // "~2" is no valid escape, so no key matches it: each missing pointer lands on its parent.
        missing.forEach((pointer, index) => expect(nearest.get(pointer)).toBe(exact.get(entries[index] as string)));
      }),
    );
  });
});

describe("locating stays linear", () => {
  it("finds the bottom of a 100,000-deep array, and 100,000 pointers at once", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const bottom = "/0".repeat(99_999);
    expect(locatePointers(deep, [bottom, `${bottom}/0/0`], { nearestAncestor: true })).toEqual(
      new Map([
        [bottom, 99_999],
        [`${bottom}/0/0`, 99_999],
      ]),
    );
    expect(pointerAtOffset(deep, 99_999)).toBe(bottom);

    const wide = JSON.stringify({ items: Array.from({ length: 100_000 }, (_, index) => ({ id: index })) });
    const pointers = Array.from({ length: 100_000 }, (_, index) => `/items/${index}/missing`);
    const found = locatePointers(wide, pointers, { nearestAncestor: true });
    expect(found.size).toBe(100_000);
    expect(wide.slice(found.get("/items/99999/missing"))).toBe('{"id":99999}]}');
  });
});

describe("pointerAtOffset", () => {
  it("names the value that starts at each offset locatePointers finds (1,000 generated documents)", () => {
    fc.assert(
      fc.property(anyJsonValue({ maxDepth: 5 }), fc.constantFrom(undefined, 2), (value, indent) => {
        const serialised = JSON.stringify(value, null, indent);
        const pointers = pointersOf(JSON.parse(serialised) as unknown).map(([pointer]) => pointer);
        const found = locatePointers(serialised, pointers);
        for (const pointer of pointers) expect(pointerAtOffset(serialised, found.get(pointer) ?? -1)).toBe(pointer);
      }),
    );
    expect(pointerAtOffset('{"a": [1]}', 3)).toBeUndefined();
  });
});

describe("linesAndColumns", () => {
  it("answers like lineAndColumn for every offset, in one pass (1,000 runs)", () => {
    fc.assert(
      fc.property(anyText({ maxLength: 60 }), fc.array(fc.nat(), { maxLength: 10 }), (text, raw) => {
        const offsets = raw.map((offset) => offset % (text.length + 1));
        expect(linesAndColumns(text, offsets)).toEqual(offsets.map((offset) => lineAndColumn(text, offset)));
      }),
    );
  });
});
