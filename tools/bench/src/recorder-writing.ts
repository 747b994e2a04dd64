// Writing event logs (docs/performance-and-reliability.md §7, W1, W3 and W4): the recorder's append against what a
// user would pick instead — pino with a synchronous destination, and the ceiling, one raw `fs.writeSync` per
// pre-serialised line — at 300 B and 4 KB events; each durability mode against `none`; one subscriber that never
// reads against none. The runner's passes are synchronous, so a recorder pass is N appends and then `flushSync()`:
// the same coalesced batch writes the event loop would make, without waiting for it.
import { ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createRecorder, type Durability, type EventInput, type Recorder } from "@agent-transcript/recorder";
import type { BenchmarkResult, BenchmarkSpec } from "./measure.js";

export const recorderBenchmarkIds = [
  "recorder-vs-pino-300b",
  "recorder-vs-pino-4kb",
  "recorder-vs-raw-300b",
  "recorder-vs-raw-4kb",
  "recorder-interval-vs-none",
  "recorder-every-event-vs-none",
  "recorder-subscriber-overhead",
] as const;

export type RecorderBenchmarkId = (typeof recorderBenchmarkIds)[number];

export function isRecorderBenchmarkId(id: string): id is RecorderBenchmarkId {
  return (recorderBenchmarkIds as readonly string[]).includes(id);
}

/** Targets as throughput ratios (candidate events/s ÷ baseline events/s); the runner's ratio is time, its inverse. */
const minimumThroughput: Partial<Record<RecorderBenchmarkId, number>> = {
  "recorder-vs-pino-300b": 1.0,
  "recorder-vs-pino-4kb": 1.0,
  "recorder-vs-raw-300b": 0.7,
  "recorder-vs-raw-4kb": 0.7,
  "recorder-interval-vs-none": 1 / 1.1,
  "recorder-subscriber-overhead": 0.95,
};

const runId = "550e8400-e29b-41d4-a716-446655440000";

/** A tool call of about 300 bytes as a line, and an assistant message of about 4 KB. */
function event(size: "300b" | "4kb"): EventInput {
  if (size === "300b")
    return {
      type: "tool.call",
      path: "analyze",
      payload: {
        name: "Read",
        call_id: "toolu_01H8XGJWBWBAQ4Z5F8Y4H0RQ5T",
        input: { path: "packages/recorder/src/writer/recorder.ts", offset: 120, limit: 80 },
        fidelity: "router",
      },
    };
  const sentence = "The recorder coalesces queued lines into one write per batch, so a burst costs one system call. ";
  return {
    type: "message.assistant",
    path: "analyze",
    payload: {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: sentence.repeat(8) },
        { type: "text", text: `${sentence.repeat(28)}Done: “ok” ✓` },
      ],
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "stop",
      usage: { input_tokens: 18_389, output_tokens: 912, total_tokens: 19_301 },
    },
  };
}

/** The folder every benchmark here writes in, removed when the process ends. */
let folder: string | undefined;
function scratch(): string {
  if (folder === undefined) {
    const created = mkdtempSync(path.join(os.tmpdir(), "agent-transcript-bench-recorder-"));
    folder = created;
    process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  }
  return folder;
}

/** A side that writes `count` events per pass into a file it empties first (so disk use stays flat). */
interface Writer {
  readonly pass: () => number;
}

function recorderSide(
  input: EventInput,
  count: number,
  durability: Durability,
  options: { subscriber?: boolean; burst?: number } = {},
): Writer {
  const recorder: Recorder = createRecorder({
    root: mkdtempSync(path.join(scratch(), "recorder-")),
    durability,
    // The warnings of the never-read subscriber are not what is measured (they come once a second).
    onWarning: () => {},
    // interval: the design's 100 ms (the default, 1 s, syncs ten times less often).
    ...(durability === "interval" ? { syncIntervalMs: 100 } : {}),
  });
  // Never read: it fills its 256 slots and then drops, which is what this measures.
  if (options.subscriber === true) recorder.subscribe();
  const emptying = openSync(recorder.file, "r+");
  const burst = options.burst ?? count;
  return {
    pass: () => {
      ftruncateSync(emptying, 0);
      for (let index = 0; index < count; index += 1) {
        recorder.append(input);
        if ((index + 1) % burst === 0) recorder.flushSync();
      }
      recorder.flushSync();
      return recorder.lastSeq & 0xffff;
    },
  };
}

/** A timestamp per millisecond, as the recorder keeps one: pino's side gets the same help. */
function clock(): () => string {
  let last = Number.NaN;
  let text = "";
  return () => {
    const now = Date.now();
    if (now !== last) {
      last = now;
      text = new Date(now).toISOString();
    }
    return text;
  };
}

/**
 * pino with a synchronous destination (`pino.destination({ sync: true })`: one `writeSync` per line), configured to
 * write the same envelope: no level, time, pid or hostname of its own.
 */
function pinoSide(input: EventInput, count: number): Writer {
  const file = path.join(mkdtempSync(path.join(scratch(), "pino-")), `${runId}.jsonl`);
  const destination = pino.destination({ dest: file, sync: true, mode: 0o600 });
  const logger = pino({ base: null, timestamp: false, formatters: { level: () => ({}) } }, destination);
  const emptying = openSync(file, "r+");
  const now = clock();
  let seq = 0;
  return {
    pass: () => {
      ftruncateSync(emptying, 0);
      for (let index = 0; index < count; index += 1) {
        seq += 1;
        logger.info({
          seq,
          run_id: runId,
          type: input.type,
          path: input.path ?? "",
          iteration: input.iteration ?? 0,
          timestamp: now(),
          payload: input.payload,
        });
      }
      return seq & 0xffff;
    },
  };
}

