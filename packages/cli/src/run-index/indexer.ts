/**
 * Brings the run index up to date with its roots: each root's files are walked and compared with what the index saw
 * (size and modification time; a file whose time moved but whose SHA-256 did not is unchanged), and only a run whose
 * files changed is read again, through the same reader as `stats` (collect-runs.ts), and written in one transaction
 * of its own. A run whose files are gone is removed. A killed indexer leaves every run it finished and none half
 * written; two at once take turns at each write (WAL, a busy timeout) and agree, since each writes what the files say.
 */
import { createHash } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import type { CollectOptions } from "../collect-runs.js";
import type { EventLogResume } from "../run-file-read.js";
import type { LogMessagesState } from "./content.js";
import { listFiles, type ListedFile } from "../input/folder-files.js";
import { describeReadError } from "../input/open.js";
import type { InputOptions } from "../input/limits.js";
import type { CommandIo } from "../io.js";
import type { RunStats } from "../run-stats.js";
import type { SkippedFile } from "../skipped-files.js";
import { WarningsAcrossFiles, type VerbosityOptions } from "../warning-summary.js";
import type { RunIndexStore, StoredFile } from "./store.js";

/** What one indexing did. */
export interface IndexSummary {
  /** Roots walked (a root that does not exist is counted in `missingRoots`). */
  roots: number;
  missingRoots: string[];
  /** Runs read (new or changed), kept as they were, and removed (their files gone). */
  read: number;
  /** Event logs grown by appends, read from where their last reading stopped (among `read`). */
  appended: number;
  unchanged: number;
  removed: number;
  /** Files found and passed over (no run in them, special files, links out of the folder), and files that could not be read. */
  skipped: number;
  unreadable: Array<{ path: string; reason: string }>;
  /** The files passed over this time (unreadable ones among them), with why. */
  passedOver: SkippedFile[];
  /** Runs in the index after it, over every root (sub-agents within their parent). */
  runs: number;
}

const noFollow = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * A file's size, time and SHA-256, read through one descriptor opened without following a link; with `prefixBytes`,
 * also the SHA-256 of its first that many bytes, in the same reading (whether a log only grew: its earlier bytes the
 * ones read before). The size is of the bytes hashed.
 */
async function fingerprint(
  file: string,
  prefixBytes = -1,
): Promise<{ file: StoredFile; prefixSha256: string | undefined }> {
  const handle = await open(file, noFollow);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error("not a regular file");
    const hash = createHash("sha256");
    let prefixSha256: string | undefined;
    let position = 0;
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    for (;;) {
      // Up to the prefix's end first, where its hash is taken, then on to the end.
      const wanted = position < prefixBytes ? Math.min(buffer.length, prefixBytes - position) : buffer.length;
      const { bytesRead } = await handle.read(buffer, 0, wanted, position);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
      if (position === prefixBytes) prefixSha256 = hash.copy().digest("hex");
    }
    return {
      file: { path: file, size: position, mtime_ms: stats.mtimeMs, sha256: hash.digest("hex") },
      prefixSha256,
    };
  } finally {
    await handle.close();
  }
}

async function storedFile(file: string): Promise<StoredFile> {
  return (await fingerprint(file)).file;
}

