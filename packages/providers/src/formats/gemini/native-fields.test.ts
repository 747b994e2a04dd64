import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromStandardBase64, toStandardBase64 } from "./native-fields.js";

// The plain character-by-character definitions the fast paths must agree with exactly.
function referenceToStandard(data: string): { data: string; urlSafe: boolean } {
  if ((data.includes("-") || data.includes("_")) && /^[\w-]*={0,2}$/.test(data))
    return { data: data.replaceAll("-", "+").replaceAll("_", "/"), urlSafe: true };
  return { data, urlSafe: false };
}
const referenceFromStandard = (data: string, urlSafe: boolean): string =>
  urlSafe ? data.replaceAll("+", "-").replaceAll("/", "_") : data;

const base64Characters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/= \n\u012d\u00e9"];

/** Well-formed encodings of random bytes, with or without padding, and arbitrary mixtures of base64-ish characters. */
const candidate = fc.oneof(
  fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.boolean(), fc.boolean()).map(([bytes, urlSafe, padded]) => {
    const text = Buffer.from(bytes).toString(urlSafe ? "base64url" : "base64");
    return padded || !urlSafe
      ? text
      : text.slice(0, text.length - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0));
  }),
  fc.array(fc.constantFrom(...base64Characters), { maxLength: 40 }).map((characters) => characters.join("")),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 48 }), fc.nat(63)).map(([bytes, spare]) => {
    // A last character whose spare low bits are not zero: decoding and re-encoding would change it.
    const text = Buffer.from(bytes).toString("base64url");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return text.slice(0, -1) + (alphabet[spare] as string);
  }),
);

describe("Gemini base64 alphabet translation", () => {
  it("agrees with the character-by-character definition on every input", () => {
    fc.assert(
      fc.property(candidate, (data) => {
        const fast = toStandardBase64(data);
        expect(fast).toEqual(referenceToStandard(data));
        expect(fromStandardBase64(fast.data, fast.urlSafe)).toBe(referenceFromStandard(fast.data, fast.urlSafe));
        // And it round-trips: export restores exactly what came in.
        expect(fromStandardBase64(fast.data, fast.urlSafe)).toBe(data);
      }),
      { numRuns: 10 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("translates URL-safe data with and without padding, and keeps mixed alphabets as they are", () => {
    expect(toStandardBase64("-_-_")).toEqual({ data: "+/+/", urlSafe: true });
    expect(toStandardBase64("ab-_cw==")).toEqual({ data: "ab+/cw==", urlSafe: true });
    expect(toStandardBase64("ab-_cw")).toEqual({ data: "ab+/cw", urlSafe: true });
    expect(toStandardBase64("ab-+cw==")).toEqual({ data: "ab-+cw==", urlSafe: false });
    expect(toStandardBase64("ab-_c\u012d")).toEqual({ data: "ab-_c\u012d", urlSafe: false });
    expect(fromStandardBase64("ab+/cw==", true)).toBe("ab-_cw==");
    expect(fromStandardBase64("ab+/cw==", false)).toBe("ab+/cw==");
  });
});
