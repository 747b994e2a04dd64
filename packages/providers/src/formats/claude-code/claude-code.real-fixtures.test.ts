/**
 * Every real Claude Code file of the fixtures (the fixture reader tells which), imported through the Node entry as a
 * user would: no unexplained loss, a strictly valid document, token totals equal to a count made here, separately,
 * over the raw file, compactions with their summary marked and the history before them kept, sub-agent files as
 * child runs with their own totals and the parent's rolled up, and every line of every file accounted for.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Message, Transcript, Usage } from "@agent-transcript/core";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { expectCleanImport, expectEveryLineAccounted } from "../../conversion/session-fixtures.test.helpers.js";
import { importSession } from "../../node.js";

const root = realFixturesRoot();
const files = loadRealFixtures().flatMap((fixture) =>
  fixture.classification.category === "agent-session" && fixture.classification.format === "claude-code"
    ? [{ file: fixture.file, role: fixture.classification.role, layout: fixture.classification.layout }]
    : [],
);

type Counts = Pick<Usage, "input_tokens" | "output_tokens" | "cache_read_tokens" | "cache_write_tokens">;

/**
 * The usage of a Claude Code file counted the way the issue states it, written without the importer: one usage per
 * `message.id`, the figures of its last record; a record without an id counts on its own. Input includes the cache.
 */
function independentCount(file: string): Counts {
  const text = readFileSync(path.join(root, file), "utf8");
  const records: unknown[] = file.endsWith(".json")
    ? ((JSON.parse(text) as { loglines: unknown[] }).loglines ?? [])
    : text.split("\n").flatMap((line) => {
        try {
          return [JSON.parse(line) as unknown];
        } catch {
          return [];
        }
      });
  const byId = new Map<string, Record<string, number>>();
  const withoutId: Array<Record<string, number>> = [];
  for (const record of records) {
    const entry = record as { type?: unknown; message?: { id?: unknown; usage?: Record<string, number> } };
    if (entry.type !== "assistant" || typeof entry.message?.usage !== "object") continue;
    if (typeof entry.message.id === "string") byId.set(entry.message.id, entry.message.usage);
    else withoutId.push(entry.message.usage);
  }
  const counts: Counts = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
  for (const usage of [...byId.values(), ...withoutId]) {
    const cacheRead = usage.cache_read_input_tokens ?? 0;
    const cacheWrite = usage.cache_creation_input_tokens ?? 0;
    counts.input_tokens += (usage.input_tokens ?? 0) + cacheRead + cacheWrite;
    counts.output_tokens += usage.output_tokens ?? 0;
    counts.cache_read_tokens = (counts.cache_read_tokens ?? 0) + cacheRead;
    counts.cache_write_tokens = (counts.cache_write_tokens ?? 0) + cacheWrite;
  }
  return counts;
}

function countsOf(usage: Usage | undefined): Counts {
  return {
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cache_read_tokens: usage?.cache_read_tokens ?? 0,
    cache_write_tokens: usage?.cache_write_tokens ?? 0,
  };
}

function add(a: Counts, b: Counts): Counts {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_read_tokens: (a.cache_read_tokens ?? 0) + (b.cache_read_tokens ?? 0),
    cache_write_tokens: (a.cache_write_tokens ?? 0) + (b.cache_write_tokens ?? 0),
  };
}

