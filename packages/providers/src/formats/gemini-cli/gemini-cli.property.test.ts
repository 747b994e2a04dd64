/**
 * Hostile and broken Gemini CLI sessions: real sessions cut at many offsets, garbage lines injected anywhere, and
 * records generated with any value in every field. The importer never throws, always returns a strictly valid
 * document, a bad JSONL line costs that line, and a damaged single-file session is one loss naming where.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutLines, unreadable, validationErrors } from "../../conversion/session-property.test.helpers.js";
import { importSessionText } from "../../sessions.js";
import { importByFold } from "../../session-shape-check.test.helpers.js";

const root = realFixturesRoot();
const singleFile = readFileSync(
  path.join(root, "codemie-code/tests/integration/metrics/fixtures/gemini/session-2025-12-01T21-45-5b959dae.json"),
  "utf8",
);
const parsed = JSON.parse(singleFile) as { messages: unknown[]; [field: string]: unknown };
/** The same session as JSONL, the way Gemini CLI migrates a single-file session it resumes: the header, then each message. */
const { messages, ...fields } = parsed;
const migrated = [fields, ...messages].map((record) => JSON.stringify(record)).join("\n") + "\n";
const realJsonl = readFileSync(
  path.join(root, "agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl"),
  "utf8",
);

function importText(text: string, name = "session.jsonl") {
  const result = importSessionText(text, { format: "gemini-cli", path: name });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** The last line of a cut text when it is not a whole JSON value (judged here, not by the importer). */
describe("a real session cut short", () => {
  it("as JSONL, cut at 400 offsets, loses only the cut line", () => {
    for (const text of [migrated, realJsonl]) {
      for (let index = 1; index <= 200; index += 1) {
        const offset = Math.floor((text.length * index) / 201) + (index % 7);
        const prefix = text.slice(0, offset);
        const result = importText(prefix);
        expect(unreadable(result.losses), `cut at ${offset}`).toEqual(cutLines(prefix));
        expect(validationErrors(result.document), `cut at ${offset}`).toEqual([]);
      }
    }
  });

  it("as a single-file document, cut at 300 offsets, is one loss naming a line within the text, never a throw", () => {
    for (let index = 1; index <= 300; index += 1) {
      const offset = Math.floor((singleFile.length * index) / 301) + (index % 5);
      const prefix = singleFile.slice(0, offset);
      const result = importText(prefix, "session.json");
      const lineCount = prefix.split("\n").length;
      expect(result.records, `cut at ${offset}`).toBe(0);
      expect(result.losses.map((loss) => loss.code)).toEqual(["unparsable-line"]);
      expect(result.losses[0]?.line).toBeGreaterThanOrEqual(1);
      expect(result.losses[0]?.line).toBeLessThanOrEqual(lineCount);
      expect(result.losses[0]?.message).toMatch(/at line \d+, column \d+/);
      expect(validationErrors(result.document)).toEqual([]);
    }
  });

  it("whole, reads the same conversation as JSON and as migrated JSONL", () => {
    const fromJson = importText(singleFile, "session.json").document;
    const fromJsonl = importText(migrated).document;
    const strip = (list: typeof fromJson.messages) =>
      list.map(({ provider_fields: _fields, ...message }) => JSON.stringify(message));
    expect(strip(fromJsonl.messages)).toEqual(strip(fromJson.messages));
    expect(fromJsonl.usage).toEqual(fromJson.usage);
  });
});

const garbage = fc.oneof(
  fc.string({ maxLength: 40 }).filter((text) => text.trim() !== "" && !text.includes("\n") && !text.includes("\r")),
  fc.constantFrom("{", "[", "null", "1", '"text"', "[]", '{"unterminated": ', "\u0000", "{}}"),
);

describe("garbage lines injected into a JSONL session", () => {
  it("cost exactly those lines (1,000 runs)", () => {
    const lines = migrated.trimEnd().split("\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(lines.length), garbage), { minLength: 1, maxLength: 5 }), (insertions) => {
        const out = [...lines];
        for (const [at, text] of insertions) out.splice(Math.min(at, out.length), 0, text);
        const result = importText(out.join("\n") + "\n");
        expect(validationErrors(result.document)).toEqual([]);
        // Every garbage line that is not a JSON object is lost by itself, and nothing else is.
        const expected = out.flatMap((text, index) => {
          if (lines.includes(text)) return [];
          try {
            const value = JSON.parse(text) as unknown;
            return typeof value === "object" && value !== null && !Array.isArray(value) ? [] : [index + 1];
          } catch {
            return text.trim() === "" ? [] : [index + 1];
          }
        });
        expect(unreadable(result.losses)).toEqual(expected);
        expect(result.document.messages.filter((message) => message.role !== "tool")).toHaveLength(messages.length);
      }),
    );
  });
});

describe("generated records", () => {
  const anyValue = fc.jsonValue({ maxDepth: 3 });
  const record = fc.record(
    {
      id: fc.oneof(fc.string({ maxLength: 6 }), anyValue),
      type: fc.oneof(fc.constantFrom("user", "gemini", "model", "info", "error", "warning", "other"), anyValue),
      timestamp: fc.oneof(fc.constant("2026-01-01T00:00:00Z"), anyValue),
      content: anyValue,
      parts: anyValue,
      thoughts: fc.oneof(
        fc.array(fc.record({ subject: anyValue, description: anyValue }, { requiredKeys: [] })),
        anyValue,
      ),
      tokens: fc.oneof(
        fc.record({
          input: fc.nat(),
          output: fc.nat(),
          cached: fc.nat(),
          thoughts: fc.nat(),
          tool: fc.nat(),
          total: fc.nat(),
        }),
        anyValue,
      ),
      model: anyValue,
      toolCalls: fc.oneof(
        fc.array(
          fc.record(
            {
              id: fc.oneof(fc.string({ maxLength: 4 }), anyValue),
              name: fc.oneof(fc.string({ maxLength: 4 }), anyValue),
              args: anyValue,
              result: anyValue,
              status: fc.oneof(fc.constantFrom("success", "error", "cancelled", "executing"), anyValue),
              timestamp: anyValue,
            },
            { requiredKeys: [] },
          ),
        ),
        anyValue,
      ),
      $set: anyValue,
      $rewindTo: anyValue,
      sessionId: anyValue,
      __proto__: anyValue,
    },
    { requiredKeys: [] },
  );

  it("never throw, give a strictly valid document, and name a line for every loss (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.boolean(), (records, asDocument) => {
        const text = asDocument
          ? JSON.stringify({ sessionId: "s", projectHash: "p", messages: records }, null, 2)
          : records.map((value) => JSON.stringify(value)).join("\n");
        const result = importByFold("gemini-cli", text, asDocument ? "session.json" : "session.jsonl");
        expect(validationErrors(result.document)).toEqual([]);
        expect(result.losses.every((loss) => typeof loss.line === "number" && loss.line >= 1)).toBe(true);
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
    );
  });
});
