/**
 * Hostile and broken session files: a real session cut at many byte offsets, garbage lines injected anywhere, and
 * records generated with every field of every type. The importer never throws, always returns a strictly valid
 * document, and a bad line costs exactly that line, with a loss naming it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDateTime, isExpectedSessionLoss } from "../../conversion/index.js";
import { cutLines, unreadable, validationErrors } from "../../conversion/session-property.test.helpers.js";
import { importSessionText } from "../../sessions.js";
import { importByFold } from "../../session-shape-check.test.helpers.js";
import { isTimestamp } from "./to-canonical-records.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

const transcripts = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
const small = readFileSync(path.join(transcripts, "subagent.jsonl"), "utf8");
const large = readFileSync(path.join(transcripts, "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl"), "utf8");

function importText(text: string, related: Array<{ path: string; text: string }> = []) {
  const result = importSessionText(text, { format: "claude-code", path: "session.jsonl", related });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Whether the text's last line is cut: not empty, and not a whole JSON value (counted here, not by the importer). */
describe("a real session cut short", () => {
  for (const [name, text, cuts] of [
    ["subagent.jsonl", small, 300],
    ["fa812bfe-….jsonl", large, 40],
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

  it("at every offset of its first lines, whatever the cut", () => {
    const head = small.slice(0, 4000);
    for (let offset = 0; offset <= head.length; offset += 13) {
      const prefix = head.slice(0, offset);
      const result = importText(prefix);
      expect(unreadable(result.losses), `cut at ${offset}`).toEqual(cutLines(prefix));
      expect(validationErrors(result.document), `cut at ${offset}`).toEqual([]);
    }
  });
});

describe("garbage lines injected into a real session", () => {
  const lines = small.replace(/\n$/, "").split("\n");
  const clean = importText(small);

  it("each cost their own line, and the conversation is the same as without them", () => {
    const garbage = fc
      .oneof(
        anyText({ minLength: 1, maxLength: 40 }),
        fc.constantFrom("{", "}", "[]", "null", "42", '"text"', "{}", '{"type": 7}', "\u0000", '{"type":"user"'),
      )
      .filter((text) => text.trim() !== "" && !text.includes("\n"));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: lines.length }), garbage), { minLength: 1, maxLength: 6 }),
        (injections) => {
          const mixed = [...lines];
          const injected: number[] = [];
          // From the end, so earlier positions stay where they were chosen.
          for (const [position, text] of [...injections].sort((a, b) => b[0] - a[0])) mixed.splice(position, 0, text);
          mixed.forEach((line, index) => {
            if (!lines.includes(line)) injected.push(index + 1);
          });
          const result = importText(`${mixed.join("\n")}\n`);
          expect(unreadable(result.losses)).toEqual(injected);
          expect(result.document.messages.map((message) => message.id)).toEqual(
            clean.document.messages.map((message) => message.id),
          );
          expect(result.document.usage).toEqual(clean.document.usage);
          expect(validationErrors(result.document)).toEqual([]);
        },
      ),
    );
  });
});

/** The records of a real session, as objects, to splice hostile ones into. */
const records = small
  .replace(/\n$/, "")
  .split("\n")
  .map((line) => JSON.parse(line) as Record<string, unknown> & { message?: Record<string, unknown> });
const cleanSmall = importText(small);
/** The session's first response's first record (line 6) and last record (line 12), and the file's last record. */
const firstRecord = records[5] as (typeof records)[number];
const lastRecordOfFirst = records[11] as (typeof records)[number];
const finalRecord = records.at(-1) as (typeof records)[number];
const firstResponseId = firstRecord.message?.id as string;
const fileOf = (list: readonly unknown[]): string => `${list.map((item) => JSON.stringify(item)).join("\n")}\n`;
const anthropicUsage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
});

