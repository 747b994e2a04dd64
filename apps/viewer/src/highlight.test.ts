/**
 * Syntax colouring keeps every line's text exactly and adds nothing but its own spans: on every line a real session's
 * edits and writes hold (Elixir, HEEx, JavaScript, Markdown, read from the session's own lines), and on hostile text.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./browser.test.helpers.js";
import { highlightLine, languageOf } from "./highlight.js";

const session = path.join(
  repositoryRoot,
  "tools/fixtures/real/spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
);

/** The tags of HTML and the text between them, in order (a walk, not a regular expression: no backtracking). */
function piecesOf(html: string): { tags: string[]; text: string } {
  const tags: string[] = [];
  let text = "";
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open === -1) {
      text += html.slice(at);
      break;
    }
    const close = html.indexOf(">", open);
    text += html.slice(at, open);
    if (close === -1) {
      tags.push(html.slice(open));
      break;
    }
    tags.push(html.slice(open, close + 1));
    at = close + 1;
  }
  return { tags, text };
}

/** The text of highlighted HTML: its tags taken out and its five escapes undone. */
function textOf(html: string): string {
  return piecesOf(html)
    .text.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

/** Every tag in highlighted HTML but highlight.js's own spans (a token's `hljs-…`, an embedded language's). */
function foreignTags(html: string): string[] {
  return piecesOf(html).tags.filter(
    (tag) => !/^<span class="(?:hljs|language)-[\w-]+(?: \w+)*">$|^<\/span>$/.test(tag),
  );
}

describe("syntax colouring", () => {
  it("colours every line of a real session's edits and writes, keeping its text, adding only its spans", () => {
    let lines = 0;
    let coloured = 0;
    for (const line of readFileSync(session, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
      if (!Array.isArray(content)) continue;
      for (const block of content as Array<{ type?: string; name?: string; input?: Record<string, unknown> }>) {
        if (block.type !== "tool_use" || (block.name !== "Edit" && block.name !== "Write")) continue;
        const language = languageOf(String(block.input?.file_path));
        if (language === undefined) continue;
        const text = String(block.input?.new_string ?? block.input?.content ?? "");
        for (const codeLine of text.split("\n")) {
          const html = highlightLine(codeLine, language);
          expect(textOf(html)).toBe(codeLine);
          expect(foreignTags(html)).toEqual([]);
          lines += 1;
          if (html.includes("hljs-")) coloured += 1;
        }
      }
    }
    expect(lines).toBeGreaterThan(500);
    // Most code lines have a token worth a colour.
    expect(coloured / lines).toBeGreaterThan(0.3);
  });

  it("escapes markup in code: a script in a string or a comment stays text", () => {
    for (const [line, language] of [
      ['const x = "</span><script>alert(1)</script>";', "typescript"],
      ["# <img src=x onerror=alert(1)>", "python"],
      ["<script>alert('xss')</script>", "xml"],
    ] as const) {
      const html = highlightLine(line, language);
      expect(html).not.toMatch(/<(?:script|img)\b/);
      expect(textOf(html)).toBe(line);
      expect(foreignTags(html)).toEqual([]);
    }
  });

  it("knows a file's language by its extension, and leaves others alone", () => {
    expect(languageOf("lib/spotter_web/live/session_live.ex")).toBe("elixir");
    expect(languageOf("src/app.TSX")).toBe("typescript");
    expect(languageOf("a/b.html.heex")).toBe("xml");
    expect(languageOf("Makefile")).toBeUndefined();
    expect(languageOf(".bashrc")).toBeUndefined();
    expect(languageOf("notes.weird")).toBeUndefined();
  });
});
