// Starting the campaigns' child programs: `node --import tsx`, so that they are TypeScript like the rest of the
// package and import the built packages exactly as a user's program would.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const folder = path.dirname(fileURLToPath(import.meta.url));
export const recorderChild = path.join(folder, "recorder-child.ts");
export const fullDiskChild = path.join(folder, "full-disk-child.ts");

export interface ChildEnd {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunningChild {
  readonly pid: number;
  /** Resolves when the child printed `marker` on a line of its own (rejects if it ended first). */
  printed(marker: string): Promise<void>;
  readonly finished: Promise<ChildEnd>;
  send(text: string): void;
  kill(signal: NodeJS.Signals): void;
  /** Its standard output so far. */
  output(): string;
}

/**
 * Starts `program` (a TypeScript file run by Node, or with `plain` any command) with `args`; a child still running
 * after `limitMs` is SIGKILLed, so that a hang fails instead of waiting forever.
 */
export function startChild(
  program: string,
  args: readonly string[],
  { limitMs = 600_000, plain = false }: { limitMs?: number; plain?: boolean } = {},
): RunningChild {
  const child = spawn(plain ? program : process.execPath, plain ? args : ["--import", "tsx", program, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    cwd: folder,
  });
  let stdout = "";
  let stderr = "";
  let ended: string | undefined;
  const waiters: Array<{ marker: string; resolve: () => void; reject: (error: Error) => void }> = [];
  const check = (): void => {
    for (const waiter of [...waiters])
      if (stdout.split("\n").includes(waiter.marker)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    stdout += chunk;
    check();
  });
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  // A pipe the child closed by dying must not throw in this process.
  child.stdin.on("error", () => {});
  const limit = setTimeout(() => child.kill("SIGKILL"), limitMs);
  const finished = new Promise<ChildEnd>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(limit);
      ended = String(code ?? signal);
      for (const waiter of waiters.splice(0))
        waiter.reject(new Error(`the child ended (${code ?? signal}) before printing ${waiter.marker}: ${stderr}`));
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    pid: child.pid as number,
    printed: (marker) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ marker, resolve, reject });
        check();
        if (ended !== undefined && waiters.some((waiter) => waiter.marker === marker))
          reject(new Error(`the child ended (${ended}) before printing ${marker}: ${stderr}`));
      }),
    finished,
    send: (text) => {
      child.stdin.write(text);
    },
    kill: (signal) => child.kill(signal),
    output: () => stdout,
  };
}

/** Runs `work` items, `parallel` at a time, in order of the list. */
export async function inParallel<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[(next += 1) - 1] as T);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}
