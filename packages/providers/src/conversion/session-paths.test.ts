import { describe, expect, it } from "vitest";
import { relativeToMain, splitPath } from "./session.js";

describe("a child run's location", () => {
  it("is relative to the main file's folder: below it, or up and across on the same root", () => {
    expect(relativeToMain("/p/s1.jsonl", "/p/s1/subagents/agent-a.jsonl")).toBe("s1/subagents/agent-a.jsonl");
    expect(relativeToMain("/s/2026/01/31/rollout-a.jsonl", "/s/2026/02/01/rollout-b.jsonl")).toBe(
      "../../02/01/rollout-b.jsonl",
    );
    expect(relativeToMain("/s/2025/12/31/rollout-a.jsonl", "/s/2026/01/01/rollout-b.jsonl")).toBe(
      "../../../2026/01/01/rollout-b.jsonl",
    );
    expect(relativeToMain("C:\\u\\s\\a.jsonl", "C:\\u\\t\\b.jsonl")).toBe("../t/b.jsonl");
  });

  it("is kept as given when the two share no root or a path climbs", () => {
    expect(relativeToMain("C:\\u\\a.jsonl", "D:\\u\\b.jsonl")).toBe("D:/u/b.jsonl");
    expect(relativeToMain("relative/a.jsonl", "/abs/b.jsonl")).toBe("/abs/b.jsonl");
    expect(relativeToMain("/p/x/a.jsonl", "/q/../b.jsonl")).toBe("/q/../b.jsonl");
    expect(relativeToMain("a.jsonl", "b/c.jsonl")).toBe("b/c.jsonl");
  });

  it("splits either separator", () => {
    expect(splitPath("C:\\u\\a.jsonl")).toEqual({ folder: "C:\\u", name: "a.jsonl", separator: "\\" });
    expect(splitPath("/a.jsonl")).toEqual({ folder: "/", name: "a.jsonl", separator: "/" });
  });
});
