import { describe, expect, it } from "vitest";
import overrides from "./price-overrides.json" with { type: "json" };
import { generatePriceTable, priceProviders, unsafeRegexProblem } from "./prices.js";

describe("the price table generated from the price database", () => {
  const table = JSON.parse(generatePriceTable()) as {
    $comment: string;
    version: string;
    providers: { provider: string }[];
    models: { provider: string; model: string; match?: unknown; tiers?: unknown[]; earlier?: unknown[] }[];
    unpriced: { model: string; reason: string }[];
  };

  it("says it is generated, from which release, and keeps the providers' order", () => {
    expect(table.$comment).toMatch(/^AUTO-GENERATED FILE\. DO NOT EDIT\. Source: @pydantic\/genai-prices \d/);
    expect(table.version).toMatch(/^@pydantic\/genai-prices@\d+\.\d+\.\d+$/);
    expect(table.providers.map((entry) => entry.provider)).toEqual(
      priceProviders.map((provider) => (provider === "x-ai" ? "xai" : provider)),
    );
  });

  it("takes every provider's models, with their tiers and their earlier prices", () => {
    for (const provider of ["anthropic", "openai", "google", "mistral", "deepseek", "xai"])
      expect(table.models.filter((entry) => entry.provider === provider).length, provider).toBeGreaterThan(5);
    expect(table.models.some((entry) => (entry.tiers?.length ?? 0) > 0)).toBe(true);
    expect(table.models.some((entry) => (entry.earlier?.length ?? 0) > 0)).toBe(true);
  });

  it("puts our overrides first, each with why, and carries the unpriced models' reasons", () => {
    for (const entry of overrides.models) expect(entry.why.length, entry.model).toBeGreaterThan(20);
    for (const rule of overrides.provider_rules) expect(rule.why.length, rule.provider).toBeGreaterThan(20);
    for (const patch of overrides.patches) {
      expect(patch.why.length, patch.model).toBeGreaterThan(20);
      const entry = table.models.find((model) => model.provider === patch.provider && model.model === patch.model);
      expect(entry, patch.model).toMatchObject({ ...patch.set, source: patch.source });
    }
    expect(table.models.slice(0, overrides.models.length).map((entry) => entry.model)).toEqual(
      overrides.models.map((entry) => entry.model),
    );
    expect(table.models[0]).not.toHaveProperty("why");
    expect(table.unpriced).toEqual(overrides.unpriced);
  });
});

describe("unsafeRegexProblem", () => {
  it("refuses a repeated group that holds a repetition, and a pattern that does not compile", () => {
    expect(unsafeRegexProblem("^(a+)+$")).toMatch(/repeated group holds a repetition/);
    expect(unsafeRegexProblem("^(?:[a-z]*-)*x$")).toMatch(/repeated group holds a repetition/);
    expect(unsafeRegexProblem("^(")).toMatch(/does not compile/);
  });

  it("accepts the database's shapes: anchored ids, bounded repeats, a look-ahead", () => {
    for (const pattern of [
      "^claude-opus-5-\\d{8}$",
      "^gpt-5\\.6-luna-\\d{4}-\\d{2}-\\d{2}$",
      "^(?!.*-[tT][tT][sS](?:$|-))",
    ])
      expect(unsafeRegexProblem(pattern), pattern).toBeUndefined();
  });
});
