/**
 * A folder of sessions read as a tree: every file in it (at any depth) whose first lines a session importer
 * recognises, less the files that are another session's related files (a Claude Code session's sub-agents), is a main
 * session, imported with its related files. Symbolic links are followed only to what stays inside the folder, and a
 * folder is entered once, so a link cannot lead the walk out of it or round in a circle.
 */
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { SessionFormatId } from "../registry.js";
import { detectSessionFormat, type ImportSessionOptions, type ImportSessionOutcome } from "../sessions.js";
import {
  folderLookups,
  headLines,
  importSessionFiles,
  relatedSessionFiles,
  type ReadSessionLinesOptions,
} from "./session-files.js";

/** A main session file of a folder, with the format its first lines name and the related files read with it. */
export interface FoundSessionFile {
  path: string;
  format: SessionFormatId;
  related: string[];
}

/** What a folder holds: its main session files in path order, and the files passed over with why. */
export interface FoundSessionFiles {
  sessions: FoundSessionFile[];
  skipped: Array<{ path: string; reason: string }>;
}

/** One main session file of a folder imported: its path, and the outcome `importSession` gives for it. */
export type ImportedSessionFile = { path: string } & ImportSessionOutcome;

/** Whether `inside` is `folder` or below it (both real paths). */
function isWithin(folder: string, inside: string): boolean {
  const relative = path.relative(folder, inside);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Every regular file under `root`, sorted by path. A symbolic link is followed when its target is inside the root
 * (and passed over, with why, when it is not); each real folder is read once.
 */
export async function listFilesWithin(
  root: string,
): Promise<{ files: string[]; skipped: Array<{ path: string; reason: string }> }> {
  const files: string[] = [];
  const skipped: Array<{ path: string; reason: string }> = [];
  const realRoot = await realpath(root);
  const seen = new Set<string>();
  const visit = async (folder: string, real: string): Promise<void> => {
    if (seen.has(real)) return;
    seen.add(real);
    let names: string[];
    try {
      names = (await readdir(folder)).sort();
    } catch (caught) {
      skipped.push({
        path: folder,
        reason: `cannot read the folder: ${caught instanceof Error ? caught.message : String(caught)}`,
      });
      return;
    }
    for (const name of names) {
      const entry = path.join(folder, name);
      try {
        const link = await lstat(entry);
        let real = entry;
        if (link.isSymbolicLink()) {
          real = await realpath(entry);
          if (!isWithin(realRoot, real)) {
            skipped.push({ path: entry, reason: "a symbolic link out of the folder; not followed" });
            continue;
          }
        }
        const stats = link.isSymbolicLink() ? await stat(real) : link;
        if (stats.isDirectory()) await visit(entry, link.isSymbolicLink() ? real : await realpath(entry));
        else if (stats.isFile()) {
          // One file under two names (a link beside it) is one session.
          const realFile = link.isSymbolicLink() ? real : await realpath(entry);
          if (seen.has(realFile)) continue;
          seen.add(realFile);
          files.push(entry);
        }
      } catch (caught) {
        skipped.push({
          path: entry,
          reason: `cannot read: ${caught instanceof Error ? caught.message : String(caught)}`,
        });
      }
    }
  };
  await visit(root, realRoot);
  return { files, skipped };
}

/**
 * The main session files under `root`: each file whose first lines an importer recognises, unless it is a related
 * file of another session found there (it is then read with that session). Files that are no session are skipped.
 */
export async function findSessionFiles(root: string): Promise<FoundSessionFiles> {
  const { files, skipped } = await listFilesWithin(root);
  const candidates: Array<{ path: string; format: SessionFormatId }> = [];
  for (const file of files) {
    let format: SessionFormatId | undefined;
    try {
      format = detectSessionFormat(await headLines(file));
    } catch (caught) {
      skipped.push({ path: file, reason: `cannot read: ${caught instanceof Error ? caught.message : String(caught)}` });
      continue;
    }
    if (format === undefined) skipped.push({ path: file, reason: "not a session of a known agent" });
    else candidates.push({ path: file, format });
  }
  const relatedOf = new Map<string, string[]>();
  const lookups = folderLookups();
  for (const candidate of candidates)
    relatedOf.set(candidate.path, await relatedSessionFiles(candidate.path, candidate.format, lookups));
  // A file is another session's related file when that session lists it and it does not list that session back:
  // files that list each other (the rollouts of one Codex day, each looking for its children beside it) are each a
  // session of its own, and each importer keeps only the related files that name it.
  const lists = new Map<string, Set<string>>();
  for (const [owner, found] of relatedOf)
    lists.set(path.resolve(owner), new Set(found.map((file) => path.resolve(file))));
  const isRelatedOfAnother = (file: string): boolean =>
    [...lists].some(([owner, found]) => found.has(file) && lists.get(file)?.has(owner) !== true);
  const sessions = candidates
    .filter((candidate) => !isRelatedOfAnother(path.resolve(candidate.path)))
    .map((candidate) => ({ ...candidate, related: relatedOf.get(candidate.path) ?? [] }));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { sessions, skipped };
}

/**
 * Imports every main session file under `directory`, one at a time (each document is yielded before the next file is
 * read), in path order, each with its related files. Files that are no session are not yielded: `findSessionFiles`
 * lists them.
 */
export async function* importSessions(
  directory: string,
  options: Omit<ImportSessionOptions, "format" | "path"> & ReadSessionLinesOptions = {},
): AsyncGenerator<ImportedSessionFile> {
  const { sessions } = await findSessionFiles(directory);
  for (const session of sessions)
    yield { path: session.path, ...(await importSessionFiles(session.path, session.format, session.related, options)) };
}
