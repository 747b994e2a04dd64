import { describe, expect, it } from "vitest";
import { analyzePattern } from "./pattern-safety.js";
import { builtInRules } from "./rules.js";

describe("analyzePattern", () => {
  it.each([
    ["acme_[a-z0-9]{32}", ""],
    ["acme_[a-z0-9]+", ""],
    ["acme_[a-z0-9]{20,}!", ""],
    ["(?:foo|bar)+", ""],
    ["^\\w+@example\\.com", ""],
    ["\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}", ""],
    ["tok_\\p{L}{10,20}", "u"],
    ["x(?<secret>[A-Z]{10})", "i"],
    ["[\\]a-c]{3}z", ""],
    ["\\bAPI-[A-Z0-9]{26}\\b", ""],
  ])("accepts %s", (source, flags) => {
    expect(analyzePattern(source, flags).unsafeBecause).toBeUndefined();
  });

  it.each([
    ["(a+)+", "repeats a part that itself varies"],
    ["(?:\\d{1,3}\\.){3}", "repeats a part that itself varies"],
    ["(a|a)*b", "alternation"],
    ["(?:a|)+b", "repeats a part that itself varies"],
    ["(?:(?:xa|xb)z)*q", "alternation"],
    ["(a)\\1", "backreference"],
    ["\\s*\\s*x", "neighbouring"],
    ["x\\d+\\s*\\d+", "neighbouring"],
    ["[^\\s]+x", "unbounded quantifier"],
    ["(?=\\w+@)x", "unbounded quantifier"],
    ["key[a-z\\d]{1,5000}!", "unbounded quantifier"],
    ["\\w?", "empty string"],
    ["(?i:a)b", "not supported"],
  ])("refuses %s", (source, reason) => {
    expect(analyzePattern(source, "").unsafeBecause).toContain(reason);
  });

  it("understands case-insensitivity when deciding whether a prefix guards a run", () => {
    expect(analyzePattern("X[a-z]+!", "").unsafeBecause).toBeUndefined();
    expect(analyzePattern("X[a-z]+!", "i").unsafeBecause).toContain("unbounded quantifier");
  });

  it("finds the shortest match length, not counting lookarounds", () => {
    expect(analyzePattern("acme_[a-z]{8,16}", "").minimumMatchLength).toBe(13);
    expect(analyzePattern("(?<=x{5})a(?:bc|d)?(?=yyy)", "").minimumMatchLength).toBe(1);
    expect(analyzePattern("tok_\\p{L}{10,20}", "u").minimumMatchLength).toBe(14);
    expect(analyzePattern("(?i:a)b", "").minimumMatchLength).toBe(0);
  });

  it("bounds the match length of bounded patterns, counting astral characters in Unicode mode", () => {
    expect(analyzePattern("acme_[a-z]{8,16}", "").maximumMatchLength).toBe(21);
    expect(analyzePattern("acme_[a-z]{8,16}", "u").maximumMatchLength).toBe(42);
    expect(analyzePattern("acme_[a-z]+", "").maximumMatchLength).toBe(Infinity);
  });

  it("finds every built-in rule that is also safe by its stricter user-rule standard", () => {
    // Built-ins are held to the lint rules instead; this only documents which of them a user could copy.
    const accepted = builtInRules
      .filter((rule) => analyzePattern(rule.pattern.source, rule.pattern.flags).unsafeBecause === undefined)
      .map((rule) => rule.id);
    expect(accepted).toContain("github-token");
    expect(accepted).toContain("aws-access-key-id");
  });
});
