import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { calcPrice } from "@pydantic/genai-prices";
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCost, computeCost, defaultPriceTable, findModelPrice, messageCost } from "./cost.js";
import type { Cost, ModelPrice, PriceTable, PricedCost } from "./cost.js";
import type { Usage } from "./generated/v1/types.js";
import { validateCost } from "./generated/v1/validate.js";
import { normalizeUsage } from "./usage.js";

const fixturesRoot = realFixturesRoot();

/** The price database's provider id for a table entry's provider. */
const databaseProvider = (entry: ModelPrice): string => (entry.provider === "xai" ? "x-ai" : entry.provider);

function computed(cost: Cost): Extract<PricedCost, { status: "computed" }> {
  if (cost.status !== "computed") throw new Error(`expected a computed cost, got: ${JSON.stringify(cost)}`);
  const { breakdown } = cost;
  if (!breakdown) throw new Error("expected a breakdown");
  return { ...cost, breakdown };
}

function expectSchemaValid(cost: Cost): void {
  const result = validateCost(cost);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

describe("the shipped price table", () => {
  const table = defaultPriceTable;
  const isoDate = /^\d{4}-\d{2}-\d{2}$/;
  const isRealDate = (value: string): boolean =>
    isoDate.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  const isPrice = (value: unknown): boolean => typeof value === "number" && Number.isFinite(value) && value >= 0;
  const httpsUrl = (value: unknown): boolean =>
    typeof value === "string" && URL.canParse(value) && new URL(value).protocol === "https:";

  it("names the price database and release it was generated from, in one currency and unit, with notes", () => {
    expect(table.version).toMatch(/^@pydantic\/genai-prices@\d+\.\d+\.\d+$/);
    expect(table.currency).toBe("USD");
    expect(table.unit).toBe("per_million_tokens");
    expect(table.notes?.[0]).toMatch(
      /^Prices from @pydantic\/genai-prices \d+\.\d+\.\d+ \(released \d{4}-\d{2}-\d{2}; /,
    );
    expect(Object.isFrozen(table) && Object.isFrozen(table.models[0])).toBe(true);
    expect(table.providers?.map((entry) => entry.provider)).toEqual([
      "anthropic",
      "openai",
      "google",
      "mistral",
      "deepseek",
      "xai",
    ]);
  });

  it("gives every entry a provider, a rule, an https source, a real date, and non-negative prices, earlier ones dated", () => {
    expect(table.models.length).toBeGreaterThanOrEqual(200);
    const release = /\(released (\d{4}-\d{2}-\d{2});/.exec(table.notes?.[0] ?? "")?.[1] ?? "";
    expect(isRealDate(release)).toBe(true);
    const checkRates = (
      rates: Omit<ModelPrice, "provider" | "model" | "aliases" | "source" | "date">,
      label: string,
    ) => {
      for (const price of [rates.input, rates.output]) expect(isPrice(price), label).toBe(true);
      for (const price of [rates.cache_read, rates.cache_write, rates.cache_write_1h])
        expect(price === undefined || isPrice(price), label).toBe(true);
      let previous = 0;
      for (const tier of rates.tiers ?? []) {
        expect(Number.isSafeInteger(tier.above_input_tokens) && tier.above_input_tokens > previous, label).toBe(true);
        previous = tier.above_input_tokens;
        for (const price of [tier.input, tier.output]) expect(isPrice(price), label).toBe(true);
        for (const price of [tier.cache_read, tier.cache_write, tier.cache_write_1h])
          expect(price === undefined || isPrice(price), label).toBe(true);
      }
    };
    const seen = new Set<string>();
    for (const entry of table.models) {
      const label = `${entry.provider}/${entry.model}`;
      expect(seen.has(label), `${label} listed twice`).toBe(false);
      seen.add(label);
      expect(
        table.providers?.map((provider) => provider.provider),
        label,
      ).toContain(entry.provider);
      expect(entry.model, label).toMatch(/^[a-z0-9][a-z0-9.:_-]*$/);
      expect(entry.match, label).toBeDefined();
      expect(httpsUrl(entry.source), label).toBe(true);
      // Read when the database was released, or on the day of one of our overrides.
      expect(isRealDate(entry.date) && entry.date <= new Date().toISOString().slice(0, 10), label).toBe(true);
      checkRates(entry, label);
      expect(entry.from === undefined || isRealDate(entry.from), label).toBe(true);
      expect(entry.earlier === undefined || entry.from === entry.earlier[0]?.until, label).toBe(true);
      let newer = "9999-12-31";
      for (const earlier of entry.earlier ?? []) {
        expect(isRealDate(earlier.until) && earlier.until < newer, label).toBe(true);
        newer = earlier.until;
        checkRates(earlier, `${label} until ${earlier.until}`);
      }
      const known = new Set([
        ...["provider", "model", "aliases", "match", "input", "output", "cache_read", "cache_write", "cache_write_1h"],
        ...["tiers", "source", "date", "from", "earlier"],
      ]);
      expect(
        Object.keys(entry).filter((key) => !known.has(key)),
        label,
      ).toEqual([]);
    }
  });

  it("gives every Anthropic entry of a model with prompt caching (Claude 3 on) every cache price", () => {
    // Anthropic publishes every cache price; a missing one would silently price cache traffic at the input rate.
    const anthropic = table.models.filter(
      (entry) => entry.provider === "anthropic" && !/^claude-(?:v1|2|instant)/.test(entry.model),
    );
    expect(anthropic.length).toBeGreaterThan(15);
    for (const entry of anthropic)
      expect([entry.cache_read, entry.cache_write, entry.cache_write_1h].every(isPrice), entry.model).toBe(true);
  });

  it("finds each entry by its own id", () => {
    for (const entry of table.models) {
      const named = findModelPrice(`${entry.provider}/${entry.model}`);
      expect(named?.provider, entry.model).toBe(entry.provider);
      expect(named?.model, entry.model).toBe(entry.model);
    }
  });

  it("holds the published prices of a few models (spot checks against the sources)", () => {
    const prices = (model: string): Partial<ModelPrice> | undefined => {
      const entry = findModelPrice(model);
      if (entry === undefined) return undefined;
      const { input, output, cache_read, cache_write, cache_write_1h } = entry;
      return { input, output, cache_read, cache_write, cache_write_1h };
    };
    expect(prices("claude-sonnet-4-5")).toEqual({
      input: 3,
      output: 15,
      cache_read: 0.3,
      cache_write: 3.75,
      cache_write_1h: 6,
    });
    expect(prices("claude-opus-4-6")).toEqual({
      input: 5,
      output: 25,
      cache_read: 0.5,
      cache_write: 6.25,
      cache_write_1h: 10,
    });
    expect(prices("claude-haiku-4-5")).toEqual({
      input: 1,
      output: 5,
      cache_read: 0.1,
      cache_write: 1.25,
      cache_write_1h: 2,
    });
    expect(prices("gpt-4.1")).toEqual({
      input: 2,
      output: 8,
      cache_read: 0.5,
      cache_write: undefined,
      cache_write_1h: undefined,
    });
    expect(findModelPrice("gemini-2.5-pro")?.tiers).toEqual([
      { above_input_tokens: 200000, input: 2.5, output: 15, cache_read: 0.25 },
    ]);
  });

  // The conversion from the database's form (per-field tiers, dated conditional prices) to the table's, checked
  // against the database's own calculator on every model it prices by the token, on fixed days before, at and after
  // the database's dated changes, at noon UTC: a time of day matters to the database (DeepSeek's off-peak price, which
  // the table leaves out), so the moment is given, never taken from the clock.
  it("prices every database model as the database's own calculator does", () => {
    const moments = ["2026-01-15T12:00:00Z", "2026-09-23T12:00:00Z", "2027-06-01T12:00:00Z"];
    const usages = [
      { input_tokens: 1000, output_tokens: 500 },
      { input_tokens: 150_000, cache_read_tokens: 100_000, cache_write_tokens: 20_000, output_tokens: 2000 },
      { input_tokens: 400_000, cache_read_tokens: 50_000, output_tokens: 9000 },
    ];
    let compared = 0;
    let notByOwnId = 0;
    for (const entry of table.models) {
      if (entry.source === "https://platform.openai.com/docs/guides/moderation") continue;
      // A few entries' rules do not accept their own id (`ft:gpt-4o` prices `ft:gpt-4o-2024-…`): the database's
      // calculator cannot be asked about them by it.
      if (
        calcPrice({ input_tokens: 1, output_tokens: 1 }, entry.model, { providerId: databaseProvider(entry) })?.model
          .id !== entry.model
      ) {
        notByOwnId += 1;
        continue;
      }
      for (const [usage, at] of usages.flatMap((usage) => moments.map((moment) => [usage, moment] as const))) {
        const ours = computeCost(usage, `${entry.provider}/${entry.model}`, defaultPriceTable, at);
        const theirs = calcPrice(
          {
            input_tokens: usage.input_tokens,
            output_tokens: usage.output_tokens,
            cache_read_tokens: usage.cache_read_tokens ?? 0,
            cache_write_tokens: usage.cache_write_tokens ?? 0,
          },
          entry.model,
          { providerId: databaseProvider(entry), timestamp: new Date(at) },
        );
        expect(theirs?.model.id, entry.model).toBe(entry.model);
        const amount = computed(ours).amount;
        const expected = theirs?.total_price ?? Number.NaN;
        expect(Math.abs(amount - expected), `${entry.provider}/${entry.model} at ${at}`).toBeLessThan(
          1e-9 * Math.max(1, expected),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1800);
    expect(notByOwnId).toBeLessThan(10);
  });
});

describe("findModelPrice", () => {
  const model = (id: string): string | undefined => findModelPrice(id)?.model;

  it("matches ids and aliases exactly, ignoring case and surrounding whitespace", () => {
    expect(model("claude-sonnet-4-5")).toBe("claude-sonnet-4-5");
    expect(model("claude-sonnet-4-5-20250929")).toBe("claude-sonnet-4-5");
    expect(model("  Claude-Sonnet-4-5 ")).toBe("claude-sonnet-4-5");
    expect(model("gpt-4o-2024-08-06")).toBe("gpt-4o");
    expect(model("gemini-2.0-flash-001")).toBe("gemini-2.0-flash");
  });

  it("prefers a snapshot's own entry over its base model (gpt-4o-2024-05-13 costs more than gpt-4o)", () => {
    expect(findModelPrice("gpt-4o-2024-05-13")).toMatchObject({ model: "gpt-4o-2024-05-13", input: 5, output: 15 });
  });

  it("strips one trailing snapshot date that is a real calendar date when no rule of the database names the id", () => {
    expect(model("gpt-5-mini-2025-08-07")).toBe("gpt-5-mini");
    expect(model("gpt-4.1-nano-2025-04-14")).toBe("gpt-4.1-nano");
    expect(model("claude-haiku-4-5-20991231")).toBe("claude-haiku-4-5");
    expect(model("claude-sonnet-4-5@20250929")).toBe("claude-sonnet-4-5");
    // gpt-4o's rule lists its snapshots by name: a made-up date is neither listed nor a calendar date.
    for (const id of ["gpt-4o-2024-02-30", "gpt-4o-1999-01-01", "gpt-4o-20240513-20240513", "gpt-4o-2024-0513"]) {
      expect(model(id), id).toBeUndefined();
    }
  });

  it("accepts provider-prefixed ids when the provider matches the entry", () => {
    expect(model("anthropic/claude-sonnet-4-5")).toBe("claude-sonnet-4-5");
    expect(model("openai/gpt-4o-mini")).toBe("gpt-4o-mini");
    expect(model("models/gemini-2.5-flash")).toBe("gemini-2.5-flash");
    expect(model("google/gemini-2.5-flash")).toBe("gemini-2.5-flash");
    expect(model("publishers/google/models/gemini-2.5-pro")).toBe("gemini-2.5-pro");
    expect(model("mistral/magistral-medium-latest")).toBe("magistral-medium");
    expect(model("openai/claude-sonnet-4-5")).toBeUndefined();
    expect(model("anthropic/openai/gpt-4o")).toBeUndefined();
    // Claude served by Google (Vertex AI) is priced from Google's list, and only when the id says so.
    expect(findModelPrice("google/claude-opus-4-6")).toMatchObject({ provider: "google", model: "claude-opus-4-6" });
    expect(findModelPrice("claude-opus-4-6")).toMatchObject({ provider: "anthropic", model: "claude-opus-4-6" });
    // Even where only Google's list has the exact id: a Claude id is Anthropic's, priced by Anthropic's rule (with our
    // correction of its 1-hour cache writes, which the database leaves out for this model).
    expect(findModelPrice("claude-3-7-sonnet")).toMatchObject({
      provider: "anthropic",
      model: "claude-3-7-sonnet-latest",
      cache_write_1h: 6,
    });
    expect(findModelPrice("google/claude-3-7-sonnet")).toMatchObject({
      provider: "google",
      model: "claude-3-7-sonnet",
    });
    // A router or cloud may charge differently, so its prefix finds nothing; nor does a cloud's own id, which no
    // rule of the provider its name points to accepts.
    expect(model("openrouter/anthropic/claude-sonnet-4-5")).toBeUndefined();
    expect(model("us.anthropic.claude-sonnet-4-5-20250929-v1:0")).toBeUndefined();
  });

  it("follows the database's rules, never pricing a model as a cheaper or dearer sibling, nor finding inherited names", () => {
    // The database prices variants it knows cost the same as their model (a dated or preview spelling, Claude Code's
    // 1M-context id) by that model's entry.
    expect(model("claude-sonnet-4-5-thinking")).toBe("claude-sonnet-4-5");
    expect(model("claude-opus-4-6[1m]")).toBe("claude-opus-4-6");
    expect(model("gemini-2.5-flash-preview-09-2025")).toBe("gemini-2.5-flash");
    // …but a sibling with prices of its own is never taken for another.
    expect(findModelPrice("gpt-4o-mini")).toMatchObject({ model: "gpt-4o-mini", input: 0.15 });
    expect(findModelPrice("gpt-4o")).toMatchObject({ model: "gpt-4o", input: 2.5 });
    expect(findModelPrice("gpt-4o-realtime-preview")?.model).toBe("gpt-4o-realtime-preview");
    expect(findModelPrice("claude-3-5-haiku-20241022")).toMatchObject({ input: 0.8, output: 4 });
    const vague = ["gpt", "claude", "gemini", "", " ", "/", "models/"];
    const inherited = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    for (const id of [...vague, ...inherited]) {
      expect(model(id), id).toBeUndefined();
    }
    expect(findModelPrice(42 as unknown as string)).toBeUndefined();
    expect(findModelPrice("x".repeat(10_000))).toBeUndefined();
  });
});

describe("computeCost", () => {
  it("prices uncached input, cache reads, cache writes and output separately", () => {
    // Under the 200K-token tier: every token at the base prices.
    const usage: Usage = {
      input_tokens: 190_000,
      cache_read_tokens: 100_000,
      cache_write_tokens: 50_000,
      output_tokens: 500_000,
      reasoning_tokens: 100_000,
    };
    const cost = computed(computeCost(usage, "claude-sonnet-4-5-20250929"));
    expect(cost.breakdown.input).toBeCloseTo((40_000 * 3) / 1e6, 10);
    expect(cost.breakdown.cache_read).toBeCloseTo((100_000 * 0.3) / 1e6, 10);
    expect(cost.breakdown.cache_write).toBeCloseTo((50_000 * 3.75) / 1e6, 10);
    // Reasoning is part of output and priced with it, not on top of it.
    expect(cost.breakdown.output).toBeCloseTo((500_000 * 15) / 1e6, 10);
    expect(cost.amount).toBeCloseTo(0.12 + 0.03 + 0.1875 + 7.5, 10);
    expect(cost).toMatchObject({
      currency: "USD",
      pricing: {
        table_version: defaultPriceTable.version,
        model: "claude-sonnet-4-5",
        source: "https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pricing",
        date: "2026-09-23",
      },
    });
    expectSchemaValid(cost);
  });

  it("accepts any usage of the transcript schema, whose raw part may name a source format", () => {
    const fromTranscript: Usage = {
      input_tokens: 1000,
      output_tokens: 10,
      raw: { provider: "claude-code", usage: {} },
    };
    expect(computed(computeCost(fromTranscript, "gpt-4o")).amount).toBeCloseTo((1000 * 2.5 + 10 * 10) / 1e6, 12);
  });

  it("an unknown model costs unknown, never zero", () => {
    const cost = computeCost({ input_tokens: 10, output_tokens: 10 }, "claude-nonesuch-9");
    expect(cost).toEqual({
      status: "unknown",
      currency: "USD",
      reason: `no price for model "claude-nonesuch-9" in price table ${defaultPriceTable.version}`,
    });
    expect(cost).not.toHaveProperty("amount");
    expectSchemaValid(cost);
    const long = computeCost({ input_tokens: 1, output_tokens: 1 }, `m${"x".repeat(5000)}`);
    expect(long.status === "unknown" && long.reason.length < 200).toBe(true);
  });

  it("prices missing cache prices at the input price (OpenAI cache writes, a model with no cache discount)", () => {
    const openai = computed(computeCost({ input_tokens: 1000, cache_write_tokens: 400, output_tokens: 0 }, "gpt-4.1"));
    expect(openai.breakdown.cache_write).toBeCloseTo((400 * 2) / 1e6, 12);
    const turbo = computed(
      computeCost({ input_tokens: 1000, cache_read_tokens: 400, output_tokens: 0 }, "gpt-4-turbo"),
    );
    expect(findModelPrice("gpt-4-turbo")?.cache_read).toBeUndefined();
    expect(turbo.breakdown.cache_read).toBeCloseTo((400 * 10) / 1e6, 12);
  });

  it("says why the table declines a model it does not price", () => {
    expect(computeCost({ input_tokens: 10, output_tokens: 10 }, "qwen3.6:latest")).toEqual({
      status: "unknown",
      currency: "USD",
      reason:
        "no price for model \"qwen3.6:latest\": a model served by Ollama (name:tag), on the user's machine or Ollama's cloud: no per-token price",
    });
    // A router's or a cloud's prefix: its prices may differ from the provider's own.
    expect(
      computeCost({ input_tokens: 10, output_tokens: 10 }, "meta-llama/llama-4-maverick-17b-128e-instruct"),
    ).toMatchObject({
      status: "unknown",
      reason: expect.stringContaining(
        'its prefix "meta-llama/" names no provider the price table covers (anthropic, openai',
      ),
    });
    expect(computeCost({ input_tokens: 10, output_tokens: 10 }, "<synthetic>")).toMatchObject({
      status: "unknown",
      reason: expect.stringContaining("a message Claude Code wrote itself"),
    });
  });

  it("prices a call at the price in effect on its day, when its time is given", () => {
    const usage = { input_tokens: 300_000, output_tokens: 1000 };
    // Claude Opus 4.6's long-context premium ended on 2026-03-13.
    const entry = findModelPrice("claude-opus-4-6");
    expect(entry?.earlier?.[0]?.until).toBe("2026-03-13");
    const before = computed(computeCost(usage, "claude-opus-4-6", defaultPriceTable, "2026-03-12T23:59:59Z"));
    const after = computed(computeCost(usage, "claude-opus-4-6", defaultPriceTable, "2026-03-13T00:00:00Z"));
    const now = computed(computeCost(usage, "claude-opus-4-6"));
    expect(before.amount).toBeCloseTo((300_000 * 10 + 1000 * 37.5) / 1e6, 10);
    expect(after.amount).toBeCloseTo((300_000 * 5 + 1000 * 25) / 1e6, 10);
    expect(now.amount).toBe(after.amount);
    // A time that is not a date is no time at all: the current price.
    expect(computed(computeCost(usage, "claude-opus-4-6", defaultPriceTable, "yesterday")).amount).toBe(now.amount);
  });

  it("costs a message by one rule: its reported cost, else its usage priced on its day; nothing without usage", () => {
    const usage = { input_tokens: 300_000, output_tokens: 1000 };
    const reported: Cost = { status: "reported", amount: 0.5, currency: "USD", reported_by: "the gateway" };
    expect(messageCost({ model: "claude-opus-4-6", usage, cost: reported })).toBe(reported);
    expect(
      computed(messageCost({ model: "claude-opus-4-6", usage, created_at: "2026-03-12T08:00:00Z" }) as PricedCost)
        .amount,
    ).toBe(computed(computeCost(usage, "claude-opus-4-6", defaultPriceTable, "2026-03-12T08:00:00Z")).amount);
    expect(computed(messageCost({ model: "claude-opus-4-6", usage, created_at: 12 }) as PricedCost).amount).toBe(
      computed(computeCost(usage, "claude-opus-4-6")).amount,
    );
    for (const model of [undefined, "", 7])
      expect(messageCost({ model, usage })).toEqual({
        status: "unknown",
        currency: "USD",
        reason: "the call names no model",
      });
    // No usage, or usage that is not counts: no call to count, even with a cost beside it.
    for (const bad of [undefined, null, "many", { input_tokens: 1.5, output_tokens: 2 }, { input_tokens: 3 }])
      expect(messageCost({ model: "claude-opus-4-6", usage: bad, cost: reported })).toBeUndefined();
    // A cost field that is no cost is priced over.
    expect(messageCost({ model: "claude-opus-4-6", usage, cost: { status: "free" } })?.status).toBe("computed");
  });

  it("switches to a prompt-length tier when the request's input exceeds its threshold", () => {
    const atThreshold = computed(
      computeCost({ input_tokens: 200_000, cache_read_tokens: 100_000, output_tokens: 1000 }, "models/gemini-2.5-pro"),
    );
    expect(atThreshold.breakdown.input).toBeCloseTo((100_000 * 1.25) / 1e6, 10);
    expect(atThreshold.breakdown.cache_read).toBeCloseTo((100_000 * 0.125) / 1e6, 10);
    expect(atThreshold.breakdown.output).toBeCloseTo((1000 * 10) / 1e6, 10);
    const above = computed(
      computeCost({ input_tokens: 200_001, cache_read_tokens: 100_000, output_tokens: 1000 }, "gemini-2.5-pro"),
    );
    expect(above.breakdown.input).toBeCloseTo((100_001 * 2.5) / 1e6, 10);
    expect(above.breakdown.cache_read).toBeCloseTo((100_000 * 0.25) / 1e6, 10);
    expect(above.breakdown.output).toBeCloseTo((1000 * 15) / 1e6, 10);
    const gpt = computed(computeCost({ input_tokens: 300_000, output_tokens: 10 }, "gpt-5.4"));
    expect(gpt.breakdown.input).toBeCloseTo((300_000 * 5) / 1e6, 10);
  });

  it("a caller's table without providers is searched by every entry's rule", () => {
    const table: PriceTable = {
      version: "test",
      currency: "USD",
      unit: "per_million_tokens",
      models: [
        {
          provider: "house",
          model: "m-1",
          aliases: [],
          match: { starts_with: "m-1" },
          input: 1,
          output: 2,
          source: "https://example.test",
          date: "2026-01-01",
        },
      ],
    };
    expect(findModelPrice("m-1-fast", table)?.model).toBe("m-1");
    expect(findModelPrice("m-2", table)).toBeUndefined();
  });

  it("a tier that omits a cache price falls back to the tier's input price, and the highest exceeded tier wins", () => {
    const table: PriceTable = {
      version: "test",
      currency: "EUR",
      unit: "per_million_tokens",
      models: [
        {
          provider: "test",
          model: "m",
          aliases: [],
          input: 1,
          output: 2,
          cache_read: 0.1,
          tiers: [
            { above_input_tokens: 1000, input: 10, output: 20 },
            { above_input_tokens: 100, input: 5, output: 6, cache_read: 0.5 },
          ],
          source: "https://example.com",
          date: "2026-01-01",
        },
      ],
    };
    const low = computed(computeCost({ input_tokens: 100, cache_read_tokens: 50, output_tokens: 0 }, "m", table));
    expect(low.breakdown.cache_read).toBeCloseTo((50 * 0.1) / 1e6, 12);
    const middle = computed(computeCost({ input_tokens: 101, cache_read_tokens: 50, output_tokens: 0 }, "m", table));
    expect(middle.breakdown.cache_read).toBeCloseTo((50 * 0.5) / 1e6, 12);
    const high = computed(computeCost({ input_tokens: 1001, cache_read_tokens: 50, output_tokens: 0 }, "m", table));
    expect(high.breakdown.cache_read).toBeCloseTo((50 * 10) / 1e6, 12);
    expect(high.currency).toBe("EUR");
    expect(
      computeCost({ input_tokens: 1, output_tokens: 1 }, "m", { ...table, unit: "per_thousand_tokens" }),
    ).toMatchObject({ status: "unknown" });
  });

  it("rejects usage that is not valid instead of pricing it", () => {
    const bad: unknown[] = [
      { input_tokens: -1, output_tokens: 1 },
      { input_tokens: 1.5, output_tokens: 1 },
      { input_tokens: 1, output_tokens: Number.NaN },
      { input_tokens: "10", output_tokens: 1 },
      { input_tokens: 10, output_tokens: 1, cache_read_tokens: 8, cache_write_tokens: 3 },
      { input_tokens: 10, output_tokens: 1, reasoning_tokens: 2 },
      null,
    ];
    for (const usage of bad) expect(computeCost(usage as Usage, "gpt-4o").status).toBe("unknown");
  });

  it("prices a real Claude Code turn, with its 1-hour cache writes at the 1-hour price", () => {
    // spotter short.jsonl: claude-opus-4-6, 13,835 tokens written to the 1-hour cache, 11,515 read from it.
    const line = readFileSync(path.join(fixturesRoot, "spotter/test/fixtures/transcripts/short.jsonl"), "utf8")
      .split("\n")
      .map((text) =>
        text.trim() === "" ? undefined : (JSON.parse(text) as { message?: { model?: string; usage?: unknown } }),
      )
      .find((entry) => entry?.message?.usage !== undefined);
    const usage = normalizeUsage("anthropic", line?.message?.usage);
    if (usage === undefined || line?.message?.model === undefined) throw new Error("fixture usage did not normalise");
    expect(usage).toMatchObject({
      input_tokens: 3 + 13835 + 11515,
      cache_write_tokens: 13835,
      cache_read_tokens: 11515,
      output_tokens: 13,
    });
    const cost = computed(computeCost(usage, line.message.model));
    expect(cost.pricing.model).toBe("claude-opus-4-6");
    expect(cost.breakdown.cache_write).toBeCloseTo((13835 * 10) / 1e6, 12);
    expect(cost.amount).toBeCloseTo((3 * 5 + 11515 * 0.5 + 13835 * 10 + 13 * 25) / 1e6, 12);
    expectSchemaValid(cost);
    // Without the raw split (a summed usage) the writes fall back to the 5-minute price.
    const { raw: _raw, ...withoutRaw } = usage;
    expect(computed(computeCost(withoutRaw, "claude-opus-4-6")).breakdown.cache_write).toBeCloseTo(
      (13835 * 6.25) / 1e6,
      12,
    );
  });

  it("reads Bedrock's cacheDetails for 1-hour writes", () => {
    const usage = normalizeUsage("bedrock-converse", {
      inputTokens: 3,
      outputTokens: 10,
      cacheWriteInputTokens: 300,
      cacheDetails: [
        { inputTokens: 200, ttl: "1h" },
        { inputTokens: 100, ttl: "5m" },
      ],
    });
    if (usage === undefined) throw new Error("usage did not normalise");
    const cost = computed(computeCost(usage, "claude-sonnet-4-5"));
    expect(cost.breakdown.cache_write).toBeCloseTo((200 * 6 + 100 * 3.75) / 1e6, 12);
  });

  it("prices a real OpenAI Responses call by its dated model id", () => {
    const body = JSON.parse(
      readFileSync(
        path.join(fixturesRoot, "vercel-ai/packages/openai/src/responses/__fixtures__/openai-file-search-tool.1.json"),
        "utf8",
      ),
    ) as { model: string; usage: unknown };
    const usage = normalizeUsage("openai-responses", body.usage);
    if (usage === undefined) throw new Error("fixture usage did not normalise");
    expect(body.model).toBe("gpt-5-mini-2025-08-07");
    const cost = computed(computeCost(usage, body.model));
    expect(cost.pricing.model).toBe("gpt-5-mini");
    expect(cost.amount).toBeCloseTo(((3700 - 2560) * 0.25 + 2560 * 0.025 + 741 * 2) / 1e6, 12);
  });

  it("takes any model id a session holds: never throws, prices or says why, whatever was looked up before", () => {
    const known = defaultPriceTable.models.map((entry) => entry.model);
    // Real ids bent as files bend them (case, spaces, prefixes, suffixes, separators) and arbitrary text.
    const bent = fc
      .tuple(fc.constantFrom(...known), fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), fc.boolean())
      .map(([id, before, after, upper]) => `${before}${upper ? id.toUpperCase() : id}${after}`);
    const arbitrary = fc.string({ unit: "binary", maxLength: 600 });
    const ids = fc.oneof(bent, arbitrary, fc.constantFrom("__proto__", "constructor", "a/b/c/", "//", "x".repeat(513)));
    const before = computed(computeCost({ input_tokens: 1000, output_tokens: 10 }, "claude-sonnet-4-5-20250929"));
    fc.assert(
      fc.property(ids, (model) => {
        const cost = computeCost({ input_tokens: 1000, output_tokens: 10 }, model);
        expect(cost.status === "computed" || (cost.status === "unknown" && cost.reason.length > 0)).toBe(true);
      }),
      { numRuns: 6 * fc.readConfigureGlobal().numRuns! },
    );
    // Past the lookups it remembers (4,096 per table), a known id is still priced as it was.
    expect(computeCost({ input_tokens: 1000, output_tokens: 10 }, "claude-sonnet-4-5-20250929")).toEqual(before);
  });

  it("never throws and never goes negative, and the amount is the sum of the breakdown", () => {
    const models = fc.constantFrom(...defaultPriceTable.models.map((entry) => entry.model), "unknown-model", "");
    const usage = fc
      .record({
        input_tokens: fc.nat({ max: 5_000_000 }),
        output_tokens: fc.nat({ max: 5_000_000 }),
        cache_read_tokens: fc.option(fc.nat({ max: 5_000_000 }), { nil: undefined }),
        cache_write_tokens: fc.option(fc.nat({ max: 5_000_000 }), { nil: undefined }),
      })
      .map(({ cache_read_tokens, cache_write_tokens, ...rest }) => ({
        ...rest,
        ...(cache_read_tokens === undefined ? {} : { cache_read_tokens }),
        ...(cache_write_tokens === undefined ? {} : { cache_write_tokens }),
      }));
    // Only priced results have a breakdown: count them, so the property is not about unknown models only.
    let priced = 0;
    fc.assert(
      fc.property(usage, models, (value, model) => {
        const cost = computeCost(value, model);
        if (cost.status === "unknown") return;
        priced += 1;
        const { input, output, cache_read, cache_write } = cost.breakdown;
        expect([input, output, cache_read, cache_write].every((part) => part >= 0 && Number.isFinite(part))).toBe(true);
        expect(cost.amount).toBeCloseTo(input + output + cache_read + cache_write, 9);
      }),
    );
    expect(priced).toBeGreaterThan(fc.readConfigureGlobal().numRuns! / 10);
  });
});

describe("addCost", () => {
  const sonnet = computeCost({ input_tokens: 1000, output_tokens: 100 }, "claude-sonnet-4-5");
  const gpt = computeCost({ input_tokens: 1000, output_tokens: 100 }, "gpt-4o");
  const unknown = computeCost({ input_tokens: 1, output_tokens: 1 }, "no-such-model");

  it("adds amounts and breakdowns, listing each distinct pricing value once", () => {
    const total = computed(addCost(addCost(sonnet, gpt), sonnet));
    expect(total.amount).toBeCloseTo(computed(sonnet).amount * 2 + computed(gpt).amount, 12);
    expect(total.breakdown.output).toBeCloseTo(
      computed(sonnet).breakdown.output * 2 + computed(gpt).breakdown.output,
      12,
    );
    expect(total.pricing.model).toBe("claude-sonnet-4-5 + gpt-4o");
    expect(total.pricing.table_version).toBe(defaultPriceTable.version);
    expectSchemaValid(total);
    expect(computed(addCost(sonnet, sonnet)).pricing).toEqual(computed(sonnet).pricing);
  });

  it("lists each model once, in the order first added, however the costs are summed", () => {
    // Model names among them that hold another's name, so a label is never matched by a part of one.
    const models = ["gpt-4o", "gpt-4o-mini", "o1", "claude-sonnet-4-5", "claude-sonnet-4"];
    const priced = models.map((model) => computed(computeCost({ input_tokens: 10, output_tokens: 1 }, model)));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: models.length - 1 }), { minLength: 1, maxLength: 30 }), (picks) => {
        const total = picks.map((pick) => priced[pick] as Cost).reduce((sum, cost) => addCost(sum, cost));
        const firstSeen = [
          ...new Set(picks.map((pick) => (priced[pick] as PricedCost & { status: "computed" }).pricing.model)),
        ];
        expect(computed(total).pricing.model).toBe(firstSeen.join(" + "));
      }),
    );
  });

  it("unknown plus anything is unknown, and so is a sum across currencies", () => {
    expect(addCost(sonnet, unknown)).toBe(unknown);
    expect(addCost(unknown, sonnet)).toBe(unknown);
    expect(addCost(unknown, unknown).status).toBe("unknown");
    const euro: Cost = { ...computed(gpt), currency: "EUR" };
    expect(addCost(sonnet, euro)).toEqual({
      status: "unknown",
      currency: "USD",
      reason: "cannot add USD and EUR costs",
    });
  });
});

