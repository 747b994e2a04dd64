import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { renderMarkdown, renderMarkdownPieces } from "./markdown.js";
import { firstUserPrompt } from "./run-context.js";
import { allTokens, reader } from "./markdown.test.helpers.js";

const readExample = (name: string): Tolerant.Transcript =>
  JSON.parse(
    readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid", name), "utf8"),
  ) as Tolerant.Transcript;

describe("renderMarkdown", () => {
  const warp = readExample("warp-export.json");
  const markdown = renderMarkdown(warp);

  it("renders roles, reasoning, tool calls and results, plans, diffs and images", () => {
    expect(markdown.startsWith(`# ${warp.title}\n`)).toBe(true);
    expect(markdown).toMatch(/^## User/m);
    expect(markdown).toMatch(/^## Assistant/m);
    expect(markdown).toContain("<summary>Reasoning");
    expect(markdown).toMatch(/\*\*Tool call\*\* `[^`]+` \(`[^`]+`\)/);
    expect(markdown).toMatch(/\*\*Tool result\*\*/);
    expect(markdown).toContain("**Plan**");
    expect(markdown).toMatch(/- \[!\] .+ — blocked: /);
    expect(markdown).toContain("```diff");
    expect(markdown).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/m);
    expect(markdown).toMatch(/_\[Image, image\/png \d+ bytes inline\]_/);
  });

  it("leaves reasoning out entirely when asked", () => {
    const omitted = renderMarkdown(warp, { reasoning: "omit" });
    expect(omitted).not.toContain("Reasoning");
    expect(omitted.length).toBeLessThan(markdown.length);
  });

  it("fences content containing backticks so it cannot break out", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "x",
      messages: [
        {
          role: "tool",
          parts: [{ type: "tool_result", call_id: "c", status: "ok", output: "```\n# not a heading\n````" }],
        },
      ],
    };
    const rendered = renderMarkdown(document);
    expect(rendered).toContain("`````\n```\n# not a heading\n````\n`````");
  });

  it("keeps headings on one line and free of HTML", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "x",
      title: "Line one\n<script>alert(1)</script>",
      messages: [],
    };
    expect(renderMarkdown(document).split("\n")[0]).toBe("# Line one &lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows what an export removed, and parts from a newer version as placeholders", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.3.0",
      id: "x",
      export: {
        reasoning: "omit",
        redaction: { counts: { "github-token": 2 }, total: 2 },
        truncation: { limit_bytes: 65536, truncated_count: 1 },
      },
      messages: [{ role: "assistant", parts: [{ type: "hologram" }] }],
    };
    const rendered = renderMarkdown(document);
    expect(rendered).toContain("**Redacted:** 2 secrets (github-token ×2)");
    expect(rendered).toContain("**Truncated:** 1 tool output to 65536 bytes");
    expect(rendered).toContain("**Reasoning:** omitted from this export");
    expect(rendered).toContain("_[hologram part from a newer format version]_");
  });

  it("renders every example document of the five source systems", () => {
    for (const name of [
      "awf-run.json",
      "devflow-run.json",
      "oz-snapshot-handoff.json",
      "openaf-portable-conversation.json",
    ]) {
      const document = readExample(name);
      const rendered = renderMarkdown(document);
      // Titled by its title, else by what its user first asked, else by its id.
      expect(rendered, name).toContain(`# ${document.title ?? firstUserPrompt(document, 160) ?? document.id}`);
      expect(rendered.split("\n## ").length, name).toBeGreaterThan(document.messages.length > 0 ? 1 : 0);
    }
  });

  describe("the hazards a new user reported", () => {
    const render = (messages: Tolerant.Message[], extra: Partial<Tolerant.Transcript> = {}): string =>
      renderMarkdown({ schema_version: "1.0.0", id: "x", messages, ...extra });
    const html = (markdown: string): string => reader.render(markdown);

    it("shows <script> in message text as text", () => {
      const markdown = render([{ role: "user", parts: [{ type: "text", text: "<script>alert(1)</script>" }] }]);
      expect(markdown).toContain("&lt;script>alert(1)&lt;/script>");
      expect(html(markdown)).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    });

    it("keeps </details> in reasoning from closing the reasoning block", () => {
      const markdown = render([
        { role: "assistant", parts: [{ type: "reasoning", text: "</details>\n<script>alert(1)</script>" }] },
      ]);
      const rawHtml = allTokens(reader.parse(markdown, {})).filter((token) => token.type === "html_block");
      expect(rawHtml.map((token) => token.content)).toEqual([
        "<details>\n<summary>Reasoning</summary>\n",
        "</details>\n",
      ]);
    });

    it("closes a code fence the text leaves open, so the next message keeps its heading", () => {
      const markdown = render([
        { role: "assistant", parts: [{ type: "text", text: "```\nno end" }] },
        { role: "user", parts: [{ type: "text", text: "next" }] },
      ]);
      expect(markdown).toContain("```\nno end\n```\n\n## User");
      expect(html(markdown)).toContain("<h2>User</h2>");
    });

    it("keeps image alt text and link syntax in text from making links", () => {
      const markdown = render([
        {
          role: "user",
          parts: [
            { type: "image", url: "https://example.com/a.png", alt: "x](javascript:alert(1)) [y" },
            { type: "text", text: "[click](javascript:alert(1)) ![pixel](https://tracker.example/p.png)" },
          ],
        },
      ]);
      expect(markdown).toContain("![x\\](javascript:alert(1)) \\[y](https://example.com/a.png)");
      const links = allTokens(reader.parse(markdown, {})).filter(
        (token) => token.type === "link_open" || token.type === "image",
      );
      expect(links.map((token) => token.attrGet("href") ?? token.attrGet("src"))).toEqual([
        "https://example.com/a.png",
      ]);
    });

    it("writes links only to http, https, mailto and relative URLs", () => {
      const markdown = render(
        [
          {
            role: "assistant",
            parts: [
              {
                type: "text",
                text: "sources",
                citations: [
                  { url: "javascript:alert(1)", title: "bad" },
                  { url: "https://example.com/?a=1&b=2", title: "good" },
                ],
              },
            ],
          },
        ],
        {
          run: {
            status: "completed",
            children: [
              { run_id: "c1", location: "file:///etc/passwd" },
              { run_id: "c2", location: "runs/c2.jsonl" },
              { run_id: "c3", location: "https://runs.example.com/c3" },
            ],
          },
        },
      );
      expect(markdown).toContain("1. bad (link left out: javascript: URL)");
      expect(markdown).toContain("2. [good](https://example.com/?a=1&amp;b=2)");
      // A child run's location is relative to the file the run was read from, not to the export: named, not linked,
      // unless it is a web address.
      expect(markdown).toContain("- c1 (`file:///etc/passwd`, not in this file) (unknown status, run `c1`)");
      expect(markdown).toContain("- c2 (`runs/c2.jsonl`, not in this file) (unknown status, run `c2`)");
      expect(markdown).toContain("- [c3](https://runs.example.com/c3) (unknown status, run `c3`)");
    });

    it("keeps a title with a line break or # on its heading line", () => {
      const markdown = render([], { title: "Title\n# Injected\n\n## User" });
      expect(markdown.split("\n")[0]).toBe("# Title # Injected ## User");
      expect(allTokens(reader.parse(markdown, {})).filter((token) => token.type === "heading_open")).toHaveLength(1);
    });

    it("writes no terminal control character", () => {
      const markdown = render([
        { role: "user", parts: [{ type: "text", text: "\u001b]0;pwned\u0007\u001b[2J\u009b2J ok\rFAIL \u202eevil" }] },
      ]);
      expect(markdown).toContain("\\u001b]0;pwned\\u0007\\u001b\\[2J\\u009b2J ok\nFAIL \\u202eevil");
    });
  });
});

