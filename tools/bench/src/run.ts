// `pnpm bench`: issue #3's performance targets, measured side by side and written as a Markdown table (stdout) and
// JSON (results/latest.json); a full run also merges its rows into the committed results (results/main.json) that
// BENCHMARKS.md is rendered from. Each run of each benchmark is a fresh child process by default, so one benchmark's JIT
// feedback and heap never shape another's numbers (docs/performance-and-reliability.md §7: one process per row), and
// runs of one benchmark are spread over the whole session, so a burst of load from a neighbour hits one run, not all.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchmarkIds, benchmarkSpec, isBenchmarkId } from "./benchmarks.js";
import type { BenchmarkId } from "./benchmarks.js";
import { buildCorpus } from "./corpus.js";
import { isReadingBenchmarkId, readingBenchmarkIds, runReadingBenchmarks } from "./event-log-reading.js";
import type { ReadingBenchmarkId } from "./event-log-reading.js";
import { isOtelBenchmarkId, otelBenchmarkIds, runOtelBenchmarks, type OtelBenchmarkId } from "./otel-export.js";
import type { Corpus, CorpusSummary } from "./corpus.js";
import { isQueryBenchmarkId, queryBenchmarkIds, runQueryBenchmarks } from "./event-log-queries.js";
import type { QueryBenchmarkId } from "./event-log-queries.js";
import { isUsageBenchmarkId, runUsageBenchmarks, usageBenchmarkIds } from "./usage-reports.js";
import type { UsageBenchmarkId } from "./usage-reports.js";
import { isViewerBenchmarkId, runViewerBenchmarks, viewerBenchmarkIds } from "./viewer.js";
import type { ViewerBenchmarkId } from "./viewer.js";
import { aggregate, benchmarkInfo, measure } from "./measure.js";
import { isMemoryBenchmarkId, memoryBenchmarkIds, runMemoryBenchmarks } from "./memory.js";
import type { MemoryBenchmarkId } from "./memory.js";
import type { BenchmarkInfo, MeasureOptions, RunMeasurement } from "./measure.js";
import { benchRoot, defaultResultsFile, realFixturesRoot, repositoryRoot } from "./paths.js";
import { writePublishedFiles } from "./benchmarks-page.js";
import { allBenchmarkIds } from "./groups.js";
import { mergeResults, publishedResultsFile, readPublishedResults, writePublishedResults } from "./published.js";
import { currentEnvironment, renderMarkdown } from "./report.js";
import type { BenchReport } from "./report.js";

export interface RunOptions {
  /** A smoke run: the small sessions only, few rounds, one run. Everything is still computed. */
  readonly quick: boolean;
  /** A fresh process per run of each benchmark (the CLI's default) or everything in the calling process. */
  readonly isolate: boolean;
  readonly only?: readonly BenchmarkId[];
  /** The memory benchmarks to run (each run a fresh process whatever `isolate` says); default all, or none with `only`. */
  readonly memory?: readonly MemoryBenchmarkId[];
  /** The event log reading benchmarks (each run a fresh process whatever `isolate` says); default all, or none with `only`. */
  readonly reading?: readonly ReadingBenchmarkId[];
  /** The OpenTelemetry export's benchmarks (the export against stringify, the live export's cost); default all. */
  readonly otel?: readonly OtelBenchmarkId[];
  /** The event log query and start-up benchmarks (child processes, against jq and node); default all, or none with `only`. */
  readonly queries?: readonly QueryBenchmarkId[];
  /** The usage reports against ccusage on a generated Claude Code folder (child processes); default all, or none with `only`. */
  readonly usage?: readonly UsageBenchmarkId[];
  /** The viewer's benchmarks in Chromium (first render, scrolling, the export's size); default all, or none with `only`. */
  readonly viewer?: readonly ViewerBenchmarkId[];
  /** Override the mode's runs (processes per benchmark) and rounds per run. */
  readonly runs?: number;
  readonly rounds?: number;
  /** Progress lines; the report itself is returned, not printed. */
  readonly log?: (line: string) => void;
}

/**
 * Full: 3 runs of 10 rounds each (≥10 rounds per run, as the design asks), samples of ≥40 ms so a scheduler hiccup
 * is a few percent of one, and enough warm-up passes for both sides to be optimised. About a minute on two cores.
 * Quick: the same code paths with numbers that mean nothing, for tests.
 */
function plan(options: RunOptions): { runs: number; measure: MeasureOptions } {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  return options.quick
    ? {
        runs: options.runs ?? 1,
        measure: { rounds: options.rounds ?? 3, warmupPasses: 1, minSampleMs: 2, collectGarbage },
      }
    : {
        runs: options.runs ?? 3,
        measure: { rounds: options.rounds ?? 10, warmupPasses: 5, minSampleMs: 40, collectGarbage },
      };
}

/** What one run of one benchmark reports (a child process prints it as JSON). */
interface RunOutput {
  readonly info: BenchmarkInfo;
  readonly measurement: RunMeasurement;
  readonly corpus: CorpusSummary;
  readonly gc: boolean;
}