/** The ceiling: the recorder's own lines, serialised beforehand, one `writeSync` each to an O_APPEND file. */
function rawSide(input: EventInput, count: number): Writer {
  const root = mkdtempSync(path.join(scratch(), "raw-source-"));
  const source = createRecorder({ root, durability: "none" });
  for (let index = 0; index < count; index += 1) source.append(input);
  source.flushSync();
  const lines = readLines(source.file);
  void source.close();
  const file = path.join(mkdtempSync(path.join(scratch(), "raw-")), `${runId}.jsonl`);
  const descriptor = openSync(file, "a", 0o600);
  return {
    pass: () => {
      ftruncateSync(descriptor, 0);
      let written = 0;
      for (const line of lines) written += writeSync(descriptor, line);
      return written & 0xffff;
    },
  };
}

function readLines(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .slice(0, -1)
    .map((line) => `${line}\n`);
}

function lineBytes(input: EventInput): number {
  const root = mkdtempSync(path.join(scratch(), "measure-"));
  const recorder = createRecorder({ root, durability: "none" });
  recorder.append(input);
  recorder.flushSync();
  const bytes = recorder.stats.bytes;
  void recorder.close();
  return bytes;
}

export function recorderBenchmark(id: RecorderBenchmarkId, quick: boolean): BenchmarkSpec {
  const size = id.endsWith("4kb") ? "4kb" : "300b";
  const input = event(size);
  // Events per pass: enough for many batches, few enough that a pass is a few milliseconds.
  const count = quick ? 50 : size === "4kb" ? 250 : 1000;
  const bytes = lineBytes(input);
  const common = {
    id,
    bytesPerPass: bytes * count,
    itemsPerPass: count,
    ...(minimumThroughput[id] === undefined ? {} : { maxRatio: 1 / (minimumThroughput[id] as number) }),
  };
  const recorderLabel = `${count} × recorder.append(event), flushSync()`;
  switch (id) {
    case "recorder-vs-pino-300b":
    case "recorder-vs-pino-4kb":
      return {
        ...common,
        title: `event log append, ${bytes} B lines: recorder vs pino (sync destination)`,
        baseline: { label: `${count} × pino.info(envelope), destination({ sync: true })`, ...pinoSide(input, count) },
        candidate: { label: recorderLabel, ...recorderSide(input, count, "none") },
        note: "Both sides build the same envelope (seq, run_id, type, path, iteration, timestamp, payload) and write to a file on disk; pino is configured without level, time, pid and hostname. Durability none on the recorder: pino does not sync either.",
      };
    case "recorder-vs-raw-300b":
    case "recorder-vs-raw-4kb":
      return {
        ...common,
        title: `event log append, ${bytes} B lines: recorder vs raw writeSync of the same lines, serialised beforehand`,
        baseline: { label: `${count} × fs.writeSync(fd, line)`, ...rawSide(input, count) },
        candidate: { label: recorderLabel, ...recorderSide(input, count, "none") },
        note: "The ceiling: the baseline does no serialisation at all (the lines are the recorder's own, made before timing).",
      };
    case "recorder-interval-vs-none":
      return {
        ...common,
        title: `durability interval (100 ms) vs none, ${bytes} B lines in batches of 100`,
        baseline: { label: "durability none", ...recorderSide(input, count, "none", { burst: 100 }) },
        candidate: {
          label: "durability interval, syncIntervalMs 100",
          ...recorderSide(input, count, "interval", { burst: 100 }),
        },
        note: "flushSync() after every 100 events; in interval mode it syncs (fdatasync) when 100 ms have passed since the last sync.",
      };
    case "recorder-every-event-vs-none":
      return {
        ...common,
        title: `durability every-event vs none, ${bytes} B lines in batches of 100`,
        baseline: { label: "durability none", ...recorderSide(input, count, "none", { burst: 100 }) },
        candidate: { label: "durability every-event", ...recorderSide(input, count, "every-event", { burst: 100 }) },
        note: "flushSync() after every 100 events, which in every-event mode is one fdatasync per batch: the price of losing nothing a flush confirmed, even on a power loss. Context, no target.",
      };
    case "recorder-subscriber-overhead":
      return {
        ...common,
        title: `one subscriber that never reads vs none, ${bytes} B lines`,
        baseline: { label: "no subscriber", ...recorderSide(input, count, "none") },
        candidate: {
          label: "one subscriber, never read (buffer 256, drops the rest)",
          ...recorderSide(input, count, "none", { subscriber: true }),
        },
      };
  }
}

/** Events per second of both sides, and their ratio as throughput (the inverse of the runner's time ratio). */
export function recorderThroughputLine(result: BenchmarkResult): string {
  const perSecond = (ms: number): string => Math.round(result.itemsPerPass / (ms / 1000)).toLocaleString("en-US");
  const target = minimumThroughput[result.id as RecorderBenchmarkId];
  return (
    `- ${result.id} throughput: candidate ${perSecond(result.candidate.medianMs)} events/s, baseline ${perSecond(result.baseline.medianMs)} events/s; ` +
    `throughput ratio ${(1 / result.ratio).toFixed(2)}×${target === undefined ? "" : ` (target ≥ ${target.toFixed(2)}×)`}.`
  );
}
