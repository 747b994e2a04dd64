// Memory, not time: how much more than its input a reader needs. Each run is a fresh process that loads the code,
// collects garbage, notes its resident memory, then reads one large generated document from a file; the peak
// resident memory above that resting point, divided by the file's size, is the multiple. The document is made of the
// real corpus's messages repeated (about 64 MiB in a full run), written by the parent so that building it never
// counts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeTranscript } from "@agent-transcript/core";
import type { Transcript } from "@agent-transcript/core";
import { run } from "@agent-transcript/cli";
import { buildCorpus } from "./corpus.js";
import { benchRoot } from "./paths.js";

export const memoryBenchmarkIds = ["memory-decode", "memory-validate", "memory-export"] as const;
export type MemoryBenchmarkId = (typeof memoryBenchmarkIds)[number];

export function isMemoryBenchmarkId(value: string): value is MemoryBenchmarkId {
  return (memoryBenchmarkIds as readonly string[]).includes(value);
}

/**
 * The stated targets: peak memory at most this multiple of the input's size. Reading and validating holds the text
 * and the parsed document (4×). Decoding through the library also keeps the caller's bytes (one more), and an export
 * holds the document and its redacted copy, which shares every string but not the structure (one more at most); the
 * export's text is never held whole (it is written piece by piece).
 */
export const maxMemoryMultiples: Readonly<Record<MemoryBenchmarkId, number>> = {
  "memory-decode": 5,
  "memory-validate": 4,
  "memory-export": 5,
};

const titles: Record<MemoryBenchmarkId, string> = {
  "memory-decode": '`decodeTranscript(readFileSync(file), { mode: "strict" })`: the caller keeps the bytes',
  "memory-validate": "`agent-transcript validate file`: read through the input layer, decode, validate",
  "memory-export":
    "`agent-transcript export file --output out.json`: read, decode, redact, pretty JSON written piece by piece",
};

/** What one process measured. */
export interface MemoryRun {
  readonly inputBytes: number;
  /** Resident memory after loading the code and a full GC, before reading the input. */
  readonly restingRssBytes: number;
  /** The process's peak resident memory (`process.resourceUsage().maxRSS`). */
  readonly peakRssBytes: number;
  /** (peak − resting) ÷ input. */
  readonly multiple: number;
}

export interface MemoryResult {
  readonly id: MemoryBenchmarkId;
  readonly title: string;
  readonly inputBytes: number;
  /** Median over runs. */
  readonly multiple: number;
  readonly extraPeakBytes: number;
  readonly runs: readonly MemoryRun[];
  readonly maxMultiple: number;
  /** meets: every run within the target; misses: every run over it; borderline otherwise. */
  readonly verdict: "meets" | "misses" | "borderline";
}

/** A strictly valid document of about `targetBytes`, made of the corpus's real messages repeated in order. */
export function largeDocument(targetBytes: number, quick: boolean): string {
  const messages = buildCorpus({ quick }).documents.flatMap(({ document }) => document.messages);
  const perRound = messages.reduce((sum, message) => sum + JSON.stringify(message).length + 1, 0);
  const rounds = Math.max(1, Math.ceil(targetBytes / perRound));
  const repeated: Transcript["messages"] = [];
  for (let round = 0; round < rounds; round += 1) for (const message of messages) repeated.push(message);
  const document: Transcript = { schema_version: "1.0.0", id: "memory-benchmark", messages: repeated };
  const text = JSON.stringify(document);
  const decoded = decodeTranscript(text, { mode: "strict" });
  if (!decoded.ok) throw new Error(`the memory benchmark's document does not decode: ${decoded.error.message}`);
  return text;
}

/** In the child: rest, then do the work once, and report. */
async function measureHere(id: MemoryBenchmarkId, file: string): Promise<MemoryRun> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (collectGarbage === undefined) throw new Error("the memory benchmark needs node --expose-gc");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  collectGarbage();
  const restingRssBytes = process.memoryUsage().rss;
  const inputBytes = statSync(file).size;
  if (id === "memory-decode") {
    const decoded = decodeTranscript(readFileSync(file), { mode: "strict" });
    if (!decoded.ok) throw new Error(`decode failed: ${decoded.error.message}`);
  } else {
    let errors = "";
    const args =
      id === "memory-validate" ? ["validate", file] : ["export", file, "--output", path.join(scratch, "export.json")];
    const code = await run(args, {
      stdout: () => undefined,
      stderr: (text) => {
        errors += text;
      },
      stdin: async function* () {},
      color: false,
      stdoutIsTerminal: false,
    });
    if (code !== 0) throw new Error(`export failed: ${errors}`);
  }
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  rmSync(scratch, { recursive: true, force: true });
  return {
    inputBytes,
    restingRssBytes,
    peakRssBytes,
    multiple: (peakRssBytes - restingRssBytes) / inputBytes,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Runs each selected memory benchmark `runs` times, each in a fresh process, on one generated document. */
export function runMemoryBenchmarks(
  ids: readonly MemoryBenchmarkId[],
  options: { quick: boolean; runs: number; log?: (line: string) => void },
): MemoryResult[] {
  if (ids.length === 0) return [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-memory-input-"));
  try {
    const file = path.join(folder, "large.json");
    writeFileSync(file, largeDocument(options.quick ? 2 * 1024 * 1024 : 64 * 1024 * 1024, options.quick));
    const results = new Map<MemoryBenchmarkId, MemoryRun[]>(ids.map((id) => [id, []]));
    for (let runNumber = 1; runNumber <= options.runs; runNumber += 1) {
      for (const id of ids) {
        options.log?.(`run ${runNumber}/${options.runs}: ${id}`);
        results.get(id)?.push(runInChild(id, file));
      }
    }
    return ids.map((id) => {
      const runs = results.get(id) ?? [];
      const multiples = runs.map((entry) => entry.multiple);
      return {
        id,
        title: titles[id],
        inputBytes: runs[0]?.inputBytes ?? 0,
        multiple: median(multiples),
        extraPeakBytes: median(runs.map((entry) => entry.peakRssBytes - entry.restingRssBytes)),
        runs,
        maxMultiple: maxMemoryMultiples[id],
        verdict: multiples.every((multiple) => multiple <= maxMemoryMultiples[id])
          ? "meets"
          : multiples.every((multiple) => multiple > maxMemoryMultiples[id])
            ? "misses"
            : "borderline",
      };
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function runInChild(id: MemoryBenchmarkId, file: string): MemoryRun {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", id, file],
    { cwd: benchRoot, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 5 * 60_000 },
  );
  if (child.status !== 0)
    throw new Error(`memory benchmark ${id}: child process exited with ${child.status ?? child.signal ?? "unknown"}`);
  return JSON.parse(child.stdout) as MemoryRun;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly && process.argv[2] === "--child") {
  const [, , , id, file] = process.argv;
  if (id === undefined || file === undefined || !isMemoryBenchmarkId(id)) throw new Error("usage: --child <id> <file>");
  void measureHere(id, file).then((measured) => process.stdout.write(JSON.stringify(measured)));
}
