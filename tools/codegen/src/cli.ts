import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateAll, type GeneratedFiles } from "./generate.js";
import { generatedRoots, regenerateCommand, repositoryRoot } from "./paths.js";
import { loadSchemaSet, SchemaLintError } from "./schema-set.js";

/** Every file under the generated roots as it is on disk now. */
function readGeneratedTree(root: string): Map<string, string> {
  const tree = new Map<string, string>();
  const visit = (relative: string): void => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      // Python's bytecode cache is a by-product of importing the bindings, not output (and is git-ignored).
      for (const name of readdirSync(absolute)) if (name !== "__pycache__") visit(`${relative}/${name}`);
    } else {
      tree.set(relative, readFileSync(absolute, "utf8"));
    }
  };
  for (const generatedRoot of Object.values(generatedRoots)) visit(generatedRoot);
  return tree;
}

export interface Drift {
  changed: string[];
  missing: string[];
  stray: string[];
}

export function compareWithDisk(expected: GeneratedFiles, root: string = repositoryRoot): Drift {
  const actual = readGeneratedTree(root);
  const drift: Drift = { changed: [], missing: [], stray: [] };
  for (const [file, content] of expected) {
    const onDisk = actual.get(file);
    if (onDisk === undefined) drift.missing.push(file);
    else if (onDisk !== content) drift.changed.push(file);
  }
  for (const file of actual.keys()) if (!expected.has(file)) drift.stray.push(file);
  return drift;
}

export function writeAll(expected: GeneratedFiles, root: string = repositoryRoot): void {
  // Clearing the roots first is what removes orphans left by a renamed or deleted schema.
  for (const generatedRoot of Object.values(generatedRoots))
    rmSync(path.join(root, generatedRoot), { recursive: true, force: true });
  for (const [file, content] of expected) {
    const absolute = path.join(root, file);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

/** In CI the committed tree must equal the generated one: nothing generated may be left uncommitted. */
function uncommittedGeneratedFiles(root: string): string[] {
  const output = execFileSync(
    "git",
    ["status", "--porcelain", "--untracked-files=all", "--", ...Object.values(generatedRoots)],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return output.split("\n").filter((line) => line.trim() !== "");
}

export async function main(argv: string[]): Promise<number> {
  const mode = argv.includes("--write") ? "write" : argv.includes("--check") ? "check" : undefined;
  const rootIndex = argv.indexOf("--root");
  const root = rootIndex >= 0 ? argv[rootIndex + 1] : repositoryRoot;
  if (!mode || root === undefined) {
    process.stderr.write("usage: codegen (--write | --check) [--root <checkout>]\n");
    return 2;
  }
  let expected: GeneratedFiles;
  try {
    expected = await generateAll(loadSchemaSet(path.join(root, "schemas")));
  } catch (error) {
    if (error instanceof SchemaLintError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (mode === "write") {
    writeAll(expected, root);
    process.stderr.write(`generated ${expected.size} files from schemas/\n`);
    return 0;
  }
  const drift = compareWithDisk(expected, root);
  const problems = [
    ...drift.changed.map((file) => `changed (out of date): ${file}`),
    ...drift.missing.map((file) => `missing (new or deleted): ${file}`),
    ...drift.stray.map((file) => `stray (no generator writes it): ${file}`),
  ];
  if (problems.length === 0 && process.env.CI && existsSync(path.join(root, ".git"))) {
    problems.push(...uncommittedGeneratedFiles(root).map((line) => `not committed: ${line}`));
  }
  if (problems.length > 0) {
    process.stderr.write(`Generated files are out of date:\n${problems.map((problem) => `  ${problem}`).join("\n")}\n`);
    process.stderr.write(`Fix: run \`${regenerateCommand}\` and commit the result.\n`);
    return 1;
  }
  process.stderr.write(`generated files are up to date (${expected.size} files)\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  process.exitCode = await main(process.argv.slice(2));
}
