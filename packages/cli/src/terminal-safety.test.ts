/**
 * No control character from the input reaches a terminal: messages escape what they quote, data written to a
 * terminal is made safe, and data written to a pipe stays byte-exact.
 */
import {
  escapeControlCharacters,
  formatVersion,
  isControlCharacter,
  prepareExport,
  renderMarkdown,
} from "@agent-transcript/core";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { run } from "./cli.js";
import { messageLine, shown, writeData } from "./io.js";

/** Terminal escape sequences, C1 controls, overwrite tricks and bidirectional overrides, mixed with anything. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "\u001b]0;pwned\u0007",
        "\u001b]52;c;ZXZpbA==\u0007",
        "\u001b[2J",
        "\u001b[31m",
        "\u009b2J",
        "\u009d0;x\u009c",
        "\u0007",
        "\b\b\b",
        "ok\rFAIL",
        "\n",
        "\t",
        "\u202e",
        "\u2067",
        "\u007f",
        '"',
        "\\",
      ),
      fc.string({ unit: "binary", maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((pieces) => pieces.join(""));

const controls = (text: string, allowed = ""): string[] =>
  [...text].filter(
    (character) => isControlCharacter(character.codePointAt(0) as number) && !allowed.includes(character),
  );

/** Messages: lines of printable text, nothing else. */
const expectSafeMessages = (text: string): void => {
  expect(controls(text, "\n")).toEqual([]);
};

// This version's documents: an older minor's is written back as this version's (decode upgrades it).
const transcript = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    schema_version: formatVersion,
    id: "x",
    messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }],
    ...fields,
  });

describe("the helpers", () => {
  it("write data byte-exact to a pipe and terminal-safe to a terminal, JSON keeping its meaning", () => {
    fc.assert(
      fc.property(hostile, fc.jsonValue(), (text, value) => {
        const pipe = captureIo();
        writeData(pipe.io, text);
        expect(pipe.stdout()).toBe(text);

        const terminal = captureIo("", { stdoutIsTerminal: true });
        writeData(terminal.io, text);
        expect(controls(terminal.stdout(), "\n\t")).toEqual([]);
        expect(terminal.stdout().split("\n")).toHaveLength(text.split("\n").length);

        const json = JSON.stringify({ text, value }, null, 2);
        const terminalJson = captureIo("", { stdoutIsTerminal: true });
        writeData(terminalJson.io, json);
        expect(JSON.parse(terminalJson.stdout())).toEqual(JSON.parse(json));
      }),
    );
  });

  it("show quoted input on one line with every control escaped", () => {
    expect(shown("run\u001b]0;pwned\u0007.json")).toBe("run\\u001b]0;pwned\\u0007.json");
    expect(messageLine("a\nb\u009b2J")).toBe("a\\u000ab\\u009b2J\n");
    fc.assert(
      fc.property(hostile, (text) => {
        const line = messageLine(`agent-transcript: ${text}`);
        expect(controls(line, "\n")).toEqual([]);
        expect(line.indexOf("\n")).toBe(line.length - 1);
      }),
    );
  });
});

