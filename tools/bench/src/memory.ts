// Memory, not time: how much more than its input a reader needs. Each run is a fresh process that loads the code,
// collects garbage, notes its resident memory, then reads one large generated document from a file; the peak
// resident memory above that resting point, divided by the file's size, is the multiple. The document is made of the
// real corpus's messages repeated (about 64 MiB in a full run), written by the parent so that building it never
// counts. The session-import benchmarks read a generated agent session of about 100 MiB instead, each format twice:
// a line at a time (`importSession`), and its whole text read first (the alternative).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeTranscript } from "@agent-transcript/core";
import type { Transcript } from "@agent-transcript/core";
import { run } from "@agent-transcript/cli";
import { type LargeSessionFormat, writeLargeSession } from "@agent-transcript/fixtures/large-sessions";
import { importSessionText } from "@agent-transcript/providers";
import { importSession } from "@agent-transcript/providers/node";
import { buildCorpus } from "./corpus.js";
import { benchRoot } from "./paths.js";
import { median, verdictOfEvery } from "./measure.js";

export const memoryBenchmarkIds = [
  "memory-decode",
  "memory-validate",
  "memory-export",
  "memory-gzip-bomb",
  "memory-stdin-limit",
  "memory-import-claude-code",
  "memory-import-claude-code-whole-text",
  "memory-import-codex",
  "memory-import-codex-whole-text",
  "memory-import-gemini-cli",
  "memory-import-gemini-cli-whole-text",
] as const;
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
  // Refusing input over a limit holds at most the limit's worth (the bytes read so far), and some stream buffers.
  "memory-gzip-bomb": 1.5,
  "memory-stdin-limit": 1.5,
  // A session import holds the document it returns (1.5 to 1.8 times the file, as objects) and the collector's
  // slack, never the file's text: the whole-text import beside each (same file, same run) shows what holding the
  // text adds, about one more multiple.
  "memory-import-claude-code": 3,
  "memory-import-claude-code-whole-text": 4.5,
  "memory-import-codex": 3,
  "memory-import-codex-whole-text": 4.5,
  "memory-import-gemini-cli": 3,
  "memory-import-gemini-cli-whole-text": 4.5,
};

/** What a benchmark's multiple is of: the input file's size, or the limit that refuses the input. */
export type MemoryBasis = "input" | "limit";

const bases: Record<MemoryBenchmarkId, MemoryBasis> = {
  "memory-decode": "input",
  "memory-validate": "input",
  "memory-export": "input",
  "memory-gzip-bomb": "limit",
  "memory-stdin-limit": "limit",
  "memory-import-claude-code": "input",
  "memory-import-claude-code-whole-text": "input",
  "memory-import-codex": "input",
  "memory-import-codex-whole-text": "input",
  "memory-import-gemini-cli": "input",
  "memory-import-gemini-cli-whole-text": "input",
};

/** The session format a session-import memory benchmark reads, and whether it reads the whole text first. */
function sessionImportOf(id: MemoryBenchmarkId): { format: LargeSessionFormat; wholeText: boolean } | undefined {
  const match = /^memory-import-(claude-code|codex|gemini-cli)(-whole-text)?$/.exec(id);
  return match === null ? undefined : { format: match[1] as LargeSessionFormat, wholeText: match[2] !== undefined };
}

/** The limit the refusal benchmarks set (`--max-decompressed-size`, `--max-input-size`): small in a quick run. */
function limitBytes(quick: boolean): number {
  return (quick ? 4 : 64) * 1024 * 1024;
}

/** Gzip members of 1 MiB of zeros each, `members` of them: about 1 KB each on disk. */
function gzipBomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat(Array.from({ length: members }, () => member));
}

const titles: Record<MemoryBenchmarkId, string> = {
  "memory-decode": '`decodeTranscript(readFileSync(file), { mode: "strict" })`: the caller keeps the bytes',
  "memory-validate": "`agent-transcript validate file`: read through the input layer, decode, validate",
  "memory-export":
    "`agent-transcript export file --output out.json`: read, decode, redact, pretty JSON written piece by piece",
  "memory-gzip-bomb":
    "`agent-transcript validate bomb.json.gz --max-decompressed-size L`: 16 × L of zeros in a file of a few KB, refused at L",
  "memory-stdin-limit": "`agent-transcript validate - --max-input-size L`: 4 × L piped on stdin, refused at L",
  "memory-import-claude-code": "`importSession(file)`: a generated Claude Code session, read a line at a time",
  "memory-import-claude-code-whole-text":
    "`importSessionText(readFileSync(file))`: the same Claude Code session, its text read first (the alternative)",
  "memory-import-codex": "`importSession(file)`: a generated Codex rollout, read a line at a time",
  "memory-import-codex-whole-text":
    "`importSessionText(readFileSync(file))`: the same Codex rollout, its text read first (the alternative)",
  "memory-import-gemini-cli": "`importSession(file)`: a generated Gemini CLI JSONL session, read a line at a time",
  "memory-import-gemini-cli-whole-text":
    "`importSessionText(readFileSync(file))`: the same Gemini CLI session, its text read first (the alternative)",
};

