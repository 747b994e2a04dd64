/**
 * Sessions read from the file system: the Node side of the session importers, which themselves never touch a file.
 * A session file is read as a stream, line by line (gzip and Zstandard recognised by their magic bytes, whatever the
 * name: Codex writes `.jsonl.zst` rollouts; UTF-8 checked line by line, so one undecodable line costs that line),
 * under a limit on its bytes, and its related files (a Claude Code session's sub-agents) are found where its importer
 * says they are. Only regular files are read: each is opened without blocking and looked at through the open
 * descriptor, so a FIFO or a device put where a session was expected is refused instead of waited on.
 */
import { constants, type Stats } from "node:fs";
import { open, readdir, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { defaultMaxInputBytes } from "@agent-transcript/core/json";
import { groupDigits } from "@agent-transcript/core/text";
import type { SessionFile, SessionLine } from "../conversion/index.js";
import { formatIds, isSessionFormatId, sessionImporters, type SessionFormatId } from "../registry.js";
import {
  detectSessionFormat,
  importSessionLines,
  sessionDetectionLines,
  type ImportSessionOptions,
  type ImportSessionOutcome,
} from "../sessions.js";
import { decompressZstd, isZstd, ZstdError } from "./zstandard.js";

/** Options of reading a session file. */
export interface ReadSessionLinesOptions {
  /**
   * The longest line read, in bytes (default 64 MiB): a longer one is reported as unreadable and skipped, so a file
   * without line breaks cannot make the reader hold it whole.
   */
  maxLineBytes?: number;
  /**
   * The most bytes a file may hold, and may decompress to (default 256 MiB, core's input limit), each line counting
   * at least {@link minimumLineBytes}: the import holds every record, and a record costs memory whatever its length.
   * A file past it is refused ({@link importSession} says so, naming the file and the limit).
   */
  maxBytes?: number;
}

const defaultMaxLineBytes = 64 * 1024 * 1024;
const lineFeed = 0x0a;

/**
 * What each line counts toward a limit on a file's bytes at least, however short it is. An imported record costs
 * about a kilobyte of memory beyond its text whatever its length (a Codex rollout of 2.4 million one-word messages,
 * 255 MiB, took 2.8 GB to import; one of ordinary lines of the same size 1.3 GB): counted at 256 bytes, a file of short
 * lines is held to the memory of one of ordinary lines. Real sessions' lines average a kilobyte or more, so this
 * weighs only on files of mostly tiny lines. An indented line counts its bytes only: it is part of a pretty-printed
 * document (a Gemini CLI `.json` session, an ATIF trajectory: one value, however many lines), never a record of JSON
 * lines, which no writer indents.
 */
export const minimumLineBytes = 256;

/** Why a file cannot be read as a session file: not there, not a regular file, or past a limit. The message names it. */
export class SessionFileError extends Error {}

const mebibyte = 1024 * 1024;

function describeLimit(bytes: number): string {
  return bytes % mebibyte === 0 ? `${bytes / mebibyte} MiB` : `${bytes} bytes`;
}

/** What a file that is not a regular one is, for a message. */
function describeFileType(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  if (stats.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Opens `file` for reading only if it is a regular file, judged on the open descriptor: opened without blocking (a
 * FIFO with no writer would wait forever), and without following a symbolic link at the last step when `noFollow`
 * (a file the caller found rather than was given).
 */
async function openRegularFile(file: string, noFollow: boolean): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (noFollow ? constants.O_NOFOLLOW : 0));
  } catch (caught) {
    const code = (caught as { code?: unknown } | null)?.code;
    // O_NOFOLLOW refuses a link with ELOOP; a socket cannot be opened at all (ENXIO).
    if (code === "ELOOP" && noFollow) throw new SessionFileError(`${file} is a symbolic link; not followed`);
    if (code === "ENXIO")
      throw new SessionFileError(`${file} is a socket or a device with nothing behind it, not a regular file`);
    throw new SessionFileError(`cannot read ${file}: ${caught instanceof Error ? caught.message : String(caught)}`);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new SessionFileError(`${file} is a folder: importSessions reads each session in it`);
    if (!stats.isFile()) throw new SessionFileError(`${file} is ${describeFileType(stats)}, not a regular file`);
    return handle;
  } catch (caught) {
    await handle.close();
    throw caught;
  }
}

