/**
 * Hostile and broken rollouts: a real rollout cut at many byte offsets, garbage lines injected anywhere, and records
 * generated with every field of every type. The importer never throws, always returns a strictly valid document, and
 * a bad line costs exactly that line, with a loss naming it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isExpectedSessionLoss } from "../../conversion/index.js";
import { cutLines, unreadable, validationErrors } from "../../conversion/session-property.test.helpers.js";
import { importSessionText } from "../../sessions.js";
import { importByFold } from "../../session-shape-check.test.helpers.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

const root = realFixturesRoot();
const small = readFileSync(
  path.join(root, "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl"),
  "utf8",
);
const large = readFileSync(
  path.join(
    root,
    "codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
  ),
  "utf8",
);

function importText(text: string, related: Array<{ path: string; text: string }> = []) {
  const result = importSessionText(text, { format: "codex", path: "rollout-main.jsonl", related });
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("a real rollout cut short", () => {
  for (const [name, text, cuts] of [
    ["codex_session.jsonl", small, 300],
    ["codemie's rollout", large, 40],
  ] as const) {
    it(`${name}, cut at ${cuts} offsets, loses only the cut line`, () => {
      for (let index = 1; index <= cuts; index += 1) {
        const offset = Math.floor((text.length * index) / (cuts + 1)) + (index % 7);
        const prefix = text.slice(0, offset);
        const result = importText(prefix);
        expect(unreadable(result.losses), `cut at ${offset}`).toEqual(cutLines(prefix));
        expect(validationErrors(result.document), `cut at ${offset}`).toEqual([]);
      }
    });
  }
});

describe("garbage lines injected into a real rollout", () => {
  const lines = small.replace(/\n$/, "").split("\n");
  const clean = importText(small);

  it("each cost their own line, and the conversation and its usage are the same as without them", () => {
    const garbage = fc
      .oneof(
        anyText({ minLength: 1, maxLength: 40 }),
        fc.constantFrom("{", "}", "[]", "null", "42", '"text"', "{}", '{"type": 7}', "\u0000", '{"type":"event_msg"'),
      )
      .filter((text) => text.trim() !== "" && !text.includes("\n"));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: lines.length }), garbage), { minLength: 1, maxLength: 6 }),
        (injections) => {
          const mixed = [...lines];
          for (const [position, text] of [...injections].sort((a, b) => b[0] - a[0])) mixed.splice(position, 0, text);
          const injected = mixed.flatMap((line, index) => (lines.includes(line) ? [] : [index + 1]));
          const result = importText(`${mixed.join("\n")}\n`);
          expect(unreadable(result.losses)).toEqual(injected);
          expect(result.document.messages.map((message) => message.parts)).toEqual(
            clean.document.messages.map((message) => message.parts),
          );
          expect(result.document.usage).toEqual(clean.document.usage);
          expect(validationErrors(result.document)).toEqual([]);
        },
      ),
    );
  });
});

/** A rollout's lines as records, to splice hostile ones into. */
const recordsOf = (text: string) =>
  text
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; payload: Record<string, unknown> });
const fileOf = (list: readonly unknown[]): string => `${list.map((item) => JSON.stringify(item)).join("\n")}\n`;
/** A token_count record like `record` with other cumulative counters. */
const withTotal = (record: { payload: Record<string, unknown> }, total: unknown, info?: unknown) => ({
  ...record,
  payload: {
    ...record.payload,
    info: info ?? { ...(record.payload.info as Record<string, unknown>), total_token_usage: total },
  },
});

