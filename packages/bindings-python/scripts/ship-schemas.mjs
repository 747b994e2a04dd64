#!/usr/bin/env node
// @ts-check
// Copies the current major version's JSON Schemas into the Python package, where the wheel and the sdist carry
// them and `agent_transcript.validate` reads them: the strict sources (schemas/vN/) and their tolerant twins
// (schemas/generated/vN/tolerant/, written by tools/codegen). `--write` (pnpm generate) copies; `--check`
// (pnpm check:generated) fails naming every copy that is missing, stale or stray. Plain Node, no dependencies.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repositoryRoot = path.resolve(packageRoot, "../..");
const schemasRoot = path.join(repositoryRoot, "schemas");
const shippedRoot = path.join(packageRoot, "src/agent_transcript/schemas");

/** The current major version's folder name (`v1`): work happens in the highest one (schemas/README.md). */
function currentMajor() {
  const majors = readdirSync(schemasRoot)
    .map((name) => /^v([1-9]\d*)$/.exec(name))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]));
  if (majors.length === 0) throw new Error(`no schemas/v<major> folder in ${schemasRoot}`);
  return `v${Math.max(...majors)}`;
}

/** Every file the package ships: its path under the package's schemas folder, and its content. */
function expectedFiles() {
  const major = currentMajor();
  const sources = [
    { mode: "strict", folder: path.join(schemasRoot, major) },
    { mode: "tolerant", folder: path.join(schemasRoot, "generated", major, "tolerant") },
  ];
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const { mode, folder } of sources) {
    const names = readdirSync(folder).filter((name) => name.endsWith(".schema.json"));
    if (names.length === 0) throw new Error(`no *.schema.json in ${path.relative(repositoryRoot, folder)}`);
    for (const name of names.sort()) {
      files.set(path.join(major, mode, name), readFileSync(path.join(folder, name), "utf8"));
    }
  }
  return files;
}

/** @param {string} folder @returns {string[]} */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const mode = process.argv[2];
const expected = expectedFiles();
const shown = (/** @type {string} */ relative) => path.relative(repositoryRoot, path.join(shippedRoot, relative));

if (mode === "--write") {
  rmSync(shippedRoot, { recursive: true, force: true });
  for (const [relative, content] of expected) {
    mkdirSync(path.dirname(path.join(shippedRoot, relative)), { recursive: true });
    writeFileSync(path.join(shippedRoot, relative), content);
  }
} else if (mode === "--check") {
  const problems = [];
  for (const [relative, content] of expected) {
    const file = path.join(shippedRoot, relative);
    if (!existsSync(file)) problems.push(`missing: ${shown(relative)}`);
    else if (readFileSync(file, "utf8") !== content) problems.push(`differs from its source: ${shown(relative)}`);
  }
  for (const relative of filesUnder(shippedRoot)) {
    if (!expected.has(relative)) problems.push(`stray (no schema is shipped there): ${shown(relative)}`);
  }
  if (problems.length > 0) {
    process.stderr.write(`The Python package's schemas are out of date; run pnpm generate.\n${problems.join("\n")}\n`);
    process.exit(1);
  }
} else {
  process.stderr.write("usage: ship-schemas.mjs --write | --check\n");
  process.exit(2);
}
