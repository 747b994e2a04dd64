/**
 * A recorder's run sent to an OpenTelemetry backend as it happens. The recording program's thread does nothing for it
 * per write: it tells the export's own thread (`export-worker.ts`: one thread per process, each live export a channel
 * of it, `export-thread.ts`) of each run's file as it is opened and closed — the run's and its child runs' — and that
 * thread reads the new lines from the files themselves a few times a second (`followed-file.ts`).
 * There the lines are read, each span is made once it is finished — exactly as `toOtlpTraces` makes it for the
 * finished logs, with the same ids, so a backend that de-duplicates keeps one copy of a run sent live and pushed again
 * later — and sent by the OpenTelemetry SDK's `BatchSpanProcessor` and OTLP exporter (HTTP, protobuf or JSON).
 *
 * The recorder never waits for any of it. What waits is bounded — what the thread reads at once, spans for the
 * exporter (`maxQueueSize`) — and what a slow or dead endpoint costs is counted in `stats` and said in one warning at
 * most once a minute, never a line of the event log.
 */
import type { OtlpExportOptions } from "@agent-transcript/providers";
import type { Recorder } from "../writer/recorder-types.js";
import { RateLimiter } from "../rate-limiter.js";
import { tapRunFiles, type TappedFile } from "../writer/recorder.js";
import type { ExportWorkerSettings, FromExportChannel } from "./export-worker.js";
import { exportThread } from "./export-thread.js";
import { exportStatsMemory, readExportStats } from "./export-stats.js";
import type { OtlpProtocol } from "./trace-options.js";
import { otlpTracesUrl } from "./trace-sender.js";

/** Options of {@link exportToOpenTelemetry}. */
export interface LiveExportOptions {
  /**
   * Where the spans go: an OTLP/HTTP traces URL, or a base URL that gets `/v1/traces`; default
   * `$OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `$OTEL_EXPORTER_OTLP_ENDPOINT`.
   */
  endpoint?: string;
  /** `http/protobuf` (the default) or `http/json`. */
  protocol?: OtlpProtocol;
  /** Sent with every request: authorization, a tenant, a backend's own headers. */
  headers?: Readonly<Record<string, string>>;
  /** How long one request may take, the exporter's retries with backoff included; default 10,000 ms. */
  timeoutMillis?: number;
  /**
   * Message content on the spans: `none` (the default), `attributes` (the conventions' JSON attributes, each within
   * `maxAttributeBytes`) or `reference` (the event log's path and the JSON pointer of the message).
   */
  content?: OtlpExportOptions["content"];
  /** Largest content attribute, in UTF-8 bytes; default 64 KiB. A longer value is cut and the cut is named. */
  maxAttributeBytes?: number;
  /** `service.name` of the spans' resource; default `agent-transcript`. */
  serviceName?: string;
  /** Spans waiting for the exporter (queued or being sent) before newer ones are dropped; default 2,048. */
  maxQueueSize?: number;
  /** Spans in one export request; default 512. */
  maxExportBatchSize?: number;
  /** How long a span waits for its batch to fill before it is sent anyway; default 1,000 ms. */
  scheduledDelayMillis?: number;
  /** How long `flush()` and `close()` wait for the exporter; default 10,000 ms. */
  exportTimeoutMillis?: number;
  /**
   * Formerly the bytes of written lines that could wait for the export's thread.
   *
   * @deprecated Checked (a positive whole number) and otherwise unused: the export's thread reads the written lines
   * from the event log files, so none wait for it in memory.
   */
  maxPendingBytes?: number;
  /** Receives the warning that spans were lost; default `process.emitWarning`. */
  onWarning?: (warning: LiveExportWarning) => void;
}

/** What the live export did so far. After `close()`, `spans === exported + failed + dropped + pending`. */
export interface LiveExportStats {
  /** Spans made from the run's events. */
  readonly spans: number;
  /** Spans the exporter delivered. */
  readonly exported: number;
  /** Spans the exporter could not deliver (the endpoint refused, timed out or could not be reached). */
  readonly failed: number;
  /** Spans dropped because the exporter's queue was full (it fell behind). */
  readonly dropped: number;
  /** Spans handed to the exporter and not yet settled. */
  readonly pending: number;
  /**
   * Formerly the event lines dropped before the export's thread read them.
   *
   * @deprecated Always 0: the export's thread reads the event log files, so no written line waits in memory to be
   * dropped. A file it cannot read is said in the warning.
   */
  readonly eventsDropped: number;
}