function runHere(id: BenchmarkId, corpus: Corpus, options: RunOptions): RunOutput {
  const { measure: planned } = plan(options);
  const spec = benchmarkSpec(id, corpus);
  const settings: MeasureOptions = {
    ...planned,
    ...(spec.forcedGcBeforeSamples === false ? { collectGarbage: undefined } : {}),
    warmupPasses: Math.max(planned.warmupPasses, options.quick ? 1 : (spec.minimumWarmupPasses ?? 0)),
  };
  return {
    info: benchmarkInfo(spec),
    measurement: measure(spec, settings),
    corpus: corpus.summary,
    gc: planned.collectGarbage !== undefined,
  };
}

function runInChild(id: BenchmarkId, options: RunOptions): RunOutput {
  const script = fileURLToPath(import.meta.url);
  const args = [
    ...process.execArgv,
    script,
    "--child",
    id,
    ...(options.quick ? ["--quick"] : []),
    ...(options.rounds === undefined ? [] : ["--rounds", String(options.rounds)]),
  ];
  const child = spawnSync(process.execPath, args, {
    cwd: benchRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1024 * 1024,
    timeout: 5 * 60_000,
  });
  if (child.error)
    throw new Error(`benchmark ${id}: could not run a child process: ${child.error.message}`, { cause: child.error });
  if (child.status !== 0)
    throw new Error(`benchmark ${id}: child process exited with ${child.status ?? child.signal ?? "unknown"}`);
  return JSON.parse(child.stdout) as RunOutput;
}

