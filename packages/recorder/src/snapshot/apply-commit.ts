// Moving checked, staged content into the target as one transaction. Everything goes through a work folder of ours
// at the target's root (same file system, so every step is a rename): a path about to be replaced or removed is
// first moved there, new content is written there and then moved into place, and each step is journalled. When a
// step fails, the journal is undone backwards and the target is as it was; when all succeed, the work folder (with
// what was replaced) is removed. A process killed midway leaves the work folder, named for what it is, holding
// everything it had moved away.
import { randomBytes } from "node:crypto";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { copyBytes } from "./apply-stage.js";
import type { SafeTree } from "./safe-tree.js";

/** One path to write: a file copied from the staging area, or a link. Paths are relative to the tree. */
export interface PlannedWrite {
  path: string;
  kind: "file" | "link";
  /** The staged file to copy, or the link's target. */
  source: string;
  executable: boolean;
  /** The SHA-256 the copied bytes must have (checked as they are copied). */
  sha256: string;
  /**
   * The widest permission bits the file may have. A new file is created with them (the umask narrows them further);
   * a replaced file keeps its own, executable bits set or cleared as `executable` says, narrowed to these.
   */
  limit: number;
}

export interface CommitPlan {
  /** Paths to remove (they become nothing), relative to the tree. */
  removals: readonly string[];
  writes: readonly PlannedWrite[];
  /** Folders never removed even when a removal empties them (the repositories' roots). */
  keepFolders: ReadonlySet<string>;
}

type JournalEntry =
  | { kind: "moved-away"; from: string; to: string }
  | { kind: "placed"; at: string }
  | { kind: "made-folder"; at: string }
  | { kind: "removed-folder"; at: string; mode: number };

export class CommitError extends Error {
  constructor(
    message: string,
    /** What could not be put back, with where its old content is: empty when the target is as it was. */
    readonly leftOver: string[],
  ) {
    super(message);
  }
}

function parentOf(relative: string): string {
  const cut = relative.lastIndexOf("/");
  return cut < 0 ? "." : relative.slice(0, cut);
}

/** Applies `plan` to `tree`; throws a {@link CommitError} after undoing what it did, when a step fails. */
export async function commitToTree(tree: SafeTree, plan: CommitPlan): Promise<void> {
  const workName = `.agent-transcript-apply-${process.pid}-${randomBytes(6).toString("hex")}`;
  await tree.makeFolder(workName, 0o700);
  const journal: JournalEntry[] = [];
  let parked = 0;
  const park = async (relative: string): Promise<void> => {
    const to = `${workName}/${parked++}`;
    await tree.move(relative, to);
    journal.push({ kind: "moved-away", from: relative, to });
  };
  const removedBelow = (folder: string): boolean => plan.removals.some((removed) => removed.startsWith(`${folder}/`));
  try {
    for (const removed of plan.removals) if ((await tree.entry(removed)) !== undefined) await park(removed);
    for (const write of plan.writes) {
      const existing = await tree.entry(write.path);
      let keepMode: number | undefined;
      if (existing?.kind === "folder") {
        // A folder whose files the bundle removed, now a file or link: it must be empty to go.
        if (!removedBelow(write.path)) throw new Error(`${write.path} is a folder in the target`);
        await tree.removeEmptyFolder(write.path);
        journal.push({ kind: "removed-folder", at: write.path, mode: existing.stats.mode & 0o7777 });
      } else if (existing !== undefined) {
        if (existing.kind === "file") keepMode = existing.stats.mode & 0o7777;
        await park(write.path);
      }
      const staged = `${workName}/${parked++}`;
      if (write.kind === "link") await tree.makeLink(write.source, staged);
      else await writeStagedFile(tree, staged, write, keepMode);
      await tree.move(staged, write.path, {
        created: (folder) => journal.push({ kind: "made-folder", at: folder }),
      });
      journal.push({ kind: "placed", at: write.path });
    }
    // As git does: a folder the removals left empty goes too (deepest first), never a repository's root.
    const emptied = new Set<string>();
    for (const removed of plan.removals)
      for (let folder = parentOf(removed); folder !== "." && !plan.keepFolders.has(folder); folder = parentOf(folder))
        emptied.add(folder);
    for (const folder of [...emptied].sort((a, b) => b.split("/").length - a.split("/").length)) {
      const found = await tree.entry(folder).catch(() => undefined);
      if (found?.kind !== "folder") continue;
      const removed = await tree.removeEmptyFolder(folder).then(
        () => true,
        () => false,
      );
      if (removed) journal.push({ kind: "removed-folder", at: folder, mode: found.stats.mode & 0o7777 });
    }
  } catch (error) {
    const leftOver = await undo(tree, journal);
    if (leftOver.length === 0) await rm(path.join(tree.root, workName), { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommitError(
      leftOver.length === 0
        ? `${reason}; everything written was undone, the target is as it was`
        : `${reason}; undoing failed for ${leftOver.length} path(s), whose old content is in ${path.join(tree.root, workName)}`,
      leftOver,
    );
  }
  await rm(path.join(tree.root, workName), { recursive: true, force: true });
}

/** Copies a staged file into the work folder, checking its hash, with the permission bits it is to have. */
async function writeStagedFile(
  tree: SafeTree,
  staged: string,
  write: PlannedWrite,
  keepMode: number | undefined,
): Promise<void> {
  const source = await open(write.source, "r");
  try {
    await tree.createFile(staged, write.limit, async (handle) => {
      const copied = await copyBytes(source, handle);
      if (copied.sha256 !== write.sha256)
        throw new Error(`${write.path} changed in the staging area while it was copied`);
      if (keepMode !== undefined) await handle.chmod(withExecutable(keepMode, write.executable) & write.limit);
      await handle.sync();
    });
  } finally {
    await source.close();
  }
}

/** `mode` with its executable bits as git sets them: on where the matching read bit is, or all off. */
export function withExecutable(mode: number, executable: boolean): number {
  if (!executable) return mode & ~0o111;
  return mode | ((mode & 0o444) >> 2);
}

/** Undoes the journal backwards; returns what could not be undone, each with why. */
async function undo(tree: SafeTree, journal: readonly JournalEntry[]): Promise<string[]> {
  const leftOver: string[] = [];
  for (const entry of [...journal].reverse()) {
    try {
      if (entry.kind === "placed") {
        const found = await tree.entry(entry.at);
        if (found?.kind === "folder") throw new Error("a folder is there now");
        await tree.removeFile(entry.at);
      } else if (entry.kind === "moved-away") await tree.move(entry.to, entry.from);
      else if (entry.kind === "made-folder") await tree.removeEmptyFolder(entry.at);
      else await tree.makeFolder(entry.at, entry.mode);
    } catch (error) {
      leftOver.push(
        `${entry.kind === "moved-away" ? entry.from : entry.at}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return leftOver;
}
