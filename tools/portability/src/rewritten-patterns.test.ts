// The patterns rewritten into the portable subset (format 1.0.0) accept exactly what their old spelling accepted, as
// ajv reads both (ECMA-262, u flag): the old ones are kept here, the new ones are read from the schemas.
import { loadSchemaSet, walkSchema } from "@agent-transcript/codegen/schema-set";
import { textUnit } from "@agent-transcript/fixtures/text-arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Every distinct pattern of the source schemas, with the JSON pointers that hold it. */
function schemaPatterns(): Map<string, string[]> {
  const patterns = new Map<string, string[]>();
  for (const file of loadSchemaSet())
    walkSchema(file.schema, "", (schema, pointer) => {
      if (typeof schema.pattern === "string")
        patterns.set(schema.pattern, [...(patterns.get(schema.pattern) ?? []), `${file.sourcePath}#${pointer}`]);
    });
  return patterns;
}

const patternAt = (pointerSuffix: string): string => {
  const found = [...schemaPatterns()].filter(([, pointers]) =>
    pointers.some((pointer) => pointer.endsWith(pointerSuffix)),
  );
  if (found.length !== 1) throw new Error(`expected one pattern at …${pointerSuffix}, found ${found.length}`);
  return found[0]![0];
};

const oldRelativePath = String.raw`^(?!/)(?!.*(?:^|/)\.\.(?:/|$)).+$`;
const oldDate = String.raw`^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$`;
const oldVersion = String.raw`^1\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$`;

/** What a path is made of, weighted towards what the pattern is about: `/`, `.`, `..`, line terminators. */
const pathUnit = fc.oneof(
  { arbitrary: fc.constantFrom("/", ".", "..", "a", "\n", "\r", "\u2028", "\u2029"), weight: 6 },
  { arbitrary: textUnit, weight: 2 },
);
const pathLike = fc.array(pathUnit, { maxLength: 12 }).map((units) => units.join(""));
/** Digits of any script (Arabic-Indic, Devanagari, fullwidth), which `\d` matches in Rust and Python. */
const digitUnit = fc.oneof(
  { arbitrary: fc.constantFrom(..."0123456789"), weight: 8 },
  { arbitrary: fc.constantFrom("-", ".", "\u0663", "\u0969", "\uff11", "\n"), weight: 2 },
  { arbitrary: textUnit, weight: 1 },
);
const digitsLike = fc.array(digitUnit, { maxLength: 12 }).map((units) => units.join(""));

describe("the relative-path pattern (nine properties: parts' and snapshots' paths)", () => {
  const portable = patternAt("/$defs/ImagePart/properties/path");
  const before = new RegExp(oldRelativePath, "u");
  const after = new RegExp(portable, "u");

  it("is one pattern, used for every relative path", () => {
    expect(schemaPatterns().get(portable)).toHaveLength(9);
    expect(schemaPatterns().has(oldRelativePath)).toBe(false);
  });

  it("accepts exactly what the look-ahead pattern accepted, on every string up to 6 characters of 10 symbols", () => {
    // `/`, `.`, an ordinary letter, every line terminator ECMA-262 knows, a non-ASCII letter, a lone surrogate
    // and a character outside the BMP: 1,111,111 strings.
    const symbols = ["/", ".", "a", "\n", "\r", "\u2028", "\u2029", "é", "\ud800", "😀"];
    const differences: string[] = [];
    const visit = (prefix: string, depth: number): void => {
      if (before.test(prefix) !== after.test(prefix)) differences.push(JSON.stringify(prefix));
      if (depth > 0) for (const symbol of symbols) visit(prefix + symbol, depth - 1);
    };
    visit("", 6);
    expect(differences).toEqual([]);
  });

  it("accepts exactly what the look-ahead pattern accepted, on generated paths of any characters", () => {
    fc.assert(
      fc.property(pathLike, (path) => {
        expect(after.test(path), JSON.stringify(path)).toBe(before.test(path));
      }),
      { numRuns: 20 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it.each([
    ["a.txt", true],
    ["a/b/c", true],
    ["a//b/", true],
    [".", true],
    ["./a", true],
    ["...", true],
    ["..a/a..", true],
    ["é/😀", true],
    ["", false],
    ["/a", false],
    ["..", false],
    ["../a", false],
    ["a/..", false],
    ["a/../b", false],
    ["a\nb", false],
    ["a\rb", false],
    ["a\u2028b", false],
    ["a.txt\n", false],
  ])("reads %j as %s", (path, accepted) => {
    expect(after.test(path)).toBe(accepted);
    expect(before.test(path)).toBe(accepted);
  });
});

describe("the patterns whose \\d became [0-9]", () => {
  it.each([
    ["PricingReference's date", "/$defs/PricingReference/properties/date", oldDate],
    ["run.started's schema_version", "/$defs/RunStartedPayload/properties/schema_version", oldVersion],
    ["the document's schema_version", "transcript.schema.json#/properties/schema_version", oldVersion],
  ])("%s accepts exactly what it accepted, digits of other scripts included", (_name, pointer, old) => {
    const before = new RegExp(old, "u");
    const after = new RegExp(patternAt(pointer), "u");
    expect(patternAt(pointer)).not.toContain("\\d");
    fc.assert(
      fc.property(digitsLike, (text) => {
        expect(after.test(text), JSON.stringify(text)).toBe(before.test(text));
      }),
      { numRuns: 20 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
