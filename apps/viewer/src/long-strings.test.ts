/**
 * One long string costs a bounded time to draw, wherever it sits and whatever it is made of. A run of one letter with
 * no break in it made Chromium's line breaker and shaper work for seconds to minutes (a Thai letter: the dictionary
 * word breaker over the whole run; an Arabic one: the whole joined run shaped again for every line; profiled in
 * Layout), and searching for that letter drew one <mark> per character (300,000 elements). Each document here holds
 * the same string in every place a string is drawn (title, model, text, command, tool name and error, refusal, plan,
 * diff line, message error); its first render and a search for the letter must take at most 3× what the same size of
 * ordinary prose takes, and every character must still be reachable ("show all").
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatVersion, type Transcript } from "@agent-transcript/core";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportHtml, launchBrowser, scratchRoot, screenshot, watchPage } from "./browser.test.helpers.js";

const scratch = path.join(scratchRoot, "long-strings-test");

/** `letter` repeated to `bytes` bytes of UTF-8. */
const runOf = (letter: string, bytes: number): string => letter.repeat(Math.floor(bytes / Buffer.byteLength(letter)));

/** Ordinary prose of `bytes` bytes: sentences of words, in paragraphs. */
function proseOf(bytes: number): string {
  const words = "the agent read the failing test then changed the parser and ran every check again before it".split(
    " ",
  );
  let text = "";
  for (let index = 0; text.length < bytes; index += 1) {
    text += words[index % words.length] ?? "";
    text += index % 97 === 96 ? ".\n\n" : index % 13 === 12 ? ". " : " ";
  }
  return text.slice(0, bytes);
}

/** The string in every place the viewer draws one. */
function documentWith(text: string): Transcript {
  return {
    schema_version: formatVersion,
    id: "long-strings",
    title: text,
    messages: [
      { role: "user", parts: [{ type: "text", text }] },
      {
        role: "assistant",
        model: text,
        error: text,
        parts: [
          { type: "text", text },
          { type: "command", command: text, exit_code: 0 },
          { type: "tool_call", id: "call-1", name: text, input: {} },
          { type: "refusal", text },
          { type: "plan_step", id: "step-1", title: text, status: "pending" },
          {
            type: "code_diff",
            files: [
              {
                path: "notes.txt",
                change: "modified",
                binary: false,
                hunks: [{ old_start: 1, old_lines: 0, new_start: 1, new_lines: 1, lines: [{ kind: "added", text }] }],
              },
            ],
          },
        ],
      },
      {
        role: "tool",
        parts: [{ type: "tool_result", call_id: "call-1", status: "error", error: text, output: text }],
      },
    ],
  };
}

const exports = new Map<string, string>();

/** The document with `text` everywhere, exported as HTML once (prose is shared by the letters' tests). */
function exported(name: string, text: string): string {
  const known = exports.get(name);
  if (known !== undefined) return known;
  const input = path.join(scratch, `${name}.json`);
  writeFileSync(input, JSON.stringify(documentWith(text)));
  const url = exportHtml(input, path.join(scratch, `${name}.html`));
  exports.set(name, url);
  return url;
}

/** Milliseconds from navigation to the first frame with the messages drawn (and laid out: the list measures them). */
async function firstRender(page: Page, url: string): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await page.waitForSelector(".message", { timeout: 100_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return performance.now() - started;
}

/** Milliseconds from typing `query` to the frame with its hits marked. */
async function search(page: Page, query: string): Promise<number> {
  const started = performance.now();
  await page.locator(".search").fill(query);
  await page.waitForSelector("mark.hit", { timeout: 100_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return performance.now() - started;
}

/** Clicks "show all" in `element` and waits until all of `expected` is drawn there, and nothing else. */
async function showAll(element: Locator, expected: string): Promise<void> {
  await element.getByRole("button", { name: /show all/ }).click();
  await expect
    .poll(
      () =>
        element.evaluate(
          (root, length) =>
            root.querySelector('[aria-busy="true"], .show-all') === null && root.textContent?.length === length,
          expected.length,
        ),
      { timeout: 100_000 },
    )
    .toBe(true);
  expect(await element.evaluate((root) => root.textContent)).toBe(expected);
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

// A Latin letter, a Thai one (dictionary line breaking) and an Arabic one (joined shaping).
const letters = [
  ["latin", "a", "e"],
  ["thai", "ก", "e"],
  ["arabic", "ب", "e"],
] as const;

describe.each([300_000, 1_000_000])("a string of %i bytes", (bytes) => {
  const ordinary = proseOf(bytes);

  it.each(letters)(
    "of one %s letter draws, and is searched, in at most 3× the time of ordinary prose, all of it reachable",
    async (script, letter, ordinaryQuery) => {
      const run = runOf(letter, bytes);
      const runUrl = exported(`${script}-${bytes}`, run);
      const ordinaryUrl = exported(`prose-${bytes}`, ordinary);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const watch = watchPage(page, "file:");
      try {
        // The least of alternating runs of each: a busy machine slows one run, not the ratio. Two rounds, and up to
        // eight while the ratios do not hold yet, so that a load that slowed the long string's runs of both first
        // rounds is measured past; a long string that is slow to draw stays slow however often it is measured.
        const times = { run: Infinity, ordinary: Infinity, runSearch: Infinity, ordinarySearch: Infinity };
        const holds = () => times.run <= 3 * times.ordinary && times.runSearch <= 3 * times.ordinarySearch;
        for (let round = 0; round < 2 || (round < 8 && !holds()); round += 1) {
          times.ordinary = Math.min(times.ordinary, await firstRender(page, ordinaryUrl));
          times.ordinarySearch = Math.min(times.ordinarySearch, await search(page, ordinaryQuery));
          times.run = Math.min(times.run, await firstRender(page, runUrl));
          times.runSearch = Math.min(times.runSearch, await search(page, letter));
        }
        const report = JSON.stringify(times);
        expect(times.run, report).toBeLessThanOrEqual(3 * times.ordinary);
        expect(times.runSearch, report).toBeLessThanOrEqual(3 * times.ordinarySearch);

        // Every character is reachable: the text part and the title, shown in full when asked.
        await page.goto(runUrl);
        await page.waitForSelector(".message");
        await screenshot(page, `long-string-${script}-${bytes}`);
        await showAll(page.locator(".message").first().locator(".parts > *").first(), run);
        await showAll(page.locator(".run-title"), run);
        expect(watch.pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    // Up to 17 page loads of up to 12 MB of JSON each, two exports, and drawing 1 MB piece by piece, on a busy machine.
    600_000,
  );
});
