// The cross-check behind `usage-daily-cold-vs-ccusage`: on the same generated Claude Code folder, our `usage daily`
// and ccusage's `daily` count the same tokens day by day, and their costs (from two price databases) are a cent apart
// at most. Both are also held to the count made here from the files themselves, so that the two cannot agree on a
// wrong number (a response written as two records counted twice by both). The command is the built dist/bin.js:
// turbo builds the workspace packages this one depends on before its tests (turbo.json: test depends on ^build).
// No timing: that is the benchmark's.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCodeCorpusModels, writeClaudeCodeCorpus } from "@agent-transcript/fixtures/claude-code-corpus";
import type { ClaudeCodeCorpus } from "@agent-transcript/fixtures/claude-code-corpus";
import { dailyReports, maxCostDifference, sumsDisagreement, tokensOf } from "./usage-reports.js";
import type { DailyReport, DailyTotals } from "./usage-reports.js";

const sessions = 12;
const turnsPerSession = 8;

function jsonlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

interface AssistantRecord {
  type: string;
  timestamp: string;
  requestId?: string;
  message?: {
    id?: string;
    model?: string;
    usage?: {
      input_tokens: number;
      output_tokens: number;
      cache_creation_input_tokens: number;
      cache_read_input_tokens: number;
    };
  };
}

/**
 * The tokens of every response, read from the files: a response's records (one message id and request id) counted
 * once, on the day of its first record; and how many records each response was written as.
 */
function countFromFiles(root: string): {
  days: Record<string, Omit<DailyTotals, "cost">>;
  recordsPerResponse: number[];
} {
  const days: Record<string, Omit<DailyTotals, "cost">> = {};
  const records = new Map<string, { count: number; usage: string }>();
  for (const file of jsonlFiles(root))
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line === "") continue;
      const record = JSON.parse(line) as AssistantRecord;
      const usage = record.message?.usage;
      if (record.type !== "assistant" || usage === undefined) continue;
      const key = `${record.message?.id}:${record.requestId}`;
      const seen = records.get(key);
      if (seen !== undefined) {
        expect(JSON.stringify(usage), `${key}: the same usage on each of its records`).toBe(seen.usage);
        seen.count += 1;
        continue;
      }
      records.set(key, { count: 1, usage: JSON.stringify(usage) });
      const day = record.timestamp.slice(0, 10);
      const totals = (days[day] ??= { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 });
      totals.input += usage.input_tokens;
      totals.output += usage.output_tokens;
      totals.cacheWrite += usage.cache_creation_input_tokens;
      totals.cacheRead += usage.cache_read_input_tokens;
    }
  return { days, recordsPerResponse: [...records.values()].map((entry) => entry.count) };
}

const tokens = ({ input, output, cacheWrite, cacheRead }: DailyTotals): Omit<DailyTotals, "cost"> => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});

