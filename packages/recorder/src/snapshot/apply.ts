// Applying a snapshot bundle onto checkouts at the recorded commits. A bundle crosses machines, so it is untrusted:
// 1. it is read through (every hash checked), each repository's patch read for what it does (patch-structure.ts),
//    and what the whole bundle would do is held against what it declares (bundle-effects.ts): any contradiction, a
//    copy, a path into `.git` in any spelling, a link out of the target or a write through a link refuses it;
// 2. each repository is checked (its checkout, HEAD, a clean tree) and its patch applied in a staging area, never in
//    place (apply-stage.ts), the result checked against the declared changes, every link it makes resolved against
//    the target as it will be;
// 3. only then is anything written, as one transaction that is undone on any failure (apply-commit.ts), every path
//    opened without following links (safe-tree.ts).
// A refusal or failure leaves the target byte for byte as it was.
import { open, realpath, rm, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SnapshotFile, SnapshotHeader, SnapshotRepository } from "@agent-transcript/core";
import {
  commitToTree,
  CommitError,
  recoverInterruptedApplies,
  withExecutable,
  type PlannedWrite,
  type RecoveredApply,
} from "./apply-commit.js";
import { hashOpenFile, stageRepository, type StagedRepository } from "./apply-stage.js";
import { readSnapshotBundle } from "./bundle.js";
import { bundleEffects, PatchesInBundle, type BundleEffect } from "./bundle-effects.js";
import { git, gitMaybe } from "./git.js";
import type { PatchSection } from "./patch-structure.js";
import { isGitFolderAlias, joinRelative } from "./paths.js";
import { describeFileKind } from "../file-kind.js";
import { SafeTree, TreePathError } from "./safe-tree.js";
import { makeStagingFolder } from "./staging-folder.js";

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
  /**
   * Applies into this target that a killed process left unfinished, found and recovered before this one was checked:
   * each undone (the target as it was before it) or, had it committed, finished. Absent when there were none.
   */
  recovered?: RecoveredApply[];
}

interface StagedEntry<Entry> {
  entry: Entry;
  /** The staged content (a patch, or a file's bytes). */
  content: string;
}

/** A bundle read into the staging area, each patch's structure read as its bytes went by. */
interface ReadBundle {
  header?: SnapshotHeader;
  repositories: Array<StagedEntry<SnapshotRepository>>;
  patches: PatchesInBundle;
  files: Array<StagedEntry<SnapshotFile>>;
}

async function readIntoStaging(bundle: string, staging: string): Promise<ReadBundle> {
  const read: ReadBundle = { repositories: [], patches: new PatchesInBundle(), files: [] };
  let handle: FileHandle | undefined;
  try {
    for await (const event of readSnapshotBundle(bundle)) {
      if (event.kind === "header") read.header = event.header;
      else if (event.kind === "repository" || event.kind === "file") {
        await handle?.close();
        const content = path.join(staging, `${read.repositories.length + read.files.length}`);
        handle = await open(content, "wx", 0o600);
        if (event.kind === "repository") {
          read.repositories.push({ entry: event.entry, content });
          read.patches.begin(event.entry);
        } else {
          read.patches.finish();
          read.files.push({ entry: event.entry, content });
        }
      } else if (event.kind === "content" && handle !== undefined) {
        read.patches.push(event.bytes);
        let written = 0;
        while (written < event.bytes.length) written += (await handle.write(event.bytes, written)).bytesWritten;
      }
    }
    read.patches.finish();
  } finally {
    await handle?.close();
  }
  return read;
}

/**
 * Applies the bundle at `bundle` under `options.target`. Refuses (writes nothing, `ok: false`, a problem per reason)
 * when the bundle contradicts itself or would reach outside the target or into `.git`, when a repository's checkout
 * is missing, at another HEAD, or dirty (tracked changes or untracked files that are not ignored), or a path would
 * replace different content, unless `force` (which never overrides a safety refusal). Never follows a symbolic link
 * below the target, never writes outside it or inside a `.git` folder, and leaves the target as it was when it fails.
 */