/** Bytes per read of a file. */
const readChunkBytes = 64 * 1024;

/** A regular file's bytes as they are read, each chunk in a buffer of its own (a decompressor may still hold one). */
async function* handleChunks(handle: FileHandle): AsyncGenerator<Buffer> {
  for (;;) {
    const buffer = Buffer.allocUnsafe(readChunkBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A file's bytes held to a limit: the compressed bytes and what they decompress to alike. */
interface ByteLimit {
  file: string;
  maxBytes: number;
}

function tooLarge(limit: ByteLimit, compressed: boolean): SessionFileError {
  return new SessionFileError(
    compressed
      ? `${limit.file} decompresses to more than the limit of ${describeLimit(limit.maxBytes)} (maxBytes)`
      : `${limit.file} is larger than the limit of ${describeLimit(limit.maxBytes)} (maxBytes)`,
  );
}

/**
 * A file's bytes, decompressed as they stream when its first bytes are gzip's or Zstandard's magic number; the file's
 * own bytes held to the limit as they are read. Tells `onCompressed` when it decompresses.
 */
async function* fileBytes(handle: FileHandle, limit: ByteLimit, onCompressed: () => void): AsyncGenerator<Buffer> {
  let read = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of handleChunks(handle)) {
      read += chunk.length;
      if (read > limit.maxBytes) throw tooLarge(limit, false);
      yield chunk;
    }
  }
  const chunks = counted();
  let head: Buffer = Buffer.alloc(0);
  let ended = false;
  // The magic numbers are read whole even from a source that hands out a byte at a time.
  while (head.length < 4) {
    const next = await chunks.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  if (head.length === 0) return;
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (!ended) yield* chunks;
  }
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip && !isZstd(head)) {
    yield* all();
    return;
  }
  onCompressed();
  if (!gzip) {
    yield* decompressZstd(all(), { maxOutputBytes: limit.maxBytes });
    return;
  }
  // zlib hands on 16 KiB at a time and waits for it to be read before it inflates more.
  const input = Readable.from(all(), { objectMode: false });
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The lines of a session file, as they are read. Each comes with its 1-based number; a line that is not UTF-8, or
 * longer than the limit, comes with an `error` instead of its text, and a file that cannot be read further (gzip or
 * Zstandard that breaks off) ends with such a line. A carriage return before a line feed is dropped, and a leading
 * byte order mark ignored. Throws a {@link SessionFileError} naming the file when it cannot be opened, is not a
 * regular file (a FIFO, a device: refused, never waited on), or crosses `maxBytes`.
 */
export function readSessionLines(file: string, options: ReadSessionLinesOptions = {}): AsyncGenerator<SessionLine> {
  return sessionFileLines(file, options, false);
}

async function* sessionFileLines(
  file: string,
  options: ReadSessionLinesOptions,
  noFollow: boolean,
): AsyncGenerator<SessionLine> {
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  const limit = { file, maxBytes: options.maxBytes ?? defaultMaxInputBytes };
  const handle = await openRegularFile(file, noFollow);
  let compressed = false;
  let line = 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  let first = true;
  // The bytes read (decompressed), and what short lines add to them to count as minimumLineBytes each.
  let bytes = 0;
  let shortfall = 0;
  const count = (length: number, firstByte: number | undefined): void => {
    if (firstByte !== 0x20 && firstByte !== 0x09) shortfall += Math.max(0, minimumLineBytes - length - 1);
    if (bytes + shortfall > limit.maxBytes)
      throw new SessionFileError(
        `${file}: more than the limit of ${describeLimit(limit.maxBytes)} (maxBytes) by line ${groupDigits(line)}, each line counting at least ${minimumLineBytes} bytes (a record costs memory however short it is)`,
      );
  };
  const decode = (bytes: Buffer): SessionLine => {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 0x0d) end -= 1;
    let start = 0;
    if (first) {
      first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
    }
    try {
      return { line, text: decoder.decode(bytes.subarray(start, end)) };
    } catch {
      return { line, text: "", error: "not valid UTF-8" };
    }
  };
  try {
    const chunks = fileBytes(handle, limit, () => (compressed = true));
    for (;;) {
      let chunk: Buffer;
      try {
        const next = await chunks.next();
        if (next.done === true) break;
        chunk = next.value;
      } catch (caught) {
        if (caught instanceof SessionFileError || (caught instanceof ZstdError && caught.limit))
          throw caught instanceof SessionFileError ? caught : new SessionFileError(`${file}: ${caught.message}`);
        yield {
          line,
          text: "",
          error: `the file could not be read further: ${caught instanceof Error ? caught.message : String(caught)}`,
        };
        return;
      }
      bytes += chunk.length;
      if (bytes > limit.maxBytes) throw tooLarge(limit, compressed);
      let start = 0;
      for (let end = chunk.indexOf(lineFeed, start); end !== -1; end = chunk.indexOf(lineFeed, start)) {
        const piece = chunk.subarray(start, end);
        start = end + 1;
        count(skipping ? maxLineBytes : pendingBytes + piece.length, pending[0]?.[0] ?? piece[0]);
        if (skipping) {
          skipping = false;
        } else if (pendingBytes + piece.length > maxLineBytes) {
          yield { line, text: "", error: `longer than ${maxLineBytes} bytes` };
        } else {
          yield decode(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
        }
        pending = [];
        pendingBytes = 0;
        line += 1;
      }
      const rest = chunk.subarray(start);
      if (rest.length === 0 || skipping) continue;
      if (pendingBytes + rest.length > maxLineBytes) {
        // Too long already: say so now and skip the rest of the line, holding nothing.
        yield { line, text: "", error: `longer than ${maxLineBytes} bytes` };
        skipping = true;
        pending = [];
        pendingBytes = 0;
        continue;
      }
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
    if (pendingBytes > 0 && !skipping) {
      count(pendingBytes, pending[0]?.[0]);
      yield decode(Buffer.concat(pending));
    }
  } finally {
    await handle.close();
  }
}

/** The first lines of a file (for detection), reading no further. */
export async function headLines(
  file: string,
  count: number = sessionDetectionLines,
  options: ReadSessionLinesOptions = {},
): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of readSessionLines(file, options)) {
    if (lines.length >= count) break;
    lines.push(line.text);
  }
  return lines;
}

