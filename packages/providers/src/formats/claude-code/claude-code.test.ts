import type { Message, Part, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { isExpectedSessionLoss, type SessionLoss } from "../../conversion/index.js";
import { detectSessionFormat, importSessionLines, importSessionText } from "../../sessions.js";
import { claudeCodeImporter } from "./index.js";

const session = "7b0c2a52-6c84-4a51-9a3c-2c3f0c5f3f10";
let clock = 0;
/** A record as Claude Code writes it, with the fields every record repeats. */
function record(fields: Record<string, unknown>): Record<string, unknown> {
  clock += 1;
  return {
    parentUuid: null,
    isSidechain: false,
    userType: "external",
    cwd: "/home/user/project",
    sessionId: session,
    version: "2.1.39",
    gitBranch: "main",
    timestamp: new Date(Date.UTC(2026, 1, 12, 10, 0, clock)).toISOString(),
    ...fields,
  };
}

function user(uuid: string, parentUuid: string | null, content: unknown, extra: Record<string, unknown> = {}) {
  return record({ type: "user", uuid, parentUuid, message: { role: "user", content }, ...extra });
}

/** One record of a streamed response: one content block, the usage so far. */
function assistant(
  uuid: string,
  parentUuid: string | null,
  id: string,
  block: unknown,
  usage: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return record({
    type: "assistant",
    uuid,
    parentUuid,
    requestId: `req_${id}`,
    message: {
      model: "claude-opus-4-6",
      id,
      type: "message",
      role: "assistant",
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
    ...extra,
  });
}

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  input_tokens: input,
  cache_creation_input_tokens: cacheWrite,
  cache_read_input_tokens: cacheRead,
  output_tokens: output,
});

function lines(...records: unknown[]): string {
  return `${records.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join("\n")}\n`;
}

function imported(text: string, related: Array<{ path: string; text: string }> = []) {
  const result = importSessionText(text, { format: "claude-code", path: "session.jsonl", related });
  if (!result.ok) throw new Error(result.message);
  const validation = validateTranscript(result.document);
  expect(validation.ok ? [] : validation.errors).toEqual([]);
  return result;
}

const texts = (message: Message | undefined): string[] =>
  (message?.parts ?? []).flatMap((part) => (part.type === "text" ? [part.text] : []));
const codes = (losses: readonly SessionLoss[]): string[] => losses.map((loss) => loss.code);
const lineOf = (message: Message | undefined): unknown[] =>
  ((message?.provider_fields?.["claude-code"]?.lines as Array<{ line: number }> | undefined) ?? []).map(
    (entry) => entry.line,
  );

