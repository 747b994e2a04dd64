// OpenTelemetry GenAI traces (issue 27): what exporting a run costs, side by side with the alternative in one process.
//
// - otel-export-vs-stringify: a large real session (the real Claude Code session with sub-agents, chained eight times
//   into one conversation of about 24 MB) written as OTLP/JSON traces — `JSON.stringify(toOtlpTraces(document,
//   { content: "attributes" }))`, what `export --format otlp-json --content attributes` writes — against
//   `JSON.stringify(document)`, what `export --format json` writes. A report, no target.
// - otel-live-healthy, otel-live-dead: what the live export costs the recording program's thread. A run recorded as
//   an agent records it — turns of a user message, a model call asking for a tool, its ~4 KB result and the answer,
//   the program yielding to the event loop after each turn — with the live export attached (`exportToOpenTelemetry`,
//   OTLP/HTTP protobuf, its defaults) against the same run without it. Measured: the main thread's own CPU time
//   (Linux's per-thread `schedstat`, in nanoseconds; elsewhere the event loop's busy time) from the first append to
//   `recorder.close()`, the export attached before — the export's work on its own thread is not the recording
//   thread's, and time the thread waits for a core is not its CPU time. The export's thread is the process's one,
//   warm from the warm-up recordings: the steady state of a program that records run after run (the thread's start,
//   once per process, is not in it). The healthy
//   endpoint is a receiver in another process on 127.0.0.1 that reads each request and answers 200; the dead one a
//   port nothing listens on. Target: at most 1.05× the recording thread's time, both ways.
// - otel-live-control: the same measurement with the recorder alone on both sides (A/A): what a change that costs
//   nothing reads on this machine, beside which the two rows above are read. Context, no target.
// - otel-live-burst: the same recording's wall time: the export's thread then competes with the program for the
//   machine's cores (40,000 events a second, far beyond any agent). Context, no target.
//
// Async work cannot go through `measure.ts` (its passes are synchronous): the samples here are timed the same way
// (warm-up, interleaved rounds in ABBA order) and go through the same `aggregate`.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import type { Tolerant } from "@agent-transcript/core";
import { toolOutput } from "@agent-transcript/fixtures/large-sessions";
import { toOtlpTraces } from "@agent-transcript/providers";
import { importSession } from "@agent-transcript/providers/node";
import { createRecorder, type Recorder } from "@agent-transcript/recorder";
import { exportToOpenTelemetry } from "@agent-transcript/recorder/otel";
import { aggregate, measure, type BenchmarkResult, type RunMeasurement } from "./measure.js";
import { largeSession } from "./viewer.js";

export const otelBenchmarkIds = [
  "otel-export-vs-stringify",
  "otel-live-healthy",
  "otel-live-dead",
  "otel-live-control",
  "otel-live-burst",
] as const;
export type OtelBenchmarkId = (typeof otelBenchmarkIds)[number];

export function isOtelBenchmarkId(value: string): value is OtelBenchmarkId {
  return (otelBenchmarkIds as readonly string[]).includes(value);
}

/** Issue 27's target: the live export costs a recording at most 5% of its time. */
const liveExportTarget = 1.05;