/**
 * The files related to the session at `file` (a Claude Code session's sub-agent files), where the format's importer
 * says they may be, sorted by name; folders that do not exist are passed over. The importer keeps those that belong
 * to the session.
 */
export async function findRelatedSessionFiles(file: string, format: SessionFormatId): Promise<string[]> {
  return relatedSessionFiles(file, format, folderLookups());
}

/**
 * How related files are looked for: a folder's names, sorted (undefined when it cannot be read), and whether a path is
 * a regular file. A folder scan keeps one for all its sessions, so the folder many sessions share (Codex's day,
 * Claude Code's project) is listed, and each file in it looked at, once rather than once per session.
 */
export interface FolderLookups {
  names(folder: string): Promise<string[] | undefined>;
  isFile(file: string): Promise<boolean>;
}

export function folderLookups(): FolderLookups {
  const names = new Map<string, Promise<string[] | undefined>>();
  const files = new Map<string, Promise<boolean>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, look: () => Promise<T>): Promise<T> => {
    let found = cache.get(key);
    if (found === undefined) cache.set(key, (found = look()));
    return found;
  };
  return {
    names: (folder) =>
      once(names, folder, () =>
        readdir(folder).then(
          (list) => list.sort(),
          () => undefined,
        ),
      ),
    // A file gone since it was listed is not part of the session any more.
    isFile: (file) =>
      once(files, file, () =>
        stat(file).then(
          (stats) => stats.isFile(),
          () => false,
        ),
      ),
  };
}

