/**
 * The built `tail` command in a child process, as a person runs it: its output read as it comes, and waits that are
 * for output to appear or for the process to end (each chunk of output re-checks the condition), never for a fixed
 * time.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const bin = fileURLToPath(new URL("../../../dist/bin.js", import.meta.url));

/** A tail still running after this long hung: it is killed, and the test fails saying so. */
const hangLimitMs = 30_000;

export interface RunningTail {
  stdout(): string;
  stderr(): string;
  /** Resolves once `condition` holds; rejects if tail ends first. */
  until(condition: () => boolean, what: string): Promise<void>;
  /** Sends Ctrl-C's signal. */
  interrupt(): void;
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startTail(args: readonly string[]): RunningTail {
  const child = spawn(process.execPath, [bin, "tail", ...args], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let over = false;
  const checks = new Set<() => void>();
  const checkAll = (): void => {
    for (const check of [...checks]) check();
  };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    checkAll();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    checkAll();
  });
  const limit = setTimeout(() => child.kill("SIGKILL"), hangLimitMs);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(limit);
      over = true;
      checkAll();
      resolve({ code, signal });
    });
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    until: (condition, what) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (condition()) {
            checks.delete(check);
            resolve();
          } else if (over) {
            checks.delete(check);
            reject(new Error(`tail ended before ${what}; stdout: ${stdout}\nstderr: ${stderr}`));
          }
        };
        checks.add(check);
        check();
      }),
    interrupt: () => child.kill("SIGINT"),
    ended,
  };
}
