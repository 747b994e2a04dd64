/**
 * Every real Codex file of the fixtures (the fixture reader tells which: rollouts, sub-agent rollouts and the
 * composite catalog of line types), imported through the Node entry as a user would: no unexplained loss, a strictly
 * valid document, token totals equal to a count made here, separately, over the raw file, the echoes of items read
 * once, sub-agent rollouts as child runs with their own totals and the parent's rolled up, and every line of every
 * file accounted for.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Message, Transcript, Usage } from "@agent-transcript/core";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { expectCleanImport, expectEveryLineAccounted } from "../../conversion/session-fixtures.test.helpers.js";
import { importSession } from "../../node.js";

const root = realFixturesRoot();
const files = loadRealFixtures().flatMap((fixture) => {
  const classification = fixture.classification;
  if (classification.category === "agent-session" && classification.format === "codex")
    return [{ file: fixture.file, role: classification.role as string, catalog: false }];
  if (classification.category === "session-catalog" && classification.format === "codex")
    return [{ file: fixture.file, role: "catalog", catalog: true }];
  return [];
});

type Counts = Pick<Usage, "input_tokens" | "output_tokens" | "cache_read_tokens" | "reasoning_tokens">;

const rawLines = (file: string): unknown[] =>
  readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });

/**
 * The usage of a Codex rollout counted the way the issue states it, written without the importer: the
 * `total_token_usage` of the last `token_count` event is the thread's cumulative total (Codex re-emits it unchanged,
 * so no event is summed). Cached input is part of input, reasoning part of output.
 */
function independentCount(file: string): Counts {
  let last: Record<string, number> | undefined;
  for (const record of rawLines(file)) {
    const entry = record as { type?: unknown; payload?: { type?: unknown; info?: { total_token_usage?: unknown } } };
    if (entry.type !== "event_msg" || entry.payload?.type !== "token_count") continue;
    const total = entry.payload.info?.total_token_usage;
    if (typeof total === "object" && total !== null) last = total as Record<string, number>;
  }
  return {
    input_tokens: last?.input_tokens ?? 0,
    output_tokens: last?.output_tokens ?? 0,
    cache_read_tokens: last?.cached_input_tokens ?? 0,
    reasoning_tokens: last?.reasoning_output_tokens ?? 0,
  };
}

function countsOf(usage: Usage | undefined): Counts {
  return {
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cache_read_tokens: usage?.cache_read_tokens ?? 0,
    reasoning_tokens: usage?.reasoning_tokens ?? 0,
  };
}

const linesOf = (message: Message): number[] =>
  ((message.provider_fields?.codex?.lines as Array<{ line: number }> | undefined) ?? []).map((entry) => entry.line);

/** Every line number a document accounts for: its messages, its session record, its kept and inherited records. */
function accountedLines(document: Transcript): Set<number> {
  const own = (document.metadata?.codex ?? {}) as {
    session_line?: number;
    records?: Array<{ line: number }>;
    inherited?: Array<{ line: number }>;
    turn_usage?: Array<{ lines: number[] }>;
    invalid?: Message[];
  };
  const lines = new Set<number>();
  for (const message of [...document.messages, ...(own.invalid ?? [])])
    for (const line of linesOf(message)) lines.add(line);
  if (own.session_line !== undefined) lines.add(own.session_line);
  for (const record of [...(own.records ?? []), ...(own.inherited ?? [])]) lines.add(record.line);
  for (const turn of own.turn_usage ?? []) for (const line of turn.lines) lines.add(line);
  return lines;
}

/** The sub-agent rollouts of the fixtures, by their parent's file: the agtrace pair is a review and its parent. */
const expectedChildren: Record<string, string[]> = {
  "agtrace/crates/agtrace-providers/tests/samples/rollout-parent-019b88e0.jsonl": [
    "agtrace/crates/agtrace-providers/tests/samples/rollout-subagent-019b88e5.jsonl",
  ],
};