/** {@link findRelatedSessionFiles} with its folders and files looked at through `lookups`. */
export async function relatedSessionFiles(
  file: string,
  format: SessionFormatId,
  lookups: FolderLookups,
): Promise<string[]> {
  const found = new Set<string>();
  const self = path.resolve(file);
  for (const location of sessionImporters[format].relatedFiles(file)) {
    const folders =
      location.folders === undefined
        ? [location.folder]
        : ((await lookups.names(location.folder)) ?? [])
            .filter((name) => location.folders?.test(name) === true)
            .map((name) => path.join(location.folder, name));
    for (const folder of folders)
      for (const name of (await lookups.names(folder)) ?? []) {
        if (!location.names.test(name)) continue;
        const candidate = path.join(folder, name);
        if (path.resolve(candidate) === self || found.has(candidate)) continue;
        if (await lookups.isFile(candidate)) found.add(candidate);
      }
  }
  return [...found];
}

/**
 * Imports the session at `file`: the format detected from its first lines unless given, its related files found
 * beside it, every file streamed line by line. `{ ok: false }`, with a message naming the file, when it cannot be
 * opened, is not a regular file, crosses `maxBytes`, or is no known session. A related file that cannot be read (not a
 * regular file, a symbolic link, past the limit) is a loss of that file; the rest is imported.
 */
export async function importSession(
  file: string,
  options: ImportSessionOptions & ReadSessionLinesOptions = {},
): Promise<ImportSessionOutcome> {
  return refusedWithMessage(async () => {
    const format =
      options.format !== undefined && isSessionFormatId(options.format)
        ? options.format
        : detectSessionFormat(await headLines(file, sessionDetectionLines, options));
    if (format === undefined)
      return {
        ok: false,
        message: `${file} is not a session of a known agent (${formatIds.filter(isSessionFormatId).join(", ")}): name the format`,
      };
    return importFound(file, format, await findRelatedSessionFiles(file, format), options);
  });
}

/** An import, or the refusal of a file it could not read as `{ ok: false }` with the message naming the file. */
async function refusedWithMessage(importing: () => Promise<ImportSessionOutcome>): Promise<ImportSessionOutcome> {
  try {
    return await importing();
  } catch (caught) {
    if (caught instanceof SessionFileError) return { ok: false, message: caught.message };
    throw caught;
  }
}

/**
 * Imports a main session file of a known format with the related files already found for it (a folder scan has them:
 * looking again would list the same folders twice), each streamed. The file is checked as {@link importSession} does.
 */
export async function importSessionFiles(
  file: string,
  format: SessionFormatId,
  related: readonly string[],
  options: ImportSessionOptions & ReadSessionLinesOptions = {},
): Promise<ImportSessionOutcome> {
  return refusedWithMessage(() => importFound(file, format, related, options));
}

function importFound(
  file: string,
  format: SessionFormatId,
  related: readonly string[],
  options: ImportSessionOptions & ReadSessionLinesOptions,
): Promise<ImportSessionOutcome> {
  const { maxLineBytes, maxBytes, ...importOptions } = options;
  const lineOptions = {
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
    ...(maxBytes === undefined ? {} : { maxBytes }),
  };
  async function* relatedLines(name: string): AsyncGenerator<SessionLine> {
    // Found beside the session, not named by the caller: a link there is not followed.
    let line = 0;
    try {
      for await (const read of sessionFileLines(name, lineOptions, true)) {
        line = read.line;
        yield read;
      }
    } catch (caught) {
      if (!(caught instanceof SessionFileError)) throw caught;
      yield { line: line + 1, text: "", error: `not read further: ${caught.message}` };
    }
  }
  async function* relatedFiles(): AsyncGenerator<SessionFile> {
    for (const name of related) yield { path: name, lines: relatedLines(name) };
  }
  return importSessionLines(
    { main: { path: file, lines: sessionFileLines(file, lineOptions, false) }, related: relatedFiles() },
    { ...importOptions, format },
  );
}
