import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAndColumn } from "./json-syntax.js";
import { defaultMaxDepth } from "./json-limits.js";
import { inexactNumberReason, parseJson } from "./parse-json.js";
import { anyJsonValue, anyText } from "@agent-transcript/fixtures/text-arbitraries";

/**
 * The oracle for the number policy, computed another way than the parser does: the written decimal and the shortest
 * decimal of the double it reads as are both turned into exact integers scaled by a common power of ten (BigInt),
 * and compared. Zeros are compared by sign: -0 is refused.
 */
function keepsItsValue(token: string): boolean {
  const value = Number(token);
  if (!Number.isFinite(value)) return false;
  if (Object.is(value, -0) || (value === 0 && token.startsWith("-"))) return false;
  const scaled = (decimal: string): { mantissa: bigint; exponent: number } => {
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(decimal);
    if (!match) throw new Error(`not a decimal: ${decimal}`);
    const [, sign, whole, fraction = "", exponent = "0"] = match;
    return {
      mantissa: BigInt(`${sign}${whole}${fraction}`),
      exponent: Number(exponent) - fraction.length,
    };
  };
  const written = scaled(token);
  const held = scaled(String(value));
  const common = Math.min(written.exponent, held.exponent);
  // Exponents of tokens that stay finite and non-zero are small enough for these powers.
  return (
    written.mantissa * 10n ** BigInt(written.exponent - common) ===
    held.mantissa * 10n ** BigInt(held.exponent - common)
  );
}

const digits = (options: { minLength: number; maxLength: number }) =>
  fc.array(fc.constantFrom(..."0123456789"), options).map((characters) => characters.join(""));

/** JSON number tokens of every shape: short and long, with and without fraction and exponent, signs, zeros. */
const numberToken = fc
  .record({
    negative: fc.boolean(),
    whole: fc.oneof(
      fc.constant("0"),
      fc.tuple(fc.constantFrom(..."123456789"), digits({ minLength: 0, maxLength: 30 })).map(([a, b]) => a + b),
    ),
    fraction: fc.option(digits({ minLength: 1, maxLength: 30 }), { nil: undefined }),
    exponent: fc.option(
      fc.tuple(fc.constantFrom("e", "E", "e+", "e-", "E-"), fc.integer({ min: 0, max: 420 })).map(([e, n]) => e + n),
      { nil: undefined },
    ),
  })
  .map(
    ({ negative, whole, fraction, exponent }) =>
      `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}${exponent ?? ""}`,
  );

