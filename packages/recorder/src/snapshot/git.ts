// Running git for snapshots. Output that grows with the workspace (a patch) goes straight from git's stdout to a
// file descriptor, never through this process; only small, bounded answers (an object name, a branch) are read.
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/**
 * The configuration every snapshot git command runs under, whatever the user's or the repository's says: paths
 * quoted the one documented way, no colour, no pager, no external diff or text conversion, so the patch is git's
 * plain binary-safe patch and can be read back.
 */
const fixedConfig = [
  "-c",
  "core.quotePath=true",
  "-c",
  "color.ui=false",
  "-c",
  "diff.noprefix=false",
  "-c",
  "diff.mnemonicPrefix=false",
  "-c",
  "core.pager=cat",
];

/** The environment git runs in: the caller's, minus what would redirect it to another repository or index. */
export function gitEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_PREFIX"])
    delete environment[name];
  return { ...environment, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C", ...extra };
}

export interface GitResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Whatever git said on stderr, cut to the last few lines: enough to explain a failure, never unbounded. */
const stderrLimit = 8 * 1024;

export interface GitOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Bytes given to git on stdin. */
  input?: Buffer | string;
  /** A file descriptor git's stdout is written to (then `stdout` is empty). */
  stdoutFd?: number;
  /** The most stdout kept in memory: more is a failure (answers we read are small by nature). */
  maxStdout?: number;
}

/** Runs git; never throws for a failure of git itself (a non-zero exit is in `code`), only for a missing binary. */
export function git(args: readonly string[], options: GitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...fixedConfig, ...args], {
      cwd: options.cwd,
      env: gitEnvironment(options.env),
      stdio: [options.input === undefined ? "ignore" : "pipe", options.stdoutFd ?? "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let overflow = false;
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > (options.maxStdout ?? 64 * 1024 * 1024)) {
        overflow = true;
        child.kill("SIGKILL");
        return;
      }
      stdout.push(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-stderrLimit);
    });
    child.on("error", reject);
    if (options.input !== undefined) {
      // git may exit before reading everything (a bad argument): that is its exit code's story, not an EPIPE crash.
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(options.input);
    }
    child.on("close", (code) => {
      if (overflow) stderr = `${stderr}\noutput larger than expected; stopped`;
      resolve({ code, stdout: Buffer.concat(stdout), stderr: stderr.trim() });
    });
  });
}

/** Runs git with its stdout written to `file` (created or truncated), so a large output never passes through here. */
export async function gitToFile(args: readonly string[], file: string, options: GitOptions): Promise<GitResult> {
  const fd = openSync(file, "w", 0o600);
  try {
    return await git(args, { ...options, stdoutFd: fd });
  } finally {
    closeSync(fd);
  }
}

/** An error for a git command that failed, naming the command and what git said. */
export class GitError extends Error {
  constructor(args: readonly string[], result: GitResult) {
    const said = result.stderr === "" ? "" : `: ${result.stderr.split("\n").slice(-3).join(" ")}`;
    super(`git ${args.slice(0, 2).join(" ")} failed (exit ${String(result.code)})${said}`);
  }
}

/** Runs git and returns its stdout as text, or throws a {@link GitError}. */
export async function gitText(args: readonly string[], options: GitOptions): Promise<string> {
  const result = await git(args, options);
  if (result.code !== 0) throw new GitError(args, result);
  return result.stdout.toString("utf8");
}

/** Runs git and says whether it exited 0, with its trimmed stdout: for questions whose "no" is an exit code. */
export async function gitMaybe(args: readonly string[], options: GitOptions): Promise<string | undefined> {
  const result = await git(args, options);
  return result.code === 0 ? result.stdout.toString("utf8").trim() : undefined;
}

/** Splits git's `-z` output into its NUL-terminated fields. */
export function nulFields(output: Buffer): string[] {
  const text = output.toString("utf8");
  const fields = text.split("\0");
  if (fields.at(-1) === "") fields.pop();
  return fields;
}

/**
 * Reads a path as git quotes it in a patch header (`core.quotePath=true`): either as is, or in double quotes with C
 * escapes (`\"`, `\\`, `\t`, `\n`, … and `\ooo` octal bytes, which together are UTF-8).
 */
export function unquoteGitPath(text: string): string {
  return unquoteGitPathBytes(text).toString("utf8");
}

/** {@link unquoteGitPath}'s bytes, before they are decoded: for a reader that refuses what is not UTF-8. */
export function unquoteGitPathBytes(text: string): Buffer {
  if (!text.startsWith('"')) return Buffer.from(text, "utf8");
  const bytes: number[] = [];
  const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };
  for (let index = 1; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === '"') break;
    if (character !== "\\") {
      for (const byte of Buffer.from(character, "utf8")) bytes.push(byte);
      continue;
    }
    const next = text[index + 1] ?? "";
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 4), 8));
      index += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return Buffer.from(bytes);
}

/** The object name of the empty tree: what a repository without commits is diffed against. */
export async function emptyTree(cwd: string): Promise<string> {
  return (await gitText(["hash-object", "-t", "tree", "--stdin"], { cwd, input: "" })).trim();
}