export async function runBenchmarks(options: RunOptions): Promise<BenchReport> {
  const started = performance.now();
  const environment = currentEnvironment();
  const ids = options.only ?? benchmarkIds;
  const memoryIds = options.memory ?? (options.only === undefined ? memoryBenchmarkIds : []);
  const readingIds = options.reading ?? (options.only === undefined ? readingBenchmarkIds : []);
  const otelIds = options.otel ?? (options.only === undefined ? otelBenchmarkIds : []);
  const queryIds = options.queries ?? (options.only === undefined ? queryBenchmarkIds : []);
  const usageIds = options.usage ?? (options.only === undefined ? usageBenchmarkIds : []);
  const viewerIds = options.viewer ?? (options.only === undefined ? viewerBenchmarkIds : []);
  if ([ids, memoryIds, readingIds, otelIds, queryIds, usageIds, viewerIds].every((selected) => selected.length === 0))
    throw new Error("no benchmark selected");
  // Fail before spawning anything, with one clear message instead of one per child.
  realFixturesRoot();
  const { runs } = plan(options);
  const corpus = options.isolate ? undefined : buildCorpus({ quick: options.quick });
  const outputs = new Map<BenchmarkId, RunOutput[]>(ids.map((id) => [id, []]));
  // Runs outermost: the runs of one benchmark are minutes apart, not back to back.
  for (let run = 1; run <= runs; run += 1) {
    for (const id of ids) {
      options.log?.(`run ${run}/${runs}: ${id}`);
      const output = corpus === undefined ? runInChild(id, options) : runHere(id, corpus, options);
      outputs.get(id)?.push(output);
    }
  }
  const reading = runReadingBenchmarks(readingIds, {
    quick: options.quick,
    runs,
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  const otel = await runOtelBenchmarks(otelIds, {
    quick: options.quick,
    runs,
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  const memory = runMemoryBenchmarks(memoryIds, {
    quick: options.quick,
    runs,
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  // One sample of each side on the 1 GiB log per run: jq alone takes about a minute for each.
  const queries = await runQueryBenchmarks(queryIds, {
    quick: options.quick,
    runs: options.quick ? 1 : Math.min(runs, 2),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  // Like the queries: one sample of each side per run on the 1.4 GB folder, ours taking about a minute.
  const usageResults = await runUsageBenchmarks(usageIds, {
    quick: options.quick,
    runs: options.quick ? 1 : Math.min(runs, 2),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  const viewer = await runViewerBenchmarks(viewerIds, {
    quick: options.quick,
    runs,
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  const all = [...outputs.values()].flat();
  return {
    environment,
    mode: options.quick ? "quick" : "full",
    isolation: options.isolate ? "process-per-run" : "in-process",
    gcBeforeEachSample: all.every((output) => output.gc),
    corpus: all[0]?.corpus ?? (corpus ?? buildCorpus({ quick: options.quick })).summary,
    benchmarks: [
      ...ids.map((id) => {
        const runsOfId = outputs.get(id) ?? [];
        return aggregate(
          (runsOfId[0] as RunOutput).info,
          runsOfId.map((output) => output.measurement),
        );
      }),
      ...reading,
      ...otel,
    ],
    memory,
    queries,
    usage: usageResults,
    viewer,
    durationSeconds: (performance.now() - started) / 1000,
  };
}

type AnyBenchmarkId =
  | BenchmarkId
  | MemoryBenchmarkId
  | ReadingBenchmarkId
  | OtelBenchmarkId
  | QueryBenchmarkId
  | UsageBenchmarkId
  | ViewerBenchmarkId;

function parseIds(value: string | undefined): AnyBenchmarkId[] | undefined {
  if (value === undefined) return undefined;
  const ids = value
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  for (const id of ids)
    if (!(allIds as readonly string[]).includes(id))
      throw new Error(`unknown benchmark ${JSON.stringify(id)}; known: ${allIds.join(", ")}`);
  return ids as AnyBenchmarkId[];
}

function parseCount(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`--${flag} must be a positive integer, got ${JSON.stringify(value)}`);
  return count;
}

const allIds = allBenchmarkIds;

const usage = `Usage: pnpm bench [--quick] [--only id,id] [--runs n] [--rounds n] [--output file] [--in-process] [--no-publish]
       pnpm bench --render              BENCHMARKS.md and its charts again from tools/bench/results/main.json
       pnpm bench --merge file[,file]   merge full runs' JSON results (written by --output) into it, then render
A full run merges its rows into tools/bench/results/main.json and renders BENCHMARKS.md from it (unless --no-publish);
a quick run never does.
Benchmarks: ${allIds.join(", ")}`;

/** Merges full runs' results into the committed ones and renders the page from them; returns what it wrote. */
function publish(reports: readonly BenchReport[]): string[] {
  let results = readPublishedResults();
  for (const report of reports) results = mergeResults(results, report);
  if (results === undefined) throw new Error("no results to publish");
  writePublishedResults(results);
  return [path.relative(repositoryRoot, publishedResultsFile), ...writePublishedFiles(results)];
}

function render(): string[] {
  const results = readPublishedResults();
  if (results === undefined)
    throw new Error(`${path.relative(repositoryRoot, publishedResultsFile)} does not exist: run pnpm bench first`);
  return writePublishedFiles(results);
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    // pnpm 10 hands the script the `--` of `pnpm bench:quick -- --only …` too (after the script's own `--quick`),
    // which would make every flag after it positional; the bench takes no positional argument.
    args: argv.filter((arg) => arg !== "--"),
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      runs: { type: "string" },
      rounds: { type: "string" },
      output: { type: "string" },
      "in-process": { type: "boolean", default: false },
      "no-publish": { type: "boolean", default: false },
      render: { type: "boolean", default: false },
      merge: { type: "string" },
      child: { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (values.render) {
    for (const file of render()) process.stderr.write(`written: ${file}\n`);
    return;
  }
  if (values.merge !== undefined) {
    const reports = values.merge.split(",").map((file) => JSON.parse(readFileSync(file, "utf8")) as BenchReport);
    for (const file of publish(reports)) process.stderr.write(`written: ${file}\n`);
    return;
  }
  const runs = parseCount("runs", values.runs);
  const rounds = parseCount("rounds", values.rounds);
  const base = {
    quick: values.quick,
    ...(runs === undefined ? {} : { runs }),
    ...(rounds === undefined ? {} : { rounds }),
  };
  if (values.child !== undefined) {
    // Internal: one run of one benchmark, reported as JSON on stdout to the parent.
    const [id] = parseIds(values.child) ?? [];
    if (id === undefined || !isBenchmarkId(id)) throw new Error("--child needs a timing benchmark id");
    process.stdout.write(
      JSON.stringify(runHere(id, buildCorpus({ quick: values.quick }), { ...base, isolate: false })),
    );
    return;
  }
  const selected = parseIds(values.only);
  const only = selected?.filter(isBenchmarkId);
  const memory = selected?.filter(isMemoryBenchmarkId);
  const reading = selected?.filter(isReadingBenchmarkId);
  const otel = selected?.filter(isOtelBenchmarkId);
  const queries = selected?.filter(isQueryBenchmarkId);
  const usageReports = selected?.filter(isUsageBenchmarkId);
  const viewer = selected?.filter(isViewerBenchmarkId);
  const report = await runBenchmarks({
    ...base,
    isolate: !values["in-process"],
    ...(only === undefined ? {} : { only }),
    ...(memory === undefined ? {} : { memory }),
    ...(reading === undefined ? {} : { reading }),
    ...(otel === undefined ? {} : { otel }),
    ...(queries === undefined ? {} : { queries }),
    ...(usageReports === undefined ? {} : { usage: usageReports }),
    ...(viewer === undefined ? {} : { viewer }),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  // A quick run's numbers mean nothing: keep them away from latest.json, and never publish them.
  const output = path.resolve(
    values.output ?? (values.quick ? path.join(path.dirname(defaultResultsFile), "quick.json") : defaultResultsFile),
  );
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(renderMarkdown(report));
  process.stderr.write(`results written to ${path.relative(process.cwd(), output) || output}\n`);
  if (report.mode === "full" && !values["no-publish"])
    for (const file of publish([report])) process.stderr.write(`written: ${file}\n`);
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
