// The index keeps call buckets in a compact form of its own: what comes back must be what went in, for any bucket (a
// usage report from the index is only right if every number and price survives), and it must be smaller.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CallBucket } from "../run-stats.js";
import { attachBuckets, decodeBuckets, encodeBuckets, statsColumns } from "./bucket-encoding.js";
import type { RunStats } from "../run-stats.js";

const pricing = fc.record({
  table_version: fc.constantFrom("@pydantic/genai-prices@0.1.8", "override"),
  model: fc.constantFrom("claude-sonnet-4-5", "gpt-5.1", "claude-opus-4-6 + claude-sonnet-4-5"),
  source: fc.webUrl(),
  date: fc.constantFrom("2026-09-23", "2025-01-01"),
});
const amount = fc.double({ min: 0, max: 1e6, noNaN: true });
const cost = fc.oneof(
  fc.record(
    {
      status: fc.constant("computed" as const),
      amount,
      currency: fc.constant("USD"),
      breakdown: fc.record({ input: amount, output: amount, cache_read: amount, cache_write: amount }),
      pricing,
    },
    { requiredKeys: ["status", "amount", "currency", "pricing"] },
  ),
  fc.record({
    status: fc.constant("reported" as const),
    amount,
    currency: fc.constant("EUR"),
    reported_by: fc.string(),
  }),
  fc.record({ status: fc.constant("unknown" as const), currency: fc.constant("USD"), reason: fc.string() }),
  fc.constant(null),
);
const count = fc.nat({ max: 10_000_000 });
const usage = fc.oneof(
  fc.record(
    {
      input_tokens: count,
      output_tokens: count,
      cache_read_tokens: count,
      cache_write_tokens: count,
      reasoning_tokens: count,
      total_tokens: count,
    },
    { requiredKeys: ["input_tokens", "output_tokens"] },
  ),
  fc.constant(null),
);
const time = fc.option(fc.constantFrom("2026-06-13T12:31:01.000Z", "2026-06-14T00:00:00Z"), { nil: null });
const bucket = fc.record({
  quarter: fc.option(fc.nat({ max: 3_000_000 }), { nil: null }),
  model: fc.option(fc.string(), { nil: null }),
  calls: count,
  firstAt: time,
  lastAt: time,
  usage,
  cost,
  pricedAmount: fc.option(amount, { nil: null }),
  unpricedCalls: fc.dictionary(fc.string(), count),
}) as fc.Arbitrary<CallBucket>;

describe("call buckets in the index", () => {
  it("come back as they went in, for any bucket", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.array(bucket, { maxLength: 30 }), { nil: null }), { maxLength: 4 }),
        (lists) => {
          expect(decodeBuckets(encodeBuckets(lists))).toEqual(JSON.parse(JSON.stringify(lists)));
        },
      ),
    );
  });

  it("leave out a key whose value is undefined, as JSON does", () => {
    const [list] = decodeBuckets(
      encodeBuckets([
        [
          {
            quarter: 1,
            model: null,
            calls: 1,
            firstAt: null,
            lastAt: null,
            usage: null,
            cost: null,
            pricedAmount: undefined as unknown as null,
            unpricedCalls: {},
          },
        ],
      ]),
    );
    expect(list?.[0]).not.toHaveProperty("pricedAmount");
  });

  it("of a run and its sub-agents go back to each run, the statistics printing as they did", () => {
    const run = (runId: string, children: RunStats[], buckets?: CallBucket[]): RunStats =>
      ({
        runId,
        title: null,
        children,
        includingChildren: { messages: 1 },
        ...(buckets === undefined ? {} : { buckets }),
      }) as unknown as RunStats;
    const one = (quarter: number): CallBucket => ({
      quarter,
      model: "m",
      calls: 1,
      firstAt: null,
      lastAt: null,
      usage: { input_tokens: quarter, output_tokens: 1 },
      cost: null,
      pricedAmount: null,
      unpricedCalls: {},
    });
    const tree = run("root", [run("a", [run("a1", [], [one(3)])], [one(2)]), run("b", [])], [one(1)]);
    const columns = statsColumns(tree);
    expect(columns.stats).not.toContain("buckets");
    const back = JSON.parse(columns.stats) as RunStats;
    attachBuckets(back, columns.buckets as string);
    expect(JSON.stringify(back)).toBe(JSON.stringify(tree));
    expect(statsColumns(run("none", [run("child", [])])).buckets).toBeNull();
  });

  it("are written in a third of the bytes of the objects, and apart from the statistics", () => {
    const price = {
      table_version: "@pydantic/genai-prices@0.1.8",
      model: "claude-sonnet-4-5",
      source: "https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pricing",
      date: "2026-09-23",
    };
    const buckets: CallBucket[] = Array.from({ length: 40 }, (_, index) => ({
      quarter: 1_979_282 + index,
      model: "claude-sonnet-4-5-20250929",
      calls: 12,
      firstAt: "2026-06-13T12:31:01.000Z",
      lastAt: "2026-06-13T12:41:04.000Z",
      usage: {
        input_tokens: 145_693 + index,
        output_tokens: 4961,
        cache_read_tokens: 131_332,
        cache_write_tokens: 14_070,
        total_tokens: 150_654,
      },
      cost: {
        status: "computed",
        amount: 0.1674501,
        currency: "USD",
        breakdown: { input: 0.000873, output: 0.074415, cache_read: 0.0393996, cache_write: 0.0527625 },
        pricing: price,
      },
      pricedAmount: 0.1674501,
      unpricedCalls: {},
    }));
    const encoded = encodeBuckets([buckets]);
    expect(encoded.length).toBeLessThan(JSON.stringify(buckets).length / 2.5);
    const columns = statsColumns({ buckets, children: [] } as unknown as RunStats);
    expect(columns.stats).not.toContain("quarter");
    expect(columns.buckets).toBe(encoded);
    const decoded = decodeBuckets(encoded)[0] as CallBucket[];
    expect(decoded).toEqual(buckets);
    // One price object for all of them.
    expect(new Set(decoded.map((each) => (each.cost as { pricing: unknown }).pricing)).size).toBe(1);
  });
});
