import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { JsonSchema, SchemaSetInput } from "./schema-diff.js";
import { readReleasedFile } from "./manifest.js";

/**
 * Where released format versions are kept, one immutable folder per version (`schemas/released/1.0.0/`), and what
 * each holds. The working schemas stay in their major folder (`schemas/v1/`); releasing copies them here.
 */
export const releasedFolder = "schemas/released";
export const releaseParts = {
  /** The strict sources, byte for byte as `schemas/v<major>/` held them. */
  strict: "strict",
  /** The tolerant twins `pnpm generate` derived from them. */
  tolerant: "tolerant",
  /** One compound document per entity, strict (`bundled/`) and tolerant (`bundled/tolerant/`). */
  bundled: "bundled",
  bundledTolerant: "bundled/tolerant",
  /** The version's examples, and documents generated at release (the golden corpus every later version reads). */
  examples: "examples",
  corpus: "corpus",
} as const;
/** Beside `corpus/`: which real fixture each corpus document was converted from. */
export const corpusOrigins = "corpus-origins.json";

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

const releaseVersionPattern = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

export function parseReleaseVersion(text: string): Version | undefined {
  const match = releaseVersionPattern.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function compareVersions(left: Version, right: Version): number {
  return left.major - right.major || left.minor - right.minor || left.patch - right.patch;
}

export function formatVersionText(version: Version): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}

/** The released versions, oldest first, and anything in the released folder that is not one. */
export function releasedVersions(root: string): { versions: string[]; strays: string[] } {
  const folder = path.join(root, releasedFolder);
  if (!existsSync(folder)) return { versions: [], strays: [] };
  const versions: string[] = [];
  const strays: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory() && parseReleaseVersion(entry.name)) versions.push(entry.name);
    else strays.push(`${releasedFolder}/${entry.name}`);
  }
  versions.sort((left, right) =>
    compareVersions(parseReleaseVersion(left) as Version, parseReleaseVersion(right) as Version),
  );
  return { versions, strays };
}

/** The working major folders (`schemas/v1`, `schemas/v2`, …), lowest first, with their majors. */
export function workingMajors(root: string): Array<{ major: number; folder: string }> {
  const schemas = path.join(root, "schemas");
  return readdirSync(schemas, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^v[1-9]\d{0,8}$/.test(entry.name))
    .map((entry) => ({ major: Number(entry.name.slice(1)), folder: `schemas/${entry.name}` }))
    .sort((left, right) => left.major - right.major);
}

/** The `*.schema.json` files of one folder, parsed, by file name. */
export function loadSchemaFolder(root: string, folder: string): SchemaSetInput {
  const files = new Map<string, JsonSchema>();
  const absolute = path.join(root, folder);
  for (const name of readdirSync(absolute).sort()) {
    if (!name.endsWith(".schema.json")) continue;
    const text = readReleasedFile(path.join(absolute, name)).toString("utf8");
    try {
      files.set(name, JSON.parse(text) as JsonSchema);
    } catch (error) {
      throw new Error(`${folder}/${name} is not JSON: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return { folder, files };
}

/** Where the format version lives in core, and the one line that states it. */
export const formatVersionFile = "packages/core/src/format-version.ts";
const formatVersionLine = /^export const formatVersion = "([^"\n]*)";$/m;

export function readFormatVersion(root: string): string | undefined {
  const file = path.join(root, formatVersionFile);
  if (!existsSync(file)) return undefined;
  return formatVersionLine.exec(readFileSync(file, "utf8"))?.[1];
}

/** The newest release a major's CHANGELOG names: its first `## x.y.z` heading. */
export function readChangelogVersion(root: string, majorFolder: string): string | undefined {
  const file = path.join(root, majorFolder, "CHANGELOG.md");
  if (!existsSync(file)) return undefined;
  return /^## (\S+)\s*$/m.exec(readFileSync(file, "utf8"))?.[1];
}

/**
 * The SchemaStore-style catalog entry (`schemas/catalog.json`): what an editor needs to offer our schema for
 * `*.transcript.json` files, with one URL per released version. The URLs are the released bundled documents in the
 * repository, which never change once released; `pnpm schema:release` adds each new version.
 */
export const catalogFile = "schemas/catalog.json";
export const catalogBaseUrl =
  "https://raw.githubusercontent.com/agent-transcript/agent-transcript/main/schemas/released/";

export function catalogUrl(version: string): string {
  return `${catalogBaseUrl}${version}/bundled/transcript.schema.json`;
}

export function catalogFor(versions: readonly string[]): object {
  const latest = versions.at(-1);
  return {
    $schema: "https://json.schemastore.org/schema-catalog.json",
    version: 1,
    schemas: [
      {
        name: "Agent Transcript",
        description:
          "A transcript of an AI agent's conversation in the Agent Transcript format: messages and their parts, the run, usage, cost and artifacts.",
        fileMatch: ["*.transcript.json"],
        url: latest === undefined ? undefined : catalogUrl(latest),
        versions: Object.fromEntries(versions.map((version) => [version, catalogUrl(version)])),
      },
    ],
  };
}