describe("the models of the real fixtures", () => {
  /**
   * Every string under a `model` or `modelVersion` key: in the provider payloads the fixture reader finds (requests,
   * responses, stream chunks of JSON, YAML cassettes and SSE recordings alike) and in every JSON document and JSON line
   * of the agents' sessions and trajectories.
   */
  function fixtureModels(): Set<string> {
    const models = new Set<string>();
    const collect = (value: unknown, depth: number): void => {
      if (depth > 64 || typeof value !== "object" || value === null) return;
      if (Array.isArray(value)) {
        for (const item of value) collect(item, depth + 1);
        return;
      }
      for (const [key, child] of Object.entries(value)) {
        if ((key === "model" || key === "modelVersion") && typeof child === "string") models.add(child);
        else collect(child, depth + 1);
      }
    };
    const parse = (text: string): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    };
    for (const fixture of loadRealFixtures(fixturesRoot)) {
      for (const payload of fixture.payloads) collect(payload.kind === "stream" ? payload.chunks : payload.value, 0);
      if (fixture.payloads.length > 0) continue;
      const text = fixture.file.endsWith(".json") || fixture.file.endsWith(".jsonl") ? readFixture(fixture.file) : "";
      if (fixture.file.endsWith(".json")) collect(parse(text), 0);
      else for (const line of text.split("\n")) collect(parse(line), 0);
    }
    return models;
  }
  const readFixture = (file: string): string => readFileSync(path.join(fixturesRoot, file), "utf8");

  // Ids the fixtures hold that no table prices, each with why: what the recording shows on purpose (a request that
  // failed, a misspelling, a redaction) or a model the price database does not list.
  const unknownOnPurpose = new Map([
    ["gmini-pro", "a misspelt model in a request that failed"],
    ["<redacted>", "redacted by the recording"],
    ["zai-glm-5-2", "Z.ai's GLM in a recording of a Mistral-compatible stream: the price database does not list it"],
  ]);

  it("each gets a price, or says why not", () => {
    const models = fixtureModels();
    // The Claude Code, Codex and Gemini CLI sessions' models and the provider recordings' among them.
    for (const model of ["claude-opus-4-6", "gpt-5.1-codex-max", "gemini-2.5-flash", "magistral-medium-latest"])
      expect(models).toContain(model);
    const unexplained: string[] = [];
    for (const model of models) {
      const cost = computeCost({ input_tokens: 1000, output_tokens: 100 }, model);
      if (cost.status === "computed" || unknownOnPurpose.has(model)) continue;
      // An unknown cost with a reason of the table's own (an alias, an Ollama model, a router's prefix) is explained;
      // the bare "no price in price table …" is not.
      if (!cost.reason.includes(" in price table ")) continue;
      unexplained.push(`${model}: ${cost.reason}`);
    }
    expect(unexplained).toEqual([]);
    for (const model of unknownOnPurpose.keys()) expect(models, model).toContain(model);
  });
});
