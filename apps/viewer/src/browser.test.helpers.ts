/**
 * What the viewer's browser tests share: Debian's Chromium driven by playwright-core, the built CLI (`view` served
 * on 127.0.0.1, `export --format html` opened over file://), and a watch on everything a page does that it must not:
 * requests leaving for another origin, dialogs, script errors.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

export const chromiumPath = "/usr/bin/chromium";
export const viewerRoot = path.resolve(import.meta.dirname, "..");
export const repositoryRoot = path.resolve(viewerRoot, "../..");
export const scratchRoot = path.join(viewerRoot, ".tmp");
export const screenshotsFolder = path.join(scratchRoot, "screenshots");

const cliBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@agent-transcript/cli/package.json")),
  "bin/agent-transcript.js",
);

export async function launchBrowser(): Promise<Browser> {
  // Chromium refuses its sandbox to root (containers, CI); an ordinary user keeps it.
  const args = process.getuid?.() === 0 ? ["--no-sandbox"] : [];
  return chromium.launch({ executablePath: chromiumPath, args });
}

/** Everything a page did that a viewer of untrusted transcripts must never do, gathered while it runs. */
export interface PageWatch {
  /** Requests for anything but the page's own origin (127.0.0.1 for `view`, file: for an export) and data:. */
  foreignRequests: string[];
  dialogs: string[];
  pageErrors: string[];
  consoleErrors: string[];
}

export function watchPage(page: Page, ownOrigin: string): PageWatch {
  const watch: PageWatch = { foreignRequests: [], dialogs: [], pageErrors: [], consoleErrors: [] };
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (ownOrigin === "file:" ? url.startsWith("file:") : url.startsWith(`${ownOrigin}/`)) return;
    watch.foreignRequests.push(url);
  });
  page.on("dialog", (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => watch.pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") watch.consoleErrors.push(message.text());
  });
  return watch;
}

export interface ServedView {
  /** The URL `view` printed, its token included. */
  url: string;
  origin: string;
  /** The token every request must carry (the page opened with it gets a cookie for its own requests). */
  token: string;
  stop: () => Promise<void>;
}

/**
 * `agent-transcript view <input>` (with `input` undefined, `view` over the run index, in `environment`): the URL it
 * prints, and a way to stop it.
 */
export async function serveView(
  input: string | undefined,
  options: { arguments?: string[]; environment?: NodeJS.ProcessEnv } = {},
): Promise<ServedView> {
  const child: ChildProcess = spawn(
    process.execPath,
    [cliBin, "view", ...(input === undefined ? [] : [input]), "--quiet", ...(options.arguments ?? [])],
    { stdio: ["ignore", "pipe", "pipe"], ...(options.environment === undefined ? {} : { env: options.environment }) },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line !== undefined) resolve(line.trim());
    });
    child.once("exit", (code) => reject(new Error(`view exited with ${code} before printing a URL: ${stderr}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    token: new URL(url).searchParams.get("token") ?? "",
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** `agent-transcript <arguments> --json` in `environment`, its output parsed. */
export function cliJson<T>(argumentList: string[], environment: NodeJS.ProcessEnv): T {
  const result = spawnSync(process.execPath, [cliBin, ...argumentList, "--json"], {
    encoding: "utf8",
    env: environment,
  });
  if (result.status !== 0) throw new Error(`${argumentList.join(" ")} failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** `agent-transcript export <input> --format html --output <output>`; returns the file's URL. */
export function exportHtml(input: string, output: string): string {
  mkdirSync(path.dirname(output), { recursive: true });
  const result = spawnSync(process.execPath, [cliBin, "export", input, "--format", "html", "--output", output, "-q"], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`export --format html failed (${result.status}): ${result.stderr}`);
  return `file://${output}`;
}

/**
 * Opens a page and waits until the viewer has drawn every message (a large run's later pages are read after its first
 * frame), or the reason it could not.
 */
export async function openViewer(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("html[data-loaded-ms], .problems, .landing", { state: "attached", timeout: 100_000 });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsFolder, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsFolder, `${name}.png`) });
}
