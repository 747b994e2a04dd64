import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { writeGeminiCliSession } from "@agent-transcript/fixtures/session-shapes";
import { importSession } from "@agent-transcript/providers/node";
import { createRecorder } from "@agent-transcript/recorder";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";

const real = realFixturesRoot();
const claudeSession = path.join(real, "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
const codexRollout = path.join(real, "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");
const geminiSession = path.join(real, "agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl");

async function timeline(args: string[]) {
  const io = captureIo();
  const code = await run(["timeline", ...args], io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe("timeline of an agent's session", () => {
  it("gives a Claude Code session's messages, tool calls and results, each with its time, and the tokens", async () => {
    const outcome = await timeline([claudeSession, "--quiet"]);
    expect(outcome.code).toBe(0);
    const imported = await importSession(claudeSession);
    if (!imported.ok) throw new Error(imported.message);
    const messages = imported.document.messages.filter((message) => message.created_at !== undefined);
    const lines = outcome.stdout.trimEnd().split("\n");
    for (const line of lines)
      expect(line).toMatch(/^\d+\t\d{4}-\d\d-\d\dT[\d:.]+Z\t(?:user|assistant|system|tool call|tool result)\t/);
    const kinds = lines.map((line) => line.split("\t")[2]);
    const parts = (type: string) =>
      messages.flatMap((message) => message.parts).filter((part) => part.type === type).length;
    expect(kinds.filter((kind) => kind === "tool call")).toHaveLength(parts("tool_call"));
    expect(kinds.filter((kind) => kind === "tool result")).toHaveLength(parts("tool_result"));
    expect(parts("tool_call")).toBeGreaterThan(10);
    // Every message with its time (one with only tool calls or results and no tokens is shown by them alone).
    const shown = kinds.filter((kind) => kind === "user" || kind === "assistant").length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(messages.length);
    const withUsage = messages.find((message) => message.usage !== undefined);
    const format = new Intl.NumberFormat("en-US");
    expect(outcome.stdout).toContain(
      `[${format.format(withUsage?.usage?.input_tokens ?? -1)} in, ${format.format(withUsage?.usage?.output_tokens ?? -1)} out]`,
    );
    expect(outcome.stderr).toBe("");
  });

  it("gives Codex and Gemini CLI sessions too, as JSON with --json", async () => {
    for (const session of [codexRollout, geminiSession]) {
      const outcome = await timeline([session, "--json", "--quiet"]);
      expect(outcome.code).toBe(0);
      const entries = JSON.parse(outcome.stdout) as Array<{ kind: string; timestamp: string; summary: string }>;
      expect(entries.filter((entry) => entry.kind === "user").length).toBeGreaterThan(0);
      expect(entries.filter((entry) => entry.kind === "assistant").length).toBeGreaterThan(0);
      for (const entry of entries) expect(Number.isFinite(Date.parse(entry.timestamp))).toBe(true);
    }
  });
});

describe("timeline of messages without a time", () => {
  it("says how many it left out, never skipping them silently (a Gemini CLI tool results' message records none)", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "timeline-untimed-"));
    const session = writeGeminiCliSession(folder);
    const output = captureIo();
    expect(await run(["timeline", session.file], output.io)).toBe(0);
    expect(output.stdout()).toContain("\ttool call\trun_shell_command");
    expect(output.stderr()).toMatch(/: 1 message without a time of its own not listed\n/);
    const quiet = captureIo();
    expect(await run(["timeline", session.file, "--quiet"], quiet.io)).toBe(0);
    expect(quiet.stderr()).toBe("");
  });
});

describe("timeline with nothing to show", () => {
  it("says an event log has no steps, and an empty file no events, on stderr with exit 0", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "timeline-"));
    const recorder = createRecorder({ root: directory });
    recorder.append({ type: "run.started", payload: { name: "plain", kind: "workflow" } });
    recorder.append({
      type: "message.user",
      path: "",
      payload: { role: "user", blocks: [{ type: "text", text: "hi" }] },
    });
    await recorder.close();
    const noSteps = await timeline([recorder.file]);
    expect([noSteps.code, noSteps.stdout]).toEqual([0, ""]);
    expect(noSteps.stderr).toMatch(
      /: no steps started among its \d+ events \(timeline lists step\.started; `tail` shows every event\)\n$/,
    );
    const empty = path.join(directory, "empty.jsonl");
    writeFileSync(empty, "");
    const nothing = await timeline([empty]);
    expect([nothing.code, nothing.stdout, nothing.stderr]).toEqual([0, "", `${empty}: no events\n`]);
  });
});