describe("a streamed response", () => {
  it("is one message: its records merged by message id, the usage of the last record counted once", () => {
    const text = lines(
      user("u1", null, "List the files"),
      assistant("a1", "u1", "msg_1", { type: "thinking", thinking: "", signature: "c2lnbmF0dXJl" }, usage(3, 1)),
      assistant("a2", "a1", "msg_1", { type: "text", text: "Listing them." }, usage(3, 5)),
      assistant(
        "a3",
        "a2",
        "msg_1",
        { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
        {
          ...usage(3, 42, 100, 20),
        },
      ),
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages).toHaveLength(2);
    const answer = document.messages[1] as Message;
    expect(answer).toMatchObject({
      id: "a1",
      role: "assistant",
      model: "claude-opus-4-6",
      response_id: "msg_1",
      usage: { input_tokens: 123, output_tokens: 42, cache_read_tokens: 100, cache_write_tokens: 20 },
    });
    expect(answer.parts.map((part) => part.type)).toEqual(["reasoning", "text", "tool_call"]);
    // Thinking may be empty: the signature alone is kept, with its issuer.
    expect(answer.parts[0]).toEqual({
      type: "reasoning",
      text: "",
      signature: "c2lnbmF0dXJl",
      issuer: { provider: "anthropic", api: "messages" },
    });
    expect(lineOf(answer)).toEqual([2, 3, 4]);
    expect(document.usage).toMatchObject({ input_tokens: 123, output_tokens: 42 });
  });

  it("is merged without a requestId too (gateways send none), and its usage still counted once", () => {
    const withoutRequest = (item: Record<string, unknown>) => {
      const copy = { ...item };
      delete copy.requestId;
      return copy;
    };
    const text = lines(
      user("u1", null, "Hi"),
      withoutRequest(assistant("a1", "u1", "msg_bdrk_1", { type: "text", text: "Hel" }, usage(10, 2))),
      withoutRequest(assistant("a2", "a1", "msg_bdrk_1", { type: "text", text: "lo" }, usage(10, 7))),
    );
    const { document } = imported(text);
    expect(document.messages).toHaveLength(2);
    expect(document.usage).toMatchObject({ input_tokens: 10, output_tokens: 7 });
    expect(texts(document.messages[1])).toEqual(["Hel", "lo"]);
  });

  it("names Bedrock as the issuer of a Bedrock message's signatures", () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_bdrk_9", { type: "thinking", thinking: "hm", signature: "c2ln" }, usage(1, 1)),
    );
    const reasoning = imported(text).document.messages[1]?.parts[0];
    expect(reasoning).toMatchObject({ type: "reasoning", issuer: { provider: "amazon-bedrock" } });
  });

  it("maps the stop reason and keeps the API message's other fields", () => {
    const last = assistant("a2", "a1", "msg_1", { type: "text", text: "Done." }, usage(5, 9));
    (last.message as Record<string, unknown>).stop_reason = "end_turn";
    const text = lines(
      user("u1", null, "Go"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "…" }, usage(5, 1)),
      last,
    );
    const answer = imported(text).document.messages[1];
    expect(answer).toMatchObject({ finish_reason: "stop", native_finish_reason: "end_turn" });
    expect(answer?.provider_fields?.anthropic).toEqual({ type: "message", stop_sequence: null });
  });

  it("reads server tools' results as results the provider ran, failed when their content is an error", () => {
    const search = { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "tides" } };
    const found = {
      type: "web_search_tool_result",
      tool_use_id: "srvtoolu_1",
      content: [{ type: "web_search_result" }],
    };
    const failed = {
      type: "code_execution_tool_result",
      tool_use_id: "srvtoolu_2",
      content: { type: "code_execution_tool_result_error", error_code: "unavailable" },
    };
    const text = lines(
      user("u1", null, "Tides?"),
      assistant("a1", "u1", "msg_1", search, usage(5, 1)),
      assistant("a2", "a1", "msg_1", found, usage(5, 2)),
      assistant("a3", "a2", "msg_1", { ...search, id: "srvtoolu_2", name: "code_execution" }, usage(5, 3)),
      assistant("a4", "a3", "msg_1", failed, usage(5, 4)),
      assistant("a5", "a4", "msg_1", { ...found, tool_use_id: "" }, usage(5, 5)),
    );
    const result = imported(text);
    const results = result.document.messages[1]?.parts.filter((part) => part.type === "tool_result");
    expect(results).toEqual([
      {
        type: "tool_result",
        call_id: "srvtoolu_1",
        status: "ok",
        provider_executed: true,
        native_type: "web_search_tool_result",
        output: found.content,
      },
      {
        type: "tool_result",
        call_id: "srvtoolu_2",
        status: "error",
        provider_executed: true,
        native_type: "code_execution_tool_result",
        output: failed.content,
      },
    ]);
    // A result that names no call is no result: kept as it was, as a native part.
    expect(result.document.messages[1]?.parts.at(-1)).toMatchObject({
      type: "native",
      native_type: "web_search_tool_result",
    });
  });
});

