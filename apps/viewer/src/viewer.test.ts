/**
 * The viewer in a real browser (Debian's Chromium through playwright-core), on real recorded data: a Claude Code
 * session with sub-agents and compaction served by `agent-transcript view`, a Codex session exported as one HTML
 * file and opened over file://, a run recorded through the recorder (the demo's agent run) opened from the file
 * picker and folded in the browser, and a real provider response. Each test asserts what a reader sees, and that the
 * page fetched nothing from anywhere else. Screenshots go to apps/viewer/.tmp/screenshots (git-ignored).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { gunzipSync, gzipSync } from "node:zlib";
import { firstUserPrompt, isPartOfType, sessionContext, toolCallSummary, type Tolerant } from "@agent-transcript/core";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAgentRun } from "../../../tools/demo/src/agent-run.js";
import {
  exportHtml,
  launchBrowser,
  openViewer,
  repositoryRoot,
  scratchRoot,
  screenshot,
  serveView,
  watchPage,
  type PageWatch,
  type ServedView,
} from "./browser.test.helpers.js";

const realFixture = (file: string) => path.join(repositoryRoot, "tools/fixtures/real", file);
const claudeSession = realFixture("spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
const codexSession = realFixture("agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");
const scratch = path.join(scratchRoot, "viewer-test");

const cliBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@agent-transcript/cli/package.json")),
  "bin/agent-transcript.js",
);

/** The document the CLI makes of an input: what the page should show, computed without the browser. */
function documentOf(input: string): Tolerant.Transcript {
  const output = path.join(scratch, `${path.basename(input)}.document.json`);
  const result = spawnSync(process.execPath, [cliBin, "export", input, "--output", output, "-q", "--no-redact"], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(readFileSync(output, "utf8")) as Tolerant.Transcript;
}

const shownCount = (page: Page) => page.getByTestId("shown-count").textContent();

/**
 * The list a reader should see of a run, said here from the format's rules and not from the viewer's code: a message
 * of tool results only, each answering a call made elsewhere in the run, is shown inside its call (the first such
 * call's message), not as a row of its own.
 */
function listOf(document: Tolerant.Transcript): { shown: number[]; folded: Map<number, number[]> } {
  const callAt = new Map<string, number>();
  document.messages.forEach((message, index) => {
    for (const part of message.parts) if (isPartOfType(part, "tool_call")) callAt.set(part.id, index);
  });
  const shown: number[] = [];
  const folded = new Map<number, number[]>();
  document.messages.forEach((message, index) => {
    const rows = message.parts.map((part) =>
      isPartOfType(part, "tool_result") ? callAt.get(part.call_id) : undefined,
    );
    const into = rows.every((row) => row !== undefined && row !== index) ? Math.min(...(rows as number[])) : undefined;
    if (message.parts.length === 0 || message.error !== undefined || into === undefined) shown.push(index);
    else folded.set(into, [...(folded.get(into) ?? []), index]);
  });
  return { shown, folded };
}

/**
 * What a reader can see of a part: text, reasoning, summaries, tool names, inputs, outputs (and the parts inside them)
 * and errors; not the native fields kept for a round trip, such as Claude Code's toolUseResult.
 */
const shownText = (part: Tolerant.Part): string =>
  [
    "text" in part ? part.text : "",
    "summary" in part ? JSON.stringify(part.summary) : "",
    "name" in part ? part.name : "",
    "input" in part ? JSON.stringify(part.input) : "",
    "output" in part ? (typeof part.output === "string" ? part.output : JSON.stringify(part.output)) : "",
    "content" in part && Array.isArray(part.content)
      ? part.content.map((inner) => shownText(inner as Tolerant.Part)).join("\n")
      : "",
    "error" in part ? part.error : "",
  ].join("\n");

/** The rows of a run's list that hold `query` in their message or in a result shown inside it. */
function rowsMatching(document: Tolerant.Transcript, query: string): number[] {
  const list = listOf(document);
  const has = (index: number) =>
    (document.messages[index] as Tolerant.Message).parts.some((part) => shownText(part).toLowerCase().includes(query));
  return list.shown.filter((index) => has(index) || (list.folded.get(index) ?? []).some(has));
}

/** "N of N messages", N the rows of the run's list. */
const allShown = (document: Tolerant.Transcript) => {
  const count = listOf(document).shown.length;
  return `${count} of ${count} messages`;
};

function expectNothingForeign(watch: PageWatch): void {
  expect(watch.foreignRequests).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
}

let browser: Browser;
beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a Claude Code session with sub-agents and compaction, served by `view`", () => {
  let served: ServedView;
  let page: Page;
  let watch: PageWatch;
  let document: Tolerant.Transcript;
  beforeAll(async () => {
    document = documentOf(claudeSession);
    served = await serveView(claudeSession);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    watch = watchPage(page, served.origin);
    await openViewer(page, served.url);
  });
  afterAll(async () => {
    await page?.close();
    await served?.stop();
  });

  it("prints a 127.0.0.1 URL and shows the run header: status, model, messages, tokens, cost", async () => {
    expect(served.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22,}&src=transcript\.json&name=4d5611e5-[\w-]+\.jsonl$/,
    );
    expect(await page.locator(".file-name").textContent()).toBe(path.basename(claudeSession));
    const header = page.locator(".run-header");
    await expect.poll(() => header.locator(".run-status").textContent()).toBe(document.run?.status);
    const models = [...new Set(document.messages.flatMap((message) => (message.model ? [message.model] : [])))];
    expect(await header.textContent()).toContain(models.join(", "));
    expect(await shownCount(page)).toBe(allShown(document));
    // Tokens and cost are shown (the session's calls are priced from core's table).
    expect(await header.locator(".stat", { hasText: "tokens in / out" }).textContent()).toMatch(/\d/);
    expect(await header.locator(".stat", { hasText: "cost" }).first().textContent()).toMatch(/\$\d/);
    await screenshot(page, "claude-code-session");
    expectNothingForeign(watch);
  });

  it("says what the run is: its first prompt as its title, the agent, folder, branch and start; the tab follows", async () => {
    const prompt = firstUserPrompt(document, 160) as string;
    const session = sessionContext(document);
    expect(prompt).not.toBeNull();
    expect(session.cwd).not.toBeNull();
    expect(session.gitBranch).not.toBeNull();
    expect(await page.locator(".run-title").first().textContent()).toBe(prompt);
    const context = await page.getByTestId("run-context").textContent();
    expect(context).toContain("agent claude-code");
    expect(context).toContain(`folder ${session.cwd}`);
    expect(context).toContain(`branch ${session.gitBranch}`);
    expect(context).toContain(`started ${(document.created_at as string).slice(0, 10)}`);
    expect(await page.title()).toBe(`${prompt} · Agent Transcript`);
  });

  it("names each call by what it did (its command, path, pattern or task) and says how large its output is", async () => {
    const calls = document.messages
      .flatMap((message) => message.parts)
      .filter((part) => isPartOfType(part, "tool_call"))
      .slice(0, 5);
    expect(calls.length).toBeGreaterThan(0);
    const summaries = await page
      .locator(".tool-call > summary")
      .evaluateAll((nodes) =>
        nodes.slice(0, 5).map((node) => node.querySelector(".tool-summary")?.textContent ?? null),
      );
    expect(summaries).toEqual(calls.map((call) => toolCallSummary(call.input, 160)));
    expect(summaries.filter((summary) => summary !== null).length).toBeGreaterThan(0);
    const first = page.locator(".tool-call.status-ok > summary").first();
    expect(await first.locator(".output-size").textContent()).toMatch(/^\d+(\.\d)?k? chars$|^\d+(\.\d)?M chars$/);
  });

  it("expands a tool call to its formatted input and its paired result", async () => {
    const firstCall = document.messages.flatMap((message) => message.parts).find((part) => part.type === "tool_call");
    expect(firstCall).toBeDefined();
    const call = page.locator(".tool-call").first();
    await call.locator("summary").click();
    const body = call.locator(".tool-body");
    await expect.poll(() => body.isVisible()).toBe(true);
    const input = (firstCall as { input: { command: string } }).input;
    expect(await body.locator("pre.json").first().textContent()).toContain(JSON.stringify(input.command));
    expect(await body.textContent()).toContain("output");
    await screenshot(page, "claude-code-tool-call");
  });

  it("shows each result inside its call, and a link to a result opens its call", async () => {
    const list = listOf(document);
    // Every message of results only is inside its call: no row of the list is one.
    const [callRow, [resultRow]] = [...list.folded.entries()].find(([, rows]) => rows.length > 0) as [number, number[]];
    await page.evaluate(() => (location.hash = ""));
    expect(await page.locator(".tool-result-link").count()).toBe(0);
    expect(await page.locator(".folded-count").textContent()).toBe(
      `${document.messages.length - list.shown.length} results inside their calls`,
    );
    // A permalink to the result (as a search hit from the run index gives) lands on its call, opened at it.
    const result = (document.messages[resultRow as number] as Tolerant.Message).parts.find((part) =>
      isPartOfType(part, "tool_result"),
    ) as Extract<Tolerant.Part, { type: "tool_result" }>;
    await page.evaluate((hash) => (location.hash = hash), `m=${resultRow}`);
    const article = page.locator(`article[data-message-index="${callRow}"]`);
    await expect.poll(() => article.getAttribute("class")).toContain("targeted");
    const call = article.locator(".tool-call", { hasText: result.call_id });
    await expect.poll(() => call.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    const output = typeof result.output === "string" ? result.output : JSON.stringify(result.output);
    const firstLine = output.split("\n").find((line) => line.trim().length > 3) as string;
    expect(await call.locator(".tool-body").textContent()).toContain(firstLine.trim().slice(0, 40));
    await screenshot(page, "claude-code-result-in-call");
    await call.locator("summary").first().click();
    await page.evaluate(() => (location.hash = ""));
  });

  it("opens the sub-agent from the call that started it, in place or on its page, with breadcrumbs back", async () => {
    const children = document.run?.children ?? [];
    const childIndex = children.findIndex((child) => child.call_id !== undefined && child.transcript !== undefined);
    expect(childIndex).toBeGreaterThanOrEqual(0);
    const child = children[childIndex] as NonNullable<typeof children>[number];
    const childDocument = child.transcript as Tolerant.Transcript;
    const callRow = document.messages.findIndex((message) =>
      message.parts.some((part) => isPartOfType(part, "tool_call") && part.id === child.call_id),
    );
    await page.evaluate((hash) => (location.hash = hash), `m=${callRow}`);
    const call = page.locator(`article[data-message-index="${callRow}"] .tool-call`, { hasText: child.call_id });
    // Collapsed, the call says it started a sub-agent.
    await expect
      .poll(() => call.locator(".sub-agent-badge").textContent())
      .toBe(`sub-agent · ${childDocument.messages.length} messages`);
    await call.locator("summary").first().click();
    const subAgent = call.locator(".sub-agent");
    expect(await subAgent.textContent()).toContain(child.title as string);
    // In place: its messages inside the call.
    await subAgent.locator("button.show-inline").click();
    const inline = subAgent.getByTestId("inline-run");
    await expect
      .poll(() => inline.locator("article.message").count())
      .toBe(Math.min(100, listOf(childDocument).shown.length));
    await screenshot(page, "claude-code-sub-agent-inline");
    // On its page, with breadcrumbs back to the call that started it.
    await subAgent.locator("a.open-sub-agent").first().click();
    await expect.poll(() => page.locator(".run-title").textContent()).toBe(child.title);
    expect(await shownCount(page)).toBe(allShown(childDocument));
    const crumb = page.locator(".breadcrumbs a.back");
    expect(await crumb.getAttribute("href")).toBe(`#m=${callRow}`);
    await crumb.click();
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
    await expect
      .poll(() => page.locator(`article[data-message-index="${callRow}"]`).getAttribute("class"))
      .toContain("targeted");
    await page.evaluate(() => (location.hash = ""));
  });

  it("draws an Edit as a diff of its old and new strings, its size shown collapsed", async () => {
    const row = document.messages.findIndex((message) =>
      message.parts.some((part) => isPartOfType(part, "tool_call") && part.name === "Edit"),
    );
    const edit = (document.messages[row] as Tolerant.Message).parts.find(
      (part) => isPartOfType(part, "tool_call") && part.name === "Edit",
    ) as Extract<Tolerant.Part, { type: "tool_call" }>;
    const input = edit.input as { file_path: string; old_string: string; new_string: string };
    await page.evaluate((hash) => (location.hash = hash), `m=${row}`);
    const call = page.locator(`article[data-message-index="${row}"] .tool-call`, { hasText: edit.id });
    await expect.poll(() => call.locator("summary .tool-summary").textContent()).toBe(input.file_path);
    expect(await call.locator("summary .change-counts").textContent()).toMatch(/^\+\d+ −\d+$/);
    await call.locator("summary").click();
    const diff = call.locator(".diff");
    await expect.poll(() => diff.isVisible()).toBe(true);
    expect(await diff.locator(".diff-path").textContent()).toContain(input.file_path);
    // Its lines: the old string's less the kept ones are removed, the new string's less the kept ones added.
    const kept = (await diff.locator(".diff-context").allTextContents()).map((line) => line.slice(1, -1));
    const removed = (await diff.locator(".diff-removed").allTextContents()).map((line) => line.slice(1, -1));
    const added = (await diff.locator(".diff-added").allTextContents()).map((line) => line.slice(1, -1));
    expect(removed.length + added.length).toBeGreaterThan(0);
    const oldLines = input.old_string.replace(/\n$/, "").split("\n");
    const newLines = input.new_string.replace(/\n$/, "").split("\n");
    expect([...kept, ...removed].sort()).toEqual([...oldLines].sort());
    expect([...kept, ...added].sort()).toEqual([...newLines].sort());
    // Coloured as Elixir, by the file's extension: tokens in highlight.js's spans, the text unchanged.
    await expect.poll(() => diff.locator("code.highlighted span[class^='hljs-']").count()).toBeGreaterThan(0);
    await screenshot(page, "claude-code-edit-diff");
    await call.locator("summary").click();
    await page.evaluate(() => (location.hash = ""));
  });

  it("jumps to a permalinked message: the compaction boundary", async () => {
    const index = document.messages.findIndex((message) => message.parts.some((part) => part.type === "compaction"));
    expect(index).toBeGreaterThan(0);
    await page.evaluate((hash) => (location.hash = hash), `m=${index}`);
    const boundary = page.locator(`article[data-message-index="${index}"]`);
    await expect.poll(() => boundary.isVisible()).toBe(true);
    expect(await boundary.locator(".compaction-line").textContent()).toContain("context compacted");
    expect(await boundary.getAttribute("class")).toContain("targeted");
    await screenshot(page, "claude-code-compaction");
  });

  it("follows a child run from the tree, with its own and rolled-up tokens, and comes back", async () => {
    const children = document.run?.children ?? [];
    expect(children.length).toBeGreaterThan(0);
    const child = children.find((entry) => entry.transcript && entry.transcript.messages.length > 10);
    const title = child?.title as string;
    await page.locator(".tree-node", { hasText: title }).click();
    await expect.poll(() => page.locator(".run-title").textContent()).toBe(title);
    expect(await shownCount(page)).toBe(allShown(child?.transcript as Tolerant.Transcript));
    expect(page.url()).toContain("#r=");
    // The root's node shows the sum over its children (Σ).
    expect(await page.locator(".tree-node").first().textContent()).toContain("Σ");
    await screenshot(page, "claude-code-child-run");
    await page.locator("a.back").click();
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
  });

  it("searches all text, highlighting the hits", async () => {
    const query = "spotter-dov";
    // A row matches when its message or a result shown inside it does.
    const list = listOf(document);
    const expected = rowsMatching(document, query);
    expect(expected.length).toBeGreaterThan(0);
    await page.getByLabel("search").fill(query);
    await expect.poll(() => shownCount(page)).toBe(`${expected.length} of ${list.shown.length} messages`);
    const hit = page.locator("mark.hit:not(.hidden-hit)").first();
    expect((await hit.textContent())?.toLowerCase()).toBe(query);
    // A hit inside a closed tool call is flagged on it, never invisible.
    expect(await page.locator(".tool-call summary mark.hidden-hit").count()).toBeGreaterThan(0);
    await screenshot(page, "claude-code-search");
    await page.getByLabel("search").fill("");
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
  });

  it("searches every run of the tree: counts per run, and Enter steps through the matches into a sub-agent", async () => {
    const child = (document.run?.children ?? []).find((entry) => entry.transcript !== undefined && entry.call_id);
    const childDocument = child?.transcript as Tolerant.Transcript;
    const query = ["spotter_web", "transcript", "spotter"].find(
      (word) => rowsMatching(childDocument, word).length > 0 && rowsMatching(document, word).length > 0,
    ) as string;
    expect(query).toBeDefined();
    const rootHits = rowsMatching(document, query);
    const childHits = rowsMatching(childDocument, query);
    await page.evaluate(() => (location.hash = ""));
    const search = page.getByLabel("search");
    await search.fill(query);
    await expect.poll(() => shownCount(page)).toBe(`${rootHits.length} of ${listOf(document).shown.length} messages`);
    // Each run of the tree says how many of its messages match.
    const counts = await page
      .locator(".tree-node")
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          node.querySelector(".tree-label")?.textContent,
          node.querySelector(".tree-hits")?.textContent,
        ]),
      );
    expect(counts).toContainEqual([child?.title, String(childHits.length)]);
    expect(counts[0]?.[1]).toBe(String(rootHits.length));
    // And the toolbar, how many match in the other runs.
    const others = (document.run?.children ?? [])
      .filter((entry) => entry.transcript !== undefined)
      .map((entry) => rowsMatching(entry.transcript as Tolerant.Transcript, query).length)
      .filter((count) => count > 0);
    const elsewhere = others.reduce((sum, count) => sum + count, 0);
    expect(await page.getByTestId("hits-elsewhere").textContent()).toBe(
      `${elsewhere} more in ${others.length} other ${others.length === 1 ? "run" : "runs"}`,
    );
    // Enter goes from match to match: through the root's, then on into the sub-agent's.
    const targeted = () => page.locator("article.targeted").getAttribute("data-message-index");
    for (const hit of rootHits) {
      await search.press("Enter");
      await expect.poll(targeted).toBe(String(hit));
    }
    await search.press("Enter");
    await expect.poll(() => page.locator(".run-title").textContent()).toBe(child?.title);
    await expect.poll(targeted).toBe(String(childHits[0]));
    expect(await shownCount(page)).toBe(`${childHits.length} of ${listOf(childDocument).shown.length} messages`);
    // Shift+Enter goes back into the root, at its last match.
    await search.press("Shift+Enter");
    await expect.poll(targeted).toBe(String(rootHits[rootHits.length - 1]));
    await screenshot(page, "claude-code-search-across-runs");
    await search.fill("");
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
    await page.evaluate(() => (location.hash = ""));
  });

  it("filters by role and by tool status", async () => {
    const list = listOf(document);
    const total = list.shown.length;
    const messageAt = (index: number) => document.messages[index] as Tolerant.Message;
    // A row and the results shown inside it.
    const rowMessages = (index: number) => [index, ...(list.folded.get(index) ?? [])].map(messageAt);
    // A message of tool results only is the tool's, whatever role Claude Code gave it (the user's).
    const onlyResults = (message: Tolerant.Message) =>
      message.parts.length > 0 && message.parts.every((part) => isPartOfType(part, "tool_result"));
    const roleOf = (message: Tolerant.Message) => (onlyResults(message) ? "tool" : message.role);
    const users = list.shown.filter((index) => rowMessages(index).some((message) => roleOf(message) === "user")).length;
    // The tool's rows: results without a call here, and the calls holding their results.
    const tools = list.shown.filter((index) => rowMessages(index).some((message) => roleOf(message) === "tool"));
    expect(tools.length).toBeGreaterThan(0);
    expect(list.folded.size).toBeGreaterThan(0);
    await page.getByRole("button", { name: "user", exact: true }).click();
    await expect.poll(() => shownCount(page)).toBe(`${users} of ${total} messages`);
    const roles = await page.locator("article.message").evaluateAll((nodes) => nodes.map((node) => node.className));
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) expect(role).toContain("role-user");
    await page.getByRole("button", { name: "user", exact: true }).click();
    await page.getByRole("button", { name: "tool", exact: true }).click();
    await expect.poll(() => shownCount(page)).toBe(`${tools.length} of ${total} messages`);
    // Each shown row is a tool's message or a call with its result inside.
    const shownRows = await page
      .locator("article.message")
      .evaluateAll((nodes) =>
        nodes.map((node) => node.classList.contains("role-tool") || node.querySelector(".tool-call") !== null),
      );
    expect(shownRows.length).toBeGreaterThan(0);
    expect(new Set(shownRows)).toEqual(new Set([true]));
    await page.getByRole("button", { name: "tool", exact: true }).click();

    // Error status: the calls whose results failed (the results are inside them).
    const failed = new Set<string>();
    for (const message of document.messages)
      for (const part of message.parts)
        if (isPartOfType(part, "tool_result") && part.status === "error") failed.add(part.call_id);
    const withError = list.shown.filter((index) =>
      messageAt(index).parts.some(
        (part) =>
          (isPartOfType(part, "tool_result") && part.status === "error") ||
          (isPartOfType(part, "tool_call") && failed.has(part.id)),
      ),
    ).length;
    expect(withError).toBeGreaterThan(0);
    await page.getByLabel("status").selectOption("error");
    await expect.poll(() => shownCount(page)).toBe(`${withError} of ${total} messages`);
    await screenshot(page, "claude-code-filter-error");
    await page.getByLabel("status").selectOption("");

    // A tool: the rows that call it or answer its calls.
    const bashCalls = new Set<string>();
    for (const message of document.messages)
      for (const part of message.parts)
        if (isPartOfType(part, "tool_call") && part.name === "Bash") bashCalls.add(part.id);
    const withBash = list.shown.filter((index) =>
      messageAt(index).parts.some(
        (part) =>
          (isPartOfType(part, "tool_call") && part.name === "Bash") ||
          (isPartOfType(part, "tool_result") && bashCalls.has(part.call_id)),
      ),
    ).length;
    await page.getByLabel("tool").selectOption("Bash");
    await expect.poll(() => shownCount(page)).toBe(`${withBash} of ${total} messages`);
    await page.getByLabel("tool").selectOption("");
    expectNothingForeign(watch);
  });

  it("moves by keyboard: j and k between messages (the permalink follows), o opens calls, / searches, [ ] between runs", async () => {
    const list = listOf(document);
    await page.evaluate(() => (location.hash = ""));
    await page.locator(".run-title").first().click();
    const targeted = () => page.locator("article.targeted").getAttribute("data-message-index");
    await page.keyboard.press("j");
    await expect.poll(targeted).toBe(String(list.shown[0]));
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect.poll(targeted).toBe(String(list.shown[2]));
    expect(new URL(page.url()).hash).toBe(`#m=${list.shown[2]}`);
    await page.keyboard.press("k");
    await expect.poll(targeted).toBe(String(list.shown[1]));
    // o opens every tool call of the current message, and closes them again.
    const withCalls = list.shown.findIndex((index) =>
      (document.messages[index] as Tolerant.Message).parts.some((part) => isPartOfType(part, "tool_call")),
    );
    for (let step = 1; step < withCalls; step += 1) await page.keyboard.press("j");
    await expect.poll(targeted).toBe(String(list.shown[withCalls]));
    const calls = page.locator("article.targeted details.tool-call");
    await page.keyboard.press("o");
    await expect
      .poll(() => calls.evaluateAll((nodes) => nodes.every((node) => (node as HTMLDetailsElement).open)))
      .toBe(true);
    await page.keyboard.press("o");
    await expect
      .poll(() => calls.evaluateAll((nodes) => nodes.some((node) => (node as HTMLDetailsElement).open)))
      .toBe(false);
    // A reload comes back to the same message.
    await page.reload();
    await page.waitForSelector("article.targeted");
    expect(await targeted()).toBe(String(list.shown[withCalls]));
    // ] and [ step through the runs of the tree, depth first.
    const firstChild = (document.run?.children ?? []).find((child) => child.transcript !== undefined);
    await page.keyboard.press("]");
    await expect.poll(() => page.locator(".run-title").textContent()).toBe(firstChild?.title);
    await page.keyboard.press("[");
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
    // / goes to the search box, where keys are text again.
    await page.keyboard.press("/");
    expect(await page.evaluate(() => window.document.activeElement?.getAttribute("aria-label"))).toBe("search");
    await page.keyboard.type("jk");
    expect(await page.getByLabel("search").inputValue()).toBe("jk");
    await page.getByLabel("search").fill("");
    await page.evaluate(() => (window.document.activeElement as HTMLElement | null)?.blur());
  });

  it("draws a flame graph: nested bars whose durations are the document's, a sub-agent under its call, zoomable", async () => {
    await page.evaluate(() => (location.hash = ""));
    await page.getByRole("button", { name: "▸ flame graph" }).click();
    const graph = page.getByTestId("flame-graph");
    await expect.poll(() => graph.locator("a.flame-bar").count()).toBeGreaterThan(10);
    type Drawn = {
      kind: string;
      ms: number;
      depth: number;
      call: string | null;
      run: string;
      left: number;
      right: number;
    };
    const drawn = (): Promise<Drawn[]> =>
      graph.locator("a.flame-bar").evaluateAll((nodes) =>
        nodes.map((node) => {
          const element = node as HTMLElement;
          return {
            kind: element.dataset.kind as string,
            ms: Number(element.dataset.ms),
            depth: Number(element.dataset.depth),
            call: element.dataset.call ?? null,
            run: element.dataset.run as string,
            left: element.offsetLeft,
            right: element.offsetLeft + element.offsetWidth,
          };
        }),
      );
    // Each tool call's bar lasts from its call to its result, as the document times them.
    const at = (message: Tolerant.Message | undefined) => Date.parse(message?.created_at ?? "");
    const expected = new Map<string, number>();
    const callAt = new Map<string, number>();
    for (const message of document.messages)
      for (const part of message.parts) if (isPartOfType(part, "tool_call")) callAt.set(part.id, at(message));
    for (const message of document.messages)
      for (const part of message.parts)
        if (isPartOfType(part, "tool_result") && callAt.has(part.call_id))
          expected.set(
            part.call_id,
            part.duration_ms ?? Math.max(0, at(message) - (callAt.get(part.call_id) as number)),
          );
    const bars = await drawn();
    const tools = bars.filter((bar) => bar.kind === "tool" && bar.run === "");
    expect(tools.length).toBeGreaterThan(0);
    for (const bar of tools) expect(bar.ms, bar.call ?? "").toBe(expected.get(bar.call as string));
    // The run's bar spans its first message to its last; each turn lies within it, each call within a turn.
    const root = bars.find((bar) => bar.kind === "run" && bar.run === "") as Drawn;
    expect(root.ms).toBe(at(document.messages[document.messages.length - 1]) - at(document.messages[0]));
    for (const bar of bars.filter((each) => each.run === "" && each.kind !== "run")) {
      expect(bar.left).toBeGreaterThanOrEqual(root.left);
      expect(bar.right).toBeLessThanOrEqual(root.right + 1);
    }
    // The sub-agent sits beneath the call that started it, one row down.
    const children = document.run?.children ?? [];
    const childIndex = children.findIndex((entry) => entry.call_id !== undefined && entry.transcript !== undefined);
    const child = children[childIndex] as (typeof children)[number];
    const childBar = bars.find((bar) => bar.kind === "run" && bar.run === String(childIndex));
    const starter = bars.find((bar) => bar.call === child.call_id);
    expect(childBar).toBeDefined();
    expect(starter).toBeDefined();
    expect(childBar?.depth).toBe((starter?.depth ?? Number.NaN) + 1);
    const childMessages = child.transcript?.messages ?? [];
    expect(childBar?.ms).toBe(at(childMessages[childMessages.length - 1]) - at(childMessages[0]));
    // Zooming in shows half the time; fit shows it all again.
    const shown = () => graph.locator(".flame-controls .muted").textContent();
    const before = await shown();
    await graph.getByRole("button", { name: "zoom in" }).click();
    await expect.poll(shown).not.toBe(before);
    await graph.getByRole("button", { name: "fit" }).click();
    await expect.poll(shown).toBe(before);
    await screenshot(page, "claude-code-flame-graph");
    // A bar links to its message.
    const toolBar = graph.locator('a.flame-bar[data-kind="tool"]').first();
    const message = await toolBar.getAttribute("data-message");
    await toolBar.click();
    await expect.poll(() => page.locator("article.targeted").getAttribute("data-message-index")).toBe(message);
    await page.getByRole("button", { name: "▾ flame graph" }).click();
    await page.evaluate(() => (location.hash = ""));
  });

  it("refuses a ?src= on another origin, fetching nothing", async () => {
    const other = await browser.newPage();
    const otherWatch = watchPage(other, served.origin);
    await openViewer(
      other,
      `${served.origin}/?token=${served.token}&src=${encodeURIComponent("https://example.com/run.json")}`,
    );
    expect(await other.locator(".problems").textContent()).toContain("own origin");
    expectNothingForeign(otherWatch);
    await other.close();
  });
});

