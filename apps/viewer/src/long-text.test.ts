// How long strings are cut into pieces and how search hits are marked in them (long-text.tsx, markdown.ts); what it
// costs in a browser is long-strings.test.ts.
import { describe, expect, it } from "vitest";
import { blockCharacters, hitRanges, maximumMarks, piecesOf } from "./long-text.js";
import { markdownSections } from "./markdown.js";

const prose = (length: number): string =>
  Array.from({ length: Math.ceil(length / 6) }, (_, index) => (index % 40 === 39 ? "line.\n" : "words ")).join("");

describe("piecesOf", () => {
  it.each([
    ["a run of one letter", "a".repeat(3 * blockCharacters + 7)],
    ["prose", prose(5 * blockCharacters)],
    ["a surrogate pair astride every cut", `${"a".repeat(blockCharacters - 1)}${"😀".repeat(blockCharacters)}`],
    ["short text", "short"],
    ["nothing", ""],
  ])("cuts %s into pieces that put back together are the text, none too long, none inside a pair", (_name, text) => {
    const pieces = piecesOf(text);
    expect(pieces.join("")).toBe(text);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(blockCharacters);
      expect(/[\uD800-\uDBFF]$/.test(piece)).toBe(false);
      expect(/^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
    }
  });

  it("cuts prose after a line break where there is one near the end, else after a space", () => {
    const pieces = piecesOf(prose(5 * blockCharacters));
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith("\n")).toBe(true);
    const spaced = piecesOf("word ".repeat(blockCharacters));
    for (const piece of spaced.slice(0, -1)) expect(piece.endsWith(" ")).toBe(true);
  });
});

describe("hitRanges", () => {
  it("marks a run of adjacent hits once", () => {
    expect(hitRanges("a".repeat(300_000), "a")).toEqual([[0, 300_000]]);
    expect(hitRanges("xAAx aa", "a")).toEqual([
      [1, 3],
      [5, 7],
    ]);
    expect(hitRanges("aaaa", "aa")).toEqual([[0, 4]]);
  });

  it(`marks at most ${maximumMarks} hits of one string`, () => {
    const ranges = hitRanges("ab".repeat(100_000), "a");
    expect(ranges).toHaveLength(maximumMarks);
    expect(ranges[0]).toEqual([0, 1]);
    expect(ranges.at(-1)).toEqual([2 * (maximumMarks - 1), 2 * (maximumMarks - 1) + 1]);
  });

  it("marks nothing where lower-casing moves the offsets, rather than the wrong characters", () => {
    expect(hitRanges("İstanbul a", "a")).toEqual([]);
    expect(hitRanges("anything", "")).toEqual([]);
  });
});

describe("markdownSections", () => {
  it("cuts long Markdown between its blocks, each section short, all of it there, references resolved everywhere", () => {
    const paragraph = `A paragraph with a [reference link][docs] and *emphasis*. ${"More words follow here. ".repeat(40)}`;
    const text = `${Array.from({ length: 40 }, () => paragraph).join("\n\n")}\n\n[docs]: https://example.com/docs\n`;
    const sections = markdownSections(text, blockCharacters, piecesOf);
    expect(sections.length).toBeGreaterThan(3);
    expect(sections.reduce((sum, section) => sum + section.length, 0)).toBe(text.length);
    expect(sections.every((section) => "html" in section)).toBe(true);
    for (const section of sections) {
      expect(section.length).toBeLessThanOrEqual(blockCharacters);
      expect("html" in section ? section.html : "").toContain('<a href="https://example.com/docs"');
    }
  });

  it("shows a block too long to render as text, cut into pieces, and renders the blocks around it", () => {
    const run = "a".repeat(3 * blockCharacters);
    const sections = markdownSections(`# Title\n\n${run}\n\nafter *it*\n`, blockCharacters, piecesOf);
    expect(sections[0]).toEqual({ html: "<h1>Title</h1>\n", length: "# Title\n".length });
    const texts = sections.filter((section) => "text" in section).map((section) => section.text);
    expect(texts.join("")).toBe(`\n${run}\n`);
    expect(sections.at(-1)).toEqual({ html: "<p>after <em>it</em></p>\n", length: "\nafter *it*\n".length });
  });

  it("shows the code of a code block too long to render, without its fences", () => {
    const code = "x = 1;\n".repeat(blockCharacters);
    const sections = markdownSections(`\`\`\`js\n${code}\`\`\`\n`, blockCharacters, piecesOf);
    expect(sections.every((section) => "code" in section && section.code)).toBe(true);
    expect(sections.map((section) => ("text" in section ? section.text : "")).join("")).toBe(code);
  });
});