describe("records sharing a message id that do not belong together", () => {
  it("stay apart when a user turn comes between: each a message where it was, each usage counted", () => {
    const text = lines(
      user("u1", null, "Count to three"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "One." }, usage(100, 5)),
      user("u2", "a1", "Go on"),
      assistant("a2", "u2", "msg_1", { type: "text", text: "Two." }, usage(1_000_000, 7)),
      user("u3", "a2", "And?"),
      assistant("a3", "u3", "msg_1", { type: "text", text: "Three." }, usage(0, 2)),
    );
    const { document, losses } = imported(text);
    expect(document.messages.map((message) => [message.id, texts(message)])).toEqual([
      ["u1", ["Count to three"]],
      ["a1", ["One."]],
      ["u2", ["Go on"]],
      ["a2", ["Two."]],
      ["u3", ["And?"]],
      ["a3", ["Three."]],
    ]);
    expect(document.messages.map((message) => message.usage?.input_tokens)).toEqual([
      undefined,
      100,
      undefined,
      1_000_000,
      undefined,
      0,
    ]);
    expect(document.usage).toMatchObject({ input_tokens: 1_000_100, output_tokens: 14 });
    expect(losses).toEqual([
      expect.objectContaining({ code: "invalid-field", line: 4, message: expect.stringMatching(/msg_1.*line 2/) }),
      expect.objectContaining({ code: "invalid-field", line: 6, message: expect.stringMatching(/msg_1.*line 4/) }),
    ]);
    expect(losses.some(isExpectedSessionLoss)).toBe(false);
  });

  it("stay apart when they come from another request, even next to each other", () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Hel" }, usage(10, 2)),
      assistant("a2", "a1", "msg_1", { type: "text", text: "lo" }, usage(10, 7), { requestId: "req_other" }),
    );
    const { document, losses } = imported(text);
    expect(document.messages.map((message) => texts(message))).toEqual([["Hi"], ["Hel"], ["lo"]]);
    expect(document.usage).toMatchObject({ input_tokens: 20, output_tokens: 9 });
    expect(losses).toEqual([
      expect.objectContaining({ code: "invalid-field", line: 3, message: expect.stringMatching(/msg_1.*line 2/) }),
    ]);
  });

  it("are one response across the results of its own tool calls, as Claude Code writes parallel calls", () => {
    const text = lines(
      user("u1", null, "Look"),
      assistant("a1", "u1", "msg_1", { type: "tool_use", id: "toolu_a", name: "Bash", input: {} }, usage(4, 2)),
      user("r1", "a1", [{ type: "tool_result", tool_use_id: "toolu_a", content: "a" }]),
      assistant("a2", "a1", "msg_1", { type: "tool_use", id: "toolu_b", name: "Bash", input: {} }, usage(4, 6)),
      user("r2", "a2", [{ type: "tool_result", tool_use_id: "toolu_b", content: "b" }]),
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "r1", "r2"]);
    expect(document.usage).toMatchObject({ input_tokens: 4, output_tokens: 6 });
  });

  it("is not continued across a result that answers another response's call", () => {
    const text = lines(
      user("u1", null, "Look"),
      assistant("a1", "u1", "msg_1", { type: "tool_use", id: "toolu_a", name: "Bash", input: {} }, usage(4, 2)),
      user("r1", "a1", [{ type: "tool_result", tool_use_id: "toolu_elsewhere", content: "?" }]),
      assistant("a2", "r1", "msg_1", { type: "text", text: "Done." }, usage(4, 6)),
    );
    const { document, losses } = imported(text);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "r1", "a2"]);
    expect(codes(losses)).toContain("invalid-field");
  });
});

describe("the usage of one response's records", () => {
  it("is the record's that holds every other's counts: the final figures, whichever line has them", () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Hel" }, usage(10, 9, 5, 5)),
      // A later record with smaller counts is an earlier snapshot written late: the larger one holds it.
      assistant("a2", "a1", "msg_1", { type: "text", text: "lo" }, usage(10, 2, 5, 5)),
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages[1]?.usage).toMatchObject({ input_tokens: 20, output_tokens: 9 });
  });

  it("when the records disagree, is the largest, with a loss naming the lines and the others kept beside them", () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Hel" }, usage(1_000_000, 1)),
      assistant("a2", "a1", "msg_1", { type: "text", text: "lo" }, usage(100, 9)),
      assistant("a3", "a2", "msg_1", { type: "text", text: "!" }, usage(100, 9)),
    );
    const { document, losses } = imported(text);
    const answer = document.messages[1] as Message;
    expect(answer.usage).toMatchObject({ input_tokens: 1_000_000, output_tokens: 1 });
    expect(losses).toEqual([
      expect.objectContaining({
        code: "invalid-field",
        line: 3,
        message: expect.stringMatching(/msg_1.*line 2.*counted.*lines 3, 4/),
      }),
    ]);
    const entries = answer.provider_fields?.["claude-code"]?.lines as Array<{ line: number; usage?: unknown }>;
    expect(entries.map((entry) => entry.usage)).toEqual([undefined, undefined, usage(100, 9)]);
  });

  it("leaves out a record's usage that is no Anthropic usage, with a loss, and counts the others", () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Hel" }, usage(10, 2)),
      assistant("a2", "a1", "msg_1", { type: "text", text: "lo" }, { input_tokens: -1, output_tokens: "7" }),
    );
    const { document, losses } = imported(text);
    expect(document.messages[1]?.usage).toMatchObject({ input_tokens: 10, output_tokens: 2 });
    expect(losses).toEqual([
      expect.objectContaining({ code: "invalid-field", line: 3, message: expect.stringContaining("not an Anthropic") }),
    ]);
  });
});