/** Whether every file a run was read from is as it was: the same size and time, or the same bytes. */
async function unchanged(files: readonly StoredFile[]): Promise<boolean> {
  for (const file of files) {
    try {
      const now = await stat(file.path);
      if (now.size === file.size && now.mtimeMs === file.mtime_ms) continue;
      if (now.size !== file.size) return false;
      if ((await storedFile(file.path)).sha256 !== file.sha256) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Each regular file under a root with its size and time (nothing opened), and what the walk passed over. `stats`: the
 * root's own, already taken (a root that is one file is that file).
 */
function walk(root: string, stats: Stats): { files: ListedFile[]; skipped: SkippedFile[] } {
  const skipped: SkippedFile[] = [];
  if (!stats.isDirectory())
    return { files: [{ path: path.resolve(root), size: stats.size, mtimeMs: stats.mtimeMs }], skipped };
  return { files: listFiles(root, skipped).map((file) => ({ ...file, path: path.resolve(file.path) })), skipped };
}

function sameFiles(seen: Map<string, { size: number; mtime_ms: number }>, files: readonly ListedFile[]): boolean {
  if (seen.size !== files.length) return false;
  for (const file of files) {
    const before = seen.get(file.path);
    if (before === undefined || before.size !== file.size || before.mtime_ms !== file.mtimeMs) return false;
  }
  return true;
}

export interface IndexOptions extends InputOptions, VerbosityOptions {
  /** Called as each run is read (new or changed). */
  onRead?: (file: string) => void;
}

/** Brings the index up to date with each root (absolute paths). */
export async function indexRoots(
  store: RunIndexStore,
  roots: readonly string[],
  io: CommandIo,
  options: IndexOptions = {},
): Promise<IndexSummary> {
  const summary: IndexSummary = {
    roots: 0,
    missingRoots: [],
    read: 0,
    appended: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    unreadable: [],
    passedOver: [],
    runs: 0,
  };
  const warnings = new WarningsAcrossFiles();
  const { onRead: _onRead, ...readOptions } = options;
  const collectOptions: CollectOptions = {
    ...readOptions,
    recordCalls: true,
    warningsAcrossFiles: true,
    resumable: true,
  };
  for (const root of roots) {
    let rootStats: Stats;
    try {
      rootStats = await stat(root);
    } catch {
      // A root that is gone takes its runs with it.
      summary.missingRoots.push(root);
      for (const { id } of (await store.unitsOfRoot(root)).values()) {
        await store.remove(id);
        summary.removed += 1;
      }
      // Forgotten, not remembered empty: an index with no path does not look for it again.
      await store.forgetRoot(root);
      continue;
    }
    summary.roots += 1;
    const isFolder = rootStats.isDirectory();
    const listed = walk(root, rootStats);
    const units = await store.unitsOfRoot(root);
    // A folder's walk sees every file its runs were read from (child logs and sub-agents lie within it); a root that is
    // one file is looked at with the files its run was read from, below (its child logs are beside it, not in it).
    if (isFolder && sameFiles(await store.seenFiles(root), listed.files)) {
      summary.unchanged += units.size;
      continue;
    }
    // The readers load only when something changed: a refresh with nothing to read stays a walk.
    const { findFolderRuns } = await import("../input/folder-runs.js");
    const { probeEventLog } = await import("../input/event-log.js");
    const found = isFolder
      ? await findFolderRuns(root, listed)
      : {
          runs: [{ file: root, kind: (await probeEventLog(root)) === "other" ? "other" : "event-log" }],
          skipped: [],
          attached: [],
        };
    summary.skipped += found.skipped.length;
    for (const skipped of found.skipped) summary.passedOver.push(skipped);
    for (const skipped of found.skipped)
      if (skipped.kind === "unreadable") summary.unreadable.push({ path: skipped.path, reason: skipped.reason });
    const candidates: Array<{ file: string; kind: "event-log" | "other" }> = [
      ...found.runs.map((run) => ({ file: path.resolve(run.file), kind: run.kind as "event-log" | "other" })),
      ...found.attached.map((file) => ({ file: path.resolve(file), kind: "other" as const })),
    ];
    const wanted = new Set(candidates.map(({ file }) => file));
    for (const [file, { id }] of units)
      if (!wanted.has(file)) {
        await store.remove(id);
        summary.removed += 1;
      }
    for (const [seq, { file, kind }] of candidates.entries()) {
      const existing = units.get(file);
      const existingFiles = existing === undefined ? [] : await store.filesOfUnit(existing.id);
      if (existing !== undefined && (await unchanged(existingFiles))) {
        if (existing.seq !== seq) await store.place(existing.id, root, seq);
        summary.unchanged += 1;
        continue;
      }
      options.onRead?.(file);
      const unit = { root, file, kind, seq };
      // An event log that only grew is read from where its last reading stopped; anything else, or a log whose
      // earlier bytes changed, is read whole.
      if (existing !== undefined && kind === "event-log")
        if (await appendToUnit(store, existing.id, existingFiles, unit, io, collectOptions, warnings, summary))
          continue;
      await indexFile(store, unit, io, collectOptions, warnings, summary);
    }
    await store.saveSeenFiles(root, listed.files);
  }
  if (options.quiet !== true) for (const line of warnings.lines()) io.stderr(line);
  summary.runs = await store.runCount();
  return summary;
}

/** What the index keeps to read an event log on from where a reading stopped (unit_stats.resume, JSON). */
interface ResumeRecord {
  version: 1;
  resume: EventLogResume;
  messages: LogMessagesState;
}

function resumeRecord(resume: EventLogResume | undefined, messages: LogMessagesState, size: number): string | null {
  // Kept only when the reading stopped where the file ended as fingerprinted: a file that grew while it was read is
  // read whole next time.
  if (resume === undefined || resume.point.offset !== size) return null;
  return JSON.stringify({ version: 1, resume, messages } satisfies ResumeRecord);
}

/**
 * Reads an event log that grew from where its last reading stopped, and writes what the new lines add: true when
 * done, false when the log must be read whole (no record of where it stopped, its earlier bytes changed, the record
 * does not read back, the new lines start a child run, or another indexer wrote the unit meanwhile).
 */
async function appendToUnit(
  store: RunIndexStore,
  id: number,
  files: readonly StoredFile[],
  unit: { root: string; file: string; kind: "event-log" | "other"; seq: number },
  io: CommandIo,
  options: CollectOptions,
  warnings: WarningsAcrossFiles,
  summary: IndexSummary,
): Promise<boolean> {
  const was = files[0];
  if (files.length !== 1 || was === undefined || was.path !== unit.file) return false;
  const text = await store.resumeOf(id);
  if (text === null) return false;
  let record: ResumeRecord;
  try {
    record = JSON.parse(text) as ResumeRecord;
    if (record?.version !== 1 || record.resume?.point?.offset !== was.size) return false;
  } catch {
    return false;
  }
  let now: Awaited<ReturnType<typeof fingerprint>>;
  try {
    now = await fingerprint(unit.file, was.size);
  } catch {
    return false;
  }
  if (now.file.size <= was.size || now.prefixSha256 !== was.sha256) return false;
  const { RunFileReader } = await import("../collect-runs.js");
  const { EventLogMessages } = await import("./content.js");
  let read: Awaited<ReturnType<InstanceType<typeof RunFileReader>["readOn"]>>;
  let events: InstanceType<typeof EventLogMessages>;
  try {
    events = EventLogMessages.resume(unit.file, record.messages);
    const reader = new RunFileReader(io, options, { event: (event, file) => events.event(event, file) });
    read = await reader.readOn(unit.file, record.resume);
  } catch {
    // A record that does not read back (another version's, damaged) or a log that cannot be read on: read it whole.
    return false;
  }
  const stats = read?.runs[0];
  if (read === undefined || stats === undefined) return false;
  if (read.warnings !== undefined) warnings.add(read.warnings.source, read.warnings.warnings);
  const written = await store.append({
    id,
    root: unit.root,
    seq: unit.seq,
    was,
    file: now.file,
    stats,
    messages: events.appended(unit.file),
    resume: resumeRecord(read.resume, events.state(unit.file), now.file.size),
  });
  if (!written) return false;
  summary.read += 1;
  summary.appended += 1;
  return true;
}

async function indexFile(
  store: RunIndexStore,
  unit: { root: string; file: string; kind: "event-log" | "other"; seq: number },
  io: CommandIo,
  options: CollectOptions,
  warnings: WarningsAcrossFiles,
  summary: IndexSummary,
): Promise<void> {
  let document: Transcript | Tolerant.Transcript | undefined;
  const { RunFileReader } = await import("../collect-runs.js");
  const { documentRuns, EventLogMessages } = await import("./content.js");
  const events = new EventLogMessages();
  // A reader per file: the index keeps each file's run on its own, so a child log is counted in each parent that names it.
  const reader = new RunFileReader(io, options, {
    document: (read) => {
      document = read;
    },
    event: (event, file) => events.event(event, file),
  });
  // The fingerprint is taken before the reading: a file that changes while it is read is read again next time.
  let before: StoredFile;
  try {
    before = await storedFile(unit.file);
  } catch (error) {
    const reason = describeReadError(error);
    summary.unreadable.push({ path: unit.file, reason });
    summary.passedOver.push({ path: unit.file, kind: "unreadable", reason });
    return;
  }
  const read = await reader.read(unit.file, unit.kind, true);
  if (read.warnings !== undefined) warnings.add(read.warnings.source, read.warnings.warnings);
  const files: Array<StoredFile & { isChild: boolean }> = [{ ...before, isChild: false }];
  for (const child of read.childFiles)
    try {
      files.push({ ...(await storedFile(child)), isChild: true });
    } catch {
      // A child file gone since it was read: its parent is read again next time.
      files.push({ path: child, size: -1, mtime_ms: -1, sha256: "", isChild: true });
    }
  const stats: RunStats | undefined = read.runs[0];
  if (stats === undefined) {
    const reason = read.skipped?.reason ?? read.problem?.message ?? "no run";
    const unreadable = read.skipped?.kind === "unreadable" || read.problem !== undefined;
    summary.passedOver.push(read.skipped ?? { path: unit.file, kind: "unreadable", reason });
    if (unreadable) summary.unreadable.push({ path: unit.file, reason });
    else summary.skipped += 1;
    // Kept, so that the next indexing passes it over until it changes.
    await store.write({
      ...unit,
      path: unit.file,
      outcome: unreadable ? "problem" : "skipped",
      reason,
      run: undefined,
      files,
      resume: null,
    });
    return;
  }
  const run =
    unit.kind === "event-log"
      ? events.runs(unit.file, read.childFiles, stats)
      : document === undefined
        ? { stats, viewPath: "", messages: [], children: [] }
        : documentRuns(document, stats);
  const resume =
    unit.kind === "event-log" && read.childFiles.length === 0
      ? resumeRecord(read.resume, events.state(unit.file), before.size)
      : null;
  await store.write({ ...unit, path: unit.file, outcome: "run", reason: null, run, files, resume });
  summary.read += 1;
}
