/**
 * The walk of a folder: every regular file under it, links followed only to what stays inside, special files and
 * folders too deep passed over with why. Nothing is opened, so a command that only compares files' sizes and times
 * (the run index with nothing changed) walks without loading the readers.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { describeReadError } from "./open.js";
import type { SkippedFile } from "../skipped-files.js";

/** How many folders below the one given the walk descends: Claude Code's workflows sit five levels down. */
export const maxFolderDepth = 12;

/** Whether `inside` is `folder` or below it (both real paths). */
function isWithin(folder: string, inside: string): boolean {
  const relative = path.relative(folder, inside);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** A regular file the walk found, with the size and time its `stat` gave (a link's: its target's). */
export interface ListedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every regular file under `root` (links followed only to what stays inside, each real folder and file once), in path
 * order, and what was passed over. Nothing is opened: special files are told apart by `lstat`/`stat` alone. The calls
 * are synchronous: a walk is thousands of small calls, each of which, made asynchronously, waited its turn on the
 * thread pool (a tenth of a second for a thousand sessions, where the calls themselves take a hundredth).
 */
export function listFiles(root: string, skipped: SkippedFile[]): ListedFile[] {
  const files: ListedFile[] = [];
  const realRoot = realpathSync(root);
  const seen = new Set<string>();
  const visit = (folder: string, real: string, depth: number): void => {
    if (seen.has(real)) return;
    seen.add(real);
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch (error) {
      skipped.push({ path: folder, kind: "unreadable", reason: `cannot read the folder: ${describeReadError(error)}` });
      return;
    }
    for (const name of names) {
      const entry = path.join(folder, name);
      try {
        const link = lstatSync(entry);
        let target = entry;
        if (link.isSymbolicLink()) {
          target = realpathSync(entry);
          if (!isWithin(realRoot, target)) {
            skipped.push({
              path: entry,
              kind: "link out of the folder",
              reason: "a symbolic link out of the folder; not followed",
            });
            continue;
          }
        }
        const stats = link.isSymbolicLink() ? statSync(target) : link;
        const realEntry = link.isSymbolicLink() ? target : path.join(real, name);
        if (stats.isDirectory()) {
          if (depth >= maxFolderDepth)
            skipped.push({
              path: entry,
              kind: "too deep",
              reason: `a folder more than ${maxFolderDepth} levels down; not read`,
            });
          else visit(entry, realEntry, depth + 1);
        } else if (stats.isFile()) {
          // One file under two names (a link beside it) is one run.
          if (seen.has(realEntry)) continue;
          seen.add(realEntry);
          if (stats.size === 0) skipped.push({ path: entry, kind: "not a run", reason: "an empty file" });
          else files.push({ path: entry, size: stats.size, mtimeMs: stats.mtimeMs });
        } else
          skipped.push({
            path: entry,
            kind: "special file",
            reason: "a FIFO, socket or device, not a regular file; not opened",
          });
      } catch (error) {
        skipped.push({ path: entry, kind: "unreadable", reason: `cannot read: ${describeReadError(error)}` });
      }
    }
  };
  visit(root, realRoot, 0);
  return files;
}
