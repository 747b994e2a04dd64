import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import parseChangeset from "@changesets/parse";
import type { ChangeKind } from "./schema-diff.js";

export type Bump = ChangeKind | "none";

export interface PendingBump {
  bump: Bump;
  /** The changeset files that set it (those with the largest bump), repository-relative. */
  files: string[];
}

export interface ChangesetReading {
  /** Each package's bump from the pending changesets, with changesets' `fixed` groups applied. */
  bumpOf: (name: string) => PendingBump;
  problems: string[];
}

const order: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * The bumps the pending changesets (`.changeset/*.md`) give, read with changesets' own parser. A package in a `fixed`
 * group gets the largest bump any member gets, as `changeset version` does.
 */
export function readPendingChangesets(root: string): ChangesetReading {
  const folder = path.join(root, ".changeset");
  const problems: string[] = [];
  const direct = new Map<string, PendingBump>();
  const raise = (name: string, bump: Bump, file: string): void => {
    const current = direct.get(name) ?? { bump: "none", files: [] };
    if (order[bump] > order[current.bump]) direct.set(name, { bump, files: [file] });
    else if (order[bump] === order[current.bump] && bump !== "none") current.files.push(file);
    else if (!direct.has(name)) direct.set(name, current);
  };
  const files = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith(".md") && name !== "README.md")
        .sort()
    : [];
  for (const name of files) {
    const file = `.changeset/${name}`;
    try {
      for (const release of parseChangeset(readFileSync(path.join(folder, name), "utf8")).releases)
        raise(release.name, release.type, file);
    } catch (error) {
      problems.push(`${file} is not a changeset: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const fixed = readFixedGroups(root, problems);
  const bumpOf = (name: string): PendingBump => {
    const group = fixed.find((members) => members.includes(name)) ?? [name];
    let result: PendingBump = { bump: "none", files: [] };
    for (const member of group) {
      const bump = direct.get(member);
      if (!bump) continue;
      if (order[bump.bump] > order[result.bump]) result = { bump: bump.bump, files: [...bump.files] };
      else if (order[bump.bump] === order[result.bump]) result.files.push(...bump.files);
    }
    return { bump: result.bump, files: [...new Set(result.files)].sort() };
  };
  return { bumpOf, problems };
}

function readFixedGroups(root: string, problems: string[]): string[][] {
  const file = path.join(root, ".changeset/config.json");
  if (!existsSync(file)) return [];
  try {
    const config = JSON.parse(readFileSync(file, "utf8")) as { fixed?: unknown };
    if (config.fixed === undefined) return [];
    if (
      !Array.isArray(config.fixed) ||
      !config.fixed.every((group) => Array.isArray(group) && group.every((member) => typeof member === "string"))
    )
      throw new Error("fixed is not a list of lists of package names");
    return config.fixed as string[][];
  } catch (error) {
    problems.push(`.changeset/config.json: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/** Whether `bump` is at least `needed`. */
export function covers(bump: Bump, needed: Bump): boolean {
  return order[bump] >= order[needed];
}
