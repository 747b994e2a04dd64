/**
 * A full disk injected into this process, for machines where the full-disk campaign can mount no real one (not root,
 * and unprivileged user namespaces forbidden, as on Ubuntu 24.04 by default).
 *
 * Every write the recorder makes is `fs.writeSync` on a descriptor from `fs.openSync`, imported by name; the two are
 * wrapped here and `syncBuiltinESMExports` makes the names see the wrappers. A descriptor opened on a path inside
 * `folder` is tracked; a write on it that would take the folder past `capacityBytes` writes the bytes that still fit
 * (a short write, as the kernel does) and, when none fit, throws the error the kernel's ENOSPC gives Node (code
 * `ENOSPC`, errno -28, syscall `write`). Space is counted as tmpfs counts it: each file's size rounded up to whole
 * 4 KiB pages, measured with `lstat` at every write, so removing or truncating a file frees its pages with no
 * bookkeeping here.
 *
 * What it does not emulate: a write without a position on a descriptor not opened for appending is taken to continue
 * the file from its end (every such write in the recorder writes a new file from its start); space held by a file
 * removed while still open is freed at once; directories and inodes cost nothing (on tmpfs they cost no pages either).
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const pageBytes = 4096;

export interface InjectedDisk {
  /** Takes the wrappers away again. */
  readonly remove: () => void;
}

export function injectFullDisk(folder: string, capacityBytes: number): InjectedDisk {
  const root = path.resolve(folder);
  const capacityPages = Math.floor(capacityBytes / pageBytes);
  /** Descriptors opened inside the folder: whether each appends. */
  const tracked = new Map<number, { readonly appending: boolean }>();
  const realOpen = fs.openSync;
  const realClose = fs.closeSync;
  const realWrite = fs.writeSync;

  const pages = (bytes: number): number => Math.ceil(bytes / pageBytes);
  const usedPages = (directory: string): number => {
    let used = 0;
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const entryPath = path.join(directory, entry.name);
      if (entry.isDirectory()) used += usedPages(entryPath);
      else if (entry.isFile()) used += pages(fs.lstatSync(entryPath).size);
    }
    return used;
  };
  const inside = (file: string): boolean => file === root || file.startsWith(`${root}${path.sep}`);

  const open = ((file: fs.PathLike, flags: fs.OpenMode = "r", mode?: fs.Mode | null) => {
    const descriptor = realOpen(file, flags, mode);
    if (inside(path.resolve(String(file))))
      tracked.set(descriptor, {
        appending: typeof flags === "number" ? (flags & fs.constants.O_APPEND) !== 0 : String(flags).includes("a"),
      });
    return descriptor;
  }) as typeof fs.openSync;

  const close = ((descriptor: number) => {
    tracked.delete(descriptor);
    realClose(descriptor);
  }) as typeof fs.closeSync;

  const write = ((descriptor: number, data: string | NodeJS.ArrayBufferView, ...rest: unknown[]): number => {
    const target = tracked.get(descriptor);
    if (target === undefined) return (realWrite as (...args: unknown[]) => number)(descriptor, data, ...rest);
    const { bytes, position } = writeArguments(data, rest);
    const size = fs.fstatSync(descriptor).size;
    const start = position === null || target.appending ? size : position;
    const end = start + bytes.length;
    const freePages = capacityPages - usedPages(root);
    const fits = end <= size || pages(end) - pages(size) <= freePages;
    if (fits) return realWrite(descriptor, bytes, 0, bytes.length, position);
    const room = (pages(size) + Math.max(0, freePages)) * pageBytes - start;
    if (room <= 0)
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
        errno: -28,
        code: "ENOSPC",
        syscall: "write",
      });
    return realWrite(descriptor, bytes, 0, room, position);
  }) as typeof fs.writeSync;

  fs.openSync = open;
  fs.closeSync = close;
  fs.writeSync = write;
  syncBuiltinESMExports();
  return {
    remove: () => {
      fs.openSync = realOpen;
      fs.closeSync = realClose;
      fs.writeSync = realWrite;
      syncBuiltinESMExports();
    },
  };
}

/** The bytes and position of any of `fs.writeSync`'s call forms. */
function writeArguments(
  data: string | NodeJS.ArrayBufferView,
  rest: readonly unknown[],
): { bytes: Buffer; position: number | null } {
  const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);
  if (typeof data === "string") {
    const [position, encoding] = rest;
    return {
      bytes: Buffer.from(data, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      position: numberOrNull(position),
    };
  }
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const [first, length, position] = rest;
  if (typeof first === "object" && first !== null) {
    const options = first as { offset?: number; length?: number; position?: number | null };
    const offset = options.offset ?? 0;
    return {
      bytes: view.subarray(offset, offset + (options.length ?? view.length - offset)),
      position: numberOrNull(options.position),
    };
  }
  const offset = typeof first === "number" ? first : 0;
  return {
    bytes: view.subarray(offset, offset + (typeof length === "number" ? length : view.length - offset)),
    position: numberOrNull(position),
  };
}
