import os from "node:os";
import { formatSize } from "./benchmarks.js";
import { conversionBenchmarkId, conversionThroughputLine } from "./conversion.js";
import type { CorpusSummary } from "./corpus.js";
import { median, type BenchmarkResult } from "./measure.js";
import { isStartUpBenchmarkId, type QueryResult } from "./event-log-queries.js";
import type { MemoryResult } from "./memory.js";
import { tokensOf, type UsageResult } from "./usage-reports.js";
import type { ViewerResult } from "./viewer.js";
import { isRecorderBenchmarkId, recorderThroughputLine } from "./recorder-writing.js";

export interface Environment {
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly cpus: number;
  readonly cpuModel: string;
  /** Total memory (`os.totalmem()`); absent from results written before it was recorded. */
  readonly memoryBytes?: number;
  /** 1-minute load average when the run started: a busy shared machine shows here first. */
  readonly loadAverage: number;
  readonly date: string;
}

export interface BenchReport {
  readonly environment: Environment;
  readonly mode: "full" | "quick";
  /** Each run of each benchmark in a fresh process (the design rule), or all in this one (tests). */
  readonly isolation: "process-per-run" | "in-process";
  readonly gcBeforeEachSample: boolean;
  readonly corpus: CorpusSummary;
  readonly benchmarks: readonly BenchmarkResult[];
  /** Peak memory over input size, per memory benchmark (absent from reports written before they existed). */
  readonly memory?: readonly MemoryResult[];
  /** The event log queries against jq, and the command's start-up (absent from reports written before they existed). */
  readonly queries?: readonly QueryResult[];
  /** The usage reports against ccusage on a generated Claude Code folder (absent from older reports). */
  readonly usage?: readonly UsageResult[];
  /** The viewer in Chromium: first render, scrolling, the HTML export's size (absent from older reports). */
  readonly viewer?: readonly ViewerResult[];
  readonly durationSeconds: number;
}

export function currentEnvironment(): Environment {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryBytes: os.totalmem(),
    loadAverage: os.loadavg()[0] ?? 0,
    date: new Date().toISOString(),
  };
}

const ratio = (value: number): string => `${value.toFixed(2)}×`;

