import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { covers, readPendingChangesets, type Bump } from "./changesets.js";
import { verifyRelease } from "./manifest.js";
import {
  compareVersions,
  formatVersionFile,
  loadSchemaFolder,
  parseReleaseVersion,
  readChangelogVersion,
  readFormatVersion,
  releasedFolder,
  releasedVersions,
  releaseParts,
  workingMajors,
  type Version,
} from "./releases.js";
import { compareSchemaSets, directionWords, requiredBump, type SchemaChange } from "./schema-diff.js";

/**
 * The packages that carry the schema: core generates its types and validators from it; the bindings carry their
 * generated types. A carrier is held to the gate when it is published (not private) and versioned by changesets
 * (not in `ignore`): today core alone.
 */
export const schemaCarriers = [
  "@agent-transcript/core",
  "@agent-transcript/bindings-python",
  "@agent-transcript/bindings-go",
  "@agent-transcript/bindings-rust",
] as const;

/** Where core registers its migrations, loaded by the gate when a new major needs one. */
export const migrationsFile = "packages/core/src/migrations.ts";

export interface GateReport {
  /** The latest released version compared against; undefined while nothing is released. */
  release?: string;
  /** The working major folder compared: `schemas/v1`. */
  working?: string;
  changes: SchemaChange[];
  /** The release the changes need. */
  required: Bump;
  /** Why the gate fails; empty when it passes. */
  problems: string[];
  /** What the gate checked and found in order (versions, changesets), for the report. */
  notes: string[];
}

export async function runGate(root: string): Promise<GateReport> {
  const report: GateReport = { changes: [], required: "none", problems: [], notes: [] };
  const { versions, strays } = releasedVersions(root);
  for (const stray of strays)
    report.problems.push(`${stray}: only released version folders (x.y.z) belong in ${releasedFolder}`);
  for (const version of versions) {
    const folder = `${releasedFolder}/${version}`;
    for (const problem of verifyRelease(path.join(root, folder), folder))
      report.problems.push(`${problem.file} ${problem.problem}`);
  }
  // A release that is not what was frozen is no baseline: comparing with it would judge against the wrong schemas.
  if (report.problems.length > 0) return report;
  const majors = workingMajors(root);
  const working = majors.at(-1);
  if (!working) {
    report.problems.push("schemas/ holds no major folder (v1, v2, …)");
    return report;
  }
  report.working = working.folder;
  const latest = versions.at(-1);
  if (latest === undefined) {
    report.notes.push(`no format version is released yet (${releasedFolder} is empty): nothing to compare`);
    return report;
  }
  report.release = latest;
  const released = parseReleaseVersion(latest) as Version;
  const oldSet = loadSchemaFolder(root, `${releasedFolder}/${latest}/${releaseParts.strict}`);
  const newSet = loadSchemaFolder(root, working.folder);
  report.changes = compareSchemaSets(oldSet, newSet);
  const newMajor = working.major > released.major;
  report.required = newMajor ? "major" : requiredBump(report.changes);

  if (working.major < released.major)
    report.problems.push(`${working.folder} is older than the released ${latest}: work happens in the newest major`);
  if (report.required === "major" && !newMajor)
    report.problems.push(
      `the breaking changes need a new major folder: schemas/v${released.major} is released as ${latest} and changes only compatibly; make them in schemas/v${released.major + 1}/ with a migration from ${released.major}.x (${migrationsFile})`,
    );

  checkFormatVersion(root, report, released, working);
  checkChangesets(root, report);
  if (newMajor) await checkMigration(root, report, released, working.major);
  return report;
}

function checkFormatVersion(
  root: string,
  report: GateReport,
  released: Version,
  working: { major: number; folder: string },
): void {
  const stated = readFormatVersion(root);
  const version = stated === undefined ? undefined : parseReleaseVersion(stated);
  if (!version) {
    report.problems.push(`${formatVersionFile} states no formatVersion "x.y.z"`);
    return;
  }
  const changelog = readChangelogVersion(root, working.folder);
  if (changelog !== stated)
    report.problems.push(
      `${working.folder}/CHANGELOG.md's newest heading is ${changelog ?? "missing"}, and formatVersion (${formatVersionFile}) is ${stated}: they name the same version`,
    );
  const bump = bumpBetween(released, version);
  report.notes.push(
    `format version ${stated} is a ${bump === "none" ? "no" : bump} bump of the released ${formatOf(released)}`,
  );
  if (bump === "older") {
    report.problems.push(
      `formatVersion ${stated} (${formatVersionFile}) is older than the released ${formatOf(released)}`,
    );
    return;
  }
  if (version.major !== working.major)
    report.problems.push(
      `formatVersion ${stated} (${formatVersionFile}) is not of major ${working.major}, the folder ${working.folder}`,
    );
  if (!covers(bump, report.required))
    report.problems.push(
      `formatVersion ${stated} (${formatVersionFile}) and ${working.folder}/CHANGELOG.md must be at least ${nextVersion(released, report.required)}: the changes need a ${report.required} release of the format (released: ${formatOf(released)})`,
    );
}

