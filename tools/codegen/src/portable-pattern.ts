import { type AST, RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";
import { RE2JS } from "re2js";

/**
 * Why a `pattern` is outside the regular-expression subset that every validator of our schemas reads the same way:
 * ECMA-262 with the `u` flag (ajv, and any JavaScript validator), RE2 (Go's `regexp`, gojsonschema), Rust's
 * `regex` and Python's `re` (python-jsonschema). Empty when the pattern is portable.
 *
 * Two checks, because compiling is not enough:
 * - it must compile in ECMA-262 (as ajv compiles it, `new RegExp(pattern, "u")`) and under RE2 (re2js, a port of
 *   RE2 with Go's syntax, so this runs with no Go toolchain). That refuses look-around, back-references, atomic
 *   groups, possessive quantifiers, inline flags and repeat counts over 1000.
 * - it must stay within the constructs all four engines give the same meaning. Several compile everywhere and
 *   still match differently: `.` excludes `\r`, U+2028 and U+2029 in ECMA-262 only; `\d`, `\w` and `\b` are
 *   Unicode-aware in Rust and Python and ASCII in ECMA-262 and Go; `\s` differs in all four; `\p{…}` names differ;
 *   a `[` inside a class opens a nested class in Rust. Escapes of ordinary characters (`\/`) are refused by
 *   Rust's `regex` before 1.8 (Debian 12 packages 1.7).
 *
 * The cross-language tests (tools/portability) also compile every pattern with Go's `regexp`, Rust's `regex` and
 * Python's `re`, and compare their verdicts on generated strings.
 */
export function portablePatternProblems(pattern: string): string[] {
  const problems: string[] = [];
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return [`does not compile as ECMA-262 with the u flag, as ajv compiles it: ${(error as Error).message}`];
  }
  try {
    RE2JS.compile(pattern);
  } catch (error) {
    problems.push(`does not compile under RE2 (Go's regexp, gojsonschema): ${(error as Error).message}`);
  }
  const ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: true });
  const refuse = (node: AST.Node, why: string): void => {
    problems.push(`${why} (\`${node.raw}\` at offset ${node.start})`);
  };
  visitRegExpAST(ast, {
    onAssertionEnter(node) {
      if (node.kind === "lookahead" || node.kind === "lookbehind")
        refuse(node, "look-around is not in RE2 or Rust's regex");
      if (node.kind === "word")
        refuse(node, "\\b and \\B are Unicode-aware in Rust and Python, ASCII in ECMA-262 and Go: anchor explicitly");
    },
    onBackreferenceEnter(node) {
      refuse(node, "back-references are not in RE2 or Rust's regex");
    },
    onCapturingGroupEnter(node) {
      if (node.name !== null)
        refuse(node, "named groups are spelled differently across engines ((?<name> or (?P<name>): use (?:…)");
    },
    onCharacterSetEnter(node) {
      if (node.kind === "any")
        refuse(
          node,
          "`.` excludes \\n, \\r, U+2028 and U+2029 in ECMA-262 but only \\n in RE2, Rust and Python: write a class that names the characters it excludes",
        );
      else if (node.kind === "property")
        refuse(node, "Unicode property names differ across engines: list the characters");
      else
        refuse(
          node,
          "\\d, \\s and \\w are Unicode-aware in Rust and Python, ASCII in ECMA-262 and Go: write the class, e.g. [0-9]",
        );
    },
    onCharacterEnter(node) {
      const problem = characterProblem(node);
      if (problem) refuse(node, problem);
    },
    onCharacterClassEnter(node) {
      // Rust's regex reads `&&`, `--` and `~~` inside a class as set operations.
      if (/&&|--|~~/.test(node.raw.slice(1, -1).replace(/\\./g, "")))
        refuse(node, "&&, -- and ~~ in a class are set operations in Rust's regex: escape one of the pair");
    },
  });
  return problems;
}

/** Escapes every engine reads as the same character. */
const controlEscapes = new Set(["\\n", "\\r", "\\t", "\\f", "\\v"]);
/** Characters every engine lets a backslash escape: ECMA-262's syntax characters that Rust's regex 1.7 escapes too. */
const escapableMetacharacters = new Set([..."\\.+*?()|[]{}^$"]);

function characterProblem(node: AST.Character): string | undefined {
  const inClass = node.parent.type === "CharacterClass" || node.parent.type === "CharacterClassRange";
  if (inClass && node.raw === "[") return "`[` inside a class opens a nested class in Rust's regex: escape it as \\[";
  if (!node.raw.startsWith("\\")) return undefined;
  if (controlEscapes.has(node.raw) || /^\\x[0-9A-Fa-f]{2}$/.test(node.raw)) return undefined;
  const escaped = node.raw.slice(1);
  if (escapableMetacharacters.has(escaped) || (inClass && escaped === "-")) return undefined;
  if (/^\\u/.test(node.raw))
    return "\\u escapes are not in RE2 (Go): write the character itself (a JSON \\u escape in the schema file is fine)";
  if (/^\\\d/.test(node.raw)) return "octal and \\0 escapes are not portable: use \\xHH";
  return `escaping ${escaped === "" ? "this" : `\`${escaped}\``} is not portable (Rust's regex 1.7 refuses escapes of ordinary characters): write it unescaped, or in a class`;
}
