/**
 * The one output layer: where every command that writes a file writes it, with the same rules (README, "Output").
 *
 * - A regular file, new or existing, is written beside the target under a temporary name and renamed into place:
 *   a failure, a full disk or an interrupt never leaves half a file where the target was. A new file gets mode 0600
 *   (transcripts hold conversations); a replaced one keeps its mode (and, where the process may, its owner).
 * - A FIFO, a character device (`/dev/null`, a terminal) and the process's own descriptors (`/dev/stdout`,
 *   `/dev/stderr`, `/dev/fd/N`) are written directly, as a stream: they cannot be renamed over, and a reader is
 *   waiting on them.
 * - Refused, before anything is read or written, each with a message naming the path: a symbolic link to a file or
 *   to nothing (replacing the link or writing through it would both surprise someone), a block device, a socket, a
 *   path whose parent is missing or is a file (`file.json/x`), a name longer than the file system takes, and a
 *   target that is one of the command's inputs (the same device and inode, through links and hard links alike).
 * - A directory gets a generated name inside it, for the commands that generate one.
 * - SIGINT, SIGTERM and SIGHUP remove the temporary file before the process ends as the signal asks (shells report
 *   130, 143 and 129).
 *
 * Data is written as it is produced, piece by piece (see `json-text.ts`), with a bounded amount buffered; a `.gz`
 * target is gzipped as a stream.
 */
import { randomBytes } from "node:crypto";
import { constants as fsConstants, unlinkSync, type Stats } from "node:fs";
import { lstat, mkdir, open, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isatty } from "node:tty";
import { createGzip } from "node:zlib";
import { escapeControlCharacters } from "@agent-transcript/core/text";
import { exitCodes, UserError, writeData, type CommandIo } from "./io.js";

/** Where a command's output goes, once the `--output` path has been looked at. */
export type OutputPlan =
  | { kind: "stdout" }
  /** Written directly: a FIFO, a character device, or one of the process's own descriptors. */
  | { kind: "stream"; path: string }
  /**
   * Written beside and renamed into place; `existing` when a regular file is replaced (it keeps its own mode), `mode`
   * a new file's permissions (before the umask) when not the default 0600.
   */
  | { kind: "file"; path: string; existing?: Stats; mode?: number }
  /** A directory: the command names the file inside it (`planFileIn`), which gets `mode` when it is new. */
  | { kind: "directory"; path: string; mode?: number };

export interface OutputRequest {
  /** `--output` as given: undefined or `-` for standard output. */
  output: string | undefined;
  /** The files the command reads (`-` and unreadable ones are skipped): an output that is one of them is refused. */
  inputs: readonly string[];
  /** What a directory means: a generated name inside it (`export`), or a refusal (a command that writes one named file). */
  directory: "generated-name" | "refuse";
  /** A new file's permissions, before the umask (default 0600: transcripts hold conversations). */
  mode?: number;
}

/** The longest name most file systems take (NAME_MAX), in bytes. */
export const maximumNameBytes = 255;

/** An output the command refuses or fails to write: exit 1, one line naming the path. */
export class OutputError extends UserError {
  constructor(message: string) {
    super(message, exitCodes.failure);
  }
}

const writeErrorReasons: Record<string, string> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "over the disk quota",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENAMETOOLONG: `a name in the path is longer than the file system allows (${maximumNameBytes} bytes)`,
  ENOENT: "its folder does not exist (or was removed while writing)",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  EEXIST: "something else created it at the same moment",
  EPIPE: "the reader closed it before everything was written",
  EIO: "an input/output error",
  EMFILE: "too many files are open",
  ENFILE: "too many files are open",
  EFBIG: "the file would be larger than the file system allows",
  ELOOP: "too many symbolic links",
  ENXIO: "no process is reading it",
};

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** `cannot write out.json: no space left on the device (ENOSPC)`. */
function cannotWrite(target: string, error: unknown): OutputError {
  const code = errorCode(error);
  const reason =
    code && writeErrorReasons[code]
      ? `${writeErrorReasons[code]} (${code})`
      : error instanceof Error
        ? error.message
        : String(error);
  return new OutputError(`cannot write ${target}: ${reason}`);
}

/** The process's own descriptors, which are written through whatever they point to. */
const processDescriptor = /^\/(?:dev\/(?:stdout|stderr|fd\/\d+)|proc\/self\/fd\/\d+)$/;

function describeFileType(stats: Stats): string {
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  return "a regular file";
}

/**
 * `--json` prints the report on standard output, so the data itself needs an `--output` of its own: without one, a
 * usage error before anything is read, naming what the path is for (`the document`, `the export`).
 */