describe("two runs of the same kind of task compared by `view A B`", () => {
  it("shows their facts side by side and their tool calls paired turn by turn, each linked into its run", async () => {
    const otherSession = realFixture("spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
    const a = documentOf(claudeSession);
    const b = documentOf(otherSession);
    const served = await serveView(claudeSession, { arguments: [otherSession] });
    expect(served.url).toContain("&compare=compare.json&compareName=fa812bfe-");
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, served.origin);
    await page.goto(served.url);
    await page.waitForSelector(".compare-page");
    const calls = (document: Tolerant.Transcript) =>
      document.messages.flatMap((message) => message.parts).filter((part) => isPartOfType(part, "tool_call")).length;
    const fact = (label: string) => page.locator(`tr[data-fact="${label}"] td`).allTextContents();
    expect(await fact("tool calls")).toEqual([String(calls(a)), String(calls(b))]);
    expect(await fact("messages")).toEqual(
      [a.messages.length, b.messages.length].map((count) => count.toLocaleString("en")),
    );
    expect(await page.locator('tr[data-fact="title"]').getAttribute("class")).toBe("differs");
    // One turn per prompt of the longer run; every call of each run on its side, once.
    const prompts = (document: Tolerant.Transcript) =>
      document.messages.filter(
        (message) =>
          message.role === "user" &&
          message.parts.some((part) => isPartOfType(part, "text") && part.text.trim() !== "") &&
          !message.parts.every((part) => isPartOfType(part, "tool_result")),
      ).length;
    expect(await page.locator("section.turn-pair").count()).toBe(Math.max(prompts(a), prompts(b)));
    expect(await page.locator("li.call-pair > a.call-side:first-child").count()).toBe(calls(a));
    expect(await page.locator("li.call-pair > a.call-side:last-child").count()).toBe(calls(b));
    // What differs: the header counts it, and "only the calls that differ" leaves exactly those.
    const differing = Number((await page.getByTestId("differing-calls").textContent())?.replace(/\D+/g, "") ?? "NaN");
    expect(differing).toBeGreaterThan(0);
    expect(await page.locator('li.call-pair:not([data-pairing="same"])').count()).toBe(differing);
    await page.getByLabel("only the calls that differ").check();
    await expect.poll(() => page.locator("li.call-pair").count()).toBe(differing);
    await screenshot(page, "compare-two-runs");
    // A call opens its own run at the message that made it.
    const first = page.locator("li.call-pair > a.call-side:first-child").first();
    const href = (await first.getAttribute("href")) as string;
    const message = Number(/#m=(\d+)$/.exec(href)?.[1]);
    await first.click();
    await page.waitForSelector("article.targeted");
    expect(await page.locator("article.targeted").getAttribute("data-message-index")).toBe(String(message));
    expect(await page.locator(".file-name").textContent()).toBe(path.basename(claudeSession));
    expectNothingForeign(watch);
    await page.close();
    // The second run is held to the first's rule: a ?compare= on another origin is refused, nothing fetched.
    const other = await browser.newPage();
    const otherWatch = watchPage(other, served.origin);
    const foreign = new URL(served.url);
    foreign.searchParams.set("compare", "https://example.com/run.json");
    await openViewer(other, foreign.toString());
    expect(await other.locator(".problems").textContent()).toContain("own origin");
    expect(await other.locator(".compare-page").count()).toBe(0);
    expectNothingForeign(otherWatch);
    await other.close();
    await served.stop();
  });
});

describe("a Codex session exported as one HTML file, opened over file://", () => {
  it("shows the session offline, from the data inlined in the page", async () => {
    const document = documentOf(codexSession);
    const url = exportHtml(codexSession, path.join(scratch, "codex-session.html"));
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, "file:");
    await openViewer(page, url);
    expect(await shownCount(page)).toBe(allShown(document));
    const model = document.messages.find((message) => message.model)?.model as string;
    expect(await page.locator(".run-header").textContent()).toContain(model);
    const firstUserText = document.messages
      .find((message) => message.role === "user")
      ?.parts.find((part) => part.type === "text") as { text: string } | undefined;
    expect(firstUserText).toBeDefined();
    // Markdown joins lines: compared with white space collapsed.
    const shown = (await page.locator(".messages").textContent())?.replace(/\s+/g, " ");
    expect(shown).toContain(firstUserText?.text.replace(/\s+/g, " ").slice(0, 60));
    // Its apply_patch call draws the patch as a diff.
    const patchCall = page.locator(".tool-call", { hasText: "apply_patch" }).first();
    await patchCall.locator("summary").click();
    expect(await patchCall.locator(".diff-path").textContent()).toContain("myapp/hoge.py");
    expect(await patchCall.locator(".diff-added").allTextContents()).toEqual(["+print(1 + 1)\n"]);
    await screenshot(page, "codex-session-export");
    expectNothingForeign(watch);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("a Claude Code session exported as one paged HTML file", () => {
  const pagesOf = (html: string) =>
    [...html.matchAll(/<script [^>]*class="agent-transcript-messages" data-first="(\d+)">([^<]*)<\/script>/g)].map(
      (match) => ({ element: match[0], first: Number(match[1]), data: match[2] as string }),
    );
  const decodePage = (data: string) =>
    JSON.parse(gunzipSync(Buffer.from(data, "base64")).toString("utf8")) as Array<Record<string, unknown>>;
  const encodePage = (messages: unknown) => gzipSync(JSON.stringify(messages)).toString("base64");

  it("draws its first page at once and reads the rest after: every message, search and a permalink reach the last", async () => {
    const document = documentOf(claudeSession);
    const file = path.join(scratch, "paged-session.html");
    const url = exportHtml(claudeSession, file);
    const pages = pagesOf(readFileSync(file, "utf8"));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const lastPageStart = pages.at(-1)?.first as number;
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, "file:");
    // Whether a frame ever held messages while the notice said the rest was being read.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (window.document.querySelector(".reading-pages") && window.document.querySelector(".message"))
          (window as unknown as { sawFirstPage: boolean }).sawFirstPage = true;
      }).observe(window.document, { childList: true, subtree: true });
    });
    await openViewer(page, url);
    await page.waitForSelector("html[data-loaded-ms]", { state: "attached", timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { sawFirstPage?: boolean }).sawFirstPage)).toBe(true);
    expect(await page.locator(".reading-pages").count()).toBe(0);
    expect(await shownCount(page)).toBe(allShown(document));
    // A search finds what only the last page holds.
    const list = listOf(document);
    const late = list.shown
      .filter((index) => index >= lastPageStart)
      .map((index) => document.messages[index] as Tolerant.Message)
      .flatMap((message) => message.parts)
      .map((part) => ("text" in part && typeof part.text === "string" ? part.text : ""))
      .flatMap((text) => text.match(/[a-z][\w-]{9,}/gi) ?? [])
      .find((word) => rowsMatching(document, word.toLowerCase()).every((index) => index >= lastPageStart));
    expect(late).toBeDefined();
    const query = (late as string).toLowerCase();
    await page.getByLabel("search").fill(query);
    await expect
      .poll(() => shownCount(page))
      .toBe(`${rowsMatching(document, query).length} of ${list.shown.length} messages`);
    await page.getByLabel("search").fill("");
    await expect.poll(() => shownCount(page)).toBe(allShown(document));
    // A permalink into the last page opens there on a reload, once that page has been read.
    const target = list.shown.at(-1) as number;
    expect(target).toBeGreaterThanOrEqual(lastPageStart);
    await page.goto(`${url}#m=${target}`);
    const article = page.locator(`article[data-message-index="${target}"]`);
    await expect.poll(() => article.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await article.getAttribute("class")).toContain("targeted");
    await screenshot(page, "claude-code-paged-export");
    expectNothingForeign(watch);
    expect(watch.consoleErrors).toEqual([]);
    await page.close();
  });

  it("refuses a damaged page, naming the message by its place in the whole document", async () => {
    const file = path.join(scratch, "paged-session.html");
    const html = readFileSync(file, "utf8");
    const [second, third] = pagesOf(html);
    expect(third).toBeDefined();
    const cases: Array<{ name: string; html: string; problem: string }> = [];
    // A message of the second page broken against the schema.
    const messages = decodePage(second?.data as string);
    (messages[1] as Record<string, unknown>).role = 42;
    const broken = (second?.element as string).replace(second?.data as string, encodePage(messages));
    cases.push({
      name: "schema",
      html: html.replace(second?.element as string, broken),
      problem: `/messages/${(second?.first as number) + 1}/role`,
    });
    // A page left out: the next one does not start where the messages read end.
    cases.push({
      name: "gap",
      html: html.replace(second?.element as string, ""),
      problem: `starts at "${third?.first}" where message ${second?.first} comes next`,
    });
    // A page that is not gzip.
    cases.push({
      name: "garbage",
      html: html.replace(
        second?.element as string,
        (second?.element as string).replace(second?.data as string, "H4sIAAAA"),
      ),
      problem: `the page of messages from ${second?.first} does not decode`,
    });
    // Metadata, sent last, that breaks the schema.
    const metadataElement = /<script [^>]*id="agent-transcript-metadata">([^<]*)<\/script>/.exec(html);
    expect(metadataElement).not.toBeNull();
    cases.push({
      name: "metadata",
      html: html.replace(
        metadataElement?.[0] as string,
        (metadataElement?.[0] as string).replace(metadataElement?.[1] as string, encodePage(["not an object"])),
      ),
      problem: "/metadata",
    });
    for (const entry of cases) {
      const damaged = path.join(scratch, `paged-${entry.name}.html`);
      writeFileSync(damaged, entry.html);
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      const watch = watchPage(page, "file:");
      await page.goto(`file://${damaged}`);
      await page.waitForSelector(".problems", { timeout: 60_000 });
      expect(await page.locator(".problems").textContent()).toContain(entry.problem);
      expectNothingForeign(watch);
      await page.close();
    }
  });
});

