// Writing and reading snapshot bundles (`snapshot-bundle.schema.json`). The writer renames a complete file into
// place; the reader checks every line against the schema, the order of the lines, each entry's size and SHA-256,
// and the closing counts, a line at a time: a bundle of any size is read in memory bounded by its longest line.
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
  | { kind: "content"; bytes: Buffer }
  | { kind: "end"; end: SnapshotEnd };

async function* rawLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let line = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let feed = buffer.indexOf(0x0a, start); feed >= 0 && feed < bytesRead; feed = buffer.indexOf(0x0a, start)) {
        pending.push(Buffer.from(buffer.subarray(start, feed)));
        line += 1;
        yield { line, text: Buffer.concat(pending).toString("utf8") };
        pending = [];
        pendingBytes = 0;
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
  for await (const { line, text } of rawLines(file)) {
    if (ended) throw new SnapshotBundleError(file, line, "a line after the end line");
    const parsed = parseJson(text);
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
        open_.size += bytes.length;
        open_.hash.update(bytes);
        if (open_.size > open_.entry.size)
          throw new SnapshotBundleError(file, line, `more content than the ${open_.entry.size} bytes declared`);
        yield { kind: "content", bytes };
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
