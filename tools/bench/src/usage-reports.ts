// `agent-transcript usage daily` against ccusage's `daily` on the same generated Claude Code folder (1,000 sessions of
// 250 turns in a full run): time and peak memory of each side, both run as the shell would run them, each a child
// process whose answer is drained from a pipe. Ours reads the sessions cold, with no index or cache of earlier runs.
// Before any timing both reports are read and compared: a faster report that counts other tokens would be no result.
// Two ccusages: 20.0.24, whose npm package starts a native Rust binary (what `npx ccusage` installs today), and 18.0.11,
// the last written in JavaScript that runs on Node 20 (19.x asks for Node 22; 20.x is the native one): a reader in
// Node is measured against a reader in Node, and against the native one beside it.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeClaudeCodeCorpus } from "@agent-transcript/fixtures/claude-code-corpus";
import { runMeasured, type ProcessSample } from "./event-log-queries.js";
import { median, verdictOfEvery, type Verdict } from "./measure.js";

export const usageBenchmarkIds = [
  "usage-daily-cold-vs-ccusage",
  "usage-daily-cold-vs-ccusage-javascript",
  "usage-daily-warm-index-vs-ccusage",
  "index-unchanged-vs-first-index",
  "search-latency-on-index",
] as const;
export type UsageBenchmarkId = (typeof usageBenchmarkIds)[number];

export function isUsageBenchmarkId(value: string): value is UsageBenchmarkId {
  return (usageBenchmarkIds as readonly string[]).includes(value);
}

/**
 * The targets: a cold daily report (no index) no slower than ccusage's, the JavaScript one's and the native one's; one
 * from a warm index ten times faster than the native one's; an indexing with nothing changed within 5% of the first
 * indexing's time; a search's 95th percentile under 50 ms (a time, not a ratio: `maxRatio` is then milliseconds).
 */
const maxRatios: Record<UsageBenchmarkId, number> = {
  "usage-daily-cold-vs-ccusage": 1,
  "usage-daily-cold-vs-ccusage-javascript": 1,
  "usage-daily-warm-index-vs-ccusage": 0.1,
  "index-unchanged-vs-first-index": 0.05,
  "search-latency-on-index": 50,
};

/** The first indexing's peak resident memory, at most (the index reads one run at a time). */
export const maxIndexingPeakBytes = 300 * 1024 * 1024;

export const usageCorpusSizes = {
  full: { sessions: 1000, turnsPerSession: 250 },
  quick: { sessions: 40, turnsPerSession: 50 },
} as const;

/** The prices come from two databases (ours is @pydantic/genai-prices, ccusage's LiteLLM's): a cent apart at most. */
export const maxCostDifference = 0.01;

const builtCli = fileURLToPath(new URL("../../../packages/cli/dist/bin.js", import.meta.url));

/**
 * ccusage's own binary. Its npm command is a node script that starts a static native binary with inherited stdio and
 * waits for it: timing the script would add node's start-up to ccusage's side, and polling its memory would measure
 * node, not ccusage. The binary is what the script runs, with the same arguments.
 */
export function ccusageBinary(): string {
  const fromBench = createRequire(import.meta.url);
  const fromCcusage = createRequire(fromBench.resolve("ccusage/package.json"));
  const binary = `@ccusage/ccusage-${process.platform}-${process.arch}/bin/ccusage${process.platform === "win32" ? ".exe" : ""}`;
  let resolved: string;
  try {
    resolved = fromCcusage.resolve(binary);
  } catch (error) {
    throw new Error(`ccusage's native binary ${binary} is not installed (an optional dependency of ccusage)`, {
      cause: error,
    });
  }
  // The package ships the binary without its execute bits (pnpm installs it as packed); ccusage's own launcher sets
  // them before its first run, and so does this, or a fresh install cannot start it (EACCES).
  const mode = statSync(resolved).mode;
  if (process.platform !== "win32" && (mode & 0o111) !== 0o111) chmodSync(resolved, mode | 0o111);
  return resolved;
}

/** ccusage 18.0.11's command, a Node script (installed under the alias `ccusage-javascript`). */
export function ccusageJavascriptScript(): string {
  const fromBench = createRequire(import.meta.url);
  const folder = path.dirname(fromBench.resolve("ccusage-javascript/package.json"));
  return path.join(folder, "dist", "index.js");
}

/** Which ccusage a report is compared with: the native binary (20.0.24) or the JavaScript one (18.0.11). */
export type CcusageSide = "native" | "javascript";