function checkChangesets(root: string, report: GateReport): void {
  const reading = readPendingChangesets(root);
  report.problems.push(...reading.problems);
  const ignored = readIgnoredPackages(root);
  for (const name of schemaCarriers) {
    const manifest = findPackage(root, name);
    if (!manifest) {
      if (name === "@agent-transcript/core") report.problems.push(`${name} is not in packages/: it carries the schema`);
      continue;
    }
    if (manifest.private === true || ignored.has(name)) continue;
    const pending = reading.bumpOf(name);
    const which = describeFiles(pending.files);
    report.notes.push(`${name}: pending changesets bump it ${pending.bump}${which}`);
    if (report.required !== "none" && !covers(pending.bump, report.required))
      report.problems.push(
        `${name} carries the schema, and its pending changesets bump it ${pending.bump}${which}: the changes need a ${report.required} changeset (pnpm changeset)`,
      );
  }
}

async function checkMigration(root: string, report: GateReport, released: Version, major: number): Promise<void> {
  const file = path.join(root, migrationsFile);
  if (!existsSync(file)) {
    report.problems.push(`${migrationsFile} is missing: a new major needs a migration from ${released.major}.x`);
    return;
  }
  let registered: unknown;
  try {
    registered = ((await import(pathToFileURL(file).href)) as { migrations?: unknown }).migrations;
  } catch (error) {
    report.problems.push(
      `${migrationsFile} cannot be loaded: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  const steps = Array.isArray(registered) ? (registered as Array<{ from?: unknown; to?: unknown }>) : [];
  const crosses = steps.some(
    (step) =>
      typeof step.from === "string" &&
      typeof step.to === "string" &&
      step.from.split(".")[0] === String(released.major) &&
      step.to.split(".")[0] === String(major),
  );
  if (!crosses)
    report.problems.push(
      `no migration from ${released.major}.x to ${major}.0 is registered in ${migrationsFile}: documents of the released ${formatOf(released)} must read as ${major}.0`,
    );
}

/** The changesets that set a bump, the first few by name: there may be dozens before a release. */
function describeFiles(files: readonly string[]): string {
  if (files.length === 0) return "";
  const shown = files.slice(0, 3).join(", ");
  return files.length > 3 ? ` (${shown} and ${files.length - 3} more)` : ` (${shown})`;
}

function readIgnoredPackages(root: string): Set<string> {
  const file = path.join(root, ".changeset/config.json");
  if (!existsSync(file)) return new Set();
  try {
    const ignore = (JSON.parse(readFileSync(file, "utf8")) as { ignore?: unknown }).ignore;
    return new Set(Array.isArray(ignore) ? ignore.filter((name): name is string => typeof name === "string") : []);
  } catch {
    return new Set();
  }
}

function findPackage(root: string, name: string): { private?: boolean } | undefined {
  const packages = path.join(root, "packages");
  if (!existsSync(packages)) return undefined;
  for (const folder of readdirSync(packages)) {
    const manifestPath = path.join(packages, folder, "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { name?: string; private?: boolean };
    if (manifest.name === name) return manifest;
  }
  return undefined;
}

function bumpBetween(from: Version, to: Version): Bump | "older" {
  const order = compareVersions(to, from);
  if (order < 0) return "older";
  if (to.major > from.major) return "major";
  if (to.minor > from.minor) return "minor";
  if (to.patch > from.patch) return "patch";
  return "none";
}

function nextVersion(from: Version, bump: Bump): string {
  if (bump === "major") return `${from.major + 1}.0.0`;
  if (bump === "minor") return `${from.major}.${from.minor + 1}.0`;
  if (bump === "patch") return `${from.major}.${from.minor}.${from.patch + 1}`;
  return formatOf(from);
}

function formatOf(version: Version): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}

/** The report as the CLI prints it: every change with its file, pointer, kind and why, then what fails. */
export function describeReport(report: GateReport): string {
  const lines: string[] = [];
  if (report.release === undefined) {
    lines.push(`schema:compat: ${report.notes.join("; ") || "nothing to compare"}`);
  } else {
    lines.push(
      `schema:compat: ${report.working} against the released ${report.release} (${releasedFolder}/${report.release})`,
    );
    if (report.changes.length === 0) lines.push("  no changes");
    for (const change of report.changes)
      lines.push(`  ${change.kind.padEnd(5)} ${change.file}#${change.pointer} ${change.rule}: ${change.reason}`);
    lines.push(`  the changes need: ${report.required === "none" ? "no release" : `a ${report.required} release`}`);
    for (const note of report.notes) lines.push(`  ${note}`);
  }
  if (report.problems.length > 0) {
    lines.push("schema:compat failed:");
    for (const problem of report.problems) lines.push(`  - ${problem}`);
    const breaking = report.changes.filter((change) => change.kind === "major");
    if (breaking.length > 0)
      lines.push(
        `  breaking (${breaking.length}): ${breaking.map((change) => `${change.file}#${change.pointer} (${change.breaks.map((direction) => directionWords[direction]).join("; ")})`).join(", ")}`,
      );
  }
  return `${lines.join("\n")}\n`;
}