describe("invalid token counters spliced into a real rollout", () => {
  const records = recordsOf(small);
  const clean = importText(small);
  // Line 11 is the rollout's first token_count with counters; line 7 one with rate limits alone (info: null).
  const count = records[10] as (typeof records)[number];
  const counters = (count.payload.info as { total_token_usage: Record<string, unknown> }).total_token_usage;
  const cases: Array<[name: string, total: unknown, info: unknown, said: RegExp]> = [
    ["a negative count", { ...counters, input_tokens: -5 }, undefined, /input_tokens is -5, not a token count/],
    ["a fraction", { ...counters, output_tokens: 1.5 }, undefined, /output_tokens is 1\.5, not a token count/],
    ["a string", { ...counters, input_tokens: "3505" }, undefined, /input_tokens is "3505", not a token count/],
    ["a boolean", { ...counters, cached_input_tokens: true }, undefined, /cached_input_tokens is true/],
    ["a count past 2^53", { ...counters, input_tokens: 2 ** 53 }, undefined, /input_tokens is 9007199254740992/],
    ["no input_tokens", { ...counters, input_tokens: undefined }, undefined, /has no input_tokens/],
    ["counters that are no object", "lots", undefined, /total_token_usage is "lots", not an object/],
    ["info that is no object", undefined, 42, /info is 42, not an object/],
    ["info without counters", undefined, { model_context_window: 258400 }, /has no total_token_usage/],
  ];

  for (const [name, total, info, said] of cases)
    it(`${name} is named as an invalid field at its line, not as rate limits`, () => {
      const spliced = fileOf(records.map((record, index) => (index === 10 ? withTotal(count, total, info) : record)));
      const result = importText(spliced);
      expect(result.losses.filter((loss) => loss.line === 11)).toEqual([
        expect.objectContaining({ code: "invalid-field", message: expect.stringMatching(said) }),
      ]);
      expect(result.losses.filter((loss) => loss.line === 11).some(isExpectedSessionLoss)).toBe(false);
      // The real rate-limit record stays what it is.
      expect(result.losses.find((loss) => loss.line === 7)).toMatchObject({
        code: "kept-as-metadata",
        message: expect.stringContaining("rate limits"),
      });
      expect(clean.losses.find((loss) => loss.line === 11)).toBeUndefined();
      expect(validationErrors(result.document)).toEqual([]);
    });
});

describe("cumulative counters that go down within a turn, spliced into a real rollout", () => {
  const records = recordsOf(large);
  const clean = importText(large);
  const last = records[384] as (typeof records)[number];

  it("are named at their line, and what the turn counted before them is kept", () => {
    const small = {
      input_tokens: 5,
      cached_input_tokens: 0,
      output_tokens: 1,
      reasoning_output_tokens: 0,
      total_tokens: 6,
    };
    // Line 387, after the rollout's last line: its one long turn's counters fall from 6,055,836 input tokens to 5.
    const result = importText(fileOf([...records, withTotal(last, small)]));
    const cleanUsage = clean.document.usage as NonNullable<typeof clean.document.usage>;
    expect(result.document.usage).toMatchObject({
      input_tokens: cleanUsage.input_tokens + 5,
      output_tokens: cleanUsage.output_tokens + 1,
    });
    expect(result.losses.filter((loss) => !isExpectedSessionLoss(loss))).toEqual([
      expect.objectContaining({
        code: "invalid-field",
        line: 387,
        message: expect.stringMatching(/went down within a turn.*input_tokens 6055836 → 5.*line 385/),
      }),
    ]);
    expect(validationErrors(result.document)).toEqual([]);
  });
});

describe("usage sums past 2^53 − 1 in a real rollout", () => {
  const records = recordsOf(large);
  const max = Number.MAX_SAFE_INTEGER;

  it("are clamped and named with their exact sum, never rounded", () => {
    // Two more turns: the counters start over (5 input tokens), then climb to 2^53 − 1 − 1000; the thread's sum is
    // its count before, 5, and the climb since: past the limit.
    const turn = records.find((record) => record.type === "turn_context") as (typeof records)[number];
    const last = records[384] as (typeof records)[number];
    const restart = { input_tokens: 5, cached_input_tokens: 0, output_tokens: 1, total_tokens: 6 };
    const climb = { input_tokens: max - 1000, cached_input_tokens: 0, output_tokens: 1, total_tokens: max - 999 };
    const result = importText(fileOf([...records, turn, withTotal(last, restart), turn, withTotal(last, climb)]));
    const cleanInput = importText(large).document.usage?.input_tokens ?? 0;
    expect(result.document.usage?.input_tokens).toBe(max);
    const exact = BigInt(cleanInput) + BigInt(max - 1000);
    expect(result.losses.filter((loss) => loss.code === "clamped-total").map((loss) => loss.message)).toEqual([
      expect.stringMatching(new RegExp(`^/usage/input_tokens adds up to ${exact}`)),
      expect.stringMatching(/^\/usage\/total_tokens /),
    ]);
  });
});