describe("the real Codex files", () => {
  it("are found by the fixture reader: sessions, sub-agent rollouts and the catalog of line types", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(new Set(files.map((entry) => entry.role))).toEqual(new Set(["session", "sub-agent", "catalog"]));
  });

  for (const { file, role, catalog } of files) {
    describe(`file ${file}`, () => {
      const absolute = path.join(root, file);
      const imported = importSession(absolute, { importedAt: "2026-01-01T00:00:00Z" });

      it("is detected as Codex and imports with no unexplained loss into a strictly valid document", async () => {
        const outcome = expectCleanImport(await imported, "codex");
        expect(outcome?.document.source?.format).toBe("codex");
      });

      if (!catalog)
        it("counts the thread's tokens once, as the last cumulative count of the raw file says", async () => {
          const result = await imported;
          const document = result.ok ? result.document : undefined;
          expect(countsOf(document?.usage)).toEqual(independentCount(file));
          // Each turn's usage sits on a message of the turn, and they add up to the document's.
          const onMessages = (document?.messages ?? []).flatMap((message) => (message.usage ? [message.usage] : []));
          const summed = onMessages.reduce(
            (sum, usage) => ({
              input_tokens: sum.input_tokens + usage.input_tokens,
              output_tokens: sum.output_tokens + usage.output_tokens,
              cache_read_tokens: (sum.cache_read_tokens ?? 0) + (usage.cache_read_tokens ?? 0),
              reasoning_tokens: (sum.reasoning_tokens ?? 0) + (usage.reasoning_tokens ?? 0),
            }),
            countsOf(undefined),
          );
          expect(summed).toEqual(independentCount(file));
        });

      it("has its sub-agent rollouts as child runs, each with its own usage, rolled up on the parent", async () => {
        const result = await imported;
        const outcome = result.ok ? result : undefined;
        const expected = (expectedChildren[file] ?? []).map((child) => path.join(root, child));
        expect(outcome?.children.map((child) => child.path) ?? []).toEqual(expected);
        let total = countsOf(outcome?.document.usage);
        for (const child of outcome?.children ?? []) {
          const own = independentCount(path.relative(root, child.path));
          expect(countsOf(child.document.usage), child.path).toEqual(own);
          expect(child.document.run?.parent?.run_id).toBe(outcome?.document.id);
          total = {
            input_tokens: total.input_tokens + own.input_tokens,
            output_tokens: total.output_tokens + own.output_tokens,
            cache_read_tokens: (total.cache_read_tokens ?? 0) + (own.cache_read_tokens ?? 0),
            reasoning_tokens: (total.reasoning_tokens ?? 0) + (own.reasoning_tokens ?? 0),
          };
        }
        const rolled =
          expected.length === 0 ? outcome?.document.usage : outcome?.document.run?.usage_including_children;
        expect(countsOf(rolled)).toEqual(total);
        expect(outcome?.document.run?.children?.map((child) => child.transcript) ?? []).toEqual(
          outcome?.children.map((child) => child.document) ?? [],
        );
        // A rollout names the thread that spawned it, when it says which (a sub-agent read on its own), else none.
        const meta = rawLines(file)[0] as { payload: { source?: { subagent?: { thread_spawn?: unknown } } } };
        const spawn = meta.payload.source?.subagent?.thread_spawn as { parent_thread_id?: string } | undefined;
        expect(outcome?.document.run?.parent?.run_id).toBe(spawn?.parent_thread_id);
        expect(role === "sub-agent" || spawn === undefined).toBe(true);
      });

      it("accounts for every line of every file: in a message, the session, a kept record, or its loss", async () => {
        expectEveryLineAccounted(await imported, absolute, accountedLines);
      });
    });
  }
});

describe("the echoes of the real rollouts", () => {
  it("are read once: every user_message and agent_message event of codemie's rollout repeats an item", async () => {
    const file = files.find((entry) => entry.file.startsWith("codemie-code/"))?.file ?? "";
    const result = await importSession(path.join(root, file));
    const outcome = result.ok ? result : undefined;
    const records = rawLines(file) as Array<{
      type: string;
      payload: { type: string; role?: string; message?: string };
    }>;
    const echoes = records.filter(
      (record) =>
        record.type === "event_msg" &&
        (record.payload.type === "user_message" || record.payload.type === "agent_message"),
    );
    expect(outcome?.losses.filter((loss) => loss.code === "duplicate-line")).toHaveLength(echoes.length);
    // The messages are the items: as many user and assistant texts as the response_item messages hold.
    const items = records.filter((record) => record.type === "response_item" && record.payload.type === "message");
    const texts = (outcome?.document.messages ?? []).flatMap((message) =>
      message.parts.filter((part) => part.type === "text"),
    );
    expect(texts.length).toBeGreaterThanOrEqual(items.length);
    for (const echo of echoes)
      expect(texts.some((part) => part.type === "text" && part.text.includes(echo.payload.message ?? "\u0000"))).toBe(
        true,
      );
  });

  it("keep a review sub-agent's prompt that no item holds (Codex 0.77 wrote only the event)", async () => {
    const result = await importSession(
      path.join(root, "agtrace/crates/agtrace-providers/tests/samples/rollout-subagent-019b88e5.jsonl"),
    );
    const messages = result.ok ? result.document.messages : [];
    expect(messages.map((message) => [message.role, message.parts])).toEqual([
      ["user", [{ type: "text", text: "Review the code changes" }]],
    ]);
  });
});

