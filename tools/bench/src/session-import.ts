// Importing an agent's session against reading its lines: the largest real Claude Code session of the fixtures (the
// main file and its sub-agent files) imported by the Claude Code importer, against what the usual reader of such a
// file does, `readline` and `JSON.parse` of every line. Target (issue 11): import throughput at least 0.5× the plain
// read, which in the runner's terms (candidate time ÷ baseline time) is a ratio of at most 2.
//
// The runner's sides are synchronous, so the registered benchmark compares the two on the files' text in memory:
// readline is handed the text in the 64 KiB chunks a read stream delivers, through a stand-in stream whose `data`
// events it handles synchronously, and the importer gets the same text. What the disk costs is the same on both
// sides and left out; what is judged is everything the import does per line beyond splitting and `JSON.parse` (the
// parse limits, the tree, merging, usage, the documents, their validation). Run as a script, this file also times both
// sides end to end from the files, as a user runs them: `readline` over a read stream with `JSON.parse` per line,
// against `importSession(file)` of `@agent-transcript/providers/node` (a streamed read, sub-agents found beside it):
//
//   pnpm --filter @agent-transcript/bench exec node --import tsx src/session-import.ts
import { EventEmitter } from "node:events";
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { importSessionText } from "@agent-transcript/providers";
import { importSession } from "@agent-transcript/providers/node";
import type { BenchmarkSpec } from "./measure.js";
import { realFixturesRoot } from "./paths.js";

export const sessionImportBenchmarkId = "session-import";

/** Import throughput ÷ the plain read's must be at least this. */
export const minimumThroughputRatio = 0.5;

interface SessionFiles {
  main: { path: string; text: string };
  related: Array<{ path: string; text: string }>;
  bytes: number;
  lines: number;
}

/** The largest Claude Code session file of the fixtures (by its main file) and its sub-agent files. */
export function largestSession(): SessionFiles {
  const root = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
  const candidates = readdirSync(root)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => path.join(root, name));
  const main = candidates.reduce((largest, file) => (statSync(file).size > statSync(largest).size ? file : largest));
  const folder = path.join(main.replace(/\.jsonl$/, ""), "subagents");
  const related = readdirSync(folder)
    .filter((name) => /^agent-.+\.jsonl$/.test(name))
    .sort()
    .map((name) => ({ path: path.join(folder, name), text: readFileSync(path.join(folder, name), "utf8") }));
  const files = [{ path: main, text: readFileSync(main, "utf8") }, ...related];
  return {
    main: files[0] as { path: string; text: string },
    related,
    bytes: files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0),
    lines: files.reduce((sum, file) => sum + file.text.split("\n").filter((line) => line !== "").length, 0),
  };
}

/** The size of the chunks `fs.createReadStream` reads (its default highWaterMark). */
const readStreamChunk = 64 * 1024;

/**
 * Every line of every file through `readline` and `JSON.parse`, synchronously: readline reads a stand-in stream that
 * emits the text in read-stream-sized chunks, and emits each line as the chunk holding its end arrives.
 */
function readlineParseInMemory(texts: readonly string[]): number {
  let records = 0;
  for (const text of texts) {
    const input = Object.assign(new EventEmitter(), { resume() {}, pause() {} });
    const lines = createInterface({
      input: input as unknown as NodeJS.ReadableStream,
      crlfDelay: Number.POSITIVE_INFINITY,
      terminal: false,
    });
    lines.on("line", (line: string) => {
      if (line === "") return;
      const value = JSON.parse(line) as { type?: unknown };
      if (typeof value.type === "string") records += 1;
    });
    for (let at = 0; at < text.length; at += readStreamChunk) input.emit("data", text.slice(at, at + readStreamChunk));
    input.emit("end");
  }
  return records;
}

