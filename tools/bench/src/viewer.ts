// The viewer (issue 14) in Debian's Chromium, on a generated run of 20,000 messages (2,000 in a quick run): time from
// navigation to the first frame with messages, for the self-contained HTML export opened over file://, side by side
// with the floor any viewer of that file pays (a page that only decodes the same embedded data and parses it: base64,
// gunzip, JSON.parse); then the time to scroll to the last message, and frame times while scrolling through. And the
// export's size: what the document adds to the file, over the document's JSON, besides the viewer's fixed size.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { median } from "./measure.js";
import { realClaudeCodeSession, realFixturesRoot } from "./paths.js";

/** A real session (Claude Code, with sub-agents and compaction): its text compresses as real runs do. */

export const viewerBenchmarkIds = [
  "viewer-first-render",
  "viewer-scroll",
  "viewer-export-size",
  "viewer-real-session",
  "viewer-open-large",
] as const;
export type ViewerBenchmarkId = (typeof viewerBenchmarkIds)[number];

export function isViewerBenchmarkId(value: string): value is ViewerBenchmarkId {
  return (viewerBenchmarkIds as readonly string[]).includes(value);
}

export interface ViewerResult {
  readonly id: ViewerBenchmarkId;
  readonly title: string;
  readonly messages: number;
  readonly documentBytes: number;
  /** What the row measures, per sample (milliseconds, or bytes for the size). */
  readonly baseline?: { readonly label: string; readonly samples: readonly number[] };
  readonly candidate: { readonly label: string; readonly samples: readonly number[] };
  /** The figure judged, and its target (ms for times, × for the size). */
  readonly value: number;
  readonly target: number;
  readonly unit: "ms" | "×";
  readonly verdict: "meets" | "misses";
  readonly note: string;
}

const chromiumPath = "/usr/bin/chromium";
const cli = fileURLToPath(new URL("../../../packages/cli/bin/agent-transcript.js", import.meta.url));

/** A run like an agent's: a user turn, then assistant calls with reasoning, tool results of a few KB, Markdown answers. */
export function generatedRun(messages: number): object {
  const started = Date.parse("2026-05-01T09:00:00Z");
  const list: object[] = [];
  for (let index = 0; list.length < messages; index += 1) {
    const at = (offset: number) => new Date(started + index * 4000 + offset).toISOString();
    const call = `call-${index}`;
    list.push({
      role: "user",
      created_at: at(0),
      parts: [{ type: "text", text: `Step ${index}: look at \`src/module-${index % 50}.ts\` and fix what fails.` }],
    });
    list.push({
      role: "assistant",
      model: "claude-sonnet-4-5",
      created_at: at(500),
      usage: { input_tokens: 20_000 + index * 3, output_tokens: 180, cache_read_tokens: 18_000 + index * 3 },
      parts: [
        { type: "reasoning", text: `The failing test in module ${index % 50} points at the parser. `.repeat(6) },
        {
          type: "tool_call",
          id: call,
          name: index % 3 === 0 ? "Bash" : "Read",
          input: { path: `src/module-${index % 50}.ts`, limit: 400 },
        },
      ],
    });
    list.push({
      role: "tool",
      created_at: at(1500),
      parts: [
        {
          type: "tool_result",
          call_id: call,
          status: index % 17 === 0 ? "error" : "ok",
          duration_ms: 200 + (index % 40) * 25,
          output: Array.from(
            { length: 60 },
            (_, line) => `${line + 1}\texport const value${line} = parse(input[${line}]); // ${index}`,
          ).join("\n"),
        },
      ],
    });
    list.push({
      role: "assistant",
      model: "claude-sonnet-4-5",
      created_at: at(3000),
      usage: { input_tokens: 24_000 + index * 3, output_tokens: 260, cache_read_tokens: 20_000 + index * 3 },
      parts: [
        {
          type: "text",
          text: `Fixed **module ${index % 50}**: the parser now\n\n- keeps the last token\n- reports the line\n\n\`\`\`ts\nconst value = parse(input);\n\`\`\`\n`,
        },
      ],
    });
  }
  return {
    schema_version: "1.0.0",
    id: "generated-run",
    title: `A generated run of ${messages} messages`,
    run: { status: "completed", started_at: new Date(started).toISOString() },
    messages: list.slice(0, messages),
  };
}

