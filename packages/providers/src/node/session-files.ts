/**
 * Sessions read from the file system: the Node side of the session importers, which themselves never touch a file.
 * A session file is read as a stream, line by line (gzip and Zstandard recognised by their magic bytes, whatever the
 * name: Codex writes `.jsonl.zst` rollouts; UTF-8
 * checked line by line, so one undecodable line costs that line), and its related files (a Claude Code session's
 * sub-agents) are found where its importer says they are.
 */
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { Decompress } from "fzstd";
import type { SessionFile, SessionLine } from "../conversion/index.js";
import { formatIds, isSessionFormatId, sessionImporters, type SessionFormatId } from "../registry.js";
import {
  detectSessionFormat,
  importSessionLines,
  sessionDetectionLines,
  type ImportSessionOptions,
  type ImportSessionOutcome,
} from "../sessions.js";

/** Options of reading a session file. */
export interface ReadSessionLinesOptions {
  /**
   * The longest line read, in bytes (default 64 MiB): a longer one is reported as unreadable and skipped, so a file
   * without line breaks cannot make the reader hold it whole.
   */
  maxLineBytes?: number;
}

const defaultMaxLineBytes = 64 * 1024 * 1024;
const lineFeed = 0x0a;

/** Zstandard's frame magic number, `28 B5 2F FD`: no text file starts with it (0xB5 cannot follow `(` in UTF-8). */
const zstdMagic = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** Whether bytes start with Zstandard's magic number (a Codex `.jsonl.zst` rollout, whatever its name). */
export function isZstd(bytes: Uint8Array): boolean {
  return zstdMagic.every((byte, index) => bytes[index] === byte);
}

/**
 * A stream that decompresses Zstandard as the bytes pass (pure JavaScript, fzstd: Node 20's zlib has no Zstandard).
 * Each chunk is decompressed as it arrives and handed on, so a caller bounding the output (the CLI's
 * `--max-decompressed-size`) stops it as soon as the limit is crossed. Bytes that are not Zstandard, or that break off,
 * fail the stream with an error whose message says so.
 */
export function createZstdDecompressor(): Transform {
  const step = (chunk: Uint8Array, final: boolean, done: TransformCallback): void => {
    try {
      decompressor.push(chunk, final);
      done();
    } catch (caught) {
      done(new Error(`not valid Zstandard: ${caught instanceof Error ? caught.message : String(caught)}`));
    }
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      step(chunk, false, done);
    },
    flush(done: TransformCallback) {
      step(new Uint8Array(0), true, done);
    },
  });
  // Each piece decompressed is handed on at once, never gathered: what bounds the output sees it piece by piece.
  const decompressor = new Decompress((data) => {
    if (data.length > 0) transform.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  return transform;
}

/** A file's bytes, decompressed as they stream when its first bytes are gzip's or Zstandard's magic number. */
async function* fileBytes(file: string): AsyncGenerator<Buffer> {
  const stream = createReadStream(file);
  // A reader that stops early (detection reads a few lines) must not leave the file open: a folder of thousands of
  // sessions would run out of file descriptors.
  try {
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let head: Buffer = Buffer.alloc(0);
    let ended = false;
    // The magic numbers are read whole even from a stream that hands out a byte at a time.
    while (head.length < zstdMagic.length) {
      const next = await iterator.next();
      if (next.done === true) {
        ended = true;
        break;
      }
      head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
    }
    if (head.length === 0) return;
    async function* all(): AsyncGenerator<Buffer> {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield next.value;
      }
    }
    const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
    if (!gzip && !isZstd(head)) {
      yield* all();
      return;
    }
    const decompress = gzip ? createGunzip() : createZstdDecompressor();
    const piped = pipeline(Readable.from(all()), decompress);
    // The pipeline's own promise would reject unobserved; its error reaches the loop below through the stream.
    piped.catch(() => undefined);
    for await (const chunk of decompress) yield chunk as Buffer;
    await piped;
  } finally {
    stream.destroy();
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The lines of a session file, as they are read. Each comes with its 1-based number; a line that is not UTF-8, or
 * longer than the limit, comes with an `error` instead of its text, and a file that cannot be read further (gzip or
 * Zstandard that breaks off) ends with such a line. A carriage return before a line feed is dropped, and a leading byte order
 * mark ignored. Throws only when the file cannot be opened.
 */
export async function* readSessionLines(
  file: string,
  options: ReadSessionLinesOptions = {},
): AsyncGenerator<SessionLine> {
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let line = 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  let first = true;
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
    for await (const chunk of fileBytes(file)) {
      let start = 0;
      for (let end = chunk.indexOf(lineFeed, start); end !== -1; end = chunk.indexOf(lineFeed, start)) {
        const piece = chunk.subarray(start, end);
        start = end + 1;
        if (skipping) {
          skipping = false;
        } else if (pendingBytes + piece.length > maxLineBytes) {
          yield { line, text: "", error: `longer than ${maxLineBytes} bytes` };
        } else {
          const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
          yield decode(bytes);
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
  } catch (caught) {
    yield {
      line,
      text: "",
      error: `the file could not be read further: ${caught instanceof Error ? caught.message : String(caught)}`,
    };
    return;
  }
  if (pendingBytes > 0 && !skipping) yield decode(Buffer.concat(pending));
}

/** The first lines of a file (for detection), reading no further. */
export async function headLines(file: string, count: number = sessionDetectionLines): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of readSessionLines(file)) {
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
 * beside it, every file streamed line by line. `{ ok: false }` when the file cannot be opened or is no known session.
 */
export async function importSession(
  file: string,
  options: ImportSessionOptions & ReadSessionLinesOptions = {},
): Promise<ImportSessionOutcome> {
  const unreadable = await notARegularFile(file);
  if (unreadable !== undefined) return unreadable;
  const format =
    options.format !== undefined && isSessionFormatId(options.format)
      ? options.format
      : detectSessionFormat(await headLines(file, sessionDetectionLines));
  if (format === undefined)
    return {
      ok: false,
      message: `${file} is not a session of a known agent (${formatIds.filter(isSessionFormatId).join(", ")}): name the format`,
    };
  return importFound(file, format, await findRelatedSessionFiles(file, format), options);
}

/** Why `file` cannot be imported (a folder, no regular file, gone), or nothing when it is a file to read. */
async function notARegularFile(file: string): Promise<ImportSessionOutcome | undefined> {
  try {
    const stats = await stat(file);
    if (stats.isDirectory())
      return { ok: false, message: `${file} is a folder: importSessions reads each session in it` };
    if (!stats.isFile()) return { ok: false, message: `${file} is not a file` };
  } catch (caught) {
    return { ok: false, message: `cannot read ${file}: ${caught instanceof Error ? caught.message : String(caught)}` };
  }
  return undefined;
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
  return (await notARegularFile(file)) ?? importFound(file, format, related, options);
}

function importFound(
  file: string,
  format: SessionFormatId,
  related: readonly string[],
  options: ImportSessionOptions & ReadSessionLinesOptions,
): Promise<ImportSessionOutcome> {
  const { maxLineBytes, ...importOptions } = options;
  const lineOptions = maxLineBytes === undefined ? {} : { maxLineBytes };
  async function* relatedFiles(): AsyncGenerator<SessionFile> {
    for (const name of related) yield { path: name, lines: readSessionLines(name, lineOptions) };
  }
  return importSessionLines(
    { main: { path: file, lines: readSessionLines(file, lineOptions) }, related: relatedFiles() },
    { ...importOptions, format },
  );
}
