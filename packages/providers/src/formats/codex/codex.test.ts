/**
 * The Codex importer on rollouts built here from the record shapes Codex writes (openai/codex `protocol` types, as the
 * real files of the fixtures show them): turns' usage from cumulative counts, echoes, call pairing, compaction,
 * forked history, child rollouts and the lines that are no record.
 */
import type { Message, Part } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { detectSessionFormat, importSessionText } from "../../sessions.js";
import { importByFold } from "../../session-shape-check.test.helpers.js";

const at = (second: number) => `2026-03-01T10:00:${String(second).padStart(2, "0")}.000Z`;
const line = (type: string, payload: unknown, second = 0) => JSON.stringify({ timestamp: at(second), type, payload });
const meta = (id: string, extra: Record<string, unknown> = {}, second = 0) =>
  line(
    "session_meta",
    { id, timestamp: at(second), cwd: "/repo", cli_version: "0.146.0", source: "cli", ...extra },
    second,
  );
const user = (text: string, second = 0) =>
  line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text }] }, second);
const assistant = (text: string, second = 0) =>
  line("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text }] }, second);
const event = (payload: Record<string, unknown>, second = 0) => line("event_msg", payload, second);
const tokens = (input: number, output: number, cached = 0, reasoning = 0, second = 0) =>
  event(
    {
      type: "token_count",
      info: {
        total_token_usage: {
          input_tokens: input,
          cached_input_tokens: cached,
          output_tokens: output,
          reasoning_output_tokens: reasoning,
          total_tokens: input + output,
        },
        last_token_usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1, total_tokens: 2 },
      },
      rate_limits: null,
    },
    second,
  );
const turn = (second = 0) => line("turn_context", { cwd: "/repo", model: "gpt-5.2-codex", effort: "medium" }, second);

function importText(lines: string[], related: Array<{ path: string; lines: string[] }> = []) {
  const result = importSessionText(lines.join("\n"), {
    format: "codex",
    path: "/s/2026/03/01/rollout-main.jsonl",
    related: related.map((file) => ({ path: file.path, text: file.lines.join("\n") })),
  });
  if (!result.ok) throw new Error(result.message);
  const validation = validateTranscript(result.document);
  expect(validation.ok ? [] : validation.errors).toEqual([]);
  return result;
}

const textOf = (message: Message | undefined) =>
  message?.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");

describe("usage", () => {
  it("is each turn's last cumulative count minus the previous turn's, re-emitted counts read once", () => {
    const result = importText([
      meta("t1"),
      turn(1),
      user("first", 1),
      assistant("one", 2),
      tokens(100, 10, 40, 4, 2),
      tokens(100, 10, 40, 4, 3),
      turn(4),
      user("second", 4),
      assistant("two", 5),
      tokens(180, 18, 90, 6, 5),
      tokens(250, 30, 120, 9, 6),
      tokens(250, 30, 120, 9, 7),
    ]);
    const usages = result.document.messages.flatMap((message) => (message.usage ? [message.usage] : []));
    expect(
      usages.map((usage) => [usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.reasoning_tokens]),
    ).toEqual([
      [100, 10, 40, 4],
      [150, 20, 80, 5],
    ]);
    expect(result.document.usage).toMatchObject({
      input_tokens: 250,
      output_tokens: 30,
      cache_read_tokens: 120,
      reasoning_tokens: 9,
    });
    expect(usages[1]?.raw).toEqual({
      provider: "codex",
      usage: {
        input_tokens: 150,
        cached_input_tokens: 80,
        output_tokens: 20,
        reasoning_output_tokens: 5,
        total_tokens: 170,
      },
    });
  });

  it("starts over when the counters go down, and keeps a count with no cumulative usage as a record", () => {
    const result = importText([
      meta("t1"),
      turn(1),
      assistant("one", 1),
      tokens(100, 10, 0, 0, 1),
      turn(2),
      assistant("two", 2),
      tokens(30, 3, 0, 0, 2),
      event({ type: "token_count", info: null, rate_limits: { primary: { used_percent: 1 } } }, 3),
    ]);
    expect(result.document.usage).toMatchObject({ input_tokens: 130, output_tokens: 13 });
    expect(result.losses.filter((loss) => loss.code === "kept-as-metadata").map((loss) => loss.line)).toEqual([
      2, 5, 8,
    ]);
  });
});

