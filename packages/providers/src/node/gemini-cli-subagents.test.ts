// Gemini CLI writes a sub-agent's chat in `chats/<parent session id>/<its id>.jsonl`, its header of kind `subagent`:
// importing the parent reads those chats as child runs, linked to the call that started each, and a folder scan
// imports the parent alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { validateTranscript } from "@agent-transcript/core/validators";
import { afterAll, describe, expect, it } from "vitest";
import { findSessionFiles } from "./session-directory.js";
import { importSession } from "./session-files.js";

const scratch = mkdtempSync(path.join(tmpdir(), "providers-gemini-subagents-"));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const parentId = "5b959dae-8655-4cd1-b10f-720b8c336ea2";
const childId = "0c1d2e3f-1111-4222-8333-444455556666";
const projectHash = "fb8e242a6fbbb5c48a1d0be57a8a4cc934d33e0a1caf73ab5d4ecaa17269960c";
const jsonl = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join("\n") + "\n";
const header = (id: string, kind: string) => ({
  sessionId: id,
  projectHash,
  startTime: "2026-04-29T21:39:22.319Z",
  lastUpdated: "2026-04-29T21:39:22.319Z",
  kind,
});
const tokens = (input: number, output: number) => ({
  input,
  output,
  cached: 0,
  thoughts: 0,
  tool: 0,
  total: input + output,
});
const reply = (id: string, text: string, input: number, output: number, fields: Record<string, unknown> = {}) => ({
  id,
  timestamp: "2026-04-29T21:39:40.000Z",
  type: "gemini",
  content: text,
  tokens: tokens(input, output),
  model: "gemini-2.5-pro",
  ...fields,
});

function layout(name: string): { chats: string; main: string } {
  const chats = path.join(scratch, name, "tmp", projectHash, "chats");
  mkdirSync(path.join(chats, parentId), { recursive: true });
  const main = path.join(chats, "session-2026-04-29T21-39-5b959dae.jsonl");
  const call = {
    id: "codebase_investigator-1",
    name: "codebase_investigator",
    args: { objective: "Find where sessions are written" },
    result: [
      {
        functionResponse: {
          id: "codebase_investigator-1",
          name: "codebase_investigator",
          response: { output: "chatRecordingService.ts" },
        },
      },
    ],
    status: "success",
    timestamp: "2026-04-29T21:39:50.000Z",
    agentId: childId,
  };
  writeFileSync(
    main,
    jsonl(
      header(parentId, "main"),
      {
        id: "u1",
        timestamp: "2026-04-29T21:39:33.155Z",
        type: "user",
        content: [{ text: "Where are sessions written?" }],
      },
      reply("g1", "", 100, 10, { toolCalls: [call] }),
      reply("g2", "In chatRecordingService.ts.", 120, 8),
    ),
  );
  writeFileSync(
    path.join(chats, parentId, `${childId}.jsonl`),
    jsonl(
      header(childId, "subagent"),
      {
        id: "s1",
        timestamp: "2026-04-29T21:39:41.000Z",
        type: "user",
        content: [{ text: "Find where sessions are written" }],
      },
      reply("s2", "chatRecordingService.ts", 40, 5),
    ),
  );
  // Not this session's: a main chat that strayed into the folder, and a sub-agent of another session sharing the prefix.
  writeFileSync(
    path.join(chats, parentId, "stray.jsonl"),
    jsonl(header("7d7d7d7d-0000-4000-8000-000000000000", "main")),
  );
  const other = path.join(chats, "5b959dae-0000-4000-8000-000000000000");
  mkdirSync(other);
  writeFileSync(
    path.join(other, "other-agent.jsonl"),
    jsonl(header("9e9e9e9e-0000-4000-8000-000000000000", "subagent")),
  );
  return { chats, main };
}

describe("Gemini CLI sub-agents", () => {
  it("are child runs of the session that started them, linked to the call, with their own and rolled-up tokens", async () => {
    const { chats, main } = layout("import");
    const outcome = await importSession(main);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { document, children, files } = outcome;
    expect(validateTranscript(document).ok).toBe(true);
    expect(children.map((child) => child.runId)).toEqual([childId]);
    expect(files).toEqual([main, path.join(chats, parentId, `${childId}.jsonl`)]);
    const [link] = document.run?.children ?? [];
    expect(link).toMatchObject({
      run_id: childId,
      call_id: "codebase_investigator-1",
      location: `${parentId}/${childId}.jsonl`,
    });
    expect(link?.transcript?.run?.parent).toEqual({ run_id: parentId });
    expect(link?.transcript?.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(link?.transcript?.usage).toMatchObject({ input_tokens: 40, output_tokens: 5 });
    expect(document.usage).toMatchObject({ input_tokens: 220, output_tokens: 18 });
    expect(document.run?.usage_including_children).toMatchObject({ input_tokens: 260, output_tokens: 23 });
  });

  it("are left out of a folder scan's sessions: the chats folder holds one session", async () => {
    const { chats, main } = layout("scan");
    const found = await findSessionFiles(chats);
    const mains = found.sessions.map((file) => path.relative(chats, file.path)).sort();
    // Everything in the folders named like the session's id is read with it (the import then keeps its own
    // sub-agents): none of those chats is a session of its own.
    expect(mains).toEqual([path.relative(chats, main)]);
    const session = found.sessions.find((file) => file.path === main);
    expect(session?.related).toContain(path.join(chats, parentId, `${childId}.jsonl`));
  });
});
