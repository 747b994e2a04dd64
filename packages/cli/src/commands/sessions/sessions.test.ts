import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { importSession } from "@agent-transcript/providers/node";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { SessionsReport } from "./run.js";

const real = realFixturesRoot();
const spotter = path.join(real, "spotter/test/fixtures/transcripts");
const geminiFolder = path.join(real, "codemie-code/tests/integration/metrics/fixtures/gemini");
const geminiSingle = "session-2025-12-01T21-45-5b959dae.json";
const geminiJsonl = path.join(real, "agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl");
const claudeProject = "-home-me-app";

/** A home directory as the agents leave it: Claude Code's projects, Gemini CLI's chats, and what else lies there. */
function fakeHome(): { home: string; mains: string[] } {
  const home = mkdtempSync(path.join(tmpdir(), "cli-sessions-home-"));
  const project = path.join(home, ".claude", "projects", claudeProject);
  mkdirSync(project, { recursive: true });
  for (const name of ["4d5611e5-241a-462a-8d15-5122611a9569.jsonl", "short.jsonl"])
    cpSync(path.join(spotter, name), path.join(project, name));
  // Its sub-agents, in both layouts: read with their session, never listed on their own.
  cpSync(
    path.join(spotter, "4d5611e5-241a-462a-8d15-5122611a9569"),
    path.join(project, "4d5611e5-241a-462a-8d15-5122611a9569"),
    {
      recursive: true,
    },
  );
  cpSync(
    path.join(spotter, "fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents/agent-aa84377.jsonl"),
    path.join(project, "agent-aa84377.jsonl"),
  );
  const chats = path.join(home, ".gemini", "tmp", "fb8e242a", "chats");
  mkdirSync(chats, { recursive: true });
  cpSync(path.join(geminiFolder, geminiSingle), path.join(chats, geminiSingle));
  // Gemini CLI's prompt log sits beside the chats folder, not in it.
  cpSync(path.join(geminiFolder, "logs.json"), path.join(home, ".gemini", "tmp", "fb8e242a", "logs.json"));
  const newer = path.join(home, ".gemini", "tmp", "0b7dfb12", "chats");
  mkdirSync(newer, { recursive: true });
  cpSync(geminiJsonl, path.join(newer, "session-2026-04-29T21-39-gemini_s.jsonl"));
  return {
    home,
    mains: [
      path.join(project, "4d5611e5-241a-462a-8d15-5122611a9569.jsonl"),
      path.join(project, "short.jsonl"),
      path.join(chats, geminiSingle),
      path.join(newer, "session-2026-04-29T21-39-gemini_s.jsonl"),
    ],
  };
}

