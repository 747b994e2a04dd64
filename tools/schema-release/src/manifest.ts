import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The manifest's name in every released folder: `sha256sum`'s format, so `sha256sum -c SHA256SUMS` checks it too. */
export const manifestName = "SHA256SUMS";

/** A released schema file is a few hundred KiB at most; anything far larger is not one of ours. */
const maxFileBytes = 32 * 1024 * 1024;

export interface ManifestProblem {
  /** Repository-relative path of the file (or of the manifest) the problem is about. */
  file: string;
  problem: string;
}

/**
 * Reads a file of a released folder without following a link or waiting on a FIFO, and only when it is a regular
 * file of bounded size: what is hashed is exactly the bytes the checkout holds at that name.
 */
export function readReleasedFile(absolute: string): Buffer {
  const descriptor = openSync(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) throw new Error("not a regular file");
    if (stat.size > maxFileBytes) throw new Error(`larger than ${maxFileBytes} bytes`);
    return readFileSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Every file under a released folder but the manifest, as `/`-separated paths relative to it, sorted by code unit.
 * A link, a FIFO or any other special file is a problem, never followed: a release holds regular files only.
 */
export function listReleasedFiles(folder: string, label: string): { files: string[]; problems: ManifestProblem[] } {
  const files: string[] = [];
  const problems: ManifestProblem[] = [];
  const visit = (relative: string): void => {
    for (const entry of readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(name);
      else if (entry.isFile()) {
        if (name !== manifestName) files.push(name);
      } else
        problems.push({
          file: `${label}/${name}`,
          problem: `is ${entry.isSymbolicLink() ? "a symbolic link" : "not a regular file"}: a release holds regular files only`,
        });
    }
  };
  visit("");
  files.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return { files, problems };
}

/** The manifest text of a folder as it is now: one `<sha256>  <path>` line per file, sorted by path. */
export function computeManifest(folder: string, label: string): string {
  const { files, problems } = listReleasedFiles(folder, label);
  if (problems.length > 0) throw new Error(problems.map((problem) => `${problem.file} ${problem.problem}`).join("\n"));
  return files.map((file) => `${sha256(readReleasedFile(path.join(folder, file)))}  ${file}\n`).join("");
}

const manifestLine = /^([0-9a-f]{64}) {2}(\S(?:.*\S)?)$/;

/**
 * Checks a released folder against its manifest: every byte of every file, no file missing, none added. Each problem
 * names the file (`label` is the folder's repository-relative path, for messages).
 */
export function verifyRelease(folder: string, label: string): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const manifestPath = path.join(folder, manifestName);
  let manifestText: string;
  try {
    manifestText = readReleasedFile(manifestPath).toString("utf8");
  } catch (error) {
    return [{ file: `${label}/${manifestName}`, problem: `cannot be read: ${describe(error)}` }];
  }
  const expected = new Map<string, string>();
  const lines = manifestText.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, index) => {
    const match = manifestLine.exec(line);
    const name = match?.[2];
    if (!match || name === undefined || !isSafeRelativePath(name)) {
      problems.push({
        file: `${label}/${manifestName}`,
        problem: `line ${index + 1} is not "<sha256>  <relative path>"`,
      });
      return;
    }
    if (expected.has(name))
      problems.push({ file: `${label}/${manifestName}`, problem: `line ${index + 1} lists ${name} a second time` });
    expected.set(name, match[1] as string);
  });
  const { files, problems: listing } = listReleasedFiles(folder, label);
  problems.push(...listing);
  for (const file of files) {
    const hash = expected.get(file);
    if (hash === undefined) {
      problems.push({
        file: `${label}/${file}`,
        problem: `is not in ${manifestName}: a released folder never changes`,
      });
      continue;
    }
    let actual: string;
    try {
      actual = sha256(readReleasedFile(path.join(folder, file)));
    } catch (error) {
      problems.push({ file: `${label}/${file}`, problem: `cannot be read: ${describe(error)}` });
      continue;
    }
    if (actual !== hash)
      problems.push({
        file: `${label}/${file}`,
        problem: `differs from ${manifestName} (sha256 ${actual}, released as ${hash}): a released schema never changes`,
      });
  }
  const present = new Set(files);
  for (const name of expected.keys())
    if (!present.has(name) && !listing.some((problem) => problem.file === `${label}/${name}`))
      problems.push({ file: `${label}/${name}`, problem: `is listed in ${manifestName} but missing` });
  return problems;
}

function isSafeRelativePath(name: string): boolean {
  return (
    !name.startsWith("/") &&
    !name.includes("\\") &&
    name.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

function describe(error: unknown): string {
  if (error instanceof Error && "code" in error && error.code === "ELOOP") return "it is a symbolic link";
  return error instanceof Error ? error.message : String(error);
}

/** Whether a path exists without following a link at its end. */
export function existsNoFollow(absolute: string): boolean {
  try {
    lstatSync(absolute);
    return true;
  } catch {
    return false;
  }
}
