import { describe, expect, it } from "vitest";
import { portablePatternProblems } from "./portable-pattern.js";
import { loadSchemaSet, walkSchema } from "./schema-set.js";

describe("portable patterns", () => {
  it("finds nothing to refuse in the repository's patterns", () => {
    const patterns: string[] = [];
    for (const file of loadSchemaSet())
      walkSchema(file.schema, "", (schema) => {
        if (typeof schema.pattern === "string") patterns.push(schema.pattern);
      });
    // The path pattern (look-ahead until 1.0.0's portability fix) is among them, nine times.
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns) expect(portablePatternProblems(pattern), pattern).toEqual([]);
  });

  it.each([
    "^[0-9]{4}-(?:0[1-9]|1[0-2])$",
    "^(?:[^/\\n\\r\u2028\u2029]{3,}|\\.[^./]?)(?:/[^/]*)*$",
    "^[a-z0-9][a-z0-9.-]*$",
    "^\\x41\\.\\$\\[\\]\\(\\)\\{\\}\\|\\*\\+\\?\\^\\\\$",
    "^[\\t\\f\\v\\-é😀]+?$",
    "^/",
  ])("accepts %j", (pattern) => {
    expect(portablePatternProblems(pattern)).toEqual([]);
  });

  it.each([
    ["look-ahead", "^(?!/).+$", /look-around is not in RE2 or Rust's regex \(`\(\?!\/\)` at offset 1\)/],
    ["positive look-ahead", "^(?=a)a", /look-around/],
    ["look-behind", "(?<=a)b", /look-around/],
    ["negative look-behind", "(?<!a)b", /look-around/],
    ["a back-reference", "^(a)\\1$", /back-references are not in RE2 or Rust's regex \(`\\1`/],
    ["a named back-reference", "^(?<x>a)\\k<x>$", /back-references/],
    ["a named group", "^(?<year>[0-9]{4})$", /named groups are spelled differently/],
    ["\\d", "^\\d+$", /\\d, \\s and \\w are Unicode-aware in Rust and Python/],
    ["\\w", "^\\w+$", /\\d, \\s and \\w/],
    ["\\s", "\\s", /\\d, \\s and \\w/],
    ["a word boundary", "\\bend\\b", /\\b and \\B are Unicode-aware/],
    ["`.`", "^a.b$", /`\.` excludes \\n, \\r, U\+2028 and U\+2029 in ECMA-262 but only \\n in RE2/],
    ["a Unicode property", "^\\p{L}+$", /Unicode property names differ/],
    ["a \\u escape", "^\\u00e9$", /\\u escapes are not in RE2/],
    ["an escaped ordinary character", "^a\\/b$", /escaping `\/` is not portable/],
    ["a \\0 escape", "^a\\0$", /octal and \\0 escapes are not portable/],
    ["a control escape", "^\\cJ$", /escaping `cJ` is not portable/],
    ["a `[` inside a class", "^[[a]$", /`\[` inside a class opens a nested class in Rust's regex/],
    ["a class set operation", "^[a&&b]$", /&&, -- and ~~ in a class are set operations/],
    ["a repeat count RE2 refuses", "^a{1001}$", /does not compile under RE2 .*invalid repeat count/],
    ["an inline flag", "(?i)abc", /does not compile as ECMA-262 with the u flag/],
    ["a possessive quantifier", "a++", /does not compile as ECMA-262/],
    ["\\Z", "abc\\Z", /does not compile as ECMA-262/],
  ])("refuses %s", (_name, pattern, message) => {
    const problems = portablePatternProblems(pattern);
    expect(problems.join("\n")).toMatch(message);
  });
});
