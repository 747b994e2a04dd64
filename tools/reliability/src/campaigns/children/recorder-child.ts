/**
 * The program the crash and contention campaigns run in child processes (`node --import tsx`), on the built
 * `@agent-transcript/recorder` a user installs:
 *   load <root> <run id> <line bytes> <durability> <kill after µs> <aim>
 *       appends lines of about <line bytes> as fast as it can and is SIGKILLed by a watchdog thread of its own
 *       <kill after µs> after its first batch is written (then prints "ready"); with <aim> "write", at a random
 *       moment of the next long write after that. The file it leaves is the only witness of what it wrote.
 *   contend <root> <run id> <lines> <line bytes>
 *       prints "ready", waits for "go" on standard input, then opens the recorder: if it gets the lock, appends
 *       <lines> lines naming its pid (flushing every few) and closes; prints one JSON line saying what happened.
 *   hold <root> <run id> <lines> <line bytes>
 *       like contend, but after writing it prints "held" and waits with the lock held (to be SIGKILLed).
 *   repair <file> <kill after µs>
 *       repairs the event log and is SIGKILLed by its watchdog thread <kill after µs> after the repair started.
 *   apply <bundle> <target> <staging> <kill after µs> <aim>
 *       applies the snapshot bundle onto <target> and is SIGKILLed <kill after µs> after the apply started, or with
 *       <aim> "commit" after its work folder appeared in <target> (the commit's start); prints how long that took.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { Worker } from "node:worker_threads";
import { createRecorder, repairEventLog, RecorderError, type Durability } from "@agent-transcript/recorder";
import { applySnapshotBundle } from "@agent-transcript/recorder/snapshot";

const [mode = "", ...args] = process.argv.slice(2);

/**
 * A thread that SIGKILLs this process `delayMicroseconds` after `start()`: the kill lands wherever the main thread is
 * (inside a write too), and is on time however busy the machine is — a timer of the main thread runs only between
 * writes, and a parent's kill arrives when its own event loop gets round to it. Aimed at a write, it waits for the
 * next large `writeSync` to start and kills within the time that write should take.
 */
function watchdog(
  delayMicroseconds: number,
  aimAtWrite: boolean,
  watch?: { folder: string; prefix: string },
): { start(): void; seenAfter(): number } {
  // [started, large writes started, bytes of the last one, the thread is waiting, µs until the watched name appeared]
  const shared = new Int32Array(new SharedArrayBuffer(20));
  if (aimAtWrite) {
    const writeSync = fs.writeSync;
    fs.writeSync = ((...call: Parameters<typeof fs.writeSync>) => {
      const length = typeof call[3] === "number" ? call[3] : 0;
      if (length >= 1024 * 1024) {
        Atomics.store(shared, 2, length);
        Atomics.add(shared, 1, 1);
      }
      return writeSync(...call);
    }) as typeof fs.writeSync;
    // The recorder imports writeSync by name: this makes the name see the wrapper.
    syncBuiltinESMExports();
  }
  const worker = new Worker(
    `const { workerData: { shared, delay, aimAtWrite, watch } } = require("node:worker_threads");
     Atomics.store(shared, 3, 1);
     Atomics.notify(shared, 3);
     Atomics.wait(shared, 0, 0);
     if (watch !== undefined) {
       // Aimed at a phase that starts by making a name in a folder: the delay counts from its appearance.
       const { readdirSync } = require("node:fs");
       const began = performance.now();
       // Looked for every 0.1 ms: a spinning look would take a core from the apply it watches.
       const pause = new Int32Array(new SharedArrayBuffer(4));
       while (!readdirSync(watch.folder).some((name) => name.startsWith(watch.prefix)) && performance.now() - began < 600000)
         Atomics.wait(pause, 0, 0, 0.1);
       Atomics.store(shared, 4, Math.round((performance.now() - began) * 1000));
     }
     // Spinning, not sleeping: a sleeping thread wakes a scheduler tick late, and the moments that matter are µs.
     let until = performance.now() + delay / 1000;
     while (performance.now() < until);
     if (aimAtWrite) {
       const writes = Atomics.load(shared, 1);
       const giveUp = performance.now() + 50;
       while (Atomics.load(shared, 1) === writes && performance.now() < giveUp);
       // About 1 GB/s into the page cache: a random moment within the write's expected time.
       until = performance.now() + Math.random() * (Atomics.load(shared, 2) / 1e6);
       while (performance.now() < until);
     }
     process.kill(process.pid, "SIGKILL");`,
    { eval: true, workerData: { shared, delay: delayMicroseconds, aimAtWrite, watch } },
  );
  worker.unref();
  return {
    start() {
      // The delay counts from a thread that is running: a thread's start takes tens of milliseconds, longer than
      // a whole repair. (Bounded, should the thread never start: the trial then fails as not killed.)
      for (let waited = 0; Atomics.load(shared, 3) === 0 && waited < 10_000; waited += 1) Atomics.wait(shared, 3, 0, 1);
      Atomics.store(shared, 0, 1);
      Atomics.notify(shared, 0);
    },
    seenAfter: () => Atomics.load(shared, 4),
  };
}