describe("echoes", () => {
  it("reads an event that repeats an item once, from the item, and keeps an event no item holds", () => {
    const result = importText([
      meta("t1"),
      event({ type: "user_message", message: "hello", images: [] }, 1),
      user("hello", 1),
      line(
        "response_item",
        { type: "reasoning", summary: [{ type: "summary_text", text: "**Thinking**" }], encrypted_content: "gAAA" },
        2,
      ),
      event({ type: "agent_reasoning", text: "**Thinking**" }, 2),
      assistant("hi there", 3),
      event({ type: "agent_message", message: "hi there" }, 3),
      event({ type: "agent_message", message: "only in the event" }, 4),
    ]);
    expect(result.losses.filter((loss) => loss.code === "duplicate-line").map((loss) => loss.line)).toEqual([2, 5, 7]);
    expect(result.document.messages.map((message) => [message.role, textOf(message)])).toEqual([
      ["user", "hello"],
      ["assistant", "hi there"],
      ["assistant", "only in the event"],
    ]);
  });
});

describe("items", () => {
  it("pairs calls with their outputs by call_id and keeps reasoning's encrypted content for the Responses API", () => {
    const result = importText([
      meta("t1"),
      turn(1),
      user("list", 1),
      line(
        "response_item",
        { type: "reasoning", id: "rs_1", summary: [], content: null, encrypted_content: "gAAAAB" },
        2,
      ),
      line(
        "response_item",
        { type: "function_call", name: "shell", arguments: '{"command":["ls"]}', call_id: "call_1" },
        2,
      ),
      line("response_item", { type: "function_call_output", call_id: "call_1", output: "a.txt" }, 3),
      line(
        "response_item",
        {
          type: "custom_tool_call",
          status: "completed",
          call_id: "call_2",
          name: "apply_patch",
          input: "*** Begin Patch",
        },
        4,
      ),
      line("response_item", { type: "custom_tool_call_output", call_id: "call_2", output: "Success" }, 5),
      line(
        "response_item",
        {
          type: "local_shell_call",
          call_id: "call_3",
          status: "completed",
          action: { type: "exec", command: ["pwd"] },
        },
        6,
      ),
      line("response_item", { type: "local_shell_call_output", call_id: "call_3", output: "/repo" }, 6),
      line(
        "response_item",
        { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "codex" } },
        7,
      ),
      line("response_item", { type: "function_call", name: "f", arguments: '{ "spaced": 1 }', call_id: "call_4" }, 8),
      line(
        "response_item",
        { type: "function_call_output", call_id: "call_4", output: { content: "failed", success: false } },
        8,
      ),
    ]);
    const parts = result.document.messages.flatMap((message) =>
      message.parts.map((part) => [message.role, part] as [string, Part]),
    );
    const reasoning = parts.find(([, part]) => part.type === "reasoning")?.[1];
    expect(reasoning).toEqual({
      type: "reasoning",
      encrypted_content: "gAAAAB",
      id: "rs_1",
      issuer: { provider: "openai", api: "responses", model: "gpt-5.2-codex" },
      provider_fields: { codex: { content: null } },
    });
    const calls = parts.filter(([, part]) => part.type === "tool_call");
    const results = parts.filter(([, part]) => part.type === "tool_result");
    expect(
      calls.map(([role, part]) => [
        role,
        part.type === "tool_call" && [part.id, part.native_type, part.provider_executed],
      ]),
    ).toEqual([
      ["assistant", ["call_1", undefined, undefined]],
      ["assistant", ["call_2", "custom_tool_call", undefined]],
      ["assistant", ["call_3", "local_shell_call", undefined]],
      ["assistant", ["ws_1", "web_search_call", true]],
      ["assistant", ["call_4", undefined, undefined]],
    ]);
    expect(
      results.map(([role, part]) => [role, part.type === "tool_result" && [part.call_id, part.status, part.output]]),
    ).toEqual([
      ["tool", ["call_1", "ok", "a.txt"]],
      ["tool", ["call_2", "ok", "Success"]],
      ["tool", ["call_3", "ok", "/repo"]],
      ["tool", ["call_4", "error", "failed"]],
    ]);
    const spaced = calls[4]?.[1];
    expect(spaced?.type === "tool_call" && [spaced.input, spaced.raw_input]).toEqual([
      { spaced: 1 },
      '{ "spaced": 1 }',
    ]);
    expect(result.losses.filter((loss) => loss.code !== "kept-as-metadata")).toEqual([]);
  });
});

