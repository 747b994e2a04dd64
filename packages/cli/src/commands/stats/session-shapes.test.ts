// The session shapes the agents write today, read through the commands a user runs (`stats`, `import`): each shape is
// generated as the agent writes it (@agent-transcript/fixtures/session-shapes), and each test says what the user sees.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Transcript } from "@agent-transcript/core";
import {
  writeClaudeCodeSession,
  writeClaudeCodeUnknownShape,
  writeCodexRollout,
  writeGeminiCliSession,
} from "@agent-transcript/fixtures/session-shapes";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { StatsReport } from "../../run-stats.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "session-shapes-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function importOf(file: string): Promise<{ code: number; document: Transcript | undefined; stderr: string }> {
  const io = captureIo();
  const code = await run(["import", file], io.io);
  return { code, document: code === 0 ? (JSON.parse(io.stdout()) as Transcript) : undefined, stderr: io.stderr() };
}

async function statsOf(file: string, ...flags: string[]) {
  const io = captureIo();
  const code = await run(["stats", file, "--json", ...flags], io.io);
  const report = code === 0 ? (JSON.parse(io.stdout()) as StatsReport) : undefined;
  return { code, report, stderr: io.stderr() };
}

describe("Codex rollouts as Codex 0.153 writes them", () => {
  it("reads a prompt written as a completed UserMessage item (the desktop app), once beside its user_message event", async () => {
    const record = (type: string, payload: object, second: number) =>
      JSON.stringify({ timestamp: `2026-09-23T10:00:0${second}.000Z`, type, payload });
    const prompt = (text: string) => ({
      type: "item_completed",
      item: { type: "UserMessage", content: [{ type: "text", text }] },
    });
    const reply = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
    const head = [
      record(
        "session_meta",
        {
          id: "019e0000-0000-7000-8000-000000000001",
          cwd: "/work/app",
          originator: "Codex Desktop",
          cli_version: "0.160.0",
        },
        0,
      ),
      record("turn_context", { cwd: "/work/app", model: "gpt-5.5-codex" }, 0),
    ];
    const shapes = {
      // The desktop app: the prompt only as a completed item.
      alone: [
        ...head,
        record("event_msg", prompt("fix the footer"), 1),
        record("response_item", reply("Footer fixed."), 2),
      ],
      // The item and the event, both.
      "beside its event": [
        ...head,
        record("event_msg", prompt("fix the footer"), 1),
        record("event_msg", { type: "user_message", message: "fix the footer", images: [] }, 1),
        record("response_item", reply("Footer fixed."), 2),
      ],
      // The response_item, the item and the event.
      "beside its response_item": [
        ...head,
        record(
          "response_item",
          { type: "message", role: "user", content: [{ type: "input_text", text: "fix the footer" }] },
          1,
        ),
        record("event_msg", prompt("fix the footer"), 1),
        record("event_msg", { type: "user_message", message: "fix the footer", images: [] }, 1),
        record("response_item", reply("Footer fixed."), 2),
      ],
    };
    for (const [shape, lines] of Object.entries(shapes)) {
      const file = path.join(
        directory,
        "sessions",
        "2026",
        "09",
        "23",
        `rollout-2026-09-23T10-00-00-${shape.replaceAll(" ", "-")}.jsonl`,
      );
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${lines.join("\n")}\n`);
      const { code, report } = await statsOf(file);
      expect(code, shape).toBe(0);
      expect(report?.runs[0]?.messagesByRole, shape).toEqual({ user: 1, assistant: 1 });
      const { document } = await importOf(file);
      expect(document?.messages[0], shape).toMatchObject({
        role: "user",
        parts: [{ type: "text", text: "fix the footer" }],
      });
    }
  });

  it("keeps the context Codex injects as user turns (environment, AGENTS.md) as context, not as the user's prompts", async () => {
    const real = path.join(
      realFixturesRoot(),
      "codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
    );
    const { report } = await statsOf(real);
    expect(report?.runs[0]?.messagesByRole).toMatchObject({ system: 1, user: 2 });
    const { document } = await importOf(real);
    const context = document?.messages.find((message) => message.role === "system");
    expect(context?.provider_fields?.codex).toMatchObject({ injected: "agents_md" });
    expect(JSON.stringify(context?.parts)).toContain("<environment_context>");
    const prompts = (document?.messages ?? []).filter((message) => message.role === "user");
    expect(prompts.map((message) => JSON.stringify(message.parts))).not.toContain("AGENTS.md instructions");
    for (const prompt of prompts)
      expect(JSON.stringify(prompt.parts)).not.toMatch(/<environment_context>|AGENTS\.md instructions/);
  });

  it("counts each message once when the texts were redacted, as for the same rollout unredacted", async () => {
    const plain = writeCodexRollout(path.join(directory, "plain"));
    const redacted = writeCodexRollout(path.join(directory, "redacted"), { redacted: true });
    const before = await statsOf(plain.file);
    const after = await statsOf(redacted.file);
    expect(after.code).toBe(0);
    // The environment context (a system message: the user did not type it) and the two prompts; the two replies and
    // the turn with the tool call; its output. Redacted, the context's text no longer says what it is: a user message.
    expect(before.report?.runs[0]?.messagesByRole).toEqual({ system: 1, user: 2, assistant: 3, tool: 1 });
    expect(after.report?.runs[0]?.messagesByRole).toEqual({ user: 3, assistant: 3, tool: 1 });
    expect(after.report?.runs[0]?.own.usage).toMatchObject({
      input_tokens: redacted.total.input_tokens,
      output_tokens: redacted.total.output_tokens,
      cache_read_tokens: redacted.total.cached_input_tokens,
      cache_write_tokens: redacted.total.cache_write_input_tokens,
    });
    // Each echo is named as read once, by the item it repeats.
    const io = captureIo();
    expect(await run(["stats", redacted.file], io.io)).toBe(0);
    expect(io.stderr()).toContain(
      "duplicate-line ×5, first at line 6: an event_msg that repeats the response_item at line 5",
    );
  });
});

describe("Claude Code sessions as Claude Code 2.1 writes them", () => {
  it("reads every sub-agent, a workflow's too, named by its sidecar and attached to the call that started it", async () => {
    const session = writeClaudeCodeSession(directory);
    const { code, report } = await statsOf(session.file);
    expect(code).toBe(0);
    const [main] = report?.runs ?? [];
    expect(main?.children.map((child) => [child.runId, child.title])).toEqual(
      Object.entries(session.agents).map(([agentId, agent]) => [agentId, agent.description]),
    );
    const imported = await importOf(session.file);
    expect(imported.code).toBe(0);
    const children = imported.document?.run?.children ?? [];
    expect(children.map((child) => [child.run_id, child.call_id, child.location])).toEqual(
      Object.entries(session.agents).map(([agentId, agent]) => [
        agentId,
        agent.toolUseId,
        path.relative(directory, agent.file),
      ]),
    );
    // The sidecar is kept with the agent's own document, for what has no canonical field (its type, its depth).
    expect(children.map((child) => child.transcript?.metadata?.["claude-code"])).toEqual(
      Object.values(session.agents).map(({ file: _file, ...sidecar }) => expect.objectContaining({ agent: sidecar })),
    );
  });

  it("counts each response once: final usage over snapshots, and a response written in two files", async () => {
    const session = writeClaudeCodeSession(directory);
    const { report } = await statsOf(session.file);
    expect(report?.runs[0]?.includingChildren.usage).toMatchObject(session.usage);
    // The prompt, two tool results; the split response and the answer: the attachments in the chain break nothing.
    expect(report?.runs[0]?.messagesByRole).toEqual({ user: 3, assistant: 2 });
    const io = captureIo();
    expect(await run(["stats", session.file, "--verbose"], io.io)).toBe(0);
    expect(io.stderr()).toMatch(
      /agent-wreview1\.jsonl:2: duplicate-line: response msg_01ExplorerA was read first in agent-aexplore1\.jsonl \(line 2\), where its usage is counted; not counted again/,
    );
  });
});

describe("a session of a shape the importer does not know", () => {
  it("is an error naming the shapes seen, never an empty document", async () => {
    const file = writeClaudeCodeUnknownShape(directory);
    const imported = await importOf(file);
    expect(imported.code).toBe(1);
    expect(imported.document).toBeUndefined();
    expect(imported.stderr).toContain(
      `${file}: 24 of 26 lines are of a shape the claude-code importer does not know (a newer version of the agent?); shapes seen: type "turn" ×24, type "file-history-snapshot" ×1, type "permission-mode" ×1`,
    );
    const stats = await statsOf(file);
    expect(stats.code).toBe(1);
    expect(stats.stderr).toContain('shapes seen: type "turn" ×24');
  });
});

describe("Gemini CLI sessions as Gemini CLI 0.40 writes them", () => {
  it("gives no tool a duration the session does not record, and keeps each result's own time", async () => {
    const session = writeGeminiCliSession(directory);
    const { code, report } = await statsOf(session.file);
    expect(code).toBe(0);
    const tools = report?.runs[0]?.toolsByName ?? {};
    expect(Object.keys(tools)).toEqual(["run_shell_command", "read_file"]);
    for (const tool of Object.values(tools)) expect(tool).toMatchObject({ calls: 1, timedCalls: 0, durationMs: 0 });
    const io = captureIo();
    expect(await run(["stats", session.file], io.io)).toBe(0);
    expect(io.stdout()).toMatch(/^ {4}run_shell_command: 1\n {4}read_file: 1\n/m);
    const { document } = await importOf(session.file);
    const results = document?.messages.find((message) => message.role === "tool");
    expect(results?.created_at).toBeUndefined();
    expect(
      results?.parts.map((part) => [
        part.type,
        (part as { provider_fields?: Record<string, unknown> }).provider_fields,
      ]),
    ).toEqual([
      ["tool_result", { "gemini-cli": { timestamp: "2026-11-03T09:00:04.000Z" } }],
      ["tool_result", { "gemini-cli": { timestamp: "2026-11-03T09:00:05.000Z" } }],
    ]);
  });

  it("keeps the injected <session_context> as context, not as a prompt the user typed", async () => {
    const session = writeGeminiCliSession(directory);
    const { report } = await statsOf(session.file);
    expect(report?.runs[0]?.messagesByRole).toEqual({ system: 1, user: 2, assistant: 3, tool: 1 });
    const { document } = await importOf(session.file);
    const [context, ...rest] = document?.messages ?? [];
    expect(context).toMatchObject({
      role: "system",
      provider_fields: { "gemini-cli": { injected: "session_context" } },
    });
    expect(JSON.stringify(context?.parts)).toContain("<session_context>");
    const prompts = rest
      .filter((message) => message.role === "user")
      .map((message) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""));
    expect(prompts).toEqual(session.prompts);
    // The re-appended message counted once, from its last version; tokens.tool in the input.
    expect(report?.runs[0]?.own.usage).toMatchObject({
      input_tokens: session.tokens.input + session.tokens.tool,
      output_tokens: session.tokens.output + session.tokens.thoughts,
      cache_read_tokens: session.tokens.cached,
      reasoning_tokens: session.tokens.thoughts,
    });
  });
});
