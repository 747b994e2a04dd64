/**
 * `agent-transcript view` with no input, in a real browser (Debian's Chromium): the run index of a home whose Claude
 * Code folder holds the real spotter sessions (with sub-agents) is listed newest first, as `runs --index` lists it;
 * search over every run finds a sub-agent's message and opens its run at that message; the run links back to the
 * list. Nothing is fetched from anywhere but the server.
 */
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cliJson,
  launchBrowser,
  repositoryRoot,
  scratchRoot,
  screenshot,
  serveView,
  watchPage,
  type PageWatch,
  type ServedView,
} from "./browser.test.helpers.js";

const scratch = path.join(scratchRoot, "run-index-page-test");
const home = path.join(scratch, "home");
const database = path.join(scratch, "index.sqlite");
const environment: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? "",
  HOME: home,
  CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
  CODEX_HOME: path.join(home, ".codex"),
  GEMINI_CLI_HOME: home,
  XDG_DATA_HOME: path.join(home, ".local/share"),
  TZ: "UTC",
};

interface ListedRun {
  source: string;
  title: string | null;
  firstPrompt: string | null;
  startedAt: string | null;
  project: string | null;
}

let browser: Browser;
let served: ServedView;
let page: Page;
let watch: PageWatch;
let runs: ListedRun[];

beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  const projects = path.join(home, ".claude", "projects");
  mkdirSync(projects, { recursive: true });
  cpSync(
    path.join(repositoryRoot, "tools/fixtures/real/spotter/test/fixtures/transcripts"),
    path.join(projects, "-home-user-spotter"),
    { recursive: true },
  );
  browser = await launchBrowser();
  served = await serveView(undefined, { arguments: ["--database", database], environment });
  // What the list must show: the runs the same index gives `runs --index`, newest first.
  runs = cliJson<{ runs: ListedRun[] }>(["runs", "--index", "--database", database], environment).runs;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  watch = watchPage(page, served.origin);
});
afterAll(async () => {
  await page?.close();
  await served?.stop();
  await browser?.close();
});

describe("the run index in the viewer", () => {
  it("lists every indexed run, newest first, with its project and totals", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22,}&index=1$/);
    await page.goto(served.url);
    await page.waitForSelector(".run-row", { timeout: 100_000 });
    expect(runs.length).toBeGreaterThan(1);
    expect(await page.locator(".run-row").count()).toBe(runs.length);
    const first = runs[0] as ListedRun;
    expect(await page.locator(".run-row").first().textContent()).toContain(first.project);
    expect(await page.locator(".run-row").first().textContent()).toMatch(/\$\d/);
    // A session names no title: each run is named by its first prompt.
    expect(first.firstPrompt).toMatch(/\w/);
    expect(await page.locator(".run-row a").first().textContent()).toBe(first.title ?? first.firstPrompt);
    expect(await page.title()).toBe("Runs — Agent Transcript");
    await screenshot(page, "run-index");
  });

  it("searches every run from the keyboard and opens a sub-agent's hit at its message, then goes back", async () => {
    await page.keyboard.press("/");
    await page.keyboard.type("sync_transcripts_test");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".hit", { timeout: 100_000 });
    expect(await page.locator(".hit mark").first().textContent()).toMatch(/sync/i);
    expect(page.url()).toContain("#q=sync_transcripts_test");
    await screenshot(page, "run-index-search");
    const inChild = page.locator(".hit", { has: page.locator(".badge", { hasText: "sub-agent" }) }).first();
    const href = (await inChild.locator("a").first().getAttribute("href")) as string;
    expect(href).toMatch(/^\?src=runs%2F\d+\.json&name=[\w.-]+&from=index#r=\d+(?:\.\d+)*&m=\d+$/);
    const message = Number(/m=(\d+)$/.exec(href)?.[1]);
    await inChild.locator("a").first().click();
    const target = page.locator(`article[data-message-index="${message}"]`);
    await expect.poll(() => target.isVisible(), { timeout: 100_000 }).toBe(true);
    expect(await target.getAttribute("class")).toContain("targeted");
    // The words may be in a tool call's input: opened, the message shows them.
    for (const summary of await target.locator(".tool-call > summary").all()) await summary.click();
    expect((await target.textContent())?.toLowerCase()).toContain("sync_transcripts_test");
    await screenshot(page, "run-index-opened-hit");
    // Back to the list: the search is kept in the address and runs again.
    await page.goBack();
    await page.waitForSelector(".hit", { timeout: 100_000 });
    expect(await page.locator("input.search").inputValue()).toBe("sync_transcripts_test");
    await page.goForward();
    await page.waitForSelector("a.back-to-runs", { timeout: 100_000 });
    await page.locator("a.back-to-runs").click();
    await page.waitForSelector(".run-row", { timeout: 100_000 });
    expect(await page.locator(".run-row").count()).toBe(runs.length);
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });
});
