import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff.js";

const lines = (count: number, prefix = "line"): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);

describe("lineDiff", () => {
  it("shows each change with two lines of context, and where it is", () => {
    const before = lines(20);
    const after = [...before];
    after[4] = "changed 5";
    after.splice(15, 1);
    expect(lineDiff(before.join("\n"), after.join("\n"))).toBe(
      [
        "@@ line 3 @@",
        "  line 3",
        "  line 4",
        "+ changed 5",
        "- line 5",
        "  line 6",
        "  line 7",
        "@@ line 14 @@",
        "  line 14",
        "  line 15",
        "- line 16",
        "  line 17",
        "  line 18",
      ].join("\n"),
    );
  });

  it("caps a long difference", () => {
    const text = lineDiff(lines(200, "old").join("\n"), lines(200, "new").join("\n"), 10);
    expect(text.split("\n")).toHaveLength(11);
    expect(text).toMatch(/… and 391 more lines$/);
  });
});