/** Spans were dropped or could not be delivered; at most one a minute. */
export interface LiveExportWarning {
  readonly code: "otel-export-lost";
  /** The warning in words: what was lost since the last warning, and why (the exporter's last error). */
  readonly message: string;
  /** Counters when the warning was made. */
  readonly stats: LiveExportStats;
}

/** A live export: its counters, and how to wait for what it has made. */
export interface LiveExport {
  /** The traces URL the spans go to. */
  readonly url: string;
  /** Its counters, as the export's thread last reported them. */
  readonly stats: LiveExportStats;
  /** Sends what is written and queued now and waits for it, at most `exportTimeoutMillis`. Never rejects. */
  flush(): Promise<LiveExportStats>;
  /**
   * Stops following the recorder, finishes the spans of runs that did not complete, sends everything (waiting at
   * most `exportTimeoutMillis`), shuts the exporter down and ends the thread. Never rejects; idempotent. Call it after
   * `recorder.close()`: lines written after it are not exported.
   */
  close(): Promise<LiveExportStats>;
}

const warningIntervalMs = 60_000;
/**
 * Sends a recorder's run — and the child runs it starts — to an OpenTelemetry collector or backend while it is
 * recorded, as traces that follow the GenAI semantic conventions. Attach it right after `createRecorder`, before the
 * run's first event: lines written earlier are not in the trace. Throws a `RangeError` for an endpoint it cannot use
 * (none given or set, not an http: or https: URL) or an option out of range.
 */
