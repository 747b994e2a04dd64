import { formatVersion, parseVersion } from "./format-version.js";

/**
 * One upgrade step between two format versions. Migrations are pure: they get a fresh copy of the document (a plain
 * JSON value) and return the upgraded document; the runner sets schema_version afterwards. A step within a major
 * upgrades an older minor; a step into the next major (`from: "1.4"`, `to: "2.0"`) is what a new major folder of
 * the schemas registers, reading the last minor of the old major.
 */
export interface Migration {
  /** The version the step reads, `major.minor` (any patch of it). */
  from: string;
  /** The version the step writes, `major.minor`, later than `from`. */
  to: string;
  description: string;
  migrate: (document: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The registered upgrades, oldest first. Empty: 1.1 was additive, like every release so far; the first minor bump
 * that changes the meaning or shape of existing fields adds its step here, with a test that upgrades a document
 * written by the previous version, and a new major adds the step from the last minor of the old one (the compatibility gate,
 * `pnpm schema:compat`, requires it). Additive minor releases need no step (readers of the newer minor accept older
 * documents as they are).
 */
export const migrations: readonly Migration[] = [];

export type MigrationResult =
  { ok: true; document: Record<string, unknown>; applied: string[] } | { ok: false; message: string };

interface MinorVersion {
  major: number;
  minor: number;
}

const minorVersionPattern = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

function parseMinor(text: string): MinorVersion | undefined {
  const match = minorVersionPattern.exec(text);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
}

const compare = (left: MinorVersion, right: MinorVersion): number =>
  left.major - right.major || left.minor - right.minor;
const describe = (version: MinorVersion): string => `${version.major}.${version.minor}`;

/**
 * Upgrades a document to `target` (default: this package's version) by applying the registered steps in order.
 * A document already at or past the target's minor comes back unchanged; one of a later major is refused, and so is
 * one of an earlier major that no registered step leads out of. Never mutates its input.
 */
export function migrate(
  document: Record<string, unknown>,
  options: { target?: string; registry?: readonly Migration[] } = {},
): MigrationResult {
  const target = options.target ?? formatVersion;
  const registry = options.registry ?? migrations;
  const version = typeof document.schema_version === "string" ? document.schema_version : undefined;
  const from = version ? parseVersion(version) : undefined;
  const to = parseVersion(target);
  if (!from || !to || !version)
    return {
      ok: false,
      message: `cannot migrate: schema_version ${JSON.stringify(document.schema_version)} is not a semantic version`,
    };
  if (from.major > to.major)
    return { ok: false, message: `cannot migrate across major versions (${version} to ${target}): it is newer` };
  if (from.major === to.major && from.minor >= to.minor) return { ok: true, document, applied: [] };

  const steps: Array<{ step: Migration; from: MinorVersion; to: MinorVersion }> = [];
  for (const step of registry) {
    const stepFrom = parseMinor(step.from);
    const stepTo = parseMinor(step.to);
    if (!stepFrom || !stepTo || compare(stepTo, stepFrom) <= 0)
      return { ok: false, message: `the migration ${step.from} -> ${step.to} does not lead to a later version` };
    steps.push({ step, from: stepFrom, to: stepTo });
  }
  const goal: MinorVersion = { major: to.major, minor: to.minor };
  let at: MinorVersion = { major: from.major, minor: from.minor };
  // Steps get a fresh copy, made once and only when one applies: between additive releases (no step) the document is
  // the same, and a copy of a large one would double what a reader holds for nothing.
  const applied: string[] = [];
  let current: Record<string, unknown> = document;
  const fresh = (): Record<string, unknown> => (applied.length === 0 ? structuredClone(document) : current);
  // Each turn applies a step (which leads later) or skips ahead to the next step or the goal: it ends.
  while (compare(at, goal) < 0) {
    const here = at;
    const step = steps.find((candidate) => compare(candidate.from, here) === 0);
    if (step) {
      current = step.step.migrate(fresh());
      applied.push(`${step.step.from} -> ${step.step.to}: ${step.step.description}`);
      at = step.to;
      continue;
    }
    // No step reads this minor: the releases after it were additive, so move on to the next one that has a step.
    const next = steps
      .filter((candidate) => candidate.from.major === here.major && candidate.from.minor > here.minor)
      .sort((left, right) => compare(left.from, right.from))[0];
    if (here.major === goal.major) {
      at = next && compare(next.from, goal) < 0 ? next.from : goal;
      continue;
    }
    if (next) {
      at = next.from;
      continue;
    }
    // A minor of the old major later than its step into the next one (a newer minor than was released when the
    // step was written) is read by that step, as any reader of the major reads a newer minor: tolerantly.
    const out = steps
      .filter(
        (candidate) =>
          candidate.from.major === here.major && candidate.to.major > here.major && candidate.from.minor < here.minor,
      )
      .sort((left, right) => compare(right.from, left.from))[0];
    if (out) {
      current = out.step.migrate(fresh());
      applied.push(`${out.step.from} -> ${out.step.to}: ${out.step.description}`);
      at = out.to;
    } else
      return {
        ok: false,
        message: `cannot migrate ${version} to ${target}: no migration from ${describe(here)} to ${here.major + 1}.x is registered`,
      };
  }
  // A shallow copy with the new version: the caller's document keeps its own.
  return { ok: true, document: { ...current, schema_version: target }, applied };
}