describe("compaction", () => {
  it("keeps the history before it and marks the summary as a compaction, not as something the user typed", () => {
    const result = importText([
      meta("t1"),
      turn(1),
      user("build it", 1),
      assistant("built", 2),
      line(
        "compacted",
        {
          message: "Summary: the user asked to build it; it was built.",
          replacement_history: [
            { type: "message", role: "user", content: [{ type: "input_text", text: "build it" }] },
            { type: "compaction", encrypted_content: "enc-summary" },
          ],
        },
        3,
      ),
      event({ type: "context_compacted" }, 3),
      turn(4),
      user("now test it", 4),
    ]);
    const messages = result.document.messages;
    expect(messages.map((message) => [message.role, message.parts[0]?.type])).toEqual([
      ["user", "text"],
      ["assistant", "text"],
      ["user", "compaction"],
      ["user", "text"],
    ]);
    expect(messages[2]?.parts[0]).toMatchObject({
      type: "compaction",
      strategy: "summary",
      summary: "Summary: the user asked to build it; it was built.",
      replaced_messages: 2,
      encrypted_content: "enc-summary",
      issuer: { provider: "openai", api: "responses" },
    });
  });
});

describe("forked and sub-agent rollouts", () => {
  it("keep the parent's replayed history aside and count only their own usage", () => {
    const result = importText([
      meta("child", { forked_from_id: "parent" }, 30),
      meta("parent", {}, 0),
      turn(1),
      user("parent's question", 1),
      assistant("parent's answer", 2),
      tokens(100, 10, 0, 0, 2),
      turn(31),
      user("child's question", 31),
      assistant("child's answer", 32),
      tokens(160, 25, 0, 0, 32),
    ]);
    expect(result.document.messages.map(textOf)).toEqual(["child's question", "child's answer"]);
    expect(result.document.usage).toMatchObject({ input_tokens: 60, output_tokens: 15 });
    expect(result.losses.filter((loss) => loss.code === "inherited-line").map((loss) => loss.line)).toEqual([
      2, 3, 4, 5, 6,
    ]);
    expect(result.document.run?.parent).toEqual({ run_id: "parent" });
  });

  it("beside the session become its child runs, nested as they were spawned, the parent's usage rolled up", () => {
    const spawn = (parent: string) => ({
      source: { subagent: { thread_spawn: { parent_thread_id: parent, depth: 1 } } },
    });
    const result = importText(
      [meta("main"), turn(1), user("go", 1), assistant("spawning", 2), tokens(100, 10, 0, 0, 2)],
      [
        {
          path: "/s/2026/03/01/rollout-a.jsonl",
          lines: [
            meta("child", { ...spawn("main"), agent_nickname: "Sartre" }, 3),
            turn(3),
            user("explore", 3),
            assistant("done", 4),
            tokens(50, 5, 0, 0, 4),
          ],
        },
        {
          path: "/s/2026/03/01/rollout-b.jsonl",
          lines: [meta("other", spawn("elsewhere"), 3), user("not ours", 3), tokens(999, 9, 0, 0, 4)],
        },
        {
          path: "/s/2026/03/01/rollout-c.jsonl",
          lines: [meta("grandchild", spawn("child"), 5), assistant("deeper", 5), tokens(20, 2, 0, 0, 5)],
        },
        {
          path: "/s/2026/03/01/rollout-d.jsonl",
          lines: [meta("fork", { forked_from_id: "main" }, 6), assistant("forked", 6), tokens(7, 1, 0, 0, 6)],
        },
      ],
    );
    expect(result.files).toEqual([
      "/s/2026/03/01/rollout-main.jsonl",
      "/s/2026/03/01/rollout-a.jsonl",
      "/s/2026/03/01/rollout-c.jsonl",
      "/s/2026/03/01/rollout-d.jsonl",
    ]);
    const run = result.document.run;
    expect(run?.children?.map((child) => [child.run_id, child.title, child.location])).toEqual([
      ["child", "Sartre", "rollout-a.jsonl"],
      ["fork", undefined, "rollout-d.jsonl"],
    ]);
    const child = run?.children?.[0]?.transcript;
    expect(child?.usage).toMatchObject({ input_tokens: 50, output_tokens: 5 });
    expect(child?.run?.parent).toEqual({ run_id: "main" });
    expect(child?.run?.children?.map((grand) => [grand.run_id, grand.transcript?.run?.parent?.run_id])).toEqual([
      ["grandchild", "child"],
    ]);
    expect(child?.run?.usage_including_children).toMatchObject({ input_tokens: 70, output_tokens: 7 });
    expect(result.document.usage).toMatchObject({ input_tokens: 100, output_tokens: 10 });
    expect(run?.usage_including_children).toMatchObject({ input_tokens: 177, output_tokens: 18 });
    expect(result.children.map((entry) => entry.runId)).toEqual(["child", "grandchild", "fork"]);
    // The unrelated rollout's lines cost nothing: they are not this session's.
    expect(result.losses.some((loss) => loss.file.endsWith("rollout-b.jsonl"))).toBe(false);
  });
});