describe("usage daily against ccusage daily, on one generated Claude Code folder", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-usage-test-"));
  const root = path.join(folder, "claude");
  const home = path.join(folder, "home");
  let corpus: ClaudeCodeCorpus;
  let ours: DailyReport;
  let ccusage: DailyReport;
  let ccusageJavascript: DailyReport;
  beforeAll(() => {
    mkdirSync(home);
    corpus = writeClaudeCodeCorpus(root, { sessions, turnsPerSession });
    ({ ours, ccusage } = dailyReports(root, home));
    ccusageJavascript = dailyReports(root, home, undefined, "javascript").ccusage;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("reads a corpus whose responses are each written as two records", () => {
    const { recordsPerResponse } = countFromFiles(root);
    // Two responses a turn, and four in each sub-agent (every 5th session has one).
    expect(recordsPerResponse).toHaveLength(sessions * turnsPerSession * 2 + Math.ceil(sessions / 5) * 4);
    expect(new Set(recordsPerResponse)).toEqual(new Set([2]));
  });

  it("has the same days on both sides, and the days of the files", () => {
    const days = Object.keys(countFromFiles(root).days).sort();
    expect(days.length).toBeGreaterThan(1);
    expect(Object.keys(ours.days).sort()).toEqual(days);
    expect(Object.keys(ccusage.days).sort()).toEqual(days);
  });

  it("counts the same tokens of every kind, day by day, each response once", () => {
    const fromFiles = countFromFiles(root).days;
    for (const [day, expected] of Object.entries(fromFiles)) {
      expect(tokens(ours.days[day] as DailyTotals), `ours on ${day}`).toEqual(expected);
      expect(tokens(ccusage.days[day] as DailyTotals), `ccusage on ${day}`).toEqual(expected);
      expect(tokens(ccusageJavascript.days[day] as DailyTotals), `ccusage 18 on ${day}`).toEqual(expected);
    }
    expect(tokensOf(ours.sum)).toBe(tokensOf(ccusage.sum));
  });

  it("costs the same within a cent in total", () => {
    expect(ours.sum.cost).toBeGreaterThan(0);
    expect(Math.abs(ours.sum.cost - ccusage.sum.cost)).toBeLessThanOrEqual(maxCostDifference);
    expect(sumsDisagreement(ours, ccusage)).toBeUndefined();
    // The JavaScript ccusage the cold report is also timed against says the same, day by day.
    expect(sumsDisagreement(ours, ccusageJavascript)).toBeUndefined();
    expect(Object.keys(ccusageJavascript.days).sort()).toEqual(Object.keys(ours.days).sort());
  });

  it("says both numbers when the sums disagree", () => {
    const off: DailyReport = { days: ccusage.days, sum: { ...ccusage.sum, cacheRead: ccusage.sum.cacheRead + 1 } };
    const message = sumsDisagreement(ours, off);
    expect(message).toContain(`ours: input ${ours.sum.input}`);
    expect(message).toContain(`ccusage: input ${off.sum.input}`);
    expect(message).toContain(`cache read ${off.sum.cacheRead}`);
    expect(sumsDisagreement(ours, { days: ccusage.days, sum: { ...ccusage.sum, cost: ours.sum.cost + 0.02 } })).toMatch(
      /^ours: .*; ccusage: /,
    );
  });

  it("writes the corpus's files where Claude Code keeps them", () => {
    const files = jsonlFiles(root).map((file) => path.relative(root, file));
    expect(files).toHaveLength(corpus.files);
    expect(corpus.files).toBe(sessions + Math.ceil(sessions / 5));
    for (const file of files)
      expect(file).toMatch(
        /^projects\/-home-user-project-\d\/[0-9a-f-]{36}(?:\.jsonl|\/subagents\/agent-a[0-9a-f]+\.jsonl)$/,
      );
  });
});

describe("the generated Claude Code corpus", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-usage-corpus-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function digest(root: string): string {
    const hash = createHash("sha256");
    for (const file of jsonlFiles(root)) hash.update(path.relative(root, file)).update(readFileSync(file));
    return hash.digest("hex");
  }

  it("is the same for the same seed and another for another", () => {
    const options = { sessions: 6, turnsPerSession: 4 };
    const first = writeClaudeCodeCorpus(path.join(folder, "a"), options);
    const again = writeClaudeCodeCorpus(path.join(folder, "b"), options);
    writeClaudeCodeCorpus(path.join(folder, "c"), { ...options, seed: 2 });
    expect(again).toEqual(first);
    expect(digest(path.join(folder, "b"))).toBe(digest(path.join(folder, "a")));
    expect(digest(path.join(folder, "c"))).not.toBe(digest(path.join(folder, "a")));
  });

  it("gives every session its own ids, mixes the models, and links each sub-agent to its parent", () => {
    const root = path.join(folder, "ids");
    writeClaudeCodeCorpus(root, { sessions: 10, turnsPerSession: 6 });
    type Line = AssistantRecord & { sessionId: string; isSidechain: boolean; agentId?: string };
    const files = jsonlFiles(root).map((file) => ({
      file,
      subAgent: file.includes(`${path.sep}subagents${path.sep}`),
      records: readFileSync(file, "utf8")
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as Line),
    }));
    const sessionFiles = files.filter((entry) => !entry.subAgent);
    const agentFiles = files.filter((entry) => entry.subAgent);
    // A session file is named by its session id, which every record carries; no two sessions share one.
    expect(sessionFiles.map((entry) => path.basename(entry.file, ".jsonl"))).toEqual(
      sessionFiles.map((entry) => entry.records[0]?.sessionId),
    );
    expect(new Set(sessionFiles.flatMap((entry) => entry.records.map((record) => record.sessionId))).size).toBe(10);
    expect(new Set(sessionFiles.flatMap((entry) => entry.records.map((record) => record.isSidechain)))).toEqual(
      new Set([false]),
    );
    // Every 5th session has a sub-agent: in `<session>/subagents/agent-<id>.jsonl`, every record a sidechain with the
    // agent's id and the parent's session id, started by a Task call in the parent whose result names the agent.
    expect(agentFiles).toHaveLength(2);
    for (const { file, records } of agentFiles) {
      const parent = `${path.dirname(path.dirname(file))}.jsonl`;
      const agentId = records[0]?.agentId ?? "";
      expect(path.basename(file)).toBe(`agent-${agentId}.jsonl`);
      expect(new Set(records.map((record) => `${record.isSidechain} ${record.agentId} ${record.sessionId}`))).toEqual(
        new Set([`true ${agentId} ${path.basename(parent, ".jsonl")}`]),
      );
      const parentText = readFileSync(parent, "utf8");
      expect(parentText).toContain('"name":"Task"');
      expect(parentText).toContain(`"agentId":"${agentId}"`);
    }
    // A response's two records share their message id and request id; no two responses anywhere share either.
    const responses = files.flatMap(({ file, records }) =>
      records
        .filter((record) => record.type === "assistant")
        .map((record) => ({ owner: `${file} ${record.message?.id}`, ids: [record.message?.id, record.requestId] })),
    );
    const owners = new Map<unknown, Set<string>>();
    for (const { owner, ids } of responses)
      for (const id of ids) owners.set(id, (owners.get(id) ?? new Set()).add(owner));
    expect([...owners.values()].filter((found) => found.size !== 1)).toEqual([]);
    expect(owners.size).toBe(responses.length);
    const models = new Set(files.flatMap(({ records }) => records.map((record) => record.message?.model)));
    models.delete(undefined);
    expect([...models].sort()).toEqual([...claudeCodeCorpusModels].sort());
  });
});