function exportAs(format: "html" | "json", input: string, output: string): void {
  const result = spawnSync(
    process.execPath,
    [cli, "export", input, "--format", format, "--output", output, "-q", "--no-redact"],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`export --format ${format} failed: ${result.stderr}`);
}

const exportHtml = (input: string, output: string) => exportAs("html", input, output);

/**
 * A Claude Code session of `copies` times the real one: its lines again and again, each copy's ids made its own (the
 * last four hex digits of a UUID, a suffix on tool, message and request ids; the session's id kept), its times moved
 * past the copy before, and its first message's parent the last record of the copy before, so the importer reads one
 * long conversation with every record distinct — about 3 MB a copy. (Copies left unchained are 32 roots: the importer
 * keeps one as the conversation and the others as branches in its metadata, which is not a long session.)
 */
export function largeSession(copies: number): string {
  const lines = readFileSync(path.join(realFixturesRoot(), realClaudeCodeSession), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const sessionId = /"sessionId":"([0-9a-f-]{36})"/.exec(lines.join("\n"))?.[1] ?? "";
  const times = lines.flatMap((line) =>
    [...line.matchAll(/"timestamp":"([^"]+)"/g)].map((match) => Date.parse(match[1] as string)),
  );
  const span = Math.max(...times.filter(Number.isFinite)) - Math.min(...times.filter(Number.isFinite)) + 60_000;
  const out: string[] = [];
  let previousLast: string | undefined;
  for (let copy = 0; copy < copies; copy += 1) {
    const hex = copy.toString(16).padStart(4, "0");
    let chained = copy === 0;
    let last: string | undefined;
    for (const line of lines) {
      let moved =
        copy === 0
          ? line
          : line
              .replace(
                /\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8})([0-9a-f]{4})\b/g,
                (uuid, head: string) => (uuid === sessionId ? uuid : `${head}${hex}`),
              )
              .replace(/\b((?:toolu|msg|req)_[A-Za-z0-9]+)/g, `$1_c${copy}`)
              .replace(/"timestamp":"([^"]+)"/g, (_, time: string) => {
                const at = Date.parse(time) + copy * span;
                return `"timestamp":"${Number.isFinite(at) ? new Date(at).toISOString() : time}"`;
              });
      if (!chained && previousLast !== undefined && moved.startsWith('{"parentUuid":null,')) {
        moved = `{"parentUuid":"${previousLast}",${moved.slice('{"parentUuid":null,'.length)}`;
        chained = true;
      }
      last = /"uuid":"([0-9a-f-]{36})"/.exec(moved)?.[1] ?? last;
      out.push(moved);
    }
    previousLast = last;
  }
  return `${out.join("\n")}\n`;
}

/**
 * `agent-transcript view FILE` until the page shows the messages: the command's part (start to the URL on stdout:
 * reading, importing, redacting) and the page's (navigation to the first frame with messages).
 */
async function openWithView(browser: Browser, file: string): Promise<{ command: number; page: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "view", file, "--quiet"], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      child.stdout?.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
        if (stdout.includes("\n")) resolve(stdout.split("\n")[0]?.trim() ?? "");
      });
      child.once("exit", (code) => reject(new Error(`view exited with ${code} before printing a URL: ${stderr}`)));
    });
    const command = performance.now() - started;
    return { command, page: await firstRender(browser, url) };
  } finally {
    child.kill("SIGTERM");
  }
}

/**
 * The floor: the same embedded data, every page of it decoded and parsed (what a viewer that reads the whole file
 * before drawing pays), and nothing drawn.
 */
