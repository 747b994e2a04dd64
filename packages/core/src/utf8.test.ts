import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8, locateInvalidUtf8 } from "./utf8.js";

/** Bytes that can start no well-formed sequence at a character boundary. */
const strayByte = fc.constantFrom(0x80, 0x9f, 0xbf, 0xc0, 0xc1, 0xf5, 0xf8, 0xfe, 0xff);
/** A lead byte whose sequence is cut short by the ASCII that follows it, or a surrogate's encoding. */
const brokenSequence = fc.constantFrom([0xc3, 0x28], [0xe2, 0x82, 0x28], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80]);

describe("decodeUtf8", () => {
  it("decodes every string's UTF-8 as Buffer does, ignoring one byte order mark (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.boolean(), (text, mark) => {
        const bytes = Buffer.from(`${mark ? "\uFEFF" : ""}${text}`);
        expect(decodeUtf8(bytes)).toEqual({ ok: true, text });
      }),
    );
  });

  it("names the byte offset, line and column of the first ill-formed sequence (2,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.oneof(
          strayByte.map((byte) => [byte]),
          brokenSequence,
        ),
        (lines, at, bad) => {
          const text = lines.join("\n");
          const characters = [...text];
          const cut = at % (characters.length + 1);
          const before = characters.slice(0, cut).join("");
          const bytes = Buffer.concat([
            Buffer.from(before),
            Buffer.from(bad),
            Buffer.from(characters.slice(cut).join("")),
          ]);
          const offset = Buffer.byteLength(before);
          const lastLine = before.slice(before.lastIndexOf("\n") + 1);
          expect(locateInvalidUtf8(bytes)).toBe(offset);
          expect(decodeUtf8(bytes)).toMatchObject({
            ok: false,
            error: { offset, line: before.split("\n").length, column: lastLine.length + 1 },
          });
        },
      ),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("finds a bad byte on either side of the native check's 64 KiB chunk boundary, in multi-byte text", () => {
    for (const offset of [65_533, 65_534, 65_535, 65_536, 65_537, 200_001]) {
      const bytes = Buffer.from("é".repeat(150_000)).subarray(0, 300_000);
      const start = offset - (offset % 2);
      bytes[start + 1] = 0x41; // the second byte of an é replaced: the é at `start` is cut short
      expect(locateInvalidUtf8(bytes)).toBe(start);
    }
    expect(locateInvalidUtf8(Buffer.from("é".repeat(100_000)))).toBeUndefined();
  });

  it("says when the bytes are UTF-16 instead", () => {
    const result = decodeUtf8(Buffer.from("\uFEFF{}", "utf16le"));
    expect(result).toMatchObject({ ok: false, error: { offset: 0, line: 1, column: 1 } });
    expect(result.ok ? "" : result.error.message).toContain("UTF-16 byte order mark");
  });
});
