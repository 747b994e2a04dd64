/**
 * A recorder's run sent to an OpenTelemetry backend as it happens. The recording program's thread does one thing
 * for it: after each write, it copies the bytes just written (whole lines, the run's and its child runs') into a ring
 * of memory it shares with the export's own thread (`line-ring.ts`, `export-worker.ts`: one thread per process, each
 * live export a channel of it, `export-thread.ts`), which reads them a few times a second — no message, timer or
 * allocation per write on the program's thread. There the lines are read, each span is
 * made once it is finished — exactly as `toOtlpTraces` makes it for the finished logs, with the same ids, so a backend
 * that de-duplicates keeps one copy of a run sent live and pushed again later — and sent by the OpenTelemetry SDK's
 * `BatchSpanProcessor` and OTLP exporter (HTTP, protobuf or JSON).
 *
 * The recorder never waits for any of it. What waits is bounded — lines for the thread (`maxPendingBytes`), spans for
 * the exporter (`maxQueueSize`) — and what a slow or dead endpoint costs is counted in `stats` and said in one warning
 * at most once a minute, never a line of the event log.
 */
import type { OtlpExportOptions } from "@agent-transcript/providers";
import type { Recorder } from "../writer/recorder-types.js";
import { RateLimiter } from "../rate-limiter.js";
import { tapWrittenLines } from "../writer/recorder.js";
import type { ExportWorkerSettings, FromExportChannel } from "./export-worker.js";
import { exportThread } from "./export-thread.js";
import { exportStatsMemory, readExportStats } from "./export-stats.js";
import { LineRingWriter } from "./line-ring.js";
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
  /** Bytes of written lines waiting for the export's thread before newer ones are dropped; default 64 MiB. */
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
  /** Event lines dropped before the export's thread read them (it fell behind by `maxPendingBytes`): their spans are missing. */
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
 * The ring's size (or `maxPendingBytes`, when smaller): at the pace the thread reads it, room for 100 MB a second, and
 * at most this much resident. A write that does not fit is posted to the thread instead.
 */
const ringBytes = 2 * 1024 * 1024;

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
  const maxPendingBytes = positive(options.maxPendingBytes, 64 * 1024 * 1024, "maxPendingBytes");
  const ring = new LineRingWriter(Math.min(ringBytes, maxPendingBytes));
  const shared = exportStatsMemory();
  const settings: ExportWorkerSettings = {
    rootRunId: recorder.runId,
    ring: ring.memory,
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

  let eventsDropped = 0;
  let threadError: string | undefined;
  /** Written lines posted to the thread because the ring could not take them, and not yet read by it. */
  let postedBytes = 0;
  let nextFlush = 0;
  const flushes = new Map<number, (stats: LiveExportStats) => void>();
  let done: ((stats: LiveExportStats) => void) | undefined;

  const snapshot = (): LiveExportStats => ({ ...readExportStats(shared), eventsDropped });

  let following = true;
  const untapRecorder = tapWrittenLines(recorder, {
    written(runId, buffer, length) {
      // A child run started while the export followed keeps the tap after close(): what it writes then is not ours.
      if (!following) return;
      // The way of every write while the thread keeps up: one copy into the ring. Once a write has been posted, the
      // later ones follow it by post until the thread has read it, so the thread reads every run's lines in order.
      if (postedBytes === 0 && ring.write(runId, buffer, length)) return;
      if (threadError !== undefined || ring.used + postedBytes + length > maxPendingBytes) {
        const lines = countLines(buffer, length);
        eventsDropped += lines;
        lost(lines, threadError ?? "the export's thread fell behind");
        return;
      }
      const bytes = new Uint8Array(length);
      bytes.set(buffer.subarray(0, length));
      channel.post({ kind: "lines", runId, bytes }, [bytes.buffer]);
      postedBytes += length;
    },
  });
  const untap = (): void => {
    following = false;
    untapRecorder();
  };

  const receive = (message: FromExportChannel): void => {
    switch (message.kind) {
      case "read":
        postedBytes -= message.bytes;
        return;
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
  // in between (writes are the program's, after this returns).
  const channel = exportThread.open(settings, { message: receive, ended: threadEnded });

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
    const what =
      count === 0
        ? "spans may be lost"
        : `${count} span${count === 1 ? "" : "s"} or event lines could not be delivered`;
    const warning: LiveExportWarning = {
      code: "otel-export-lost",
      message:
        `${recorder.file}: the live OpenTelemetry export to ${url}: ${what} (${stats.failed} spans failed and ` +
        `${stats.dropped} dropped of ${stats.spans} so far, ${stats.eventsDropped} event lines dropped)` +
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

function countLines(buffer: Uint8Array, length: number): number {
  let count = 0;
  for (let index = buffer.indexOf(10); index !== -1 && index < length; index = buffer.indexOf(10, index + 1))
    count += 1;
  return count;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive whole number, not ${String(value)}`);
  return value;
}
