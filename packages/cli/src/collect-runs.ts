/**
 * The runs a command line names, counted: every input (event logs streamed with the child logs beside them, documents,
 * sessions and payloads read whole, folders walked) into one {@link RunStats} per root run. `stats` prints them;
 * `usage` and `runs` report from them, so the three agree on the same files by construction.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { findChildLog } from "@agent-transcript/recorder/reader";
import { probeEventLog, reportReading, streamEventLog } from "./input/event-log.js";
import { describeProblem, inputName } from "./input/problems.js";
import { describeReadError } from "./input/open.js";
import { inputLimits, type InputOptions } from "./input/limits.js";
import { exitCodes, messageLine, type CommandIo } from "./io.js";
import { countEvent, documentStats, RunStatsAccumulator, type RunStats } from "./run-stats.js";
import { skippedLines, type SkippedFile } from "./skipped-files.js";
import { verbosityOf, warningLines, WarningsAcrossFiles, type VerbosityOptions } from "./warning-summary.js";

export interface CollectOptions extends InputOptions, VerbosityOptions {
  /** Warnings are left out (the command prints JSON and counts them there). */
  json?: boolean;
  /** Keep each run's model calls one by one (`RunStats.calls`). */
  recordCalls?: boolean;
  /** Summarise warnings by kind across every file, not file by file (a report over many sessions). */
  warningsAcrossFiles?: boolean;
}

/** The runs read, and what could not be. */
export interface CollectedRuns {
  ok: boolean;
  /** One entry per run: each input file, or each root run of a folder. */
  runs: RunStats[];
  /** Inputs that could not be read, with why. */
  problems: Array<{ input: string; message: string }>;
  /** Files found in a folder and passed over (no run, unreadable, a special file, a link out of it), with why. */
  skipped: SkippedFile[];
}

const ourLog = { agent: "event-log", cwd: null, gitBranch: null, project: null };

/** An event log and the child logs beside it, counted as they stream by. */
async function eventLogStats(
  file: string,
  io: CommandIo,
  options: CollectOptions,
  seen: Set<string>,
  depth = 0,
): Promise<{ stats: RunStats; failed: boolean }> {
  const accumulator = new RunStatsAccumulator(file, "event-log", { recordCalls: options.recordCalls });
  accumulator.describe({ context: ourLog });
  const childIds: string[] = [];
  const reading = await streamEventLog(file, io, options, (event) => {
    countEvent(accumulator, event);
    if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string")
      if (!childIds.includes(event.child_run_id)) childIds.push(event.child_run_id);
  });
  let failed = reportReading(reading, io, options.json ? "quiet" : verbosityOf(options)) !== exitCodes.success;
  if (accumulator.runId !== null) seen.add(accumulator.runId);
  for (const childId of childIds) {
    if (seen.has(childId) || depth > 1000) continue;
    seen.add(childId);
    const childFile = await findChildLog(path.dirname(file), childId);
    if (childFile === undefined) {
      if (!options.quiet)
        io.stderr(messageLine(`${file}: child run ${childId}: its log is not beside its parent's; not counted`));
      continue;
    }
    const child = await eventLogStats(childFile, io, options, seen, depth + 1);
    failed ||= child.failed;
    accumulator.child(child.stats);
  }
  return { stats: accumulator.finish(), failed };
}

/** The files a document's child runs were read from, at any depth (a session's sub-agent files). */
function childFiles(document: Transcript | Tolerant.Transcript): string[] {
  const files: string[] = [];
  const stack = [...(document.run?.children ?? [])];
  while (stack.length > 0) {
    const child = stack.pop();
    const transcript = child?.transcript as Transcript | Tolerant.Transcript | undefined;
    if (transcript === undefined) continue;
    if (typeof transcript.source?.path === "string") files.push(transcript.source.path);
    for (const grandchild of transcript.run?.children ?? []) stack.push(grandchild);
  }
  return files;
}

