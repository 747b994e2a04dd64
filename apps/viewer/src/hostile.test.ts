/**
 * A hostile transcript — script tags, event-handler attributes, javascript: links, remote images, CSS that would
 * fetch a URL, a title that closes the page's own elements — opened in a real browser both ways a reader gets it
 * (served by `view`, and the exported HTML file over file://). Nothing may run and nothing may load: no dialog, no
 * script error, no request leaving the page's own origin, no Content-Security-Policy violation (the renderer itself
 * must keep it all inert; the policy is the second line), and the hostile text still shows, as text.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatVersion, type Transcript } from "@agent-transcript/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exportHtml,
  launchBrowser,
  openViewer,
  scratchRoot,
  screenshot,
  serveView,
  watchPage,
  type PageWatch,
} from "./browser.test.helpers.js";

const scratch = path.join(scratchRoot, "hostile-test");
const attacker = "https://attacker.example";

/** Every payload sets window.__pwned or fetches from the attacker: either is what the test must never see. */
const payloads = [
  "<script>window.__pwned = 'script tag'</script>",
  `<img src="${attacker}/img-onerror.png" onerror="window.__pwned = 'onerror'">`,
  "<svg onload=\"window.__pwned = 'svg onload'\"></svg>",
  "[click me](javascript:window.__pwned='javascript link')",
  "[data link](data:text/html,<script>window.__pwned=1</script>)",
  `![tracking pixel](${attacker}/pixel.png)`,
  `<style>body { background: url(${attacker}/css-exfiltration) }</style>`,
  `<div style="background-image: url(${attacker}/inline-style)">styled</div>`,
  `<iframe src="${attacker}/frame"></iframe>`,
  `<a href="javascript:window.__pwned='anchor'">anchor</a>`,
  `<link rel="stylesheet" href="${attacker}/sheet.css">`,
  `<meta http-equiv="refresh" content="0;url=${attacker}/refresh">`,
];

const svgWithScript = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned='svg data'"><image href="${attacker}/svg-image.png"/></svg>`,
).toString("base64");

