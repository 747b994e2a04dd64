import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControlCharacters, isControlCharacter } from "./control-characters.js";
import { decodeTranscript } from "./decode.js";
import { describeJsonParseError } from "./json-syntax.js";

/** Text that mixes terminal escape sequences, C1 controls and bidirectional overrides with anything at all. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "\u001b]0;pwned\u0007",
        "\u001b]52;c;ZXZpbA==\u0007",
        "\u001b[2J",
        "\u009b2J",
        "\u009d0;x\u009c",
        "\u0007",
        "\b\b\b",
        "ok\rFAIL",
        "\n",
        "\t",
        "\u202e",
        "\u2066",
        "\u0000",
        "\u007f",
      ),
      fc.string({ unit: "binary", maxLength: 6 }),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.join(""));

const controlsIn = (text: string): string[] =>
  [...text].filter((character) => isControlCharacter(character.codePointAt(0) as number));

describe("escapeControlCharacters", () => {
  it.each([
    ["\u001b]0;title\u0007", "\\u001b]0;title\\u0007"],
    ["\u001b[2J", "\\u001b[2J"],
    ["\u009b31m", "\\u009b31m"],
    ["done\rFAILED", "done\\u000dFAILED"],
    ["a\bb", "a\\u0008b"],
    ["one\ntwo\tthree", "one\\u000atwo\\u0009three"],
    ["abc\u202edcb", "abc\\u202edcb"],
    ["\u2066x\u2069", "\\u2066x\\u2069"],
    ["plain, é, 漢字, \u200f", "plain, é, 漢字, \u200f"],
  ])("shows %j as %j", (text, expected) => {
    expect(escapeControlCharacters(text)).toBe(expected);
  });

  it("keeps line feeds and tabs only when asked", () => {
    expect(escapeControlCharacters("a\nb\tc\u001b", { keepLineFeedsAndTabs: true })).toBe("a\nb\tc\\u001b");
  });

  it("leaves no control character, changes nothing else, and is idempotent", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const escaped = escapeControlCharacters(text);
        expect(controlsIn(escaped)).toEqual([]);
        expect(escapeControlCharacters(escaped)).toBe(escaped);
        // The escapes are JSON's: decoding them gives the text back (backslashes and quotes made JSON first).
        const asJson = escapeControlCharacters(text.replaceAll("\\", "\\\\").replaceAll('"', '\\"'));
        expect(JSON.parse(`"${asJson}"`)).toBe(text);

        const multiline = escapeControlCharacters(text, { keepLineFeedsAndTabs: true });
        expect(controlsIn(multiline).filter((character) => character !== "\n" && character !== "\t")).toEqual([]);
        expect(multiline.split("\n")).toHaveLength(text.split("\n").length);
      }),
    );
  });
});

describe("messages quoting the input", () => {
  it("escape a property name in a schema error", () => {
    const result = decodeTranscript({ schema_version: "1.0.0", id: "x", messages: [], "\u001b]0;pwned\u0007": 1 });
    expect(result.ok).toBe(false);
    const message = result.ok ? "" : result.error.message;
    expect(message).toBe(
      '/\\u001b]0;pwned\\u0007: unknown property "\\u001b]0;pwned\\u0007" (a strict writer emits only the fields its version defines)',
    );
  });

  it("escape the excerpt a JSON syntax error quotes", () => {
    let error: unknown;
    try {
      JSON.parse('{"a": \u001b[2J}');
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).toContain("\u001b");
    expect(controlsIn(describeJsonParseError(error))).toEqual([]);
  });

  it("never hold a control character, whatever the document", () => {
    // Holds trivially for messages that quote nothing: count those that quote an escaped control character.
    let quotingEscapes = 0;
    fc.assert(
      fc.property(hostile, hostile, (key, value) => {
        const documents = [
          `{"schema_version": "1.0.0", "id": "x", "messages": [], ${JSON.stringify(key)}: 1}`,
          `{"schema_version": ${JSON.stringify(value)}, "id": "x", "messages": []}`,
          `{"schema_version": "1.0.0", "id": ${value}`,
          value,
        ];
        for (const text of documents) {
          const result = decodeTranscript(text);
          const messages = result.ok
            ? []
            : [result.error.message, ...(result.error.errors ?? []).map((e) => e.message)];
          expect(messages.flatMap(controlsIn)).toEqual([]);
          quotingEscapes += messages.some((message) => /\\u00[0-9a-f]{2}/.test(message)) ? 1 : 0;
        }
      }),
    );
    expect(quotingEscapes).toBeGreaterThan(50);
  });
});
