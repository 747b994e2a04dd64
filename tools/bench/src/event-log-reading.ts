// Reading an event log from a file, three ways side by side in the same process on the same file (docs'
// performance-and-reliability.md §7, P1): the recorder's `readEventLog` (the candidate: strict UTF-8, core's parse
// limits, tolerant validation of every event, the file's seq and run rules) against `readline` + `JSON.parse` and
// `split2` + `JSON.parse` (the baselines, which do only the splitting and the parse). The log is made of the real
// sessions of the corpus (its canonical messages as message and tool events), repeated to about 64 MiB (1 MiB with
// --quick) and written by the parent, so building it never counts. Each run is a fresh process that warms all three
// up and then times them in rounds, one pass each, in an order that rotates from round to round; the two ratios of a
// round share its candidate time. Async reads cannot go through `measure.ts` (its passes are synchronous); the rounds
// are the same idea, and the results go through the same `aggregate`. Garbage is collected as it naturally is, not
// forced before each sample: a forced full GC frees the hidden classes of the last pass's events and deoptimises the
// validators and line checks compiled against them (the "weak objects" of `convert-roundtrip`'s note), and the next
// pass then measures V8 recompiling them: measured at 1.04× readline's time with forced GCs against 0.79× without,
// in the same session. A reader in use reads many lines between full GCs.
import { spawnSync } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Event, Message, Part, Transcript } from "@agent-transcript/core";
import { validateEvent } from "@agent-transcript/core/validators";
import { readEventLog } from "@agent-transcript/recorder";
import split2 from "split2";
import { buildCorpus } from "./corpus.js";
import { aggregate, type BenchmarkResult, type RunMeasurement } from "./measure.js";
import { benchRoot } from "./paths.js";

export const readingBenchmarkIds = ["read-event-log-vs-readline", "read-event-log-vs-split2"] as const;
export type ReadingBenchmarkId = (typeof readingBenchmarkIds)[number];

export function isReadingBenchmarkId(value: string): value is ReadingBenchmarkId {
  return (readingBenchmarkIds as readonly string[]).includes(value);
}

/** Issue 10's target: at least 1.5× readline's throughput, so at most 1 / 1.5 of its time. */
export const readlineTimeTarget = 1 / 1.5;

const runId = "550e8400-e29b-41d4-a716-446655440000";

/** One message of a canonical document as the events a recorder writes for it. */
function messageEvents(message: Message, seq: () => number, timestamp: string): Event[] {
  const envelope = { run_id: runId, path: "agent", iteration: 0, timestamp };
  if (message.role === "tool")
    return message.parts.flatMap((part: Part) =>
      part.type === "tool_result"
        ? [
            {
              seq: seq(),
              ...envelope,
              type: "tool.result" as const,
              payload: {
                name: part.name ?? "tool",
                call_id: part.call_id,
                output: part.output ?? null,
                status: part.status,
                fidelity: part.fidelity ?? "router",
              },
            },
          ]
        : [],
    );
  const type =
    message.role === "user" ? "message.user" : message.role === "assistant" ? "message.assistant" : "message.system";
  const { role, parts, id, model, usage, finish_reason } = message;
  return [
    {
      seq: seq(),
      ...envelope,
      type,
      payload: {
        role,
        blocks: parts,
        ...(id === undefined ? {} : { message_id: id }),
        ...(model === undefined ? {} : { model }),
        ...(usage === undefined ? {} : { usage }),
        ...(finish_reason === undefined ? {} : { finish_reason }),
      },
    } as Event,
  ];
}

/**
 * A run's event log of about `targetBytes`: run.started, the corpus's messages as events (repeated in order until the
 * size is reached), run.completed. Every event is checked strictly valid, so the reader times its usual path.
 */
export function eventLogText(documents: readonly Transcript[], targetBytes: number): { text: string; events: number } {
  let next = 0;
  const seq = (): number => (next += 1);
  const timestamp = "2026-06-08T08:14:42.123Z";
  const envelope = { run_id: runId, iteration: 0, timestamp, path: "" };
  const lines: string[] = [];
  let bytes = 0;
  const add = (event: Event): void => {
    const checked = validateEvent(event);
    if (!checked.ok)
      throw new Error(
        `benchmark event ${event.seq} (${event.type}) is not valid: ${checked.errors.map((error) => `${error.pointer} ${error.message}`).join("; ")}`,
      );
    const line = JSON.stringify(event);
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  };
  add({
    seq: seq(),
    ...envelope,
    type: "run.started",
    payload: { schema_version: "1.0.0", name: "benchmark", kind: "workflow" },
  });
  while (bytes < targetBytes)
    for (const document of documents)
      for (const message of document.messages) for (const event of messageEvents(message, seq, timestamp)) add(event);
  add({ seq: seq(), ...envelope, type: "run.completed", payload: null });
  return { text: `${lines.join("\n")}\n`, events: lines.length };
}

type Reader = (file: string) => Promise<number>;

/** The three sides, each returning the number of events it read (the checksum the parent compares). */
const readers: Record<"readEventLog" | "readline" | "split2", Reader> = {
  readEventLog: async (file) => {
    let events = 0;
    for await (const item of readEventLog(file)) {
      if (item.kind === "event") events += 1;
      else throw new Error(`readEventLog: ${item.code} at line ${item.line}: ${item.message}`);
    }
    return events;
  },
  readline: async (file) => {
    let events = 0;
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (line === "") continue;
      JSON.parse(line);
      events += 1;
    }
    return events;
  },
  split2: async (file) => {
    let events = 0;
    const values = createReadStream(file).pipe(split2(JSON.parse));
    for await (const value of values) if (value !== undefined) events += 1;
    return events;
  },
};

