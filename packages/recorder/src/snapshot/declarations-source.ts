// Where a run's snapshot declarations come from (Oz snapshot declarations): a script the run's environment names,
// run with a per-run file to write them to; or a static, pre-filled file; or nothing, which is no snapshot and one
// INFO line. Every failure of the script (an exit code, a hang, garbage) is a problem in the result: a snapshot must
// never keep a run from closing.
import { spawn, type ChildProcess } from "node:child_process";
import { constants as fsConstants, type Stats } from "node:fs";
import { lstat, mkdtemp, open, rm, stat, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describeCount } from "@agent-transcript/core";
import { readSnapshotDeclarations, type DeclarationsReport } from "./read-declarations.js";
import { killTracedProcesses, newScriptMarker, openTracedStream } from "./script-processes.js";

/** The variables a run's environment sets to ask for a snapshot. */
export const snapshotEnvironment = {
  /** An executable run at the end of the run, with the declarations file's path in `file`. */
  script: "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT",
  /** Alone: a static, pre-filled declarations file. With `script`: the file the script writes (truncated first). */
  file: "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE",
} as const;

/**
 * Oz's names for the same two variables, read when ours are not set, and the file's also exported to the script: a
 * declarations script written for Oz runs unchanged.
 */
export const ozSnapshotEnvironment = {
  script: "OZ_SNAPSHOT_DECLARATIONS_SCRIPT",
  file: "OZ_SNAPSHOT_DECLARATIONS_FILE",
} as const;

/** Where the README's "Snapshots" section is: what the INFO line points to when no snapshot is configured. */
export const snapshotDocsUrl =
  "https://github.com/agent-transcript/agent-transcript/tree/main/packages/recorder#snapshots";

/** How long a declarations script may run before it is killed, with the processes it started. */
export const defaultScriptTimeoutMs = 60_000;

/** The largest declarations file read: far more than any workspace declares, far less than garbage can be. */
export const maxDeclarationsBytes = 4 * 1024 * 1024;

/** What went wrong getting the declarations, for a person: the snapshot is not taken. */
export interface SnapshotSourceProblem {
  code: "script-failed" | "script-timeout" | "script-not-runnable" | "declarations-unreadable" | "no-declarations";
  message: string;
}

export type DeclarationsOutcome =
  /** `--no-snapshot`: nothing looked at. */
  | { status: "disabled" }
  /** Neither variable set: no snapshot, and `info` says where the docs are. */
  | { status: "not-configured"; info: string }
  /** Declarations read (`report.problems` lists the malformed lines that were skipped). */
  | { status: "declared"; mode: "script" | "static"; file: string; report: DeclarationsReport }
  /** The script or the file failed: no snapshot, and why. */
  | { status: "failed"; mode: "script" | "static"; problem: SnapshotSourceProblem; report?: DeclarationsReport };

export interface DeclarationsSourceOptions {
  /** The run's environment (default `process.env`): which variables are set, and what the script is given. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the script runs (its working directory). Default `process.cwd()`. */
  cwd?: string;
  /** Default {@link defaultScriptTimeoutMs}. */
  timeoutMs?: number;
  /** `--no-snapshot`. */
  disabled?: boolean;
  /** Names the per-run declarations file's folder, for people reading /tmp. */
  runId?: string;
}

function variable(env: Readonly<Record<string, string | undefined>>, ours: string, oz: string): string | undefined {
  const value = env[ours] ?? env[oz];
  return value === undefined || value === "" ? undefined : value;
}

/**
 * Finds the run's declarations the way its environment asks (see {@link snapshotEnvironment}). Never throws: every
 * failure is a `failed` outcome with a message naming the script or the file and what happened.
 */
