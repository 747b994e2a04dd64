// Runs a program to its end without blocking the event loop (the registry the test talks to may live in it), with a
// time limit; on the limit the program and everything it started (npm's own children) are killed as a group.
import { spawn } from "node:child_process";

export interface CommandResult {
  /** The exit code, or undefined when a signal ended it. */
  readonly code: number | undefined;
  readonly signal: NodeJS.Signals | undefined;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

export function runCommand(program: string, args: readonly string[], options: RunOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so that a time-out ends what it started too.
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? undefined, signal: signal ?? undefined, stdout, stderr, timedOut });
    });
  });
}

/** The command line and everything it printed, for a failure message. */
export function describeRun(label: string, result: CommandResult): string {
  const end = result.timedOut
    ? "timed out"
    : result.signal !== undefined
      ? `killed by ${result.signal}`
      : `exit ${result.code}`;
  return `${label}: ${end}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}