export async function runOtelBenchmarks(
  ids: readonly OtelBenchmarkId[],
  options: { quick: boolean; runs: number; rounds?: number; log?: (line: string) => void },
): Promise<BenchmarkResult[]> {
  if (ids.length === 0) return [];
  const results: BenchmarkResult[] = [];
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-otel-"));
  try {
    if (ids.includes("otel-export-vs-stringify")) {
      options.log?.("otel-export-vs-stringify");
      results.push(await exportBenchmark(folder, options));
    }
    for (const id of ids.filter((entry) => entry !== "otel-export-vs-stringify")) {
      options.log?.(id);
      results.push(await liveBenchmark(id, folder, options));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}

async function exportBenchmark(folder: string, options: { quick: boolean; runs: number; rounds?: number }) {
  const copies = options.quick ? 1 : 8;
  const file = path.join(folder, "session.jsonl");
  writeFileSync(file, largeSession(copies));
  const imported = await importSession(file, { format: "claude-code" });
  if (!imported.ok) throw new Error(`the bench session did not import: ${imported.message}`);
  const document = imported.document as Tolerant.Transcript;
  const bytes = Buffer.byteLength(JSON.stringify(document));
  const spans = toOtlpTraces(document, { content: "attributes" }).resourceSpans[0]?.scopeSpans[0]?.spans.length ?? 0;
  const spec = {
    id: "otel-export-vs-stringify",
    title: `OTLP/JSON traces of a ${(bytes / 1024 / 1024).toFixed(0)} MiB session vs JSON.stringify of its document`,
    bytesPerPass: bytes,
    itemsPerPass: document.messages.length,
    forcedGcBeforeSamples: false,
    note: `The real Claude Code session with sub-agents, chained ${copies}× into one conversation of ${document.messages.length} messages: ${spans} spans, content on the spans (64 KiB per attribute). A report, no target: the export makes a span per model and tool call and writes each call's input messages again (the newest up to 64 KiB), so it writes more than the document.`,
    baseline: { label: "JSON.stringify(document)", pass: () => JSON.stringify(document).length },
    candidate: {
      label: 'JSON.stringify(toOtlpTraces(document, { content: "attributes" }))',
      pass: () => JSON.stringify(toOtlpTraces(document, { content: "attributes" })).length,
    },
  };
  const measured: RunMeasurement[] = [];
  for (let run = 0; run < options.runs; run += 1)
    measured.push(
      measure(spec, {
        rounds: options.rounds ?? (options.quick ? 3 : 10),
        warmupPasses: options.quick ? 1 : 3,
        minSampleMs: options.quick ? 10 : 200,
        collectGarbage: undefined,
      }),
    );
  const { baseline, candidate, ...info } = spec;
  return aggregate({ ...info, baselineLabel: baseline.label, candidateLabel: candidate.label }, measured);
}

const text = (value: string) => ({ type: "text" as const, text: value });

/** One turn as an agent's recorder writes it: a request, a call asking for a tool, its result, the answer. */
function recordTurn(recorder: Recorder, turn: number): void {
  recorder.append({
    type: "message.user",
    payload: { role: "user", blocks: [text(`Check module ${turn % 97} and say what fails (turn ${turn}).`)] },
  });
  recorder.append({
    type: "message.assistant",
    payload: {
      role: "assistant",
      message_id: `msg_${turn}_a`,
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "tool_calls",
      usage: { input_tokens: 12 + turn, output_tokens: 40, cache_read_tokens: 11_000 + turn },
      blocks: [{ type: "tool_call", id: `toolu_${turn}`, name: "Bash", input: { command: `npm test -- ${turn}` } }],
    },
  });
  recorder.append({
    type: "tool.result",
    payload: { call_id: `toolu_${turn}`, name: "Bash", output: toolOutput(turn), duration_ms: 900, fidelity: "router" },
  });
  recorder.append({
    type: "message.assistant",
    payload: {
      role: "assistant",
      message_id: `msg_${turn}_b`,
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "stop",
      usage: { input_tokens: 4100 + turn, output_tokens: 120, cache_read_tokens: 11_000 + turn },
      blocks: [text(`Module ${turn % 97}: the check in file-${turn}-3.ts is inverted; the rest passes.`)],
    },
  });
}

const wait = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const napCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * The calling thread's CPU time in milliseconds: Linux's `/proc/thread-self/schedstat` (nanoseconds on a CPU), else
 * undefined. Linux brings a running thread's total up to date only at a scheduler tick (every 4 ms here) or when it
 * sleeps, so the thread sleeps a millisecond first (which costs it no CPU): read while running, the total was up to a
 * tick stale at each end of a ~100 ms sample.
 */
function threadCpuMs(): number | undefined {
  try {
    Atomics.wait(napCell, 0, 0, 1);
    const nanos = Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
    return Number.isFinite(nanos) && nanos > 0 ? nanos / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One recording of `turns` turns: from the first append until `recorder.close()` resolved, the main thread's CPU
 * milliseconds (`threadTime`) or the wall-clock ones; the export is attached and its thread started before, and
 * closed after (untimed).
 */
async function recordingMs(
  folder: string,
  turns: number,
  endpoint: string | undefined,
  threadTime: boolean,
): Promise<number> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  const root = mkdtempSync(path.join(folder, "run-"));
  const recorder = createRecorder({ root, durability: "none" });
  const live =
    endpoint === undefined
      ? undefined
      : exportToOpenTelemetry(recorder, {
          endpoint,
          timeoutMillis: 5000,
          onWarning: () => {},
        });
  // The process's export thread is warm after the warm-up recordings; the flush waits for this run's channel.
  await live?.flush();
  // The last recording's garbage is collected before this one on both sides, not by whichever comes next.
  collectGarbage?.();
  const start = performance.now();
  const busy = performance.eventLoopUtilization();
  const cpu = threadCpuMs();
  recorder.append({ type: "run.started", payload: { name: "bench", kind: "workflow" } });
  for (let turn = 0; turn < turns; turn += 1) {
    recordTurn(recorder, turn);
    await (threadTime ? wait(1) : yieldToEventLoop());
  }
  recorder.append({ type: "run.completed", payload: { name: "bench", kind: "workflow", status: "completed" } });
  await recorder.close();
  const cpuAfter = threadCpuMs();
  const elapsed = !threadTime
    ? performance.now() - start
    : cpu !== undefined && cpuAfter !== undefined
      ? cpuAfter - cpu
      : performance.eventLoopUtilization(busy).active;
  const stats = await live?.close();
  if (stats !== undefined && stats.spans !== turns * 3 + 1)
    throw new Error(`the live export made ${stats.spans} spans, not ${turns * 3 + 1}`);
  rmSync(root, { recursive: true, force: true });
  return elapsed;
}

/** An OTLP/HTTP endpoint in another process: it reads each request whole and answers 200 with an empty body. */
async function startSink(): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    const server = require("node:http").createServer((request, response) => {
      request.on("data", () => {});
      request.on("end", () => { response.writeHead(200, { "Content-Type": "application/x-protobuf" }); response.end(); });
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}/v1/traces`, child };
}

async function deadEndpoint(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return `http://127.0.0.1:${port}/v1/traces`;
}

async function liveBenchmark(
  id: OtelBenchmarkId,
  folder: string,
  options: { quick: boolean; runs: number; rounds?: number },
): Promise<BenchmarkResult> {
  const control = id === "otel-live-control";
  const healthy = id !== "otel-live-dead";
  const threadTime = id !== "otel-live-burst";
  const sink = healthy && !control ? await startSink() : undefined;
  // The control's candidate records without the export, as its baseline does.
  const endpoint = control ? undefined : (sink?.url ?? (await deadEndpoint()));
  const turns = options.quick ? 50 : threadTime ? 1000 : 2000;
  const rounds = options.rounds ?? (options.quick ? 3 : 10);
  try {
    const measured: RunMeasurement[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      for (let warm = 0; warm < (options.quick ? 1 : 3); warm += 1) {
        await recordingMs(folder, turns, undefined, threadTime);
        await recordingMs(folder, turns, endpoint, threadTime);
      }
      const baselineMs: number[] = [];
      const candidateMs: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // ABBA, as measure.ts orders the sides.
        if (round % 2 === 0) {
          baselineMs.push(await recordingMs(folder, turns, undefined, threadTime));
          candidateMs.push(await recordingMs(folder, turns, endpoint, threadTime));
        } else {
          candidateMs.push(await recordingMs(folder, turns, endpoint, threadTime));
          baselineMs.push(await recordingMs(folder, turns, undefined, threadTime));
        }
      }
      measured.push({ baselineMs, candidateMs, passesPerSample: 1, checksum: turns });
    }
    return aggregate(
      {
        id,
        title: control
          ? `live OpenTelemetry export, the control: the recording thread's CPU time over ${turns} turns, the recorder alone on both sides (A/A)`
          : threadTime
            ? `live OpenTelemetry export, ${healthy ? "a healthy" : "a dead"} endpoint: the recording thread's CPU time over ${turns} turns, with it vs without`
            : `live OpenTelemetry export: wall time of recording ${turns} turns, with it vs without`,
        bytesPerPass: turns * 5200,
        itemsPerPass: turns * 4 + 2,
        ...(threadTime && !control ? { maxRatio: liveExportTarget } : {}),
        note: control
          ? "Context, no target: both sides record without the export, measured as the healthy and dead rows are (the same turns, rounds, GC and thread CPU time). Its ratio and spread are what a change that costs the recording thread nothing reads on this machine: the healthy and dead rows' spreads are read beside it."
          : !threadTime
            ? "Context, no target: 40,000 events a second. The program's thread does nothing for the export per write (the export's thread reads the event log file itself), but the export's thread (reading the lines, making spans, encoding and sending them) competes with it for the machine's cores; on a machine with two, that is what this measures."
            : healthy
              ? "OTLP/HTTP protobuf to a receiver in another process on 127.0.0.1 (it reads each request and answers 200); the export's defaults (content off, batches of 512, a batch sent at the latest a second after its first span). The main thread's CPU time (Linux schedstat, read after a 1 ms sleep so that it is exact) from the first append to recorder.close(), a full GC before each recording: what the export costs the recording program's thread (nothing per write: the export's thread reads the event log file itself; what remains is what the export's thread, busy on the other core, takes from it); the export's own thread is in otel-live-burst. The export's thread is the process's one, warm from the warm-up recordings (a program recording run after run); its start, once per process, is not measured here."
              : "A port on 127.0.0.1 nothing listens on: every batch fails to connect and is counted as failed. Measured as for the healthy endpoint.",
        baselineLabel: "recorder alone (durability none)",
        candidateLabel: control
          ? "recorder alone (durability none), again"
          : "recorder + exportToOpenTelemetry(recorder, { endpoint })",
      },
      measured,
    );
  } finally {
    sink?.child.kill();
  }
}
