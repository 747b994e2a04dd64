// Every pattern of the schemas (strict and tolerant, `pattern` and `patternProperties`) compiles in every engine a
// validator of another language uses, and each engine matches the same strings as ajv's ECMA-262 does: RE2 (re2js,
// and Go's regexp, which gojsonschema uses), Rust's regex, and Python's re (python-jsonschema), which differs only in
// the one documented way (`$` before a final line break, schemas/README.md).
import { loadSchemaSet, walkSchema } from "@agent-transcript/codegen/schema-set";
import { tolerantSchema } from "@agent-transcript/codegen/tolerant";
import { loadExamples } from "@agent-transcript/fixtures/examples";
import { textUnit } from "@agent-transcript/fixtures/text-arbitraries";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ecmaScript, goRegexp, pythonRe, re2js, rustRegex, type PatternEngine, type PatternResult } from "./engines.js";

function allPatterns(): string[] {
  const files = loadSchemaSet();
  const patterns = new Set<string>();
  for (const schema of [...files.map((file) => file.schema), ...files.map((file) => tolerantSchema(file, files))])
    walkSchema(schema, "", (node) => {
      if (typeof node.pattern === "string") patterns.add(node.pattern);
      for (const key of Object.keys((node.patternProperties ?? {}) as object)) patterns.add(key);
    });
  return [...patterns].sort();
}

function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsIn(item, into);
    }
}

/**
 * The strings every engine is asked about: each string of every example (so each pattern meets values it accepts
 * and values it refuses), those strings changed by fast-check (a character inserted, removed or replaced by an
 * awkward one, a line break added at the end), and strings made of the patterns' own characters. Strings that are
 * not well-formed UTF-16 (lone surrogates) are left out: Go's and Rust's JSON readers cannot carry them to the
 * engine, which is about JSON decoding, not patterns.
 */
function probeStrings(patterns: readonly string[]): string[] {
  const seeds = new Set<string>();
  for (const example of loadExamples()) stringsIn(example.value, seeds);
  const seedList = [...seeds].filter((seed) => seed.length <= 200).sort();
  const patternCharacters = [...new Set([...patterns.join("")])].filter(
    (character) => !"^$()?:|\\".includes(character),
  );
  const unit = fc.oneof(
    { arbitrary: fc.constantFrom(...patternCharacters, "0", "9", "a", "f", "A", "Z", "/", ".", "\n"), weight: 4 },
    // What engines read differently: digits of other scripts (`\d` in Rust and Python), line terminators (`.`).
    { arbitrary: fc.constantFrom("\u0663", "\u0969", "\uff11", "\r", "\u2028", "\u2029", "\u0085"), weight: 1 },
    { arbitrary: textUnit, weight: 1 },
  );
  const edited = fc
    .tuple(
      fc.constantFrom(...seedList),
      fc.nat(),
      fc.nat({ max: 2 }),
      unit,
      fc.constantFrom("insert", "remove", "replace", "end"),
    )
    .map(([seed, at, length, inserted, edit]) => {
      const position = seedList.length === 0 ? 0 : at % (seed.length + 1);
      if (edit === "end") return `${seed}\n`;
      if (edit === "insert") return seed.slice(0, position) + inserted + seed.slice(position);
      if (edit === "remove") return seed.slice(0, position) + seed.slice(position + length);
      return seed.slice(0, position) + inserted + seed.slice(position + 1);
    });
  const made = fc.array(unit, { maxLength: 70 }).map((units) => units.join(""));
  const generated = [
    ...fc.sample(edited, { numRuns: 3000, seed: 22 }),
    ...fc.sample(made, { numRuns: 1000, seed: 22 }),
  ];
  return [...new Set([...seedList, ...seedList.map((seed) => `${seed}\n`), ...generated])].filter(
    // With the u flag a surrogate pair is one code point; only a lone surrogate is \p{Cs}.
    (text) => !/\p{Cs}/u.test(text),
  );
}

const patterns = allPatterns();
const strings = probeStrings(patterns);

function mismatches(
  engine: PatternResult[],
  reference: PatternResult[],
  allowed: (pattern: string, text: string, verdict: boolean, expected: boolean) => boolean = () => false,
): string[] {
  return engine.flatMap((result, patternIndex) => {
    const expected = reference[patternIndex]!;
    if (result.pattern !== expected.pattern) return [`answered for ${result.pattern}, not ${expected.pattern}`];
    if (result.error !== null) return [`${result.pattern}: does not compile: ${result.error}`];
    return strings.flatMap((text, index) => {
      const verdict = result.matches[index]!;
      const wanted = expected.matches[index]!;
      return verdict === wanted || allowed(result.pattern, text, verdict, wanted)
        ? []
        : [`${result.pattern} on ${JSON.stringify(text)}: ${verdict}, ajv ${wanted}`];
    });
  });
}

describe("the schemas' patterns in every engine", () => {
  let reference: PatternResult[] = [];
  beforeAll(() => {
    reference = ecmaScript(patterns, strings);
  });

  it("are probed with strings each pattern accepts and strings it refuses", () => {
    expect(patterns.length).toBeGreaterThanOrEqual(10);
    expect(strings.length).toBeGreaterThan(3000);
    expect(reference.map((result) => result.error)).toEqual(patterns.map(() => null));
    for (const result of reference) {
      expect(result.matches.some(Boolean), `${result.pattern} accepts some`).toBe(true);
      expect(
        result.matches.some((match) => !match),
        `${result.pattern} refuses some`,
      ).toBe(true);
    }
  });

  it.each<[string, PatternEngine]>([
    ["RE2 (re2js)", re2js],
    ["Go's regexp", goRegexp],
    ["Rust's regex", rustRegex],
  ])(
    "compile in %s, which matches exactly the strings ajv does",
    (_name, engine) => {
      expect(mismatches(engine(patterns, strings), reference)).toEqual([]);
    },
    600_000,
  );

  it("compile in Python's re, which matches the strings ajv does and, where `$` ends a pattern, one final line break more", () => {
    // Python's `$` also matches before a final \n: it accepts a string ajv refuses when ajv accepts it without that
    // line break, and nothing else.
    const dollarBeforeFinalNewline = (pattern: string, text: string, verdict: boolean, expected: boolean): boolean =>
      pattern.endsWith("$") &&
      verdict &&
      !expected &&
      text.endsWith("\n") &&
      new RegExp(pattern, "u").test(text.slice(0, -1));
    const python = pythonRe(patterns, strings);
    expect(mismatches(python, reference, dollarBeforeFinalNewline)).toEqual([]);
    // The allowance is not idle: the probes include such strings, and Python accepts them.
    expect(mismatches(python, reference).length).toBeGreaterThan(0);
  }, 600_000);
});