export function exportToOpenTelemetry(recorder: Recorder, options: LiveExportOptions = {}): LiveExport {
  const url = otlpTracesUrl(options.endpoint, process.env);
  const maxQueueSize = positive(options.maxQueueSize, 2048, "maxQueueSize");
  const exportTimeoutMillis = positive(options.exportTimeoutMillis, 10_000, "exportTimeoutMillis");
  positive(options.maxPendingBytes, 1, "maxPendingBytes");
  const shared = exportStatsMemory();
  const settings: ExportWorkerSettings = {
    rootRunId: recorder.runId,
    stats: shared.buffer as SharedArrayBuffer,
    sender: {
      url,
      protocol: options.protocol ?? "http/protobuf",
      ...(options.headers === undefined ? {} : { headers: { ...options.headers } }),
      timeoutMillis: positive(options.timeoutMillis, 10_000, "timeoutMillis"),
    },
    export: {
      content: options.content ?? "none",
      sourceFile: recorder.file,
      ...(options.maxAttributeBytes === undefined
        ? {}
        : { maxAttributeBytes: positive(options.maxAttributeBytes, 0, "maxAttributeBytes") }),
      ...(options.serviceName === undefined ? {} : { serviceName: options.serviceName }),
    },
    maxQueueSize,
    maxExportBatchSize: Math.min(maxQueueSize, positive(options.maxExportBatchSize, 512, "maxExportBatchSize")),
    scheduledDelayMillis: positive(options.scheduledDelayMillis, 1000, "scheduledDelayMillis"),
    exportTimeoutMillis,
  };
  if (!["http/protobuf", "http/json"].includes(settings.sender.protocol as string))
    throw new RangeError(`protocol must be http/protobuf or http/json, not ${String(options.protocol)}`);

  let threadError: string | undefined;
  let nextFlush = 0;
  const flushes = new Map<number, (stats: LiveExportStats) => void>();
  let done: ((stats: LiveExportStats) => void) | undefined;

  const snapshot = (): LiveExportStats => ({ ...readExportStats(shared), eventsDropped: 0 });

  let following = true;
  const follow = (file: TappedFile, from: number): void => channel.post({ kind: "run", ...file, from });
  const tapped = tapRunFiles(recorder, {
    opened(file, from) {
      // A child run started while the export followed keeps the tap after close(): what it starts then is not ours.
      if (following && threadError === undefined) follow(file, from);
    },
    closed(file) {
      // The thread reads the rest and lets go of the file: a run with thousands of child runs holds few open.
      if (following && threadError === undefined) channel.post({ kind: "closed", runId: file.runId });
    },
  });
  const untap = (): void => {
    following = false;
    tapped.untap();
  };
  const receive = (message: FromExportChannel): void => {
    switch (message.kind) {
      case "lost":
        lost(message.count, message.error);
        return;
      case "flushed":
        flushes.get(message.id)?.(snapshot());
        flushes.delete(message.id);
        return;
      case "done":
        done?.(snapshot());
        return;
    }
  };
  const threadEnded = (error: string): void => {
    if (threadError !== undefined) return;
    threadError = `the export's thread ended: ${error}`;
    untap();
    lost(0, threadError);
    for (const resolve of flushes.values()) resolve(snapshot());
    flushes.clear();
    done?.(snapshot());
  };
  // Opened after the tap, which refuses a recorder it cannot follow: a refusal leaves no channel open. No write comes
  // in between (writes are the program's, after this returns), so the tap never finds the channel unmade.
  const channel = exportThread.open(settings, { message: receive, ended: threadEnded });
  follow(tapped.file, tapped.from);

  let lostUnreported = 0;
  let lastError: string | undefined;
  let closed = false;
  // The first loss after a quiet minute is said at once; later ones when that minute is over, together.
  const warnings = new RateLimiter(warningIntervalMs, () => reportLosses());

  function lost(count: number, error: string | undefined): void {
    lostUnreported += count;
    if (error !== undefined) lastError = error;
    if (!closed) warnings.request();
  }

  function reportLosses(): void {
    if (lostUnreported === 0 && lastError === undefined) return;
    const count = lostUnreported;
    lostUnreported = 0;
    const stats = snapshot();
    const what = count === 0 ? "spans may be lost" : `${count} span${count === 1 ? "" : "s"} could not be delivered`;
    const warning: LiveExportWarning = {
      code: "otel-export-lost",
      message:
        `${recorder.file}: the live OpenTelemetry export to ${url}: ${what} (${stats.failed} spans failed and ` +
        `${stats.dropped} dropped of ${stats.spans} so far)` +
        `${lastError === undefined ? "" : `: ${lastError}`}; the event log is complete`,
      stats,
    };
    lastError = undefined;
    try {
      if (options.onWarning !== undefined) options.onWarning(warning);
      else process.emitWarning(warning.message, { type: "RecorderWarning", code: "AGENT_TRANSCRIPT_OTEL_EXPORT_LOST" });
    } catch (error) {
      process.emitWarning(`${recorder.file}: the onWarning handler threw: ${String(error)}`, {
        type: "RecorderWarning",
      });
    }
  }

  /** Waits for the thread's answer, at most the export's timeout and a second for the thread itself. */
  function answer(register: (resolve: (stats: LiveExportStats) => void) => void): Promise<LiveExportStats> {
    return new Promise((resolve) => {
      if (threadError !== undefined) return resolve(snapshot());
      const timer = setTimeout(() => resolve(snapshot()), exportTimeoutMillis + 1000);
      timer.unref();
      register((stats) => {
        clearTimeout(timer);
        resolve(stats);
      });
    });
  }

  let closing: Promise<LiveExportStats> | undefined;
  return {
    url,
    get stats() {
      return snapshot();
    },
    flush() {
      if (closing !== undefined || threadError !== undefined) return Promise.resolve(snapshot());
      const id = (nextFlush += 1);
      channel.post({ kind: "flush", id });
      return answer((resolve) => flushes.set(id, resolve));
    },
    close() {
      closing ??= (async () => {
        untap();
        let stats = snapshot();
        if (threadError === undefined) {
          channel.post({ kind: "end" });
          stats = await answer((resolve) => {
            done = resolve;
          });
        }
        closed = true;
        warnings.stop();
        return stats;
      })();
      return closing;
    },
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive whole number, not ${String(value)}`);
  return value;
}
