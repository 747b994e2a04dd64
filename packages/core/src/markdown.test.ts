import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { renderMarkdown } from "./markdown.js";

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
    expect(rendered).toContain("**Truncated:** 1 tool output(s) to 65536 bytes");
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
      expect(rendered, name).toContain(`# ${document.title ?? document.id}`);
      expect(rendered.split("\n## ").length, name).toBeGreaterThan(document.messages.length > 0 ? 1 : 0);
    }
  });
});
