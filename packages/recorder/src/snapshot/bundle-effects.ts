// What a bundle would do to a target, worked out from the bundle alone: every path its patches and files would write,
// remove or turn into a link, and every way in which it contradicts itself or reaches where it may not. `snapshot
// show` prints this, and `snapshot apply` refuses a bundle with any problem here before it looks at the target.
import type { SnapshotChange, SnapshotFile, SnapshotRepository } from "@agent-transcript/core";
import { PatchStructureReader, type PatchSection } from "./patch-structure.js";
import { isAtOrBelow, isGitControlFileName, isGitFolderAlias, joinRelative, workFolderPrefix } from "./paths.js";

/** One path the bundle touches, relative to the bundle's root. */
export interface BundleEffect {
  path: string;
  /** The repository (its path) whose patch touches it; absent for a declared file. */
  repository?: string;
  /** What the path holds afterwards. */
  becomes: "file" | "link" | "nothing";
  /** The change as the bundle declares it (`file` for a declared file). */
  status: SnapshotChange["status"] | "file";
  /** For a rename: the path it is renamed from (relative to the bundle's root; it becomes nothing). */
  from?: string;
  /** For a link: its target, as the patch writes it. */
  linkTarget?: string;
  /** Git's mode afterwards, when it becomes a file or link. */
  mode?: string;
}

export interface BundleEffects {
  effects: BundleEffect[];
  /** Why applying would be refused whatever the target holds; empty when nothing is wrong. */
  problems: string[];
}

export interface RepositoryWithPatch {
  entry: SnapshotRepository;
  /** The patch's sections, or why it could not be read. */
  sections: PatchSection[] | { error: string };
}

/**
 * Reads each repository's patch as a bundle's content goes by (`begin` at a repository line, `push` its content,
 * `finish` at the next entry and the end), keeping each patch's sections or why they could not be read.
 */
export class PatchesInBundle {
  readonly repositories: RepositoryWithPatch[] = [];
  private reader: PatchStructureReader | undefined;

  begin(entry: SnapshotRepository): void {
    this.finish();
    this.repositories.push({ entry, sections: [] });
    this.reader = new PatchStructureReader();
  }

  push(bytes: Buffer): void {
    if (this.reader === undefined) return;
    try {
      this.reader.push(bytes);
    } catch (error) {
      this.fail(error);
    }
  }

  finish(): void {
    if (this.reader === undefined) return;
    try {
      (this.repositories.at(-1) as RepositoryWithPatch).sections = this.reader.end();
      this.reader = undefined;
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    (this.repositories.at(-1) as RepositoryWithPatch).sections = {
      error: error instanceof Error ? error.message : String(error),
    };
    this.reader = undefined;
  }
}

/** How the patch's sections change each path, the two sections of a type change (delete, then add) as one. */
interface SectionEffect {
  status: SnapshotChange["status"];
  oldPath?: string;
  mode?: string;
  linkTarget?: string;
}

/** The paths the sections change, by the path they leave behind (a rename by its new path); problems beside. */
function sectionEffects(sections: readonly PatchSection[], problems: string[]): Map<string, SectionEffect> {
  const effects = new Map<string, SectionEffect>();
  const renamedFrom = new Set<string>();
  for (const section of sections) {
    const at = `patch line ${section.line}`;
    const target = (section.newPath ?? section.oldPath) as string;
    const earlier = effects.get(target);
    if (section.status === "added" && earlier?.status === "deleted") {
      effects.set(target, withOptional({ status: "type-changed" }, section));
      continue;
    }
    if (earlier !== undefined || renamedFrom.has(target)) {
      problems.push(`${at}: ${target} is changed by more than one section of the patch`);
      continue;
    }
    if (section.status === "renamed") {
      const from = section.oldPath as string;
      if (effects.has(from) || renamedFrom.has(from)) {
        problems.push(`${at}: ${from} is renamed and also changed by another section of the patch`);
        continue;
      }
      renamedFrom.add(from);
      effects.set(target, withOptional({ status: "renamed", oldPath: from }, section));
    } else effects.set(target, withOptional({ status: section.status }, section));
  }
  for (const from of renamedFrom)
    if (effects.has(from)) problems.push(`${from} is renamed and also changed by another section of the patch`);
  return effects;
}

function withOptional(effect: SectionEffect, section: PatchSection): SectionEffect {
  if (section.newMode !== undefined) effect.mode = section.newMode;
  if (section.linkTarget !== undefined) effect.linkTarget = section.linkTarget;
  return effect;
}

/** Compares a repository's patch with the changes it declares: every path either way, its status, its rename. */
function comparePatchWithChanges(
  entry: SnapshotRepository,
  effects: ReadonlyMap<string, SectionEffect>,
  problems: string[],
): void {
  const declared = new Map<string, SnapshotChange>();
  for (const change of entry.changes) {
    if (declared.has(change.path)) problems.push(`${change.path} is declared twice`);
    declared.set(change.path, change);
  }
  for (const [changed, effect] of effects) {
    const change = declared.get(changed);
    if (change === undefined) {
      problems.push(
        `the patch ${effect.status === "renamed" ? `renames ${effect.oldPath ?? ""} to` : describeStatus(effect.status)} ${changed}, which the bundle does not declare`,
      );
      continue;
    }
    if (change.status !== effect.status)
      problems.push(`${changed} is declared ${change.status}, but the patch has it ${effect.status}`);
    else if (change.status === "renamed" && change.old_path !== effect.oldPath)
      problems.push(
        `${changed} is declared renamed from ${change.old_path ?? "nowhere"}, but the patch renames it from ${effect.oldPath ?? "nowhere"}`,
      );
    if (change.mode !== undefined && effect.mode !== undefined && change.mode !== effect.mode)
      problems.push(`${changed} is declared with mode ${change.mode}, but the patch gives it ${effect.mode}`);
  }
  for (const [changed, change] of declared)
    if (!effects.has(changed))
      problems.push(`${changed} is declared ${change.status}, but the patch does not change it`);
}

function describeStatus(status: SnapshotChange["status"]): string {
  return {
    added: "adds",
    modified: "modifies",
    deleted: "deletes",
    renamed: "renames",
    "type-changed": "changes the type of",
  }[status];
}

/** Why a link's target may not be carried, judged from its text alone (apply judges it again against the target). */
export function linkTargetProblem(link: string, linkTarget: string): string | undefined {
  if (linkTarget === "") return "it is empty";
  if (linkTarget.includes("\0")) return "it holds a NUL character";
  if (linkTarget.startsWith("/")) return "it is absolute: it points outside the target";
  const depth = link.split("/").length - 1;
  let level = depth;
  for (const segment of linkTarget.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      level -= 1;
      if (level < 0) return "it climbs out of the target";
    } else {
      if (isGitFolderAlias(segment)) return "it points into a .git folder";
      level += 1;
    }
  }
  return undefined;
}