/** How each ccusage is named in the report: its version and what it is, as its label and its title say it. */
const ccusageVersions: Record<CcusageSide, { label: string; title: string }> = {
  native: { label: "20.0.24, native", title: "20.0.24, a native binary" },
  javascript: { label: "18.0.11, JavaScript", title: "18.0.11, the last in JavaScript" },
};

const ccusageDailyArguments = ["daily", "--json", "--offline", "--timezone", "UTC"];

/** The commands, as [program, arguments]; ours from the run index in `database` when one is named. */
export function dailyCommands(database?: string): {
  ccusage: Record<CcusageSide, [string, string[]]>;
  ours: [string, string[]];
  index: [string, string[]];
} {
  if (!existsSync(builtCli))
    throw new Error(`${builtCli} is missing: build the command first (pnpm build, or pnpm bench, which builds it)`);
  const fromIndex = database === undefined ? [] : ["--index", "--database", database];
  return {
    ccusage: {
      native: [ccusageBinary(), ccusageDailyArguments],
      javascript: [process.execPath, [ccusageJavascriptScript(), ...ccusageDailyArguments]],
    },
    ours: [process.execPath, [builtCli, "usage", "daily", "--json", "--timezone", "UTC", ...fromIndex]],
    // With no path it indexes each agent's own folder: CLAUDE_CONFIG_DIR's projects here, as a user's.
    index: [process.execPath, [builtCli, "index", "--database", database ?? "index.sqlite", "--quiet"]],
  };
}

/**
 * The environment both sides run in: the corpus as Claude Code's config folder, and a home of their own that holds
 * nothing, so that neither finds the sessions of the machine's user or another agent's folder (both read Codex's and
 * others' by default). Nothing else is inherited: a CODEX_HOME or XDG_CONFIG_HOME of the caller would be read too.
 */
export function usageEnvironment(claudeConfigDir: string, home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    TZ: "UTC",
    CLAUDE_CONFIG_DIR: claudeConfigDir,
    NO_COLOR: "1",
  };
}

/** Tokens by kind (input is fresh input: the cache's reads and writes are counted apart) and the cost in dollars. */
export interface DailyTotals {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  cost: number;
}

/** A daily report reduced to what both tools say: each day's totals, and their sum over the days. */
export interface DailyReport {
  days: Record<string, DailyTotals>;
  sum: DailyTotals;
}

const zero = (): DailyTotals => ({ input: 0, output: 0, cacheWrite: 0, cacheRead: 0, cost: 0 });

function add(total: DailyTotals, more: DailyTotals): void {
  total.input += more.input;
  total.output += more.output;
  total.cacheWrite += more.cacheWrite;
  total.cacheRead += more.cacheRead;
  total.cost += more.cost;
}

export const tokensOf = (totals: DailyTotals): number =>
  totals.input + totals.output + totals.cacheWrite + totals.cacheRead;

function field(value: unknown, key: string, what: string): unknown {
  if (typeof value !== "object" || value === null || !(key in value))
    throw new Error(`${what} has no ${JSON.stringify(key)}`);
  return (value as Record<string, unknown>)[key];
}

function count(value: unknown, key: string, what: string): number {
  const found = field(value, key, what);
  if (typeof found !== "number" || !Number.isFinite(found))
    throw new Error(`${what}.${key} is not a number: ${JSON.stringify(found)}`);
  return found;
}

function list(value: unknown, key: string, what: string): unknown[] {
  const found = field(value, key, what);
  if (!Array.isArray(found)) throw new Error(`${what}.${key} is not an array`);
  return found;
}

function report(days: Record<string, DailyTotals>): DailyReport {
  const sum = zero();
  for (const day of Object.values(days)) add(sum, day);
  return { days, sum };
}

/**
 * ccusage's `daily --json`: `daily[]`, a row per day with its tokens by kind and `totalCost`; the day is `period` in
 * 20.x and `date` in 18.x.
 */
export function readCcusageDaily(text: string): DailyReport {
  const parsed: unknown = JSON.parse(text);
  const days: Record<string, DailyTotals> = Object.create(null) as Record<string, DailyTotals>;
  for (const [index, row] of list(parsed, "daily", "ccusage's report").entries()) {
    const what = `ccusage's daily[${index}]`;
    const key = typeof row === "object" && row !== null && "date" in row && !("period" in row) ? "date" : "period";
    const period = field(row, key, what);
    if (typeof period !== "string") throw new Error(`${what}.${key} is not a day`);
    days[period] = {
      input: count(row, "inputTokens", what),
      output: count(row, "outputTokens", what),
      cacheWrite: count(row, "cacheCreationTokens", what),
      cacheRead: count(row, "cacheReadTokens", what),
      cost: count(row, "totalCost", what),
    };
  }
  return report(days);
}

