/**
 * The live exports' thread, one per process: every live export of the program (each recorder it follows) is a channel
 * of it, so a program recording many runs starts one thread, pays its start (loading the SDK, compiling the hot code)
 * once, and keeps it warm. For each channel it follows the event log files of the run and its child runs as they are
 * written (`followed-file.ts`: it looks a few times a second; the recording thread does nothing for it per write),
 * reads their lines as events, makes each span once it is finished
 * (`LiveTrace`), and hands the spans to the channel's OpenTelemetry SDK `BatchSpanProcessor` and OTLP exporter — so
 * the reading, encoding and sending, retries and timeouts included, happen here, off the recording program's thread.
 * What waits for the exporter is bounded (`maxQueueSize` spans) and what is lost is counted and reported to the main
 * thread, which says it.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { EventLogLineReader } from "@agent-transcript/core";
import type { OtlpExportOptions, OtlpSpan } from "@agent-transcript/providers";
import { BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace";
import { writeExportStats, type ExportWorkerStats } from "./export-stats.js";
import { FollowedFile, type FollowedFileStart } from "./followed-file.js";
import { LiveTrace } from "./live-spans.js";
import { originsOf, readableSpan } from "./readable-spans.js";
import { otlpSpanExporter } from "./otlp-exporter.js";
import type { TraceSenderOptions } from "./trace-options.js";

/** What the main thread starts the thread with. */
export interface ExportWorkerSettings {
  rootRunId: string;
  /** Where the thread keeps its counters for the main thread to read (`export-stats.ts`). */
  stats: SharedArrayBuffer;
  sender: TraceSenderOptions;
  export: OtlpExportOptions;
  maxQueueSize: number;
  maxExportBatchSize: number;
  scheduledDelayMillis: number;
  exportTimeoutMillis: number;
}

/** What one channel is told by the main thread. */
export type ToExportChannel =
  /** A run's file, followed from `from` on: the root run's first, then each child run's as it starts. */
  | ({ kind: "run" } & FollowedFileStart)
  /** The run's recorder closed its file: read the rest, then let go of it. */
  | { kind: "closed"; runId: string }
  | { kind: "flush"; id: number }
  | { kind: "end" };

/** From the main thread: a channel opened, or a message for one. */
export type ToExportWorker =
  | { kind: "open"; channel: number; settings: ExportWorkerSettings }
  | { kind: "to-channel"; channel: number; message: ToExportChannel };

/** What one channel tells the main thread (its counters are in `stats`, stored before each message). */
export type FromExportChannel =
  | { kind: "lost"; count: number; error: string | undefined }
  | { kind: "flushed"; id: number }
  /** The channel ended (its spans sent or given up on) and is gone from the thread. */
  | { kind: "done" };

/** To the main thread. */
export interface FromExportWorker {
  readonly channel: number;
  readonly message: FromExportChannel;
}

/** How often the thread looks at the files it follows (an fstat each, and a read of what was appended). */
const readEveryMs = 100;

/** `ExportResultCode.SUCCESS` of `@opentelemetry/core`. */
const exportSucceeded = 0;