describe("parseJson", () => {
  it.each([
    ["1.0", 1],
    ["1e2", 100],
    ["0.1", 0.1],
    ["100", 100],
    ["-5", -5],
    ["0.30000000000000004", 0.30000000000000004],
    ["9007199254740992", 9007199254740992],
    ["1152921504606847000", 2 ** 60],
    ["5e-324", 5e-324],
    ["1.7976931348623157e308", Number.MAX_VALUE],
    ["0.0", 0],
    ["0e10", 0],
  ])("keeps %s (the same value as the double it reads as)", (token, value) => {
    expect(parseJson(`[${token}]`)).toEqual({ ok: true, value: [value] });
  });

  it.each([
    ["1e400", /beyond the range of a double/],
    ["-1e400", /beyond the range of a double/],
    ["9007199254740993", /integer beyond ±2\^53 .* written back as 9007199254740992;/],
    ["12345678901234567890", /integer beyond ±2\^53/],
    ["1152921504606846976", /integer beyond ±2\^53 .* written back as 1152921504606847000;/],
    ["-0", /negative zero/],
    ["-0.0e5", /negative zero/],
    ["0.1000000000000000055511", /more significant digits than a double holds: it would be written back as 0\.1;/],
    ["1.00000000000000001", /more significant digits/],
    ["1e-400", /too small for a double/],
  ])("refuses %s with its pointer, line and column", (token, reason) => {
    const text = `{\n  "tool": {\n    "input": [true, ${token}]\n  }\n}`;
    const result = parseJson(text);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "inexact-number", pointer: "/tool/input/1", line: 3, column: 21, offset: text.lastIndexOf(token) },
    });
    expect(result.ok ? "" : result.error.message).toMatch(reason);
    expect(result.ok ? "" : result.error.message).toContain("line 3, column 21 (/tool/input/1)");
  });

  it("accepts a number exactly when it reads back as the same decimal value (oracle: BigInt arithmetic; 5,000 tokens)", () => {
    fc.assert(
      fc.property(numberToken, (token) => {
        const result = parseJson(`{"n": ${token}}`);
        expect(result.ok).toBe(keepsItsValue(token));
        expect(inexactNumberReason(token) === undefined).toBe(keepsItsValue(token));
      }),
      { numRuns: 5 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("accepts every double as JSON.stringify writes it, and every JSON value it writes (2,000 runs)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const result = parseJson(JSON.stringify(value));
        expect(result).toEqual({ ok: true, value: Object.is(value, -0) ? 0 : value });
      }),
    );
    fc.assert(
      fc.property(anyJsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
    );
  });

  it("finds a refused number wherever it sits in generated documents, ignoring look-alikes inside strings (1,000 runs)", () => {
    const hidden = fc.constantFrom('"1e400"', '"-0"', '"[[[["', '"\\"1e400"', '"\\\\"', '"}]"');
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            anyJsonValue({ maxDepth: 3 }).map((json) => ({ json })),
            hidden.map((raw) => ({ raw })),
          ),
          { maxLength: 6 },
        ),
        fc.nat(),
        fc.constantFrom(undefined, 2),
        (items, at, indent) => {
          const index = items.length === 0 ? 0 : at % (items.length + 1);
          const parts = items.map((item) => ("raw" in item ? item.raw : JSON.stringify(item.json, null, indent)));
          parts.splice(index, 0, "1e400");
          const text = `{"values": [${parts.join(", ")}]}`;
          const result = parseJson(text);
          expect(result).toMatchObject({ ok: false, error: { code: "inexact-number", pointer: `/values/${index}` } });
          const offset = result.ok ? -1 : result.error.offset;
          expect(text.slice(offset, offset + 5)).toBe("1e400");
          expect(result.ok ? undefined : { line: result.error.line, column: result.error.column }).toEqual(
            lineAndColumn(text, offset),
          );
        },
      ),
    );
  });

  it("refuses nesting beyond the limit at the first container past it, by pointer, line and column (1,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(null), anyText({ maxLength: 4 })), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (path, maxDepth) => {
          // null is an array level, a string an object key; the innermost value is a number.
          let text = "7";
          for (const step of [...path].reverse())
            text = step === null ? `[\n${text}]` : `{${JSON.stringify(step)}: ${text}}`;
          const result = parseJson(text, { maxDepth });
          expect(result.ok).toBe(path.length <= maxDepth);
          const expected = path
            .slice(0, maxDepth)
            .map((step) => `/${step === null ? "0" : step.replaceAll("~", "~0").replaceAll("/", "~1")}`)
            .join("");
          const offset = result.ok ? -1 : result.error.offset;
          expect(result.ok ? expected : result.error.pointer).toBe(expected);
          expect(result.ok ? "[" : text[offset]).toMatch(/[[{]/);
        },
      ),
    );
  });

  it(`refuses a 100,000-deep array at level ${defaultMaxDepth + 1} by default`, () => {
    const result = parseJson("[".repeat(100_000) + "]".repeat(100_000));
    expect(result).toMatchObject({
      ok: false,
      error: { code: "too-deep", offset: defaultMaxDepth, line: 1, column: defaultMaxDepth + 1 },
    });
    expect(result.ok ? "" : result.error.pointer).toBe("/0".repeat(defaultMaxDepth));
    expect(result.ok ? "" : result.error.message).toContain(`(${defaultMaxDepth} levels)`);
  });

  it("reports a syntax error by line and column, and ignores a leading byte order mark", () => {
    expect(parseJson('{\n  "a": }')).toMatchObject({ ok: false, error: { code: "invalid-json", line: 2, column: 8 } });
    expect(parseJson('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('\uFEFF{"a": -0}')).toMatchObject({ ok: false, error: { offset: 7, column: 8, pointer: "/a" } });
  });
});
