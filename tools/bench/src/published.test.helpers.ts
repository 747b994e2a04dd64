// Made-up results of every kind, for tests of how results are merged and rendered: measuring for real takes minutes,
// and what is tested here is the bookkeeping, not the numbers.
import type { QueryResult } from "./event-log-queries.js";
import { aggregate, type BenchmarkResult } from "./measure.js";
import type { MemoryBenchmarkId, MemoryResult } from "./memory.js";
import type { BenchReport } from "./report.js";
import type { UsageResult } from "./usage-reports.js";
import type { ViewerResult } from "./viewer.js";

/** A timing row whose rounds' ratios are `ratio` ± 5 %. */
export function timingResult(id: string, ratio: number, maxRatio?: number): BenchmarkResult {
  return aggregate(
    {
      id,
      title: `${id} | the title`,
      bytesPerPass: 2_000_000,
      itemsPerPass: 10,
      ...(maxRatio === undefined ? {} : { maxRatio }),
      baselineLabel: "JSON.parse(text)",
      candidateLabel: "decodeTranscript(text)",
    },
    [
      {
        baselineMs: [10, 10, 10, 10],
        candidateMs: [9.5 * ratio, 10 * ratio, 10 * ratio, 10.5 * ratio],
        passesPerSample: 1,
        checksum: 0,
      },
    ],
  );
}

export function memoryResult(id: MemoryBenchmarkId, multiples: readonly number[], maxMultiple: number): MemoryResult {
  const inputBytes = 64 * 1024 * 1024;
  const sorted = [...multiples].sort((a, b) => a - b);
  const multiple = sorted[Math.floor(sorted.length / 2)] as number;
  return {
    id,
    title: `${id} title`,
    basis: "input",
    inputBytes,
    multiple,
    extraPeakBytes: multiple * inputBytes,
    runs: multiples.map((entry) => ({
      inputBytes,
      restingRssBytes: 50e6,
      peakRssBytes: 50e6 + entry * inputBytes,
      multiple: entry,
    })),
    maxMultiple,
    verdict: multiples.every((entry) => entry <= maxMultiple) ? "meets" : "misses",
  };
}

export function queryResult(baselineMs: readonly number[], candidateMs: readonly number[]): QueryResult {
  const samples = (times: readonly number[]) => times.map((ms) => ({ ms, peakRssBytes: 100 * 1024 * 1024 }));
  return {
    id: "queries-tools-vs-jq",
    title: "`agent-transcript tools --json` vs the tool-pairing recipe (`jq -s`)",
    baseline: { label: "jq -s recipe", samples: samples(baselineMs) },
    candidate: { label: "agent-transcript tools --json", samples: samples(candidateMs) },
    inputBytes: 1024 ** 3,
    ratio: 0.3,
    maxRatio: 0.33,
    verdict: "meets",
    maxPeakRssBytes: 200_000_000,
    peakVerdict: "misses",
  };
}

export function searchResult(p95Ms: number): UsageResult {
  const totals = { input: 1, output: 2, cacheWrite: 3, cacheRead: 4, cost: 1.5 };
  return {
    id: "search-latency-on-index",
    title: "`search` on the run index: 95th percentile of a query's time",
    baseline: { label: "—", samples: [] },
    candidate: { label: "searchIndex", samples: [{ ms: 20, peakRssBytes: 0 }] },
    corpus: { sessions: 1000, turnsPerSession: 250, files: 1200 },
    inputBytes: 1.4e9,
    agreement: { days: 60, ours: totals, ccusage: totals },
    ratio: p95Ms,
    maxRatio: 50,
    verdict: p95Ms <= 50 ? "meets" : "misses",
    search: { queries: 200, p50Ms: 20, p95Ms, maxMs: 80 },
  };
}

export function viewerResult(value: number): ViewerResult {
  return {
    id: "viewer-first-render",
    title: "first render of a 20,000-message HTML export",
    messages: 20_000,
    documentBytes: 21 * 1024 * 1024,
    baseline: { label: "decode + JSON.parse only", samples: [300, 340, 360] },
    candidate: { label: "the viewer", samples: [value - 20, value, value + 40] },
    value,
    target: 1000,
    unit: "ms",
    verdict: value < 1000 ? "meets" : "misses",
    note: "navigation start to the first frame with messages",
  };
}

/** A full run's report of the given rows, on a fixed machine at `date`. */
export function report(
  date: string,
  rows: Partial<Pick<BenchReport, "benchmarks" | "memory" | "queries" | "usage" | "viewer">>,
  mode: BenchReport["mode"] = "full",
): BenchReport {
  return {
    environment: {
      node: "v20.20.2",
      v8: "11.3.244.8-node.38",
      platform: "linux x64",
      cpus: 2,
      cpuModel: "AMD EPYC",
      memoryBytes: 24 * 1024 ** 3,
      loadAverage: 3.5,
      date,
    },
    mode,
    isolation: "process-per-run",
    gcBeforeEachSample: true,
    corpus: {
      documents: 30,
      distinctDocuments: 10,
      copies: 3,
      bytes: 3_600_000,
      messages: 2000,
      parts: 5000,
      largestDocumentBytes: 900_000,
      sources: ["spotter/a.jsonl"],
      largeStringOutputBytes: 1_000_000,
      largeArrayOutputBytes: 1_000_000,
    },
    benchmarks: rows.benchmarks ?? [],
    ...(rows.memory === undefined ? {} : { memory: rows.memory }),
    ...(rows.queries === undefined ? {} : { queries: rows.queries }),
    ...(rows.usage === undefined ? {} : { usage: rows.usage }),
    ...(rows.viewer === undefined ? {} : { viewer: rows.viewer }),
    durationSeconds: 600,
  };
}