/** Opens a channel: returns what receives its messages. `post` sends one of its own to the main thread. */
function openChannel(
  settings: ExportWorkerSettings,
  post: (message: FromExportChannel) => void,
): (message: ToExportChannel) => void {
  const exporter = otlpSpanExporter(settings.sender);
  const counts: ExportWorkerStats = { spans: 0, exported: 0, failed: 0, dropped: 0, pending: 0 };
  const shared = new BigInt64Array(settings.stats);
  const publish = (): void => writeExportStats(shared, counts);
  const tell = (message: FromExportChannel): void => {
    publish();
    post(message);
  };
  // Losses are told once per message read or request settled, not once per span.
  let lostCount = 0;
  let lostError: string | undefined;
  const lose = (count: number, error: string | undefined): void => {
    lostCount += count;
    if (error !== undefined) lostError = error;
  };
  const tellLosses = (): void => {
    if (lostCount === 0 && lostError === undefined) return;
    tell({ kind: "lost", count: lostCount, error: lostError });
    lostCount = 0;
    lostError = undefined;
  };
  // The SDK's processor batches and sends; this exporter in front of the OTLP one counts what each request settled.
  const counting: SpanExporter = {
    export(spans, done) {
      const settle: typeof done = (result) => {
        counts.pending -= spans.length;
        if (result.code === exportSucceeded) counts.exported += spans.length;
        else {
          counts.failed += spans.length;
          lose(spans.length, result.error?.message ?? "the export failed");
          tellLosses();
        }
        publish();
        done(result);
      };
      try {
        exporter.export(spans, settle);
      } catch (error) {
        settle({ code: 1, error: error instanceof Error ? error : new Error(String(error)) });
      }
    },
    shutdown: () => exporter.shutdown(),
  };
  const processor = new BatchSpanProcessor({
    exporter: counting,
    maxQueueSize: settings.maxQueueSize,
    maxExportBatchSize: settings.maxExportBatchSize,
    scheduledDelayMillis: settings.scheduledDelayMillis,
    exportTimeoutMillis: settings.exportTimeoutMillis,
  });
  const emit = (span: OtlpSpan): void => {
    counts.spans += 1;
    // The processor's own queue never fills (it would drop silently): what waits is bounded, and counted, here.
    if (counts.pending >= settings.maxQueueSize) {
      counts.dropped += 1;
      lose(1, "the exporter fell behind (its queue is full)");
      return;
    }
    counts.pending += 1;
    processor.onEnd(readableSpan(span, origin));
  };
  const live = new LiveTrace(settings.rootRunId, settings.export, emit);
  const origin = originsOf(live.envelope())[0] as ReturnType<typeof originsOf>[number];
  // Each run's lines through core's one reader of event log lines, as every reader of a log reads them (parsed
  // under the limits, validated, held to the file's rules): its lines numbered from the first one followed.
  const runs: Array<{ file: FollowedFile; reader: EventLogLineReader; lines: number }> = [];
  const follow = (start: FollowedFileStart): void => {
    const run = { file: new FollowedFile(start), reader: new EventLogLineReader({ mode: "tolerant" }), lines: 0 };
    runs.push(run);
    if (run.file.failure !== undefined) lose(0, run.file.failure);
    else readRun(run);
  };
  const readRun = (run: (typeof runs)[number]): void => {
    if (run.file.failure !== undefined) return;
    run.file.read((line) => run.reader.line(line, (run.lines += 1), 0, true));
    for (const item of run.reader.items.splice(0)) {
      if (item.kind !== "event") {
        // The recorder's own lines: one the reader refuses is a bug of ours, and must not stop the rest.
        if (item.kind === "problem")
          lose(1, `${run.file.file}: line ${String(item.line)} ${item.pointer}: ${item.message}`);
        continue;
      }
      try {
        live.add(item.event);
      } catch (error) {
        lose(1, error instanceof Error ? error.message : String(error));
      }
    }
    // Said once: a file that failed is read no more.
    if (run.file.failure !== undefined) lose(0, run.file.failure);
  };

  const within = async (work: Promise<unknown>): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      work.catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.exportTimeoutMillis);
      }),
    ]);
    clearTimeout(timer);
  };

  const readRuns = (): void => {
    for (const run of runs) readRun(run);
    tellLosses();
    publish();
  };
  const reading = setInterval(readRuns, readEveryMs);

  return (message) => {
    switch (message.kind) {
      case "run":
        follow(message);
        tellLosses();
        publish();
        return;
      case "closed": {
        const index = runs.findIndex((run) => run.file.runId === message.runId);
        const run = runs[index];
        if (run === undefined) return;
        readRun(run);
        run.file.close();
        runs.splice(index, 1);
        tellLosses();
        publish();
        return;
      }
      case "flush":
        readRuns();
        void within(processor.forceFlush()).then(() => tell({ kind: "flushed", id: message.id }));
        return;
      case "end":
        readRuns();
        clearInterval(reading);
        for (const run of runs) run.file.close();
        live.end();
        tellLosses();
        void (async () => {
          await within(processor.forceFlush());
          await within(processor.shutdown());
          tell({ kind: "done" });
        })();
        return;
    }
  };
}

/**
 * The thread yields to the recording program: on Linux a thread has a nice value of its own, and this one's is raised
 * (which needs no privilege), so when the machine's cores are all busy the program runs first and the export waits.
 */
function yieldToTheProgram(): void {
  try {
    const thread = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isSafeInteger(thread) && thread > 0) setPriority(thread, Math.max(getPriority(thread), 10));
  } catch {
    // Not Linux, or not allowed: the thread runs at the program's priority.
  }
}

if (parentPort !== null) {
  const port = parentPort;
  yieldToTheProgram();
  const channels = new Map<number, (message: ToExportChannel) => void>();
  port.on("message", (received: ToExportWorker) => {
    if (received.kind === "open") {
      const { channel } = received;
      channels.set(
        channel,
        openChannel(received.settings, (message) => {
          // The channel is gone once it said so: nothing else comes from it, nothing more goes to it.
          if (message.kind === "done") channels.delete(channel);
          const outgoing: FromExportWorker = { channel, message };
          port.postMessage(outgoing);
        }),
      );
      return;
    }
    channels.get(received.channel)?.(received.message);
  });
}
