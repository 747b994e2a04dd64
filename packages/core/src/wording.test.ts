import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partTypes, roles, sourceFormats, toolResultStatuses } from "./vocabularies.js";
import { describeCount, formatDuration, formatMoney, groupDigits, withIndefiniteArticle } from "./wording.js";

describe("describeCount", () => {
  it("writes the singular for exactly one and the plural for every other count (generated)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.integer({ min: -5, max: 5 })),
        fc.stringMatching(/^[a-z]{1,12}$/),
        (count, noun) => {
          const described = describeCount(count, noun);
          expect(described).toBe(count === 1 ? `1 ${noun}` : `${count} ${noun}s`);
        },
      ),
    );
    expect(describeCount(1, "record")).toBe("1 record");
    expect(describeCount(2, "record")).toBe("2 records");
    expect(describeCount(0, "warning")).toBe("0 warnings");
    expect(describeCount(120_000, "warning")).toBe("120000 warnings");
    expect(describeCount(2, "reply", "replies")).toBe("2 replies");
  });
});

describe("withIndefiniteArticle", () => {
  // Every member of the vocabularies messages name, with the article a person would say; a new member fails until
  // it is added here.
  const expected: Record<string, "a" | "an"> = {
    // roles
    system: "a",
    developer: "a",
    user: "a",
    assistant: "an",
    tool: "a",
    // part types
    text: "a",
    reasoning: "a",
    tool_call: "a",
    tool_result: "a",
    image: "an",
    audio: "an",
    file: "a",
    plan_step: "a",
    code_diff: "a",
    command: "a",
    refusal: "a",
    compaction: "a",
    stream_chunk: "a",
    native: "a",
    // format ids
    "agent-transcript": "an",
    "event-log": "an",
    "openai-chat": "an",
    "openai-responses": "an",
    anthropic: "an",
    gemini: "a",
    ollama: "an",
    portable: "a",
    "bedrock-converse": "a",
    mistral: "a",
    "claude-code": "a",
    codex: "a",
    "gemini-cli": "a",
    "warp-export": "a",
    devflow: "a",
    atif: "an",
    "awf-transcript": "an",
    "otlp-json": "an",
    // tool result statuses
    ok: "an",
    error: "an",
    denied: "a",
    interrupted: "an",
  };

  it.each([...roles, ...partTypes, ...sourceFormats, ...toolResultStatuses].map((member) => [member] as const))(
    "says the article of %s",
    (member) => {
      expect(expected[member], `add ${member} to the table`).toBeDefined();
      expect(withIndefiniteArticle(`${member} message`)).toBe(`${expected[member]} ${member} message`);
    },
  );

  it.each([
    ["assistant message", "an assistant message"],
    ["user message", "a user message"],
    ["openai-responses request", "an openai-responses request"],
    ["Agent Transcript document", "an Agent Transcript document"],
    ["unknown event type", "an unknown event type"],
    ["untyped item", "an untyped item"],
    ["uninstalled tool", "an uninstalled tool"],
    ["union", "a union"],
    ["unique id", "a unique id"],
    ["usage record", "a usage record"],
    ["uuid", "a uuid"],
    ["url", "a url"],
    ["utf-8 string", "a utf-8 string"],
    ["URL", "a URL"],
    ["SSE stream", "an SSE stream"],
    ["MCP server", "an MCP server"],
    ["HTTP error", "an HTTP error"],
    ["JSON value", "a JSON value"],
    ["hour", "an hour"],
    ["honest answer", "an honest answer"],
    ["house", "a house"],
    ["one-off", "a one-off"],
    ["European", "a European"],
    ["8-bit character", "an 8-bit character"],
    ["80 MiB file", "an 80 MiB file"],
    ["11-line message", "an 11-line message"],
    ["18000 byte value", "an 18000 byte value"],
    ["1-line message", "a 1-line message"],
    ["110 MiB file", "a 110 MiB file"],
    ["X", "an X"],
    ["an apple", "an apple"],
    ["the answer", "the answer"],
  ])("writes %j as %j", (phrase, written) => {
    expect(withIndefiniteArticle(phrase)).toBe(written);
  });

  it("puts exactly one of a or an before any phrase, keeping the phrase (generated)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (phrase) => {
        fc.pre(!/^(?:a|an|the)\s/i.test(phrase));
        const written = withIndefiniteArticle(phrase);
        expect([`a ${phrase}`, `an ${phrase}`]).toContain(written);
      }),
    );
  });
});

describe("groupDigits", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1_200_000, "1,200,000"],
    [-12_345, "-12,345"],
    [1.5, "1.5"],
  ])("writes %d as %j", (value, written) => {
    expect(groupDigits(value)).toBe(written);
  });

  it("writes every safe integer as en-US number formatting does (generated)", () => {
    const reference = new Intl.NumberFormat("en-US");
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer()), (value) => {
        expect(groupDigits(value)).toBe(reference.format(value));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });
});

describe("formatMoney", () => {
  it.each([
    [1234.5, "USD", "$1,234.50"],
    [13582.019, "USD", "$13,582.02"],
    [1, "USD", "$1.00"],
    [0.999, "USD", "$0.9990"],
    [0.0123456, "USD", "$0.0123"],
    [0, "USD", "$0.0000"],
    [-2.5, "USD", "-$2.50"],
    [3.1, "EUR", "EUR 3.10"],
    [Number.NaN, "USD", "$NaN"],
  ])("writes %s %s as %s", (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it("keeps the amount to the cent from a unit up, to a hundredth of a cent below (generated)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (amount) => {
        const written = formatMoney(amount, "USD");
        const read = Number(written.slice(1).replaceAll(",", ""));
        expect(Math.abs(read - amount)).toBeLessThanOrEqual(amount >= 1 ? 0.005 + 1e-6 : 0.00005 + 1e-12);
      }),
    );
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 ms"],
    [850.4, "850 ms"],
    [999.6, "1.0 s"],
    [12_345, "12.3 s"],
    [59_960, "1 min 0 s"],
    [245_000, "4 min 5 s"],
    [239_600, "4 min 0 s"],
    [3_599_700, "1 h 0 min"],
    [7_380_000, "2 h 3 min"],
    [Number.POSITIVE_INFINITY, "Infinity"],
  ])("writes %s ms as %s", (milliseconds, expected) => {
    expect(formatDuration(milliseconds)).toBe(expected);
  });

  it("never writes 60 of a smaller unit (generated)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (milliseconds) => {
        const written = formatDuration(milliseconds);
        expect(written).not.toMatch(/(?:^|\s)60(?:\.0)? s|(?:^|\s)60 min|^1000 ms/);
      }),
    );
  });
});
