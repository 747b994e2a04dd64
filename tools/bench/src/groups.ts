// The bench's rows come in groups, one per kind of measurement (and per table of the report): the order here is the
// order `pnpm bench` runs them, lists them in `--help`, and BENCHMARKS.md shows them.
import { benchmarkIds } from "./benchmarks.js";
import { readingBenchmarkIds } from "./event-log-reading.js";
import { otelBenchmarkIds } from "./otel-export.js";
import { memoryBenchmarkIds } from "./memory.js";
import { queryBenchmarkIds } from "./event-log-queries.js";
import { usageBenchmarkIds } from "./usage-reports.js";
import { viewerBenchmarkIds } from "./viewer.js";

export interface BenchmarkGroup {
  /** Names the group's chart file (`charts/<id>.svg`) and its section's anchor. */
  readonly id: string;
  readonly title: string;
  /** What its rows measure and how, in a sentence. */
  readonly method: string;
  readonly ids: readonly string[];
}

export const benchmarkGroups: readonly BenchmarkGroup[] = [
  {
    id: "timing",
    title: "Time, side by side in one process",
    method:
      "Each run a fresh process, warmed up, the two sides alternating ABBA round by round; ratio = median of the per-round ratios (candidate ÷ baseline time), spread = their interquartile range and min–max.",
    ids: benchmarkIds,
  },
  {
    id: "event-log-reading",
    title: "Reading an event log",
    method:
      "A 64 MiB event log of the corpus's messages, read by each side once per round in a rotating order, each run a fresh process; ratio and spread as above.",
    ids: readingBenchmarkIds,
  },
  {
    id: "otel",
    title: "OpenTelemetry export",
    method:
      "The export against `JSON.stringify`, and the live export's cost to the recording thread (its CPU time) with a healthy, a dead and a flooded receiver; ratio and spread as above.",
    ids: otelBenchmarkIds,
  },
  {
    id: "memory",
    title: "Memory",
    method:
      "Peak resident memory above the process's resting point, as a multiple of the input (or, for a refusal, of the limit); each run a fresh process, median over runs, spread = min–max over runs.",
    ids: memoryBenchmarkIds,
  },
  {
    id: "queries",
    title: "Event log queries and start-up",
    method:
      "Each side a child process (against jq on a generated 1 GiB event log, or against `node -e 0`), samples taken ABBA; ratio = median time ÷ median time, spread = min–max of the sample pairs' ratios.",
    ids: queryBenchmarkIds,
  },
  {
    id: "usage",
    title: "Usage reports and the run index",
    method:
      "Each side a child process on a generated Claude Code folder of about 1.4 GB, both reports checked equal before timing; ratio = median time ÷ median time, spread = min–max of the sample pairs' ratios; the search row is a latency.",
    ids: usageBenchmarkIds,
  },
  {
    id: "viewer",
    title: "Viewer",
    method:
      "apps/viewer in Chromium, HTML exports opened over file://; absolute targets, median of the samples, spread = min–max of the samples.",
    ids: viewerBenchmarkIds,
  },
];

/** Every benchmark id, in the groups' order. */
export const allBenchmarkIds: readonly string[] = benchmarkGroups.flatMap((group) => group.ids);

export function groupOf(id: string): BenchmarkGroup | undefined {
  return benchmarkGroups.find((group) => group.ids.includes(id));
}