/** What one process measured. */
export interface MemoryRun {
  /** What the multiple is of: the input's size, or for a refusal the limit's (see `basis`). */
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
  /** What `multiple` is of: the input file's size, or the limit that refused the input. */
  readonly basis: MemoryBasis;
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
async function measureHere(id: MemoryBenchmarkId, file: string, quick: boolean): Promise<MemoryRun> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (collectGarbage === undefined) throw new Error("the memory benchmark needs node --expose-gc");
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  const limit = limitBytes(quick);
  // The refusal benchmark's stdin: a fresh 1 MiB buffer each time, as a pipe delivers them (handing over one buffer
  // again and again would let a reader that keeps them all look free).
  const chunkBytes = 1024 * 1024;
  collectGarbage();
  const restingRssBytes = process.memoryUsage().rss;
  const inputBytes = bases[id] === "limit" ? limit : statSync(file).size;
  const session = sessionImportOf(id);
  if (session !== undefined) {
    const outcome = session.wholeText
      ? importSessionText(readFileSync(file, "utf8"), { format: session.format })
      : await importSession(file, { format: session.format });
    if (!outcome.ok) throw new Error(`${id}: ${outcome.message}`);
  } else if (id === "memory-decode") {
    const decoded = decodeTranscript(readFileSync(file), { mode: "strict" });
    if (!decoded.ok) throw new Error(`decode failed: ${decoded.error.message}`);
  } else {
    let errors = "";
    const args: Record<"memory-validate" | "memory-export" | "memory-gzip-bomb" | "memory-stdin-limit", string[]> = {
      "memory-validate": ["validate", file],
      "memory-export": ["export", file, "--output", path.join(scratch, "export.json")],
      "memory-gzip-bomb": ["validate", file, "--max-decompressed-size", String(limit)],
      "memory-stdin-limit": ["validate", "-", "--max-input-size", String(limit)],
    };
    const code = await run(args[id as keyof typeof args], {
      stdout: () => undefined,
      stderr: (text) => {
        errors += text;
      },
      stdin: async function* () {
        for (let sent = 0; sent < 4 * limit; sent += chunkBytes) yield Buffer.alloc(chunkBytes, 0x20);
      },
      color: false,
      stdoutIsTerminal: false,
    });
    const refusal = id === "memory-gzip-bomb" ? "decompresses to more than" : "larger than the input limit";
    if (bases[id] === "limit" && !(code === 1 && errors.includes(refusal)))
      throw new Error(`${id}: the input was not refused at the limit: ${errors}`);
    if (bases[id] === "input" && code !== 0) throw new Error(`${id} failed: ${errors}`);
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

/** Runs each selected memory benchmark `runs` times, each in a fresh process, on one generated document. */
export function runMemoryBenchmarks(
  ids: readonly MemoryBenchmarkId[],
  options: { quick: boolean; runs: number; log?: (line: string) => void },
): MemoryResult[] {
  if (ids.length === 0) return [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-memory-input-"));
  try {
    // Each input is written once, when a selected benchmark first needs it.
    const inputs = new Map<string, string>();
    const input = (name: string, write: (file: string) => void): string => {
      let file = inputs.get(name);
      if (file === undefined) {
        file = path.join(folder, name);
        write(file);
        inputs.set(name, file);
      }
      return file;
    };
    const inputOf = (id: MemoryBenchmarkId): string => {
      const session = sessionImportOf(id);
      if (session !== undefined)
        return input(`${session.format}.jsonl`, (file) => {
          writeLargeSession(file, session.format, options.quick ? 2 * 1024 * 1024 : 100 * 1024 * 1024);
        });
      if (id === "memory-gzip-bomb")
        return input("bomb.json.gz", (file) => {
          writeFileSync(file, gzipBomb((16 * limitBytes(options.quick)) / (1024 * 1024)));
        });
      return input("large.json", (file) => {
        writeFileSync(file, largeDocument(options.quick ? 2 * 1024 * 1024 : 64 * 1024 * 1024, options.quick));
      });
    };
    const results = new Map<MemoryBenchmarkId, MemoryRun[]>(ids.map((id) => [id, []]));
    for (let runNumber = 1; runNumber <= options.runs; runNumber += 1) {
      for (const id of ids) {
        options.log?.(`run ${runNumber}/${options.runs}: ${id}`);
        results.get(id)?.push(runInChild(id, inputOf(id), options.quick));
      }
    }
    return ids.map((id) => {
      const runs = results.get(id) ?? [];
      const multiples = runs.map((entry) => entry.multiple);
      return {
        id,
        title: titles[id],
        basis: bases[id],
        inputBytes: runs[0]?.inputBytes ?? 0,
        multiple: median(multiples),
        extraPeakBytes: median(runs.map((entry) => entry.peakRssBytes - entry.restingRssBytes)),
        runs,
        maxMultiple: maxMemoryMultiples[id],
        verdict: verdictOfEvery(multiples, maxMemoryMultiples[id]),
      };
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function runInChild(id: MemoryBenchmarkId, file: string, quick: boolean): MemoryRun {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", id, file, quick ? "quick" : "full"],
    { cwd: benchRoot, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 5 * 60_000 },
  );
  if (child.status !== 0)
    throw new Error(`memory benchmark ${id}: child process exited with ${child.status ?? child.signal ?? "unknown"}`);
  return JSON.parse(child.stdout) as MemoryRun;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly && process.argv[2] === "--child") {
  const [, , , id, file, mode] = process.argv;
  if (id === undefined || file === undefined || !isMemoryBenchmarkId(id))
    throw new Error("usage: --child <id> <file> [quick|full]");
  void measureHere(id, file, mode === "quick").then((measured) => process.stdout.write(JSON.stringify(measured)));
}
