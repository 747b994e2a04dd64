import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { freezeRelease } from "./freeze.js";
import { formatVersionFile, readFormatVersion } from "./releases.js";

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const made: string[] = [];
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/**
 * What the gate reads of a checkout, copied into a temporary folder: the schemas (sources, generated, released), the
 * changeset folder with no pending changeset, core's package.json, format version and migrations (with what they
 * import), and the bindings' package.json files. Without `examples`, the examples and corpora stay behind (the gate
 * reads neither), which makes the copy several times faster.
 */
export function copyCheckout(options: { examples?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "schema-release-"));
  made.push(root);
  const examples = options.examples ?? true;
  const schemas = path.join(repositoryRoot, "schemas");
  cpSync(schemas, path.join(root, "schemas"), {
    recursive: true,
    filter: (source) =>
      examples || !/^(?:v\d+\/examples|released\/[^/]+\/(?:examples|corpus))$/.test(path.relative(schemas, source)),
  });
  mkdirSync(path.join(root, ".changeset"));
  cpSync(path.join(repositoryRoot, ".changeset/config.json"), path.join(root, ".changeset/config.json"));
  for (const file of [
    "packages/core/package.json",
    formatVersionFile,
    "packages/core/src/migrations.ts",
    "packages/bindings-python/package.json",
    "packages/bindings-go/package.json",
    "packages/bindings-rust/package.json",
  ]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    cpSync(path.join(repositoryRoot, file), path.join(root, file));
  }
  return root;
}

/** The version `copyReleasedCheckout` freezes: this repository's format version as it is. */
export const releasedVersion = readFormatVersion(repositoryRoot) ?? "";
const [releasedMajor = 0, releasedMinorNumber = 0, releasedPatch = 0] = releasedVersion.split(".").map(Number);
/** That release's `major.minor`, as a migration names it. */
export const releasedMinor = `${releasedMajor}.${releasedMinorNumber}`;
/** The version a change made after that release needs, by the change's kind; `laterMinor` is the minor after that. */
export const nextVersions = {
  major: `${releasedMajor + 1}.0.0`,
  minor: `${releasedMajor}.${releasedMinorNumber + 1}.0`,
  patch: `${releasedMajor}.${releasedMinorNumber}.${releasedPatch + 1}`,
  laterMinor: `${releasedMajor}.${releasedMinorNumber + 2}.0`,
} as const;

let releasedTemplate: string | undefined;

/**
 * A copy whose latest release is the working schemas as they are (frozen now, with no corpus), for the tests of
 * changes made after a release; the real release folders are dropped so the comparison is with exactly these files.
 * Frozen once per test file and copied for each test.
 */
export async function copyReleasedCheckout(): Promise<string> {
  if (releasedTemplate === undefined) {
    const template = copyCheckout({ examples: false });
    rmSync(path.join(template, "schemas/released"), { recursive: true, force: true });
    await freezeRelease(template, { corpus: async () => [], checkGenerated: async () => [] });
    releasedTemplate = template;
  }
  const root = mkdtempSync(path.join(tmpdir(), "schema-release-"));
  made.push(root);
  cpSync(releasedTemplate, root, { recursive: true });
  return root;
}

export function readJson(root: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;
}

/**
 * A schema as the tests edit it: any path into it, written as the change it makes (`schema.$defs.Role.enum.push(…)`),
 * checked by the gate's report rather than by the type checker.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EditableSchema = { [keyword: string]: any };

export function editJson(root: string, file: string, edit: (schema: EditableSchema) => void): void {
  const schema = readJson(root, file);
  edit(schema);
  writeFileSync(path.join(root, file), `${JSON.stringify(schema, null, 2)}\n`);
}

/** States the format version in core and as the CHANGELOG's newest entry. */
export function setFormatVersion(root: string, version: string, major = 1): void {
  const file = path.join(root, formatVersionFile);
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      /export const formatVersion = "[^"]*";/,
      `export const formatVersion = "${version}";`,
    ),
  );
  const changelog = path.join(root, `schemas/v${major}/CHANGELOG.md`);
  const text = readFileSync(changelog, "utf8");
  writeFileSync(changelog, text.replace(/^## /m, `## ${version}\n\nA change.\n\n## `));
}

export function addChangeset(
  root: string,
  name: string,
  bump: "major" | "minor" | "patch",
  pkg = "@agent-transcript/core",
): void {
  writeFileSync(path.join(root, ".changeset", `${name}.md`), `---\n"${pkg}": ${bump}\n---\n\nA schema change.\n`);
}
