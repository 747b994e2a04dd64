import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateAll, type GeneratedFiles } from "./generate.js";
import { generatedRoots, regenerateCommand, repositoryRoot } from "./paths.js";
import { SchemaLintError } from "./schema-set.js";

/** Every file under the generated roots as it is on disk now. */
function readGeneratedTree(): Map<string, string> {
  const tree = new Map<string, string>();
  const visit = (relative: string): void => {
    const absolute = path.join(repositoryRoot, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute)) visit(`${relative}/${name}`);
    } else {
      tree.set(relative, readFileSync(absolute, "utf8"));
    }
  };
  for (const root of Object.values(generatedRoots)) visit(root);
  return tree;
}

export interface Drift {
  changed: string[];
  missing: string[];
  stray: string[];
}

export function compareWithDisk(expected: GeneratedFiles): Drift {
  const actual = readGeneratedTree();
  const drift: Drift = { changed: [], missing: [], stray: [] };
  for (const [file, content] of expected) {
    const onDisk = actual.get(file);
    if (onDisk === undefined) drift.missing.push(file);
    else if (onDisk !== content) drift.changed.push(file);
  }
  for (const file of actual.keys()) if (!expected.has(file)) drift.stray.push(file);
  return drift;
}

function writeAll(expected: GeneratedFiles): void {
  // Clearing the roots first is what removes orphans left by a renamed or deleted schema.
  for (const root of Object.values(generatedRoots)) rmSync(path.join(repositoryRoot, root), { recursive: true, force: true });
  for (const [file, content] of expected) {
    const absolute = path.join(repositoryRoot, file);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

/** In CI the committed tree must equal the generated one: nothing generated may be left uncommitted. */
function uncommittedGeneratedFiles(): string[] {
  const output = execFileSync("git", ["status", "--porcelain", "--untracked-files=all", "--", ...Object.values(generatedRoots)], {
    cwd: repositoryRoot,
    encoding: "utf8",
  });
  return output.split("\n").filter((line) => line.trim() !== "");
}

async function main(argv: string[]): Promise<number> {
  const mode = argv.includes("--write") ? "write" : argv.includes("--check") ? "check" : undefined;
  if (!mode) {
    process.stderr.write("usage: codegen --write | --check\n");
    return 2;
  }
  let expected: GeneratedFiles;
  try {
    expected = await generateAll();
  } catch (error) {
    if (error instanceof SchemaLintError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (mode === "write") {
    writeAll(expected);
    process.stderr.write(`generated ${expected.size} files from schemas/\n`);
    return 0;
  }
  const drift = compareWithDisk(expected);
  const problems = [
    ...drift.changed.map((file) => `changed (out of date): ${file}`),
    ...drift.missing.map((file) => `missing (new or deleted): ${file}`),
    ...drift.stray.map((file) => `stray (no generator writes it): ${file}`),
  ];
  if (problems.length === 0 && process.env.CI && existsSync(path.join(repositoryRoot, ".git"))) {
    problems.push(...uncommittedGeneratedFiles().map((line) => `not committed: ${line}`));
  }
  if (problems.length > 0) {
    process.stderr.write(`Generated files are out of date:\n${problems.map((problem) => `  ${problem}`).join("\n")}\n`);
    process.stderr.write(`Fix: run \`${regenerateCommand}\` and commit the result.\n`);
    return 1;
  }
  process.stderr.write(`generated files are up to date (${expected.size} files)\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