describe("agent-transcript on hostile input", () => {
  it("names a file it cannot read on one escaped line", async () => {
    const output = captureIo();
    expect(await run(["validate", "/nonexistent/\u001b]0;pwned\u0007\nx.json"], output.io)).toBe(1);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toBe(
      "/nonexistent/\\u001b]0;pwned\\u0007\\u000ax.json: cannot read: no such file (ENOENT)\n",
    );
  });

  it("escapes unknown property names and the JSON parser's excerpt", async () => {
    const property = captureIo(transcript({ "\u001b[2J\u009b2J": 1 }));
    expect(await run(["validate", "-"], property.io)).toBe(1);
    expect(property.stdout()).toContain('unknown property "\\u001b[2J\\u009b2J"');
    expectSafeMessages(property.stdout());

    const syntax = captureIo('{"schema_version": "1.0.0", "id": \u001b]0;pwned\u0007}');
    expect(await run(["validate", "-"], syntax.io)).toBe(1);
    expect(syntax.stdout()).toContain("\\u001b]0;pwned\\u0007");
    expectSafeMessages(syntax.stdout());
  });

  it("lets no control character through any message, for any file name, property, value or bad JSON", async () => {
    // Holds trivially for output that quotes nothing of the input: count the outputs that quote an escaped control.
    let quotingEscapes = 0;
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (name, value) => {
        const inputs: Array<[string[], string]> = [
          [["validate", `/nonexistent/${name}`], ""],
          [["export", `/nonexistent/${name}`], ""],
          [["convert", `/nonexistent/${name}`, "--to", "anthropic"], ""],
          [["validate", "-"], transcript({ [name]: value })],
          [["validate", "-"], `{"schema_version": "1.0.0", "id": ${value}`],
          [["validate", "--tolerant", "-"], transcript({ schema_version: "1.9.0", [name]: value })],
          [["export", "-"], `{"id": ${JSON.stringify(value)}, ${name}`],
          [["export", "-", "--limit", name], transcript({})],
          [["convert", "-", "--to", "anthropic"], value],
          [
            ["convert", "-", "--to", "anthropic"],
            JSON.stringify({ model: name, messages: [{ role: value, content: name }] }),
          ],
          [[`--${name}`], ""],
          [["export", "-", "--format", name], ""],
        ];
        for (const [argv, stdin] of inputs) {
          const output = captureIo(stdin);
          await run(argv, output.io);
          expectSafeMessages(output.stderr());
          expectSafeMessages(output.stdout());
          quotingEscapes += /\\u[0-9a-f]{4}/.test(output.stderr() + output.stdout()) ? 1 : 0;
        }
      }),
    );
    expect(quotingEscapes).toBeGreaterThan(100);
  });

  describe("export", () => {
    // The export record names when it was made: one moment for every run, so outputs compare exactly.
    const now = new Date("2026-06-01T12:00:00.000Z");
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("writes byte-exact to a pipe and terminal-safe to a terminal", async () => {
      await fc.assert(
        fc.asyncProperty(hostile, hostile, fc.constantFrom("json", "markdown"), async (title, text, format) => {
          const stdin = transcript({
            title,
            messages: [
              {
                role: "assistant",
                parts: [
                  { type: "text", text },
                  { type: "reasoning", text: title },
                ],
              },
            ],
          });
          const argv = ["export", "-", "--format", format, "--no-redact"];
          const pipe = captureIo(stdin);
          expect(await run(argv, pipe.io)).toBe(0);
          const terminal = captureIo(stdin, { stdoutIsTerminal: true });
          expect(await run(argv, terminal.io)).toBe(0);

          const prepared = prepareExport(JSON.parse(stdin), {
            redact: false,
            truncate: false,
            reasoning: "include",
            now,
          });
          expect(pipe.stdout()).toBe(
            format === "json" ? `${JSON.stringify(prepared.document, null, 2)}\n` : renderMarkdown(prepared.document),
          );
          expect(terminal.stdout()).toBe(escapeControlCharacters(pipe.stdout(), { keepLineFeedsAndTabs: true }));
          expect(controls(terminal.stdout(), "\n\t")).toEqual([]);
          expectSafeMessages(terminal.stderr());
        }),
      );
    });
  });

  it("converts byte-exact to a pipe and terminal-safe to a terminal", async () => {
    const stdin = JSON.stringify({
      model: "m\u009b2J",
      max_tokens: 10,
      messages: [{ role: "user", content: "\u001b]52;c;ZXZpbA==\u0007 \u202e" }],
    });
    const pipe = captureIo(stdin);
    expect(await run(["convert", "-", "--to", "anthropic"], pipe.io)).toBe(0);
    expect(pipe.stdout()).toContain("\u009b2J");
    const terminal = captureIo(stdin, { stdoutIsTerminal: true });
    expect(await run(["convert", "-", "--to", "anthropic"], terminal.io)).toBe(0);
    expect(terminal.stdout()).toBe(escapeControlCharacters(pipe.stdout(), { keepLineFeedsAndTabs: true }));
    expect(JSON.parse(terminal.stdout())).toEqual(JSON.parse(pipe.stdout()));
  });
});
