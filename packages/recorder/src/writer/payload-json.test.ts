import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payloadJson } from "./payload-json.js";

/** Strings of any UTF-16 code units: quotes, backslashes, control characters, lone and paired surrogates. */
const anyString = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({
    unit: fc.constantFrom('"', "\\", "\n", "\u0000", "\u001f", "\u007f", "\u2028", "\ud83d", "\ude00", "a"),
  }),
  fc.string({ unit: "grapheme", minLength: 200, maxLength: 2000 }),
);

/** JSON-like values with what `JSON.stringify` treats specially mixed in. */
const { value: looseValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    anyString,
    fc.double(),
    fc.integer(),
    fc.constantFrom(true, false, null, undefined, -0, Number.NaN, Infinity, () => 1, Symbol("s")),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 5 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 3, noNullPrototype: false }),
  ),
}));

describe("payloadJson", () => {
  it("writes exactly what JSON.stringify writes, for JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(payloadJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("writes exactly what JSON.stringify writes, for any strings, numbers and left-out members", () => {
    fc.assert(
      fc.property(looseValue, (value) => {
        expect(payloadJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 3 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("keeps a model message's long text and its characters beyond ASCII exactly", () => {
    const text = `${"The recorder coalesces queued lines into one write per batch. ".repeat(60)}Done: “ok” ✓ 😀`;
    const payload = {
      role: "assistant",
      blocks: [
        { type: "text", text },
        { type: "text", text: 'a "quoted"\n\\ line' },
      ],
    };
    expect(payloadJson(payload)).toBe(JSON.stringify(payload));
    expect(JSON.parse(payloadJson(payload) as string)).toEqual(payload);
  });

  it("escapes lone surrogates as JSON.stringify does, so the line stays valid UTF-8", () => {
    const payload = { text: "broken \ud83d pair", other: "\ude00 alone", fine: "😀" };
    expect(payloadJson(payload)).toBe('{"text":"broken \\ud83d pair","other":"\\ude00 alone","fine":"😀"}');
  });

  it("leaves toJSON, dates, class instances and boxed values to JSON.stringify", () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    const values: unknown[] = [
      { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
      { custom: { toJSON: () => ({ replaced: true }) } },
      { point: new Point(1, 2) },
      { boxed: [new String("s"), new Number(2), new Boolean(false)] },
      { map: new Map([["a", 1]]), typed: new Uint8Array([1, 2]) },
      [undefined, () => 1, Symbol("x")],
    ];
    for (const value of values) expect(payloadJson(value)).toBe(JSON.stringify(value));
  });

  it("keeps own __proto__ keys and null-prototype objects, and skips inherited properties", () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2, 10: "ten", 2: "two" });
    const inherited = Object.create({ inheritedKey: 1 }) as Record<string, unknown>;
    for (const value of [parsed, bare, { nested: [parsed, bare] }, inherited])
      expect(payloadJson(value)).toBe(JSON.stringify(value));
    expect(payloadJson(parsed)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it("throws JSON.stringify's own errors for bigints and cycles, and serialises deep nesting", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => payloadJson({ big: 1n })).toThrow(TypeError);
    expect(() => payloadJson(cyclic)).toThrow(/circular/i);
    let deep: unknown = "leaf";
    for (let level = 0; level < 500; level += 1) deep = level % 2 === 0 ? [deep] : { level: deep };
    expect(payloadJson(deep)).toBe(JSON.stringify(deep));
  });

  it("returns undefined where JSON.stringify does", () => {
    expect(payloadJson(undefined)).toBeUndefined();
    expect(payloadJson(() => 1)).toBeUndefined();
  });
});