/**
 * Ours, `usage daily --json`: `rows[]`, a day each, with `totals.usage` (whose input_tokens include the cache's reads
 * and writes) and `totals.cost`, whose amount is there only when every call of the day had a price.
 */
export function readOurDaily(text: string): DailyReport {
  const parsed: unknown = JSON.parse(text);
  const days: Record<string, DailyTotals> = Object.create(null) as Record<string, DailyTotals>;
  for (const [index, row] of list(parsed, "rows", "our report").entries()) {
    const what = `our rows[${index}]`;
    const period = field(row, "period", what);
    if (typeof period !== "string") throw new Error(`${what}.period is not a day`);
    const totals = field(row, "totals", what);
    const usage = field(totals, "usage", `${what}.totals`);
    const cost = field(totals, "cost", `${what}.totals`);
    const unpriced = field(totals, "unpricedCalls", `${what}.totals`);
    if (typeof unpriced === "object" && unpriced !== null && Object.keys(unpriced).length > 0)
      throw new Error(`our report has no price for some calls on ${period}: ${JSON.stringify(unpriced)}`);
    const cacheRead = count(usage, "cache_read_tokens", `${what}.totals.usage`);
    const cacheWrite = count(usage, "cache_write_tokens", `${what}.totals.usage`);
    days[period] = {
      input: count(usage, "input_tokens", `${what}.totals.usage`) - cacheRead - cacheWrite,
      output: count(usage, "output_tokens", `${what}.totals.usage`),
      cacheWrite,
      cacheRead,
      cost: count(cost, "amount", `${what}.totals.cost`),
    };
  }
  return report(days);
}

function describeTotals(totals: DailyTotals): string {
  return (
    `input ${totals.input}, output ${totals.output}, cache write ${totals.cacheWrite}, cache read ${totals.cacheRead} ` +
    `(${tokensOf(totals)} tokens), $${totals.cost.toFixed(4)}`
  );
}

/** Where the sums over the days differ (tokens of each kind exactly, cost beyond a cent), or undefined. */
export function sumsDisagreement(ours: DailyReport, ccusage: DailyReport): string | undefined {
  const { sum: mine } = ours;
  const { sum: theirs } = ccusage;
  const tokensDiffer =
    mine.input !== theirs.input ||
    mine.output !== theirs.output ||
    mine.cacheWrite !== theirs.cacheWrite ||
    mine.cacheRead !== theirs.cacheRead;
  if (!tokensDiffer && Math.abs(mine.cost - theirs.cost) <= maxCostDifference) return undefined;
  return `ours: ${describeTotals(mine)}; ccusage: ${describeTotals(theirs)}`;
}

