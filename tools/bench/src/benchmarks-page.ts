// BENCHMARKS.md and its charts, rendered from the committed results (results/main.json) and nothing else: the same
// results always give the same bytes, which is what lets a test tell a stale page from a fresh one.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatSize } from "./benchmarks.js";
import { renderChart, type ChartRow, type PageVerdict } from "./chart.js";
import { conversionBenchmarkId, conversionThroughputLine } from "./conversion.js";
import type { QueryResult } from "./event-log-queries.js";
import { allBenchmarkIds, benchmarkGroups, type BenchmarkGroup } from "./groups.js";
import { median, type BenchmarkResult } from "./measure.js";
import type { MemoryResult } from "./memory.js";
import { repositoryRoot } from "./paths.js";
import type { PublishedResults, PublishedRun } from "./published.js";
import { isRecorderBenchmarkId, recorderThroughputLine } from "./recorder-writing.js";
import { classesLine } from "./report.js";
import { tokensOf, type UsageResult } from "./usage-reports.js";
import type { ViewerResult } from "./viewer.js";

/** One row of the page, whatever kind of measurement it came from. */
export interface Comparison {
  readonly id: string;
  readonly title: string;
  /** Markdown cells: what each side is and its median. */
  readonly baseline: string;
  readonly candidate: string;
  /** The headline figure: a ratio, a multiple, or for absolute targets milliseconds. */
  readonly value: number;
  readonly unit: "×" | "ms";
  readonly spread: string;
  readonly whisker: { readonly low: number; readonly high: number } | null;
  readonly target: number | null;
  readonly targetText: string;
  /** The target alone, for the chart's labels (no throughput, no second target). */
  readonly targetShort: string;
  readonly verdict: PageVerdict;
  /** A second target's verdict beside the headline's (a query's peak memory). */
  readonly verdictDetail: string;
  readonly details: readonly string[];
  readonly run: number;
}

/** The page, relative to the repository root; the charts beside the bench. */
export const pageFile = "BENCHMARKS.md";
export const chartsDirectory = "tools/bench/charts";
const command = "pnpm bench";

function ratioText(value: number): string {
  const digits = value >= 10 ? value.toFixed(1) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
  return `${digits}×`;
}

