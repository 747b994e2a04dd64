// The regular-expression campaigns' own parts: the checker's verdicts and attacks, and the inventory finding what the
// product runs (a campaign that found nothing, or called everything safe, would pass without checking anything).
import { describe, expect, it } from "vitest";
import { attackString, checkPattern, timeSearch } from "./regex-checker.js";
import { scanProductSource, scanSchemas } from "./regex-inventory.js";

describe("the ReDoS checker", () => {
  it("proves an unambiguous pattern linear", async () => {
    const verdict = await checkPattern("^\\d{4}-\\d{2}$", "", 10_000);
    expect(verdict).toMatchObject({ status: "safe", checker: "automaton" });
  });

  it("finds a nested quantifier exponential, with an attack that makes the engine backtrack", async () => {
    const verdict = await checkPattern("^(\\w+\\s?)*$", "", 10_000);
    expect(verdict.status).toBe("vulnerable");
    expect(verdict.complexity).toBe("exponential");
    const attack = verdict.attack;
    if (attack === undefined) throw new Error("no attack");
    // The lint refuses this pattern in code, as it should: here it is the one under test.
    // eslint-disable-next-line regexp/no-super-linear-backtracking
    const exponential = /^(\w+\s?)*$/;
    // 22 pumps take thousands of times longer than 10 do; a linear pattern would take about twice as long.
    const short = timeSearch(exponential, attackString(attack, 12));
    const long = timeSearch(exponential, attackString(attack, 24));
    expect(long).toBeGreaterThan(short * 20);
  });
});

describe("the inventory", () => {
  it("finds literals and literal `new RegExp` sources, and no run-time site it cannot enumerate", () => {
    const scan = scanProductSource();
    expect(scan.unknownRuntimeSites).toEqual([]);
    expect(scan.patterns).toContainEqual(
      expect.objectContaining({ file: "packages/core/src/redact/rules.ts", source: "^[a-z\\d+/]*={0,2}$", flags: "i" }),
    );
    expect(scan.patterns.every((pattern) => !/\.test\.tsx?:/.test(pattern.location))).toBe(true);
  });

  it("finds the JSON Schemas' patterns with the u flag validators use", () => {
    const { patterns } = scanSchemas();
    expect(patterns).toContainEqual(
      expect.objectContaining({ source: "^[0-9a-f]{64}$", flags: "u", file: "schemas/v1/transcript.schema.json" }),
    );
  });
});
