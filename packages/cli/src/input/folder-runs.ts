/**
 * The runs a folder holds, at any depth up to twelve folders down (`maxFolderDepth`): event logs, documents and agent sessions, as a
 * user's folders keep them (`~/.claude/projects/<project>/<session>.jsonl`, Codex's `sessions/YYYY/MM/DD/`, a recorder's
 * storage). A run's own files are not runs of their own: an event log's child logs, a snapshot bundle, a session's
 * related files (Claude Code's sub-agents, found by the session's importer) and what lies in a session's folder beside
 * it (`<session>/subagents/…`, `<session>/tool-results/…`). Every other file passed over is named with why, so a
 * command can count them: a file that is no run, one that cannot be read, a special file (never opened), a link out of
 * the folder (never followed), a folder too deep.
 */
import path from "node:path";
import { detectSessionFormat, type SessionFormatId } from "@agent-transcript/providers";
import { findRelatedSessionFiles, readSessionLines } from "@agent-transcript/providers/node";
import { probeEventLog } from "./event-log.js";
import { listFiles, type ListedFile } from "./folder-files.js";
import type { SkippedFile } from "../skipped-files.js";

/** A file to read as a run: an event log (streamed) or anything else (read whole through the input layer). */
export interface FolderRun {
  file: string;
  kind: "event-log" | "other";
}

const runName = /\.(?:jsonl|json)(?:\.gz|\.zst)?$/i;
const snapshotName = /\.snapshot\.jsonl(?:\.gz)?$/i;

/** As many first lines as the session importers look at to recognise their format. */
const sessionDetectionLines = 64;

/** The session format a file's first lines name, undefined when none does (or its lines cannot be read). */
async function sessionFormatOf(file: string): Promise<SessionFormatId | undefined> {
  const head: string[] = [];
  try {
    for await (const line of readSessionLines(file)) {
      if (head.length >= sessionDetectionLines) break;
      head.push(line.text);
    }
  } catch {
    return undefined;
  }
  return detectSessionFormat(head);
}

/** How many files' heads are read at once. */
const probeConcurrency = 8;

/** `work` on every item, at most `limit` at once, the results in the items' order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The runs under `folder` and the files passed over, each in path order. `listing`: the folder's walk when the caller
 * has made it already (the run index compares it with what it saw before), so the folder is not walked twice.
 */
export async function findFolderRuns(
  folder: string,
  listing?: { files: readonly ListedFile[]; skipped: readonly SkippedFile[] },
): Promise<{ runs: FolderRun[]; skipped: SkippedFile[]; attached: string[] }> {
  const skipped: SkippedFile[] = [...(listing?.skipped ?? [])];
  const files = (listing?.files ?? listFiles(folder, skipped)).map((file) => file.path);
  const others: string[] = [];
  const runFiles: string[] = [];
  for (const file of files) {
    if (snapshotName.test(file)) continue;
    if (runName.test(file)) runFiles.push(file);
    else others.push(file);
  }
  // Each file's head is read to tell what it is: a few at a time, since every open and read waits on the disk's
  // thread pool, and one after another a folder of many small files waited more than it worked. Order is kept.
  const probedFiles = await mapConcurrently(runFiles, probeConcurrency, async (file) => {
    const probed = await probeEventLog(file);
    if (probed !== "other") return { file, probed };
    return { file, probed, format: await sessionFormatOf(file) };
  });
  const candidates: Array<FolderRun & { format?: SessionFormatId }> = [];
  for (const { file, probed, format } of probedFiles) {
    // A child run's log is counted within its parent's row.
    if (probed === "child-log") continue;
    if (probed === "event-log") candidates.push({ file, kind: "event-log" });
    else candidates.push({ file, kind: "other", ...(format === undefined ? {} : { format }) });
  }
  // A session's related files are read with it. A file two sessions list of each other (the rollouts of one Codex day)
  // is a session of its own; so is a sub-agent whose session is not in the folder.
  const related = new Map<string, Set<string>>();
  const sessions = candidates.filter((candidate) => candidate.format !== undefined);
  const relatedFiles = await mapConcurrently(sessions, probeConcurrency, (candidate) =>
    findRelatedSessionFiles(candidate.file, candidate.format as SessionFormatId),
  );
  sessions.forEach((candidate, index) =>
    related.set(path.resolve(candidate.file), new Set((relatedFiles[index] ?? []).map((file) => path.resolve(file)))),
  );
  const attached = (file: string): boolean =>
    [...related].some(([owner, files]) => owner !== file && files.has(file) && related.get(file)?.has(owner) !== true);
  const runs = candidates.filter((candidate) => !attached(path.resolve(candidate.file)));
  // Only a session can be a run of its own: a related file in no session's format (a sub-agent's `.meta.json`) is not.
  const held = candidates
    .filter((candidate) => candidate.format !== undefined && attached(path.resolve(candidate.file)))
    .map(({ file }) => file);
  // What lies in a session's own folder (`<session>/` beside `<session>.jsonl`) is the session's, not a stray file.
  const sessionFolders = runs
    .filter((run) => run.format !== undefined)
    .map((run) => run.file.replace(runName, "") + path.sep);
  const ownedBySession = (file: string): boolean => sessionFolders.some((prefix) => file.startsWith(prefix));
  for (const file of others)
    if (!ownedBySession(file))
      skipped.push({ path: file, kind: "not a run", reason: "not an event log, document or session" });
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    runs: runs
      .filter((run) => run.kind === "event-log" || run.format !== undefined || !ownedBySession(run.file))
      .map(({ file, kind }) => ({ file, kind })),
    skipped,
    // Held back as another session's related file: the reader checks that the session's import did read it (a
    // Codex rollout lists every rollout of its day, though only its sub-agents become its child runs).
    attached: held,
  };
}