/** The files a session's sub-agents are in, listed here from the folder layout the issue names. */
function subAgentFiles(file: string): string[] {
  const folder = path.join(root, file.replace(/\.jsonl$/, ""), "subagents");
  try {
    return readdirSync(folder)
      .filter((name) => /^agent-.+\.jsonl$/.test(name))
      .sort()
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

const linesOf = (message: Message): number[] =>
  ((message.provider_fields?.["claude-code"]?.lines as Array<{ line: number }> | undefined) ?? []).map(
    (entry) => entry.line,
  );

/** Every line number a document accounts for: in its messages, its branches and its kept records. */
function accountedLines(document: Transcript): Set<number> {
  const own = (document.metadata?.["claude-code"] ?? {}) as {
    records?: Array<{ line: number }>;
    branches?: Array<{ messages: Message[] }>;
  };
  const lines = new Set<number>();
  for (const message of document.messages) for (const line of linesOf(message)) lines.add(line);
  for (const branch of own.branches ?? [])
    for (const message of branch.messages) for (const line of linesOf(message)) lines.add(line);
  for (const record of own.records ?? []) lines.add(record.line);
  return lines;
}

describe("the real Claude Code files", () => {
  it("are found by the fixture reader: sessions, sub-agent files and the claude.ai export", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(new Set(files.map((entry) => entry.role))).toEqual(new Set(["session", "sub-agent"]));
    expect(files.some((entry) => entry.layout === "session-json-loglines")).toBe(true);
  });

  for (const { file, role } of files) {
    describe(`file ${file}`, () => {
      const absolute = path.join(root, file);
      const imported = importSession(absolute, { importedAt: "2026-01-01T00:00:00Z" });

      it("imports with no unexplained loss into a strictly valid document", async () => {
        expectCleanImport(await imported, "claude-code");
      });

      it("counts every response's usage once, as the raw file does", async () => {
        const result = await imported;
        const document = result.ok ? result.document : undefined;
        expect(countsOf(document?.usage)).toEqual(independentCount(file));
      });

      it("has its sub-agent files as child runs, each with its own usage, rolled up on the parent", async () => {
        const result = await imported;
        const outcome = result.ok ? result : undefined;
        const expected = role === "session" ? subAgentFiles(file) : [];
        expect(outcome?.children.map((child) => child.path) ?? []).toEqual(expected);
        let total = countsOf(outcome?.document.usage);
        for (const child of outcome?.children ?? []) {
          const own = independentCount(path.relative(root, child.path));
          expect(countsOf(child.document.usage), child.path).toEqual(own);
          expect(child.document.run?.parent?.run_id).toBe(outcome?.document.id);
          total = add(total, own);
        }
        const rolled = outcome?.document.run?.usage_including_children;
        expect(countsOf(expected.length === 0 ? outcome?.document.usage : rolled)).toEqual(total);
        expect(outcome?.document.run?.children?.map((child) => child.transcript) ?? []).toEqual(
          outcome?.children.map((child) => child.document) ?? [],
        );
      });

      if (file.endsWith(".jsonl")) {
        it("accounts for every line of every file: in a message, a branch or a kept record", async () => {
          expectEveryLineAccounted(await imported, absolute, accountedLines);
        });
      }
    });
  }
});

describe("the compacted real sessions", () => {
  const compacted = files.filter(
    (entry) =>
      entry.file.endsWith(".jsonl") && readFileSync(path.join(root, entry.file), "utf8").includes('"compact_boundary"'),
  );

  it("are the three sessions that compacted", () => {
    expect(compacted.map((entry) => path.basename(entry.file)).sort()).toEqual([
      "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
      "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
      "session-624a4a58.jsonl",
    ]);
  });

  for (const { file } of compacted) {
    it(`${path.basename(file)} keeps the history before the compaction and marks the summary`, async () => {
      const result = await importSession(path.join(root, file));
      const messages = result.ok ? result.document.messages : [];
      const at = messages.findIndex((message) => message.parts.some((part) => part.type === "compaction"));
      const compaction = messages[at]?.parts[0];
      expect(compaction).toMatchObject({ type: "compaction", strategy: "summary" });
      expect(compaction?.type === "compaction" && compaction.summary).toMatch(/^This session is being continued/);
      expect(compaction?.type === "compaction" && compaction.tokens_before).toBeGreaterThan(100_000);
      // The history before it: the first prompt of the file and every message up to the boundary are on the chain.
      const boundaryLine = linesOf(messages[at] as Message)[0] ?? 0;
      const before = messages.slice(0, at);
      expect(before.length).toBeGreaterThan(50);
      expect(before.every((message) => (linesOf(message)[0] ?? 0) < boundaryLine)).toBe(true);
      expect(before[0]?.role).toBe("user");
      expect(messages.slice(at + 1).length).toBeGreaterThan(0);
      // And no message of the file was set aside as a branch.
      expect(
        result.ok && result.losses.filter((loss) => loss.code === "branch-kept" && loss.file === path.join(root, file)),
      ).toEqual([]);
    });
  }
});