function duration(ms: number): string {
  // Targets are whole seconds: "< 1 s" reads better than "< 1.00 s".
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

function valueText(value: number, unit: "×" | "ms"): string {
  return unit === "×" ? ratioText(value) : duration(value);
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

function code(label: string): string {
  return label.includes("`") ? label : `\`${label}\``;
}

const verdicts: Record<string, PageVerdict> = { meets: "met", misses: "missed", borderline: "borderline" };

/** A time ratio whose target is a throughput's inverse (≤ 1.43× is throughput ≥ 0.7×) says so. */
function timeTargetText(target: number): string {
  const throughput = 1 / target;
  const roundTarget = Math.abs(target * 100 - Math.round(target * 100)) < 1e-6;
  const roundThroughput = Math.abs(throughput * 100 - Math.round(throughput * 100)) < 1e-6;
  return roundThroughput && !roundTarget
    ? `≤ ${ratioText(target)} (throughput ≥ ${Number(throughput.toFixed(2))}×)`
    : `≤ ${ratioText(target)}`;
}

function timingComparison(result: BenchmarkResult, run: number): Comparison {
  const side = (entry: BenchmarkResult["baseline"]): string =>
    `${code(entry.label)} ${duration(entry.medianMs)} (${entry.megabytesPerSecond.toFixed(0)} MB/s)`;
  const details: string[] = [];
  if (result.note !== null) details.push(`- \`${result.id}\`: ${result.note}`);
  if (result.id === conversionBenchmarkId) details.push(conversionThroughputLine(result));
  if (isRecorderBenchmarkId(result.id)) details.push(recorderThroughputLine(result));
  if (result.classes !== null) details.push(classesLine(result));
  const { spread } = result;
  return {
    id: result.id,
    title: result.title,
    baseline: side(result.baseline),
    candidate: side(result.candidate),
    value: result.ratio,
    unit: "×",
    spread: `IQR ${spread.p25.toFixed(2)}–${spread.p75.toFixed(2)}, min–max ${spread.min.toFixed(2)}–${spread.max.toFixed(2)} (${result.runs.length} × ${result.roundsPerRun} rounds)`,
    whisker: { low: spread.p25, high: spread.p75 },
    target: result.maxRatio,
    targetText: result.maxRatio === null ? "—" : timeTargetText(result.maxRatio),
    targetShort: result.maxRatio === null ? "—" : `≤ ${ratioText(result.maxRatio)}`,
    verdict: result.verdict === null ? "context" : (verdicts[result.verdict] ?? "context"),
    verdictDetail: "",
    details,
    run,
  };
}

function memoryComparison(result: MemoryResult, run: number): Comparison {
  const multiples = result.runs.map((entry) => entry.multiple);
  return {
    id: result.id,
    title: result.title,
    baseline: `${result.basis === "limit" ? "the limit" : "the input"}, ${formatSize(result.inputBytes)}`,
    candidate: `${formatSize(result.extraPeakBytes)} above resting`,
    value: result.multiple,
    unit: "×",
    spread: `min–max ${Math.min(...multiples).toFixed(2)}–${Math.max(...multiples).toFixed(2)} (${multiples.length} runs)`,
    whisker: { low: Math.min(...multiples), high: Math.max(...multiples) },
    target: result.maxMultiple,
    targetText: `≤ ${ratioText(result.maxMultiple)}`,
    targetShort: `≤ ${ratioText(result.maxMultiple)}`,
    verdict: verdicts[result.verdict] ?? "context",
    verdictDetail: "",
    details: [],
    run,
  };
}

/** The queries' and usage reports' process comparisons: each sample pair's ratio makes the spread. */
function processComparison(result: QueryResult | UsageResult, run: number): Comparison {
  const side = (entry: QueryResult["baseline"]): string =>
    `${code(entry.label)} ${duration(median(entry.samples.map((sample) => sample.ms)))}, peak ${formatSize(median(entry.samples.map((sample) => sample.peakRssBytes)))}`;
  const pairs = result.candidate.samples.map(
    (sample, index) => sample.ms / (result.baseline.samples[index]?.ms ?? Number.NaN),
  );
  const low = Math.min(...pairs);
  const high = Math.max(...pairs);
  const peak =
    "maxPeakRssBytes" in result && result.maxPeakRssBytes !== undefined
      ? { max: result.maxPeakRssBytes, verdict: result.peakVerdict ?? "misses" }
      : undefined;
  const timeVerdict = verdicts[result.verdict] ?? "context";
  const details: string[] = [];
  if ("note" in result && result.note !== undefined) details.push(`- \`${result.id}\`: ${result.note}`);
  if ("agreement" in result) {
    const { agreement } = result;
    details.push(
      `- \`${result.id}\`: both reports agreed before the timing: ${agreement.days} days, ${tokensOf(agreement.ours).toLocaleString("en-US")} tokens, ` +
        `$${agreement.ours.cost.toFixed(2)} (ccusage $${agreement.ccusage.cost.toFixed(2)}).`,
    );
  }
  return {
    id: result.id,
    title: result.title,
    baseline: side(result.baseline),
    candidate: side(result.candidate),
    value: result.ratio,
    unit: "×",
    spread:
      pairs.length === 1
        ? "— (1 sample pair)"
        : `min–max ${ratioText(low)}–${ratioText(high)} (${pairs.length} sample pairs)`,
    whisker: pairs.length > 1 ? { low, high } : null,
    target: result.maxRatio,
    targetText:
      `≤ ${ratioText(result.maxRatio)}` +
      (peak === undefined ? "" : `; peak < ${formatSize(peak.max)} in every sample`),
    targetShort: `≤ ${ratioText(result.maxRatio)}`,
    verdict: peak?.verdict === "misses" ? "missed" : timeVerdict,
    verdictDetail: peak === undefined ? "" : `time ${timeVerdict}, peak ${verdicts[peak.verdict] ?? "context"}`,
    details,
    run,
  };
}

/** The search row: a latency with an absolute target, not a comparison of two processes. */
function searchComparison(result: UsageResult, run: number): Comparison {
  const search = result.search;
  const p50 = search === undefined ? "—" : duration(search.p50Ms);
  return {
    id: result.id,
    title: result.title,
    baseline: "—",
    candidate: `${search?.queries ?? result.candidate.samples.length} queries: p50 ${p50}`,
    value: result.ratio,
    unit: "ms",
    spread: `p50 ${p50}, max ${search === undefined ? "—" : duration(search.maxMs)}`,
    whisker: null,
    target: result.maxRatio,
    targetText: `p95 ≤ ${duration(result.maxRatio)}`,
    targetShort: `≤ ${duration(result.maxRatio)}`,
    verdict: verdicts[result.verdict] ?? "context",
    verdictDetail: "",
    details: [],
    run,
  };
}

function viewerComparison(result: ViewerResult, run: number): Comparison {
  const samples = result.candidate.samples;
  const timed = result.unit === "ms";
  return {
    id: result.id,
    title: result.title,
    baseline:
      result.baseline === undefined ? "—" : `${result.baseline.label} ${duration(median(result.baseline.samples))}`,
    candidate: timed ? `${result.candidate.label} ${duration(result.value)}` : result.candidate.label,
    value: result.value,
    unit: result.unit,
    spread:
      timed && samples.length > 1
        ? `min–max ${duration(Math.min(...samples))}–${duration(Math.max(...samples))} (${samples.length} samples)`
        : "—",
    whisker: timed && samples.length > 1 ? { low: Math.min(...samples), high: Math.max(...samples) } : null,
    target: result.target,
    targetText: timed ? `< ${duration(result.target)}` : `≤ ${ratioText(result.target)}`,
    targetShort: timed ? `< ${duration(result.target)}` : `≤ ${ratioText(result.target)}`,
    verdict: verdicts[result.verdict] ?? "context",
    verdictDetail: "",
    details: [`- \`${result.id}\`: ${result.note}`],
    run,
  };
}

/** Every row of the results as the page shows it, in the bench's order. */
export function comparisonsOf(results: PublishedResults): Comparison[] {
  return [
    ...results.benchmarks.map((row) => timingComparison(row.result, row.run)),
    ...results.memory.map((row) => memoryComparison(row.result, row.run)),
    ...results.queries.map((row) => processComparison(row.result, row.run)),
    ...results.usage.map((row) =>
      row.result.search === undefined ? processComparison(row.result, row.run) : searchComparison(row.result, row.run),
    ),
    ...results.viewer.map((row) => viewerComparison(row.result, row.run)),
  ];
}

const runName = (index: number): string => String.fromCharCode(65 + index);

function machineText(run: PublishedRun): string {
  const { environment } = run;
  const memory =
    environment.memoryBytes === undefined
      ? "memory not recorded"
      : `${(environment.memoryBytes / 1024 ** 3).toFixed(1)} GiB memory`;
  return `${environment.cpuModel}, ${environment.cpus} cores, ${memory}, ${environment.platform}`;
}

function runsSection(results: PublishedResults, groupsOf: (run: number) => string): string[] {
  const lines = [
    "| Run | Date (UTC) | Machine | Node | Load at start | Took | Rows it measured |",
    "| --- | --- | --- | --- | ---: | ---: | --- |",
  ];
  results.runs.forEach((run, index) => {
    const { environment } = run;
    lines.push(
      "| " +
        [
          runName(index),
          environment.date.slice(0, 16).replace("T", " "),
          cell(machineText(run)),
          `${environment.node} (V8 ${environment.v8})`,
          environment.loadAverage.toFixed(2),
          `${(run.durationSeconds / 60).toFixed(1)} min`,
          groupsOf(index),
        ].join(" | ") +
        " |",
    );
  });
  return lines;
}

function chartFile(group: BenchmarkGroup): string {
  return `${chartsDirectory}/${group.id}.svg`;
}

function chartRows(comparisons: readonly Comparison[]): ChartRow[] {
  return comparisons.map((comparison) => ({
    label: comparison.id,
    value: comparison.value,
    target: comparison.target,
    whisker: comparison.whisker,
    verdict: comparison.verdict,
    text:
      comparison.target === null
        ? `${valueText(comparison.value, comparison.unit)} · context`
        : `${valueText(comparison.value, comparison.unit)} (${comparison.targetShort}) ${comparison.verdict}`,
  }));
}

function groupSection(group: BenchmarkGroup, comparisons: readonly Comparison[]): string[] {
  const runs = [...new Set(comparisons.map((comparison) => comparison.run))].sort((a, b) => a - b);
  const perRow = runs.length > 1;
  const lines = [
    `## ${group.title}`,
    "",
    `${group.method} Measured by run${perRow ? "s" : ""} ${runs.map(runName).join(", ")}.`,
    "",
    `![${group.title}: each row's measured value ÷ its target](${chartFile(group)})`,
    "",
    `| Benchmark | Baseline (median) | Candidate (median) | Measured | Spread | Target | Verdict |${perRow ? " Run |" : ""}`,
    `| --- | --- | --- | ---: | --- | --- | --- |${perRow ? " --- |" : ""}`,
  ];
  for (const comparison of comparisons)
    lines.push(
      "| " +
        [
          `${cell(comparison.title)} (\`${comparison.id}\`)`,
          cell(comparison.baseline),
          cell(comparison.candidate),
          `**${valueText(comparison.value, comparison.unit)}**`,
          cell(comparison.spread),
          cell(comparison.targetText),
          comparison.verdict + (comparison.verdictDetail === "" ? "" : ` (${comparison.verdictDetail})`),
          ...(perRow ? [runName(comparison.run)] : []),
        ].join(" | ") +
        " |",
    );
  const details = comparisons.flatMap((comparison) => comparison.details);
  if (details.length > 0) lines.push("", ...details);
  lines.push("");
  return lines;
}

/** Every file the results render to: the page and one chart per group with rows, paths relative to the root. */
export function renderPublishedFiles(results: PublishedResults): { path: string; content: string }[] {
  const comparisons = comparisonsOf(results);
  const grouped = benchmarkGroups
    .map((group) => ({ group, rows: comparisons.filter((comparison) => group.ids.includes(comparison.id)) }))
    .filter(({ rows }) => rows.length > 0);
  const count = (verdict: PageVerdict): number =>
    comparisons.filter((comparison) => comparison.verdict === verdict).length;
  const groupsOf = (run: number): string =>
    grouped
      .map(({ group, rows }) => ({ group, measured: rows.filter((row) => row.run === run).length }))
      .filter(({ measured }) => measured > 0)
      .map(({ group, measured }) => `${group.id} (${measured})`)
      .join(", ");
  const missed = comparisons.filter((comparison) => comparison.verdict === "missed");
  const unmeasured = allBenchmarkIds.filter((id) => !comparisons.some((comparison) => comparison.id === id));
  const lines = [
    `<!-- Generated by \`${command}\` from tools/bench/results/main.json: do not edit. After changing how it is rendered, \`${command} --render\` writes it again. -->`,
    "",
    "# Benchmarks",
    "",
    `Every performance target of Agent Transcript, measured by \`${command}\` side by side with what a user would pick instead. ` +
      "What each row measures, how, and what is behind the misses: [tools/bench/README.md](tools/bench/README.md). " +
      "Ratios are the candidate's time (or memory) over the baseline's: lower is better, and a throughput target is written as the time ratio it means.",
    "",
    `**${comparisons.length} comparisons: ${count("met")} met, ${count("missed")} missed, ${count("borderline")} borderline, ${count("context")} context** (no target; measured to compare).` +
      (missed.length === 0 ? "" : ` Missed: ${missed.map((comparison) => `\`${comparison.id}\``).join(", ")}.`) +
      // A benchmark no published run has measured yet (a new one, or one whose run failed) is named, not hidden.
      (unmeasured.length === 0
        ? ""
        : ` Not in these results: ${unmeasured.map((id) => `\`${id}\``).join(", ")} (\`${command} --only\` them to add their rows).`),
    "",
    "Verdicts: **met** when the target holds across the spread (timing: even the 75th-percentile round; processes and memory: every sample or run), " +
      "**missed** when it fails across it, **borderline** when the spread straddles the target. " +
      "The machines are shared (other jobs run beside the bench; see each run's load), so absolute times move between runs minutes apart; only the ratios, taken side by side, are compared with targets. " +
      `A partial run (\`${command} --only …\`) replaces the rows it measured and keeps the rest, so rows can come from different runs:`,
    "",
    ...runsSection(results, groupsOf),
    "",
  ];
  for (const { group, rows } of grouped) lines.push(...groupSection(group, rows));
  const files = [{ path: pageFile, content: `${lines.join("\n").trimEnd()}\n` }];
  for (const { group, rows } of grouped)
    files.push({ path: chartFile(group), content: renderChart(group.title, chartRows(rows)) });
  return files;
}

/** Writes the page and its charts under `root` (the repository's, unless a test says otherwise). */
export function writePublishedFiles(results: PublishedResults, root: string = repositoryRoot): string[] {
  const files = renderPublishedFiles(results);
  for (const file of files) {
    const target = path.join(root, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  // A group without rows any more must not leave its old chart behind.
  const charts = path.join(root, chartsDirectory);
  for (const name of readdirSync(charts))
    if (name.endsWith(".svg") && !files.some((file) => file.path === `${chartsDirectory}/${name}`))
      rmSync(path.join(charts, name));
  return files.map((file) => file.path);
}
