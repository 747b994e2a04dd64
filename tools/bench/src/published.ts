// The results BENCHMARKS.md is rendered from, committed in results/main.json. A full run of `pnpm bench` measures
// every row; a partial one (`--only …`) replaces the rows it measured and keeps the others, each row remembering the
// run that measured it, so the page always shows every comparison and says where each number came from.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CorpusSummary } from "./corpus.js";
import type { QueryResult } from "./event-log-queries.js";
import { allBenchmarkIds } from "./groups.js";
import type { BenchmarkResult } from "./measure.js";
import type { MemoryResult } from "./memory.js";
import { benchRoot } from "./paths.js";
import type { BenchReport, Environment } from "./report.js";
import type { UsageResult } from "./usage-reports.js";
import type { ViewerResult } from "./viewer.js";

export const publishedResultsFile = path.join(benchRoot, "results/main.json");

/** One `pnpm bench` run that still has a row in the results. */
export interface PublishedRun {
  readonly environment: Environment;
  readonly isolation: BenchReport["isolation"];
  readonly gcBeforeEachSample: boolean;
  readonly corpus: CorpusSummary;
  readonly durationSeconds: number;
}

/** A result and the index of the run (in `runs`) that measured it. */
export interface PublishedRow<Result> {
  readonly run: number;
  readonly result: Result;
}

export interface PublishedResults {
  /** Bumped when the shape changes, so an old file is refused rather than misread. */
  readonly format: 1;
  /** Oldest first. */
  readonly runs: readonly PublishedRun[];
  readonly benchmarks: readonly PublishedRow<BenchmarkResult>[];
  readonly memory: readonly PublishedRow<MemoryResult>[];
  readonly queries: readonly PublishedRow<QueryResult>[];
  readonly usage: readonly PublishedRow<UsageResult>[];
  readonly viewer: readonly PublishedRow<ViewerResult>[];
}

type RowKind = "benchmarks" | "memory" | "queries" | "usage" | "viewer";
const rowKinds: readonly RowKind[] = ["benchmarks", "memory", "queries", "usage", "viewer"];

const emptyResults: PublishedResults = {
  format: 1,
  runs: [],
  benchmarks: [],
  memory: [],
  queries: [],
  usage: [],
  viewer: [],
};

function reportRows(report: BenchReport, kind: RowKind): readonly { readonly id: string }[] {
  return kind === "benchmarks" ? report.benchmarks : (report[kind] ?? []);
}

/**
 * The results with `report`'s rows in place of the ones it measured again. Rows of benchmarks that no longer exist
 * are dropped, and so is every run no row points to any more; rows stay in the bench's order, whatever order the
 * runs came in.
 */
export function mergeResults(previous: PublishedResults | undefined, report: BenchReport): PublishedResults {
  // Quick numbers come from a few rounds on small inputs: published, they would read as measurements.
  if (report.mode !== "full") throw new Error("a quick run's results are never published");
  const base = previous ?? emptyResults;
  const measured = new Set(rowKinds.flatMap((kind) => reportRows(report, kind).map((row) => row.id)));
  const newRun = base.runs.length;
  const order = (id: string): number => allBenchmarkIds.indexOf(id);
  const rowsOf = <Result extends { readonly id: string }>(
    kept: readonly PublishedRow<Result>[],
    fresh: readonly Result[],
  ): PublishedRow<Result>[] =>
    [...kept.filter((row) => !measured.has(row.result.id)), ...fresh.map((result) => ({ run: newRun, result }))]
      .filter((row) => order(row.result.id) >= 0)
      .sort((a, b) => order(a.result.id) - order(b.result.id));
  const merged = {
    benchmarks: rowsOf(base.benchmarks, report.benchmarks),
    memory: rowsOf(base.memory, report.memory ?? []),
    queries: rowsOf(base.queries, report.queries ?? []),
    usage: rowsOf(base.usage, report.usage ?? []),
    viewer: rowsOf(base.viewer, report.viewer ?? []),
  };
  const runs: PublishedRun[] = [
    ...base.runs,
    {
      environment: report.environment,
      isolation: report.isolation,
      gcBeforeEachSample: report.gcBeforeEachSample,
      corpus: report.corpus,
      durationSeconds: report.durationSeconds,
    },
  ];
  // Renumber the runs still referred to, oldest first (runs written with --output may be merged in any order).
  const dateOf = (index: number): string => runs[index]?.environment.date ?? "";
  const used = [...new Set(rowKinds.flatMap((kind) => merged[kind].map((row) => row.run)))].sort(
    (a, b) => dateOf(a).localeCompare(dateOf(b)) || a - b,
  );
  const renumber = <Result>(rows: readonly PublishedRow<Result>[]): PublishedRow<Result>[] =>
    rows.map((row) => ({ run: used.indexOf(row.run), result: row.result }));
  return {
    format: 1,
    runs: used.map((index) => runs[index] as PublishedRun),
    benchmarks: renumber(merged.benchmarks),
    memory: renumber(merged.memory),
    queries: renumber(merged.queries),
    usage: renumber(merged.usage),
    viewer: renumber(merged.viewer),
  };
}

export function readPublishedResults(file: string = publishedResultsFile): PublishedResults | undefined {
  if (!existsSync(file)) return undefined;
  const results = JSON.parse(readFileSync(file, "utf8")) as PublishedResults;
  if (results.format !== 1)
    throw new Error(`${file}: results format ${JSON.stringify(results.format)}, this bench reads format 1`);
  return results;
}

export function writePublishedResults(results: PublishedResults, file: string = publishedResultsFile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
