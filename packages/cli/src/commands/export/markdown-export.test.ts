// `export --format markdown` of a real Claude Code session with sub-agents, read back by a CommonMark renderer
// (markdown-it) as a reader of the file would see it: every sub-agent's transcript is in the file, linked both ways
// with the run that started it; no heading comes from inside a tool's output; every link to a place in the file
// lands on an anchor that is there.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { firstUserPrompt, type Tolerant } from "@agent-transcript/core";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import MarkdownIt from "markdown-it";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../cli.js";
import { captureIo } from "../../capture-io.test.helpers.js";

const session = path.join(
  realFixturesRoot(),
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
);
let folder: string;
let markdown: string;
let document: Tolerant.Transcript;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "markdown-export-"));
  const target = path.join(folder, "session.md");
  const json = path.join(folder, "session.json");
  for (const args of [
    ["export", session, "--format", "markdown", "--output", target, "--quiet"],
    ["export", session, "--output", json, "--quiet"],
  ]) {
    const code = await run(args, captureIo().io);
    if (code !== 0) throw new Error(`${args.join(" ")} exited with ${code}`);
  }
  markdown = readFileSync(target, "utf8");
  document = JSON.parse(readFileSync(json, "utf8")) as Tolerant.Transcript;
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const renderer = new MarkdownIt({ html: true });

function headings(): string[] {
  const tokens = renderer.parse(markdown, {});
  return tokens.flatMap((token, index) => (token.type === "heading_open" ? [tokens[index + 1]?.content ?? ""] : []));
}

describe("the Markdown export of a Claude Code session with sub-agents", () => {
  it("holds every sub-agent's transcript, each under a heading of its own", () => {
    const children = document.run?.children ?? [];
    expect(children.length).toBe(3);
    for (const child of children) {
      const transcript = child.transcript as Tolerant.Transcript;
      expect(headings()).toContain(`Child run: ${child.title ?? child.run_id}`);
      // Its section: from its heading to the next run's; each of its messages' texts is there, rendered.
      const start = markdown.indexOf(`# Child run: ${child.title ?? child.run_id}`);
      const next = markdown.indexOf("\n# Child run: ", start + 1);
      const section = renderer.render(markdown.slice(start, next === -1 ? undefined : next));
      const words = transcript.messages.flatMap((message) =>
        message.parts.flatMap((part) =>
          part.type === "text" ? ((part as { text: string }).text.match(/[a-z]{4,}/gi) ?? []).slice(0, 5) : [],
        ),
      );
      expect(words.length).toBeGreaterThan(0);
      expect(words.filter((word) => !section.includes(word))).toEqual([]);
    }
  });

  it("makes no heading from inside a tool's output", () => {
    // A message's own text is Markdown and may hold headings (a sub-agent's report does); a tool result's may not:
    // every heading between a "Tool result" and the next message or run heading is a stray.
    const tokens = renderer.parse(markdown, {});
    const messageHeading = /^(?:Child run: .+|Child runs|(?:System|Developer|User|Assistant|Tool)(?: .*)?)$/;
    let inResult = false;
    let results = 0;
    const strays: string[] = [];
    for (const [index, token] of tokens.entries()) {
      const content = tokens[index + 1]?.content ?? "";
      if (token.type === "heading_open") {
        if (messageHeading.test(content) || token.tag === "h1") inResult = false;
        else if (inResult) strays.push(content);
      }
      if (token.type === "inline" && token.content.startsWith("**Tool result**")) {
        inResult = true;
        results += 1;
      }
    }
    expect(results).toBeGreaterThan(100);
    expect(strays).toEqual([]);
    // The session's tool outputs do hold Markdown headings (a sub-agent's report returned to its caller): fenced.
    expect(markdown).toMatch(/\*\*Tool result\*\*[^\n]*\n\n`{3,}\n[^\n]*\n\n## Comprehensive Codebase Summary/);
  });

  it("links each sub-agent from its list and from the tool call that started it, and back, to anchors in the file", () => {
    const html = renderer.render(markdown);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1] as string);
    const anchors = new Set([...html.matchAll(/id="([^"]+)"/g)].map((match) => match[1] as string));
    // From the list and back, for each of the three; from the starting call for the two a Task call started.
    const children = document.run?.children ?? [];
    const started = children.filter((child) => child.call_id !== undefined).length;
    expect(started).toBe(2);
    expect(targets.length).toBe(children.length * 2 + started);
    for (const target of targets) expect(anchors, target).toContain(target);
    expect(markdown).toMatch(
      /\*\*Tool call\*\* `Task` \(`[^`]+`\)[^\n]* · started \[Explore existing codebase\]\(#run-/,
    );
  });

  it("writes usage with thousands separators and each call's cost, and the run's cost as `stats` sums it", async () => {
    expect(markdown).toMatch(/_\d{1,3}(?:,\d{3})+ input \/ \d[\d,]* output tokens[^_\n]* · \$\d+\.\d{2,4}_/);
    // Every assistant message with usage (of a model the price table knows) says what it cost.
    const footers = markdown.match(/^_\d[\d,]* input \/ [^\n]*_$/gm) ?? [];
    expect(footers.length).toBeGreaterThan(10);
    for (const footer of footers) expect(footer).toMatch(/ · \$\d+\.\d{2,4}_$/);
    // The root run's cost, as `stats` prices the same session's own calls.
    const io = captureIo();
    expect(await run(["stats", session, "--json"], io.io)).toBe(0);
    const stats = JSON.parse(io.stdout()) as { runs: Array<{ own: { cost: { amount: number } | null } }> };
    const amount = stats.runs[0]?.own.cost?.amount as number;
    expect(amount).toBeGreaterThan(0);
    const shown = amount < 0.01 ? amount.toFixed(4) : amount.toFixed(2);
    expect(markdown.slice(0, markdown.indexOf("\n## "))).toContain(`- **Cost:** $${shown} (prices of `);
  });

  it("heads a message of tool results only as the tool's, and titles the run by its first prompt", () => {
    const onlyResults = document.messages.filter(
      (message) => message.parts.length > 0 && message.parts.every((part) => part.type === "tool_result"),
    ).length;
    expect(onlyResults).toBeGreaterThan(0);
    // Every such message of the root run is headed "Tool" (the root's section ends where the first child's begins).
    const root = markdown.slice(0, markdown.indexOf("\n# Child run: "));
    expect(root.match(/^## Tool\b/gm)?.length).toBe(onlyResults);
    expect(headings()[0]).toBe(firstUserPrompt(document, 160));
  });
});