function baselinePage(exported: string): string {
  const data = [...exported.matchAll(/<script type="application\/x-agent-transcript[^>]*>([^<]*)<\/script>/g)]
    .map((match, index) => `<script id="data-${index}" type="application/octet-stream">${match[1] ?? ""}</script>`)
    .join("\n");
  return `<!doctype html><meta charset="utf-8">${data}
<script type="module">
let messages = 0;
for (const element of document.querySelectorAll("script[id^=data-]")) {
  const text = element.textContent;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const value = JSON.parse(await new Response(stream).text());
  // A page of messages, the document with its first ones, or the metadata sent last.
  messages += Array.isArray(value) ? value.length : (value.messages?.length ?? 0);
}
document.body.textContent = String(messages);
requestAnimationFrame(() => {
  document.documentElement.dataset.renderedMs = String(Math.round(performance.now()));
  document.documentElement.dataset.loadedMs = document.documentElement.dataset.renderedMs;
});
</script>`;
}

/** Navigation start to the first frame with messages, and to the frame with every message read (a paged export). */
async function firstRender(browser: Browser, url: string): Promise<number> {
  return (await renderAndLoad(browser, url)).rendered;
}

async function renderAndLoad(browser: Browser, url: string): Promise<{ rendered: number; loaded: number }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(url);
    // A selector, not an expression: the page served by `view` forbids evaluating strings (its policy has no
    // 'unsafe-eval'), and selectors run in Playwright's own world.
    await page.waitForSelector("html[data-rendered-ms]", { state: "attached", timeout: 120_000 });
    const rendered = Number(await page.locator("html").getAttribute("data-rendered-ms"));
    await page.waitForSelector("html[data-loaded-ms]", { state: "attached", timeout: 120_000 });
    return { rendered, loaded: Number(await page.locator("html").getAttribute("data-loaded-ms")) };
  } finally {
    await page.close();
  }
}

/**
 * First renders of an export and of its floor page, `samples` of each, alternating (ABBA) so that load from a
 * neighbour falls on both sides alike.
 */
async function besideTheFloor(
  browser: Browser,
  exported: string,
  floor: string,
  samples: number,
  onSample: (sample: number) => void,
): Promise<{ viewer: number[]; decodeOnly: number[]; loaded: number[] }> {
  const viewer: number[] = [];
  const decodeOnly: number[] = [];
  const loaded: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    onSample(sample + 1);
    const order = sample % 2 === 0 ? [true, false] : [false, true];
    for (const ours of order) {
      const measured = await renderAndLoad(browser, `file://${ours ? exported : floor}`);
      (ours ? viewer : decodeOnly).push(measured.rendered);
      if (ours) loaded.push(measured.loaded);
    }
  }
  return { viewer, decodeOnly, loaded };
}

/** Runs in the page: a screen per frame through the list, then to the bottom until the last message is drawn. */
const scrollThrough = `async (lastIndex) => {
  const list = document.querySelector(".messages");
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const frames = [];
  let previous = await frame();
  for (let step = 0; step < 120; step += 1) {
    list.scrollTop += list.clientHeight;
    const now = await frame();
    frames.push(now - previous);
    previous = now;
  }
  const started = performance.now();
  // Heights are measured as rows are drawn: keep going to the bottom until the last message is there.
  while (document.querySelector('article[data-message-index="' + lastIndex + '"]') === null) {
    list.scrollTop = list.scrollHeight;
    await frame();
    if (performance.now() - started > 30000) throw new Error("the last message never appeared");
  }
  return { toEnd: performance.now() - started, frames };
}`;