describe("a document dropped on the page", () => {
  it("opens, read in the browser", async () => {
    const document = documentOf(codexSession);
    // The served page without ?src= is the viewer's landing page.
    const served = await serveView(codexSession);
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const watch = watchPage(page, served.origin);
    await openViewer(page, `${served.origin}/?token=${served.token}`);
    expect(await page.locator(".landing").textContent()).toContain("drop them here");
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "codex.json", { type: "application/json" }));
      return transfer;
    }, JSON.stringify(document));
    await page.dispatchEvent(".app", "drop", { dataTransfer: dropped });
    await page.waitForSelector(".message");
    expect(await shownCount(page)).toBe(allShown(document));
    expectNothingForeign(watch);
    await page.close();
    await served.stop();
  });
});

describe("a run recorded through the recorder (the demo's agent run)", () => {
  let run: Awaited<ReturnType<typeof recordAgentRun>>;
  let document: Tolerant.Transcript;
  beforeAll(async () => {
    const root = path.join(scratch, "agent-run");
    run = await recordAgentRun(root, path.join(scratch, "agent-run-workspace"));
    document = documentOf(run.logFile);
  }, 120_000);

  it("opens from the file picker: both event logs, folded into one run in the browser", async () => {
    const served = await serveView(run.logFile);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, served.origin);
    // The page without ?src= is the viewer's landing page: pick the parent's and the child's logs.
    await openViewer(page, `${served.origin}/?token=${served.token}`);
    await page.locator('input[type="file"]').first().setInputFiles([run.logFile, run.childLogFile]);
    await page.waitForSelector(".message");
    expect(await shownCount(page)).toBe(allShown(document));
    const childTitle = document.run?.children?.[0]?.title ?? (document.run?.children?.[0]?.run_id as string);
    const childNode = page.locator(".tree-node", { hasText: childTitle });
    await childNode.click();
    await expect
      .poll(() => shownCount(page))
      .toBe(allShown(document.run?.children?.[0]?.transcript as Tolerant.Transcript));
    await screenshot(page, "recorded-run-child");
    expectNothingForeign(watch);
    await page.close();
    await served.stop();
  });

  it("is served by `view` with the child run embedded", async () => {
    const served = await serveView(run.logFile);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, served.origin);
    await openViewer(page, served.url);
    expect(await shownCount(page)).toBe(allShown(document));
    expect(await page.locator(".run-tree .tree-node").count()).toBe(1 + (document.run?.children?.length ?? 0));
    const answer = run.answers[0] as string;
    expect(await page.locator(".messages").textContent()).toContain(answer.slice(0, 30));
    // The timeline counts the run's steps and its tool calls.
    const steps = document.run?.steps?.length ?? 0;
    expect(steps).toBeGreaterThan(0);
    const calls = document.messages.flatMap((message) => message.parts).filter((part) => part.type === "tool_call");
    expect(await page.locator(".timeline-axis").textContent()).toContain(`${calls.length} tool calls · ${steps} steps`);
    await screenshot(page, "recorded-run");
    expectNothingForeign(watch);
    await page.close();
    await served.stop();
  });
});