export async function applySnapshotBundle(
  bundle: string,
  options: ApplySnapshotOptions = {},
): Promise<ApplySnapshotResult> {
  const result: ApplySnapshotResult = { ok: false, applied: { repositories: [], files: [] }, problems: [] };
  const force = options.force ?? false;
  const staging = await makeStagingFolder(options.temporaryDirectory ?? os.tmpdir(), "agent-transcript-apply-");
  try {
    let read: ReadBundle;
    try {
      read = await readIntoStaging(bundle, staging);
    } catch (error) {
      result.problems.push({ code: "bundle", message: error instanceof Error ? error.message : String(error) });
      return result;
    }
    if (read.header !== undefined) result.header = read.header;

    const described = bundleEffects(
      read.patches.repositories,
      read.files.map(({ entry }) => entry),
    );
    for (const problem of described.problems)
      result.problems.push({ code: "bundle", message: `${bundle}: refused: ${problem}` });
    if (result.problems.length > 0) return result;

    const targetPath = await realpath(options.target ?? process.cwd()).catch(() => undefined);
    if (targetPath === undefined) {
      result.problems.push({ code: "refused", message: `the target folder ${options.target ?? "."} does not exist` });
      return result;
    }
    const tree = await SafeTree.open(targetPath);
    const refuse = (relative: string | undefined, message: string): void => {
      result.problems.push({
        code: "refused",
        ...(relative === undefined ? {} : { path: path.join(targetPath, relative) }),
        message,
      });
    };

    // An apply killed midway left its work folder and journal here: the target is put back first.
    const recovery = await recoverInterruptedApplies(tree);
    if (recovery.recovered.length > 0) result.recovered = recovery.recovered;
    for (const { folder, message } of recovery.refusals) refuse(folder, message);
    if (result.problems.length > 0) return result;

    const gitDirectories: string[] = [];
    for (const { entry } of read.repositories) gitDirectories.push(await checkRepository(tree, entry, force, refuse));
    if (result.problems.length > 0) return result;

    // Each patch applied in the staging area (reading from the target never follows a link), its result checked.
    const staged: StagedRepository[] = [];
    for (const [index, repository] of read.repositories.entries()) {
      const outcome = await stageRepository({
        tree,
        entry: repository.entry,
        sections: read.patches.repositories[index]?.sections as PatchSection[],
        patch: repository.content,
        work: path.join(staging, `repository-${index}`),
        gitDirectory: gitDirectories[index] as string,
      });
      if (outcome.ok) staged.push(outcome.staged);
      else
        for (const message of outcome.messages)
          result.problems.push({
            code: outcome.code,
            path: path.join(targetPath, outcome.path ?? repository.entry.path),
            message: `${path.join(targetPath, repository.entry.path)}: ${message}`,
          });
    }
    if (result.problems.length > 0) return result;

    // Every path against the target as the bundle leaves it, each link with the target git actually wrote (a
    // renamed link's target is in no line of its patch).
    const effects = withStagedLinks(described.effects, staged);
    const afterApply = new TargetAfterApply(tree, effects);
    const removals = new Set(effects.filter((effect) => effect.becomes === "nothing").map((effect) => effect.path));
    for (const effect of effects) await checkEffect(tree, afterApply, effect, { read, removals, force }, refuse);
    if (result.problems.length > 0) return result;

    const plan = planWrites(staged, read.files);
    try {
      await commitToTree(tree, {
        removals: staged.flatMap(({ entry, removals }) => removals.map((removed) => joinRelative(entry.path, removed))),
        writes: plan,
        keepFolders: new Set(read.repositories.map(({ entry }) => entry.path)),
      });
    } catch (error) {
      result.problems.push({
        code: "apply-failed",
        message: error instanceof CommitError || error instanceof Error ? error.message : String(error),
      });
      return result;
    }
    result.applied.repositories = read.repositories.map(({ entry }) => entry.path);
    result.applied.files = read.files.map(({ entry }) => entry.path);
    result.ok = true;
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The bundle's effects, each link's target as staging made it. */
function withStagedLinks(effects: readonly BundleEffect[], staged: readonly StagedRepository[]): BundleEffect[] {
  const links = new Map<string, string>();
  for (const { entry, writes } of staged)
    for (const write of writes)
      if (write.kind === "link") links.set(joinRelative(entry.path, write.path), write.source);
  return effects.map((effect) => {
    const linkTarget = links.get(effect.path);
    return linkTarget === undefined ? effect : { ...effect, becomes: "link", linkTarget };
  });
}

/**
 * Checks that a repository's checkout is where the bundle says (a real folder, no link on the way, the root of a
 * git checkout) and, unless forced, at the recorded HEAD with a clean tree. Returns its git folder.
 */
async function checkRepository(
  tree: SafeTree,
  entry: SnapshotRepository,
  force: boolean,
  refuse: (relative: string, message: string) => void,
): Promise<string> {
  const where = path.join(tree.root, entry.path);
  try {
    const folder = await tree.folder(entry.path);
    if (folder === undefined) {
      refuse(entry.path, `${where} does not exist: clone ${entry.remote?.url ?? "the repository"} there first`);
      return "";
    }
    await folder.close();
  } catch (error) {
    if (!(error instanceof TreePathError)) throw error;
    refuse(entry.path, `${where}: ${path.join(tree.root, error.relative)} is ${error.reason}`);
    return "";
  }
  const toplevel = await gitMaybe(["rev-parse", "--show-toplevel"], { cwd: where }).catch(() => undefined);
  if (toplevel === undefined || (await realpath(toplevel).catch(() => "")) !== where) {
    refuse(
      entry.path,
      `${where} is not the root of a git checkout: clone ${entry.remote?.url ?? "the repository"} there first`,
    );
    return "";
  }
  const gitDirectory = (await gitMaybe(["rev-parse", "--absolute-git-dir"], { cwd: where })) ?? "";
  const head = await gitMaybe(["rev-parse", "--verify", "-q", "HEAD^{commit}"], { cwd: where });
  if (!force && head !== entry.head)
    refuse(
      entry.path,
      `${where} is at ${head ?? "no commit"}, not the recorded ${entry.head ?? "empty repository"}: check out ${entry.head ?? "nothing"} first, or pass --force`,
    );
  const status = await git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=all"], {
    cwd: where,
  });
  if (!force && (status.code !== 0 || status.stdout.length > 0))
    refuse(
      entry.path,
      `${where} has uncommitted changes or untracked files: apply onto a clean checkout, or pass --force`,
    );
  return gitDirectory;
}