function hostileDocument(): Transcript {
  return {
    schema_version: formatVersion,
    id: "hostile-transcript",
    title: `</title><script>window.__pwned = 'title'</script><img src="${attacker}/title.png">`,
    run: {
      status: "completed",
      children: [
        {
          run_id: "hostile-child",
          call_id: "call-agent",
          title: `<img src="${attacker}/child-title.png" onerror="window.__pwned = 'child title'">`,
          transcript: {
            schema_version: formatVersion,
            id: "hostile-child",
            messages: [{ role: "user", parts: [{ type: "text", text: payloads.join("\n\n") }] }],
          },
        },
      ],
    },
    messages: [
      { role: "user", created_at: "2026-01-01T00:00:00Z", parts: [{ type: "text", text: payloads.join("\n\n") }] },
      {
        role: "assistant",
        created_at: "2026-01-01T00:00:05Z",
        model: `<img src=${attacker}/model.png onerror=alert(1)>`,
        parts: [
          { type: "reasoning", text: "<script>window.__pwned = 'reasoning'</script>" },
          {
            type: "tool_call",
            id: "call-1",
            name: "<b onmouseover=alert(1)>tool</b>",
            input: { html: "<script>window.__pwned = 'input'</script>", url: `${attacker}/input` },
          },
          { type: "image", url: `${attacker}/image-part.png`, media_type: "image/png" },
          { type: "image", data: svgWithScript, media_type: "image/svg+xml" },
          {
            type: "file",
            url: `${attacker}/file.pdf`,
            media_type: "application/pdf",
            filename: "<script>x</script>.pdf",
          },
          {
            type: "plan_step",
            id: "step-1",
            title: "<script>window.__pwned = 'plan'</script> read the logs",
            status: "complete",
            subitems: [{ id: "step-1a", title: "then fix the bug", status: "in_progress" }],
          },
          {
            type: "code_diff",
            files: [
              {
                path: "src/<script>.ts",
                change: "modified",
                binary: false,
                hunks: [
                  {
                    old_start: 1,
                    old_lines: 1,
                    new_start: 1,
                    new_lines: 1,
                    lines: [
                      { kind: "removed", text: "const safe = true;" },
                      { kind: "added", text: "<script>window.__pwned = 'diff'</script>" },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        role: "tool",
        created_at: "2026-01-01T00:00:09Z",
        parts: [
          {
            type: "tool_result",
            call_id: "call-1",
            status: "error",
            output: `</script><script>window.__pwned = 'output'</script><img src=${attacker}/output.png>`,
            error: "<img src=x onerror=alert('error')>",
          },
        ],
      },
      {
        role: "assistant",
        created_at: "2026-01-01T00:00:12Z",
        parts: [
          {
            type: "tool_call",
            id: "call-edit",
            name: "Edit",
            input: {
              file_path: `<img src="${attacker}/edit-path.png" onerror="window.__pwned = 'edit path'">`,
              old_string: "<script>window.__pwned = 'old string'</script>\nkept",
              new_string: `<iframe src="${attacker}/new-string"></iframe>\nkept`,
            },
          },
          {
            type: "tool_call",
            id: "call-patch",
            name: "apply_patch",
            input: `*** Begin Patch\n*** Update File: <svg onload="window.__pwned = 'patch path'">\n@@ <script>window.__pwned = 'hunk'</script>\n-<b>old</b>\n+<img src="${attacker}/patch.png">\n*** End Patch`,
          },
          {
            type: "tool_call",
            id: "call-write",
            name: "Write",
            input: {
              file_path: "src/evil.ts",
              content: `const html = "</span><script>window.__pwned = 'highlighted'</script>";\n// <img src="${attacker}/comment.png" onerror="window.__pwned = 'comment'">`,
            },
          },
          {
            type: "tool_call",
            id: "call-agent",
            name: "Task",
            input: { description: "<script>window.__pwned = 'task'</script>", prompt: "go" },
          },
        ],
      },
    ],
  };
}

const hostileText = "<script>window.__pwned = 'script tag'</script>";

async function expectInert(page: Page, watch: PageWatch): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  // Nothing from the transcript became an element that runs or loads, or an attribute that does.
  const dangerous = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll("#app *")) {
      if (/^(?:script|iframe|object|embed|link|meta|style|svg|base|form)$/i.test(element.tagName))
        found.push(element.tagName);
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
        if (
          /^\s*(?:javascript|data|vbscript):/i.test(attribute.value) &&
          !/^data:image\/(?:png|gif|jpeg|webp);/.test(attribute.value)
        )
          found.push(`${element.tagName}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
      }
    }
    for (const image of document.querySelectorAll("img")) if (!image.src.startsWith("data:")) found.push(image.src);
    return found;
  });
  expect(dangerous).toEqual([]);
}

async function checkPage(page: Page, watch: PageWatch, name: string): Promise<void> {
  // The hostile text shows as text, and the user's message shows every payload.
  const user = page.locator("article.role-user");
  expect(await user.textContent()).toContain(hostileText);
  // Remote images are links (or placeholders), never loaded.
  expect(await page.locator("a.remote-image").first().getAttribute("href")).toBe(`${attacker}/pixel.png`);
  // Safe links open elsewhere, without a referrer or an opener.
  const links = await page
    .locator(".markdown a[href]")
    .evaluateAll((nodes) => nodes.map((node) => ({ href: node.getAttribute("href"), rel: node.getAttribute("rel") })));
  for (const link of links) {
    expect(link.href).toMatch(/^(https?:|mailto:)/);
    expect(link.rel).toContain("noopener");
  }
  // Plan steps are a checklist; the diff is a diff.
  const checkboxes = page.locator(".plan input[type=checkbox]");
  expect(await checkboxes.count()).toBe(2);
  expect(await checkboxes.first().isChecked()).toBe(true);
  expect(await page.locator(".diff-added").textContent()).toContain("<script>window.__pwned = 'diff'</script>");
  // Opening the tool call draws its hostile input and output: still inert.
  await page.locator(".tool-call summary").first().click();
  await expect.poll(() => page.locator(".tool-body").isVisible()).toBe(true);
  expect(await page.locator(".tool-body").textContent()).toContain("window.__pwned = 'output'");
  await page.locator("details.reasoning summary").click();
  // The edit and the patch open as diffs, their hostile paths and lines as text.
  const edit = page.locator(".tool-call", { hasText: "call-edit" });
  await edit.locator("summary").click();
  expect(await edit.locator(".diff-removed").textContent()).toContain("<script>window.__pwned = 'old string'</script>");
  expect(await edit.locator(".diff-path").textContent()).toContain("edit-path.png");
  const patch = page.locator(".tool-call", { hasText: "call-patch" });
  await patch.locator("summary").click();
  expect(await patch.locator(".diff-header").textContent()).toContain("<script>window.__pwned = 'hunk'</script>");
  expect(await patch.locator(".diff-added").textContent()).toContain(`<img src="${attacker}/patch.png">`);
  // Code coloured by its file type keeps its markup as text.
  const write = page.locator(".tool-call", { hasText: "call-write" });
  await write.locator("summary").click();
  // The body is drawn once the call has opened: waited for, not counted at once.
  await expect.poll(() => write.locator("code.highlighted span[class^='hljs-']").count()).toBeGreaterThan(0);
  expect(await write.locator(".diff").textContent()).toContain("<script>window.__pwned = 'highlighted'</script>");
  // The sub-agent opens in place: its title and messages as text.
  const agent = page.locator(".tool-call", { hasText: "call-agent" });
  await agent.locator("summary").click();
  expect(await agent.locator(".sub-agent-line").textContent()).toContain("child-title.png");
  await agent.locator("button.show-inline").click();
  await expect.poll(() => agent.getByTestId("inline-run").textContent()).toContain(hostileText);
  // The flame graph labels its bars with the hostile names, as text.
  await page.getByRole("button", { name: "▸ flame graph" }).click();
  await expect.poll(() => page.locator("a.flame-bar").count()).toBeGreaterThan(3);
  expect(await page.locator('a.flame-bar[data-kind="model"]').first().getAttribute("title")).toContain(
    `<img src=${attacker}/model.png onerror=alert(1)>`,
  );
  await screenshot(page, name);
  await expectInert(page, watch);
}

async function newWatchedPage(browser: Browser, origin: string): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { page, watch: watchPage(page, origin) };
}

let browser: Browser;
let file: string;
beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  file = path.join(scratch, "hostile.json");
  writeFileSync(file, JSON.stringify(hostileDocument()));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a hostile transcript", () => {
  it("runs nothing and loads nothing when served by `view`", async () => {
    const served = await serveView(file);
    const { page, watch } = await newWatchedPage(browser, served.origin);
    const response = await page.goto(served.url);
    // The policy travels as a header too (where frame-ancestors works), not only in the page's meta element.
    expect(response?.headers()["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'self';/);
    await openViewer(page, served.url);
    await checkPage(page, watch, "hostile-served");
    await page.close();
    await served.stop();
  });

  it("is out of reach of any other web page while served: no token, no transcript, and no request takes `view` down", async () => {
    const served = await serveView(file);
    const attackerPage = await browser.newPage();
    const settled: string[] = [];
    // The answers are the server's refusals; the browser keeps them from the page (they are not same-origin).
    attackerPage.on("requestfailed", (request) => settled.push(new URL(request.url()).pathname));
    attackerPage.on("requestfinished", (request) => settled.push(new URL(request.url()).pathname));
    // What any page on the web can make a browser send to 127.0.0.1: `//[` used to end the server.
    await attackerPage.setContent(
      `<img src="${served.origin}//["><img src="${served.origin}/transcript.json"><img src="${served.origin}/">`,
    );
    await expect.poll(() => [...settled].sort()).toEqual(["/", "//[", "/transcript.json"]);
    await attackerPage.close();
    // The server is still there, for the URL with its token.
    const { page, watch } = await newWatchedPage(browser, served.origin);
    await openViewer(page, served.url);
    expect(await page.locator("article.role-user").textContent()).toContain(hostileText);
    await expectInert(page, watch);
    await page.close();
    await served.stop();
  });

  it("runs nothing and loads nothing when two hostile runs are compared (`view A B`)", async () => {
    const second = path.join(scratch, "hostile-second.json");
    const document = hostileDocument();
    document.id = "hostile-second";
    writeFileSync(second, JSON.stringify(document));
    const served = await serveView(file, { arguments: [second] });
    const { page, watch } = await newWatchedPage(browser, served.origin);
    await page.goto(served.url);
    await page.waitForSelector(".compare-page");
    // The hostile title, tool names and arguments show as text.
    expect(await page.locator('tr[data-fact="title"] td').first().textContent()).toContain("</title><script>");
    expect(await page.locator("li.call-pair").first().textContent()).toContain("<b onmouseover=alert(1)>tool</b>");
    await screenshot(page, "hostile-compare");
    await expectInert(page, watch);
    await page.close();
    await served.stop();
  });

  it("runs nothing and loads nothing when its hostile messages come on a later page of an exported HTML file", async () => {
    const document = hostileDocument();
    // Plain messages first, enough to push every hostile one past the first page.
    const padding = Array.from({ length: 400 }, (_, index) => ({
      role: "user" as const,
      parts: [{ type: "text" as const, text: `padding ${index} `.repeat(150) }],
    }));
    const hostileFirst = padding.length;
    document.messages = [...padding, ...document.messages];
    const input = path.join(scratch, "hostile-paged.json");
    writeFileSync(input, JSON.stringify(document));
    const output = path.join(scratch, "hostile-paged.html");
    const url = exportHtml(input, output);
    const firstPage = Number(
      /class="agent-transcript-messages" data-first="(\d+)"/.exec(readFileSync(output, "utf8"))?.[1],
    );
    expect(firstPage).toBeLessThan(hostileFirst);
    const { page, watch } = await newWatchedPage(browser, "file:");
    await page.goto(`${url}#m=${hostileFirst}`);
    await page.waitForSelector("html[data-loaded-ms]", { state: "attached", timeout: 60_000 });
    const user = page.locator(`article[data-message-index="${hostileFirst}"]`);
    await expect.poll(() => user.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await user.textContent()).toContain(hostileText);
    // Every hostile call drawn open: inputs, outputs, diffs and highlighted code, all inert.
    await expect.poll(() => page.locator(".tool-call summary").count()).toBeGreaterThan(2);
    for (const summary of await page.locator(".tool-call summary").all()) await summary.click();
    await expect.poll(() => page.locator(".tool-body").count()).toBeGreaterThan(2);
    await screenshot(page, "hostile-paged-export");
    await expectInert(page, watch);
    await page.close();
  });

  it("runs nothing and loads nothing as an exported HTML file over file://", async () => {
    const url = exportHtml(file, path.join(scratch, "hostile.html"));
    const { page, watch } = await newWatchedPage(browser, "file:");
    await openViewer(page, url);
    expect(await page.title()).toContain("</title><script>");
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(policy).toMatch(
      /^default-src 'none'; script-src 'sha256-[\w+/=]+'; style-src 'sha256-[\w+/=]+'; img-src data: blob:/,
    );
    await checkPage(page, watch, "hostile-export");
    await page.close();
  });
});
