// Running the writer in child processes (to kill them, to watch them exit, to hold a lock from another pid). The
// children run this package's current sources, not a build that may be stale: each test file transpiles src/ into a
// temporary folder once (TypeScript's transpileModule, about a second), and the children start with plain `node`,
// which keeps each start near a tenth of a second.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sourceFolder = path.join(packageFolder, "src");

export interface TranspiledPackage {
  /** The transpiled writer program (`writer-program.test.helpers.ts`). */
  readonly program: string;
  readonly remove: () => void;
}

/** Transpiles the package's sources (tests left out) into a temporary folder that resolves our dependencies. */
export function transpilePackage(): TranspiledPackage {
  const folder = mkdtempSync(path.join(tmpdir(), "recorder-children-"));
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(sourceFolder, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        walk(name);
        continue;
      }
      if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
      if (entry.name.endsWith(".test.helpers.ts") && entry.name !== "writer-program.test.helpers.ts") continue;
      const output = ts.transpileModule(readFileSync(path.join(sourceFolder, name), "utf8"), {
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
        fileName: name,
      });
      const target = path.join(folder, name.replace(/\.ts$/, ".js"));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, output.outputText);
    }
  };
  walk("");
  writeFileSync(path.join(folder, "package.json"), '{ "type": "module" }\n');
  // Bare imports (@agent-transcript/core) resolve through the package's own node_modules.
  symlinkSync(path.join(packageFolder, "node_modules"), path.join(folder, "node_modules"), "dir");
  return {
    program: path.join(folder, "writer", "writer-program.test.helpers.js"),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Running {
  readonly pid: number;
  /** Resolves once the program printed `ready` (it opened its recorder and wrote a first batch). */
  readonly ready: Promise<void>;
  readonly finished: Promise<Finished>;
  kill(signal: NodeJS.Signals): void;
  /** Closes the program's standard input (the `hold` program then closes its recorder and exits). */
  endInput(): void;
}

/** Starts the writer program with its arguments. */
export function startProgram(program: string, args: readonly string[]): Running {
  const child = spawn(process.execPath, [program, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let markReady: () => void = () => {};
  let failReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    stdout += chunk;
    if (stdout.includes("ready\n")) markReady();
  });
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      failReady(new Error(`the writer program ended before it was ready (${code ?? signal}): ${stderr}`));
      resolve({ code, signal, stdout, stderr });
    });
  });
  // A rejection nobody awaits (the program finished without being asked to be ready) is not an error.
  ready.catch(() => {});
  return {
    pid: child.pid as number,
    ready,
    finished,
    kill: (signal) => child.kill(signal),
    endInput: () => child.stdin.end(),
  };
}

/**
 * Runs the writer program to its end. With `timeLimitMs`, a program still running then is killed (SIGKILL, seen in
 * `signal`): a bound for programs that used to hang, so that a test of one fails instead of waiting forever.
 */
export function runProgram(program: string, args: readonly string[], timeLimitMs?: number): Promise<Finished> {
  const running = startProgram(program, args);
  running.endInput();
  if (timeLimitMs === undefined) return running.finished;
  const limit = setTimeout(() => running.kill("SIGKILL"), timeLimitMs);
  return running.finished.finally(() => clearTimeout(limit));
}