async function runSessions(args: string[], options: Parameters<typeof captureIo>[1] = {}) {
  const output = captureIo("", options);
  const code = await run(["sessions", ...args], output.io);
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

describe("agent-transcript sessions", () => {
  it("lists every main session of a home, newest first, with what its importer reads", async () => {
    const { home, mains } = fakeHome();
    const outcome = await runSessions(["--root", home, "--json"]);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toBe("");
    const report = JSON.parse(outcome.stdout) as SessionsReport;
    expect(report.warnings).toEqual([]);
    expect(report.sessions.map((session) => session.path).sort()).toEqual([...mains].sort());
    const starts = report.sessions.map((session) => Date.parse(session.startedAt ?? ""));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    for (const session of report.sessions) {
      const imported = await importSession(session.path);
      const document = imported.ok ? imported.document : undefined;
      const usage = document?.run?.usage_including_children ?? document?.usage;
      expect(session).toMatchObject({
        agent: imported.ok ? imported.format : "",
        messages: document?.messages.length,
        startedAt: document?.created_at,
        tokens: { input: usage?.input_tokens, output: usage?.output_tokens, total: usage?.total_tokens },
      });
    }
    expect(report.sessions.map((session) => [path.basename(session.path), session.project])).toEqual(
      expect.arrayContaining([
        ["short.jsonl", claudeProject],
        [geminiSingle, "fb8e242a"],
      ]),
    );
  });

  it("counts a Gemini CLI session's tokens as the raw file does, and names every model that answered", async () => {
    const { home } = fakeHome();
    const report = JSON.parse(
      (await runSessions(["--root", home, "--agent", "gemini-cli", "--json"])).stdout,
    ) as SessionsReport;
    const raw = JSON.parse(readFileSync(path.join(geminiFolder, geminiSingle), "utf8")) as {
      messages: Array<{ tokens?: { total: number }; model?: string }>;
    };
    const single = report.sessions.find((session) => path.basename(session.path) === geminiSingle);
    expect(single?.tokens?.total).toBe(raw.messages.reduce((sum, message) => sum + (message.tokens?.total ?? 0), 0));
    expect(single?.models).toEqual([
      ...new Set(raw.messages.flatMap((message) => (message.model ? [message.model] : []))),
    ]);
    expect(report.sessions.every((session) => session.agent === "gemini-cli")).toBe(true);
    expect(report.sessions).toHaveLength(2);
  });

  it("prints a table on stdout, coloured only when colour is on, progress on stderr only on a terminal", async () => {
    const { home } = fakeHome();
    const plain = await runSessions(["--root", home]);
    expect(plain.code).toBe(0);
    const lines = plain.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^AGENT\s+PROJECT\s+STARTED\s+MESSAGES\s+TOKENS\s+MODEL\s+PATH$/);
    expect(lines).toHaveLength(5);
    expect(plain.stdout).not.toContain("\u001b");
    // The one sub-agent whose session is not in the home is counted, not passed over in silence.
    expect(plain.stderr).toBe(
      "agent-transcript: skipped 1 file: 1 sub-agent without its session; --verbose names each\n",
    );
    const terminal = await runSessions(["--root", home], { color: true, stderrIsTerminal: true });
    expect(terminal.stdout.startsWith("\u001b[2mAGENT")).toBe(true);
    expect(terminal.stderr).toContain("reading sessions: 4/4");
    // The progress line is cleared before the summary that follows it.
    expect(terminal.stderr.split("\r\u001b[K").at(-1)).toBe(
      "agent-transcript: skipped 1 file: 1 sub-agent without its session; --verbose names each\n",
    );
  });

  it("counts a sub-agent file whose session is not beside it, names it with --verbose, lists it in --json", async () => {
    const { home } = fakeHome();
    const project = path.join(home, ".claude", "projects", claudeProject);
    // The newer layout too: a session's sub-agents folder kept without the session.
    const lone = path.join(project, "6c2214d7-b87e-4432-8e41-22ba294ea584", "subagents", "agent-afc096d.jsonl");
    mkdirSync(path.dirname(lone), { recursive: true });
    cpSync(path.join(spotter, "6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl"), lone);
    const beside = path.join(project, "agent-aa84377.jsonl");
    const plain = await runSessions(["--root", home]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe(
      "agent-transcript: skipped 2 files: 2 sub-agents without their session; --verbose names each\n",
    );
    const verbose = await runSessions(["--root", home, "--verbose"]);
    expect(verbose.stderr).toContain(
      `${beside}: skipped: a sub-agent's file whose session (fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl) is not beside it;`,
    );
    expect(verbose.stderr).toContain(`${lone}: skipped: a sub-agent's file whose session`);
    const report = JSON.parse((await runSessions(["--root", home, "--json"])).stdout) as SessionsReport;
    expect(report.skipped.map((file) => file.path)).toEqual([lone, beside].sort());
    expect(report.sessions.map((session) => session.path)).not.toContain(beside);
  });

  it("takes one agent's folder as --root, and follows no link out of it", async () => {
    const { home } = fakeHome();
    const outside = mkdtempSync(path.join(tmpdir(), "cli-sessions-outside-"));
    mkdirSync(path.join(outside, "chats"));
    cpSync(geminiJsonl, path.join(outside, "chats", "session-outside.jsonl"));
    symlinkSync(outside, path.join(home, ".gemini", "tmp", "linked"));
    // A link that stays inside the folder is followed.
    symlinkSync(path.join(home, ".gemini", "tmp", "0b7dfb12"), path.join(home, ".gemini", "tmp", "again"));
    const outcome = await runSessions(["--root", path.join(home, ".gemini"), "--json"]);
    const report = JSON.parse(outcome.stdout) as SessionsReport;
    expect(report.sessions.map((session) => session.project).sort()).toEqual(["0b7dfb12", "again", "fb8e242a"]);
    expect(report.warnings).toEqual([
      {
        path: path.join(home, ".gemini", "tmp", "linked"),
        message: "a symbolic link out of the sessions folder; not followed",
      },
    ]);
  });

  it("warns about a file it cannot read and lists the rest; exit 1 for a missing root, 2 for an unknown agent", async () => {
    const { home } = fakeHome();
    const broken = path.join(home, ".gemini", "tmp", "fb8e242a", "chats", "session-broken.json");
    writeFileSync(broken, '{\n  "sessionId": "x",\n  "projectHash": "y",\n  "messages": [\n');
    const outcome = await runSessions(["--root", home]);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.trimEnd().split("\n")).toHaveLength(5);
    expect(outcome.stderr).toContain(`${broken}: warning: cannot be read as a gemini-cli session:`);
    expect(outcome.stderr).toMatch(/line \d+, column \d+/);
    const missing = await runSessions(["--root", path.join(home, "missing")]);
    expect([missing.code, missing.stdout]).toEqual([1, ""]);
    expect(missing.stderr).toContain("--root must be a folder that exists");
    expect((await runSessions(["--agent", "nobody"])).code).toBe(2);
  });

  it("shows a hostile project name escaped, the columns kept", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "cli-sessions-hostile-"));
    const chats = path.join(home, ".gemini", "tmp", "evil\u001b[31m\u0007name", "chats");
    mkdirSync(chats, { recursive: true });
    cpSync(geminiJsonl, path.join(chats, "session-2026-04-29T21-39-gemini_s.jsonl"));
    const outcome = await runSessions(["--root", home]);
    expect(outcome.code).toBe(0);
    const controls = [...outcome.stdout].filter((character) => {
      const code = character.charCodeAt(0);
      return (code < 0x20 && code !== 0x0a) || code === 0x7f;
    });
    expect(controls).toEqual([]);
    expect(outcome.stdout).toContain("evil\\u001b[31m\\u0007name");
    expect(outcome.stdout.trimEnd().split("\n")).toHaveLength(2);
  });

  it("says so when there is nothing, with exit 0", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "cli-sessions-empty-"));
    const outcome = await runSessions(["--root", empty]);
    expect([outcome.code, outcome.stdout]).toEqual([0, ""]);
    expect(outcome.stderr).toMatch(/^agent-transcript: no sessions found \(claude-code, .*gemini-cli.*\) under /);
  });
});

describe("sessions with no --root", () => {
  it("looks where each agent keeps its sessions by its own variables, as usage and runs do", async () => {
    const { home, mains } = fakeHome();
    const elsewhere = mkdtempSync(path.join(tmpdir(), "cli-sessions-elsewhere-"));
    const saved = { ...process.env };
    // Claude Code's folder named by CLAUDE_CONFIG_DIR, Gemini CLI's by GEMINI_CLI_HOME; HOME holds neither.
    Object.assign(process.env, {
      HOME: elsewhere,
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
      CODEX_HOME: path.join(elsewhere, "no-codex"),
      GEMINI_CLI_HOME: home,
    });
    try {
      const { code, stdout } = await runSessions(["--json"]);
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as SessionsReport;
      expect(report.sessions.map((session) => session.path).sort()).toEqual([...mains].sort());
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