describe("generated records", () => {
  const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));
  const id = fc.constantFrom("t1", "t2", "call_1", "call_2", "__proto__", "");
  const counters = fc.oneof(
    fc.record({
      input_tokens: fc.oneof(fc.nat(), anyValue),
      cached_input_tokens: fc.oneof(fc.nat(), anyValue),
      output_tokens: fc.oneof(fc.nat(), anyValue),
      reasoning_output_tokens: fc.oneof(fc.nat(), anyValue),
      total_tokens: fc.oneof(fc.nat(), anyValue),
    }),
    anyValue,
  );
  const content = fc.oneof(
    fc.array(
      fc.oneof(
        fc.record({ type: fc.constantFrom("input_text", "output_text"), text: fc.oneof(anyText(), anyValue) }),
        fc.record({ type: anyText(), image_url: anyValue }),
        anyValue,
      ),
      { maxLength: 3 },
    ),
    anyValue,
  );
  const item = fc.record(
    {
      type: fc.oneof(
        fc.constantFrom(
          "message",
          "reasoning",
          "function_call",
          "function_call_output",
          "custom_tool_call",
          "custom_tool_call_output",
          "local_shell_call",
          "web_search_call",
          "ghost_snapshot",
        ),
        anyText(),
      ),
      role: fc.oneof(fc.constantFrom("user", "assistant", "developer", "system"), anyValue),
      content,
      summary: fc.oneof(fc.array(fc.record({ type: fc.constant("summary_text"), text: anyValue })), anyValue),
      encrypted_content: anyValue,
      id: fc.oneof(id, anyValue),
      call_id: fc.oneof(id, anyValue),
      name: anyValue,
      arguments: fc.oneof(fc.constantFrom('{"a":1}', "{not json", "null"), anyValue),
      input: anyValue,
      output: fc.oneof(content, fc.record({ content: anyValue, success: anyValue }), anyValue),
      action: anyValue,
    },
    { requiredKeys: ["type"] },
  );
  const payload = fc.oneof(
    item,
    fc.record({
      type: fc.constantFrom(
        "token_count",
        "user_message",
        "agent_message",
        "agent_reasoning",
        "task_started",
        "entered_review_mode",
      ),
      info: fc.oneof(fc.record({ total_token_usage: counters, last_token_usage: counters }), anyValue),
      message: anyValue,
      text: anyValue,
    }),
    fc.record({
      id: fc.oneof(id, anyValue),
      timestamp: anyValue,
      forked_from_id: fc.oneof(id, anyValue),
      source: fc.oneof(
        fc.record({
          subagent: fc.oneof(
            fc.record({ thread_spawn: fc.record({ parent_thread_id: fc.oneof(id, anyValue) }) }),
            anyValue,
          ),
        }),
        anyValue,
      ),
    }),
    fc.record({ message: anyValue, replacement_history: fc.oneof(fc.array(item, { maxLength: 3 }), anyValue) }),
    anyValue,
  );
  const record = fc.record(
    {
      timestamp: fc.oneof(
        fc.constantFrom("2026-03-01T10:00:00Z", "2026-03-01T10:00:01.5+01:00", "yesterday", "2026-13-45T99:99:99Z"),
        anyValue,
      ),
      type: fc.oneof(
        fc.constantFrom("session_meta", "turn_context", "response_item", "event_msg", "compacted", "world_state"),
        anyText(),
      ),
      payload,
    },
    { requiredKeys: ["type"] },
  );
  const line = fc.oneof(
    { weight: 8, arbitrary: record.map((value) => JSON.stringify(value)) },
    // A raw line of text holds no line feed: it is one line of the file.
    { weight: 1, arbitrary: anyText().filter((text) => !text.includes("\n")) },
  );

  it("never throw, always give strictly valid documents, and name each line they could not read", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.array(line, { maxLength: 8 }), (main, related) => {
        const text = main.join("\n");
        const result = importByFold("codex", text, "rollout-main.jsonl", [
          { path: "rollout-related.jsonl", text: related.join("\n") },
        ]);
        expect(validationErrors(result.document)).toEqual([]);
        for (const child of result.children) expect(validationErrors(child.document)).toEqual([]);
        const expected = main.flatMap((item, index) => {
          if (item.trim() === "") return [];
          try {
            const value: unknown = JSON.parse(item);
            return typeof value === "object" && value !== null && !Array.isArray(value) ? [] : [index + 1];
          } catch {
            return [index + 1];
          }
        });
        // Lines that are no object are named; records that break a rule may add losses of their own.
        const named = result.losses.filter((loss) => loss.file === "rollout-main.jsonl").map((loss) => loss.line);
        for (const lineNumber of expected) expect(named).toContain(lineNumber);
      }),
    );
  });
});