describe("the reasoning of the real rollouts", () => {
  it("keeps encrypted_content byte for byte, with the Responses issuer and the turn's model", async () => {
    const file = "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl";
    const result = await importSession(path.join(root, file));
    const parts = (result.ok ? result.document.messages : []).flatMap((message) =>
      message.parts.filter((part) => part.type === "reasoning"),
    );
    const raw = (rawLines(file) as Array<{ type: string; payload: { type: string; encrypted_content?: string } }>)
      .filter((record) => record.type === "response_item" && record.payload.type === "reasoning")
      .map((record) => record.payload.encrypted_content);
    expect(raw.length).toBeGreaterThan(0);
    expect(parts.map((part) => part.type === "reasoning" && part.encrypted_content)).toEqual(raw);
    for (const part of parts) expect(part.issuer).toMatchObject({ provider: "openai", api: "responses" });
  });
});

describe("the compactions of the real Codex catalog", () => {
  const file = files.find((entry) => entry.catalog)?.file ?? "";
  const compactedLines = (rawLines(file) as Array<{ type?: string; payload?: { replacement_history?: unknown[] } }>)
    .map((record, index) => ({ record, line: index + 1 }))
    .filter(({ record }) => record.type === "compacted");

  it("become compaction parts marked as summaries, each after the history it replaced, which stays", async () => {
    const result = await importSession(path.join(root, file));
    const messages = result.ok ? result.document.messages : [];
    const inherited = new Set(
      (result.ok ? result.losses : []).filter((loss) => loss.code === "inherited-line").map((loss) => loss.line),
    );
    const own = compactedLines.filter(({ line }) => !inherited.has(line));
    expect(own.length).toBeGreaterThanOrEqual(4);
    for (const { record, line } of own) {
      const at = messages.findIndex((message) => linesOf(message)[0] === line);
      const part = messages[at]?.parts[0];
      expect(messages[at]?.role, `line ${line}`).toBe("user");
      expect(part, `line ${line}`).toMatchObject({
        type: "compaction",
        strategy: "summary",
        replaced_messages: record.payload?.replacement_history?.length,
      });
      // What came before the compaction is still there, in file order.
      expect(messages.slice(0, at).every((message) => (linesOf(message)[0] ?? 0) < line)).toBe(true);
    }
    const first = messages.findIndex((message) => message.parts[0]?.type === "compaction");
    expect(messages.slice(0, first).map((message) => message.role)).toEqual(
      expect.arrayContaining(["user", "assistant", "tool"]),
    );
  });
});

describe("a sub-agent's rollout started after midnight", () => {
  const samples = "agtrace/crates/agtrace-providers/tests/samples";
  it("is found in the next day's folder, across a month's end, and linked as it is beside its parent", async () => {
    const sessions = mkdtempSync(path.join(tmpdir(), "codex-midnight-"));
    try {
      const place = (day: string, name: string): string => {
        const folder = path.join(sessions, ...day.split("/"));
        mkdirSync(folder, { recursive: true });
        copyFileSync(path.join(root, samples, name), path.join(folder, name));
        return path.join(folder, name);
      };
      const parent = place("2026/01/31", "rollout-parent-019b88e0.jsonl");
      const child = place("2026/02/01", "rollout-subagent-019b88e5.jsonl");
      const beside = await importSession(path.join(root, samples, "rollout-parent-019b88e0.jsonl"));
      const across = await importSession(parent);
      expect(across.ok && beside.ok).toBe(true);
      if (!across.ok || !beside.ok) return;
      expect(across.files).toEqual([parent, child]);
      expect(across.children.map((entry) => entry.runId)).toEqual(beside.children.map((entry) => entry.runId));
      expect(across.children.length).toBe(1);
      expect(across.document.run?.children?.[0]?.location).toBe("../../02/01/rollout-subagent-019b88e5.jsonl");
      expect(across.document.run?.usage_including_children).toEqual(beside.document.run?.usage_including_children);
    } finally {
      rmSync(sessions, { recursive: true, force: true });
    }
  });

  it("is looked for in the day after the parent's folder only when that folder names a real day", async () => {
    const { codexImporter } = await import("./index.js");
    const folders = (file: string) => codexImporter.relatedFiles(file).map((location) => location.folder);
    expect(folders("/h/.codex/sessions/2025/12/31/rollout-a.jsonl")).toEqual([
      "/h/.codex/sessions/2025/12/31",
      "/h/.codex/sessions/2026/01/01",
    ]);
    expect(folders("/h/.codex/sessions/2028/02/28/rollout-a.jsonl")).toEqual([
      "/h/.codex/sessions/2028/02/28",
      "/h/.codex/sessions/2028/02/29",
    ]);
    expect(folders("/h/.codex/sessions/2026/02/30/rollout-a.jsonl")).toEqual(["/h/.codex/sessions/2026/02/30"]);
    expect(folders("/h/exports/rollout-a.jsonl")).toEqual(["/h/exports"]);
  });
});