/** Time to bring the last message into view, and the frame times of scrolling through the list a screen at a time. */
async function scrolling(browser: Browser, url: string, last: number): Promise<{ toEnd: number; frames: number[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(url);
    await page.waitForSelector(".message", { timeout: 120_000 });
    // Text, not a function: tsx's compiled functions call a helper (__name) that the page does not have.
    return (await page.evaluate(`(${scrollThrough})(${last})`)) as { toEnd: number; frames: number[] };
  } finally {
    await page.close();
  }
}

const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
};

export async function runViewerBenchmarks(
  ids: readonly ViewerBenchmarkId[],
  options: { quick: boolean; runs: number; log?: (line: string) => void; messages?: number },
): Promise<ViewerResult[]> {
  if (ids.length === 0) return [];
  // 20,000 messages, the size (2,000 in a quick run); `messages` sizes a one-off run (100 MB is ~95,000).
  const messages = options.messages ?? (options.quick ? 2_000 : 20_000);
  const samples = options.quick ? 1 : Math.max(3, options.runs * 2);
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-viewer-"));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
  });
  try {
    const json = path.join(folder, "run.json");
    writeFileSync(json, JSON.stringify(generatedRun(messages)));
    const html = path.join(folder, "run.html");
    exportHtml(json, html);
    const emptyJson = path.join(folder, "empty.json");
    writeFileSync(emptyJson, JSON.stringify(generatedRun(0)));
    const emptyHtml = path.join(folder, "empty.html");
    exportHtml(emptyJson, emptyHtml);
    const floor = path.join(folder, "floor.html");
    writeFileSync(floor, baselinePage(readFileSync(html, "utf8")));
    const documentBytes = statSync(json).size;
    const results: ViewerResult[] = [];
    const described = `${messages.toLocaleString("en")} messages, ${(documentBytes / 1024 / 1024).toFixed(1)} MiB of JSON`;

    if (ids.includes("viewer-first-render")) {
      const { viewer, decodeOnly, loaded } = await besideTheFloor(browser, html, floor, samples, (sample) =>
        options.log?.(`viewer: first render ${sample}/${samples}`),
      );
      const value = median(viewer);
      results.push({
        id: "viewer-first-render",
        title: "viewer: first render of the HTML export",
        messages,
        documentBytes,
        baseline: { label: "decode + JSON.parse only", samples: decodeOnly },
        candidate: { label: "the viewer (decode, validate, index, draw)", samples: viewer },
        value,
        target: 1000,
        unit: "ms",
        verdict: value < 1000 ? "meets" : "misses",
        note: `${described}; navigation start to the first frame with messages, median of ${samples}; every message read ${Math.round(median(loaded))} ms; the floor (the whole file decoded) ${Math.round(median(decodeOnly))} ms`,
      });
    }
    if (ids.includes("viewer-scroll")) {
      const toEnd: number[] = [];
      const frames: number[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        options.log?.(`viewer: scroll ${sample + 1}/${samples}`);
        const measured = await scrolling(browser, `file://${html}`, messages - 1);
        toEnd.push(measured.toEnd);
        frames.push(...measured.frames);
      }
      const value = median(toEnd);
      results.push({
        id: "viewer-scroll",
        title: "viewer: scroll to the last message",
        messages,
        documentBytes,
        candidate: { label: "scroll to the end", samples: toEnd },
        value,
        target: 1000,
        unit: "ms",
        verdict: value < 1000 ? "meets" : "misses",
        note: `${described}; frames while scrolling a screen per frame: median ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 0.95).toFixed(1)} ms`,
      });
    }
    if (ids.includes("viewer-export-size")) {
      const exported = statSync(html).size;
      const fixed = statSync(emptyHtml).size;
      // Generated text repeats itself and compresses far better than a real run's: the real session is judged too,
      // and the larger of the two multiples is the figure.
      const realJson = path.join(folder, "real.json");
      const realHtml = path.join(folder, "real.html");
      exportAs("json", path.join(realFixturesRoot(), realClaudeCodeSession), realJson);
      exportHtml(realJson, realHtml);
      const realMultiple = (statSync(realHtml).size - fixed) / statSync(realJson).size;
      const generatedMultiple = (exported - fixed) / documentBytes;
      const value = Math.max(realMultiple, generatedMultiple);
      results.push({
        id: "viewer-export-size",
        title: "viewer: HTML export size over the JSON's",
        messages,
        documentBytes,
        candidate: { label: "(export − the viewer's fixed size) ÷ JSON", samples: [exported] },
        value,
        target: 1.2,
        unit: "×",
        verdict: value <= 1.2 ? "meets" : "misses",
        note: `the viewer's fixed size (an empty run's export) ${(fixed / 1024).toFixed(0)} KiB; a real Claude Code session (${(statSync(realJson).size / 1024 / 1024).toFixed(1)} MiB of JSON) ${realMultiple.toFixed(2)}×; the generated run (${described}) ${generatedMultiple.toFixed(2)}×`,
      });
    }
    if (ids.includes("viewer-real-session")) {
      const realHtml = path.join(folder, "real-session.html");
      exportHtml(path.join(realFixturesRoot(), realClaudeCodeSession), realHtml);
      const realFloor = path.join(folder, "real-floor.html");
      writeFileSync(realFloor, baselinePage(readFileSync(realHtml, "utf8")));
      const { viewer, decodeOnly, loaded } = await besideTheFloor(browser, realHtml, realFloor, samples, (sample) =>
        options.log?.(`viewer: real session ${sample}/${samples}`),
      );
      const value = median(viewer);
      const sessionBytes = statSync(path.join(realFixturesRoot(), realClaudeCodeSession)).size;
      results.push({
        id: "viewer-real-session",
        title: "viewer: first render of a real Claude Code session with sub-agents",
        messages: 0,
        documentBytes: sessionBytes,
        baseline: { label: "decode + JSON.parse only", samples: decodeOnly },
        candidate: { label: "the viewer (decode, validate, index, draw)", samples: viewer },
        value,
        target: 500,
        unit: "ms",
        verdict: value < 500 ? "meets" : "misses",
        note: `the spotter session (${(sessionBytes / 1024 / 1024).toFixed(1)} MB of JSONL, 2 sub-agents) exported as HTML; navigation start to the first frame with messages, median of ${samples}; every message read ${Math.round(median(loaded))} ms; the floor (the whole file decoded) ${Math.round(median(decodeOnly))} ms`,
      });
    }
    if (ids.includes("viewer-open-large")) {
      // About 100 MB (32 copies of the 3 MB session); 10 MB in a quick run.
      const copies = options.quick ? 3 : 32;
      const large = path.join(folder, "large-session.jsonl");
      writeFileSync(large, largeSession(copies));
      const sessionBytes = statSync(large).size;
      const totals: number[] = [];
      const commands: number[] = [];
      const pages: number[] = [];
      const opens = options.quick ? 1 : 2;
      for (let sample = 0; sample < opens; sample += 1) {
        options.log?.(`viewer: open a ${(sessionBytes / 1024 / 1024).toFixed(0)} MB session ${sample + 1}/${opens}`);
        const measured = await openWithView(browser, large);
        commands.push(measured.command);
        pages.push(measured.page);
        totals.push(measured.command + measured.page);
      }
      const value = median(totals);
      results.push({
        id: "viewer-open-large",
        title: "viewer: open a large Claude Code session with `view`",
        messages: 0,
        documentBytes: sessionBytes,
        candidate: { label: "view FILE until the messages are drawn", samples: totals },
        value,
        target: 3000,
        unit: "ms",
        verdict: value < 3000 ? "meets" : "misses",
        note: `a ${(sessionBytes / 1024 / 1024).toFixed(0)} MB session (${copies} copies of the real one, ids made distinct); the command (read, import, redact, serve) ${Math.round(median(commands))} ms, the page (fetch, decode, draw) ${Math.round(median(pages))} ms; median of ${opens}`,
      });
    }
    return results;
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
