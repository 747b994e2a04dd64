// How `pnpm bench` keeps the committed results BENCHMARKS.md is rendered from: what a run replaces and what it keeps.
import { describe, expect, it } from "vitest";
import { mergeResults } from "./published.js";
import { memoryResult, queryResult, report, timingResult, viewerResult } from "./published.test.helpers.js";

const ids = (rows: readonly { readonly result: { readonly id: string } }[]) => rows.map((row) => row.result.id);

describe("merging a run into the published results", () => {
  const full = report("2026-12-01T10:00:00.000Z", {
    benchmarks: [timingResult("decode-strict-text", 1.5, 1.15), timingResult("validate-only", 0.2)],
    memory: [memoryResult("memory-decode", [4.8, 4.9, 5.1], 5)],
    queries: [queryResult([100, 110], [30, 35])],
    viewer: [viewerResult(320)],
  });

  it("takes every row of a first run, in the bench's order", () => {
    const results = mergeResults(undefined, full);
    expect(ids(results.benchmarks)).toEqual(["decode-strict-text", "validate-only"]);
    expect(ids(results.memory)).toEqual(["memory-decode"]);
    expect(ids(results.queries)).toEqual(["queries-tools-vs-jq"]);
    expect(ids(results.viewer)).toEqual(["viewer-first-render"]);
    expect(results.runs.map((run) => run.environment.date)).toEqual(["2026-12-01T10:00:00.000Z"]);
    const rows = [...results.benchmarks, ...results.memory, ...results.queries, ...results.viewer];
    expect(rows.map((row) => row.run)).toEqual([0, 0, 0, 0, 0]);
  });

  it("replaces only the rows a partial run measured, and says which run measured each row", () => {
    const partial = report("2026-12-02T10:00:00.000Z", { benchmarks: [timingResult("decode-strict-text", 1.1, 1.15)] });
    const results = mergeResults(mergeResults(undefined, full), partial);
    expect(results.runs.map((run) => run.environment.date)).toEqual([
      "2026-12-01T10:00:00.000Z",
      "2026-12-02T10:00:00.000Z",
    ]);
    // The bench's order, not the order the runs came in.
    expect(results.benchmarks.map((row) => [row.result.id, row.run, row.result.ratio])).toEqual([
      ["decode-strict-text", 1, expect.closeTo(1.1, 6)],
      ["validate-only", 0, expect.closeTo(0.2, 6)],
    ]);
    expect(results.memory).toEqual(mergeResults(undefined, full).memory);
    expect(results.viewer[0]?.run).toBe(0);
  });

  it("lists the runs oldest first, whatever order they were merged in", () => {
    const earlier = report("2026-11-30T10:00:00.000Z", { viewer: [viewerResult(400)] });
    const results = mergeResults(mergeResults(undefined, full), earlier);
    expect(results.runs.map((run) => run.environment.date)).toEqual([
      "2026-11-30T10:00:00.000Z",
      "2026-12-01T10:00:00.000Z",
    ]);
    expect(results.viewer.map((row) => [row.run, row.result.value])).toEqual([[0, 400]]);
    expect(results.memory.map((row) => row.run)).toEqual([1]);
  });

  it("forgets a run once a later one has measured all of its rows again", () => {
    const partial = report("2026-12-02T10:00:00.000Z", { viewer: [viewerResult(400)] });
    const again = report("2026-12-03T10:00:00.000Z", full);
    const results = mergeResults(mergeResults(mergeResults(undefined, full), partial), again);
    expect(results.runs.map((run) => run.environment.date)).toEqual(["2026-12-03T10:00:00.000Z"]);
    expect(results.viewer[0]?.result.value).toBe(320);
    expect(results.viewer[0]?.run).toBe(0);
  });

  it("drops the rows of benchmarks the bench no longer has", () => {
    const withOld = report("2026-12-01T10:00:00.000Z", {
      benchmarks: [timingResult("decode-strict-text", 1.5, 1.15), timingResult("decode-retired", 2)],
    });
    const results = mergeResults(undefined, withOld);
    expect(ids(results.benchmarks)).toEqual(["decode-strict-text"]);
  });

  it("never publishes a quick run", () => {
    const quick = report("2026-12-02T10:00:00.000Z", { benchmarks: [timingResult("decode-strict-text", 9)] }, "quick");
    expect(() => mergeResults(mergeResults(undefined, full), quick)).toThrow(
      "a quick run's results are never published",
    );
  });
});