type AfterState = { kind: "file" | "folder" | "nothing" | "other" } | { kind: "link"; target: string };

/** The target as it will be once the bundle is applied, path by path: the bundle's effects over what is there. */
class TargetAfterApply {
  private readonly byPath = new Map<string, BundleEffect>();
  private readonly folders = new Set<string>();
  private readonly cache = new Map<string, Promise<AfterState>>();

  constructor(
    private readonly tree: SafeTree,
    effects: readonly BundleEffect[],
  ) {
    for (const effect of effects) {
      this.byPath.set(effect.path, effect);
      if (effect.becomes === "nothing") continue;
      const segments = effect.path.split("/");
      for (let length = 1; length < segments.length; length += 1) this.folders.add(segments.slice(0, length).join("/"));
    }
  }

  state(relative: string): Promise<AfterState> {
    let known = this.cache.get(relative);
    if (known === undefined) {
      known = this.look(relative);
      this.cache.set(relative, known);
    }
    return known;
  }

  private async look(relative: string): Promise<AfterState> {
    const effect = this.byPath.get(relative);
    if (effect !== undefined) {
      if (effect.becomes === "link") return { kind: "link", target: effect.linkTarget ?? "" };
      return { kind: effect.becomes };
    }
    const found = await this.tree.entry(relative).catch((error: unknown) => {
      // A link or file on the way now: the bundle removes it (the caller checked the way first), so nothing is here.
      if (error instanceof TreePathError) return undefined;
      throw error;
    });
    if (found === undefined) return { kind: this.folders.has(relative) ? "folder" : "nothing" };
    if (found.kind === "link") return { kind: "link", target: (await this.tree.readLink(relative)) ?? "" };
    return { kind: found.kind };
  }

  /**
   * Where the link at `link` leads once applied, following links as the system would, or why it leaves the target
   * or reaches into a `.git` folder.
   */
  async resolveLink(link: string, linkTarget: string, depth = 0): Promise<{ path: string[] } | { problem: string }> {
    if (depth > 40) return { problem: "it is one of too many links in a row (a loop?)" };
    if (linkTarget.startsWith("/")) return { problem: `it leads to ${linkTarget}, outside the target` };
    let stack = link.split("/").slice(0, -1);
    for (const segment of linkTarget.split("/")) {
      if (segment === "" || segment === ".") continue;
      if (segment === "..") {
        if (stack.length === 0) return { problem: "it leads out of the target" };
        stack.pop();
        continue;
      }
      if (isGitFolderAlias(segment)) return { problem: "it leads into a .git folder" };
      stack.push(segment);
      const state = await this.state(stack.join("/"));
      if (state.kind !== "link") continue;
      const resolved = await this.resolveLink(stack.join("/"), state.target, depth + 1);
      if ("problem" in resolved) return { problem: `through ${stack.join("/")}: ${resolved.problem}` };
      stack = [...resolved.path];
    }
    return { path: stack };
  }
}

/**
 * Checks one path the bundle would touch against the target: nothing on the way to it is (or stays) a link or a
 * file, a link it makes stays in the target, and, unless forced, a file it writes replaces nothing different.
 */
