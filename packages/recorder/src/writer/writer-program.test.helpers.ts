// A program the tests run in child processes (transpiled by child-processes.test.helpers.ts):
//   load <root> <run id> <line bytes> <durability> <most bytes> <kill after ms> <aim>
//                                                     appends lines of about that size as fast as it can (at most
//                                                     <most bytes>) and kills itself with SIGKILL <kill after ms>
//                                                     after the first batch is written (then prints "ready"); with
//                                                     <aim> "write", at a random moment of the next write after that
//   exit <root> <run id> <count>                      queues <count> events, then calls process.exit(0)
//   throw <root> <run id> <count>                     queues <count> events, then throws (uncaught)
//   reject <root> <run id> <count>                    queues <count> events, then leaves a rejection unhandled
//   hold <root> <run id>                              opens the recorder, prints "ready", closes it when stdin ends
//   open <root> <run id>                              tries to open the recorder; prints {"ok":true} or the error
//   repair <file>                                     repairs the event log; prints {"ok":true,"report":…} or the error
//   repair-killed <file> <copy|cut>                   repairs the event log and is killed (SIGKILL) at its second
//                                                     write of 1 MiB into the quarantine file (copy), or just before
//                                                     it cuts the damaged tail from the log (cut)
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { Worker } from "node:worker_threads";
import { createRecorder } from "./recorder.js";
import type { Durability } from "./recorder-types.js";
import { RecorderError } from "./recorder-error.js";
import { repairEventLog } from "./repair.js";

const [mode, root = "", runId = "", third = "", fourth = "", fifth = "", sixth = "", seventh = ""] =
  process.argv.slice(2);

/**
 * A watchdog thread that sends SIGKILL to this process `delay` ms after `start()`. The kill comes from a thread of
 * its own, not from a timer of the main thread (which only runs between writes) nor from the test process (whose
 * busy event loop would make the moment late): it lands wherever the main thread is, in the middle of a write too.
 * Most of a writer's time goes to serialising, so a kill at a uniformly random moment seldom finds a write running:
 * aimed at a write, the watchdog waits for the next `write` to start (the main thread's `fs.writeSync` announces
 * each one with its size) and kills at a random moment of the time that write should take.
 */
function killer(delay: number, aimAtWrite: boolean): { start(): void } {
  // [started, writes started, bytes of the last write]
  const shared = new Int32Array(new SharedArrayBuffer(12));
  if (aimAtWrite) {
    const writeSync = fs.writeSync;
    fs.writeSync = ((...args: Parameters<typeof fs.writeSync>) => {
      const length = typeof args[3] === "number" ? args[3] : 0;
      Atomics.store(shared, 2, length);
      Atomics.add(shared, 1, 1);
      Atomics.notify(shared, 1);
      return writeSync(...args);
    }) as typeof fs.writeSync;
    // The recorder imports writeSync by name: this makes the name see the wrapper.
    syncBuiltinESMExports();
  }
  const worker = new Worker(
    `const { workerData: { shared, delay, aimAtWrite } } = require("node:worker_threads");
     Atomics.wait(shared, 0, 0);
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delay);
     if (aimAtWrite) {
       // Spinning, not sleeping: a woken thread would start too late for a write of a few hundred microseconds. A
       // writer that stopped writing (it reached its limit) is killed after 50 ms of waiting.
       const writes = Atomics.load(shared, 1);
       const giveUp = performance.now() + 50;
       while (Atomics.load(shared, 1) === writes && performance.now() < giveUp);
       // About 1 GB/s into the page cache: a random moment within the write's expected time.
       const until = performance.now() + Math.random() * (Atomics.load(shared, 2) / 1e6);
       while (performance.now() < until);
     }
     process.kill(process.pid, "SIGKILL");`,
    { eval: true, workerData: { shared, delay, aimAtWrite } },
  );
  worker.unref();
  return {
    start() {
      Atomics.store(shared, 0, 1);
      Atomics.notify(shared, 0);
    },
  };
}

const toolResult = (output: string) =>
  ({
    type: "tool.result",
    path: "work",
    payload: { name: "Bash", call_id: "call_1", output, fidelity: "router" },
  }) as const;