const toolResult = (output: string) =>
  ({
    type: "tool.result",
    path: "work",
    payload: { name: "Bash", call_id: `call_${process.pid}`, output, fidelity: "router" },
  }) as const;

/** The envelope and payload fields around the output take about 230 bytes. */
const outputOf = (lineBytes: number): string => "x".repeat(Math.max(1, lineBytes - 230));

async function load(
  root: string,
  runId: string,
  lineBytes: number,
  durability: Durability,
  killAfter: number,
  aimAtWrite: boolean,
): Promise<void> {
  const kill = watchdog(killAfter, aimAtWrite);
  const batchBytes = aimAtWrite ? 8 * 1024 * 1024 : 1024 * 1024;
  const recorder = createRecorder({ root, runId, durability, maxBatchBytes: batchBytes });
  const output = outputOf(lineBytes);
  const burst = Math.max(1, Math.floor((aimAtWrite ? batchBytes : 256 * 1024) / lineBytes));
  recorder.append(toolResult(output));
  await recorder.flush();
  kill.start();
  process.stdout.write("ready\n");
  // Bounded, so that a watchdog that failed cannot fill the disk: the parent then sees a child that was not killed.
  while (recorder.stats.bytes < 64 * 1024 * 1024) {
    for (let index = 0; index < burst; index += 1) recorder.append(toolResult(output));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await recorder.close();
  process.exit(3);
}

const say = (value: object): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

function describeError(error: unknown): object {
  return error instanceof RecorderError
    ? { ok: false, recorderError: true, code: error.code, file: error.file, message: error.message }
    : {
        ok: false,
        recorderError: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
}

/** Resolves at the first "go" line on standard input: every contender starts from the same signal. */
function go(): Promise<void> {
  return new Promise((resolve) => {
    let input = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => {
      input += chunk;
      if (input.includes("go\n")) resolve();
    });
  });
}

async function contend(root: string, runId: string, lines: number, lineBytes: number, hold: boolean): Promise<void> {
  process.stdout.write("ready\n");
  await go();
  let recorder;
  try {
    recorder = createRecorder({ root, runId, durability: "none" });
  } catch (error) {
    say(describeError(error));
    process.exit(0);
  }
  const seqs: number[] = [];
  try {
    const output = outputOf(lineBytes);
    for (let index = 0; index < lines; index += 1) {
      seqs.push(
        recorder.append({
          ...toolResult(output),
          payload: { ...toolResult(output).payload, output: `${process.pid} ${index} ${output}` },
        }),
      );
      // Several writes per writer: the others' attempts fall between them.
      if (index % 16 === 15) await recorder.flush();
    }
    await recorder.flush();
    if (hold) {
      say({ ok: true, held: true, first: seqs[0], last: seqs.at(-1) });
      setInterval(() => {}, 60_000);
      return;
    }
    await recorder.close();
    say({ ok: true, first: seqs[0], last: seqs.at(-1), recovery: recorder.recovery.outcome });
  } catch (error) {
    say({ ...describeError(error), wrote: seqs.length });
  }
  process.exit(0);
}

function repair(file: string, killAfter: number): void {
  const kill = watchdog(killAfter, false);
  kill.start();
  const started = performance.now();
  try {
    const report = repairEventLog(file);
    say({ ok: true, report, microseconds: Math.round((performance.now() - started) * 1000) });
  } catch (error) {
    say(describeError(error));
  }
  process.exit(0);
}

async function apply(
  bundle: string,
  target: string,
  staging: string,
  killAfter: number,
  aimAtCommit: boolean,
): Promise<void> {
  // The commit's work folder (apply-commit.ts): the first name the apply makes in the target.
  const kill = watchdog(
    killAfter,
    false,
    aimAtCommit ? { folder: target, prefix: ".agent-transcript-apply-" } : undefined,
  );
  kill.start();
  const started = performance.now();
  try {
    const result = await applySnapshotBundle(bundle, { target, temporaryDirectory: staging });
    say({
      ok: result.ok,
      problems: result.problems,
      microseconds: Math.round((performance.now() - started) * 1000),
      commitAfter: kill.seenAfter(),
    });
  } catch (error) {
    say(describeError(error));
  }
  process.exit(0);
}

switch (mode) {
  case "load":
    await load(
      args[0] as string,
      args[1] as string,
      Number(args[2]),
      args[3] as Durability,
      Number(args[4]),
      args[5] === "write",
    );
    break;
  case "contend":
  case "hold":
    await contend(args[0] as string, args[1] as string, Number(args[2]), Number(args[3]), mode === "hold");
    break;
  case "repair":
    repair(args[0] as string, Number(args[1]));
    break;
  case "apply":
    await apply(args[0] as string, args[1] as string, args[2] as string, Number(args[3]), args[4] === "commit");
    break;
  default:
    throw new Error(`unknown mode ${mode}`);
}