/** Reads every input into runs. Warnings go to stderr as they come (unless `json`); problems are returned. */
export async function collectRuns(
  inputs: readonly string[],
  options: CollectOptions,
  io: CommandIo,
): Promise<CollectedRuns> {
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const collected: CollectedRuns = { ok: true, runs: [], problems: [], skipped: [] };
  const seen = new Set<string>();
  const across =
    options.warningsAcrossFiles === true && verbosity === "normal" && options.json !== true
      ? new WarningsAcrossFiles()
      : undefined;
  // Each input once, with what its first line says; `found`: listed from a folder, not named by the user, so one that
  // holds no run is skipped with a note, not a failure.
  const files: Array<{ file: string; kind: "event-log" | "child-log" | "other"; found: boolean }> = [];
  // Files a folder's session lists as related, and the files its import did read as child runs.
  const attached: string[] = [];
  const readAsChildren = new Set<string>();
  for (const input of inputs) {
    if (input === "-") {
      files.push({ file: input, kind: "other", found: false });
      continue;
    }
    let isFolder: boolean;
    try {
      const stats = await stat(input);
      isFolder = stats.isDirectory();
      // An empty file holds no run: said as that, not counted as a run with nothing in it.
      if (stats.isFile() && stats.size === 0) {
        collected.problems.push({ input, message: "the file is empty: no run to count" });
        continue;
      }
    } catch (error) {
      collected.problems.push({ input, message: `cannot read: ${describeReadError(error)}` });
      continue;
    }
    if (!isFolder) files.push({ file: input, kind: await probeEventLog(input), found: false });
    else {
      // The walk and the session detection behind it load only when a folder is given.
      const { findFolderRuns } = await import("./input/folder-runs.js");
      const found = await findFolderRuns(input);
      for (const run of found.runs) files.push({ ...run, found: true });
      for (const skipped of found.skipped) collected.skipped.push(skipped);
      for (const file of found.attached) attached.push(file);
    }
  }
  const readOne = async (file: string, kind: "event-log" | "child-log" | "other", found: boolean): Promise<void> => {
    if (kind !== "other") {
      const { stats, failed } = await eventLogStats(file, io, options, seen);
      if (failed) collected.ok = false;
      collected.runs.push(stats);
      return;
    }
    // A document, session or payload is read whole: its loader (and the converters behind it) only when one is met.
    const { loadDocument } = await import("./input/document.js");
    const loaded = await loadDocument(file, io, limits);
    const source = inputName(file);
    if (!loaded.ok && found) {
      collected.skipped.push(
        loaded.unreadable === true
          ? { path: file, kind: "unreadable", reason: loaded.problems.map(describeProblem).join("; ") }
          : { path: file, kind: "not a run", reason: "not an event log, document, session or payload" },
      );
      return;
    }
    if (!loaded.ok) {
      collected.problems.push({ input: source, message: loaded.problems.map(describeProblem).join("; ") });
      return;
    }
    // Only a session's import reads files beside it; a document's embedded child runs name where they once came
    // from, which is no file read here. A session's own file may hold its sub-agents too (older Claude Code).
    if (loaded.kind === "session")
      for (const child of childFiles(loaded.document))
        if (path.resolve(child) !== path.resolve(file)) readAsChildren.add(path.resolve(child));
    if (across !== undefined) across.add(source, loaded.warnings);
    else for (const line of warningLines(source, loaded.warnings, options.json ? "quiet" : verbosity)) io.stderr(line);
    collected.runs.push(
      documentStats(loaded.document, source, loaded.kind === "transcript" ? "document" : loaded.kind, {
        recordCalls: options.recordCalls,
      }),
    );
  };
  // Which file each run found in a folder was read from: one another session read as its child run is dropped after
  // all are read, whatever order their names sort in (the rollouts of a Codex day list each other; only a sub-agent's
  // parent reads it as a child run).
  const fileOfRun = new Map<RunStats, string>();
  const readFound = async (file: string, kind: "event-log" | "child-log" | "other"): Promise<void> => {
    const before = collected.runs.length;
    await readOne(file, kind, true);
    for (const run of collected.runs.slice(before)) fileOfRun.set(run, path.resolve(file));
  };
  for (const { file, kind, found } of files) await (found ? readFound(file, kind) : readOne(file, kind, false));
  // A related file that no session read as its child run is a run of its own.
  for (const file of attached) if (!readAsChildren.has(path.resolve(file))) await readFound(file, "other");
  if (readAsChildren.size > 0)
    collected.runs = collected.runs.filter((run) => {
      const file = fileOfRun.get(run);
      return file === undefined || !readAsChildren.has(file);
    });
  collected.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (collected.problems.length > 0) collected.ok = false;
  return collected;
}

/** Says on stderr what was passed over and what could not be read (a `--json` report lists them instead of the former). */
export function reportCollected(collected: CollectedRuns, options: CollectOptions, io: CommandIo): void {
  for (const line of skippedLines(collected.skipped, options.json ? "quiet" : verbosityOf(options))) io.stderr(line);
  for (const problem of collected.problems) io.stderr(messageLine(`${problem.input}: ${problem.message}`));
}