async function load(
  lineBytes: number,
  durability: Durability,
  mostBytes: number,
  killAfter: number,
  aimAtWrite: boolean,
): Promise<void> {
  const watchdog = killer(killAfter, aimAtWrite);
  // Aimed at a write: long writes (a large batch, filled in one turn), so that the kill finds one running.
  const batchBytes = aimAtWrite ? 8 * 1024 * 1024 : 1024 * 1024;
  const recorder = createRecorder({ root, runId, durability, maxBatchBytes: batchBytes });
  // The envelope and payload fields around the output take about 230 bytes.
  const output = "x".repeat(Math.max(1, lineBytes - 230));
  const burst = Math.max(1, Math.floor((aimAtWrite ? batchBytes : 256 * 1024) / lineBytes));
  recorder.append(toolResult(output));
  await recorder.flush();
  watchdog.start();
  process.stdout.write("ready\n");
  while (recorder.stats.bytes < mostBytes) {
    for (let index = 0; index < burst; index += 1) recorder.append(toolResult(output));
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Waits to be killed, with the file left as it is.
  setInterval(() => {}, 60_000);
}

function queue(count: number): void {
  const recorder = createRecorder({ root, runId });
  for (let index = 0; index < count; index += 1) recorder.append(toolResult(`line ${index + 1}`));
  // Nothing is written yet: the batch waits for the next turn of the event loop, which never comes.
  if (recorder.stats.writes !== 0) throw new Error("the events were written before the exit");
}

function hold(): void {
  const recorder = createRecorder({ root, runId });
  process.stdout.write("ready\n");
  process.stdin.resume();
  process.stdin.on("end", () => {
    void recorder.close().then(() => process.exit(0));
  });
}

function open(): void {
  try {
    createRecorder({ root, runId });
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (error) {
    const code = error instanceof RecorderError ? error.code : "unexpected";
    process.stdout.write(`${JSON.stringify({ ok: false, code, message: (error as Error).message })}\n`);
  }
  process.exit(0);
}

function repair(file: string): void {
  try {
    const report = repairEventLog(file);
    process.stdout.write(`${JSON.stringify({ ok: true, report })}\n`);
  } catch (error) {
    const code = error instanceof RecorderError ? error.code : "unexpected";
    process.stdout.write(`${JSON.stringify({ ok: false, code, message: (error as Error).message })}\n`);
  }
  process.exit(0);
}

/** Repairs `file`, killed at the given moment of the repair: the moment is chosen, the death is real. */
function repairKilled(file: string, moment: string): void {
  const die = (): never => {
    process.kill(process.pid, "SIGKILL");
    // SIGKILL lands before the next instruction of ours; this only keeps the type checker honest.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  };
  if (moment === "copy") {
    const writeSync = fs.writeSync;
    let chunks = 0;
    fs.writeSync = ((...args: Parameters<typeof fs.writeSync>) => {
      if ((args[3] as unknown) === 1024 * 1024 && (chunks += 1) === 2) die();
      return writeSync(...args);
    }) as typeof fs.writeSync;
  } else if (moment === "cut") {
    fs.ftruncateSync = (() => die()) as typeof fs.ftruncateSync;
  } else throw new Error(`unknown moment ${moment}`);
  // The repair imports these by name: this makes the names see the wrappers.
  syncBuiltinESMExports();
  repair(file);
}

switch (mode) {
  case "load":
    await load(Number(third), fourth as Durability, Number(fifth), Number(sixth), seventh === "write");
    break;
  case "exit":
    queue(Number(third));
    process.exit(0);
    break;
  case "throw":
    setTimeout(() => {
      queue(Number(third));
      throw new Error("thrown on purpose, after queueing");
    }, 1);
    break;
  case "reject":
    setTimeout(() => {
      queue(Number(third));
      void Promise.reject(new Error("rejected on purpose, after queueing"));
    }, 1);
    break;
  case "hold":
    hold();
    break;
  case "open":
    open();
    break;
  case "repair":
    repair(root);
    break;
  case "repair-killed":
    repairKilled(root, runId);
    break;
  default:
    throw new Error(`unknown mode ${String(mode)}`);
}