describe("the conversation tree", () => {
  it("follows the latest record back to the root and keeps a rewound branch in metadata", () => {
    const text = lines(
      user("u1", null, "Write a poem"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Roses are red" }, usage(5, 4)),
      user("u2", "a1", "Make it longer"),
      assistant("a2", "u2", "msg_2", { type: "text", text: "Roses are red, violets are blue" }, usage(9, 8)),
      // The user rewinds to before "Make it longer" and asks something else.
      user("u3", "a1", "Make it rhyme"),
      assistant("a3", "u3", "msg_3", { type: "text", text: "Roses are red, I wrote this instead" }, usage(9, 9)),
    );
    const { document, losses } = imported(text);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "u3", "a3"]);
    const branches = document.metadata?.["claude-code"] as { branches: Array<{ from: string; messages: Message[] }> };
    expect(branches.branches).toHaveLength(1);
    expect(branches.branches[0]?.from).toBe("a1");
    expect(branches.branches[0]?.messages.map((message) => message.id)).toEqual(["u2", "a2"]);
    expect(codes(losses)).toEqual(["branch-kept", "branch-kept"]);
    // Abandoned answers cost tokens too: the document's usage counts every response in the file.
    expect(document.usage).toMatchObject({ input_tokens: 23, output_tokens: 21 });
  });

  it("keeps the results of parallel tool calls on the chain, though each hangs off its own call's record", () => {
    const text = lines(
      user("u1", null, "Look around"),
      assistant(
        "a1",
        "u1",
        "msg_1",
        { type: "tool_use", id: "toolu_a", name: "Bash", input: { command: "ls" } },
        usage(4, 2),
      ),
      assistant(
        "a2",
        "a1",
        "msg_1",
        { type: "tool_use", id: "toolu_b", name: "Glob", input: { pattern: "*" } },
        usage(4, 6),
      ),
      user("r1", "a1", [{ type: "tool_result", tool_use_id: "toolu_a", content: "a.txt" }], {
        toolUseResult: { stdout: "a.txt" },
      }),
      user("r2", "a2", [{ type: "tool_result", tool_use_id: "toolu_b", content: [{ type: "text", text: "b.txt" }] }]),
      assistant("a3", "r2", "msg_2", { type: "text", text: "Two files." }, usage(20, 3)),
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "r1", "r2", "a3"]);
    expect(document.messages[2]?.parts[0]).toEqual({
      type: "tool_result",
      call_id: "toolu_a",
      status: "ok",
      output: "a.txt",
      provider_fields: { "claude-code": { toolUseResult: { stdout: "a.txt" } } },
    });
    expect(document.messages[3]?.parts[0]).toMatchObject({ content: [{ type: "text", text: "b.txt" }] });
  });

  it("reads a file without parent links (hand-written samples) in file order", () => {
    const text = lines(
      { type: "user", uuid: "m1", message: { role: "user", content: "Hi" } },
      { type: "assistant", uuid: "m2", message: { role: "assistant", content: [{ type: "text", text: "Hello" }] } },
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
  });
});

