/**
 * The runs of the index, as `collectRuns` would read them from the same files: each root's runs in the order a walk
 * of the folder gives them, a file another run read as its child run left to that run, so `usage`, `runs` and `stats`
 * from the index give the answers a reading of the files gives (the same statistics, summed by the same code).
 */
import { realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { CollectedRuns } from "../collect-runs.js";
import { exitCodes, messageLine, UserError, type CommandIo } from "../io.js";
import type { InputOptions } from "../input/limits.js";
import type { RunStats } from "../run-stats.js";
import type { VerbosityOptions } from "../warning-summary.js";
import { defaultSessionFolders } from "../session-locations.js";
import type { SkippedFile } from "../skipped-files.js";
import { databaseTarget, openStore } from "./open-store.js";
import { attachBuckets } from "./bucket-encoding.js";
import type { RunIndexStore } from "./store.js";
import { indexRoots, type IndexOptions, type IndexSummary } from "./indexer.js";

/** Options every command that reads the index takes. */
export interface IndexedOptions {
  /** The database file; default {@link defaultDatabasePath}. */
  database?: string;
}

/** The database the options name (a PostgreSQL URL, or a SQLite file), else the default file. */
export function databaseFile(options: IndexedOptions): string {
  return databaseTarget(options.database);
}

/**
 * What an index with no path brings up to date: every root indexed before (in a SQLite index of this user's own),
 * and each agent's own session folder that exists on this machine (once each, however many names lead to it).
 */
export async function defaultIndexRoots(store: RunIndexStore): Promise<string[]> {
  const roots: string[] = [];
  const seen = new Set<string>();
  const add = async (folder: string, mustExist: boolean): Promise<void> => {
    const absolute = path.resolve(folder);
    let real = absolute;
    try {
      await stat(absolute);
      real = await realpath(absolute);
    } catch {
      // A remembered root that is gone is still walked: its runs are then removed.
      if (mustExist) return;
    }
    if (seen.has(real) || seen.has(absolute)) return;
    seen.add(real);
    seen.add(absolute);
    roots.push(absolute);
  };
  // A shared database's rows are anyone's to write: what this machine reads is never taken from them, only from the
  // paths named here and the agents' own folders.
  if (store.kind === "sqlite") for (const root of await store.roots()) await add(root, false);
  for (const { folder } of defaultSessionFolders(process.env, homedir())) await add(folder, true);
  return roots;
}

/** The roots the inputs name (absolute), or with none the default ones. */
export async function rootsOf(inputs: readonly string[], store: RunIndexStore): Promise<string[]> {
  if (inputs.includes("-")) throw new UserError("the run index reads files and folders, not standard input", 2);
  return inputs.length > 0 ? inputs.map((input) => path.resolve(input)) : defaultIndexRoots(store);
}

/**
 * Brings the index up to date with the paths named (or, with none, its default roots). `missingNamed`: the paths named
 * that do not exist (their runs, if any, removed); a default root that is gone is simply forgotten.
 */
export async function refreshIndex(
  store: RunIndexStore,
  inputs: readonly string[],
  options: IndexOptions,
  io: CommandIo,
): Promise<{ roots: string[]; summary: IndexSummary; missingNamed: string[] }> {
  const roots = await rootsOf(inputs, store);
  if (roots.length === 0)
    throw new UserError(
      "nothing to index: no folder was indexed before and no agent's session folder is on this machine; name session files, event logs or folders (they are remembered)",
    );
  const summary = await indexRoots(store, roots, io, options);
  return { roots, summary, missingNamed: inputs.length > 0 ? summary.missingRoots : [] };
}

/** The index at `options.database`, brought up to date with `inputs` (or its default roots), and their runs. */
export async function collectIndexedRuns(
  inputs: readonly string[],
  options: IndexedOptions & InputOptions & VerbosityOptions & { json?: boolean; recordCalls?: boolean },
  io: CommandIo,
): Promise<CollectedRuns & { summary: IndexSummary; roots: string[] }> {
  const store = await openStore(databaseFile(options), { create: true });
  try {
    const { roots, summary, missingNamed } = await refreshIndex(
      store,
      inputs,
      { ...options, quiet: options.quiet === true || options.json === true },
      io,
    );
    for (const root of missingNamed)
      throw new UserError(`cannot read ${root}: no such file or folder`, exitCodes.failure);
    return { ...(await readIndexedRuns(store, roots, options)), summary, roots };
  } finally {
    await store.close();
  }
}

/** The runs of the given roots, in order: each root's in its walk's order. */
export async function readIndexedRuns(
  store: RunIndexStore,
  roots: readonly string[],
  options: { recordCalls?: boolean } = {},
): Promise<CollectedRuns> {
  const collected: CollectedRuns = { ok: true, runs: [], problems: [], skipped: [] };
  // Roots may overlap (a folder and one inside it): a file under both is read once.
  const seen = new Set<string>();
  for (const root of roots)
    for (const unit of await store.units(root, options.recordCalls === true)) {
      if (seen.has(unit.path)) continue;
      seen.add(unit.path);
      if (unit.outcome !== "run" || unit.stats === null) {
        const skipped: SkippedFile = {
          path: unit.path,
          kind: unit.outcome === "problem" ? "unreadable" : "not a run",
          reason: unit.reason ?? "no run",
        };
        collected.skipped.push(skipped);
        continue;
      }
      if (unit.isChild) continue;
      collected.runs.push(
        storedStats(store, unit.path, unit.stats, options.recordCalls === true ? unit.buckets : null),
      );
    }
  collected.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return collected;
}

/**
 * A unit's statistics as the index keeps them, with their call buckets when given (a reading that did not ask for them
 * has none, as collectRuns gives). The database is a file like any other: a row that is not what the index wrote is
 * named, with the way out, rather than a crash.
 */
function storedStats(store: RunIndexStore, file: string, stats: string, buckets: string | null): RunStats {
  try {
    const read = JSON.parse(stats) as RunStats;
    if (buckets !== null) attachBuckets(read, buckets);
    return read;
  } catch (error) {
    throw new UserError(
      `${store.location}: the run index's statistics of ${file} are damaged (${error instanceof Error ? error.message : String(error)}): remove the index and run \`agent-transcript index\` again (it is a cache of the files)`,
    );
  }
}

/** One line on what an indexing did, for stderr. */
export function describeIndexing(summary: IndexSummary): string {
  return messageLine(
    `agent-transcript: index: ${summary.read} run${summary.read === 1 ? "" : "s"} read, ${summary.unchanged} unchanged, ${summary.removed} removed`,
  );
}