/** Runs a command to its end and returns its stdout, failing with its stderr. */
function output(command: string, args: readonly string[], env: NodeJS.ProcessEnv): string {
  const child = spawnSync(command, [...args], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.error) throw new Error(`${command} could not run: ${child.error.message}`, { cause: child.error });
  if (child.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} exited with ${child.status ?? child.signal}: ${child.stderr.slice(0, 4096)}`,
    );
  return child.stdout;
}

/**
 * Both daily reports of the Claude Code folder `claudeConfigDir`, each tool run once in `usageEnvironment`; ours from
 * the run index in `database` when one is named (brought up to date by the report itself); ccusage's by `side`.
 */
export function dailyReports(
  claudeConfigDir: string,
  home: string,
  database?: string,
  side: CcusageSide = "native",
): { ours: DailyReport; ccusage: DailyReport } {
  const commands = dailyCommands(database);
  const env = usageEnvironment(claudeConfigDir, home);
  return {
    ccusage: readCcusageDaily(output(...commands.ccusage[side], env)),
    ours: readOurDaily(output(...commands.ours, env)),
  };
}

export interface UsageResult {
  readonly id: UsageBenchmarkId;
  readonly title: string;
  readonly baseline: { readonly label: string; readonly samples: readonly ProcessSample[] };
  readonly candidate: { readonly label: string; readonly samples: readonly ProcessSample[] };
  readonly corpus: { readonly sessions: number; readonly turnsPerSession: number; readonly files: number };
  readonly inputBytes: number;
  /** What both reports said before the timing, which they agreed on (the run fails otherwise). */
  readonly agreement: { readonly days: number; readonly ours: DailyTotals; readonly ccusage: DailyTotals };
  /** Median candidate time ÷ median baseline time; for the search, the 95th percentile in milliseconds. */
  readonly ratio: number;
  readonly maxRatio: number;
  readonly verdict: Verdict;
  /** The search's latencies (`search-latency-on-index` alone). */
  readonly search?: {
    readonly queries: number;
    readonly p50Ms: number;
    readonly p95Ms: number;
    readonly maxMs: number;
  };
}

/**
 * The queries a search is timed on: the words of the generated sessions, alone and together, common (every turn
 * says "module") and rare (one module's number with a turn's); each run through `searchIndex` as `search` runs it, in
 * this process, so the time is the query's, not a process start-up's.
 */
export function searchQueries(count: number): string[] {
  const common = ["module", "errors", "type check", "files OR errors", '"type-check module"', "fails"];
  const queries: string[] = [];
  for (let index = 0; queries.length < count; index += 1)
    queries.push(
      index % 4 === 0
        ? (common[(index / 4) % common.length] as string)
        : index % 4 === 1
          ? `module ${(index * 7) % 97} first`
          : index % 4 === 2
            ? `"npx tsc -p module-${(index * 13) % 97}"`
            : `turn ${(index * 31) % 250} check`,
    );
  return queries;
}

async function searchLatency(
  database: string,
  options: { quick: boolean; runs: number; log?: (line: string) => void },
): Promise<Pick<UsageResult, "title" | "baseline" | "candidate" | "ratio" | "maxRatio" | "verdict" | "search">> {
  const { openStore, searchIndex } = await import("@agent-transcript/cli/run-index");
  const opened = await openStore(database, { create: false, readOnly: true });
  try {
    const queries = searchQueries(options.quick ? 40 : 200);
    const times: number[] = [];
    // One pass to warm the page cache, as the reports are warmed; then each query timed once per run.
    for (const query of queries) await searchIndex(opened, query, {}, 20);
    for (let run = 0; run < options.runs; run += 1)
      for (const query of queries) {
        const started = performance.now();
        await searchIndex(opened, query, {}, 20);
        times.push(performance.now() - started);
      }
    times.sort((a, b) => a - b);
    const at = (fraction: number): number =>
      times[Math.min(times.length - 1, Math.floor(fraction * times.length))] as number;
    const p95 = at(0.95);
    const samples = times.map((ms) => ({ ms, peakRssBytes: 0 }));
    options.log?.(`search-latency-on-index: p50 ${at(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    return {
      title: "`search` on the run index: 95th percentile of a query's time (20 hits, bm25, snippets), in-process",
      baseline: { label: "—", samples: [] },
      candidate: { label: `${queries.length} queries × ${options.runs}`, samples },
      ratio: p95,
      maxRatio: maxRatios["search-latency-on-index"],
      verdict: p95 <= maxRatios["search-latency-on-index"] ? "meets" : "misses",
      search: { queries: queries.length, p50Ms: at(0.5), p95Ms: p95, maxMs: times.at(-1) as number },
    };
  } finally {
    await opened.close();
  }
}

/** Runs the selected usage benchmarks: `runs` samples of each side, alternating, on one generated folder. */
export async function runUsageBenchmarks(
  ids: readonly UsageBenchmarkId[],
  options: { quick: boolean; runs: number; log?: (line: string) => void },
): Promise<UsageResult[]> {
  if (ids.length === 0) return [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-usage-"));
  try {
    const claudeConfigDir = path.join(folder, "claude");
    const home = path.join(folder, "home");
    mkdirSync(home);
    const size = options.quick ? usageCorpusSizes.quick : usageCorpusSizes.full;
    options.log?.(`usage: writing ${size.sessions} Claude Code sessions of ${size.turnsPerSession} turns`);
    const corpus = writeClaudeCodeCorpus(claudeConfigDir, size);
    const database = path.join(folder, "index.sqlite");
    const removeDatabase = (): void => {
      for (const file of [database, `${database}-wal`, `${database}-shm`]) rmSync(file, { force: true });
    };
    const commands = dailyCommands(database);
    const cold = dailyCommands();
    const env = usageEnvironment(claudeConfigDir, home);
    const results: UsageResult[] = [];
    for (const id of ids) {
      const fromIndex = id !== "usage-daily-cold-vs-ccusage" && id !== "usage-daily-cold-vs-ccusage-javascript";
      const side: CcusageSide = id === "usage-daily-cold-vs-ccusage-javascript" ? "javascript" : "native";
      if (fromIndex && !existsSync(database)) {
        options.log?.(`${id}: indexing the folder once`);
        await runMeasured(...commands.index, env);
      }
      // Also the warm-up: both sides then read the files from the page cache, as every timed sample does.
      options.log?.(`${id}: checking that both reports agree`);
      const { ours, ccusage } = dailyReports(claudeConfigDir, home, fromIndex ? database : undefined, side);
      const disagreement = sumsDisagreement(ours, ccusage);
      if (disagreement !== undefined)
        throw new Error(`${id}: the two daily reports disagree on the same sessions; ${disagreement}`);
      const agreement = { days: Object.keys(ours.days).length, ours: ours.sum, ccusage: ccusage.sum };
      const common = { corpus: { ...size, files: corpus.files }, inputBytes: corpus.bytes, agreement };
      if (id === "search-latency-on-index") {
        results.push({ id, ...common, ...(await searchLatency(database, options)) });
        continue;
      }
      if (id === "index-unchanged-vs-first-index") {
        const first: ProcessSample[] = [];
        const again: ProcessSample[] = [];
        for (let sample = 0; sample < options.runs; sample += 1) {
          options.log?.(`${id}: sample ${sample + 1}/${options.runs}`);
          removeDatabase();
          first.push(await runMeasured(...commands.index, env));
          again.push(await runMeasured(...commands.index, env));
        }
        const ratios = again.map((entry, index) => entry.ms / (first[index] as ProcessSample).ms);
        const heavy = first.filter((entry) => entry.peakRssBytes > maxIndexingPeakBytes).length;
        const timeVerdict = verdictOfEvery(ratios, maxRatios[id]);
        results.push({
          id,
          title: `\`agent-transcript index\` with nothing changed vs the first indexing (peak memory of the first ≤ ${maxIndexingPeakBytes / 1024 / 1024} MiB)`,
          baseline: { label: "agent-transcript index (a new database)", samples: first },
          candidate: { label: "agent-transcript index (nothing changed)", samples: again },
          ...common,
          ratio: median(again.map((entry) => entry.ms)) / median(first.map((entry) => entry.ms)),
          maxRatio: maxRatios[id],
          // Over the memory bound on every sample misses; on some, borderline at best.
          verdict: heavy === 0 ? timeVerdict : heavy === first.length ? "misses" : "borderline",
        });
        continue;
      }
      const ourSide = fromIndex ? commands.ours : cold.ours;
      const sides = {
        baseline: [
          `ccusage daily --json --offline --timezone UTC (${ccusageVersions[side].label})`,
          ...commands.ccusage[side],
        ] as const,
        candidate: [
          `agent-transcript usage daily --json --timezone UTC${fromIndex ? " --index" : ""}`,
          ...ourSide,
        ] as const,
      };
      const baselineSamples: ProcessSample[] = [];
      const candidateSamples: ProcessSample[] = [];
      for (let sample = 0; sample < options.runs; sample += 1) {
        options.log?.(`${id}: sample ${sample + 1}/${options.runs}`);
        // ABBA: ccusage first on even samples, ours first on odd ones.
        const order =
          sample % 2 === 0
            ? ([sides.baseline, sides.candidate] as const)
            : ([sides.candidate, sides.baseline] as const);
        for (const entry of order) {
          const measured = await runMeasured(entry[1], entry[2], env);
          (entry === sides.baseline ? baselineSamples : candidateSamples).push(measured);
        }
      }
      const ratios = candidateSamples.map((entry, index) => entry.ms / (baselineSamples[index] as ProcessSample).ms);
      results.push({
        id,
        title: fromIndex
          ? "`agent-transcript usage daily --json --index` (a warm run index, brought up to date first) vs `ccusage daily --json --offline`"
          : `\`agent-transcript usage daily --json\` (cold, no index) vs \`ccusage daily --json --offline\` (${ccusageVersions[side].title})`,
        baseline: { label: sides.baseline[0], samples: baselineSamples },
        candidate: { label: sides.candidate[0], samples: candidateSamples },
        ...common,
        ratio: median(candidateSamples.map((entry) => entry.ms)) / median(baselineSamples.map((entry) => entry.ms)),
        maxRatio: maxRatios[id],
        verdict: verdictOfEvery(ratios, maxRatios[id]),
      });
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
