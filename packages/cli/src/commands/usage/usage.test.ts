// `usage` as a user runs it: on the real sessions it agrees with `stats` and with a count made here from the raw files
// by each agent's own rule; days follow the time zone; filters, breakdowns, blocks and the default folders.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Cost } from "@agent-transcript/core";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { RunStats, StatsReport } from "../../run-stats.js";
import type { BlockRow, PeriodRow, SessionRow } from "./report.js";
import type { UsageReport } from "./run.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "usage-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

async function usageOf(...argv: string[]): Promise<UsageReport> {
  const result = await cli("usage", ...argv, "--json", "--timezone", "UTC");
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as UsageReport;
}

async function statsOf(file: string): Promise<StatsReport> {
  const result = await cli("stats", file, "--json");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as StatsReport;
}

/** The fields of the agents' records this count reads. */
interface RawRecord {
  type?: string;
  id?: string;
  requestId?: string;
  message?: { id?: string; usage?: Record<string, number> };
  payload?: { type?: string; info?: { total_token_usage?: Record<string, number> } };
  tokens?: Record<string, number>;
}

/** Each JSON line of a file; a line that is not JSON is left out, as the agents' own readers do. */
function records(file: string): RawRecord[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      try {
        const value = JSON.parse(line) as unknown;
        return typeof value === "object" && value !== null ? [value as RawRecord] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Tokens counted from the raw files by each agent's rule, without our importers: Claude Code's assistant records once
 * per message id and request id (the last record of a streamed message, which carries its final usage), the session's
 * sub-agent files included; Codex's last cumulative `token_count`; Gemini CLI's messages once per id (the last
 * upsert), thoughts counted as output.
 */
function independentTokens(format: string, file: string): { input: number; output: number } | null {
  if (format === "claude-code") {
    const files = [file];
    const subagents = path.join(path.dirname(file), path.basename(file, ".jsonl"), "subagents");
    if (existsSync(subagents))
      for (const name of readdirSync(subagents).sort())
        if (name.endsWith(".jsonl")) files.push(path.join(subagents, name));
    let input = 0;
    let output = 0;
    let any = false;
    for (const each of files) {
      const byKey = new Map<string, Record<string, number>>();
      records(each).forEach((record, index) => {
        const usage = record.message?.usage;
        if (record.type !== "assistant" || record.message === undefined || usage === undefined) return;
        byKey.set(
          record.message.id === undefined ? `line ${index}` : `${record.message.id} ${record.requestId ?? ""}`,
          usage,
        );
      });
      for (const usage of byKey.values()) {
        any = true;
        input +=
          (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
        output += usage.output_tokens ?? 0;
      }
    }
    return any ? { input, output } : null;
  }
  if (format === "codex") {
    let last: Record<string, number> | undefined;
    for (const record of records(file))
      if (
        record.type === "event_msg" &&
        record.payload?.type === "token_count" &&
        record.payload.info?.total_token_usage
      )
        last = record.payload.info.total_token_usage;
    return last === undefined ? null : { input: last.input_tokens ?? 0, output: last.output_tokens ?? 0 };
  }
  if (format === "gemini-cli") {
    const messages = file.endsWith(".jsonl")
      ? records(file)
      : ((JSON.parse(readFileSync(file, "utf8")) as { messages?: RawRecord[] }).messages ?? []);
    const byId = new Map<string, Record<string, number>>();
    messages.forEach((message, index) => {
      if (message.tokens !== undefined)
        byId.set(typeof message.id === "string" ? message.id : `#${index}`, message.tokens);
    });
    if (byId.size === 0) return null;
    let input = 0;
    let output = 0;
    for (const tokens of byId.values()) {
      input += tokens.input ?? 0;
      output += (tokens.output ?? 0) + (tokens.thoughts ?? 0);
    }
    return { input, output };
  }
  throw new Error(`no independent count for ${format}`);
}

/** A run's own and rolled-up totals as `stats` gives them, next to a session row's, through the whole tree. */
function expectSameTree(row: SessionRow, stats: RunStats): void {
  expect(row.runId).toBe(stats.runId);
  expect(row.own.usage).toEqual(stats.own.usage);
  expect(row.own.cost).toEqual(stats.own.cost);
  expect(row.includingChildren.usage).toEqual(stats.includingChildren.usage);
  expect(row.includingChildren.cost).toEqual(stats.includingChildren.cost);
  expect(row.includingChildren.pricedAmount).toBe(stats.includingChildren.pricedAmount);
  const withCalls = stats.children.filter((child) => child.includingChildren.usage !== null);
  expect(row.children.map((child) => child.runId)).toEqual(withCalls.map((child) => child.runId));
  row.children.forEach((child, index) => expectSameTree(child, withCalls[index] as RunStats));
}

const sessionFixtures = loadRealFixtures().flatMap((fixture) =>
  fixture.classification.category === "agent-session" && fixture.classification.role !== "prompt-log"
    ? [{ file: fixture.file, format: fixture.classification.format }]
    : [],
);

describe("usage session on every real session fixture", () => {
  it("has fixtures of every agent to check", () => {
    expect(new Set(sessionFixtures.map((fixture) => fixture.format))).toEqual(
      new Set(["claude-code", "codex", "gemini-cli"]),
    );
  });

  it.each(sessionFixtures)(
    "$file: totals equal stats, tokens equal the agent's own count",
    async ({ file, format }) => {
      const input = path.join(realFixturesRoot(), file);
      const stats = await statsOf(input);
      const usage = await usageOf("session", input);
      const [run] = stats.runs as [RunStats];
      const counted = run.includingChildren.usage;
      // A session without usage has no row, and its raw file holds no usage either.
      expect(usage.rows).toHaveLength(counted === null ? 0 : 1);
      expect(independentTokens(format, input)).toEqual(
        counted === null ? null : { input: counted.input_tokens, output: counted.output_tokens },
      );
      expect(usage.totals.usage).toEqual(stats.totals.usage);
      expect(usage.totals.cost).toEqual(stats.totals.cost);
      for (const row of usage.rows as SessionRow[]) expectSameTree(row, run);
    },
  );
});

/** A document of ours whose assistant messages are model calls at the given times. */
function writeDocument(file: string, calls: Array<{ at?: string; model?: string; input: number; output: number }>) {
  const messages = calls.map((call, index) => ({
    id: `m${index}`,
    role: "assistant",
    ...(call.at === undefined ? {} : { created_at: call.at }),
    ...(call.model === undefined ? {} : { model: call.model }),
    parts: [{ type: "text", text: `answer ${index}` }],
    usage: { input_tokens: call.input, output_tokens: call.output },
  }));
  writeFileSync(file, JSON.stringify({ schema_version: "1.0.0", id: path.basename(file, ".json"), messages }));
  return file;
}

describe("usage by day, week and month", () => {
  const spotter = () => path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");

  it("adds up, over a folder of sessions and their sub-agents, to what stats counts for it", async () => {
    const stats = await statsOf(spotter());
    for (const kind of ["daily", "weekly", "monthly"]) {
      const usage = await usageOf(kind, spotter());
      const rows = usage.rows as PeriodRow[];
      expect(rows.length).toBeGreaterThan(0);
      expect(usage.totals.usage).toEqual(stats.totals.usage);
      expect(usage.totals.calls).toBe(rows.reduce((sum, row) => sum + row.totals.calls, 0));
      const amount = (cost: Cost | null) => (cost !== null && cost.status !== "unknown" ? cost.amount : 0);
      expect(amount(usage.totals.cost)).toBeCloseTo(amount(stats.totals.cost), 9);
      expect(rows.reduce((sum, row) => sum + row.totals.usage!.output_tokens, 0)).toBe(
        stats.totals.usage!.output_tokens,
      );
    }
  });

  it("counts days in the time zone asked for", async () => {
    const file = writeDocument(path.join(directory, "late.json"), [
      { at: "2026-03-01T23:30:00Z", model: "claude-sonnet-4-5", input: 100, output: 10 },
      { at: "2026-03-02T00:30:00Z", model: "claude-sonnet-4-5", input: 200, output: 20 },
    ]);
    const utc = await usageOf("daily", file);
    expect((utc.rows as PeriodRow[]).map((row) => [row.period, row.totals.calls])).toEqual([
      ["2026-03-01", 1],
      ["2026-03-02", 1],
    ]);
    const result = await cli("usage", "daily", file, "--json", "--timezone", "America/New_York");
    const newYork = JSON.parse(result.stdout) as UsageReport;
    expect((newYork.rows as PeriodRow[]).map((row) => [row.period, row.totals.calls])).toEqual([["2026-03-01", 2]]);
    const tokyo = JSON.parse((await cli("usage", file, "--json", "--timezone", "Asia/Tokyo")).stdout) as UsageReport;
    expect(tokyo.report).toBe("daily");
    expect((tokyo.rows as PeriodRow[]).map((row) => row.period)).toEqual(["2026-03-02"]);
  });

  it("keeps the days named, inclusive, and says how many calls without a time it left out", async () => {
    const file = writeDocument(path.join(directory, "days.json"), [
      { at: "2026-03-01T12:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-02T12:00:00Z", model: "claude-sonnet-4-5", input: 2, output: 2 },
      { at: "2026-03-03T12:00:00Z", model: "claude-sonnet-4-5", input: 4, output: 4 },
      { model: "claude-sonnet-4-5", input: 8, output: 8 },
    ]);
    const all = await usageOf(file);
    expect((all.rows as PeriodRow[]).map((row) => row.period)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "undated",
    ]);
    const result = await cli(
      "usage",
      file,
      "--since",
      "20260302",
      "--until",
      "2026-03-02",
      "--json",
      "--timezone",
      "UTC",
    );
    expect(result.code).toBe(0);
    const bounded = JSON.parse(result.stdout) as UsageReport;
    expect((bounded.rows as PeriodRow[]).map((row) => [row.period, row.totals.usage?.input_tokens])).toEqual([
      ["2026-03-02", 2],
    ]);
    expect(bounded.undatedCalls).toBe(1);
    expect(result.stderr).toMatch(/1 model call without a time left out: the report names days/);
  });

  it("starts weeks on the day asked for", async () => {
    // 2026-03-01 is a Sunday.
    const file = writeDocument(path.join(directory, "week.json"), [
      { at: "2026-02-28T12:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-01T12:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-02T12:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
    ]);
    const monday = await usageOf("weekly", file);
    expect((monday.rows as PeriodRow[]).map((row) => [row.period, row.totals.calls])).toEqual([
      ["2026-02-23", 2],
      ["2026-03-02", 1],
    ]);
    const sunday = await usageOf("weekly", file, "--week-starts", "sunday");
    expect((sunday.rows as PeriodRow[]).map((row) => [row.period, row.totals.calls])).toEqual([
      ["2026-02-22", 1],
      ["2026-03-01", 2],
    ]);
    const monthly = await usageOf("monthly", file);
    expect((monthly.rows as PeriodRow[]).map((row) => [row.period, row.totals.calls])).toEqual([
      ["2026-02", 1],
      ["2026-03", 2],
    ]);
  });

  it("breaks each day down by model, project or agent, the parts adding up to the day", async () => {
    const folder = path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples");
    for (const by of ["model", "project", "agent"]) {
      const usage = await usageOf(folder, "--by", by);
      expect(usage.breakdown).toBe(by);
      for (const row of usage.rows as PeriodRow[]) {
        expect(row.breakdown!.length).toBeGreaterThan(0);
        expect(row.breakdown!.reduce((sum, part) => sum + part.totals.calls, 0)).toBe(row.totals.calls);
        expect(row.breakdown!.reduce((sum, part) => sum + part.totals.usage!.total_tokens!, 0)).toBe(
          row.totals.usage!.total_tokens,
        );
      }
    }
    const byAgent = await usageOf(folder, "--by", "agent");
    const agents = new Set((byAgent.rows as PeriodRow[]).flatMap((row) => row.breakdown!.map((part) => part.key)));
    expect(agents).toEqual(new Set(["claude-code", "codex", "gemini-cli"]));
  });

  it("says a cost it cannot know is unknown, with the priced part, never zero", async () => {
    const file = writeDocument(path.join(directory, "mixed.json"), [
      // $3 a million input tokens (below the long-context tier, which starts past 200,000 in one call).
      { at: "2026-03-01T12:00:00Z", model: "claude-sonnet-4-5", input: 100_000, output: 0 },
      { at: "2026-03-01T13:00:00Z", model: "house-model-7", input: 10, output: 10 },
    ]);
    const usage = await usageOf(file);
    expect(usage.totals.cost).toMatchObject({ status: "unknown" });
    expect(usage.totals.pricedAmount).toBeCloseTo(0.3, 9);
    expect(usage.totals.unpricedCalls).toEqual({ "house-model-7": 1 });
    const table = await cli("usage", file, "--timezone", "UTC");
    expect(table.stdout).toMatch(/2026-03-01 .*\$0\.3000 \+ \?/);
    expect(table.stdout).toMatch(/\? no price for house-model-7 \(1 call\): their cost is unknown, not zero/);
  });
});

describe("usage session", () => {
  it("rolls each session's sub-agents up, own and with children, and lists them under it", async () => {
    const file = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
    );
    const usage = await usageOf("session", file);
    const [session] = usage.rows as [SessionRow];
    expect(session.agent).toBe("claude-code");
    expect(session.gitBranch).toBe("spotter-a0y");
    expect(session.project).toBe("/home/USER/projects/spotter-worktrees/spotter-a0y");
    expect(session.children.map((child) => child.title)).toEqual([
      "Explore existing codebase",
      "Explore sync and transcript code",
      "compaction",
    ]);
    const childTokens = session.children.reduce((sum, child) => sum + child.includingChildren.usage!.total_tokens!, 0);
    expect(session.own.usage!.total_tokens! + childTokens).toBe(session.includingChildren.usage!.total_tokens);
    const table = await cli("usage", "session", file, "--timezone", "UTC");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Last activity +Agent +Project +Total tokens +Own cost +With sub-agents +Session$/m);
    expect(table.stdout).toMatch(/^ +[\d,]+ +\$[\d.]+ +\$[\d.]+ +└ Explore existing codebase$/m);
  });

  it("counts only the calls on the days named, and leaves out a session with none", async () => {
    const folder = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
    const all = await usageOf("session", folder);
    const days = new Set((all.rows as SessionRow[]).map((row) => (row.lastActivity as string).slice(0, 10)));
    expect(days.size).toBeGreaterThan(1);
    const first = [...days].sort()[0] as string;
    const bounded = await usageOf("session", folder, "--until", first);
    expect(bounded.rows.length).toBeGreaterThan(0);
    expect(bounded.rows.length).toBeLessThan(all.rows.length);
    for (const row of bounded.rows as SessionRow[])
      expect((row.lastActivity as string).slice(0, 10) <= first).toBe(true);
  });
});

describe("usage blocks", () => {
  it("opens a 5-hour block at a call's hour, and the next after it ends or after five idle hours", async () => {
    const file = writeDocument(path.join(directory, "blocks.json"), [
      { at: "2026-03-01T10:10:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-01T14:59:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-01T15:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
      { at: "2026-03-02T09:00:00Z", model: "claude-sonnet-4-5", input: 1, output: 1 },
    ]);
    const usage = await usageOf("blocks", file);
    const rows = usage.rows as BlockRow[];
    expect(rows.map((row) => [row.start, row.end, row.totals.calls, row.active])).toEqual([
      ["2026-03-01T10:00:00.000Z", "2026-03-01T15:00:00.000Z", 2, false],
      ["2026-03-01T15:00:00.000Z", "2026-03-01T20:00:00.000Z", 1, false],
      ["2026-03-02T09:00:00.000Z", "2026-03-02T14:00:00.000Z", 1, false],
    ]);
    expect(rows.map((row) => row.gapBeforeMs)).toEqual([null, 60_000, 18 * 3_600_000]);
    const table = await cli("usage", "blocks", file, "--timezone", "UTC");
    expect(table.stdout).toMatch(/\(18 h 0 min without calls\)/);
  });

  it("shows the open block's burn rate and where it leads", async () => {
    const now = Date.now();
    const file = writeDocument(path.join(directory, "open.json"), [
      { at: new Date(now - 30 * 60_000).toISOString(), model: "claude-sonnet-4-5", input: 1_000_000, output: 0 },
    ]);
    const usage = await usageOf("blocks", file);
    const [block] = usage.rows as [BlockRow];
    expect(block.active).toBe(true);
    expect(block.burn?.projectedCost).toBeGreaterThan(3);
  });
});

describe("usage and runs on hostile input", () => {
  it("let no control character of a model, title, agent, project or run id reach the table, on a terminal or a pipe", async () => {
    const hostile = ["\u001b]0;pwned\u0007", "\u001b[2J", "\u009b2J", "ok\rFAIL", "\u202e", "\b\b", "\u007f"];
    hostile.forEach((text, index) =>
      writeFileSync(
        path.join(directory, `hostile-${index}.json`),
        JSON.stringify({
          schema_version: "1.0.0",
          id: `run${text}`,
          title: `title${text}`,
          producer: { name: `agent${text}` },
          messages: [
            {
              id: "m0",
              role: "assistant",
              created_at: "2026-03-01T12:00:00Z",
              model: `model${text}`,
              parts: [{ type: "text", text: "hi" }],
              usage: { input_tokens: 10, output_tokens: 1 },
            },
          ],
        }),
      ),
    );
    const controls = (text: string) =>
      [...text].filter((character) => {
        const code = character.codePointAt(0) as number;
        return character !== "\n" && (code < 0x20 || (code >= 0x7f && code < 0xa0) || character === "\u202e");
      });
    for (const argv of [
      ["usage", "daily", directory, "--by", "model"],
      ["usage", "daily", directory, "--by", "agent"],
      ["usage", "session", directory],
      ["usage", "blocks", directory],
      ["runs", directory, "--tree"],
    ])
      for (const stdoutIsTerminal of [true, false]) {
        const io = captureIo("", { stdoutIsTerminal, columns: 300 });
        expect(await run([...argv, "--timezone", "UTC"], io.io)).toBe(0);
        expect(controls(io.stdout()), `${argv.join(" ")} ${stdoutIsTerminal ? "terminal" : "pipe"}`).toEqual([]);
        expect(controls(io.stderr())).toEqual([]);
        expect(io.stdout()).toContain("\\u001b");
      }
  });
});

describe("usage: inputs, options and output", () => {
  it("reads every agent's own folder when no input is named, from the variables the agents honour", async () => {
    const home = path.join(directory, "home");
    const claude = path.join(directory, "claude-config");
    mkdirSync(path.join(claude, "projects", "-home-me-app"), { recursive: true });
    cpSync(
      path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl"),
      path.join(claude, "projects", "-home-me-app", "short.jsonl"),
    );
    const codex = path.join(directory, "codex-home");
    mkdirSync(path.join(codex, "sessions", "2025", "12", "09"), { recursive: true });
    cpSync(
      path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl"),
      path.join(codex, "sessions", "2025", "12", "09", "rollout-2025-12-09T19-55-16-019b04ae.jsonl"),
    );
    const gemini = path.join(directory, "gemini-home");
    mkdirSync(path.join(gemini, ".gemini", "tmp", "9126edde", "chats"), { recursive: true });
    cpSync(
      path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/gemini_session.json"),
      path.join(gemini, ".gemini", "tmp", "9126edde", "chats", "session-2025-12-09T19-51-f0a689a6.json"),
    );
    mkdirSync(home);
    const saved = { ...process.env };
    Object.assign(process.env, { HOME: home, CLAUDE_CONFIG_DIR: claude, CODEX_HOME: codex, GEMINI_CLI_HOME: gemini });
    try {
      const result = await cli("usage", "session", "--json", "--timezone", "UTC");
      expect(result.code).toBe(0);
      const usage = JSON.parse(result.stdout) as UsageReport;
      expect(usage.inputs).toEqual([
        path.join(claude, "projects"),
        path.join(codex, "sessions"),
        path.join(gemini, ".gemini", "tmp"),
      ]);
      expect((usage.rows as SessionRow[]).map((row) => row.agent).sort()).toEqual([
        "claude-code",
        "codex",
        "gemini-cli",
      ]);
      // Nothing there at all: said plainly, with where it looked.
      Object.assign(process.env, { CLAUDE_CONFIG_DIR: home, CODEX_HOME: home, GEMINI_CLI_HOME: home });
      const none = await cli("usage");
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(/no agent sessions found: looked in .*projects.*sessions.*\.gemini\/tmp/);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it("refuses what it cannot take, as a usage error that names it", async () => {
    const file = writeDocument(path.join(directory, "one.json"), [{ at: "2026-03-01T12:00:00Z", input: 1, output: 1 }]);
    const cases: Array<[string[], RegExp]> = [
      [["--timezone", "Mars/Olympus"], /--timezone: "Mars\/Olympus" is no time zone/],
      [["--since", "2026-02-30"], /--since takes a day as YYYY-MM-DD or YYYYMMDD, not "2026-02-30"/],
      [["--since", "2026-03-02", "--until", "2026-03-01"], /--since 2026-03-02 is after --until 2026-03-01/],
      [["--by", "colour"], /--by takes model, project, agent, not "colour"/],
      [["--week-starts", "someday"], /--week-starts takes a day of the week/],
    ];
    for (const [flags, message] of cases) {
      const result = await cli("usage", file, ...flags);
      expect(result.code, flags.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const misplaced = await cli("usage", file, "session");
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/the report comes first: agent-transcript usage session/);
    const session = await cli("usage", "session", file, "--by", "model");
    expect(session.code).toBe(2);
  });

  it("fits its table to the terminal, leaving out the least needed columns first", async () => {
    const folder = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
    const wide = captureIo("", { stdoutIsTerminal: true, columns: 200 });
    expect(await run(["usage", folder, "--timezone", "UTC", "-q"], wide.io)).toBe(0);
    expect(wide.stdout()).toMatch(/^Date +Input +Output +Cache write +Cache read +Total tokens +Cost +Models$/m);
    const narrow = captureIo("", { stdoutIsTerminal: true, columns: 50 });
    expect(await run(["usage", folder, "--timezone", "UTC", "-q"], narrow.io)).toBe(0);
    const lines = narrow.stdout().trimEnd().split("\n");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
    expect(lines[0]).toMatch(/^Date +Input +Output +Total tokens +Cost$/);
    const narrowest = captureIo("", { stdoutIsTerminal: true, columns: 40 });
    expect(await run(["usage", folder, "--timezone", "UTC", "-q"], narrowest.io)).toBe(0);
    expect(narrowest.stdout().split("\n")[0]).toMatch(/^Date +Total tokens +Cost$/);
  });
});
