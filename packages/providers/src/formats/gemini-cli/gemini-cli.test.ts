import type { Message, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { isExpectedSessionLoss, type SessionLoss } from "../../conversion/index.js";
import { detectSessionFormat, importSessionLines, importSessionText } from "../../sessions.js";
import { geminiCliImporter } from "./index.js";

const sessionId = "5b959dae-8655-4cd1-b10f-720b8c336ea2";
const projectHash = "fb8e242a6fbbb5c48a1d0be57a8a4cc934d33e0a1caf73ab5d4ecaa17269960c";
const header = {
  sessionId,
  projectHash,
  startTime: "2026-04-29T21:39:22.319Z",
  lastUpdated: "2026-04-29T21:39:22.319Z",
  kind: "main",
};

const user = (id: string, text: string, at = "2026-04-29T21:39:33.155Z") => ({
  id,
  timestamp: at,
  type: "user",
  content: [{ text }],
});

function gemini(id: string, fields: Record<string, unknown> = {}) {
  return { id, timestamp: "2026-04-29T21:39:35.125Z", type: "gemini", content: "", model: "gemini-2.5-pro", ...fields };
}

const tokens = (input: number, output: number, extra: Record<string, number> = {}) => ({
  input,
  output,
  cached: 0,
  thoughts: 0,
  tool: 0,
  total: input + output + (extra.thoughts ?? 0) + (extra.tool ?? 0),
  ...extra,
});

function shellCall(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    name: "run_shell_command",
    args: { command: "ls" },
    result: [{ functionResponse: { id, name: "run_shell_command", response: { output: "README.md" } } }],
    status: "success",
    timestamp: "2026-04-29T21:39:36.000Z",
    displayName: "Shell",
    ...fields,
  };
}

const jsonl = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join("\n") + "\n";

