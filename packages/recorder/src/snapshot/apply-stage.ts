// A repository's patch applied in a private staging tree, never in the target: the files the patch reads are copied
// out of the target (without following links), `git apply` runs on the copies with the target's repository for its
// configuration and attributes (so line-ending rules and filters such as Git LFS apply as they would in place), and
// what it produced is checked against the changes the bundle declares before anything reaches the target.
import { createHash } from "node:crypto";
import { chmod, lstat, mkdir, open, readdir, readlink, symlink } from "node:fs/promises";
import path from "node:path";
import type { SnapshotChange, SnapshotRepository } from "@agent-transcript/core";
import { git } from "./git.js";
import type { PatchSection } from "./patch-structure.js";
import { joinRelative } from "./paths.js";
import { describeFileKind } from "../file-kind.js";
import { TreePathError, type SafeTree } from "./safe-tree.js";

export interface StagedWrite {
  /** Relative to the repository. */
  path: string;
  kind: "file" | "link";
  /** The staged file or the link's target. */
  source: string;
  executable: boolean;
  size: number;
  sha256: string;
}

export interface StagedRepository {
  entry: SnapshotRepository;
  /** What the patch leaves at each path it writes, staged and checked. */
  writes: StagedWrite[];
  /** The paths the patch leaves empty (deleted, or renamed away), relative to the repository. */
  removals: string[];
}

export type StageOutcome =
  | { ok: true; staged: StagedRepository }
  | { ok: false; code: "refused" | "apply-failed" | "mismatch"; path?: string; messages: string[] };

/** The buffer files are copied through: one per copy, so a large file allocates nothing per piece. */
const copyBufferBytes = 1024 * 1024;

/** Copies an open file's bytes to `to`, returning their size and SHA-256. */
export async function copyBytes(
  from: {
    read: (buffer: Buffer, offset: number, length: number, position: number | null) => Promise<{ bytesRead: number }>;
  },
  to: { write: (buffer: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number }> },
): Promise<{ size: number; sha256: string }> {
  const buffer = Buffer.allocUnsafe(copyBufferBytes);
  const hash = createHash("sha256");
  let size = 0;
  for (;;) {
    const { bytesRead } = await from.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    size += bytesRead;
    let written = 0;
    while (written < bytesRead) written += (await to.write(buffer, written, bytesRead - written)).bytesWritten;
  }
  return { size, sha256: hash.digest("hex") };
}

/** The size and SHA-256 of what an open file holds from where it stands. */
export function hashOpenFile(from: Parameters<typeof copyBytes>[0]): Promise<{ size: number; sha256: string }> {
  return copyBytes(from, { write: (_buffer, _offset, length) => Promise.resolve({ bytesWritten: length }) });
}

/** A file's size and SHA-256 (a file of the staging area, which only this process writes). */
async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const handle = await open(file, "r");
  try {
    return await hashOpenFile(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Copies what the target holds at `relative` (under the tree) to `into` in the staging tree: a regular file with its
 * executable bit, or a link as a link. Returns why it cannot be copied, or undefined (also when nothing is there:
 * `git apply` then says what it missed).
 */
async function copyOut(tree: SafeTree, relative: string, into: string): Promise<string | undefined> {
  const found = await tree.entry(relative);
  if (found === undefined) return undefined;
  await mkdir(path.dirname(into), { recursive: true });
  if (found.kind === "link") {
    await symlink((await tree.readLink(relative)) as string, into);
    return undefined;
  }
  if (found.kind !== "file")
    return `${relative} is ${describeFileKind(found.stats)} in the target, where the patch expects a file`;
  const opened = await tree.openFile(relative);
  if (opened === undefined) return undefined;
  try {
    const output = await open(into, "wx", 0o600);
    try {
      await copyBytes(opened.handle, output);
    } finally {
      await output.close();
    }
  } finally {
    await opened.handle.close();
  }
  await chmod(into, (opened.stats.mode & 0o111) !== 0 ? 0o755 : 0o644);
  return undefined;
}

/** Every file and link under `folder`, relative to it. */
async function listTree(folder: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const below of await listTree(folder, relative)) found.push(below);
    else found.push(relative);
  }
  return found;
}

/**
 * Applies one repository's patch (`patch`, already read into `sections`) in `work`, a fresh folder of the staging
 * area, and checks the result against the declared changes. `gitDirectory` is the target repository's git folder.
 */