describe("compaction", () => {
  const boundary = (uuid: string, logicalParentUuid: string) =>
    record({
      type: "system",
      subtype: "compact_boundary",
      uuid,
      parentUuid: null,
      logicalParentUuid,
      content: "Conversation compacted",
      level: "info",
      compactMetadata: { trigger: "auto", preTokens: 155979 },
    });
  const summary = (uuid: string, parent: string) =>
    user(uuid, parent, "This session is being continued from a previous conversation. Summary: …", {
      isCompactSummary: true,
      isVisibleInTranscriptOnly: true,
    });

  it("stitches the boundary to the history before it and marks the summary as a compaction", () => {
    const text = lines(
      user("u1", null, "Refactor the parser"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Done with step one." }, usage(5, 5)),
      boundary("b1", "a1"),
      summary("s1", "b1"),
      user("u2", "s1", "Continue"),
    );
    const { document, losses } = imported(text);
    expect(losses).toEqual([]);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "b1", "u2"]);
    const compaction = document.messages[2] as Message;
    expect(compaction.role).toBe("user");
    expect(compaction.parts).toEqual([
      {
        type: "compaction",
        strategy: "summary",
        summary: "This session is being continued from a previous conversation. Summary: …",
        tokens_before: 155979,
        provider_fields: { "claude-code": { compactMetadata: { trigger: "auto" } } },
      },
    ]);
    expect(lineOf(compaction)).toEqual([3, 4]);
  });

  it("continues at the record before the boundary when its logical parent is not in the file", () => {
    const text = lines(
      user("u1", null, "Start"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Started." }, usage(1, 1)),
      boundary("b1", "never-written"),
      summary("s1", "b1"),
    );
    const { document, losses } = imported(text);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "b1"]);
    expect(losses).toEqual([
      expect.objectContaining({ code: "parent-missing", line: 3, message: expect.stringContaining("line 2") }),
    ]);
    expect(losses.every(isExpectedSessionLoss)).toBe(true);
  });
});

describe("tool results", () => {
  const call = assistant(
    "a1",
    "u1",
    "msg_1",
    { type: "tool_use", id: "toolu_1", name: "Edit", input: {} },
    usage(1, 1),
  );

  it("are denied when the user refused the call, and name a persisted output's file", () => {
    const refused = user(
      "r1",
      "a1",
      [{ type: "tool_result", tool_use_id: "toolu_1", content: "The user doesn't want to proceed.", is_error: true }],
      { toolUseResult: "User rejected tool use" },
    );
    const denied = imported(lines(user("u1", null, "Edit it"), call, refused)).document.messages[2]?.parts[0];
    expect(denied).toMatchObject({ type: "tool_result", status: "denied" });

    const persisted = user("r1", "a1", [
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content:
          "<persisted-output>\nOutput too large (126.7KB). Full output saved to: /home/user/.claude/projects/p/s/tool-results/toolu_1.txt\n\nPreview (first 2KB):\n…\n</persisted-output>",
      },
    ]);
    const part = imported(lines(user("u1", null, "Read it"), call, persisted)).document.messages[2]?.parts[0] as Part;
    expect(part.type === "tool_result" && part.provider_fields).toEqual({
      "claude-code": {
        persistedOutput: { path: "/home/user/.claude/projects/p/s/tool-results/toolu_1.txt", size: "126.7KB" },
      },
    });
  });
});

describe("records besides messages", () => {
  it("are named with the right article whatever their type: an attachment record, a file-history-snapshot record", () => {
    const text = lines(
      { type: "file-history-snapshot", messageId: "u1", snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false },
      user("u1", null, "Hi"),
      record({ type: "attachment", uuid: "a1", parentUuid: "u1", attachment: { type: "hook_success" } }),
    );
    const messages = imported(text).losses.map((loss) => loss.message);
    expect(messages).toContain("a file-history-snapshot record has no canonical place; kept in metadata");
    expect(messages).toContain("an attachment record has no canonical place; kept in metadata");
  });

  it("are kept verbatim in metadata, each named in the loss report as expected, and titles become the title", () => {
    const text = lines(
      { type: "file-history-snapshot", messageId: "u1", snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false },
      user("u1", null, "Hi"),
      record({ type: "progress", uuid: "p1", parentUuid: "u1", data: { type: "hook_progress" } }),
      record({ type: "system", subtype: "turn_duration", uuid: "t1", parentUuid: "p1", durationMs: 5 }),
      { type: "ai-title", sessionId: session, aiTitle: "Greetings" },
      { type: "a-type-from-the-future", sessionId: session, payload: [1] },
    );
    const { document, losses } = imported(text);
    expect(document.title).toBe("Greetings");
    expect(codes(losses)).toEqual(["kept-as-metadata", "kept-as-metadata", "kept-as-metadata", "unknown-line-type"]);
    expect(losses.every(isExpectedSessionLoss)).toBe(true);
    const kept = (document.metadata?.["claude-code"] as { records: Array<{ line: number }> }).records;
    expect(kept.map((entry) => entry.line)).toEqual([1, 3, 4, 5, 6]);
    expect(document.metadata?.["claude-code"]).toMatchObject({
      session: { sessionId: session, cwd: "/home/user/project", version: "2.1.39" },
    });
  });
});