/**
 * Works out what the bundle's repositories (with their patches read) and files would do, and every problem that
 * refuses it whatever the target holds: a patch unlike its declared changes, a path declared twice, a file inside a
 * repository, a path both a file and a folder, a path through a link the bundle makes, a link out of the target.
 */
export function bundleEffects(
  repositories: readonly RepositoryWithPatch[],
  files: readonly SnapshotFile[],
): BundleEffects {
  const problems: string[] = [];
  const effects: BundleEffect[] = [];
  const repositoryPaths = new Set<string>();
  for (const { entry, sections } of repositories) {
    const here = `repository ${entry.path}`;
    if (repositoryPaths.has(entry.path)) problems.push(`${here} is in the bundle twice`);
    repositoryPaths.add(entry.path);
    if ("error" in sections) {
      problems.push(`${here}: ${sections.error}`);
      continue;
    }
    const local: string[] = [];
    const changed = sectionEffects(sections, local);
    comparePatchWithChanges(entry, changed, local);
    const declaredModes = new Map(entry.changes.map((change) => [change.path, change.mode]));
    for (const problem of local) problems.push(`${here}: ${problem}`);
    for (const [changedPath, effect] of changed) {
      const where = joinRelative(entry.path, changedPath);
      // A rename without changes carries no mode: the declared one says what the path becomes (apply checks it).
      const mode = effect.mode ?? declaredModes.get(changedPath);
      const becomes =
        effect.status === "deleted"
          ? "nothing"
          : mode === "120000" || effect.linkTarget !== undefined
            ? "link"
            : "file";
      const described: BundleEffect = { path: where, repository: entry.path, becomes, status: effect.status };
      if (effect.oldPath !== undefined) {
        described.from = joinRelative(entry.path, effect.oldPath);
        effects.push({ path: described.from, repository: entry.path, becomes: "nothing", status: "deleted" });
      }
      if (mode !== undefined) described.mode = mode;
      if (effect.linkTarget !== undefined) described.linkTarget = effect.linkTarget;
      effects.push(described);
    }
  }
  for (const file of files) effects.push({ path: file.path, becomes: "file", status: "file", mode: file.mode });

  const byPath = new Map<string, BundleEffect>();
  for (const effect of effects) {
    if (byPath.has(effect.path)) problems.push(`${effect.path} is changed by two entries of the bundle`);
    else byPath.set(effect.path, effect);
    if (effect.path.startsWith(workFolderPrefix))
      problems.push(
        `${effect.path}: a name beginning with ${workFolderPrefix} at the target's root is where an apply keeps its work and journal`,
      );
  }
  for (const file of files)
    for (const repository of repositoryPaths)
      if (isAtOrBelow(file.path, repository))
        problems.push(`file ${file.path} lies inside repository ${repository}: its patch is what may change it`);
  // A repository declared inside another (a nested checkout) is changed by its own patch only.
  for (const effect of effects)
    for (const inner of repositoryPaths)
      if (
        effect.repository !== undefined &&
        inner !== effect.repository &&
        isAtOrBelow(inner, effect.repository) &&
        isAtOrBelow(effect.path, inner)
      )
        problems.push(
          `the patch of repository ${effect.repository} changes ${effect.path}, inside repository ${inner}`,
        );
  // Afterwards a path is a file, a link or nothing: nothing may then lie below a file or a link, and no write of the
  // bundle may pass through a link the bundle makes. (A removal happens before anything is written: a folder whose
  // files are deleted may become a link.)
  for (const effect of effects) {
    const segments = effect.path.split("/");
    if (effect.becomes === "nothing") continue;
    for (let length = 1; length < segments.length; length += 1) {
      const above = byPath.get(segments.slice(0, length).join("/"));
      if (above === undefined || above.becomes === "nothing") continue;
      problems.push(
        above.becomes === "link"
          ? `${effect.path} would go through ${above.path}, a symbolic link the bundle makes`
          : `${effect.path} lies below ${above.path}, which the bundle makes a file`,
      );
      break;
    }
    if (effect.becomes !== "link") continue;
    const name = segments.at(-1) as string;
    if (isGitControlFileName(name)) problems.push(`${effect.path} may not be a symbolic link (git reads it)`);
    const problem = effect.linkTarget === undefined ? undefined : linkTargetProblem(effect.path, effect.linkTarget);
    if (problem !== undefined)
      problems.push(`${effect.path} would be a symbolic link to ${JSON.stringify(effect.linkTarget)}: ${problem}`);
  }
  return { effects, problems };
}
