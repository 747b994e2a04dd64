/**
 * The process's one thread for its live exports. Each `exportToOpenTelemetry` opens a channel of it rather than a
 * thread of its own: a program recording many runs, one after another or side by side, starts one thread, loads the
 * OpenTelemetry SDK once and keeps its code compiled — a fresh thread spends most of its first thousand events
 * compiling, on the core the recording program would otherwise have to itself. The thread ends once it has had no
 * channel for `idleMs`, and never keeps the program alive.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type {
  ExportWorkerSettings,
  FromExportChannel,
  FromExportWorker,
  ToExportChannel,
  ToExportWorker,
} from "./export-worker.js";

/** What a channel's owner hears from the thread. */
export interface ExportChannelListener {
  /** A message of the channel's. */
  message(message: FromExportChannel): void;
  /** The thread ended under the channel (it failed, or was ended from outside): nothing more comes from it. */
  ended(error: string): void;
}

/** A live export's way to the thread. */
export interface ExportChannel {
  /** Sends a message to the channel, with the buffers whose ownership moves to the thread. */
  post(message: ToExportChannel, transfer?: readonly ArrayBuffer[]): void;
}

/** How long the thread stays with no channel before it ends: a program that exports again soon finds it warm. */
const idleMs = 30_000;

/** The thread's module: built beside this one; from the sources (where the tests run), through tsx. */
function workerModule(): URL {
  const built = new URL("./export-worker.js", import.meta.url);
  if (built.protocol === "file:" && existsSync(fileURLToPath(built))) return built;
  // A worker's execArgv cannot register a loader on Node 20: a first module registers tsx, then imports the thread's.
  const tsx = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(tsx, "dist", "esm", "api", "index.mjs")).href;
  const source = new URL("./export-worker.ts", import.meta.url).href;
  const bootstrap = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

class ExportThread {
  private worker: Worker | undefined;
  private readonly channels = new Map<number, ExportChannelListener>();
  private nextChannel = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;
  /** Threads started by this process so far. */
  started = 0;

  open(settings: ExportWorkerSettings, listener: ExportChannelListener): ExportChannel {
    const worker = this.worker ?? this.start();
    clearTimeout(this.idle);
    this.idle = undefined;
    const channel = (this.nextChannel += 1);
    this.channels.set(channel, listener);
    const opening: ToExportWorker = { kind: "open", channel, settings };
    worker.postMessage(opening);
    return {
      post(message, transfer = []) {
        const outgoing: ToExportWorker = { kind: "to-channel", channel, message };
        worker.postMessage(outgoing, [...transfer]);
      },
    };
  }

  private start(): Worker {
    const worker = new Worker(workerModule());
    // The thread never keeps the program alive: a program that ends without close() loses its last spans, not time.
    worker.unref();
    this.worker = worker;
    this.started += 1;
    worker.on("message", ({ channel, message }: FromExportWorker) => {
      const listener = this.channels.get(channel);
      if (message.kind === "done") {
        this.channels.delete(channel);
        if (this.channels.size === 0) this.idleFrom(worker);
      }
      listener?.message(message);
    });
    const ended = (error: string): void => {
      // A thread ended for being idle, or already said: nothing was listening.
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.idle);
      this.idle = undefined;
      const listeners = [...this.channels.values()];
      this.channels.clear();
      for (const listener of listeners) listener.ended(error);
    };
    worker.on("error", (error) => ended(error.message));
    worker.on("exit", (code) => ended(`exit code ${code}`));
    return worker;
  }

  private idleFrom(worker: Worker): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.channels.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, idleMs);
    this.idle.unref();
  }
}

/** The process's export thread (one per module instance: one per process unless the package is loaded twice). */
export const exportThread = new ExportThread();
