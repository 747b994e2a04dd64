import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { CanonicalJsonError, canonicalByteLength, canonicalize } from "./canonical-json.js";

// Non-ASCII characters in the vectors below are written as \u escapes on purpose: editors and tools may
// normalise literal characters (U+FB33 decomposes under NFC), and JCS must not.

/**
 * RFC 8785, Appendix B, Table 1 "ECMAScript-Compatible JSON Number Serialization Samples"
 * (https://www.rfc-editor.org/rfc/rfc8785#appendix-B). `undefined` marks the rows the RFC says must be errors.
 */
const appendixBNumberSamples: ReadonlyArray<readonly [ieee754: string, expected: string | undefined]> = [
  ["0000000000000000", "0"],
  ["8000000000000000", "0"],
  ["0000000000000001", "5e-324"],
  ["8000000000000001", "-5e-324"],
  ["7fefffffffffffff", "1.7976931348623157e+308"],
  ["ffefffffffffffff", "-1.7976931348623157e+308"],
  ["4340000000000000", "9007199254740992"],
  ["c340000000000000", "-9007199254740992"],
  ["4430000000000000", "295147905179352830000"],
  ["7fffffffffffffff", undefined],
  ["7ff0000000000000", undefined],
  ["44b52d02c7e14af5", "9.999999999999997e+22"],
  ["44b52d02c7e14af6", "1e+23"],
  ["44b52d02c7e14af7", "1.0000000000000001e+23"],
  ["444b1ae4d6e2ef4e", "999999999999999700000"],
  ["444b1ae4d6e2ef4f", "999999999999999900000"],
  ["444b1ae4d6e2ef50", "1e+21"],
  ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
  ["3eb0c6f7a0b5ed8d", "0.000001"],
  ["41b3de4355555553", "333333333.3333332"],
  ["41b3de4355555554", "333333333.33333325"],
  ["41b3de4355555555", "333333333.3333333"],
  ["41b3de4355555556", "333333333.3333334"],
  ["41b3de4355555557", "333333333.33333343"],
  ["becbf647612f3696", "-0.0000033333333333333333"],
  ["43143ff3c1cb0959", "1424953923781206.2"],
];

/**
 * The input/output pairs of https://github.com/cyberphone/json-canonicalization, `testdata/input/*.json` and
 * `testdata/output/*.json`. Inputs are the files' JSON text (parsed here, as the reference implementations do);
 * outputs are the expected canonical text. The repository's arrays output file was not available to us; its
 * expected text is the one every JCS implementation's suite uses for that input.
 */
const cyberphoneTestData: ReadonlyArray<{ name: string; input: string; output: string }> = [
  {
    name: "arrays",
    input: '[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]',
    output: '[56,{"1":[],"10":null,"d":true}]',
  },
  {
    name: "french",
    input:
      '{\n  "peach": "This sorting order",\n  "p\u00e9ch\u00e9": "is wrong according to French",\n' +
      '  "p\u00eache": "but canonicalization MUST",\n  "sin":   "ingnore locale"\n}\n',
    output:
      '{"peach":"This sorting order","p\u00e9ch\u00e9":"is wrong according to French",' +
      '"p\u00eache":"but canonicalization MUST","sin":"ingnore locale"}',
  },
  {
    name: "simpleString",
    input: '    "this is a test string 1235"',
    output: '"this is a test string 1235"',
  },
  {
    name: "structures",
    input: String.raw`{
  "1": {"f": {"f": "hi","F": 5} ,"\n": 56.0},
  "10": { },
  "": "empty",
  "a": { },
  "111": [ { } ],
  "A": { }
}`,
    output: String.raw`{"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}`,
  },
  {
    name: "unicode",
    input: String.raw`{
  "Unnormalized Unicode":"\u1e0d\u0307"
}
`,
    output: '{"Unnormalized Unicode":"\u1e0d\u0307"}',
  },
  {
    name: "values",
    input: String.raw`{
  "numbers": [1E30, 4.50, 333333333.33333329, 2e-3, 0.000000000000000000000000001],
  "escaping": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`,
    output:
      '{"escaping":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/","literals":[null,true,false],"numbers":[1e+30,4.5,333333333.3333333,0.002,1e-27]}',
  },
  {
    name: "weird",
    input: String.raw`{
  "\u20ac": "Euro Sign",
  "1": "One",
  "\u0080": "Control\u007f",
  "\ud83d\ude02": "Smiley",
  "\u00f6": "Latin Small Letter O With Diaeresis",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "</script>": "Browser Challenge"
}
`,
    output:
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","\u00f6":"Latin Small Letter O With Diaeresis",' +
      '"\u20ac":"Euro Sign","\ud83d\ude02":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  },
];

function doubleFromIeee754(hex: string): number {
  return Buffer.from(hex, "hex").readDoubleBE(0);
}

function caughtError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to throw");
}