describe("records of one response id spliced apart in a real session", () => {
  const prompt = (uuid: string, parentUuid: unknown, text: string) => ({
    parentUuid,
    isSidechain: false,
    userType: "external",
    cwd: finalRecord.cwd,
    sessionId: finalRecord.sessionId,
    version: finalRecord.version,
    gitBranch: finalRecord.gitBranch,
    type: "user",
    message: { role: "user", content: text },
    uuid,
    timestamp: finalRecord.timestamp,
  });
  const again = (uuid: string, parentUuid: string, usage: Record<string, number>) => ({
    ...firstRecord,
    uuid,
    parentUuid,
    message: { ...firstRecord.message, usage },
  });

  it("three responses under one id, user turns between, stay three messages where they were, each counted", () => {
    // Lines 97 to 100: a prompt, the first response's id again with 1,000,000 input tokens, a prompt, and again.
    const spliced = fileOf([
      ...records,
      prompt("spliced-u1", finalRecord.uuid, "And again"),
      again("spliced-a1", "spliced-u1", anthropicUsage(1_000_000, 50)),
      prompt("spliced-u2", "spliced-a1", "Once more"),
      again("spliced-a2", "spliced-u2", anthropicUsage(100, 5)),
    ]);
    const result = importText(spliced);
    const { document } = result;
    expect(validationErrors(document)).toEqual([]);
    expect(document.messages.slice(0, -4)).toEqual(cleanSmall.document.messages);
    expect(document.messages.slice(-4).map((message) => [message.id, message.response_id])).toEqual([
      ["spliced-u1", undefined],
      ["spliced-a1", firstResponseId],
      ["spliced-u2", undefined],
      ["spliced-a2", firstResponseId],
    ]);
    const clean = cleanSmall.document.usage as NonNullable<typeof document.usage>;
    expect(document.usage).toMatchObject({
      input_tokens: clean.input_tokens + 1_000_100,
      output_tokens: clean.output_tokens + 55,
    });
    expect(result.losses.filter((loss) => !isExpectedSessionLoss(loss))).toEqual([
      expect.objectContaining({ code: "invalid-field", line: 98, message: expect.stringContaining("at line 6") }),
      expect.objectContaining({ code: "invalid-field", line: 100, message: expect.stringContaining("at line 98") }),
    ]);
  });

  it("records of one response whose usage disagree: the largest counted, the lines named, the others kept", () => {
    // Line 7, the first response's second record, claims 1,000,000 input tokens the others' figures do not hold.
    const conflicting = { ...records[6], message: { ...records[6]?.message, usage: anthropicUsage(1_000_000, 1) } };
    const spliced = fileOf(records.map((record, index) => (index === 6 ? conflicting : record)));
    const result = importText(spliced);
    const response = result.document.messages.find((message) => message.id === firstRecord.uuid);
    expect(response?.usage).toMatchObject({ input_tokens: 1_000_000, output_tokens: 1 });
    const cleanResponse = cleanSmall.document.messages.find((message) => message.id === firstRecord.uuid);
    const clean = cleanSmall.document.usage as NonNullable<typeof result.document.usage>;
    expect(result.document.usage?.input_tokens).toBe(
      clean.input_tokens - (cleanResponse?.usage?.input_tokens ?? 0) + 1_000_000,
    );
    expect(result.losses.filter((loss) => !isExpectedSessionLoss(loss))).toEqual([
      expect.objectContaining({
        code: "invalid-field",
        line: 6,
        message: expect.stringMatching(/line 7's is counted .*lines 6, 8, 9, 10, 11, 12/),
      }),
    ]);
    // The figures not counted stay beside the last record that carried them.
    const entries = response?.provider_fields?.["claude-code"]?.lines as Array<{ line: number; usage?: unknown }>;
    expect(entries.find((entry) => entry.line === 12)?.usage).toEqual(lastRecordOfFirst.message?.usage);
  });
});

describe("usage sums near 2^53 in a real session", () => {
  const max = Number.MAX_SAFE_INTEGER;
  const cleanUsage = cleanSmall.document.usage as NonNullable<typeof cleanSmall.document.usage>;
  const cleanFirst = cleanSmall.document.messages.find((message) => message.id === firstRecord.uuid)?.usage;
  /** The session with its first response's final record (line 12) claiming `input` tokens in all (cache included). */
  const withFirstInput = (input: number): string => {
    const usage = lastRecordOfFirst.message?.usage as Record<string, number>;
    const uncached = input - (usage.cache_read_input_tokens ?? 0) - (usage.cache_creation_input_tokens ?? 0);
    const record = {
      ...lastRecordOfFirst,
      message: { ...lastRecordOfFirst.message, usage: { ...usage, input_tokens: uncached } },
    };
    return fileOf(records.map((item, index) => (index === 11 ? record : item)));
  };

  it("are clamped to 2^53 − 1 with a loss naming the pointer and the exact sum, never rounded silently", () => {
    const others = cleanUsage.input_tokens - (cleanFirst?.input_tokens ?? 0);
    // The first response alone is a safe count (with its output too); with the session's others, past 2^53 − 1.
    const first = max - 100;
    const result = importText(withFirstInput(first));
    expect(result.document.messages.find((message) => message.id === firstRecord.uuid)?.usage?.input_tokens).toBe(
      first,
    );
    expect(result.document.usage?.input_tokens).toBe(max);
    const exact = BigInt(first) + BigInt(others);
    expect(result.losses.filter((loss) => loss.code === "clamped-total")).toEqual([
      expect.objectContaining({ message: expect.stringMatching(new RegExp(`^/usage/input_tokens .*${exact}`)) }),
      expect.objectContaining({ message: expect.stringMatching(/^\/usage\/total_tokens /) }),
    ]);
    expect(result.losses.filter((loss) => loss.code === "clamped-total").some(isExpectedSessionLoss)).toBe(false);
    expect(validationErrors(result.document)).toEqual([]);
  });

  it("are exact up to 2^53 − 1 itself, with no loss", () => {
    const others = cleanUsage.input_tokens - (cleanFirst?.input_tokens ?? 0);
    const result = importText(withFirstInput(max - others));
    expect(result.document.usage?.input_tokens).toBe(max);
    expect(result.losses.filter((loss) => !isExpectedSessionLoss(loss))).toEqual([
      expect.objectContaining({ code: "clamped-total", message: expect.stringMatching(/^\/usage\/total_tokens /) }),
    ]);
  });

  it("rolled up with the sub-agents' are clamped at run.usage_including_children, named", () => {
    const folder = path.join(transcripts, "fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents");
    const related = ["agent-a93ccab.jsonl", "agent-aa84377.jsonl", "agent-acompact-70d8e7.jsonl"].map((name) => ({
      path: `fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents/${name}`,
      text: readFileSync(path.join(folder, name), "utf8"),
    }));
    const cleanLarge = importText(large, related).document;
    // The main session's own input becomes 2^53 − 1 − 1000: its own sum is exact, its children's push the roll-up past.
    const lines = large.replace(/\n$/, "").split("\n");
    const index = lines.findLastIndex((line) => line.includes('"type":"assistant"') && line.includes('"usage"'));
    const record = JSON.parse(lines[index] as string) as { message: { usage: Record<string, number> } };
    const grow = max - 1000 - (cleanLarge.usage?.input_tokens ?? 0);
    record.message.usage.input_tokens = (record.message.usage.input_tokens ?? 0) + grow;
    lines[index] = JSON.stringify(record);
    const result = importText(`${lines.join("\n")}\n`, related);
    expect(result.document.usage?.input_tokens).toBe(max - 1000);
    expect(result.document.run?.usage_including_children?.input_tokens).toBe(max);
    const exact =
      BigInt(max - 1000) +
      BigInt((cleanLarge.run?.usage_including_children?.input_tokens ?? 0) - (cleanLarge.usage?.input_tokens ?? 0));
    expect(result.losses.filter((loss) => loss.code === "clamped-total").map((loss) => loss.message)).toEqual([
      expect.stringMatching(/^\/usage\/total_tokens /),
      expect.stringMatching(new RegExp(`^/run/usage_including_children/input_tokens .*${exact}`)),
      expect.stringMatching(/^\/run\/usage_including_children\/total_tokens /),
    ]);
  });
});

describe("generated records", () => {
  const uuid = fc.constantFrom("u1", "u2", "u3", "u4", "u5", "u6", "__proto__", "");
  const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));
  const block = fc.oneof(
    fc.record({ type: fc.constantFrom("text"), text: fc.oneof(anyText(), anyValue) }),
    fc.record({ type: fc.constant("thinking"), thinking: fc.oneof(anyText(), anyValue), signature: anyValue }),
    fc.record({
      type: fc.constantFrom("tool_use", "server_tool_use"),
      id: fc.oneof(fc.constantFrom("toolu_1", "toolu_2", ""), anyValue),
      name: fc.oneof(anyText(), anyValue),
      input: anyValue,
    }),
    fc.record({
      type: fc.constant("tool_result"),
      tool_use_id: fc.oneof(fc.constantFrom("toolu_1", "toolu_2"), anyValue),
      content: fc.oneof(anyText(), fc.array(fc.record({ type: fc.constant("text"), text: anyValue })), anyValue),
      is_error: anyValue,
    }),
    fc.record({
      type: fc.constantFrom("image", "document"),
      source: fc.oneof(
        fc.record({ type: fc.constant("base64"), media_type: anyValue, data: anyValue }),
        fc.record({ type: fc.constantFrom("url", "text"), url: anyValue, data: anyValue }),
        anyValue,
      ),
    }),
    fc.record({ type: anyText(), data: anyValue }),
    anyValue,
  );
  const record = fc.record(
    {
      type: fc.oneof(
        fc.constantFrom("user", "assistant", "system", "progress", "summary", "ai-title", "file-history-snapshot"),
        anyText(),
      ),
      uuid: fc.oneof(uuid, anyValue),
      parentUuid: fc.oneof(uuid, fc.constant(null), anyValue),
      logicalParentUuid: fc.oneof(uuid, anyValue),
      isSidechain: fc.oneof(fc.boolean(), anyValue),
      agentId: fc.oneof(fc.constantFrom("a1", "a2"), anyValue),
      sessionId: fc.oneof(fc.constantFrom("s1", "s2"), anyValue),
      timestamp: fc.oneof(
        fc.constantFrom("2026-02-12T10:00:00Z", "2026-02-12T10:00:01.5+01:00", "yesterday", "2026-13-45T99:99:99Z"),
        anyValue,
      ),
      subtype: fc.oneof(fc.constantFrom("compact_boundary", "turn_duration"), anyValue),
      isCompactSummary: fc.oneof(fc.boolean(), anyValue),
      compactMetadata: fc.oneof(fc.record({ preTokens: anyValue, trigger: anyValue }), anyValue),
      toolUseResult: anyValue,
      aiTitle: anyValue,
      message: fc.oneof(
        fc.record(
          {
            role: fc.constantFrom("user", "assistant"),
            id: fc.oneof(fc.constantFrom("msg_1", "msg_2", "msg_bdrk_3"), anyValue),
            model: fc.oneof(fc.constantFrom("claude-opus-4-6", "<synthetic>"), anyValue),
            content: fc.oneof(anyText(), fc.array(block, { maxLength: 4 }), anyValue),
            stop_reason: fc.oneof(fc.constantFrom("end_turn", "tool_use", "weird"), anyValue),
            usage: fc.oneof(
              fc.record({
                input_tokens: fc.oneof(fc.nat(), anyValue),
                output_tokens: fc.oneof(fc.nat(), anyValue),
                cache_read_input_tokens: fc.oneof(fc.nat(), anyValue),
              }),
              anyValue,
            ),
          },
          { requiredKeys: ["role"] },
        ),
        anyValue,
      ),
    },
    { requiredKeys: ["type"] },
  );
  const line = fc.oneof(
    { weight: 8, arbitrary: record.map((value) => JSON.stringify(value)) },
    // A raw line of text holds no line feed: it is one line of the file.
    { weight: 1, arbitrary: anyText().filter((text) => !text.includes("\n")) },
  );

  it("never throw, always give a strictly valid document, and name each line they could not read", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.array(line, { maxLength: 8 }), (main, sub) => {
        const text = main.join("\n");
        const result = importByFold("claude-code", text, "session.jsonl", [
          { path: "session/subagents/agent-a1.jsonl", text: sub.join("\n") },
        ]);
        expect(validationErrors(result.document)).toEqual([]);
        for (const child of result.children) expect(validationErrors(child.document)).toEqual([]);
        const expected = main.flatMap((item, index) => {
          if (item.trim() === "") return [];
          try {
            const value: unknown = JSON.parse(item);
            const isRecord = typeof value === "object" && value !== null && !Array.isArray(value) && "type" in value;
            return isRecord && typeof (value as { type: unknown }).type === "string" ? [] : [index + 1];
          } catch {
            return [index + 1];
          }
        });
        // Lines that are no record are named; records that break a rule may add invalid-line losses of their own.
        const named = result.losses.filter((loss) => loss.file === "session.jsonl").map((loss) => loss.line);
        for (const lineNumber of expected) expect(named).toContain(lineNumber);
      }),
    );
  });
});

describe("the timestamp check's fast path", () => {
  it("agrees with the general RFC 3339 check on Claude Code's shape and anything near it", () => {
    const digit = fc.constantFrom(..."0123456789");
    const near = fc
      .tuple(
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)) }),
        fc.nat({ max: 23 }),
        digit,
      )
      .map(([date, at, character]) => {
        const text = date.toISOString();
        return text.slice(0, at) + character + text.slice(at + 1);
      });
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ minLength: 24, maxLength: 24 })), (text) => {
        expect(isTimestamp(text), text).toBe(isDateTime(text));
      }),
      { numRuns: 20 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