describe("bad lines", () => {
  it("cost that line, with its number, never the file", () => {
    const text = lines(
      user("u1", null, "One"),
      "{ not json",
      "[1, 2]",
      JSON.stringify({ type: "user", uuid: "x1", message: "no object" }),
      user("u1", null, "One, again"),
      user("u2", "u1", "Two"),
    );
    const { document, losses } = imported(text);
    expect(losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["unparsable-line", 2],
      ["invalid-line", 3],
      ["invalid-line", 4],
      ["duplicate-line", 5],
    ]);
    expect(document.messages.map((message) => texts(message)[0])).toEqual(["One", "Two"]);
    expect(losses.filter((loss) => !isExpectedSessionLoss(loss)).map((loss) => loss.code)).toEqual([
      "unparsable-line",
      "invalid-line",
      "invalid-line",
    ]);
  });

  it("nested past the limit, or with a number a double cannot hold, cost their line too", () => {
    const deep = `${"[".repeat(600)}${"]".repeat(600)}`;
    const text = lines(
      user("u1", null, "One"),
      `{"type":"user","uuid":"u2","parentUuid":"u1","message":{"role":"user","content":"x"},"deep":${deep}}`,
      `{"type":"user","uuid":"u3","parentUuid":"u1","message":{"role":"user","content":"x"},"n":1e400}`,
    );
    const { document, losses } = imported(text);
    expect(losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["unparsable-line", 2],
      ["unparsable-line", 3],
    ]);
    expect(document.messages).toHaveLength(1);
  });

  it("give an empty, valid document when nothing is a record", () => {
    const result = imported("garbage\n\n{}\n");
    expect(result.records).toBe(0);
    expect(result.document.messages).toEqual([]);
    expect(codes(result.losses)).toEqual(["unparsable-line", "invalid-line"]);
  });
});

describe("sub-agents", () => {
  const task = assistant(
    "a1",
    "u1",
    "msg_1",
    { type: "tool_use", id: "toolu_task", name: "Task", input: { description: "Explore the code", prompt: "Look" } },
    usage(10, 10),
  );
  const result = user("r1", "a1", [{ type: "tool_result", tool_use_id: "toolu_task", content: "Found it" }], {
    toolUseResult: { status: "completed", agentId: "a4f00d1", prompt: "Look" },
  });
  const agentRecord = (uuid: string, parent: string | null, fields: Record<string, unknown>) =>
    ({ ...fields, uuid, parentUuid: parent, isSidechain: true, agentId: "a4f00d1" }) as Record<string, unknown>;
  const agentFile = lines(
    agentRecord("s1", null, user("s1", null, "Look")),
    agentRecord("s2", "s1", assistant("s2", "s1", "msg_sub", { type: "text", text: "Found it" }, usage(30, 7))),
  );

  it("become child runs linked to their Task call, each with its usage, rolled up on the parent", () => {
    const { document, children, files } = imported(lines(user("u1", null, "Explore"), task, result), [
      { path: "session/subagents/agent-a4f00d1.jsonl", text: agentFile },
    ]);
    expect(files).toEqual(["session.jsonl", "session/subagents/agent-a4f00d1.jsonl"]);
    expect(children.map((child) => child.runId)).toEqual(["a4f00d1"]);
    const link = document.run?.children?.[0];
    expect(link).toMatchObject({
      run_id: "a4f00d1",
      title: "Explore the code",
      status: "completed",
      call_id: "toolu_task",
      location: "session/subagents/agent-a4f00d1.jsonl",
    });
    const child = link?.transcript as Transcript;
    expect(child.run?.parent).toEqual({ run_id: session, call_id: "toolu_task" });
    expect(child.usage).toMatchObject({ input_tokens: 30, output_tokens: 7 });
    expect(document.usage).toMatchObject({ input_tokens: 10, output_tokens: 10 });
    expect(document.run?.usage_including_children).toMatchObject({ input_tokens: 40, output_tokens: 17 });
  });

  it("of another session, found beside the session in the older layout, are left out", () => {
    const other = agentFile.replaceAll(session, "another-session");
    const { children, files } = imported(lines(user("u1", null, "Explore"), task, result), [
      { path: "agent-a4f00d1.jsonl", text: other },
    ]);
    expect(children).toEqual([]);
    expect(files).toEqual(["session.jsonl"]);
  });

  it("written into the main file (older versions) become child runs too", () => {
    const { document, children } = imported(lines(user("u1", null, "Explore"), task, result, agentFile));
    expect(children.map((child) => [child.runId, child.path])).toEqual([["a4f00d1", ""]]);
    expect(document.messages.map((message) => message.id)).toEqual(["u1", "a1", "r1"]);
    expect(document.run?.usage_including_children).toMatchObject({ input_tokens: 40 });
  });

  it("read on their own are a run whose parent is the session", () => {
    const { document, children } = imported(agentFile);
    expect(children).toEqual([]);
    expect(document.id).toBe("a4f00d1");
    expect(document.run?.parent).toEqual({ run_id: session });
    expect(document.messages).toHaveLength(2);
  });
});

