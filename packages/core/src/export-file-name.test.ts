import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportFileName } from "./export-file-name.js";

const when = "2026-06-08T08:14:42.123Z";
const name = (title: string | undefined, id = "run-42", extension = "json"): string =>
  exportFileName({ ...(title === undefined ? {} : { title }), id, timestamp: when, extension });
const bytes = (text: string): number => new TextEncoder().encode(text).length;

// Characters that must never reach a file name: C0/C1 controls, DEL, and the bidi controls and isolates.
const forbidden = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/u;

function expectSafe(result: string, extension: string): void {
  expect(result).not.toMatch(forbidden);
  expect(result).not.toContain("..");
  expect(bytes(result)).toBeLessThanOrEqual(255);
  expect(result.endsWith(`.${extension}`)).toBe(true);
  expect(result).toBe(result.normalize("NFC"));
  expect(result.startsWith(".") || result.startsWith("-")).toBe(false);
}

describe("exportFileName", () => {
  it("joins title, UTC timestamp and extension", () => {
    expect(name("Fix the build")).toBe("Fix-the-build-20260608T081442Z.json");
    expect(
      exportFileName({ title: "Notes", id: "x", timestamp: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), extension: "md" }),
    ).toBe("Notes-20260102T030405Z.md");
    // The timestamp is UTC whatever the offset it was written with.
    expect(exportFileName({ title: "t", id: "x", timestamp: "2026-06-08T10:14:42+02:00", extension: "json.gz" })).toBe(
      "t-20260608T081442Z.json.gz",
    );
  });

  it("turns spaces, slashes and backslashes into single dashes and trims them at the ends", () => {
    expect(name("  a  b\t\nc  ")).toBe("a-b-c-20260608T081442Z.json");
    expect(name("src/lib\\index.ts")).toBe("src-lib-index.ts-20260608T081442Z.json");
    expect(name("--a---b--")).toBe("a-b-20260608T081442Z.json");
    expect(name("Q&A: what's next?!")).toBe("Q-A-what-s-next-20260608T081442Z.json");
  });

  it("drops the characters Windows forbids instead of separating on them", () => {
    expect(name('a<b>c:d"e|f?g*h')).toBe("abcdefgh-20260608T081442Z.json");
  });

  it("never lets .. or a path through", () => {
    expect(name("..")).toBe("run-42-20260608T081442Z.json");
    expect(name("../../etc/passwd")).toBe("etc-passwd-20260608T081442Z.json");
    expect(name("..\\..\\Windows\\System32")).toBe("Windows-System32-20260608T081442Z.json");
    expect(name("a..b...c")).toBe("a-b-c-20260608T081442Z.json");
    expect(name("v1.2 release.")).toBe("v1.2-release-20260608T081442Z.json");
    expect(name(".hidden")).toBe("hidden-20260608T081442Z.json");
    expect(name("x", "../../secret")).toBe("x-20260608T081442Z.json");
    expect(name(undefined, "../../secret")).toBe("secret-20260608T081442Z.json");
  });

  it("keeps letters and digits of every script, NFC-normalised, and separates on emoji and symbols", () => {
    expect(name("会議メモ 第3回")).toBe("会議メモ-第3回-20260608T081442Z.json");
    expect(name("Привет мир")).toBe("Привет-мир-20260608T081442Z.json");
    expect(name("שלום עולם")).toBe("שלום-עולם-20260608T081442Z.json");
    expect(name("नमस्ते")).toBe("नमस्ते-20260608T081442Z.json");
    // e + combining acute becomes the precomposed é.
    expect(name("Cafe\u0301 plan")).toBe("Caf\u00e9-plan-20260608T081442Z.json");
    expect(name("🚀 Launch 🎉 day")).toBe("Launch-day-20260608T081442Z.json");
    expect(name("👨‍👩‍👧 family")).toBe("family-20260608T081442Z.json");
  });

  it("drops control characters and bidi overrides that could disguise the extension", () => {
    expect(name("invoice\u202egpj.exe")).toBe("invoicegpj.exe-20260608T081442Z.json");
    expect(name("a\u0000b\u0007c\u001bd\u007fe")).toBe("abcde-20260608T081442Z.json");
    // NEL is a control character but also a line break: it separates like the other whitespace.
    expect(name("a\u0085b\u2028c\u3000d")).toBe("a-b-c-d-20260608T081442Z.json");
    expect(name("x\u200by\u2066z\u2069\ufeff")).toBe("xyz-20260608T081442Z.json");
    expect(name("lone \ud800 surrogate \udfff")).toBe("lone-surrogate-20260608T081442Z.json");
  });

  it("falls back to the id, then to transcript", () => {
    expect(name("")).toBe("run-42-20260608T081442Z.json");
    expect(name("   ")).toBe("run-42-20260608T081442Z.json");
    expect(name("???***")).toBe("run-42-20260608T081442Z.json");
    expect(name(undefined)).toBe("run-42-20260608T081442Z.json");
    expect(name("", "")).toBe("transcript-20260608T081442Z.json");
    expect(name("///", "\u202e")).toBe("transcript-20260608T081442Z.json");
  });

  it("defuses Windows device names, in any case, with or without an extension", () => {
    for (const device of ["CON", "con", "PRN", "Aux", "NUL", "COM1", "com9", "LPT1", "lpt9", "COM¹", "LPT³"]) {
      expect(name(device)).toBe(`_${device}-20260608T081442Z.json`);
      expect(name(`${device}.txt`)).toBe(`_${device}.txt-20260608T081442Z.json`);
    }
    expect(name("CONSOLE")).toBe("CONSOLE-20260608T081442Z.json");
    expect(name("COM10")).toBe("COM10-20260608T081442Z.json");
    expect(name("nul", "nul")).toBe("_nul-20260608T081442Z.json");
    // The `_` still fits when the title fills the whole budget.
    const long = name(`con.${"a".repeat(1000)}`);
    expect(long.startsWith("_con.aaa")).toBe(true);
    expect(bytes(long)).toBe(255);
  });

  it("caps the name at 255 UTF-8 bytes by shortening the title at a code point boundary", () => {
    const ascii = name("a".repeat(1000));
    expect(bytes(ascii)).toBe(255);
    expect(ascii).toBe(`${"a".repeat(255 - "-20260608T081442Z.json".length)}-20260608T081442Z.json`);
    for (const unit of ["é", "会", "𝒜", "a\u0301", "ab "]) {
      const result = name(unit.repeat(1000));
      expectSafe(result, "json");
      expect(result.endsWith("-20260608T081442Z.json")).toBe(true);
      expect(bytes(result)).toBeGreaterThan(240);
      expect(result).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    }
    expect(bytes(name("x".repeat(1000), "id", "a".repeat(32)))).toBeLessThanOrEqual(255);
  });

  it("validates the extension and the timestamp", () => {
    for (const extension of [
      "",
      ".json",
      "json.",
      "json..gz",
      "../json",
      "js on",
      "json/",
      "j\\s",
      "a".repeat(33),
      "jsön",
    ]) {
      expect(() => name("t", "id", extension), extension).toThrow(TypeError);
    }
    expect(() => exportFileName({ id: "x", timestamp: "not a date", extension: "json" })).toThrow(RangeError);
    expect(() => exportFileName({ id: "x", timestamp: new Date(Number.NaN), extension: "json" })).toThrow(RangeError);
    expect(() => exportFileName({ id: "x", timestamp: new Date(Date.UTC(10000, 0, 1)), extension: "json" })).toThrow(
      RangeError,
    );
    const yearFive = new Date(Date.UTC(2000, 0, 1));
    yearFive.setUTCFullYear(5);
    expect(exportFileName({ id: "x", timestamp: yearFive, extension: "json" })).toBe("x-00050101T000000Z.json");
  });

  it("stays NFC when a dropped character brings marks together that NFC reorders (found by the property below)", () => {
    const result = exportFileName({ title: "\u1cd0\u0000\u1cd4", id: "", timestamp: new Date(0), extension: "json" });
    expectSafe(result, "json");
    expect(result).toBe("\u1cd4\u1cd0-19700101T000000Z.json");
  });

  it("is a single safe segment whatever the title and id (property)", () => {
    const nasty = fc.constantFrom(
      ...["/", "\\", ".", "..", "-", " ", "<", "*", "CON", "é", "e\u0301", "😀"],
      ...["\u202e", "\u2066", "\u0000", "\u001f", "\u0085", "\ud800", "\udc00", "\u200d", "\u3000", "\u2028"],
    );
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 400 }),
      fc.string({ unit: "grapheme", maxLength: 400 }),
      fc
        .array(fc.oneof(nasty, fc.string({ unit: "binary-ascii", maxLength: 3 })), { maxLength: 300 })
        .map((parts) => parts.join("")),
    );
    const extension = fc.constantFrom("json", "md", "json.gz", "jsonl", "html");
    const dates = fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), text, extension, dates, (title, id, ext, date) => {
        const result = exportFileName({
          ...(title === undefined ? {} : { title }),
          id,
          timestamp: date,
          extension: ext,
        });
        expectSafe(result, ext);
        expect(result).toMatch(/-\d{8}T\d{6}Z\.[a-z.]+$/u);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