describe("a provider response, converted by `view` first", () => {
  it("shows the model's answer", async () => {
    const payload = loadRealFixtures()
      .flatMap((file) => file.payloads)
      .find(
        (entry) =>
          entry.api === "anthropic" &&
          entry.kind === "response" &&
          Array.isArray((entry.value as { content?: unknown }).content) &&
          (entry.value as { content: Array<{ type: string; text?: string }> }).content.some(
            (block) => block.type === "text" && (block.text ?? "").length > 20,
          ),
      );
    expect(payload).toBeDefined();
    const value = (payload as { value: { model: string; content: Array<{ type: string; text?: string }> } }).value;
    const file = path.join(scratch, "anthropic-response.json");
    writeFileSync(file, JSON.stringify(value));
    const served = await serveView(file);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page, served.origin);
    await openViewer(page, served.url);
    const text = value.content.find((block) => block.type === "text")?.text as string;
    const firstLine = text.split("\n").find((line) => /\w{4}/.test(line)) as string;
    expect(await page.locator("article.role-assistant").first().textContent()).toContain(
      firstLine
        .replace(/[*_`#>]/g, "")
        .trim()
        .slice(0, 20),
    );
    expect(await page.locator(".run-header").textContent()).toContain(value.model);
    await screenshot(page, "provider-response");
    expectNothingForeign(watch);
    await page.close();
    await served.stop();
  });
});
