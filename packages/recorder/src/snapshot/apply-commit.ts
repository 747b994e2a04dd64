// Moving checked, staged content into the target as one transaction. Everything goes through a work folder of ours
// at the target's root (same file system, so every step is a rename): a path about to be replaced or removed is
// first moved there, new content is written there and then moved into place. Each step is written to the work
// folder's journal before it is taken (write-ahead), and the journal ends with `committed` once every step is done.
// When a step fails, the journal is undone backwards and the target is as it was; when all succeed, the work folder
// (with what was replaced) is removed. A process killed midway leaves the work folder with its journal: the next apply
// into that target finds it (recoverInterruptedApplies), finishes a committed one by removing the folder and undoes
// any other, so the target is again as it was before the interrupted apply, and then applies its own bundle.
//
// The journal is written, not synced: it survives the process being killed (the kernel keeps what was written), as
// the renames do; a power cut, which could lose renames as well, is not what it is for.
import { randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import { open, readdir, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { copyBytes } from "./apply-stage.js";
import { unsafeRelativePath, workFolderPrefix } from "./paths.js";
import type { SafeTree } from "./safe-tree.js";
import { processIsAlive } from "./staging-folder.js";

/** The work folder's name at the target's root: the prefix, the applying process's pid, 12 random hex digits. */
const workFolderName = /^\.agent-transcript-apply-([1-9]\d{0,9})-[0-9a-f]{12}$/;
const journalName = "journal";
/** What the work folder names a parked or staged path: its number. */
const parkedName = /^\d{1,9}$/;
/** A journal holds a few lines per path the bundle changes: more than this is not one of ours. */
const maxJournalBytes = 256 * 1024 * 1024;

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

/** A step, written to the journal before it is taken. Paths are relative to the target. */
type JournalEntry =
  /** `from` is moved into the work folder as `to`. */
  | { kind: "moved-away"; from: string; to: string }
  /** New content, ready in the work folder as `staged`, is moved to `at`. */
  | { kind: "placed"; at: string; staged: string }
  /** A missing folder on the way to a placed path is made. */
  | { kind: "made-folder"; at: string }
  /** An empty folder, with its permission bits, is removed. */
  | { kind: "removed-folder"; at: string; mode: number };

/** The journal on disk, appended to before each step. */
class Journal {
  readonly entries: JournalEntry[] = [];
  private constructor(private readonly handle: FileHandle) {}

  static async create(tree: SafeTree, workName: string): Promise<Journal> {
    const handle = await tree.inParent(`${workName}/${journalName}`, async (folder, name) =>
      open(
        await folder.path(name),
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW | fsConstants.O_APPEND,
        0o600,
      ),
    );
    if (handle === undefined) throw new Error(`the work folder ${workName} vanished`);
    return new Journal(handle);
  }

  async record(entry: JournalEntry | { kind: "committed" }): Promise<void> {
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    const { bytesWritten } = await this.handle.write(line, 0, line.length);
    // A line cut short (a full disk) would be read as a torn end, and its step as never taken: it is not taken.
    if (bytesWritten !== line.length) throw new Error(`the apply's journal could not be written in full`);
    if (entry.kind !== "committed") this.entries.push(entry);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

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
  const workName = `${workFolderPrefix}${process.pid}-${randomBytes(6).toString("hex")}`;
  await tree.makeFolder(workName, 0o700);
  const journal = await Journal.create(tree, workName).catch(async (error: unknown) => {
    await rm(path.join(tree.root, workName), { recursive: true, force: true });
    throw error;
  });
  let parked = 0;
  const park = async (relative: string): Promise<void> => {
    const to = `${workName}/${parked++}`;
    await journal.record({ kind: "moved-away", from: relative, to });
    await tree.move(relative, to);
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
        await journal.record({ kind: "removed-folder", at: write.path, mode: existing.stats.mode & 0o7777 });
        await tree.removeEmptyFolder(write.path);
      } else if (existing !== undefined) {
        if (existing.kind === "file") keepMode = existing.stats.mode & 0o7777;
        await park(write.path);
      }
      const staged = `${workName}/${parked++}`;
      if (write.kind === "link") await tree.makeLink(write.source, staged);
      else await writeStagedFile(tree, staged, write, keepMode);
      for (const folder of await missingFolders(tree, write.path))
        await journal.record({ kind: "made-folder", at: folder });
      await journal.record({ kind: "placed", at: write.path, staged });
      // Makes the missing folders recorded above on the way.
      await tree.move(staged, write.path, { created: () => {} });
    }
    // As git does: a folder the removals left empty goes too (deepest first), never a repository's root.
    const emptied = new Set<string>();
    for (const removed of plan.removals)
      for (let folder = parentOf(removed); folder !== "." && !plan.keepFolders.has(folder); folder = parentOf(folder))
        emptied.add(folder);
    for (const folder of [...emptied].sort((a, b) => b.split("/").length - a.split("/").length)) {
      const found = await tree.entry(folder).catch(() => undefined);
      if (found?.kind !== "folder") continue;
      // Logged first, as every step: a folder that is not empty stays (its removal fails), and undoing skips it.
      await journal.record({ kind: "removed-folder", at: folder, mode: found.stats.mode & 0o7777 });
      await tree.removeEmptyFolder(folder).catch(() => {});
    }
    await journal.record({ kind: "committed" });
  } catch (error) {
    await journal.close().catch(() => {});
    const leftOver = await undo(tree, journal.entries);
    if (leftOver.length === 0) await rm(path.join(tree.root, workName), { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommitError(
      leftOver.length === 0
        ? `${reason}; everything written was undone, the target is as it was`
        : `${reason}; undoing failed for ${leftOver.length} path(s), whose old content is in ${path.join(tree.root, workName)}`,
      leftOver,
    );
  }
  await journal.close();
  await rm(path.join(tree.root, workName), { recursive: true, force: true });
}

/** The folders on the way to `relative` that are not there yet, outermost first. */
async function missingFolders(tree: SafeTree, relative: string): Promise<string[]> {
  const missing: string[] = [];
  for (let folder = parentOf(relative); folder !== "."; folder = parentOf(folder)) {
    if ((await tree.entry(folder)) !== undefined) break;
    missing.unshift(folder);
  }
  return missing;
}

/** What became of an apply that a killed process left unfinished in the target. */
export interface RecoveredApply {
  /** Its work folder, under the target. */
  folder: string;
  /** `undone`: the target is back as it was before it; `finished`: it had committed, its work folder is removed. */
  outcome: "undone" | "finished";
}

/**
 * Finds the work folders that applies killed midway left at the tree's root and recovers each: a committed one is
 * finished (its folder removed), any other undone from its journal. `refusals` names what could not be recovered —
 * an apply still running (its process is alive), a folder without a journal, a journal that is not one of ours, a
 * step that could not be undone — leaving those folders as they are for a person to look at.
 */
export async function recoverInterruptedApplies(
  tree: SafeTree,
): Promise<{ recovered: RecoveredApply[]; refusals: Array<{ folder: string; message: string }> }> {
  const recovered: RecoveredApply[] = [];
  const refusals: Array<{ folder: string; message: string }> = [];
  for (const name of (await readdir(tree.root)).sort()) {
    const matched = workFolderName.exec(name);
    if (matched === null) continue;
    const refuse = (message: string): void => {
      refusals.push({ folder: name, message: `${path.join(tree.root, name)}: ${message}` });
    };
    if ((await tree.entry(name))?.kind !== "folder") {
      refuse("named as an apply's work folder, but not a folder: remove it or rename it");
      continue;
    }
    if (processIsAlive(Number(matched[1]))) {
      refuse(`another apply (process ${matched[1]}) is working in this target; wait for it to end`);
      continue;
    }
    const journal = await readJournal(tree, name);
    if (typeof journal === "string") {
      refuse(journal);
      continue;
    }
    if (journal === undefined) {
      // Killed before its journal was made: it had moved nothing yet (an empty folder), or it is not one of ours.
      const held = await readdir(path.join(tree.root, name));
      if (held.length > 0) {
        refuse("an interrupted apply's work folder without a journal (from an earlier version?): sort it out by hand");
        continue;
      }
      await tree.removeEmptyFolder(name);
      recovered.push({ folder: name, outcome: "undone" });
      continue;
    }
    if (!journal.committed) {
      const leftOver = await undo(tree, journal.entries);
      if (leftOver.length > 0) {
        refuse(`an interrupted apply could not be undone for ${leftOver.length} path(s): ${leftOver.join("; ")}`);
        continue;
      }
    }
    await rm(path.join(tree.root, name), { recursive: true, force: true });
    recovered.push({ folder: name, outcome: journal.committed ? "finished" : "undone" });
  }
  return { recovered, refusals };
}

/**
 * The journal in work folder `name`: its entries, every path checked to stay in the tree and every parked path to be
 * in that folder; undefined when there is none; a message when it cannot be read or is not one of ours. A line cut
 * short at the end is the step the kill interrupted before it was taken, and is left out.
 */
async function readJournal(
  tree: SafeTree,
  name: string,
): Promise<{ entries: JournalEntry[]; committed: boolean } | string | undefined> {
  const opened = await tree.openFile(`${name}/${journalName}`).catch((error: unknown) => {
    return error instanceof Error ? error : new Error(String(error));
  });
  if (opened instanceof Error) return `its journal cannot be opened: ${opened.message}`;
  if (opened === undefined) return undefined;
  let text: string;
  try {
    if (opened.stats.size > maxJournalBytes) return "its journal is not one an apply wrote";
    text = (await opened.handle.readFile()).toString("utf8");
  } finally {
    await opened.handle.close();
  }
  const lines = text.split("\n");
  lines.pop(); // the torn end, or the empty string after the last newline
  const entries: JournalEntry[] = [];
  let committed = false;
  for (const [index, line] of lines.entries()) {
    const entry = journalEntry(line, name);
    if (entry === "committed" && index === lines.length - 1) committed = true;
    else if (entry === undefined || entry === "committed")
      return `its journal, line ${index + 1}, is not a step an apply wrote: sort it out by hand`;
    else entries.push(entry);
  }
  return { entries, committed };
}

/** One journal line as a step, undefined when it is not one. */
function journalEntry(line: string, workName: string): JournalEntry | "committed" | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  // A path a bundle could name (never `.`, absolute, climbing out, or into .git), which is all a step ever names.
  const inTree = (key: string): string | undefined => {
    const found = record[key];
    return typeof found === "string" && found !== "." && unsafeRelativePath(found) === undefined ? found : undefined;
  };
  const parked = (key: string): string | undefined => {
    const found = record[key];
    return typeof found === "string" &&
      found.startsWith(`${workName}/`) &&
      parkedName.test(found.slice(workName.length + 1))
      ? found
      : undefined;
  };
  const keys = Object.keys(record).sort().join();
  switch (record.kind) {
    case "committed":
      return keys === "kind" ? "committed" : undefined;
    case "moved-away": {
      const [from, to] = [inTree("from"), parked("to")];
      return keys === "from,kind,to" && from !== undefined && to !== undefined
        ? { kind: "moved-away", from, to }
        : undefined;
    }
    case "placed": {
      const [at, staged] = [inTree("at"), parked("staged")];
      return keys === "at,kind,staged" && at !== undefined && staged !== undefined
        ? { kind: "placed", at, staged }
        : undefined;
    }
    case "made-folder": {
      const at = inTree("at");
      return keys === "at,kind" && at !== undefined ? { kind: "made-folder", at } : undefined;
    }
    case "removed-folder": {
      const [at, mode] = [inTree("at"), record.mode];
      return keys === "at,kind,mode" &&
        at !== undefined &&
        Number.isInteger(mode) &&
        (mode as number) >= 0 &&
        (mode as number) <= 0o7777
        ? { kind: "removed-folder", at, mode: mode as number }
        : undefined;
    }
    default:
      return undefined;
  }
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

/**
 * Undoes the journal backwards; returns what could not be undone, each with why. Each step is looked at before it is
 * undone, since the journal says what was about to be done: a step the failure or the kill came before is skipped.
 */
async function undo(tree: SafeTree, journal: readonly JournalEntry[]): Promise<string[]> {
  const leftOver: string[] = [];
  for (const entry of [...journal].reverse()) {
    try {
      if (entry.kind === "placed") {
        // Still in the work folder: never placed.
        if ((await tree.entry(entry.staged)) !== undefined) continue;
        const found = await tree.entry(entry.at);
        if (found === undefined) continue;
        if (found.kind === "folder") throw new Error("a folder is there now");
        await tree.removeFile(entry.at);
      } else if (entry.kind === "moved-away") {
        if ((await tree.entry(entry.to)) === undefined) continue;
        if ((await tree.entry(entry.from)) !== undefined) throw new Error("something else is there now");
        await tree.move(entry.to, entry.from);
      } else if (entry.kind === "made-folder") {
        if ((await tree.entry(entry.at))?.kind === "folder") await tree.removeEmptyFolder(entry.at);
      } else if ((await tree.entry(entry.at)) === undefined) await tree.makeFolder(entry.at, entry.mode);
    } catch (error) {
      leftOver.push(
        `${entry.kind === "moved-away" ? entry.from : entry.at}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return leftOver;
}