export function requireOutputBesideJson(options: { json?: boolean; output?: string }, what: string): void {
  if (options.json && (options.output === undefined || options.output === "-"))
    throw new UserError(`--json prints the report on stdout; give --output PATH for ${what}`, exitCodes.usage);
}

/**
 * Looks at `--output` before the command reads or writes anything, and decides how it will be written, or refuses
 * it with an {@link OutputError} naming the path (a usage error for an empty path).
 */
export async function planOutput(request: OutputRequest): Promise<OutputPlan> {
  const output = request.output;
  if (output === undefined || output === "-") return { kind: "stdout" };
  if (output === "") throw new UserError("--output needs a path (or - for standard output)", exitCodes.usage);
  if (output.includes("\u0000")) throw new OutputError(`cannot write ${output}: a path cannot hold a NUL character`);

  if (processDescriptor.test(path.resolve(output))) {
    const plan: OutputPlan = { kind: "stream", path: output };
    await refuseInputs(plan.path, request.inputs);
    return plan;
  }
  const namedDirectory = output.endsWith("/") || output.endsWith(path.sep);
  let stats: Stats;
  try {
    stats = await lstat(output);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") {
      if (namedDirectory) {
        if (request.directory === "refuse") throw refusedDirectory(output);
        return { kind: "directory", path: output, ...modeOf(request) };
      }
      await checkParent(output);
      return { kind: "file", path: output, ...modeOf(request) };
    }
    if (code === "ENOTDIR") throw await notAFolder(output);
    throw cannotWrite(output, error);
  }

  if (stats.isSymbolicLink()) {
    let target: Stats;
    try {
      target = await stat(output);
    } catch {
      throw new OutputError(
        `cannot write ${output}: it is a symbolic link to nothing (a broken link); give the path to write, or remove the link`,
      );
    }
    if (target.isDirectory()) return directoryPlan(output, request);
    if (target.isFIFO() || target.isCharacterDevice()) {
      const plan: OutputPlan = { kind: "stream", path: output };
      await refuseInputs(output, request.inputs);
      return plan;
    }
    throw new OutputError(
      `cannot write ${output}: it is a symbolic link to ${describeFileType(target)}; replacing the link or writing through it are both refused: give the file's own path, or remove the link`,
    );
  }
  if (stats.isDirectory()) return directoryPlan(output, request);
  if (stats.isFIFO() || stats.isCharacterDevice()) {
    await refuseInputs(output, request.inputs);
    return { kind: "stream", path: output };
  }
  if (!stats.isFile())
    throw new OutputError(`cannot write ${output}: it is ${describeFileType(stats)}, not a file, a FIFO or a folder`);
  if (namedDirectory) throw new OutputError(`cannot write ${output}: ${output.slice(0, -1)} is a file, not a folder`);
  await refuseInputs(output, request.inputs);
  return { kind: "file", path: output, existing: stats, ...modeOf(request) };
}

function modeOf(request: OutputRequest): { mode?: number } {
  return request.mode === undefined ? {} : { mode: request.mode };
}

function refusedDirectory(output: string): OutputError {
  return new OutputError(`cannot write ${output}: it is a folder; this command writes one file, so give its name`);
}

function directoryPlan(output: string, request: OutputRequest): OutputPlan {
  if (request.directory === "refuse") throw refusedDirectory(output);
  return { kind: "directory", path: output, ...modeOf(request) };
}

/** The plan for a generated name inside a directory plan: held to every rule a named file is. */
export async function planFileIn(
  directory: Extract<OutputPlan, { kind: "directory" }>,
  name: string,
  inputs: readonly string[],
): Promise<OutputPlan> {
  try {
    await mkdir(directory.path, { recursive: true });
  } catch (error) {
    if (errorCode(error) === "ENOTDIR" || errorCode(error) === "EEXIST") throw await notAFolder(directory.path);
    throw cannotWrite(directory.path, error);
  }
  return planOutput({
    output: path.join(directory.path, name),
    inputs,
    directory: "refuse",
    ...(directory.mode === undefined ? {} : { mode: directory.mode }),
  });
}

/** The parent of a new file must be an existing folder. */
async function checkParent(output: string): Promise<void> {
  const parent = path.dirname(output);
  let stats: Stats;
  try {
    stats = await stat(parent);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") throw new OutputError(`cannot write ${output}: the folder ${parent} does not exist`);
    if (code === "ENOTDIR") throw await notAFolder(output);
    throw cannotWrite(output, error);
  }
  if (!stats.isDirectory()) throw new OutputError(`cannot write ${output}: ${parent} is a file, not a folder`);
}