export async function stageRepository(options: {
  tree: SafeTree;
  entry: SnapshotRepository;
  sections: readonly PatchSection[];
  patch: string;
  work: string;
  gitDirectory: string;
}): Promise<StageOutcome> {
  const { tree, entry, sections, patch, work, gitDirectory } = options;
  const refused = (messages: string[], where?: string): StageOutcome => ({
    ok: false,
    code: "refused",
    ...(where === undefined ? {} : { path: where }),
    messages,
  });
  await mkdir(work, { recursive: true });
  const inTarget = (relative: string): string => joinRelative(entry.path, relative);
  const copied = new Set<string>();
  const problems: string[] = [];
  try {
    for (const section of sections) {
      if (section.oldPath === undefined || copied.has(section.oldPath)) continue;
      copied.add(section.oldPath);
      const problem = await copyOut(tree, inTarget(section.oldPath), path.join(work, section.oldPath));
      if (problem !== undefined) problems.push(problem);
    }
    // The attributes that decide how git reads and writes each file (line endings, filters), where the patch does
    // not bring its own.
    const folders = new Set<string>(["."]);
    for (const section of sections)
      for (const named of [section.oldPath, section.newPath]) {
        if (named === undefined) continue;
        const segments = named.split("/");
        for (let length = 1; length < segments.length; length += 1) folders.add(segments.slice(0, length).join("/"));
      }
    for (const folder of folders) {
      const attributes = folder === "." ? ".gitattributes" : `${folder}/.gitattributes`;
      if (copied.has(attributes) || sections.some((section) => section.newPath === attributes)) continue;
      const found = await tree.entry(inTarget(attributes)).catch(() => undefined);
      if (found?.kind !== "file") continue;
      copied.add(attributes);
      await copyOut(tree, inTarget(attributes), path.join(work, attributes));
    }
  } catch (error) {
    if (error instanceof TreePathError) return refused([`${error.message}`], error.relative);
    throw error;
  }
  if (problems.length > 0) return refused(problems);

  if (entry.size > 0) {
    const applied = await git(
      [
        "-c",
        "core.symlinks=true",
        `--git-dir=${gitDirectory}`,
        `--work-tree=${work}`,
        "apply",
        "--whitespace=nowarn",
        patch,
      ],
      { cwd: work },
    );
    if (applied.code !== 0)
      return {
        ok: false,
        code: "apply-failed",
        path: entry.path,
        messages: [`git apply failed in ${entry.path}: ${applied.stderr.split("\n").slice(0, 5).join(" | ")}`],
      };
  }

  const writes: StagedWrite[] = [];
  const removals: string[] = [];
  const mismatches: string[] = [];
  const expected = new Set<string>();
  for (const change of entry.changes) {
    if (change.status === "deleted") removals.push(change.path);
    if (change.status === "renamed" && change.old_path !== undefined) removals.push(change.old_path);
    if (change.status !== "deleted") expected.add(change.path);
    const checked = await checkStaged(work, change, mismatches);
    if (checked !== undefined) writes.push(checked);
  }
  for (const removed of removals)
    if ((await lstat(path.join(work, removed)).catch(() => undefined)) !== undefined)
      mismatches.push(`${removed} still exists after applying, but the bundle removes it`);
  for (const made of await listTree(work))
    if (!expected.has(made) && !copied.has(made))
      mismatches.push(`${made} was made by the patch, but the bundle does not declare it`);
  if (mismatches.length > 0) return { ok: false, code: "mismatch", path: entry.path, messages: mismatches };
  return { ok: true, staged: { entry, writes, removals } };
}

/** One declared change against the staged result: its kind, executable bit and content as the bundle records them. */
async function checkStaged(
  work: string,
  change: SnapshotChange,
  mismatches: string[],
): Promise<StagedWrite | undefined> {
  if (change.status === "deleted") return undefined;
  const file = path.join(work, change.path);
  const mismatch = (what: string): undefined => {
    mismatches.push(`${change.path}: ${what} after applying`);
    return undefined;
  };
  const stats = await lstat(file).catch(() => undefined);
  if (stats === undefined) return mismatch("is missing");
  let content: { size: number; sha256: string };
  let write: Omit<StagedWrite, "size" | "sha256">;
  if (change.mode === "120000") {
    if (!stats.isSymbolicLink()) return mismatch("is not a symbolic link");
    const linkTarget = await readlink(file);
    const bytes = Buffer.from(linkTarget, "utf8");
    content = { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
    write = { path: change.path, kind: "link", source: linkTarget, executable: false };
  } else {
    if (!stats.isFile()) return mismatch("is not a regular file");
    const executable = (stats.mode & 0o111) !== 0;
    if (executable !== (change.mode === "100755")) return mismatch(`has not the mode ${change.mode ?? ""}`);
    content = await hashFile(file);
    write = { path: change.path, kind: "file", source: file, executable };
  }
  if (change.sha256 !== undefined && (content.sha256 !== change.sha256 || content.size !== change.size))
    return mismatch("has other content than the snapshot recorded");
  return { ...write, ...content };
}
