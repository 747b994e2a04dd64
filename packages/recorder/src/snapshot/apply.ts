// Applying a snapshot bundle onto checkouts at the recorded commits: every repository's patch with `git apply`, every
// declared file written in place, then every path checked against what the bundle recorded (content, size, mode).
// Everything is checked before anything is written: a refusal leaves the target as it was.
import { createHash } from "node:crypto";
import { chmod, lstat, mkdir, mkdtemp, open, readlink, realpath, rename, rm, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SnapshotChange, SnapshotFile, SnapshotHeader, SnapshotRepository } from "@agent-transcript/core";
import { readSnapshotBundle } from "./bundle.js";
import { git, gitMaybe } from "./git.js";

export interface ApplySnapshotOptions {
  /** The folder the bundle's `root` maps to: each entry goes to `target/<its path>`. Default the current folder. */
  target?: string;
  /** Apply even when a repository's HEAD differs from the recorded one, its tree is dirty, or a file would be replaced. */
  force?: boolean;
  /** Where the bundle's content is staged while it is checked. Default the system's temporary folder. */
  temporaryDirectory?: string;
}

export interface ApplyProblem {
  code: "refused" | "apply-failed" | "mismatch" | "bundle";
  /** The path concerned, under the target. */
  path?: string;
  message: string;
}

export interface ApplySnapshotResult {
  ok: boolean;
  header?: SnapshotHeader;
  /** Repositories patched and files written, by their path under the target. */
  applied: { repositories: string[]; files: string[] };
  problems: ApplyProblem[];
}

interface Staged<Entry> {
  entry: Entry;
  content: string;
}

/**
 * Applies the bundle at `bundle` under `options.target`. Refuses (applies nothing, `ok: false`, a `refused` problem
 * per reason) when a repository's checkout is missing, at another HEAD, or dirty (tracked changes or untracked files
 * that are not ignored), or a declared file would replace different content, unless `force`; never writes outside
 * the target: bundle paths are relative and checked, and no symbolic link on the way to a path is followed.
 */
export async function applySnapshotBundle(
  bundle: string,
  options: ApplySnapshotOptions = {},
): Promise<ApplySnapshotResult> {
  const result: ApplySnapshotResult = { ok: false, applied: { repositories: [], files: [] }, problems: [] };
  const staging = await mkdtemp(path.join(options.temporaryDirectory ?? os.tmpdir(), "agent-transcript-apply-"));
  try {
    const repositories: Array<Staged<SnapshotRepository>> = [];
    const files: Array<Staged<SnapshotFile>> = [];
    try {
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      for await (const event of readSnapshotBundle(bundle)) {
        if (event.kind === "header") result.header = event.header;
        else if (event.kind === "repository" || event.kind === "file") {
          await handle?.close();
          const content = path.join(staging, `${repositories.length + files.length}`);
          handle = await open(content, "wx", 0o600);
          if (event.kind === "repository") repositories.push({ entry: event.entry, content });
          else files.push({ entry: event.entry, content });
        } else if (event.kind === "content" && handle !== undefined) {
          let written = 0;
          while (written < event.bytes.length) written += (await handle.write(event.bytes, written)).bytesWritten;
        }
      }
      await handle?.close();
    } catch (error) {
      result.problems.push({ code: "bundle", message: error instanceof Error ? error.message : String(error) });
      return result;
    }

    const target = await realpath(options.target ?? process.cwd()).catch(() => undefined);
    if (target === undefined) {
      result.problems.push({ code: "refused", message: `the target folder ${options.target ?? "."} does not exist` });
      return result;
    }
    for (const staged of repositories) await checkRepository(target, staged.entry, options.force ?? false, result);
    for (const staged of files) await checkFile(target, staged, options.force ?? false, result);
    if (result.problems.length > 0) return result;

    for (const staged of repositories) {
      const where = path.join(target, staged.entry.path);
      if (staged.entry.size > 0) {
        const applied = await git(["apply", "--whitespace=nowarn", staged.content], { cwd: where });
        if (applied.code !== 0) {
          result.problems.push({
            code: "apply-failed",
            path: where,
            message: `git apply failed in ${where}: ${applied.stderr.split("\n").slice(0, 5).join(" | ")}`,
          });
          continue;
        }
      }
      result.applied.repositories.push(staged.entry.path);
      for (const change of staged.entry.changes) await verifyChange(where, change, result);
    }
    for (const staged of files) {
      await writeFileEntry(target, staged);
      result.applied.files.push(staged.entry.path);
      await verifyFile(path.join(target, staged.entry.path), staged.entry, result);
    }
    result.ok = result.problems.length === 0;
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Whether every folder from `target` down to `relative`'s parent is a real folder (or missing), never a symbolic
 * link: writing through a link could land outside the target. Returns the offending path, or undefined.
 */
async function linkOnTheWay(target: string, relative: string, includeLast: boolean): Promise<string | undefined> {
  const segments = relative.split("/");
  const upTo = includeLast ? segments.length : segments.length - 1;
  let current = target;
  for (let index = 0; index < upTo; index += 1) {
    current = path.join(current, segments[index] as string);
    const stats = await lstat(current).catch(() => undefined);
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return current;
    if (!stats.isDirectory()) return `${current} (not a folder)`;
  }
  return undefined;
}

async function checkRepository(
  target: string,
  entry: SnapshotRepository,
  force: boolean,
  result: ApplySnapshotResult,
): Promise<void> {
  const where = entry.path === "." ? target : path.join(target, entry.path);
  const refuse = (message: string): void => {
    result.problems.push({ code: "refused", path: where, message });
  };
  if (entry.path !== ".") {
    const link = await linkOnTheWay(target, entry.path, true);
    if (link !== undefined)
      return refuse(`${where}: ${link} is a symbolic link or not a folder; refusing to follow it`);
  }
  const toplevel = await gitMaybe(["rev-parse", "--show-toplevel"], { cwd: where }).catch(() => undefined);
  if (toplevel === undefined || (await realpath(toplevel).catch(() => "")) !== where)
    return refuse(
      `${where} is not the root of a git checkout: clone ${entry.remote?.url ?? "the repository"} there first`,
    );
  const head = await gitMaybe(["rev-parse", "--verify", "-q", "HEAD^{commit}"], { cwd: where });
  if (!force && head !== entry.head)
    refuse(
      `${where} is at ${head ?? "no commit"}, not the recorded ${entry.head ?? "empty repository"}: check out ${entry.head ?? "nothing"} first, or pass --force`,
    );
  const status = await git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=all"], {
    cwd: where,
  });
  if (!force && (status.code !== 0 || status.stdout.length > 0))
    refuse(`${where} has uncommitted changes or untracked files: apply onto a clean checkout, or pass --force`);
}