function milliseconds(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** Names the benchmarks that let garbage be collected naturally (see `forcedGcBeforeSamples`). */
function naturalGcNote(report: BenchReport): string {
  const natural = report.benchmarks
    .filter((result) => result.forcedGcBeforeSamples === false)
    .map((result) => result.id);
  return natural.length === 0 || !report.gcBeforeEachSample
    ? ""
    : ` (except ${natural.join(", ")}: natural GC, see its note)`;
}

/** A class benchmark's classes: MB/s each and how many times the average cost per MB, slowest marked. */
export function classesLine(result: BenchmarkResult): string {
  const classes = result.classes ?? [];
  const slowest = Math.max(...classes.map((inputClass) => inputClass.medianMsPerMegabyte));
  const described = classes.map(
    (inputClass) =>
      `${inputClass.medianMsPerMegabyte === slowest ? "**" : ""}${inputClass.label} ${inputClass.megabytesPerSecond.toFixed(0)} MB/s (${inputClass.relativeToAverage.toFixed(2)}×)${inputClass.medianMsPerMegabyte === slowest ? "**" : ""}`,
  );
  return `- ${result.id} per class (MB/s, and time per MB ÷ the average's): ${described.join(", ")}; worst ÷ average ${ratio(result.ratio)} (target ≤ ${result.maxRatio === null ? "—" : ratio(result.maxRatio)}, ${result.verdict ?? "no verdict"}).`;
}

export function renderMarkdown(report: BenchReport): string {
  const { environment, corpus } = report;
  const first = report.benchmarks[0];
  const runs = first?.runs.length ?? report.memory?.[0]?.runs.length ?? 0;
  const lines = [
    "## Agent Transcript benchmarks",
    "",
    `Node ${environment.node} (V8 ${environment.v8}), ${environment.platform}, ${environment.cpus} CPUs (${environment.cpuModel}), load average ${environment.loadAverage.toFixed(2)} at start; ${environment.date}.`,
    `Mode ${report.mode}: ${runs} run${runs === 1 ? "" : "s"} × ${first?.roundsPerRun ?? 0} rounds per benchmark, ` +
      `${report.isolation === "process-per-run" ? "each run in a fresh process" : "all in one process"}; ` +
      `GC before each sample: ${report.gcBeforeEachSample ? "yes" : "no (run with --expose-gc)"}${naturalGcNote(report)}; took ${report.durationSeconds.toFixed(0)} s.`,
    `Corpus: ${corpus.documents} documents (${corpus.distinctDocuments} distinct × ${corpus.copies}), ${formatSize(corpus.bytes)} of compact JSON, ` +
      `${corpus.messages} messages, ${corpus.parts} parts, largest document ${formatSize(corpus.largestDocumentBytes)}.`,
    "",
    "Ratio = median over all rounds of (candidate time ÷ baseline time of the same round); lower is better. " +
      "Spread = those per-round ratios' interquartile range [min–max]. Per run = each process's median ratio. " +
      "Verdict: meets if even the 75th-percentile round is within the target, misses if even the 25th-percentile round is over it, else borderline.",
    "",
  ];
  if (report.benchmarks.length > 0)
    lines.push(
      "| Benchmark | Baseline: median per pass | Candidate: median per pass | Ratio | Spread IQR [min–max] | Per run | Target | Verdict |",
      "|---|---|---|---:|---|---|---:|---|",
    );
  for (const result of report.benchmarks) {
    const { baseline, candidate, spread } = result;
    lines.push(
      "| " +
        [
          cell(result.title),
          cell(
            `\`${baseline.label}\` ${milliseconds(baseline.medianMs)} (${baseline.megabytesPerSecond.toFixed(0)} MB/s)`,
          ),
          cell(
            `\`${candidate.label}\` ${milliseconds(candidate.medianMs)} (${candidate.megabytesPerSecond.toFixed(0)} MB/s)`,
          ),
          `**${ratio(result.ratio)}**`,
          `${spread.p25.toFixed(2)}–${spread.p75.toFixed(2)} [${spread.min.toFixed(2)}–${spread.max.toFixed(2)}]`,
          result.runs.map((run) => run.ratio.toFixed(2)).join(", "),
          result.maxRatio === null ? "—" : `≤ ${ratio(result.maxRatio)}`,
          result.verdict ?? "—",
        ].join(" | ") +
        " |",
    );
  }
  const notes = report.benchmarks.filter((result) => result.note !== null);
  if (notes.length > 0) {
    lines.push("");
    for (const result of notes) lines.push(`- ${result.id}: ${result.note ?? ""}`);
  }
  for (const result of report.benchmarks) {
    if (result.id === conversionBenchmarkId) lines.push(conversionThroughputLine(result));
    if (isRecorderBenchmarkId(result.id)) lines.push(recorderThroughputLine(result));
    if (result.classes !== null) lines.push(classesLine(result));
  }
  const memory = report.memory ?? [];
  const document = memory.find((result) => result.basis === "input");
  if (memory.length > 0) {
    lines.push(
      "",
      "Memory = the process's peak resident memory above its resting point (code loaded, full GC) while it reads " +
        (document === undefined
          ? ""
          : `one generated document of ${formatSize(document.inputBytes)} (the corpus's messages repeated) from a file, as a multiple of the file's size; `) +
        "for a refusal, while it reads input over a limit, as a multiple of the limit. " +
        "Median over runs, each a fresh process. Verdict: meets if every run is within the target.",
      "",
      "| Memory benchmark | Of | Peak above resting (median) | Multiple | Per run | Target | Verdict |",
      "|---|---|---|---:|---|---:|---|",
    );
    for (const result of memory)
      lines.push(
        "| " +
          [
            cell(result.title),
            `${formatSize(result.inputBytes)} ${result.basis === "limit" ? "limit" : "input"}`,
            formatSize(result.extraPeakBytes),
            `**${ratio(result.multiple)}**`,
            result.runs.map((entry) => entry.multiple.toFixed(2)).join(", "),
            `≤ ${ratio(result.maxMultiple)}`,
            result.verdict,
          ].join(" | ") +
          " |",
      );
  }
  lines.push(...queryLines(report.queries ?? []));
  lines.push(...usageLines(report.usage ?? []));
  lines.push(...viewerLines(report.viewer ?? []));
  return `${lines.join("\n")}\n`;
}

/** The queries' table: each side a child process, time and peak resident memory (medians over the samples). */
function queryLines(queries: readonly QueryResult[]): string[] {
  if (queries.length === 0) return [];
  const log = queries.find((result) => result.inputBytes > 0 && !isStartUpBenchmarkId(result.id));
  const lines = [
    "",
    "Event log queries and start-up = each side a child process reading " +
      (log === undefined ? "nothing" : `one generated event log of ${formatSize(log.inputBytes)}`) +
      " (start-up: no input, or for stats and the other everyday commands a small log of 64 KiB; a real Claude Code session for stats of a session), its answer drained from a pipe; time and peak resident memory are medians over the samples, " +
      "taken alternately (ABBA). Ratio = our time ÷ the baseline's; verdict meets if every sample pair is within the target. " +
      "Peak target = the peak resident memory ours must stay under in every sample (issue 13: 200 MB on the 1 GB log).",
    "",
    "| Query benchmark | Baseline | Time | Peak memory | Ours | Time | Peak memory | Ratio | Target | Verdict | Peak target | Peak verdict |",
    "|---|---|---:|---:|---|---:|---:|---:|---:|---|---:|---|",
  ];
  for (const result of queries)
    lines.push(
      "| " +
        [
          ...processCells(result),
          result.maxPeakRssBytes === undefined ? "–" : `< ${formatSize(result.maxPeakRssBytes)}`,
          result.peakVerdict ?? "–",
        ].join(" | ") +
        " |",
    );
  return lines;
}

/** The cells a comparison of two processes opens its row with: each side's command, median time and peak memory. */
function processCells(result: QueryResult | UsageResult): string[] {
  return [
    cell(result.title),
    cell(result.baseline.label),
    milliseconds(median(result.baseline.samples.map((sample) => sample.ms))),
    formatSize(median(result.baseline.samples.map((sample) => sample.peakRssBytes))),
    cell(result.candidate.label),
    milliseconds(median(result.candidate.samples.map((sample) => sample.ms))),
    formatSize(median(result.candidate.samples.map((sample) => sample.peakRssBytes))),
    `**${ratio(result.ratio)}**`,
    `≤ ${ratio(result.maxRatio)}`,
    result.verdict,
  ];
}

/** The usage reports' table: like the queries', with the totals both sides agreed on before the timing. */
function usageLines(results: readonly UsageResult[]): string[] {
  if (results.length === 0) return [];
  const [first] = results as [UsageResult];
  const lines = [
    "",
    `Usage reports = each side a child process reading one generated Claude Code folder of ${formatSize(first.inputBytes)} ` +
      `(${first.corpus.sessions.toLocaleString("en-US")} sessions of ${first.corpus.turnsPerSession} turns, ${first.corpus.files.toLocaleString("en-US")} files with the sub-agents'), ` +
      "with HOME an empty folder and CLAUDE_CONFIG_DIR the corpus, days in UTC; its answer drained from a pipe. Before the timing both reports " +
      "were read and agreed: the same tokens of every kind summed over the days, the cost within a cent. Time and peak resident memory are " +
      "medians over the samples, taken alternately (ABBA). Ratio = our time ÷ ccusage's; verdict meets if every sample pair is within the target.",
    "",
    "| Usage benchmark | Baseline | Time | Peak memory | Ours | Time | Peak memory | Ratio | Target | Verdict | Agreed totals |",
    "|---|---|---:|---:|---|---:|---:|---:|---:|---|---|",
  ];
  for (const result of results) {
    const { agreement } = result;
    const cells =
      result.search === undefined
        ? processCells(result)
        : [
            cell(result.title),
            "—",
            "—",
            "—",
            cell(result.candidate.label),
            `p50 ${milliseconds(result.search.p50Ms)}, max ${milliseconds(result.search.maxMs)}`,
            "—",
            `**p95 ${milliseconds(result.search.p95Ms)}**`,
            `≤ ${milliseconds(result.maxRatio)}`,
            result.verdict,
          ];
    lines.push(
      "| " +
        [
          ...cells,
          `${agreement.days} days, ${tokensOf(agreement.ours).toLocaleString("en-US")} tokens; ` +
            `$${agreement.ours.cost.toFixed(2)} (ccusage $${agreement.ccusage.cost.toFixed(2)})`,
        ].join(" | ") +
        " |",
    );
  }
  return lines;
}

/** The viewer's table: absolute targets (a first render under a second), with the floor beside it where there is one. */
function viewerLines(results: readonly ViewerResult[]): string[] {
  if (results.length === 0) return [];
  const lines = [
    "",
    "Viewer = apps/viewer in Debian's Chromium, the HTML export opened over file://; times are medians over the samples " +
      "(the first render's taken alternately with its floor: a page that only decodes and parses the same embedded data).",
    "",
    "| Viewer benchmark | Measured | Floor | Target | Verdict | Detail |",
    "|---|---:|---:|---:|---|---|",
  ];
  for (const result of results) {
    const shown = (value: number) => (result.unit === "ms" ? milliseconds(value) : ratio(value));
    lines.push(
      "| " +
        [
          cell(result.title),
          `**${shown(result.value)}**`,
          result.baseline === undefined ? "—" : milliseconds(median(result.baseline.samples)),
          `${result.unit === "ms" ? "<" : "≤"} ${shown(result.target)}`,
          result.verdict,
          cell(result.note),
        ].join(" | ") +
        " |",
    );
  }
  return lines;
}