/** `file.json/x`: names the first part of the path that is not a folder. */
async function notAFolder(output: string): Promise<OutputError> {
  // `file.json/` names the file itself as a folder; `file.json/x` names its child.
  let end = output.length;
  while (end > 1 && (output[end - 1] === "/" || output[end - 1] === path.sep)) end -= 1;
  let current = output.slice(0, end);
  for (let guard = 0; guard < 4096; guard += 1) {
    const stats = await stat(current).catch(() => undefined);
    if (stats && !stats.isDirectory()) return new OutputError(`cannot write ${output}: ${current} is not a folder`);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return new OutputError(`cannot write ${output}: a part of the path is not a folder`);
}

/** Refuses a target that is one of the inputs, compared by device and inode (so through links and hard links). */
async function refuseInputs(target: string, inputs: readonly string[]): Promise<void> {
  const targetStats = await stat(target).catch(() => undefined);
  // Only a file is destroyed by being written: reading a terminal or a FIFO and writing it back is no loss.
  if (!targetStats?.isFile()) return;
  for (const input of inputs) {
    if (input === "-") continue;
    const inputStats = await stat(input).catch(() => undefined);
    if (inputStats && inputStats.dev === targetStats.dev && inputStats.ino === targetStats.ino)
      throw new OutputError(
        `cannot write ${target}: it is the input ${input}${target === input ? "" : " (the same file under another name)"}; writing it would destroy what is being read, so give another --output`,
      );
  }
}

// ------------------------------------------------------------------------------------------------------------------
// Signals: the temporary files being written, removed when the process is interrupted.

const pendingTemporaryFiles = new Set<string>();
const cleanedUpSignals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** Set when a signal arrived during a write and someone else's handler kept the process alive: the write stops. */
let interruptedBy: NodeJS.Signals | undefined;

function removePendingTemporaryFiles(): void {
  for (const file of pendingTemporaryFiles) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone, or never created: nothing to clean.
    }
  }
  pendingTemporaryFiles.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removePendingTemporaryFiles();
  stopListening();
  // With no other listener, the signal's default action ends the process, as if we had never caught it: the shell
  // sees 128 + its number (130, 143, 129) and a script running us stops too. An embedding program with handlers of
  // its own decides for itself; the write in progress then fails as interrupted.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  else interruptedBy = signal;
}

function onExit(): void {
  removePendingTemporaryFiles();
}

function startListening(): void {
  for (const signal of cleanedUpSignals) process.on(signal, onSignal);
  process.on("exit", onExit);
}

function stopListening(): void {
  for (const signal of cleanedUpSignals) process.removeListener(signal, onSignal);
  process.removeListener("exit", onExit);
}

function track(file: string): void {
  if (pendingTemporaryFiles.size === 0) startListening();
  pendingTemporaryFiles.add(file);
}

function untrack(file: string): void {
  pendingTemporaryFiles.delete(file);
  if (pendingTemporaryFiles.size === 0) stopListening();
}

// ------------------------------------------------------------------------------------------------------------------
// Writing.

/**
 * A temporary name in the target's folder: `.<name>.<pid>.<random>.partial` when that fits in a name, or a short
 * `.agent-transcript.<pid>.<random>.partial` when the target's own name is already near the limit.
 */
export function temporaryName(target: string): string {
  const random = randomBytes(6).toString("hex");
  const descriptive = `.${path.basename(target)}.${process.pid}.${random}.partial`;
  const name =
    Buffer.byteLength(descriptive) <= maximumNameBytes
      ? descriptive
      : `.agent-transcript.${process.pid}.${random}.partial`;
  return path.join(path.dirname(target), name);
}

/** The bytes a piece of text becomes, gzipped when the target's name ends in `.gz`. */
function sinkFor(handle: FileHandle, toTerminal: boolean): Writable {
  return new Writable({
    // Pieces are about 64 KiB of text; a few of them in flight bound what is buffered.
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer | string, _encoding, done) {
      if (interruptedBy) {
        done(new OutputError(`interrupted by ${interruptedBy}`));
        return;
      }
      const text = typeof chunk === "string" ? chunk : undefined;
      const bytes =
        text === undefined
          ? chunk
          : Buffer.from(toTerminal ? escapeControlCharacters(text, { keepLineFeedsAndTabs: true }) : text);
      writeAll(handle, bytes as Buffer).then(() => done(), done);
    },
  });
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const result = await handle.write(bytes, written, bytes.length - written);
    written += result.bytesWritten;
  }
}