export async function resolveSnapshotDeclarations(
  options: DeclarationsSourceOptions = {},
): Promise<DeclarationsOutcome> {
  if (options.disabled) return { status: "disabled" };
  const env = options.env ?? process.env;
  const script = variable(env, snapshotEnvironment.script, ozSnapshotEnvironment.script);
  const file = variable(env, snapshotEnvironment.file, ozSnapshotEnvironment.file);
  if (script === undefined && file === undefined)
    return {
      status: "not-configured",
      info: `no workspace snapshot: neither ${snapshotEnvironment.script} nor ${snapshotEnvironment.file} is set; see ${snapshotDocsUrl}`,
    };
  try {
    if (script === undefined) return await readStatic(file as string);
    return await runScript(script, file, env, options);
  } catch (error) {
    return {
      status: "failed",
      mode: script === undefined ? "static" : "script",
      problem: {
        code: "declarations-unreadable",
        message: `snapshot declarations: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}

async function readStatic(file: string): Promise<DeclarationsOutcome> {
  if (!path.isAbsolute(file))
    return failed("static", "declarations-unreadable", `${snapshotEnvironment.file} must be an absolute path: ${file}`);
  const read = await readDeclarationsFile(file);
  if ("problem" in read) return failed("static", "declarations-unreadable", read.problem);
  return declared("static", file, readSnapshotDeclarations(read.text));
}

function failed(
  mode: "script" | "static",
  code: SnapshotSourceProblem["code"],
  message: string,
  report?: DeclarationsReport,
): DeclarationsOutcome {
  return { status: "failed", mode, problem: { code, message }, ...(report ? { report } : {}) };
}

/** Declarations read: a file that declared nothing valid is a failure worth saying, not a silent empty snapshot. */
function declared(mode: "script" | "static", file: string, report: DeclarationsReport): DeclarationsOutcome {
  if (report.declarations.length > 0) return { status: "declared", mode, file, report };
  const malformed = report.problems.length;
  const first = report.problems[0];
  const detail =
    malformed === 0
      ? "it is empty"
      : `${describeCount(malformed, "malformed line")} skipped (line ${first?.line ?? 0}: ${first?.message ?? ""})`;
  return failed(mode, "no-declarations", `no valid snapshot declaration in ${file}: ${detail}`, report);
}

/** A declarations file opened and checked: a regular file, reached without following a link. */
type OpenedDeclarations = { handle: FileHandle; stats: Stats } | { problem: string };

/** How a file that is not a regular one is named in a refusal. */
function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a regular file";
}

function notRegular(file: string, stats: Stats): string {
  return stats.isSymbolicLink()
    ? `the declarations file ${file} is a symbolic link: refused (declarations files are never opened through a link)`
    : `the declarations file ${file} is ${kindOf(stats)}, not a regular file: refused`;
}

/**
 * Opens a declarations file the way nothing planted at its path can abuse: the last component is never followed if
 * it is a link (O_NOFOLLOW), a FIFO or device never blocks the open (O_NONBLOCK: a FIFO without a writer opens at
 * once for reading, one without a reader fails ENXIO for writing), and what was opened is checked on the descriptor
 * itself, so nothing can be swapped in between a check and the use.
 */
async function openDeclarations(file: string, flags: number, mode?: number): Promise<OpenedDeclarations> {
  let handle: FileHandle;
  try {
    handle = await open(file, flags | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK | fsConstants.O_NOCTTY, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { problem: `cannot read the declarations file ${file}: it does not exist` };
    // ELOOP (a link, with O_NOFOLLOW), ENXIO (a FIFO or socket nobody reads), EISDIR: say what is there instead.
    const there = await lstat(file).catch(() => undefined);
    if (there !== undefined && !there.isFile()) return { problem: notRegular(file, there) };
    return { problem: `cannot open the declarations file ${file}: ${String(code ?? error)}` };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return { problem: notRegular(file, stats) };
    }
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readDeclarationsFile(file: string): Promise<{ text: string } | { problem: string }> {
  const opened = await openDeclarations(file, fsConstants.O_RDONLY);
  if ("problem" in opened) return opened;
  const { handle, stats } = opened;
  try {
    if (stats.size > maxDeclarationsBytes)
      return {
        problem: `the declarations file ${file} is ${stats.size} bytes, over the ${maxDeclarationsBytes}-byte limit: not a declarations file`,
      };
    // Never more than the size seen: a file still growing is read as it was then.
    const bytes = Buffer.alloc(stats.size);
    let length = 0;
    while (length < bytes.length) {
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, length));
    return { text };
  } finally {
    await handle.close();
  }
}

/**
 * Makes the file the script writes empty (or new), refusing what must not be emptied: a link (whose target a file
 * planted in a shared folder would point at a victim's file), a file with other hard links (the same, by another
 * name), a FIFO or a device. Only a file this function created (`exclusive`) or checked on its descriptor is
 * emptied, through that descriptor.
 */
async function emptyDeclarationsFile(file: string, exclusive: boolean): Promise<{ problem: string } | undefined> {
  const opened = await openDeclarations(
    file,
    fsConstants.O_WRONLY | fsConstants.O_CREAT | (exclusive ? fsConstants.O_EXCL : 0),
    0o600,
  );
  if ("problem" in opened) return opened;
  const { handle, stats } = opened;
  try {
    if (stats.nlink > 1)
      return {
        problem: `the declarations file ${file} has ${stats.nlink} hard links: refused (emptying it would empty the others too)`,
      };
    await handle.truncate(0);
    return undefined;
  } finally {
    await handle.close();
  }
}

async function runScript(
  script: string,
  pinnedFile: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  options: DeclarationsSourceOptions,
): Promise<DeclarationsOutcome> {
  const timeoutMs = options.timeoutMs ?? defaultScriptTimeoutMs;
  let temporaryFolder: string | undefined;
  let file = pinnedFile;
  if (file !== undefined && !path.isAbsolute(file))
    return failed("script", "declarations-unreadable", `${snapshotEnvironment.file} must be an absolute path: ${file}`);
  try {
    if (file === undefined) {
      const prefix = `agent-transcript-snapshot-${(options.runId ?? "run").replace(/[^\w.-]/g, "_").slice(0, 64)}-`;
      temporaryFolder = await mkdtemp(path.join(os.tmpdir(), prefix));
      file = path.join(temporaryFolder, "declarations.jsonl");
    }
    // The file is this run's: a script that appends (as Oz's template does) must not find an earlier run's lines.
    const emptied = await emptyDeclarationsFile(file, temporaryFolder !== undefined);
    if (emptied !== undefined) return failed("script", "declarations-unreadable", emptied.problem);
    const scriptStats = await stat(script).catch(() => undefined);
    if (!scriptStats?.isFile())
      return failed(
        "script",
        "script-not-runnable",
        `the declarations script ${script} does not exist or is not a file`,
      );
    const outcome = await runWithTimeout(script, file, env, options.cwd ?? process.cwd(), timeoutMs);
    if (outcome !== undefined) return outcome;
    const read = await readDeclarationsFile(file);
    if ("problem" in read) return failed("script", "declarations-unreadable", read.problem);
    return declared("script", file, readSnapshotDeclarations(read.text));
  } finally {
    if (temporaryFolder !== undefined) await rm(temporaryFolder, { recursive: true, force: true });
  }
}

/** The last few lines of what the script said on stderr, for the error message. */
const scriptOutputLimit = 2048;

/** How long a script has to end after SIGTERM before SIGKILL, and again after SIGKILL before it is given up on. */
const killGraceMs = 1000;

/** How long the search for the processes a script left behind may go on killing (it ends sooner: when none is left). */
const sweepBoundMs = 2000;

/**
 * Runs the script in a process group of its own; returns a failure, or undefined when it exited 0 in time. Either
 * way, every process it started that can still be found is killed before this returns (see script-processes.ts):
 * the snapshot is taken now, and nothing the script left running may change the declarations while they are read,
 * or outlive the run. It returns by the timeout plus at most `2 × killGraceMs + sweepBoundMs`, whatever the script
 * does.
 */
async function runWithTimeout(
  script: string,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  timeoutMs: number,
): Promise<DeclarationsOutcome | undefined> {
  const stream = await openTracedStream();
  return new Promise((resolve) => {
    let stderr = "";
    let timedOut = false;
    let ending = false;
    const timers: NodeJS.Timeout[] = [];
    const marker = newScriptMarker();
    let child: ChildProcess;
    try {
      child = spawn(script, [], {
        cwd,
        env: {
          ...env,
          [snapshotEnvironment.file]: file,
          [ozSnapshotEnvironment.file]: file,
          [marker.variable]: marker.value,
        },
        // A group of its own, so a timeout kills what the script started too, not only the shell running it.
        detached: true,
        stdio: ["ignore", "ignore", stream?.childEnd ?? "pipe"],
      });
    } catch (error) {
      stream?.reader.destroy();
      throw error;
    } finally {
      // The script has its own copy now; this process only reads.
      stream?.childEnd.destroy();
    }
    const output = stream?.reader ?? child.stderr;
    output?.on("error", () => undefined);
    output?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-scriptOutputLimit);
    });
    const killGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const said = (): string => {
      const text = stderr.trim();
      return text === "" ? "" : `; it said: ${text.split("\n").slice(-5).join(" | ")}`;
    };
    const timedOutOutcome = (): DeclarationsOutcome =>
      failed(
        "script",
        "script-timeout",
        `the declarations script ${script} did not finish within ${timeoutMs} ms and was killed, with the processes it started${said()}`,
      );
    /** Kills whatever is left, then answers: by the script's exit, or by giving up on a script that never exits. */
    const end = async (outcome: () => DeclarationsOutcome | undefined): Promise<void> => {
      if (ending) return;
      ending = true;
      for (const timer of timers) clearTimeout(timer);
      killGroup("SIGKILL");
      await killTracedProcesses(
        {
          environmentEntry: `${marker.variable}=${marker.value}`,
          descriptors: new Set(stream?.trace === undefined ? [] : [stream.trace]),
        },
        sweepBoundMs,
      );
      output?.destroy();
      resolve(outcome());
    };
    timers.push(
      setTimeout(() => {
        timedOut = true;
        killGroup("SIGTERM");
        // A script that ignores SIGTERM gets SIGKILL a moment later; one that still has not exited (stuck in the
        // kernel) is given up on after another: the run closes either way.
        timers.push(setTimeout(() => killGroup("SIGKILL"), killGraceMs));
        timers.push(setTimeout(() => void end(timedOutOutcome), 2 * killGraceMs));
      }, timeoutMs),
    );
    child.on("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "EACCES"
          ? "it is not executable (chmod +x it, and give it a #! line)"
          : error.code === "ENOENT"
            ? "it does not exist"
            : error.code === "ENOEXEC"
              ? "it is not a program the system can run (give it a #! line)"
              : error.message;
      void end(() =>
        failed("script", "script-not-runnable", `cannot run the declarations script ${script}: ${reason}`),
      );
    });
    // `exit`, not `close`: a background process the script left behind may hold stderr open for ever.
    child.on("exit", (code, signal) => {
      void end(() => {
        if (timedOut) return timedOutOutcome();
        if (code !== 0)
          return failed(
            "script",
            "script-failed",
            `the declarations script ${script} ${code === null ? `was killed by ${String(signal)}` : `exited with code ${code}`}${said()}`,
          );
        return undefined;
      });
    });
  });
}