function expectCanonicalJsonError(value: unknown, pointer: string, problem: RegExp): void {
  const error = caughtError(() => canonicalize(value));
  expect(error).toBeInstanceOf(CanonicalJsonError);
  if (!(error instanceof CanonicalJsonError)) return;
  expect(error.name).toBe("CanonicalJsonError");
  expect(error.pointer).toBe(pointer);
  expect(error.message).toMatch(problem);
  expect(error.message).toContain(JSON.stringify(pointer));
  expect(() => canonicalByteLength(value)).toThrow(CanonicalJsonError);
}

/** `depth` arrays each holding the next, built without recursion. */
function nestedArrays(depth: number, innermost: unknown = []): unknown {
  let value: unknown = innermost;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe("canonicalize: RFC 8785 Appendix B number samples", () => {
  it.each(appendixBNumberSamples.filter(([, expected]) => expected !== undefined))(
    "%s serialises as %s",
    (hex, expected) => {
      expect(canonicalize(doubleFromIeee754(hex))).toBe(expected);
      expect(canonicalize([doubleFromIeee754(hex)])).toBe(`[${String(expected)}]`);
    },
  );

  it.each(appendixBNumberSamples.filter(([, expected]) => expected === undefined))(
    "%s (NaN or Infinity) is an error",
    (hex) => {
      expectCanonicalJsonError(doubleFromIeee754(hex), "", /non-finite number/);
    },
  );

  it("formats further edge cases as ECMAScript Number.prototype.toString does", () => {
    const cases: ReadonlyArray<readonly [number, string]> = [
      [-0, "0"],
      [9007199254740991, "9007199254740991"],
      [-9007199254740991, "-9007199254740991"],
      [1e-7, "1e-7"],
      [1e-6, "0.000001"],
      [1e20, "100000000000000000000"],
      [1e21, "1e+21"],
      [0.1 + 0.2, "0.30000000000000004"],
      [4.5, "4.5"],
      [2e-3, "0.002"],
      [1e30, "1e+30"],
    ];
    for (const [value, expected] of cases) expect(canonicalize(value)).toBe(expected);
  });
});

describe("canonicalize: cyberphone/json-canonicalization testdata", () => {
  it.each(cyberphoneTestData)("$name", ({ input, output }) => {
    const parsed: unknown = JSON.parse(input);
    expect(canonicalize(parsed)).toBe(output);
    expect(canonicalByteLength(parsed)).toBe(Buffer.byteLength(output, "utf8"));
    // Canonical output is a fixed point.
    expect(canonicalize(JSON.parse(output))).toBe(output);
  });
});

describe("canonicalize: RFC 8785 examples", () => {
  it("sorts property names by UTF-16 code units (section 3.2.3)", () => {
    const value = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const order = Object.values(JSON.parse(canonicalize(value)) as Record<string, string>);
    // Object.values lists integer-like keys first; "1" is also first in canonical order, so this is the canonical order.
    expect(order).toEqual([
      "One",
      "Carriage Return",
      "Control",
      "Latin Small Letter O With Diaeresis",
      "Euro Sign",
      "Emoji: Grinning Face",
      "Hebrew Letter Dalet With Dagesh",
    ]);
    expect(canonicalize(value)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("produces the UTF-8 bytes of section 3.2.4 for the section 3.2.2 sample", () => {
    const parsed: unknown = JSON.parse(String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`);
    const expectedHex =
      "7b 22 6c 69 74 65 72 61 6c 73 22 3a 5b 6e 75 6c 6c 2c 74 72 75 65 2c 66 61 6c 73 65 5d 2c 22 6e 75 6d 62 65 72 73 22 3a " +
      "5b 33 33 33 33 33 33 33 33 33 2e 33 33 33 33 33 33 33 2c 31 65 2b 33 30 2c 34 2e 35 2c 30 2e 30 30 32 2c 31 65 2d 32 37 " +
      "5d 2c 22 73 74 72 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30 30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 7d";
    expect(Buffer.from(canonicalize(parsed), "utf8").toString("hex")).toBe(expectedHex.replaceAll(" ", ""));
    expect(canonicalByteLength(parsed)).toBe(expectedHex.split(" ").length);
  });
});

describe("canonicalize: strings", () => {
  it("escapes exactly the JCS set and leaves everything else literal", () => {
    const controls = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join("");
    expect(canonicalize(controls)).toBe(
      '"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f' +
        '\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"',
    );
    expect(canonicalize('"\\/')).toBe('"\\"\\\\/"');
    expect(canonicalize("\u007f\u0080\u2028\u2029\ufeff\uffff\ud83d\ude00")).toBe(
      '"\u007f\u0080\u2028\u2029\ufeff\uffff\ud83d\ude00"',
    );
    expect(canonicalByteLength("\u00e9\u20ac\ud83d\ude00")).toBe(2 + 2 + 3 + 4);
  });

  it("rejects lone surrogates in values and in property names", () => {
    expectCanonicalJsonError("\ud800", "", /lone surrogate/);
    expectCanonicalJsonError({ text: ["ok", "a\udc00b"] }, "/text/1", /string containing a lone surrogate/);
    expectCanonicalJsonError({ ok: 1, "bad\ud83d": 2 }, "/bad\ud83d", /property name containing a lone surrogate/);
    // Reversed pair: two lone surrogates.
    expectCanonicalJsonError("\ude00\ud83d", "", /lone surrogate/);
  });

  it("detects lone surrogates on engines without String.prototype.isWellFormed", async () => {
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
    Reflect.deleteProperty(String.prototype, "isWellFormed");
    try {
      vi.resetModules();
      const fallback = await import("./canonical-json.js");
      expect(fallback.canonicalize(["\ud83d\ude00", "\u20ac"])).toBe('["\ud83d\ude00","\u20ac"]');
      expect(() => fallback.canonicalize({ a: "x\ud83d" })).toThrow(/lone surrogate at JSON pointer "\/a"/);
      expect(() => fallback.canonicalize({ "\ude00": 1 })).toThrow(/property name containing a lone surrogate/);
    } finally {
      if (descriptor !== undefined) Object.defineProperty(String.prototype, "isWellFormed", descriptor);
      vi.resetModules();
    }
  });
});

describe("canonicalize: structure", () => {
  it("writes no whitespace and keeps array order", () => {
    expect(canonicalize({ b: [3, 1, 2], a: { d: null, c: true } })).toBe('{"a":{"c":true,"d":null},"b":[3,1,2]}');
    expect(canonicalize([])).toBe("[]");
    expect(canonicalize({})).toBe("{}");
    expect(canonicalize(Object.create(null))).toBe("{}");
  });

  it("sorts by code units, not by locale and not numerically", () => {
    expect(canonicalize({ b: 1, B: 2, a: 3, "10": 4, "9": 5, "": 6, aa: 7, ab: 8 })).toBe(
      '{"":6,"10":4,"9":5,"B":2,"a":3,"aa":7,"ab":8,"b":1}',
    );
    // U+1F600 is a surrogate pair (0xD83D...) so it sorts before U+FFFD, although its code point is larger.
    expect(canonicalize({ "\ufffd": 1, "\ud83d\ude00": 2 })).toBe('{"\ud83d\ude00":2,"\ufffd":1}');
  });

  it("counts only own enumerable string keys", () => {
    // A prototype whose own prototype is null is how Object.prototype of another realm looks: accepted, but never read.
    const value: Record<string | symbol, unknown> = Object.create(
      Object.create(null, { inherited: { value: 1, enumerable: true } }),
    );
    value.own = 1;
    value[Symbol("hidden")] = 2;
    Object.defineProperty(value, "hidden", { value: 3, enumerable: false });
    expect(canonicalize(value)).toBe('{"own":1}');
    const array: unknown[] & { extra?: number } = [1, 2];
    array.extra = 3;
    expect(canonicalize(array)).toBe("[1,2]");
  });

  it("serialises the same object twice when it is shared but not cyclic", () => {
    const shared = { x: 1 };
    expect(canonicalize([shared, { y: shared }])).toBe('[{"x":1},{"y":{"x":1}}]');
  });

  it("serialises an own __proto__ key as a normal key and never touches prototypes", () => {
    const parsed: unknown = JSON.parse('{"z":0,"__proto__":{"polluted":true},"a":[{"__proto__":null}]}');
    expect(canonicalize(parsed)).toBe('{"__proto__":{"polluted":true},"a":[{"__proto__":null}],"z":0}');
    const nullPrototype: Record<string, unknown> = Object.create(null);
    nullPrototype["__proto__"] = "value";
    expect(canonicalize(nullPrototype)).toBe('{"__proto__":"value"}');
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it("does not exhaust the stack on deeply nested input", () => {
    const depth = 100_000;
    expect(canonicalize(nestedArrays(depth))).toBe("[".repeat(depth + 1) + "]".repeat(depth + 1));
    let nestedObjects: unknown = null;
    for (let level = 0; level < 10_000; level += 1) nestedObjects = { a: nestedObjects };
    expect(canonicalize(nestedObjects)).toBe('{"a":'.repeat(10_000) + "null" + "}".repeat(10_000));
    expect(canonicalByteLength(nestedArrays(10_000))).toBe(2 * 10_001);
  });

  it("reports the pointer of an error deep inside deeply nested input", () => {
    const error = caughtError(() => canonicalize(nestedArrays(10_000, [Number.NaN])));
    expect(error).toBeInstanceOf(CanonicalJsonError);
    expect(error).toMatchObject({ pointer: "/0".repeat(10_001) });
  });
});

describe("canonicalize: values JSON cannot hold", () => {
  it("throws a CanonicalJsonError naming the pointer of the offending value", () => {
    expectCanonicalJsonError(undefined, "", /undefined/);
    expectCanonicalJsonError({ a: undefined }, "/a", /undefined/);
    expectCanonicalJsonError([1, undefined], "/1", /undefined/);
    expectCanonicalJsonError({ f: () => 1 }, "/f", /function/);
    expectCanonicalJsonError({ s: [Symbol("s")] }, "/s/0", /symbol/);
    expectCanonicalJsonError({ big: 10n }, "/big", /bigint/);
    expectCanonicalJsonError({ n: [0, Number.NaN] }, "/n/1", /non-finite number \(NaN\)/);
    expectCanonicalJsonError([Number.POSITIVE_INFINITY], "/0", /non-finite number \(Infinity\)/);
    expectCanonicalJsonError({ x: Number.NEGATIVE_INFINITY }, "/x", /non-finite number \(-Infinity\)/);
  });

  it("escapes ~ and / in pointers as RFC 6901 requires", () => {
    expectCanonicalJsonError({ "a/b": { "c~d": { "": [undefined] } } }, "/a~1b/c~0d//0", /undefined/);
  });

  it("rejects holes in sparse arrays", () => {
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    expectCanonicalJsonError(sparse, "/1", /undefined/);
  });

  it("rejects objects that are not plain objects or arrays", () => {
    class Point {
      x = 1;
    }
    expectCanonicalJsonError({ when: new Date(0) }, "/when", /not a plain object.*Date/);
    expectCanonicalJsonError([new Map()], "/0", /not a plain object.*Map/);
    expectCanonicalJsonError(new Point(), "", /not a plain object/);
    expectCanonicalJsonError(Object.create({ inherited: 1 }), "", /not a plain object/);
    expectCanonicalJsonError({ boxed: new String("x") }, "/boxed", /not a plain object/);
    expectCanonicalJsonError(new Uint8Array(2), "", /not a plain object/);
  });

  it("rejects cycles at the value that closes the cycle", () => {
    const direct: Record<string, unknown> = { a: 1 };
    direct.self = direct;
    expectCanonicalJsonError(direct, "/self", /cycle/);
    const array: unknown[] = [];
    array.push({ back: [array] });
    expectCanonicalJsonError(array, "/0/back/0", /cycle/);
  });

  it("names the root in the message", () => {
    expect(() => canonicalize(undefined)).toThrow('cannot canonicalize undefined at JSON pointer "" (the root)');
    expect(() => canonicalize({ "a/b": [Number.NaN] })).toThrow(
      'cannot canonicalize a non-finite number (NaN) at JSON pointer "/a~1b/0"',
    );
  });
});

describe("canonicalize: properties", () => {
  const jsonValues = fc.oneof(
    fc.jsonValue(),
    fc.jsonValue({ stringUnit: "binary" }),
    fc.jsonValue({ stringUnit: "grapheme" }),
  );

  it("round-trips through JSON.parse and is a fixed point", () => {
    fc.assert(
      fc.property(jsonValues, (value) => {
        const text = canonicalize(value);
        const reparsed: unknown = JSON.parse(text);
        expect(canonicalize(reparsed)).toBe(text);
        expect(reparsed).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("does not depend on the order keys were inserted in", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalize(reversed)).toBe(canonicalize(value));
      }),
    );
  });

  it("measures the UTF-8 length of the canonical text", () => {
    fc.assert(
      fc.property(jsonValues, (value) => {
        expect(canonicalByteLength(value)).toBe(new TextEncoder().encode(canonicalize(value)).length);
      }),
    );
  });

  it("formats every finite double as ECMAScript does", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = canonicalize(value);
        expect(text).toBe(Object.is(value, -0) ? "0" : String(value));
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});