/** Text pieces into the handle, through gzip when asked, with backpressure all the way. */
async function pour(
  pieces: Iterable<string> | AsyncIterable<string>,
  handle: FileHandle,
  gzip: boolean,
  toTerminal: boolean,
): Promise<void> {
  const source = Readable.from(pieces, { objectMode: true, highWaterMark: 4 });
  if (gzip) await pipeline(source, createGzip(), sinkFor(handle, false));
  else await pipeline(source, sinkFor(handle, toTerminal));
}

/**
 * Writes `pieces` (text, in order) where `plan` says, and returns the path written (undefined for standard output).
 * A file target is complete or untouched afterwards, whatever happens; `inputs` are checked again against the final
 * path (a generated name, or inputs found while reading, such as an event log's child runs).
 */
export async function writeOutput(
  plan: OutputPlan,
  io: CommandIo,
  pieces: Iterable<string> | AsyncIterable<string>,
  inputs: readonly string[] = [],
): Promise<string | undefined> {
  if (plan.kind === "stdout") {
    let count = 0;
    for await (const piece of pieces) {
      const taken = writeData(io, piece);
      count += 1;
      // Backpressure from a slow pipe; otherwise let signals and other events through now and then.
      if (!taken && io.stdoutDrained) await io.stdoutDrained();
      else if (count % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return undefined;
  }
  if (plan.kind === "directory") throw new Error("a directory output needs a file name first (planFileIn)");
  await refuseInputs(plan.path, inputs);
  const gzip = plan.path.endsWith(".gz");
  if (plan.kind === "stream") {
    await writeStream(plan.path, pieces, gzip);
    return plan.path;
  }
  await writeFileAtomically(plan, pieces, gzip);
  return plan.path;
}

async function writeStream(
  target: string,
  pieces: Iterable<string> | AsyncIterable<string>,
  gzip: boolean,
): Promise<void> {
  const descriptor = processDescriptor.test(path.resolve(target));
  let handle: FileHandle;
  try {
    // Append: a descriptor that is a file redirected with >> is added to, not truncated. No link is followed but the
    // process's own descriptors, which are links by nature.
    handle = await open(
      target,
      fsConstants.O_WRONLY | fsConstants.O_APPEND | (descriptor ? 0 : fsConstants.O_NOFOLLOW),
    );
  } catch (error) {
    throw cannotWrite(target, error);
  }
  try {
    const stats = await handle.stat();
    // Between the look and the open, the path may have been replaced by a regular file: not a stream any more.
    if (!descriptor && !stats.isFIFO() && !stats.isCharacterDevice())
      throw new OutputError(`cannot write ${target}: it changed into ${describeFileType(stats)} while being opened`);
    await pour(pieces, handle, gzip, !gzip && isatty(handle.fd));
  } catch (error) {
    if (error instanceof OutputError) throw error;
    if (errorCode(error) === undefined) throw error;
    throw cannotWrite(target, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function writeFileAtomically(
  plan: Extract<OutputPlan, { kind: "file" }>,
  pieces: Iterable<string> | AsyncIterable<string>,
  gzip: boolean,
): Promise<void> {
  let temporary = "";
  let handle: FileHandle | undefined;
  // A name taken by someone else at the same moment: try another.
  for (let attempt = 0; handle === undefined; attempt += 1) {
    temporary = temporaryName(plan.path);
    try {
      track(temporary);
      handle = await open(
        temporary,
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
        // Created with its mode, never widened after: the umask applies, as it does to any new file.
        plan.mode ?? 0o600,
      );
    } catch (error) {
      untrack(temporary);
      if (errorCode(error) === "EEXIST" && attempt < 8) continue;
      throw cannotWrite(plan.path, error);
    }
  }
  try {
    await pour(pieces, handle, gzip, false);
    if (plan.existing) {
      // The replaced file's permissions (and owner, which only a privileged process may give away) stay.
      await handle.chmod(plan.existing.mode & 0o777);
      if (plan.existing.uid !== process.getuid?.() || plan.existing.gid !== process.getgid?.())
        await handle.chown(plan.existing.uid, plan.existing.gid).catch(() => undefined);
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (interruptedBy) throw new OutputError(`interrupted by ${interruptedBy}`);
    await rename(temporary, plan.path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    if (error instanceof OutputError) throw new OutputError(`cannot write ${plan.path}: ${error.message}`);
    if (errorCode(error) === undefined) throw error;
    throw cannotWrite(plan.path, error);
  } finally {
    untrack(temporary);
  }
}
