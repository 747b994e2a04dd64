/**
 * Reading many sessions at once on the machine's cores. A folder of agent sessions is read file by file, and each
 * file is parsed, imported and counted on one thread: on a gigabyte of Claude Code sessions that is tens of seconds of
 * one core's work while the others idle. The read pool hands each document, session or payload to one of a few
 * worker threads, which read it through the same `RunFileReader` as the main thread and send back its statistics
 * (plain data, a few kilobytes a run) and the lines it would have written to stderr; the caller takes the answers in
 * the order of the files, so what is printed and counted is what a reading on one thread gives, in the same order.
 *
 * Event logs are not sent (their child logs are counted once across the whole reading, which needs the main thread's
 * record of them); a worker that fails or ends leaves its files to the main thread, which reads them itself.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CollectOptions, RunFileRead } from "../run-file-read.js";
import type { RunStats } from "../run-stats.js";

/** What a worker is started with, once: how every file it is sent is read. */
export interface ReadSettings {
  /** The reading's options (plain data: no function crosses to a worker). */
  options: CollectOptions;
  color: boolean;
}

/** What the main thread sends a worker: one file to read. */
export interface ReadRequest {
  id: number;
  file: string;
  found: boolean;
}

/** What a worker sends back: the reading, or why it failed; and what it wrote to stderr meanwhile. */
export type ReadResponse = { id: number; stderr: string[] } & (
  { ok: true; read: RunFileRead } | { ok: false; message: string }
);

/**
 * The worker's module: `read-worker.js` beside this module when built (the bundled command and the package's own
 * build both put one there); from the sources, `read-worker.ts` run through tsx, where the tests run. Undefined when
 * neither is there: the main thread reads alone.
 */
function workerModule(): { url: URL; execArgv: string[] } | undefined {
  const built = new URL("./read-worker.js", import.meta.url);
  if (built.protocol === "file:" && existsSync(fileURLToPath(built))) return { url: built, execArgv: [] };
  const source = new URL("./read-worker.ts", import.meta.url);
  if (source.protocol !== "file:" || !existsSync(fileURLToPath(source))) return undefined;
  try {
    const tsx = createRequire(import.meta.url).resolve("tsx");
    return { url: source, execArgv: ["--import", pathToFileURL(tsx).href] };
  } catch {
    return undefined;
  }
}

interface Job {
  request: ReadRequest;
  resolve: (response: ReadResponse) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  /** The jobs it was given and has not answered. */
  given: Map<number, Job>;
  failed: boolean;
}

/**
 * How many files a worker holds at once: two, so that it starts the next while its answer to the last crosses to the
 * main thread, and no more, so that a worker given large files does not hold files another would read sooner.
 */
const filesPerWorker = 2;

/** A few worker threads reading files from one queue, each file's answer a promise. */
export class ReadPool {
  private readonly workers: PoolWorker[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;

  private constructor(size: number, module: { url: URL; execArgv: string[] }, settings: ReadSettings) {
    for (let index = 0; index < size; index += 1) {
      const worker = new Worker(module.url, {
        execArgv: module.execArgv,
        workerData: settings,
        stdout: false,
        stderr: false,
      });
      const entry: PoolWorker = { worker, given: new Map(), failed: false };
      worker.on("message", (response: ReadResponse) => {
        const job = entry.given.get(response.id);
        if (job === undefined) return;
        entry.given.delete(response.id);
        job.resolve(response);
        this.dispatch();
      });
      const fail = (error: Error) => {
        if (entry.failed) return;
        entry.failed = true;
        for (const job of entry.given.values()) job.reject(error);
        entry.given.clear();
        // With no worker left, what is queued is the main thread's to read.
        if (this.workers.every((other) => other.failed)) for (const job of this.queue.splice(0)) job.reject(error);
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`a reading thread ended (exit code ${code})`)));
      this.workers.push(entry);
    }
  }

  /** A pool of `size` workers, or undefined when there is no worker module to start (the main thread reads). */
  static start(size: number, options: CollectOptions, color: boolean): ReadPool | undefined {
    const module = workerModule();
    if (module === undefined || size < 2) return undefined;
    // Only what a worker can be sent: plain options (a callback stays on the main thread, and is not needed there).
    const plain = JSON.parse(JSON.stringify(options)) as CollectOptions;
    return new ReadPool(size, module, { options: plain, color });
  }

  /**
   * Reads one file on the next free worker. Rejects when its worker failed or ended (the caller then reads it
   * itself); a reading that failed on its own terms (an unreadable file) resolves, as on the main thread.
   */
  read(file: string, found: boolean): Promise<ReadResponse> {
    if (this.workers.every((entry) => entry.failed)) return Promise.reject(new Error("no reading thread is left"));
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<ReadResponse>((resolve, reject) => {
      this.queue.push({ request: { id, file, found }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const entry of this.workers) {
      while (!entry.failed && entry.given.size < filesPerWorker && this.queue.length > 0) {
        const job = this.queue.shift() as Job;
        entry.given.set(job.request.id, job);
        entry.worker.postMessage(job.request);
      }
    }
  }

  async close(): Promise<void> {
    for (const entry of this.workers) entry.failed = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/**
 * A reading as the main thread would have made it. A worker's answer arrives as a copy whose records (models, roles,
 * tools, unpriced calls) have Object's prototype, where the main thread's have none: a model named `constructor`
 * would then find Object's. They are given back their null prototype, their own keys (`__proto__` among them) kept.
 */
export function restoredRead(read: RunFileRead): RunFileRead {
  for (const run of read.runs) restoreRun(run);
  return read;
}

function nullPrototype<T>(record: Record<string, T>): Record<string, T> {
  Object.setPrototypeOf(record, null);
  return record;
}

function restoreRun(run: RunStats): void {
  const stack = [run];
  while (stack.length > 0) {
    const current = stack.pop() as RunStats;
    nullPrototype(current.messagesByRole);
    nullPrototype(current.toolsByName);
    nullPrototype(current.models);
    nullPrototype(current.own.unpricedCalls);
    nullPrototype(current.includingChildren.unpricedCalls);
    for (const bucket of current.buckets ?? []) nullPrototype(bucket.unpricedCalls);
    for (const child of current.children) stack.push(child);
  }
}
