// Writing and reading snapshot bundles (`snapshot-bundle.schema.json`). The writer renames a complete file into
// place; the reader checks every line against the schema, the order of the lines, each entry's size and SHA-256,
// and the closing counts, a line at a time: a bundle of any size is read in memory bounded by its longest line.
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type {
  SnapshotBundleLine,
  SnapshotEnd,
  SnapshotFile,
  SnapshotHeader,
  SnapshotRepository,
} from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import { validateSnapshotBundleLine, type ValidationMode } from "@agent-transcript/core/validators";
import { validateSnapshotBundleLineTolerant } from "@agent-transcript/core/validators";
import type { StagedSnapshot } from "./create.js";
import { unsafeRelativePath } from "./paths.js";

export interface WrittenBundle {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Writes a staged snapshot to `file`: beside it under a temporary name first, then renamed into place, so the file
 * is either the whole bundle or not there. New files get mode 0600: a bundle holds the workspace's content.
 */
export async function writeSnapshotBundle(snapshot: StagedSnapshot, file: string): Promise<WrittenBundle> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.partial`);
  const handle = await open(
    temporary,
    fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
    0o600,
  );
  const hash = createHash("sha256");
  let size = 0;
  try {
    for (const line of snapshot.lines()) {
      const bytes = Buffer.from(line, "utf8");
      hash.update(bytes);
      size += bytes.length;
      let written = 0;
      while (written < bytes.length) written += (await handle.write(bytes, written)).bytesWritten;
    }
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return { path: file, size, sha256: hash.digest("hex") };
}

/** A bundle that cannot be read: which line, and why. */
export class SnapshotBundleError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(line > 0 ? `${file}: line ${line}: ${reason}` : `${file}: ${reason}`);
  }
}

/** The longest line read: a chunk is at most 1 MiB of data, which JSON escaping can grow sixfold at worst. */
const maxLineBytes = 64 * 1024 * 1024;

/** What reading a bundle yields, in order: its header, each entry with its content a piece at a time, its end. */
export type BundleEvent =
  | { kind: "header"; header: SnapshotHeader }
  | { kind: "repository"; entry: SnapshotRepository }
  | { kind: "file"; entry: SnapshotFile }
  /** A piece of the open entry's content: a view valid until the next event is asked for (copy it to keep it). */
  | { kind: "content"; bytes: Buffer }
  | { kind: "end"; end: SnapshotEnd };

/**
 * The bundle's lines as bytes, without their line feed. A line that lies inside one read is a view of the read
 * buffer, valid until the next line is asked for: a chunk line is decoded (or, as plain text, used as it is) without
 * a copy, so reading a bundle allocates little per line whatever its size.
 */
async function* rawLines(file: string): AsyncGenerator<{ line: number; bytes: Buffer }> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let line = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let feed = buffer.indexOf(0x0a, start); feed >= 0 && feed < bytesRead; feed = buffer.indexOf(0x0a, start)) {
        line += 1;
        if (pending.length === 0) yield { line, bytes: buffer.subarray(start, feed) };
        else {
          pending.push(buffer.subarray(start, feed));
          yield { line, bytes: Buffer.concat(pending) };
          pending = [];
          pendingBytes = 0;
        }
        start = feed + 1;
      }
      if (start < bytesRead) {
        pending.push(Buffer.from(buffer.subarray(start, bytesRead)));
        pendingBytes += bytesRead - start;
        if (pendingBytes > maxLineBytes)
          throw new SnapshotBundleError(file, line + 1, `a line longer than ${maxLineBytes} bytes: not a bundle`);
      }
    }
    if (pendingBytes > 0)
      throw new SnapshotBundleError(file, line + 1, "the last line has no line feed: the bundle was cut short");
  } finally {
    await handle.close();
  }
}

const chunkPrefix = Buffer.from('{"type":"chunk","data":"', "utf8");
const chunkSuffix = Buffer.from('"}', "utf8");
/** The schema's bound on a chunk's `data`, in characters (a string of at most this many bytes is within it). */
const maxChunkCharacters = 1024 * 1024;

/** Whether every byte is in the standard base64 alphabet, padding only at the end, length a multiple of 4. */
function isPaddedBase64(bytes: Buffer): boolean {
  if (bytes.length % 4 !== 0) return false;
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x3d) end -= bytes[end - 2] === 0x3d ? 2 : 1;
  for (let index = 0; index < end; index += 1) if (base64Value[bytes[index] as number] === 255) return false;
  // Canonical: the bits that padding leaves over are zero (otherwise two texts would decode to the same bytes).
  const padding = bytes.length - end;
  const last = end > 0 ? (base64Value[bytes[end - 1] as number] as number) : 0;
  return padding === 0 || (padding === 1 ? (last & 0b11) === 0 : (last & 0b1111) === 0);
}
const base64Value = new Uint8Array(256).fill(255);
for (const [index, character] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries())
  base64Value[character.charCodeAt(0)] = index;

/**
 * A chunk line exactly as the writer writes it (`{"type":"chunk","data":"..."}`): the data's bytes as they stand in
 * the line (base64 still to decode; text still JSON-escaped), or undefined when the line is of another shape and
 * takes the general path (parse, validate). What this accepts, the schema accepts: the same two fields and a string
 * within the length bound; its text is checked as it is unescaped ({@link unescapeText}).
 */
function plainChunkData(bytes: Buffer): Buffer | undefined {
  if (bytes.length < chunkPrefix.length + chunkSuffix.length) return undefined;
  if (bytes.compare(chunkPrefix, 0, chunkPrefix.length, 0, chunkPrefix.length) !== 0) return undefined;
  if (bytes.compare(chunkSuffix, 0, chunkSuffix.length, bytes.length - chunkSuffix.length) !== 0) return undefined;
  const data = bytes.subarray(chunkPrefix.length, bytes.length - chunkSuffix.length);
  return data.length > maxChunkCharacters ? undefined : data;
}

const escapedByte: Record<number, number> = {
  0x22: 0x22,
  0x5c: 0x5c,
  0x2f: 0x2f,
  0x62: 8,
  0x66: 12,
  0x6e: 10,
  0x72: 13,
  0x74: 9,
};
const hexValue = (byte: number): number =>
  byte >= 0x30 && byte <= 0x39
    ? byte - 0x30
    : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66
      ? (byte | 0x20) - 0x57
      : -1;

/**
 * The UTF-8 bytes of a JSON string's body, unescaped into `into` (at least as long as `data`): the short escapes and
 * `\u00XX` (what JSON.stringify writes for control characters). Undefined for anything else — an unescaped quote or
 * control character, a broken escape, a `\u` above 0x7f (a surrogate, say), bytes that are not UTF-8 — which the
 * general path then parses and judges. Text chunks of a patch hold a `\n` per patch line, so this is the common case.
 */
function unescapeText(data: Buffer, into: Buffer): Buffer | undefined {
  let written = 0;
  let from = 0;
  for (;;) {
    const escape = data.indexOf(0x5c, from);
    const until = escape < 0 ? data.length : escape;
    // A raw quote or control character cannot stand in a JSON string: only an escape may write one.
    for (let index = from; index < until; index += 1) {
      const byte = data[index] as number;
      if (byte < 0x20 || byte === 0x22) return undefined;
    }
    written += data.copy(into, written, from, until);
    if (escape < 0) break;
    const kind = data[escape + 1] ?? -1;
    if (kind === 0x75) {
      if (escape + 6 > data.length) return undefined;
      const code =
        (hexValue(data[escape + 2] as number) << 12) |
        (hexValue(data[escape + 3] as number) << 8) |
        (hexValue(data[escape + 4] as number) << 4) |
        hexValue(data[escape + 5] as number);
      if (code < 0 || code > 0x7f) return undefined;
      into[written++] = code;
      from = escape + 6;
    } else {
      const byte = escapedByte[kind];
      if (byte === undefined) return undefined;
      into[written++] = byte;
      from = escape + 2;
    }
  }
  const text = into.subarray(0, written);
  return isUtf8(text) ? text : undefined;
}

export interface ReadBundleOptions {
  /** `tolerant` accepts what a newer minor version may add (unknown fields and line types, which are skipped). */
  mode?: ValidationMode;
}

/**
 * Reads a bundle line by line, checking it as it goes; throws a {@link SnapshotBundleError} naming the line at the
 * first thing wrong (so a consumer never acts on content that has not been checked: an entry's content is checked
 * against its size and SHA-256 before the next entry, or the end, is yielded).
 */
export async function* readSnapshotBundle(file: string, options: ReadBundleOptions = {}): AsyncGenerator<BundleEvent> {
  const validate = options.mode === "tolerant" ? validateSnapshotBundleLineTolerant : validateSnapshotBundleLine;
  let header: SnapshotHeader | undefined;
  let open_:
    | { entry: SnapshotRepository | SnapshotFile; line: number; size: number; hash: ReturnType<typeof createHash> }
    | undefined;
  let repositories = 0;
  let files = 0;
  let ended = false;
  const closeEntry = (line: number): void => {
    if (open_ === undefined) return;
    const { entry, size, hash } = open_;
    const sha256 = hash.digest("hex");
    if (size !== entry.size || sha256 !== entry.sha256)
      throw new SnapshotBundleError(
        file,
        line,
        `the content of ${entry.type} ${entry.path} (line ${open_.line}) is ${size} bytes with SHA-256 ${sha256}, not the ${entry.size} bytes with ${entry.sha256} it declares`,
      );
    open_ = undefined;
  };
  let scratch = Buffer.allocUnsafe(0);
  const room = (bytes: number): Buffer => {
    if (scratch.length < bytes) scratch = Buffer.allocUnsafe(Math.max(bytes, 64 * 1024));
    return scratch;
  };
  const decodeBase64 = (data: Buffer): Buffer | undefined => {
    if (!isPaddedBase64(data)) return undefined;
    const into = room((data.length / 4) * 3);
    return into.subarray(0, into.write(data.toString("latin1"), 0, "base64"));
  };
  const decodeText = (data: Buffer): Buffer | undefined => unescapeText(data, room(data.length));
  const content = (line: number, bytes: Buffer): BundleEvent => {
    const entry = open_ as NonNullable<typeof open_>;
    entry.size += bytes.length;
    entry.hash.update(bytes);
    if (entry.size > entry.entry.size)
      throw new SnapshotBundleError(file, line, `more content than the ${entry.entry.size} bytes declared`);
    return { kind: "content", bytes };
  };
  for await (const { line, bytes: lineBytes } of rawLines(file)) {
    if (ended) throw new SnapshotBundleError(file, line, "a line after the end line");
    const plain = open_ === undefined ? undefined : plainChunkData(lineBytes);
    const decoded =
      plain === undefined ? undefined : open_?.entry.encoding === "base64" ? decodeBase64(plain) : decodeText(plain);
    if (decoded !== undefined) {
      yield content(line, decoded);
      continue;
    }
    const parsed = parseJson(lineBytes.toString("utf8"));
    if (!parsed.ok) throw new SnapshotBundleError(file, line, `not JSON: ${parsed.error.reason}`);
    const checked = validate(parsed.value);
    if (!checked.ok) {
      const first = checked.errors[0];
      throw new SnapshotBundleError(file, line, `${first?.pointer || "(line)"}: ${first?.message ?? "invalid"}`);
    }
    const value = parsed.value as SnapshotBundleLine;
    if (header === undefined && value.type !== "snapshot")
      throw new SnapshotBundleError(file, line, "the first line is not a snapshot header: not a bundle");
    switch (value.type) {
      case "snapshot":
        if (header !== undefined) throw new SnapshotBundleError(file, line, "a second header");
        header = value;
        yield { kind: "header", header: value };
        break;
      case "repository":
      case "file": {
        closeEntry(line);
        const unsafe = unsafeRelativePath(value.path);
        if (unsafe !== undefined)
          throw new SnapshotBundleError(file, line, `unsafe path ${JSON.stringify(value.path)}: ${unsafe}`);
        if (value.type === "repository") {
          for (const change of value.changes)
            for (const changed of [change.path, change.old_path]) {
              const problem = changed === undefined || changed === "." ? undefined : unsafeRelativePath(changed);
              if (problem !== undefined || changed === ".")
                throw new SnapshotBundleError(
                  file,
                  line,
                  `unsafe path ${JSON.stringify(changed)}: ${problem ?? "it names the repository itself"}`,
                );
            }
          repositories += 1;
        } else {
          if (value.path === ".") throw new SnapshotBundleError(file, line, "a file entry cannot be the root itself");
          files += 1;
        }
        open_ = { entry: value, line, size: 0, hash: createHash("sha256") };
        yield value.type === "repository" ? { kind: "repository", entry: value } : { kind: "file", entry: value };
        break;
      }
      case "chunk": {
        if (open_ === undefined) throw new SnapshotBundleError(file, line, "a chunk before any repository or file");
        const bytes =
          open_.entry.encoding === "base64" ? Buffer.from(value.data, "base64") : Buffer.from(value.data, "utf8");
        if (open_.entry.encoding === "base64" && bytes.toString("base64") !== value.data)
          throw new SnapshotBundleError(file, line, "the chunk is not valid base64");
        yield content(line, bytes);
        break;
      }
      case "end": {
        closeEntry(line);
        const expected = header as SnapshotHeader;
        if (
          value.repositories !== repositories ||
          value.files !== files ||
          expected.repositories !== repositories ||
          expected.files !== files
        )
          throw new SnapshotBundleError(
            file,
            line,
            `the bundle holds ${repositories} repositories and ${files} files; its header says ${expected.repositories} and ${expected.files}, its end ${value.repositories} and ${value.files}`,
          );
        ended = true;
        yield { kind: "end", end: value };
        break;
      }
      default:
        // A line type of a newer minor version (tolerant reading only): nothing here knows what to do with it.
        break;
    }
  }
  if (header === undefined) throw new SnapshotBundleError(file, 0, "it is empty: not a bundle");
  if (!ended) throw new SnapshotBundleError(file, 0, "it has no end line: the bundle is incomplete (cut short)");
}
