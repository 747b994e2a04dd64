import { formatVersion, parseVersion } from "./format-version.js";

/**
 * One upgrade step between two format versions of the same major. Migrations are pure: they get a fresh copy of
 * the document (a plain JSON value) and return the upgraded document; the runner sets schema_version afterwards.
 */
export interface Migration {
  /** The version the step reads, `major.minor` (any patch of it). */
  from: string;
  /** The version the step writes, `major.minor`. */
  to: string;
  description: string;
  migrate: (document: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The registered upgrades, oldest first. Empty while 1.0 is the only release: the first minor bump that changes
 * the meaning or shape of existing fields adds its step here, with a test that upgrades a document written by the
 * previous version. Additive minor releases need no step (readers of the newer minor accept older documents as
 * they are).
 */
export const migrations: readonly Migration[] = [];

export type MigrationResult =
  { ok: true; document: Record<string, unknown>; applied: string[] } | { ok: false; message: string };

const minorKey = (version: string): string | undefined => {
  const parsed = parseVersion(version);
  return parsed ? `${parsed.major}.${parsed.minor}` : undefined;
};

/**
 * Upgrades a document to `target` (default: this package's version) by applying the registered steps in order.
 * A document already at or past the target comes back unchanged. Never mutates its input.
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
  if (from.major !== to.major)
    return { ok: false, message: `cannot migrate across major versions (${version} to ${target})` };
  if (from.minor >= to.minor) return { ok: true, document, applied: [] };

  let current: Record<string, unknown> = structuredClone(document);
  let currentKey = minorKey(version);
  const targetKey = minorKey(target);
  const applied: string[] = [];
  while (currentKey !== targetKey) {
    const step = registry.find((candidate) => candidate.from === currentKey);
    if (!step) {
      // Additive releases have no step: move to the next minor unchanged.
      const [major, minor] = (currentKey ?? "0.0").split(".").map(Number) as [number, number];
      currentKey = `${major}.${minor + 1}`;
      continue;
    }
    current = step.migrate(current);
    applied.push(`${step.from} -> ${step.to}: ${step.description}`);
    currentKey = step.to;
  }
  return { ok: true, document: { ...current, schema_version: target }, applied };
}