interface ChildOutput {
  readonly readline: RunMeasurement;
  readonly split2: RunMeasurement;
}

/**
 * In the child: warm up, calibrate, then time the three readers in rotating order, one sample each per round. Every
 * pass of every reader must find all `events` events, or the child fails: the checksum is that count.
 */
async function measureHere(
  file: string,
  events: number,
  rounds: number,
  warmupPasses: number,
  minSampleMs: number,
): Promise<ChildOutput> {
  const sides = ["readEventLog", "readline", "split2"] as const;
  const lastMs: Record<(typeof sides)[number], number> = { readEventLog: 0, readline: 0, split2: 0 };
  const time = async (side: (typeof sides)[number], passes: number): Promise<number> => {
    const started = performance.now();
    for (let pass = 0; pass < passes; pass += 1) {
      const read = await readers[side](file);
      if (read !== events) throw new Error(`${side} read ${read} events of ${events}`);
    }
    return (performance.now() - started) / passes;
  };
  for (let pass = 0; pass < warmupPasses; pass += 1) for (const side of sides) lastMs[side] = await time(side, 1);
  const fastest = Math.max(1e-3, Math.min(...Object.values(lastMs)));
  const passesPerSample = Math.max(1, Math.ceil(minSampleMs / fastest));
  const times: Record<(typeof sides)[number], number[]> = { readEventLog: [], readline: [], split2: [] };
  for (let round = 0; round < rounds; round += 1)
    for (let step = 0; step < sides.length; step += 1) {
      const side = sides[(round + step) % sides.length] as (typeof sides)[number];
      times[side].push(await time(side, passesPerSample));
    }
  const pair = (baseline: number[]): RunMeasurement => ({
    baselineMs: baseline,
    candidateMs: times.readEventLog,
    passesPerSample,
    checksum: events,
  });
  return { readline: pair(times.readline), split2: pair(times.split2) };
}

/**
 * Runs the selected reading benchmarks `runs` times, each run a fresh process timing all three readers on one
 * generated log, and aggregates each pair like every other benchmark.
 */
export function runReadingBenchmarks(
  ids: readonly ReadingBenchmarkId[],
  options: { quick: boolean; runs: number; rounds?: number; log?: (line: string) => void },
): BenchmarkResult[] {
  if (ids.length === 0) return [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-event-log-"));
  try {
    const file = path.join(folder, "run.jsonl");
    const documents = buildCorpus({ quick: options.quick }).documents.map(({ document }) => document);
    const { text, events } = eventLogText(documents, options.quick ? 1024 * 1024 : 64 * 1024 * 1024);
    writeFileSync(file, text);
    const bytes = statSync(file).size;
    const measured: ChildOutput[] = [];
    for (let run = 1; run <= options.runs; run += 1) {
      options.log?.(`run ${run}/${options.runs}: ${ids.join(", ")}`);
      measured.push(runInChild(file, events, options));
    }
    const labels: Record<ReadingBenchmarkId, string> = {
      "read-event-log-vs-readline": "readline + JSON.parse",
      "read-event-log-vs-split2": "split2(JSON.parse)",
    };
    return ids.map((id) => {
      const isReadline = id === "read-event-log-vs-readline";
      return aggregate(
        {
          id,
          title: `readEventLog vs ${labels[id]}: a ${(bytes / 1024 / 1024).toFixed(0)} MiB event log file`,
          bytesPerPass: bytes,
          itemsPerPass: events,
          ...(isReadline ? { maxRatio: readlineTimeTarget } : {}),
          forcedGcBeforeSamples: false,
          note: isReadline
            ? `${events} events of the corpus's sessions. The candidate does more than the baselines: strict UTF-8, core's parse limits (depth, exact numbers), tolerant validation of every event and the file's seq and run rules. Target: at least 1.5× readline's throughput (time ratio ≤ 0.67). Each run times readEventLog, readline and split2 in rotating order; both ratios of a round share its readEventLog time. Natural GC: a full GC forced before each sample deoptimises the candidate's validators (see convert-roundtrip).`
            : "The same rounds as read-event-log-vs-readline; context.",
          baselineLabel: labels[id],
          candidateLabel: "readEventLog(file)",
        },
        measured.map((output) => (isReadline ? output.readline : output.split2)),
      );
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function runInChild(file: string, events: number, options: { quick: boolean; rounds?: number }): ChildOutput {
  const rounds = options.rounds ?? (options.quick ? 3 : 10);
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      "--child",
      file,
      String(events),
      String(rounds),
      options.quick ? "1" : "5",
      options.quick ? "2" : "40",
    ],
    { cwd: benchRoot, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 10 * 60_000 },
  );
  if (child.status !== 0)
    throw new Error(`reading benchmark: child process exited with ${child.status ?? child.signal ?? "unknown"}`);
  return JSON.parse(child.stdout) as ChildOutput;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly && process.argv[2] === "--child") {
  const [, , , file, events, rounds, warmupPasses, minSampleMs] = process.argv;
  if (file === undefined)
    throw new Error("usage: --child <file> <events> <rounds> <warm-up passes> <minimum sample ms>");
  void measureHere(file, Number(events), Number(rounds), Number(warmupPasses), Number(minSampleMs)).then((output) =>
    process.stdout.write(JSON.stringify(output)),
  );
}
