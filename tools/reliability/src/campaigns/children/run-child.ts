// Starting the campaigns' child programs, which import the built packages exactly as a user's program would. The
// programs that are started hundreds of times are transpiled once per campaign into its scratch folder and started
// with plain `node`: `--import tsx` doubles a start (about 0.6 s of CPU instead of 0.3), and starts are most of a
// crash trial's cost.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const folder = path.dirname(fileURLToPath(import.meta.url));
const packageFolder = path.resolve(folder, "../../..");
export const fullDiskChild = path.join(folder, "full-disk-child.ts");

/** The recorder child (`recorder-child.ts`) as JavaScript in `scratch`, resolving packages as this package does. */
export function recorderChild(scratch: string): string {
  const target = path.join(scratch, "children", "recorder-child.mjs");
  const source = path.join(folder, "recorder-child.ts");
  mkdirSync(path.dirname(target), { recursive: true });
  const output = ts.transpileModule(readFileSync(source, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    fileName: source,
  });
  writeFileSync(target, output.outputText);
  try {
    symlinkSync(path.join(packageFolder, "node_modules"), path.join(scratch, "children", "node_modules"), "dir");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return target;
}

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
  /** Resolves with the first line the child printed that starts with `prefix`, or undefined if it ended without. */
  firstLine(prefix: string): Promise<string | undefined>;
  readonly finished: Promise<ChildEnd>;
  send(text: string): void;
  kill(signal: NodeJS.Signals): void;
  /** Its standard output so far. */
  output(): string;
}

/**
 * Starts `program` (a JavaScript or TypeScript file run by Node, or with `plain` any command) with `args`; a child still running
 * after `limitMs` is SIGKILLed, so that a hang fails instead of waiting forever.
 */
export function startChild(
  program: string,
  args: readonly string[],
  { limitMs = 600_000, plain = false }: { limitMs?: number; plain?: boolean } = {},
): RunningChild {
  const runner = program.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(plain ? program : process.execPath, plain ? args : [...runner, program, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    cwd: folder,
  });
  let stdout = "";
  let stderr = "";
  let ended: string | undefined;
  const waiters: Array<{ marker: string; resolve: () => void; reject: (error: Error) => void }> = [];
  const lineWaiters: Array<{ prefix: string; resolve: (line: string | undefined) => void }> = [];
  const findLine = (prefix: string): string | undefined =>
    stdout
      .split("\n")
      .slice(0, -1)
      .find((line) => line.startsWith(prefix));
  const check = (): void => {
    for (const waiter of [...lineWaiters]) {
      const line = findLine(waiter.prefix);
      if (line !== undefined) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
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
      check();
      for (const waiter of lineWaiters.splice(0)) waiter.resolve(undefined);
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
    firstLine: (prefix) =>
      new Promise<string | undefined>((resolve) => {
        const line = findLine(prefix);
        if (line !== undefined || ended !== undefined) resolve(line);
        else lineWaiters.push({ prefix, resolve });
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