function importText(text: string, path = "session-2026-04-29T21-39-5b959dae.jsonl") {
  const result = importSessionText(text, { format: "gemini-cli", path });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const errorsOf = (document: Transcript) => {
  const validation = validateTranscript(document);
  return validation.ok ? [] : validation.errors;
};
const codes = (losses: readonly SessionLoss[]) => losses.map((loss) => `${loss.code}@${loss.line ?? "-"}`);
const texts = (message: Message | undefined) =>
  (message?.parts ?? []).map((part) => (part.type === "text" || part.type === "reasoning" ? part.text : part.type));

describe("gemini-cli JSONL sessions", () => {
  it("read the header, messages, thoughts, tool calls with results and tokens", () => {
    const result = importText(
      jsonl(
        header,
        user("u1", "list the files"),
        { $set: { lastUpdated: "2026-04-29T21:39:33.156Z" } },
        gemini("g1", {
          content: "Listing.",
          thoughts: [{ subject: "Planning", description: "I will run ls.", timestamp: "2026-04-29T21:39:34.000Z" }],
          tokens: tokens(1000, 20, { cached: 600, thoughts: 7, tool: 3 }),
          toolCalls: [shellCall("call-1")],
        }),
      ),
    );
    expect(result.losses).toEqual([]);
    expect(errorsOf(result.document)).toEqual([]);
    const [first, second, third] = result.document.messages;
    expect(first).toMatchObject({ id: "u1", role: "user", parts: [{ type: "text", text: "list the files" }] });
    expect(second).toMatchObject({ id: "g1", role: "assistant", model: "gemini-2.5-pro" });
    expect(second?.parts).toEqual([
      {
        type: "reasoning",
        text: "I will run ls.",
        provider_fields: { "gemini-cli": { subject: "Planning", timestamp: "2026-04-29T21:39:34.000Z" } },
      },
      { type: "text", text: "Listing." },
      {
        type: "tool_call",
        id: "call-1",
        name: "run_shell_command",
        input: { command: "ls" },
        provider_fields: { "gemini-cli": { displayName: "Shell", status: "success" } },
      },
    ]);
    // Input includes the cache and the tool-use prompt; output includes the thoughts.
    expect(second?.usage).toMatchObject({
      input_tokens: 1003,
      output_tokens: 27,
      cache_read_tokens: 600,
      reasoning_tokens: 7,
      total_tokens: 1030,
    });
    // No time of the results' own (Gemini CLI records none): each result keeps when its call was last written.
    expect(third).toEqual({
      id: "g1/tool-results",
      role: "tool",
      parts: [
        {
          type: "tool_result",
          call_id: "call-1",
          name: "run_shell_command",
          status: "ok",
          output: "README.md",
          provider_fields: { "gemini-cli": { timestamp: "2026-04-29T21:39:36.000Z" } },
        },
      ],
    });
    expect(result.document).toMatchObject({
      id: sessionId,
      created_at: header.startTime,
      source: { format: "gemini-cli", session_id: sessionId },
      metadata: {
        "gemini-cli": {
          layout: "jsonl",
          session: { projectHash, kind: "main", lastUpdated: "2026-04-29T21:39:33.156Z" },
        },
      },
    });
    // The session ends with its latest message, later than the stale lastUpdated.
    expect(result.document.updated_at).toBe("2026-04-29T21:39:36.000Z");
    expect(result.records).toBe(4);
  });

  it("let a later record with the same id replace the earlier one in its place, counting its tokens once", () => {
    const result = importText(
      jsonl(
        header,
        user("u1", "hi"),
        gemini("g1", { content: "Hel", tokens: tokens(10, 1) }),
        user("u2", "again", "2026-04-29T21:40:00.000Z"),
        gemini("g1", { content: "Hello!", tokens: tokens(10, 5) }),
      ),
    );
    expect(result.document.messages.map((message) => message.id)).toEqual(["u1", "g1", "u2"]);
    expect(texts(result.document.messages[1])).toEqual(["Hello!"]);
    expect(result.document.usage).toMatchObject({ input_tokens: 10, output_tokens: 5, total_tokens: 15 });
    expect(codes(result.losses)).toEqual(["duplicate-line@3"]);
    expect(result.losses.every(isExpectedSessionLoss)).toBe(true);
  });

  it("clamp a token total past 2^53 − 1 and name its exact sum, as every session importer does", () => {
    const max = Number.MAX_SAFE_INTEGER;
    const result = importText(
      jsonl(
        header,
        user("u1", "hi"),
        gemini("g1", { content: "one", tokens: tokens(max - 10, 1) }),
        user("u2", "again"),
        gemini("g2", { content: "two", tokens: tokens(20, 1) }),
      ),
    );
    expect(result.document.usage?.input_tokens).toBe(max);
    expect(result.losses.filter((loss) => loss.code === "clamped-total").map((loss) => loss.message)).toEqual([
      expect.stringMatching(new RegExp(`^/usage/input_tokens adds up to ${BigInt(max) + 10n}, beyond 2\\^53`)),
      expect.stringMatching(/^\/usage\/total_tokens adds up to \d+, beyond 2\^53/),
    ]);
    expect(result.losses.some(isExpectedSessionLoss)).toBe(false);
  });

  it("keep what a rewind takes back as a branch, off the conversation", () => {
    const result = importText(
      jsonl(
        header,
        user("u1", "first"),
        gemini("g1", { content: "one", tokens: tokens(10, 1) }),
        user("u2", "second"),
        gemini("g2", { content: "two", tokens: tokens(20, 2) }),
        { $rewindTo: "u2" },
        user("u3", "second, reworded"),
        gemini("g3", { content: "three", tokens: tokens(30, 3) }),
      ),
    );
    expect(result.document.messages.map((message) => message.id)).toEqual(["u1", "g1", "u3", "g3"]);
    expect(result.document.usage).toMatchObject({ input_tokens: 40, output_tokens: 4 });
    const branches = result.document.metadata?.["gemini-cli"] as {
      branches: Array<{ rewound_at: number; messages: Message[] }>;
    };
    expect(
      branches.branches.map((branch) => [branch.rewound_at, branch.messages.map((message) => message.id)]),
    ).toEqual([[6, ["u2", "g2"]]]);
    expect(codes(result.losses)).toEqual(["branch-kept@4", "branch-kept@5"]);
  });

  it("keep info, error and warning notices and unknown types in metadata, in place", () => {
    const result = importText(
      jsonl(
        header,
        user("u1", "hi"),
        { id: "n1", timestamp: "2026-04-29T21:39:34.000Z", type: "error", content: "[API Error: quota]" },
        { id: "n2", timestamp: "2026-04-29T21:39:34.500Z", type: "hologram", content: "?" },
        { note: "no id, no $set" },
      ),
    );
    expect(result.document.messages.map((message) => message.id)).toEqual(["u1"]);
    const own = result.document.metadata?.["gemini-cli"] as { records: Array<{ line: number; after?: string }> };
    expect(own.records.map((record) => [record.line, record.after])).toEqual([
      [3, "u1"],
      [4, "u1"],
      [5, "u1"],
    ]);
    expect(codes(result.losses)).toEqual(["kept-as-metadata@3", "unknown-line-type@4", "unknown-line-type@5"]);
  });

  it("record the model of each reply, so a model switch shows per message", () => {
    const result = importText(
      jsonl(
        header,
        user("u1", "a"),
        gemini("g1", { model: "gemini-2.5-pro" }),
        user("u2", "b"),
        gemini("g2", { model: "gemini-2.5-flash" }),
      ),
    );
    expect(result.document.messages.map((message) => message.model ?? null)).toEqual([
      null,
      "gemini-2.5-pro",
      null,
      "gemini-2.5-flash",
    ]);
  });

  it("map error and cancelled calls, keep complex results and calls that had not ended", () => {
    const complex = [
      { functionResponse: { id: "c3", name: "read_many_files", response: { output: "x" } } },
      { inlineData: { mimeType: "image/png", data: "AAAA" } },
    ];
    const result = importText(
      jsonl(
        header,
        gemini("g1", {
          toolCalls: [
            shellCall("c1", {
              status: "error",
              result: [
                { functionResponse: { id: "c1", name: "run_shell_command", response: { error: "denied by policy" } } },
              ],
            }),
            shellCall("c2", { status: "cancelled", result: null }),
            shellCall("c3", { name: "read_many_files", result: complex }),
            shellCall("c4", { status: "executing", result: undefined }),
          ],
        }),
      ),
    );
    expect(result.losses).toEqual([]);
    const results = result.document.messages[1]?.parts;
    expect(results).toEqual([
      expect.objectContaining({ call_id: "c1", status: "error", error: "denied by policy" }),
      expect.objectContaining({ call_id: "c2", status: "interrupted" }),
      expect.objectContaining({ call_id: "c3", status: "ok", output: complex }),
    ]);
    expect(result.document.messages[0]?.parts.at(-1)).toMatchObject({
      id: "c4",
      provider_fields: { "gemini-cli": { status: "executing" } },
    });
  });

  it("keep fields it cannot map beside the message, and non-text parts as native parts", () => {
    const result = importText(
      jsonl(
        header,
        {
          ...user("u1", "see"),
          content: [{ text: "see" }, { inlineData: { mimeType: "image/png", data: "AAAA" } }],
          displayContent: "/see",
        },
        gemini("g1", { tokens: { input: "many", output: 1, total: 1 }, toolCalls: "none", timestamp: "yesterday" }),
      ),
    );
    expect(errorsOf(result.document)).toEqual([]);
    expect(codes(result.losses)).toEqual(["kept-as-native@2", "invalid-field@3", "invalid-field@3", "invalid-field@3"]);
    expect(result.document.messages[0]?.parts[1]).toMatchObject({ type: "native", native_type: "inlineData" });
    expect(result.document.messages[0]?.provider_fields?.["gemini-cli"]).toMatchObject({ displayContent: "/see" });
    expect(result.document.messages[1]?.provider_fields?.["gemini-cli"]).toMatchObject({
      tokens: { input: "many", output: 1, total: 1 },
      toolCalls: "none",
      timestamp: "yesterday",
    });
    expect(result.document.usage).toBeUndefined();
  });

  it("read a model record's parts as an assistant message, keeping its type and an id it cannot use", () => {
    const result = importText(
      JSON.stringify({ sessionId, projectHash, messages: [{ id: 7, type: "model", parts: [{ text: "Ok" }] }] }),
    );
    expect(result.document.messages).toEqual([
      {
        id: "message-0",
        role: "assistant",
        parts: [{ type: "text", text: "Ok" }],
        provider_fields: { "gemini-cli": { line: 1, id: 7, type: "model" } },
      },
    ]);
  });

  it("cost one line for a line that is not JSON or not a record", () => {
    const result = importText(`${JSON.stringify(header)}\nnot json\n[1,2]\n${JSON.stringify(user("u1", "hi"))}\n`);
    expect(codes(result.losses)).toEqual(["unparsable-line@2", "invalid-line@3"]);
    expect(result.document.messages).toHaveLength(1);
  });
});

describe("gemini-cli single-file sessions", () => {
  const document = {
    sessionId,
    projectHash,
    startTime: "2025-12-01T21:45:34.362Z",
    lastUpdated: "2025-12-01T21:50:10.837Z",
    summary: "Copy and shorten the lead instructions",
    messages: [
      user("u1", "hi"),
      gemini("g1", { content: "Hello", tokens: tokens(5, 2) }),
      { id: "i1", type: "info", content: "Request cancelled." },
    ],
  };

  it("read pretty-printed, as Gemini CLI writes them, with each message's line", () => {
    const text = JSON.stringify(document, null, 2);
    const result = importText(text, "session-2025-12-01T21-45-5b959dae.json");
    expect(errorsOf(result.document)).toEqual([]);
    expect(result.document.title).toBe(document.summary);
    // Each message object opens on a line of its own, four spaces in.
    const opening = text.split("\n").flatMap((line, index) => (line === "    {" ? [index + 1] : []));
    expect(opening).toHaveLength(3);
    expect(result.document.messages.map((message) => message.provider_fields?.["gemini-cli"]?.line)).toEqual(
      opening.slice(0, 2),
    );
    expect(codes(result.losses)).toEqual([`kept-as-metadata@${opening[2]}`]);
    expect(result.document.metadata?.["gemini-cli"]).toMatchObject({ layout: "json", session: { projectHash } });
  });

  it("read compact, on one line", () => {
    const result = importText(JSON.stringify(document));
    expect(result.document.messages.map((message) => message.id)).toEqual(["u1", "g1"]);
    expect(result.document.usage).toMatchObject({ input_tokens: 5, output_tokens: 2 });
  });

  it("give one loss naming the line and column when damaged, and read no record", () => {
    const text = JSON.stringify(document, null, 2);
    const cut = text.slice(0, text.indexOf('"Hello"') + 3);
    const result = importText(cut, "session.json");
    expect(result.records).toBe(0);
    expect(result.losses).toHaveLength(1);
    expect(result.losses[0]).toMatchObject({ code: "unparsable-line", file: "session.json" });
    expect(result.losses[0]?.message).toMatch(/^the session document is not valid JSON at line \d+, column \d+: /);
    expect(errorsOf(result.document)).toEqual([]);
  });
});

describe("gemini-cli detection", () => {
  it("knows the JSONL header, the one-line and the pretty-printed document by content", () => {
    expect(detectSessionFormat(jsonl(header, user("u1", "hi")))).toBe("gemini-cli");
    expect(detectSessionFormat(JSON.stringify({ sessionId, projectHash, messages: [] }, null, 2))).toBe("gemini-cli");
    expect(geminiCliImporter.detect([JSON.stringify({ sessionId, projectHash, messages: [] })])).toBe(true);
  });

  it("takes no Claude Code line, prompt log or transcript for one", () => {
    expect(
      geminiCliImporter.detect([
        JSON.stringify({ type: "user", sessionId, uuid: "u", message: { role: "user", content: "x" } }),
      ]),
    ).toBe(false);
    expect(geminiCliImporter.detect([JSON.stringify([{ sessionId, messageId: 0, type: "user", message: "hi" }])])).toBe(
      false,
    );
    expect(geminiCliImporter.detect(["{", '  "schema_version": "1.0.0",', '  "id": "x"'])).toBe(false);
    expect(geminiCliImporter.relatedFiles("/home/u/.gemini/tmp/abc/chats/session-x.jsonl")).toEqual([]);
  });

  it("looks for a session's sub-agents' chats in the folders named by its id, and none for a sub-agent's own chat", () => {
    const [location, ...more] = geminiCliImporter.relatedFiles(
      "/home/u/.gemini/tmp/abc/chats/session-2026-04-29T21-39-5b959dae.jsonl",
    );
    expect(more).toEqual([]);
    expect(location?.folder).toBe("/home/u/.gemini/tmp/abc/chats");
    expect(location?.folders?.test(sessionId)).toBe(true);
    expect(location?.folders?.test("6f1c2d3e-4b5a-4c6d-8e7f-90a1b2c3d4e5")).toBe(false);
    expect(location?.names.test("0b1d2e3f-aaaa-4bbb-8ccc-ddddeeeeffff.jsonl")).toBe(true);
    expect(geminiCliImporter.relatedFiles(`/home/u/.gemini/tmp/abc/chats/${sessionId}/agent-1.jsonl`)).toEqual([]);
  });

  it("streams the same result as the text", async () => {
    const text = jsonl(header, user("u1", "hi"), gemini("g1", { tokens: tokens(3, 4) }));
    const lines = text.split("\n").map((line, index) => ({ line: index + 1, text: line }));
    const streamed = await importSessionLines({ main: { path: "s.jsonl", lines } }, { format: "gemini-cli" });
    expect(streamed.ok && streamed.document).toEqual(importText(text, "s.jsonl").document);
  });
});