describe("lines that are no record, and records not known", () => {
  it("cost their own line each and are named; a type not known is kept verbatim", () => {
    // Six of its eight lines unread: the importer's fold names each; the entry points refuse the session (checked there).
    const result = importByFold(
      "codex",
      [
        meta("t1"),
        "not json",
        "[1,2]",
        '{"timestamp":"x"}',
        line("brand_new_record", { a: 1 }),
        event({ type: "brand_new_event" }),
        line("response_item", { type: "brand_new_item" }),
        user("still read"),
      ].join("\n"),
      "/s/2026/03/01/rollout-main.jsonl",
    );
    expect(result.losses.map((loss) => [loss.line, loss.code])).toEqual([
      [2, "unparsable-line"],
      [3, "invalid-line"],
      [4, "invalid-line"],
      [5, "unknown-line-type"],
      [6, "unknown-line-type"],
      [7, "unknown-line-type"],
    ]);
    const records = (result.document.metadata?.codex as { records: Array<{ line: number }> }).records;
    expect(records.map((record) => record.line)).toEqual([5, 6, 7]);
    expect(result.document.messages.map(textOf)).toEqual(["still read"]);
  });

  it("reads the older rollouts, bare items after a first line with the session's id", () => {
    const result = importText([
      JSON.stringify({ id: "old", timestamp: "2025-08-01T10:00:00.000Z", instructions: null }),
      JSON.stringify({ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }),
      JSON.stringify({ type: "message", role: "assistant", content: [{ type: "output_text", text: "hello" }] }),
    ]);
    expect(result.document.id).toBe("old");
    expect(result.document.messages.map((message) => [message.role, textOf(message)])).toEqual([
      ["user", "hi"],
      ["assistant", "hello"],
    ]);
  });
});

describe("detection", () => {
  it("tells a rollout by its records, and leaves Claude Code's and other lines to their formats", () => {
    expect(detectSessionFormat([meta("t1"), turn()])).toBe("codex");
    expect(detectSessionFormat(`${event({ type: "user_message", message: "x" })}\n`)).toBe("codex");
    const claude = JSON.stringify({ type: "user", uuid: "u", sessionId: "s", message: { role: "user", content: "x" } });
    expect(detectSessionFormat([claude])).toBe("claude-code");
    expect(detectSessionFormat(['{"seq":1,"run_id":"r","type":"event_msg","payload":{}}'])).toBeUndefined();
    expect(detectSessionFormat(['{"type":"response_item"}'])).toBeUndefined();
  });
});