describe("detection and the importing functions", () => {
  it("tells Claude Code's lines from other JSON lines", () => {
    expect(detectSessionFormat(lines(user("u1", null, "Hi")))).toBe("claude-code");
    expect(detectSessionFormat(lines({ type: "summary", summary: "s", leafUuid: "x" }))).toBe("claude-code");
    // A Codex rollout line is Codex's, not Claude Code's.
    expect(detectSessionFormat(lines({ timestamp: "t", type: "session_meta", payload: { id: "x" } }))).toBe("codex");
    expect(
      detectSessionFormat(lines({ seq: 1, run_id: "r", type: "message.user", payload: { role: "user" } })),
    ).toBeUndefined();
    expect(detectSessionFormat("")).toBeUndefined();
    // A long first line (a compact document is one) is judged by its start, never parsed whole.
    const long = JSON.stringify(user("u1", null, "x".repeat(300_000)));
    expect(detectSessionFormat(long)).toBe("claude-code");
    const document = JSON.stringify({
      schema_version: "1.0.0",
      id: "d",
      messages: [],
      metadata: { x: "y".repeat(300_000) },
    });
    expect(detectSessionFormat(document)).toBeUndefined();
    expect(importSessionText("plain text")).toEqual({ ok: false, message: expect.stringContaining("claude-code") });
  });

  it("read lines as they arrive, detecting the format from the first ones, to the same result as the text", async () => {
    const text = lines(
      user("u1", null, "Hi"),
      assistant("a1", "u1", "msg_1", { type: "text", text: "Hello" }, usage(1, 1)),
    );
    async function* arriving() {
      for (const [index, line] of text.split("\n").entries()) yield { line: index + 1, text: line };
    }
    const streamed = await importSessionLines({ main: { path: "session.jsonl", lines: arriving() } });
    const whole = importSessionText(text, { path: "session.jsonl" });
    expect(streamed).toEqual(whole);
    expect(streamed.ok && streamed.format).toBe("claude-code");
  });

  it("look for sub-agents in the session's folder, its workflows' folders, and beside it", () => {
    expect(
      claudeCodeImporter
        .relatedFiles("/p/s1.jsonl")
        .map((location) => [location.folder, location.folders?.source, location.names.test("agent-a1.meta.json")]),
    ).toEqual([
      ["/p/s1/subagents", undefined, true],
      ["/p/s1/subagents/workflows", "^wf_", true],
      ["/p", undefined, false],
    ]);
    expect(claudeCodeImporter.relatedFiles("/p/s1/subagents/agent-a1.jsonl")).toEqual([]);
  });
});
