import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deterministicRandom } from "./fake-secrets.test.helpers.js";
import { isValidKeyword, KeywordFilter } from "./keywords.js";
import { builtInRules } from "./rules.js";

/** What the filter must report at least: the rules with a keyword in the text (ASCII case folded), and the unfiltered ones. */
function naive(keywordsPerRule: readonly (readonly string[] | undefined)[], text: string): number[] {
  const folded = text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return keywordsPerRule.flatMap((keywords, rule) =>
    keywords === undefined || keywords.some((keyword) => folded.includes(keyword.toLowerCase())) ? [rule] : [],
  );
}

function filler(length: number, start = 1): string {
  const random = deterministicRandom(start);
  const words = [
    "the",
    "agent",
    "reads",
    "file",
    "config",
    "tests",
    "pass",
    "and",
    "then",
    "runs",
    "build",
    "output",
    "{",
    "}",
    "\n",
    "é",
    "日本",
    "😀",
  ];
  let text = "";
  while (text.length < length) text += `${words[Math.floor(random() * words.length)] ?? ""} `;
  return text.slice(0, length);
}

describe("KeywordFilter", () => {
  const keywordsPerRule = [["acme_"], undefined, ["://", "Bearer"], ["sk-ant-", "sk-"]];
  const filter = new KeywordFilter(keywordsPerRule);

  it("reports the rules whose keywords occur, ignoring ASCII case, plus the rules without keywords", () => {
    expect(filter.rulesFor("nothing here")).toEqual([1]);
    expect(filter.rulesFor("ACME_token")).toEqual([0, 1]);
    expect(filter.rulesFor("a bEaReR token and https://x")).toEqual([1, 2]);
    expect(filter.rulesFor("Sk-AnT-key acme_")).toEqual([0, 1, 3]);
  });

  it("runs every rule when none declares keywords", () => {
    expect(new KeywordFilter([undefined, undefined]).rulesFor("anything")).toEqual([0, 1]);
    expect(new KeywordFilter([]).rulesFor("anything")).toEqual([]);
  });

  it("finds a keyword at every offset of short and long strings, across the seams between the automata and between chunks", () => {
    for (const length of [20, 95, 96, 97, 300, 1001]) {
      const text = filler(length);
      for (let offset = 0; offset <= length; offset += 1) {
        expect(
          filter.rulesFor(text.slice(0, offset) + "acme_" + text.slice(offset)),
          `length ${length}, offset ${offset}`,
        ).toEqual([0, 1]);
      }
    }
    const long = filler(140_000, 2);
    for (const seam of [65_536, 131_072]) {
      for (let offset = seam - 8; offset <= seam + 8; offset += 1) {
        expect(filter.rulesFor(long.slice(0, offset) + "bearer" + long.slice(offset)), `offset ${offset}`).toEqual([
          1, 2,
        ]);
      }
    }
  });

  it("matches a naive search on ASCII text, and never misses a keyword next to other characters", () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 4 }),
      fc.constantFrom(
        "acme_",
        "ACME_",
        "://",
        "bearer",
        "BEARER",
        "sk-",
        "Sk-Ant-",
        "acme",
        "bear",
        ":/",
        "\u0141",
        "\u212a",
        "\u017f",
      ),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.nat({ max: 200 }), (body, padding) => {
        for (const candidate of [body, filler(padding) + body + filler(padding, 3)]) {
          const found = filter.rulesFor(candidate);
          const expected = naive(keywordsPerRule, candidate);
          // Non-ASCII code units are read by their low 7 bits: they may add rules (harmless), never remove one.
          expect(found).toEqual(expect.arrayContaining(expected));
          const ascii = [...candidate].every((character) => character.charCodeAt(0) < 0x80);
          expect(ascii ? found : expected, "the rules for ASCII text, exactly").toEqual(expected);
        }
      }),
    );
  });

  it("folds ASCII letters only", () => {
    // U+212A KELVIN SIGN and U+017F LONG S match k and s only in Unicode-mode regular expressions, whose rules must
    // then declare keywords that do not depend on them; the built-in rules have no Unicode flag.
    expect(filter.rulesFor("\u017fk-ant-")).toEqual([1]);
    expect(builtInRules.every((rule) => !/[uv]/.test(rule.pattern.flags))).toBe(true);
  });

  it("runs rules whose keywords do not fit the automaton unfiltered", () => {
    const many = Array.from({ length: 20 }, (_, rule) =>
      Array.from({ length: 10 }, (_, index) => `kw${rule}x${index}abc`),
    );
    const big = new KeywordFilter(many);
    const found = big.rulesFor("no keyword at all");
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(20);
    // Every rule is still reported when its keyword occurs.
    for (let rule = 0; rule < 20; rule += 1) expect(big.rulesFor(`... kw${rule}x3abc ...`)).toContain(rule);
  });

  it("accepts only non-empty ASCII keywords of at most 64 characters", () => {
    expect(isValidKeyword("acme_")).toBe(true);
    expect(isValidKeyword("x".repeat(64))).toBe(true);
    for (const keyword of ["", "x".repeat(65), "caf\u00e9", 42, undefined]) expect(isValidKeyword(keyword)).toBe(false);
  });
});