export function sessionImportBenchmark(): BenchmarkSpec {
  const session = largestSession();
  const texts = [session.main.text, ...session.related.map((file) => file.text)];
  return {
    id: sessionImportBenchmarkId,
    title: `Claude Code session import vs readline + JSON.parse of every line (${path.basename(session.main.path)} and its sub-agents)`,
    baseline: { label: "readline, JSON.parse(line) for every line", pass: () => readlineParseInMemory(texts) },
    candidate: {
      label: 'importSessionText(text, { format: "claude-code", related })',
      pass: () => {
        const result = importSessionText(session.main.text, {
          format: "claude-code",
          path: session.main.path,
          related: session.related,
        });
        if (!result.ok) throw new Error(`the session did not import during timing: ${result.message}`);
        return result.document.messages.length + result.children.length + result.losses.length;
      },
    },
    bytesPerPass: session.bytes,
    itemsPerPass: session.lines,
    maxRatio: 1 / minimumThroughputRatio,
    // Like the conversion benchmark: a forced full GC before each sample deoptimises the importer's many short-lived
    // object shapes, and an import is judged in the steady state it runs in.
    forcedGcBeforeSamples: false,
    minimumWarmupPasses: 10,
    note: `${session.related.length + 1} files, ${session.lines} lines, ${(session.bytes / 1024 / 1024).toFixed(1)} MiB per pass. Both sides get the files' text in memory (readline in 64 KiB chunks, as from a read stream). Target: import throughput ≥ ${minimumThroughputRatio}× readline + JSON.parse's, i.e. a time ratio ≤ ${(1 / minimumThroughputRatio).toFixed(2)}×. End to end from the files (a read stream and readline vs importSession): run this module as a script.`,
  };
}

/** Every line of the files through `readline` and `JSON.parse`: the usual way to read a session file. */
async function readlineParse(files: readonly string[]): Promise<number> {
  let records = 0;
  for (const file of files) {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (line === "") continue;
      const value = JSON.parse(line) as { type?: unknown };
      if (typeof value.type === "string") records += 1;
    }
  }
  return records;
}

/** Both sides end to end from the file, interleaved ABBA after a warm-up; the median of the per-round ratios. */
export async function measureFromFile(
  rounds = 15,
): Promise<{ baselineMs: number; candidateMs: number; ratio: number; bytes: number }> {
  const session = largestSession();
  const files = [session.main.path, ...session.related.map((file) => file.path)];
  const baseline = async (): Promise<number> => {
    const started = performance.now();
    await readlineParse(files);
    return performance.now() - started;
  };
  const candidate = async (): Promise<number> => {
    const started = performance.now();
    const result = await importSession(session.main.path, { format: "claude-code" });
    if (!result.ok || result.children.length !== session.related.length)
      throw new Error("the session did not import with its sub-agents during timing");
    return performance.now() - started;
  };
  for (let warmup = 0; warmup < 10; warmup += 1) {
    await baseline();
    await candidate();
  }
  const ratios: number[] = [];
  const baselines: number[] = [];
  const candidates: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const first = round % 2 === 0;
    const a = first ? await baseline() : await candidate();
    const b = first ? await candidate() : await baseline();
    const c = first ? await candidate() : await baseline();
    const d = first ? await baseline() : await candidate();
    const base = first ? (a + d) / 2 : (b + c) / 2;
    const cand = first ? (b + c) / 2 : (a + d) / 2;
    baselines.push(base);
    candidates.push(cand);
    ratios.push(cand / base);
  }
  const median = (values: number[]): number => {
    const sorted = [...values].sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  return {
    baselineMs: median(baselines),
    candidateMs: median(candidates),
    ratio: median(ratios),
    bytes: session.bytes,
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const inMemory = sessionImportBenchmark();
  const measured = await measureFromFile();
  const megabytes = measured.bytes / 1024 / 1024;
  process.stdout.write(
    `${inMemory.title}\nend to end from the file: readline + JSON.parse ${measured.baselineMs.toFixed(1)} ms (${(megabytes / (measured.baselineMs / 1000)).toFixed(1)} MiB/s), importSession ${measured.candidateMs.toFixed(1)} ms (${(megabytes / (measured.candidateMs / 1000)).toFixed(1)} MiB/s); time ratio ${measured.ratio.toFixed(2)}× (target ≤ ${(1 / minimumThroughputRatio).toFixed(2)}×), throughput ${(1 / measured.ratio).toFixed(2)}× (target ≥ ${minimumThroughputRatio}×)\n`,
  );
}