describe("renderMarkdownPieces", () => {
  it("streams a long transcript a message at a time: no piece holds more than one message", () => {
    const messages: Tolerant.Message[] = Array.from({ length: 2000 }, (_, index) => ({
      id: `m${index}`,
      role: index % 2 === 0 ? "user" : "assistant",
      parts: [{ type: "text", text: `message number ${index} `.repeat(20) }],
    }));
    const document: Tolerant.Transcript = { schema_version: "1.0.0", id: "long", title: "Long", messages };
    const pieces = [...renderMarkdownPieces(document)];
    const whole = pieces.join("");
    expect(whole).toBe(renderMarkdown(document));
    expect(whole).toContain("message number 1999");
    expect(pieces.length).toBeGreaterThanOrEqual(messages.length);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(whole.length / 500);
  });

  it("refuses a document nested too deep before yielding anything", () => {
    let nested: unknown = "bottom";
    for (let depth = 0; depth < 2000; depth += 1) nested = [nested];
    const document = {
      schema_version: "1.0.0",
      id: "deep",
      messages: [{ id: "m", role: "tool", parts: [{ type: "tool_result", call_id: "c", output: nested }] }],
    } as unknown as Tolerant.Transcript;
    expect(() => renderMarkdownPieces(document)).toThrow(/deeper|depth|nest/i);
  });
});