async function checkFile(
  target: string,
  staged: Staged<SnapshotFile>,
  force: boolean,
  result: ApplySnapshotResult,
): Promise<void> {
  const destination = path.join(target, staged.entry.path);
  const refuse = (message: string): void => {
    result.problems.push({ code: "refused", path: destination, message });
  };
  const link = await linkOnTheWay(target, staged.entry.path, false);
  if (link !== undefined)
    return refuse(`${destination}: ${link} is a symbolic link or not a folder; refusing to follow it`);
  const stats = await lstat(destination).catch(() => undefined);
  if (stats === undefined) return;
  if (stats.isDirectory()) return refuse(`${destination} is a folder`);
  if (!force && stats.isSymbolicLink()) return refuse(`${destination} is a symbolic link: remove it, or pass --force`);
  if (!force && stats.isFile() && (await sha256Of(destination)) !== staged.entry.sha256)
    refuse(`${destination} exists with other content: remove it, or pass --force to replace it`);
}

/** A file's SHA-256, read into one reused buffer (a large file allocates nothing per piece). */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await eachPiece(file, (piece) => {
    hash.update(piece);
  });
  return hash.digest("hex");
}

async function eachPiece(file: string, use: (piece: Buffer) => void | Promise<void>): Promise<void> {
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const handle = await open(file, "r");
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      await use(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** Writes a declared file beside its destination and renames it into place (replacing a link, never following it). */
async function writeFileEntry(target: string, staged: Staged<SnapshotFile>): Promise<void> {
  const destination = path.join(target, staged.entry.path);
  await mkdir(path.dirname(destination), { recursive: true });
  const temporary = `${destination}.${process.pid}.partial`;
  await unlink(temporary).catch(() => undefined);
  const output = await open(temporary, "wx", 0o600);
  try {
    await eachPiece(staged.content, async (bytes) => {
      let written = 0;
      while (written < bytes.length) written += (await output.write(bytes, written)).bytesWritten;
    });
  } finally {
    await output.close();
  }
  await chmod(temporary, staged.entry.mode === "100755" ? 0o755 : 0o644);
  await rename(temporary, destination);
}

async function verifyFile(destination: string, entry: SnapshotFile, result: ApplySnapshotResult): Promise<void> {
  const stats = await lstat(destination);
  const sha256 = await sha256Of(destination);
  const executable = (stats.mode & 0o111) !== 0;
  if (stats.size !== entry.size || sha256 !== entry.sha256 || executable !== (entry.mode === "100755"))
    result.problems.push({
      code: "mismatch",
      path: destination,
      message: `${destination} differs from the bundle after writing`,
    });
}

/** Checks one path of an applied patch against what the bundle recorded from the working tree it was taken from. */
async function verifyChange(where: string, change: SnapshotChange, result: ApplySnapshotResult): Promise<void> {
  const file = path.join(where, change.path);
  const mismatch = (what: string): void => {
    result.problems.push({ code: "mismatch", path: file, message: `${file}: ${what} after applying` });
  };
  const stats = await lstat(file).catch(() => undefined);
  if (change.status === "deleted") {
    if (stats !== undefined) mismatch("still exists, but was deleted");
    return;
  }
  if (change.old_path !== undefined && change.status === "renamed") {
    const old = await lstat(path.join(where, change.old_path)).catch(() => undefined);
    if (old !== undefined) mismatch(`still exists under its old name ${change.old_path}`);
  }
  if (stats === undefined) return mismatch("is missing");
  let content: { size: number; sha256: string };
  if (change.mode === "120000") {
    if (!stats.isSymbolicLink()) return mismatch("is not a symbolic link");
    const linkTarget = Buffer.from(await readlink(file), "utf8");
    content = { size: linkTarget.length, sha256: createHash("sha256").update(linkTarget).digest("hex") };
  } else {
    if (!stats.isFile()) return mismatch("is not a regular file");
    if (((stats.mode & 0o111) !== 0) !== (change.mode === "100755")) mismatch(`has not the mode ${change.mode ?? ""}`);
    content = { size: stats.size, sha256: await sha256Of(file) };
  }
  if (change.sha256 !== undefined && (content.sha256 !== change.sha256 || content.size !== change.size))
    mismatch("has other content than the snapshot recorded");
}
