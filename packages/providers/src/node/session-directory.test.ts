import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { findSessionFiles, importSessions } from "./session-directory.js";
import { importSession } from "./session-files.js";

const real = realFixturesRoot();
const geminiSingle = path.join(
  real,
  "codemie-code/tests/integration/metrics/fixtures/gemini/session-2025-12-01T21-45-5b959dae.json",
);
const geminiJsonl = path.join(real, "agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl");

/** A folder as a user may hand one over: Claude Code sessions with their sub-agents, Gemini CLI chats, other files. */
function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), "providers-session-tree-"));
  cpSync(path.join(real, "spotter/test/fixtures/transcripts"), path.join(root, "claude"), { recursive: true });
  mkdirSync(path.join(root, "gemini", "chats"), { recursive: true });
  cpSync(geminiSingle, path.join(root, "gemini", "chats", "session-2025-12-01T21-45-5b959dae.json"));
  cpSync(geminiJsonl, path.join(root, "gemini", "chats", "session-2026-04-29T21-39-gemini_s.jsonl"));
  writeFileSync(path.join(root, "notes.txt"), "not a session\n");
  const outside = mkdtempSync(path.join(tmpdir(), "providers-session-outside-"));
  cpSync(geminiJsonl, path.join(outside, "session-outside.jsonl"));
  symlinkSync(outside, path.join(root, "outside"));
  symlinkSync(path.join(root, "gemini"), path.join(root, "gemini-again"));
  symlinkSync(root, path.join(root, "gemini", "loop"));
  return root;
}

describe("findSessionFiles", () => {
  it("finds each main session once, its related files with it, and names what it passed over", async () => {
    const root = tree();
    const found = await findSessionFiles(root);
    const relative = (file: string) => path.relative(root, file);
    expect(found.sessions.map((session) => [relative(session.path), session.format])).toEqual([
      ["claude/4d5611e5-241a-462a-8d15-5122611a9569.jsonl", "claude-code"],
      // A sub-agent file whose session is not in the folder is a session of its own.
      ["claude/6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl", "claude-code"],
      ["claude/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl", "claude-code"],
      ["claude/short.jsonl", "claude-code"],
      ["claude/subagent.jsonl", "claude-code"],
      ["gemini/chats/session-2025-12-01T21-45-5b959dae.json", "gemini-cli"],
      ["gemini/chats/session-2026-04-29T21-39-gemini_s.jsonl", "gemini-cli"],
    ]);
    expect(found.sessions[0]?.related.map(relative)).toEqual([
      "claude/4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-a2898e3.jsonl",
      "claude/4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-acompact-e1f845.jsonl",
    ]);
    expect(found.skipped.map((entry) => [relative(entry.path), entry.reason])).toEqual([
      ["notes.txt", "not a session of a known agent"],
      ["outside", "a symbolic link out of the folder; not followed"],
    ]);
  });
});

describe("importSessions", () => {
  it("imports each main session of a folder as importSession does, one after the other", async () => {
    const root = tree();
    const imported = [];
    for await (const session of importSessions(root)) imported.push(session);
    expect(imported).toHaveLength(7);
    for (const session of imported) {
      const alone = await importSession(session.path);
      expect(session.ok && alone.ok).toBe(true);
      expect(session.ok && session.document).toEqual(alone.ok && alone.document);
    }
    const first = imported[0];
    expect(first?.ok && first.children.length).toBe(2);
  });

  it("is what importSession points to when given a folder", async () => {
    const outcome = await importSession(tree());
    expect(outcome).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is a folder: importSessions reads each/),
    });
  });
});

describe("a Codex day folder with several rollouts", () => {
  it("holds a session per rollout: rollouts that look for their children beside each other are not each other's", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "codex-day-"));
    const day = path.join(root, "2026", "01", "04");
    mkdirSync(day, { recursive: true });
    const samples = path.join(real, "agtrace/crates/agtrace-providers/tests/samples");
    for (const name of ["rollout-parent-019b88e0.jsonl", "codex_session.jsonl"])
      cpSync(path.join(samples, name), path.join(day, name === "codex_session.jsonl" ? "rollout-other.jsonl" : name));
    const found = await findSessionFiles(root);
    expect(found.sessions.map((session) => path.basename(session.path)).sort()).toEqual([
      "rollout-other.jsonl",
      "rollout-parent-019b88e0.jsonl",
    ]);
  });
});
