// The reports count calls from their buckets (sums per quarter hour and model): each call must land in the day, and
// the 5-hour block, its own time puts it in, in every zone. Held here against a count made call by call.
import type { Usage } from "@agent-transcript/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DayOfCall } from "../../days.js";
import { RunStatsAccumulator } from "../../run-stats.js";
import { blockMs, blockReport, periodReport, sessionReport } from "./report.js";

const zones = ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe"];
const models = ["model-a", "model-b", "model-c"];
const start = Date.UTC(2026, 2, 25);

interface Call {
  at: string | null;
  model: string;
  input: number;
  output: number;
}

const call = fc.record({
  // Any second over three weeks around a change of daylight saving time, or no time at all.
  offset: fc.option(fc.integer({ min: 0, max: 21 * 86_400 }), { nil: null, freq: 12 }),
  model: fc.constantFrom(...models),
  input: fc.integer({ min: 0, max: 100_000 }),
  output: fc.integer({ min: 0, max: 10_000 }),
});
const calls = fc.array(call, { minLength: 1, maxLength: 80 }).map((each) =>
  each.map(({ offset, ...rest }): Call => ({
    ...rest,
    at: offset === null ? null : new Date(start + offset * 1000).toISOString(),
  })),
);

function runOf(list: readonly Call[]) {
  const accumulator = new RunStatsAccumulator("generated", "document", { recordCalls: true });
  for (const each of list)
    accumulator.message("assistant", {
      model: each.model,
      at: each.at ?? undefined,
      usage: { input_tokens: each.input, output_tokens: each.output },
      cost: { status: "reported", amount: 0.5, currency: "USD" },
    });
  return accumulator.finish();
}

const tokens = (each: Call): number => each.input + each.output;
const tokensOf = (usage: Usage | null): number => (usage?.input_tokens ?? 0) + (usage?.output_tokens ?? 0);

describe("reports from call buckets", () => {
  it("put every call in the day of its own time, in every zone", () => {
    fc.assert(
      fc.property(calls, fc.constantFrom(...zones), (list, timeZone) => {
        const days = new DayOfCall(timeZone);
        const expected = new Map<string, { calls: number; tokens: number; byModel: Record<string, number> }>();
        for (const each of list) {
          const period = days.of(each.at) ?? "undated";
          const row = expected.get(period) ?? { calls: 0, tokens: 0, byModel: {} };
          row.calls += 1;
          row.tokens += tokens(each);
          row.byModel[each.model] = (row.byModel[each.model] ?? 0) + 1;
          expected.set(period, row);
        }
        const { rows } = periodReport([runOf(list)], "daily", { timeZone });
        expect(
          Object.fromEntries(
            rows.map((row) => [
              row.period,
              { calls: row.totals.calls, tokens: tokensOf(row.totals.usage), byModel: { ...row.totals.models } },
            ]),
          ),
        ).toEqual(Object.fromEntries(expected));
        // The session report over all days: every call, once.
        const session = sessionReport([runOf(list)], { timeZone });
        expect(session.totals.calls).toBe(list.length);
      }),
    );
  });

  it("put every call in the 5-hour block its own time puts it in", () => {
    fc.assert(
      fc.property(calls, (list) => {
        // Call by call, in time order: a block starts at a call's hour and lasts five.
        const timed = list
          .filter((each) => each.at !== null)
          .map((each) => ({ time: Date.parse(each.at as string), each }))
          .sort((a, b) => a.time - b.time);
        const expected: Array<{ start: number; first: number; last: number; calls: number; tokens: number }> = [];
        for (const { time, each } of timed) {
          const current = expected.at(-1);
          if (current === undefined || time >= current.start + blockMs)
            expected.push({
              start: Math.floor(time / 3_600_000) * 3_600_000,
              first: time,
              last: time,
              calls: 0,
              tokens: 0,
            });
          const block = expected.at(-1) as (typeof expected)[number];
          block.last = time;
          block.calls += 1;
          block.tokens += tokens(each);
        }
        const { rows } = blockReport([runOf(list)], { timeZone: "UTC" }, 0);
        expect(
          rows.map((row) => ({
            start: Date.parse(row.start),
            first: Date.parse(row.firstCall),
            last: Date.parse(row.lastCall),
            calls: row.totals.calls,
            tokens: tokensOf(row.totals.usage),
          })),
        ).toEqual(expected);
      }),
    );
  });
});