async function checkEffect(
  tree: SafeTree,
  afterApply: TargetAfterApply,
  effect: BundleEffect,
  context: { read: ReadBundle; removals: ReadonlySet<string>; force: boolean },
  refuse: (relative: string, message: string) => void,
): Promise<void> {
  const { read, removals, force } = context;
  const where = path.join(tree.root, effect.path);
  const segments = effect.path.split("/");
  for (let length = 1; length < segments.length; length += 1) {
    const above = segments.slice(0, length).join("/");
    // A removal happens first, in the target as it is now; a write, in the target as the bundle leaves it.
    const state = effect.becomes === "nothing" ? await currentState(tree, above) : await afterApply.state(above);
    if (state.kind === "link")
      return refuse(
        effect.path,
        `${where}: ${path.join(tree.root, above)} is a symbolic link; refusing to write through it`,
      );
    if (state.kind === "file" || state.kind === "other")
      return refuse(effect.path, `${where}: ${path.join(tree.root, above)} is a file, not a folder`);
  }
  if (effect.becomes === "link") {
    const resolved = await afterApply.resolveLink(effect.path, effect.linkTarget ?? "");
    if ("problem" in resolved)
      return refuse(
        effect.path,
        `${where} would be a symbolic link to ${JSON.stringify(effect.linkTarget)}: ${resolved.problem}`,
      );
  }
  if (effect.becomes === "nothing" || effect.status === "modified") return;
  const found = await tree.entry(effect.path).catch(() => undefined);
  if (found === undefined) return;
  if (found.kind === "folder") {
    // A folder becomes a file or a link only when the bundle removes everything in it (a type change git writes as
    // deletions, then an addition).
    const left = (await tree.filesBelow(effect.path)).filter((below) => !removals.has(below));
    if (left.length === 0) return;
    return refuse(
      effect.path,
      `${where} is a folder holding ${left.slice(0, 3).join(", ")}${left.length > 3 ? ", …" : ""}`,
    );
  }
  if (found.kind === "other") return refuse(effect.path, `${where} is ${describeFileKind(found.stats)}`);
  // What a type change replaces is the file or link its patch reads.
  if (force || effect.status === "type-changed") return;
  if (effect.status !== "file")
    return refuse(effect.path, `${where} already exists: remove it, or pass --force to replace it`);
  if (found.kind === "link") return refuse(effect.path, `${where} is a symbolic link: remove it, or pass --force`);
  const declared = read.files.find(({ entry }) => entry.path === effect.path)?.entry;
  const opened = await tree.openFile(effect.path);
  if (opened === undefined || declared === undefined) return;
  let sha256: string;
  try {
    ({ sha256 } = await hashOpenFile(opened.handle));
  } finally {
    await opened.handle.close();
  }
  if (sha256 !== declared.sha256)
    refuse(effect.path, `${where} exists with other content: remove it, or pass --force to replace it`);
}

/**
 * The widest permission bits a written file may have: what the bundle recorded (with the executable bits git's mode
 * says), or, for a bundle that recorded none, what git would give a new file.
 */
function permissionLimit(recorded: string | undefined, executable: boolean): number {
  if (recorded === undefined) return executable ? 0o777 : 0o666;
  return withExecutable(Number.parseInt(recorded, 8), executable);
}

async function currentState(tree: SafeTree, relative: string): Promise<AfterState> {
  const found = await tree.entry(relative).catch((error: unknown) => {
    if (error instanceof TreePathError) return { kind: "other" as const };
    throw error;
  });
  if (found === undefined) return { kind: "nothing" };
  return found.kind === "link" ? { kind: "link", target: "" } : { kind: found.kind };
}

/** The writes of the transaction: each repository's staged results, then each declared file. */
function planWrites(
  staged: readonly StagedRepository[],
  files: ReadonlyArray<StagedEntry<SnapshotFile>>,
): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  for (const { entry, writes: stagedWrites } of staged) {
    const permissions = new Map(entry.changes.map((change) => [change.path, change.permissions]));
    for (const write of stagedWrites)
      writes.push({
        path: joinRelative(entry.path, write.path),
        kind: write.kind,
        source: write.source,
        executable: write.executable,
        sha256: write.sha256,
        limit: permissionLimit(permissions.get(write.path), write.executable),
      });
  }
  for (const { entry, content } of files) {
    const executable = entry.mode === "100755";
    writes.push({
      path: entry.path,
      kind: "file",
      source: content,
      executable,
      sha256: entry.sha256,
      limit: permissionLimit(entry.permissions, executable),
    });
  }
  return writes;
}
