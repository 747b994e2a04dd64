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
import { inputLimits } from "./input/limits.js";
import { exitCodes, messageLine, type CommandIo } from "./io.js";
import { countEvent, documentStats, RunStatsAccumulator, type RunStats } from "./run-stats.js";
import { skippedLines, type SkippedFile } from "./skipped-files.js";
import { verbosityOf, warningLines, WarningsAcrossFiles } from "./warning-summary.js";
import { readThreads } from "./read-pool/threads.js";
import type { CollectOptions, EventLogResume, RunFileRead } from "./run-file-read.js";

export type { CollectOptions, RunFileRead } from "./run-file-read.js";

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

/**
 * What reading a run file may show besides its statistics: the run index takes each document (and each event of an
 * event log) to index its messages and tool calls for search. Nothing is kept when no one asks.
 */
export interface RunContent {
  /** A document, session or payload read whole (its child runs inside it). */
  document?(document: Transcript | Tolerant.Transcript, source: string): void;
  /** One event of an event log (or of a child log read with it), with the log's file. */
  event?(event: Tolerant.Event, file: string): void;
}

/** An event log and the child logs beside it, counted as they stream by; `from`: go on where a reading stopped. */
async function eventLogStats(
  file: string,
  io: CommandIo,
  options: CollectOptions,
  seen: Set<string>,
  read: { files: string[]; content: RunContent | undefined },
  depth = 0,
  from?: EventLogResume,
): Promise<{ stats: RunStats; failed: boolean; resume?: EventLogResume; childIds: string[] }> {
  const accumulator =
    from === undefined
      ? new RunStatsAccumulator(file, "event-log", { recordCalls: options.recordCalls })
      : RunStatsAccumulator.resume(from.stats, { recordCalls: options.recordCalls });
  if (from === undefined) accumulator.describe({ context: ourLog });
  const childIds: string[] = [];
  const reading = await streamEventLog(
    file,
    io,
    options,
    (event) => {
      countEvent(accumulator, event);
      read.content?.event?.(event, file);
      if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string")
        if (!childIds.includes(event.child_run_id)) childIds.push(event.child_run_id);
    },
    from === undefined ? {} : { resumeFrom: from.point },
  );
  let failed = reportReading(reading, io, options.json ? "quiet" : verbosityOf(options)) !== exitCodes.success;
  // Its counts as they stand at the end of the reading, before finish() settles them: a later reading goes on from them.
  const resume =
    options.resumable === true && depth === 0 && childIds.length === 0 && reading.resumePoint !== undefined
      ? { point: reading.resumePoint, stats: accumulator.state() }
      : undefined;
  if (accumulator.runId !== null) seen.add(accumulator.runId);
  // A reading that goes on does not read child logs: new lines that start a child run have the log read whole.
  for (const childId of from === undefined ? childIds : []) {
    if (seen.has(childId) || depth > 1000) continue;
    seen.add(childId);
    const childFile = await findChildLog(path.dirname(file), childId);
    if (childFile === undefined) {
      if (!options.quiet)
        io.stderr(messageLine(`${file}: child run ${childId}: its log is not beside its parent's; not counted`));
      continue;
    }
    read.files.push(childFile);
    const child = await eventLogStats(childFile, io, options, seen, read, depth + 1);
    failed ||= child.failed;
    accumulator.child(child.stats);
  }
  return { stats: accumulator.finish(), failed, childIds, ...(resume === undefined ? {} : { resume }) };
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

/** The shared state of one reading of many files: child logs already counted, so none is counted twice. */
export class RunFileReader {
  private readonly seen = new Set<string>();

  constructor(
    private readonly io: CommandIo,
    private readonly options: CollectOptions,
    private readonly content?: RunContent,
  ) {}

  /**
   * Reads on an event log from where an earlier reading stopped (its `resume`), the caller having checked that the
   * bytes before are the ones read then: the run as a reading of the whole would count it. Undefined when the new
   * lines start a child run (the log is then read whole, with its child logs).
   */
  async readOn(file: string, from: EventLogResume): Promise<RunFileRead | undefined> {
    const read = { files: [] as string[], content: this.content };
    const { stats, failed, resume, childIds } = await eventLogStats(
      file,
      this.io,
      this.options,
      this.seen,
      read,
      0,
      from,
    );
    if (childIds.length > 0) return undefined;
    return { runs: [stats], failed, childFiles: [], ...(resume === undefined ? {} : { resume }) };
  }

  /**
   * Reads one file. `found`: listed from a folder, not named by the user, so one that holds no run is skipped with a
   * note, not a failure. Warnings go to stderr as they come (unless `json` or `warningsAcrossFiles`: then returned).
   */
  async read(file: string, kind: "event-log" | "child-log" | "other", found: boolean): Promise<RunFileRead> {
    const { io, options } = this;
    if (kind !== "other") {
      const read = { files: [] as string[], content: this.content };
      const { stats, failed, resume } = await eventLogStats(file, io, options, this.seen, read);
      return {
        runs: [stats],
        failed,
        childFiles: read.files.map((child) => path.resolve(child)),
        ...(resume === undefined ? {} : { resume }),
      };
    }
    // A document, session or payload is read whole: its loader (and the converters behind it) only when one is met.
    const { loadDocument } = await import("./input/document.js");
    const loaded = await loadDocument(file, io, inputLimits(options));
    const source = inputName(file);
    if (!loaded.ok && found)
      return {
        runs: [],
        failed: false,
        childFiles: [],
        skipped:
          loaded.unreadable === true
            ? { path: file, kind: "unreadable", reason: loaded.problems.map(describeProblem).join("; ") }
            : { path: file, kind: "not a run", reason: "not an event log, document, session or payload" },
      };
    if (!loaded.ok)
      return {
        runs: [],
        failed: true,
        childFiles: [],
        problem: { input: source, message: loaded.problems.map(describeProblem).join("; ") },
      };
    // Only a session's import reads files beside it; a document's embedded child runs name where they once came
    // from, which is no file read here. A session's own file may hold its sub-agents too (older Claude Code).
    const children: string[] = [];
    if (loaded.kind === "session")
      for (const child of childFiles(loaded.document))
        if (path.resolve(child) !== path.resolve(file)) children.push(path.resolve(child));
    const verbosity = verbosityOf(options);
    let warnings: RunFileRead["warnings"];
    if (options.warningsAcrossFiles === true && verbosity === "normal" && options.json !== true)
      warnings = { source, warnings: loaded.warnings };
    else for (const line of warningLines(source, loaded.warnings, options.json ? "quiet" : verbosity)) io.stderr(line);
    this.content?.document?.(loaded.document, source);
    const stats = documentStats(loaded.document, source, loaded.kind === "transcript" ? "document" : loaded.kind, {
      recordCalls: options.recordCalls,
    });
    return { runs: [stats], failed: false, childFiles: children, ...(warnings === undefined ? {} : { warnings }) };
  }
}

/** An input named on the command line, as the readers see it. */
export interface NamedFile {
  file: string;
  kind: "event-log" | "child-log" | "other";
  /** Listed from a folder, not named by the user. */
  found: boolean;
}

/**
 * The files the inputs name, each once with what its first line says (folders walked), and what was passed over or
 * could not be read. `attached`: files a folder's session lists as related, read as runs of their own only when no
 * session read them as its child runs.
 */
export async function namedFiles(inputs: readonly string[]): Promise<{
  files: NamedFile[];
  attached: string[];
  skipped: SkippedFile[];
  problems: Array<{ input: string; message: string }>;
}> {
  const result = {
    files: [] as NamedFile[],
    attached: [] as string[],
    skipped: [] as SkippedFile[],
    problems: [] as Array<{ input: string; message: string }>,
  };
  for (const input of inputs) {
    if (input === "-") {
      result.files.push({ file: input, kind: "other", found: false });
      continue;
    }
    let isFolder: boolean;
    try {
      const stats = await stat(input);
      isFolder = stats.isDirectory();
      // An empty file holds no run: said as that, not counted as a run with nothing in it.
      if (stats.isFile() && stats.size === 0) {
        result.problems.push({ input, message: "the file is empty: no run to count" });
        continue;
      }
    } catch (error) {
      result.problems.push({ input, message: `cannot read: ${describeReadError(error)}` });
      continue;
    }
    if (!isFolder) result.files.push({ file: input, kind: await probeEventLog(input), found: false });
    else {
      // The walk and the session detection behind it load only when a folder is given.
      const { findFolderRuns } = await import("./input/folder-runs.js");
      const found = await findFolderRuns(input);
      for (const run of found.runs) result.files.push({ ...run, found: true });
      for (const skipped of found.skipped) result.skipped.push(skipped);
      for (const file of found.attached) result.attached.push(file);
    }
  }
  return result;
}

/** Reads every input into runs. Warnings go to stderr as they come (unless `json`); problems are returned. */
export async function collectRuns(
  inputs: readonly string[],
  options: CollectOptions,
  io: CommandIo,
): Promise<CollectedRuns> {
  const verbosity = verbosityOf(options);
  const named = await namedFiles(inputs);
  const collected: CollectedRuns = { ok: true, runs: [], problems: named.problems, skipped: named.skipped };
  const across =
    options.warningsAcrossFiles === true && verbosity === "normal" && options.json !== true
      ? new WarningsAcrossFiles()
      : undefined;
  const reader = new RunFileReader(io, options);
  // Which file each run found in a folder was read from: one another session read as its child run is dropped after
  // all are read, whatever order their names sort in (the rollouts of a Codex day list each other; only a sub-agent's
  // parent reads it as a child run). Only a session's child files count: an event log's child logs are not listed
  // as runs of a folder at all.
  const readAsChildren = new Set<string>();
  const fileOfRun = new Map<RunStats, string>();
  const readOne = async (file: string, kind: NamedFile["kind"], found: boolean): Promise<void> =>
    takeRead(await reader.read(file, kind, found), file, kind, found);
  const takeRead = (read: RunFileRead, file: string, kind: NamedFile["kind"], found: boolean): void => {
    if (read.failed) collected.ok = false;
    if (read.problem !== undefined) collected.problems.push(read.problem);
    if (read.skipped !== undefined) collected.skipped.push(read.skipped);
    if (read.warnings !== undefined) across?.add(read.warnings.source, read.warnings.warnings);
    if (kind === "other") for (const child of read.childFiles) readAsChildren.add(child);
    for (const run of read.runs) {
      collected.runs.push(run);
      if (found) fileOfRun.set(run, path.resolve(file));
    }
  };
  // A file a worker read: its stderr lines written in their turn, then its reading taken; one it did not, read here.
  const takePooled = async (
    pooled: PooledRead | undefined,
    file: string,
    kind: NamedFile["kind"],
    found: boolean,
  ): Promise<void> => {
    if (pooled === undefined) return readOne(file, kind, found);
    for (const line of pooled.stderr) io.stderr(line);
    takeRead(pooled.read, file, kind, found);
  };
  // Documents, sessions and payloads are read on the machine's other cores when there are many (read-pool.ts), their
  // answers taken here in the order of the files; event logs are read here, in their place.
  const others = named.files.filter(({ file, kind }) => kind === "other" && file !== "-");
  const threads = others.length > 1 ? readThreads(others.length + named.attached.length) : 1;
  const pool = threads > 1 ? await startReadPool(threads, options, io) : undefined;
  try {
    const early = new Map<NamedFile, Promise<PooledRead | undefined>>();
    if (pool !== undefined) for (const entry of others) early.set(entry, pool.read(entry.file, entry.found));
    for (const entry of named.files) {
      await takePooled(await early.get(entry), entry.file, entry.kind, entry.found);
    }
    // A related file that no session read as its child run is a run of its own.
    const attached = named.attached.filter((file) => !readAsChildren.has(path.resolve(file)));
    const attachedReads = attached.map((file) => pool?.read(file, true));
    for (const [index, file] of attached.entries()) {
      await takePooled(await attachedReads[index], file, "other", true);
    }
    if (pool !== undefined && verbosity === "verbose")
      io.stderr(messageLine(`agent-transcript: read ${others.length + attached.length} files on ${threads} threads`));
  } finally {
    await pool?.close();
  }
  // Said once per kind at the end, where each file's warnings would have buried the report's lines.
  if (across !== undefined) for (const line of across.lines()) io.stderr(line);
  if (readAsChildren.size > 0)
    collected.runs = collected.runs.filter((run) => {
      const file = fileOfRun.get(run);
      return file === undefined || !readAsChildren.has(file);
    });
  collected.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (collected.problems.length > 0) collected.ok = false;
  return collected;
}

/** A file read on a worker: the reading, and the lines it wrote to stderr, for the caller to write in its turn. */
interface PooledRead {
  read: RunFileRead;
  stderr: string[];
}

/**
 * A read pool of `threads` workers (read-pool.ts); undefined when no worker can be started. A file whose worker
 * failed or ended resolves undefined: the caller reads it itself.
 */
async function startReadPool(
  threads: number,
  options: CollectOptions,
  io: CommandIo,
): Promise<
  { read: (file: string, found: boolean) => Promise<PooledRead | undefined>; close: () => Promise<void> } | undefined
> {
  const { ReadPool, restoredRead } = await import("./read-pool/read-pool.js");
  const pool = ReadPool.start(threads, options, io.color);
  if (pool === undefined) return undefined;
  return {
    read: (file, found) =>
      pool.read(file, found).then(
        (response) => (response.ok ? { read: restoredRead(response.read), stderr: response.stderr } : undefined),
        () => undefined,
      ),
    close: () => pool.close(),
  };
}

/** Says on stderr what was passed over and what could not be read (a `--json` report lists them instead of the former). */
export function reportCollected(collected: CollectedRuns, options: CollectOptions, io: CommandIo): void {
  for (const line of skippedLines(collected.skipped, options.json ? "quiet" : verbosityOf(options))) io.stderr(line);
  for (const problem of collected.problems) io.stderr(messageLine(`${problem.input}: ${problem.message}`));
}
