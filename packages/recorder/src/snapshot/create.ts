// Taking a snapshot: each declared repository's uncommitted changes as one git patch, each declared file's content,
// all staged in a private temporary folder first (git writes its patch straight to a file there), then written out
// as the bundle's JSONL lines a chunk at a time. Memory stays bounded by a chunk whatever the files' sizes.
import { createHash } from "node:crypto";
import { constants as fsConstants, type Stats } from "node:fs";
import { copyFile, lstat, open, readlink, realpath, rename, rm, stat, utimes, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type {
  SnapshotChange,
  SnapshotDeclaration,
  SnapshotEnd,
  SnapshotFile,
  SnapshotFinding,
  SnapshotHeader,
  SnapshotProblem,
  SnapshotRemote,
  SnapshotRepository,
} from "@agent-transcript/core";
import { createRedactor, type Redactor } from "@agent-transcript/core/redact";
import { chunkLines, contentFacts } from "./content.js";
import { emptyTree, git, gitMaybe, gitText, gitToFile, nulFields } from "./git.js";
import { scanPatch } from "./patch-scan.js";
import { commonFolder, relativeTo, unsafeRelativePath } from "./paths.js";
import { looksLikeSecretFile, secretFileNameRule } from "./secret-file-names.js";
import { addCounts, countTotal, looksBinary, scanBufferBytes, scanCut, scanPiece, type RuleCounts } from "./secrets.js";
import { makeStagingFolder } from "./staging-folder.js";

/** The size cap's default: a file larger than this is left out (and named in the header's problems). */
export const defaultMaxFileBytes = 100 * 1024 * 1024;

export interface TakeSnapshotOptions {
  /** Recorded in the header. */
  runId?: string;
  /** Files (declared, or changed in a repository) larger than this are left out. Default {@link defaultMaxFileBytes}. */
  maxFileBytes?: number;
  /** Replace the secrets the scanner finds with placeholders (`--redact`). Default false: found, counted, kept. */
  redact?: boolean;
  /** The scanner; default core's `createRedactor()` (the built-in rules). */
  redactor?: Redactor;
  /** Where the staging folder is made. Default the system's temporary folder. */
  temporaryDirectory?: string;
  /** The snapshot's time. Default now. */
  now?: Date;
  /**
   * The declarations the reader dropped as redundant (`readSnapshotDeclarations(…).redundant`). A `file` dropped
   * because a declared repository carries it is taken as a file after all when that repository is not taken (not a
   * git repository, `/`, a git failure), and the repository's problem names it: without this, such files are lost.
   */
  redundant?: ReadonlyArray<{ declaration: SnapshotDeclaration }>;
}

interface StagedContent {
  /** The staged file holding the bytes the chunk lines carry. */
  file: string;
}

/** A snapshot taken and staged, ready to be written out as a bundle (then `dispose` it). */
export interface StagedSnapshot {
  readonly header: SnapshotHeader;
  /** The repository lines, in bundle order. */
  readonly repositories: readonly SnapshotRepository[];
  /** The file lines, in bundle order. */
  readonly files: readonly SnapshotFile[];
  /** The bundle, line by line (each ending in LF), a chunk at a time. */
  lines(): Generator<string>;
  /** Removes the staging folder. */
  dispose(): Promise<void>;
}

const rawStatuses: Record<string, SnapshotChange["status"]> = {
  A: "added",
  M: "modified",
  D: "deleted",
  R: "renamed",
  T: "type-changed",
  // Copies are not looked for (-C); an unmerged path is whatever its working-tree content is now.
  C: "added",
  U: "modified",
};

/** The diff options every patch and listing of a snapshot uses, so the two describe the same change. */
const diffOptions = [
  "--find-renames",
  "--no-ext-diff",
  "--no-textconv",
  "--no-color",
  "--no-relative",
  "--ignore-submodules=all",
];

/**
 * Takes a snapshot of `declarations` (already read and deduplicated: `readSnapshotDeclarations(…).declarations`).
 * A declaration that cannot be taken (missing, not a repository's root, over the size cap, a git failure) is left
 * out and named in `header.problems`; only a failure to create the staging folder throws.
 */
export async function takeSnapshot(
  declarations: readonly SnapshotDeclaration[],
  options: TakeSnapshotOptions = {},
): Promise<StagedSnapshot> {
  const staging = await makeStagingFolder(options.temporaryDirectory ?? os.tmpdir(), "agent-transcript-snapshot-");
  try {
    return await stage(declarations, options, staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function stage(
  declarations: readonly SnapshotDeclaration[],
  options: TakeSnapshotOptions,
  staging: string,
): Promise<StagedSnapshot> {
  const maxFileBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const redactor = options.redactor ?? createRedactor();
  const redact = options.redact ?? false;
  const covered = (options.redundant ?? [])
    .map((entry) => entry.declaration)
    .filter((declaration) => declaration.kind === "file");
  // A refused declaration takes no part in choosing the root; the files it would have carried may.
  const root = commonFolder(
    [...declarations.filter((declaration) => refusal(declaration) === undefined), ...covered].map((declaration) =>
      declaration.kind === "repo" ? declaration.path : path.posix.dirname(declaration.path),
    ),
  );
  const problems: SnapshotProblem[] = [];
  const findings: SnapshotFinding[] = [];
  const repositories: Array<SnapshotRepository & StagedContent> = [];
  const files: Array<SnapshotFile & StagedContent> = [];
  const context: StageContext = { staging, maxFileBytes, redactor, redact, problems, findings };
  /** Each declared repository not taken, with the problem that says why. */
  const notTaken = new Map<string, SnapshotProblem>();
  const take = async (declaration: SnapshotDeclaration, index: number): Promise<void> => {
    const relative = relativeTo(root, declaration.path);
    const unsafe = unsafeRelativePath(relative);
    if (unsafe !== undefined) {
      problems.push({ code: "unsafe-path", path: declaration.path, message: `${declaration.path}: ${unsafe}` });
      return;
    }
    try {
      if (declaration.kind === "repo") {
        const staged = await stageRepository(declaration.path, relative, index, context);
        if (staged) repositories.push(staged);
      } else {
        const staged = await stageFile(declaration.path, relative, index, context);
        if (staged) files.push(staged);
      }
    } catch (error) {
      problems.push({
        code: "unreadable",
        path: declaration.path,
        message: `${declaration.path}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
  for (const [index, declaration] of declarations.entries()) {
    const refused = refusal(declaration);
    const before = problems.length;
    if (refused !== undefined) problems.push(refused);
    else await take(declaration, index);
    if (declaration.kind === "repo" && !repositories.some((staged) => staged.source_path === declaration.path)) {
      const problem = problems.slice(before).find((candidate) => candidate.path === declaration.path);
      if (problem) notTaken.set(declaration.path, problem);
    }
  }
  // Files the reader dropped as carried by a repository that was not taken after all: each goes with the deepest
  // such repository holding it, unless a repository that was taken holds it too, or it is declared as a file anyway.
  const taken = [...declarations];
  const inside = new Map<string, SnapshotDeclaration[]>();
  const claimed = new Set(declarations.filter((declaration) => declaration.kind === "file").map((file) => file.path));
  for (const file of covered) {
    if (claimed.has(file.path) || repositories.some((staged) => isInside(file.path, staged.source_path))) continue;
    const owner = [...notTaken.keys()]
      .filter((repositoryPath) => isInside(file.path, repositoryPath))
      .sort((one, other) => other.length - one.length)[0];
    if (owner === undefined) continue;
    claimed.add(file.path);
    inside.set(owner, [...(inside.get(owner) ?? []), file]);
  }
  for (const [repositoryPath, filesInside] of inside) {
    const problem = notTaken.get(repositoryPath) as SnapshotProblem;
    problem.message += `; ${filesInside.length === 1 ? "the file declared inside it is taken as a file" : `the ${filesInside.length} files declared inside it are taken as files`} instead: ${listed(filesInside.map((file) => file.path))}`;
    for (const file of filesInside) {
      taken.push(file);
      await take(file, taken.length - 1);
    }
  }
  const counts: RuleCounts = {};
  for (const finding of findings) addCounts(counts, finding.counts);
  const header: SnapshotHeader = {
    type: "snapshot",
    version: 1,
    ...(options.runId === undefined ? {} : { run_id: options.runId }),
    created_at: (options.now ?? new Date()).toISOString(),
    root,
    declarations: taken,
    repositories: repositories.length,
    files: files.length,
    max_file_bytes: maxFileBytes,
    secrets: {
      total: countTotal(counts),
      counts,
      findings,
      // Only what the content scanner found is replaced; a file found by its name alone is carried as it is.
      redacted:
        redact && findings.some((finding) => Object.keys(finding.counts).some((rule) => rule !== secretFileNameRule)),
    },
    problems,
  };
  return {
    header,
    repositories: repositories.map(({ file: _file, ...line }) => line),
    files: files.map(({ file: _file, ...line }) => line),
    *lines() {
      yield `${JSON.stringify(header)}\n`;
      for (const { file, ...line } of repositories) {
        yield `${JSON.stringify(line)}\n`;
        yield* chunkLines(file, line.encoding);
      }
      for (const { file, ...line } of files) {
        yield `${JSON.stringify(line)}\n`;
        yield* chunkLines(file, line.encoding);
      }
      const end: SnapshotEnd = { type: "end", repositories: repositories.length, files: files.length };
      yield `${JSON.stringify(end)}\n`;
    },
    dispose: () => rm(staging, { recursive: true, force: true }),
  };
}

/**
 * Opens a file to read only if it is a regular file, checked on the descriptor: a link at its path is not followed
 * (O_NOFOLLOW: a link planted at a declared path in a shared folder would carry its target, a victim's file, away),
 * and a FIFO or device is never waited on (O_NONBLOCK). Otherwise says what is there instead.
 */
async function openRegularFile(file: string): Promise<{ handle: FileHandle; stats: Stats } | "missing" | string> {
  let handle: FileHandle;
  try {
    handle = await open(
      file,
      fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK | fsConstants.O_NOCTTY,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    const there = await lstat(file).catch(() => undefined);
    if (there === undefined || there.isFile()) throw error;
    return notRegular(there);
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
    await handle.close();
    return notRegular(stats);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function notRegular(stats: Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link, never followed (declare the file it points to)";
  const kind = stats.isDirectory()
    ? "a folder"
    : stats.isFIFO()
      ? "a FIFO"
      : stats.isSocket()
        ? "a socket"
        : stats.isCharacterDevice() || stats.isBlockDevice()
          ? "a device"
          : "a special file";
  return `${kind}, not a regular file`;
}

/** `counts` with one finding of the name rule added when the file is named like a secret. */
function withName(counts: RuleCounts, named: boolean): RuleCounts {
  return named ? { ...counts, [secretFileNameRule]: 1 } : counts;
}

/** Why a declaration is refused whatever is on disk, or undefined. */
function refusal(declaration: SnapshotDeclaration): SnapshotProblem | undefined {
  if (declaration.kind === "repo" && declaration.path === "/")
    return {
      code: "not-a-repository",
      path: "/",
      message: "/: the file system's root is never taken as a repository (declare the repositories under it)",
    };
  return undefined;
}

function isInside(file: string, folder: string): boolean {
  const relative = path.posix.relative(folder, file);
  return relative !== "" && !relative.startsWith("../") && relative !== ".." && !path.posix.isAbsolute(relative);
}

/** A few paths for a message, the rest counted. */
function listed(paths: readonly string[]): string {
  return paths.length > 5 ? `${paths.slice(0, 5).join(", ")} and ${paths.length - 5} more` : paths.join(", ");
}

interface StageContext {
  staging: string;
  maxFileBytes: number;
  redactor: Redactor;
  redact: boolean;
  problems: SnapshotProblem[];
  findings: SnapshotFinding[];
}

async function stageRepository(
  declared: string,
  relative: string,
  index: number,
  context: StageContext,
): Promise<(SnapshotRepository & StagedContent) | undefined> {
  const { problems } = context;
  const stats = await stat(declared).catch(() => undefined);
  if (stats === undefined) {
    problems.push({ code: "missing", path: declared, message: `${declared}: no such repository (it does not exist)` });
    return undefined;
  }
  const toplevel = stats.isDirectory()
    ? await gitMaybe(["rev-parse", "--show-toplevel"], { cwd: declared })
    : undefined;
  if (toplevel === undefined || toplevel === "") {
    problems.push({ code: "not-a-repository", path: declared, message: `${declared}: not a git repository` });
    return undefined;
  }
  const cwd = await realpath(declared);
  if ((await realpath(toplevel)) !== cwd) {
    problems.push({
      code: "not-a-repository",
      path: declared,
      message: `${declared}: inside the git repository at ${toplevel}, not its root; declare the root`,
    });
    return undefined;
  }

  const head = await gitMaybe(["rev-parse", "--verify", "-q", "HEAD^{commit}"], { cwd });
  const branch = await gitMaybe(["symbolic-ref", "-q", "--short", "HEAD"], { cwd });
  const remote = await remoteOf(cwd, branch, relative, context);
  const base = head ?? (await emptyTree(cwd));

  // A private copy of the index, so marking untracked files for the diff (`add -N`) leaves the repository as it was.
  const index_ = path.join(context.staging, `repository-${index}.index`);
  const realIndex = path.resolve(cwd, (await gitText(["rev-parse", "--git-path", "index"], { cwd })).trim());
  // The copy keeps the index's modification time: git trusts an entry's recorded stat only when the file is older
  // than the index (racy-git), and a fresh time would make a file changed in the index's last second look clean.
  const indexStats = await stat(realIndex).catch(() => undefined);
  if (indexStats !== undefined) {
    await copyFile(realIndex, index_);
    await utimes(index_, indexStats.atime, new Date(Math.floor(indexStats.mtimeMs)));
  }
  const env = { GIT_INDEX_FILE: index_ };
  const untracked = path.join(context.staging, `repository-${index}.untracked`);
  const listed = await gitToFile(["ls-files", "--others", "--exclude-standard", "-z"], untracked, { cwd, env });
  if (listed.code !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  if ((await stat(untracked)).size > 0) {
    const added = await git(["add", "--intent-to-add", "--pathspec-from-file", untracked, "--pathspec-file-nul"], {
      cwd,
      env: { ...env, GIT_LITERAL_PATHSPECS: "1" },
    });
    if (added.code !== 0) throw new Error(`git add --intent-to-add failed: ${added.stderr}`);
  }

  // What changed, then which of it is over the size cap: those paths are left out of the patch.
  let entries = await rawChanges(cwd, base, env, []);
  const excluded: string[] = [];
  for (const entry of entries) {
    // A path no bundle may carry (a `.git` alias, a name too long) is left out of the patch too: a patch that
    // changes a path its bundle does not declare is refused whole on apply.
    const unsafe = unsafeRelativePath(entry.path) ?? (entry.oldPath ? unsafeRelativePath(entry.oldPath) : undefined);
    if (unsafe !== undefined) {
      excluded.push(entry.path);
      if (entry.oldPath !== undefined) excluded.push(entry.oldPath);
      problems.push({
        code: "unsafe-path",
        path: path.join(declared, entry.path),
        message: `${entry.path}: ${unsafe}`,
      });
      continue;
    }
    if (entry.status === "D") continue;
    const size = (await lstat(path.join(cwd, entry.path)).catch(() => undefined))?.size ?? 0;
    if (size > context.maxFileBytes) {
      excluded.push(entry.path);
      problems.push({
        code: "too-large",
        path: path.join(declared, entry.path),
        message: `${path.join(declared, entry.path)} is ${size} bytes, over the ${context.maxFileBytes}-byte cap: left out`,
      });
    }
  }
  const pathspecs = excluded.map((excludedPath) => `:(exclude,literal)${excludedPath}`);
  if (excluded.length > 0) entries = await rawChanges(cwd, base, env, pathspecs);

  const patch = path.join(context.staging, `repository-${index}.patch`);
  const diffed = await gitToFile(
    [
      "diff",
      "--binary",
      "--full-index",
      "--src-prefix=a/",
      "--dst-prefix=b/",
      ...diffOptions,
      base,
      "--",
      ...pathspecs,
    ],
    patch,
    { cwd, env },
  );
  if (diffed.code !== 0) throw new Error(`git diff failed: ${diffed.stderr}`);

  const found = await scanPatch(patch, context.redactor);
  let carried = patch;
  if (context.redact && found.size > 0) {
    carried = path.join(context.staging, `repository-${index}.redacted.patch`);
    await scanPatch(patch, context.redactor, carried);
  }
  // What is carried with content (not a deletion) and named like a secret: a finding of its own, beside the
  // content's in the same file.
  const named = new Set(
    entries.filter((entry) => entry.status !== "D" && looksLikeSecretFile(entry.path)).map((entry) => entry.path),
  );
  for (const [file, counts] of found)
    context.findings.push({ repository: relative, path: file, counts: withName(counts, named.has(file)) });
  for (const file of named)
    if (!found.has(file)) context.findings.push({ repository: relative, path: file, counts: withName({}, true) });

  const changes: SnapshotChange[] = [];
  for (const entry of entries) changes.push(await describeChange(cwd, entry, context.redact && found.has(entry.path)));
  const facts = await contentFacts(carried);
  return {
    type: "repository",
    path: relative,
    source_path: declared,
    ...(head === undefined ? {} : { head }),
    ...(branch === undefined || branch === "" ? {} : { branch }),
    ...(remote === undefined ? {} : { remote }),
    encoding: facts.encoding,
    size: facts.size,
    sha256: facts.sha256,
    changes,
    file: carried,
  };
}

/** The remote the branch tracks, else `origin`, else the first; its URL scanned like any content. */
async function remoteOf(
  cwd: string,
  branch: string | undefined,
  relative: string,
  context: StageContext,
): Promise<SnapshotRemote | undefined> {
  const names = (await gitMaybe(["remote"], { cwd }))?.split("\n").filter((name) => name !== "") ?? [];
  const tracked = branch ? await gitMaybe(["config", "--get", `branch.${branch}.remote`], { cwd }) : undefined;
  const name = tracked && names.includes(tracked) ? tracked : names.includes("origin") ? "origin" : names[0];
  if (name === undefined) return undefined;
  const url = await gitMaybe(["remote", "get-url", name], { cwd });
  if (url === undefined) return undefined;
  const { text, counts } = context.redactor.redactString(url);
  if (countTotal(counts) === 0) return { name, url };
  context.findings.push({ repository: relative, path: ".git/config", counts });
  return { name, url: context.redact ? text : url };
}

interface RawChange {
  status: string;
  newMode: string;
  path: string;
  oldPath?: string;
}

/** `git diff --raw -z` against `base`: what changed, with renames paired. */
async function rawChanges(
  cwd: string,
  base: string,
  env: Record<string, string>,
  pathspecs: readonly string[],
): Promise<RawChange[]> {
  const result = await git(["diff", "--raw", "-z", ...diffOptions, base, "--", ...pathspecs], { cwd, env });
  if (result.code !== 0) throw new Error(`git diff --raw failed: ${result.stderr}`);
  const fields = nulFields(result.stdout);
  const changes: RawChange[] = [];
  for (let at = 0; at < fields.length;) {
    const meta = (fields[at] ?? "").slice(1).split(" ");
    const status = (meta[4] ?? "M").charAt(0);
    const newMode = meta[1] ?? "000000";
    if (status === "R" || status === "C") {
      changes.push({ status, newMode, oldPath: fields[at + 1] ?? "", path: fields[at + 2] ?? "" });
      at += 3;
    } else {
      changes.push({ status, newMode, path: fields[at + 1] ?? "" });
      at += 2;
    }
  }
  return changes;
}

/** One change as the bundle records it: what the working tree holds at its path, hashed for the check after apply. */
async function describeChange(cwd: string, entry: RawChange, redacted: boolean): Promise<SnapshotChange> {
  const status = rawStatuses[entry.status] ?? "modified";
  const change: SnapshotChange = { status, path: entry.path, ...(entry.oldPath ? { old_path: entry.oldPath } : {}) };
  if (status === "deleted") return change;
  const absolute = path.join(cwd, entry.path);
  const stats = await lstat(absolute);
  let hashed: { size: number; sha256: string; binary: boolean };
  if (stats.isSymbolicLink()) {
    const target = Buffer.from(await readlink(absolute), "utf8");
    change.mode = "120000";
    hashed = { size: target.length, sha256: createHash("sha256").update(target).digest("hex"), binary: false };
  } else {
    change.mode = (stats.mode & 0o111) !== 0 ? "100755" : "100644";
    change.permissions = permissionsOf(stats.mode);
    hashed = await hashFile(absolute);
  }
  if (redacted) change.redacted = true;
  else {
    change.size = hashed.size;
    change.sha256 = hashed.sha256;
  }
  if (hashed.binary) change.binary = true;
  return change;
}

/** A file's permission bits as the bundle records them: four octal digits, so applying can keep them. */
function permissionsOf(mode: number): string {
  return `0${(mode & 0o777).toString(8).padStart(3, "0")}`;
}

async function hashFile(file: string): Promise<{ size: number; sha256: string; binary: boolean }> {
  const hash = createHash("sha256");
  let size = 0;
  let binary = false;
  // One buffer, read into again and again: hashing a large file allocates nothing per piece.
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const opened = await openRegularFile(file);
  if (typeof opened === "string")
    throw new Error(`${file}: ${opened === "missing" ? "gone while it was read" : opened}`);
  const { handle } = opened;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      if (size === 0) binary = looksBinary(buffer.subarray(0, Math.min(bytesRead, 8000)));
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest("hex"), binary };
}

async function stageFile(
  declared: string,
  relative: string,
  index: number,
  context: StageContext,
): Promise<(SnapshotFile & StagedContent) | undefined> {
  const { problems } = context;
  const opened = await openRegularFile(declared);
  if (opened === "missing") {
    problems.push({ code: "missing", path: declared, message: `${declared}: no such file (it does not exist)` });
    return undefined;
  }
  if (typeof opened === "string") {
    problems.push({ code: "not-a-file", path: declared, message: `${declared}: ${opened}: left out` });
    return undefined;
  }
  const { handle, stats } = opened;
  try {
    if (stats.size > context.maxFileBytes) {
      problems.push({
        code: "too-large",
        path: declared,
        message: `${declared} is ${stats.size} bytes, over the ${context.maxFileBytes}-byte cap: left out`,
      });
      return undefined;
    }
    return await stageOpenedFile(handle, stats, declared, relative, index, context);
  } finally {
    await handle.close();
  }
}

async function stageOpenedFile(
  handle: FileHandle,
  stats: Stats,
  declared: string,
  relative: string,
  index: number,
  context: StageContext,
): Promise<SnapshotFile & StagedContent> {
  const staged = path.join(context.staging, `file-${index}`);
  const counts = await copyScanning(handle, `${staged}.partial`, context, stats.size);
  await rename(`${staged}.partial`, staged);
  const found = countTotal(counts) > 0;
  const named = looksLikeSecretFile(declared);
  if (found || named) context.findings.push({ path: relative, counts: withName(counts, named) });
  const facts = await contentFacts(staged);
  return {
    type: "file",
    path: relative,
    source_path: declared,
    mode: (stats.mode & 0o111) !== 0 ? "100755" : "100644",
    permissions: permissionsOf(stats.mode),
    encoding: facts.encoding,
    size: facts.size,
    sha256: facts.sha256,
    ...(context.redact && found ? { redacted: true } : {}),
    file: staged,
  };
}

/**
 * Copies a declared file into the staging folder a piece at a time, scanning text for secrets on the way (and
 * writing the redacted piece instead, on request). Binary content (a NUL in its first 8,000 bytes) is copied as it
 * is: a placeholder would corrupt it, and a scan of compressed or machine data finds noise.
 */
async function copyScanning(
  input: FileHandle,
  target: string,
  context: StageContext,
  size: number,
): Promise<RuleCounts> {
  const output = await open(target, "wx", 0o600);
  const counts: RuleCounts = {};
  try {
    const read = Buffer.alloc(1024 * 1024);
    let pending = Buffer.alloc(0);
    let binary: boolean | undefined;
    let total = 0;
    for (;;) {
      const { bytesRead } = await input.read(read, 0, read.length, null);
      total += bytesRead;
      // Never more than the size checked against the cap: a file growing while it is copied is cut there.
      const final = bytesRead === 0 || total >= size;
      const taken = read.subarray(0, bytesRead - Math.max(0, total - size));
      pending = pending.length === 0 ? Buffer.from(taken) : Buffer.concat([pending, taken]);
      binary ??= pending.length >= 8000 || final ? looksBinary(pending) : undefined;
      while (binary !== undefined && pending.length > 0 && (final || pending.length >= scanBufferBytes)) {
        const cut = binary ? pending.length : scanCut(pending, final);
        const piece = pending.subarray(0, cut);
        let bytes: Buffer = piece;
        if (!binary) {
          const scanned = scanPiece(context.redactor, piece, context.redact);
          addCounts(counts, scanned.counts);
          bytes = scanned.output;
        }
        let written = 0;
        while (written < bytes.length) written += (await output.write(bytes, written)).bytesWritten;
        pending = pending.subarray(cut);
      }
      if (final) break;
    }
    return counts;
  } finally {
    await output.close();
  }
}
