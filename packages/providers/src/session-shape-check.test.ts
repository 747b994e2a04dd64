import { describe, expect, it } from "vitest";
import { importSessionLines, importSessionText } from "./sessions.js";

const codexLine = (type: string, payload: Record<string, unknown>) =>
  JSON.stringify({ timestamp: "2026-11-03T09:00:00.000Z", type, payload });
const sessionMeta = codexLine("session_meta", {
  id: "t1",
  timestamp: "2026-11-03T09:00:00.000Z",
  cli_version: "9.0.0",
});

describe("a session of a shape its importer does not know", () => {
  it("is refused when most of its lines are unread, naming the shapes seen with counts, most first", () => {
    const lines = [
      sessionMeta,
      ...Array.from({ length: 6 }, () => codexLine("turn_item", { kind: "user_turn", text: "hi" })),
      ...Array.from({ length: 3 }, () => codexLine("turn_item", { kind: "agent_turn", text: "hello" })),
      JSON.stringify({ ["x".repeat(60)]: 1 }),
    ];
    const outcome = importSessionText(lines.join("\n"), { format: "codex", path: "rollout.jsonl" });
    expect(outcome).toEqual({
      ok: false,
      message: `10 of 11 lines are of a shape the codex importer does not know (a newer version of the agent?); shapes seen: type "turn_item" ×9, keys {${"x".repeat(24)}…} ×1, type "session_meta" ×1`,
    });
  });

  it("is refused when many lines give no message, streamed as when read whole", async () => {
    const snapshot = (index: number) =>
      JSON.stringify({ type: "file-history-snapshot", messageId: `m${index}`, snapshot: { trackedFileBackups: {} } });
    const text = Array.from({ length: 20 }, (_, index) => snapshot(index)).join("\n");
    const message =
      '20 lines gave no message: none is a turn as the claude-code importer knows them (a newer version of the agent?); shapes seen: type "file-history-snapshot" ×20';
    expect(importSessionText(text, { format: "claude-code" })).toEqual({ ok: false, message });
    expect(await importSessionLines({ main: { path: "s.jsonl", lines: text } })).toEqual({ ok: false, message });
    // One line fewer is a quiet session, its records kept as metadata.
    const quiet = importSessionText(text.slice(0, text.lastIndexOf("\n")), { format: "claude-code" });
    expect(quiet.ok && quiet.document.messages).toEqual([]);
  });

  it("is read, with each unread line named, when it is too short to judge", () => {
    const text = [sessionMeta, codexLine("turn_item", {}), codexLine("turn_item", {})].join("\n");
    const outcome = importSessionText(text, { format: "codex" });
    expect(outcome.ok && outcome.losses.map((loss) => [loss.line, loss.code])).toEqual([
      [2, "unknown-line-type"],
      [3, "unknown-line-type"],
    ]);
  });
});
