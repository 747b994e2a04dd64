// Reading and writing under one folder without ever following a symbolic link below it, checked at the moment of
// use: each folder on the way is opened with O_NOFOLLOW relative to the one above it, and every operation names its
// file relative to an open folder, so a link swapped in after a check is never followed. Node has no openat(2); on
// Linux `/proc/self/fd/<fd>/<name>` is its exact equivalent (the kernel resolves the descriptor, then the one name),
// and is what this uses. Where /proc is missing (macOS), each operation re-checks the folders on the way (device and
// inode unchanged, none a link) just before it runs: a narrow window instead of none, said here and in the README.
import { constants as fsConstants, type Dirent, type Stats } from "node:fs";
import {
  lstat,
  mkdir,
  open,
  readdir,
  readlink,
  rename,
  rmdir,
  stat,
  symlink,
  unlink,
  type FileHandle,
} from "node:fs/promises";
import path from "node:path";
import { describeFileKind } from "../file-kind.js";

/** A path that cannot be used under the tree: a folder on the way is a link or not a folder, or it is not a file. */
export class TreePathError extends Error {
  constructor(
    /** The path concerned, relative to the tree. */
    readonly relative: string,
    /** What is wrong with it, without the path. */
    readonly reason: string,
  ) {
    super(`${relative}: ${reason}`);
  }
}

export type EntryKind = "file" | "link" | "folder" | "other";

export interface TreeEntry {
  kind: EntryKind;
  stats: Stats;
}

function kindOf(stats: Stats): EntryKind {
  if (stats.isSymbolicLink()) return "link";
  if (stats.isDirectory()) return "folder";
  if (stats.isFile()) return "file";
  return "other";
}

const openFolderFlags = fsConstants.O_RDONLY | fsConstants.O_DIRECTORY | fsConstants.O_NOFOLLOW;

/** One open folder of the tree; names below it are used through {@link OpenFolder.path}. */
export interface OpenFolder {
  /** Its path relative to the tree (`.` for the tree itself). */
  readonly relative: string;
  /** A path naming `name` in this folder, valid for one operation, that follows no link on the way to it. */
  path(name: string): Promise<string>;
  close(): Promise<void>;
}

class DescriptorFolder implements OpenFolder {
  constructor(
    readonly relative: string,
    private readonly handle: FileHandle,
  ) {}
  path(name: string): Promise<string> {
    return Promise.resolve(`/proc/self/fd/${this.handle.fd}/${name}`);
  }
  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** The fallback without /proc: the folders on the way, each with its identity, checked again before every use. */
class CheckedFolder implements OpenFolder {
  constructor(
    readonly relative: string,
    private readonly chain: ReadonlyArray<{ absolute: string; dev: number; ino: number }>,
  ) {}
  async path(name: string): Promise<string> {
    for (const link of this.chain) {
      const now = await lstat(link.absolute).catch(() => undefined);
      if (now === undefined || !now.isDirectory() || now.dev !== link.dev || now.ino !== link.ino)
        throw new TreePathError(this.relative, `${link.absolute} changed while it was in use`);
    }
    return path.join((this.chain.at(-1) as { absolute: string }).absolute, name);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export interface FolderOptions {
  /** Create missing folders on the way (mode 0777 less the umask, as git does), calling this for each. */
  created?: (relative: string) => void;
}

/** A folder that is read and written under without following links: see the module comment. */
export class SafeTree {
  private constructor(
    /** The tree's absolute path. */
    readonly root: string,
    private readonly descriptors: boolean,
    private readonly rootStats: Stats,
  ) {}

  /**
   * Opens the tree at `root` (an absolute path; links in it are the caller's choice and are followed once, here).
   * `useDescriptors: false` takes the fallback even on Linux (tests use it to cover that path).
   */
  static async open(root: string, options: { useDescriptors?: boolean } = {}): Promise<SafeTree> {
    const rootStats = await stat(root);
    if (!rootStats.isDirectory()) throw new TreePathError(".", `${root} is not a folder`);
    let descriptors = false;
    if (options.useDescriptors !== false) {
      const handle = await open(root, fsConstants.O_RDONLY | fsConstants.O_DIRECTORY);
      try {
        const viaProc = await stat(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
        descriptors = viaProc !== undefined && viaProc.dev === rootStats.dev && viaProc.ino === rootStats.ino;
      } finally {
        await handle.close();
      }
    }
    return new SafeTree(root, descriptors, rootStats);
  }

  /**
   * Opens the folder at `relative` (`.` for the tree), every folder on the way opened without following a link.
   * Undefined when one is missing (and `created` is not given); throws a {@link TreePathError} when one is a link or
   * not a folder.
   */
  async folder(relative: string, options: FolderOptions = {}): Promise<OpenFolder | undefined> {
    const segments = relative === "." ? [] : relative.split("/");
    return this.descriptors ? this.descriptorFolder(segments, options) : this.checkedFolder(segments, options);
  }

  private async descriptorFolder(segments: readonly string[], options: FolderOptions): Promise<OpenFolder | undefined> {
    let handle = await open(this.root, fsConstants.O_RDONLY | fsConstants.O_DIRECTORY);
    try {
      const opened = await handle.stat();
      if (opened.dev !== this.rootStats.dev || opened.ino !== this.rootStats.ino)
        throw new TreePathError(".", `${this.root} was replaced while in use`);
      for (const [index, segment] of segments.entries()) {
        const here = `/proc/self/fd/${handle.fd}/${segment}`;
        const relative = segments.slice(0, index + 1).join("/");
        let next = await open(here, openFolderFlags).catch((error: NodeJS.ErrnoException) => error);
        if (next instanceof Error && next.code === "ENOENT" && options.created !== undefined) {
          await mkdir(here, 0o777).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== "EEXIST") throw error;
          });
          options.created(relative);
          next = await open(here, openFolderFlags).catch((error: NodeJS.ErrnoException) => error);
        }
        if (next instanceof Error) {
          if (next.code === "ENOENT") {
            await handle.close();
            return undefined;
          }
          throw await this.notAFolder(relative, here, next);
        }
        await handle.close();
        handle = next;
      }
      return new DescriptorFolder(segments.length === 0 ? "." : segments.join("/"), handle);
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  private async checkedFolder(segments: readonly string[], options: FolderOptions): Promise<OpenFolder | undefined> {
    const chain = [{ absolute: this.root, dev: this.rootStats.dev, ino: this.rootStats.ino }];
    for (const [index, segment] of segments.entries()) {
      const absolute = path.join((chain.at(-1) as { absolute: string }).absolute, segment);
      const relative = segments.slice(0, index + 1).join("/");
      let stats = await lstat(absolute).catch(() => undefined);
      if (stats === undefined && options.created !== undefined) {
        await new CheckedFolder(relative, chain).path(segment);
        await mkdir(absolute, 0o777).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "EEXIST") throw error;
        });
        options.created(relative);
        stats = await lstat(absolute).catch(() => undefined);
      }
      if (stats === undefined) return undefined;
      if (!stats.isDirectory())
        throw new TreePathError(relative, `${describeFileKind(stats)}, not a folder; refusing to go through it`);
      chain.push({ absolute, dev: stats.dev, ino: stats.ino });
    }
    return new CheckedFolder(segments.length === 0 ? "." : segments.join("/"), chain);
  }

  private async notAFolder(relative: string, here: string, error: NodeJS.ErrnoException): Promise<TreePathError> {
    const stats = await lstat(here).catch(() => undefined);
    if (stats !== undefined && !stats.isDirectory())
      return new TreePathError(relative, `${describeFileKind(stats)}, not a folder; refusing to go through it`);
    return new TreePathError(relative, `cannot be opened as a folder (${error.code ?? error.message})`);
  }

  /**
   * Runs `use` with the folder holding `relative` and the last name, closing the folder after; undefined when the
   * folder is missing (and `options.created` does not create it).
   */
  async inParent<T>(
    relative: string,
    use: (folder: OpenFolder, name: string) => Promise<T>,
    options: FolderOptions = {},
  ): Promise<T | undefined> {
    const cut = relative.lastIndexOf("/");
    const folder = await this.folder(cut < 0 ? "." : relative.slice(0, cut), options);
    if (folder === undefined) return undefined;
    try {
      return await use(folder, relative.slice(cut + 1));
    } finally {
      await folder.close();
    }
  }

  /** {@link inParent}, for an operation that needs its folder to be there. */
  private async inExistingParent<T>(
    relative: string,
    use: (folder: OpenFolder, name: string) => Promise<T>,
  ): Promise<T> {
    const found = await this.inParent(relative, async (folder, name) => ({ value: await use(folder, name) }));
    if (found === undefined) throw new TreePathError(relative, "its folder is missing");
    return found.value;
  }

  /** What is at `relative`, the last name not followed either; undefined when nothing is there. */
  async entry(relative: string): Promise<TreeEntry | undefined> {
    if (relative === ".") return { kind: "folder", stats: this.rootStats };
    return this.inParent(relative, async (folder, name) => {
      const stats = await lstat(await folder.path(name)).catch(() => undefined);
      return stats === undefined ? undefined : { kind: kindOf(stats), stats };
    });
  }

  /** Everything below the folder at `relative` that is not a folder, relative to the tree, walked without links. */
  async filesBelow(relative: string): Promise<string[]> {
    const folder = await this.folder(relative);
    if (folder === undefined) return [];
    let names: Dirent[];
    try {
      names = await readdir(await folder.path("."), { withFileTypes: true });
    } finally {
      await folder.close();
    }
    const found: string[] = [];
    for (const entry of names) {
      const below = relative === "." ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) for (const deeper of await this.filesBelow(below)) found.push(deeper);
      else found.push(below);
    }
    return found;
  }

  /** The target of the link at `relative`. */
  async readLink(relative: string): Promise<string | undefined> {
    return this.inParent(relative, async (folder, name) => readlink(await folder.path(name)));
  }

  /**
   * Opens the regular file at `relative` for reading: never a link (O_NOFOLLOW), never blocking on a FIFO
   * (O_NONBLOCK), and checked on the open descriptor. Undefined when nothing is there.
   */
  async openFile(relative: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
    return this.inParent(relative, async (folder, name) => {
      const handle = await open(
        await folder.path(name),
        fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK,
      ).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        const stats = await lstat(await folder.path(name)).catch(() => undefined);
        throw new TreePathError(
          relative,
          stats ? `${describeFileKind(stats)}, not a regular file` : String(error.message),
        );
      });
      if (handle === undefined) return undefined;
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        throw new TreePathError(relative, `${describeFileKind(stats)}, not a regular file`);
      }
      return { handle, stats };
    });
  }

  /** Moves `from` to `to` (both relative, neither followed), creating `to`'s missing folders when asked. */
  async move(from: string, to: string, options: FolderOptions = {}): Promise<void> {
    await this.inExistingParent(from, async (source, fromName) => {
      const moved = await this.inParent(
        to,
        async (destination, toName) => {
          await rename(await source.path(fromName), await destination.path(toName));
          return true;
        },
        options,
      );
      if (moved !== true) throw new TreePathError(to, "its folder is missing");
    });
  }

  async makeLink(target: string, relative: string): Promise<void> {
    await this.inExistingParent(relative, async (folder, name) => symlink(target, await folder.path(name)));
  }

  async removeFile(relative: string): Promise<void> {
    await this.inExistingParent(relative, async (folder, name) => unlink(await folder.path(name)));
  }

  async removeEmptyFolder(relative: string): Promise<void> {
    await this.inExistingParent(relative, async (folder, name) => rmdir(await folder.path(name)));
  }

  /** Makes a folder with exactly `mode` (not narrowed by the umask: it restores a folder as it was). */
  async makeFolder(relative: string, mode: number): Promise<void> {
    await this.inExistingParent(relative, async (folder, name) => {
      const made = await folder.path(name);
      await mkdir(made, mode);
      const handle = await open(made, openFolderFlags);
      try {
        await handle.chmod(mode);
      } finally {
        await handle.close();
      }
    });
  }

  /** Creates a new file (never an existing one, never through a link) and hands its descriptor on. */
  async createFile<T>(relative: string, mode: number, use: (handle: FileHandle) => Promise<T>): Promise<T> {
    return this.inExistingParent(relative, async (folder, name) => {
      const handle = await open(
        await folder.path(name),
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
        mode,
      );
      try {
        return await use(handle);
      } finally {
        await handle.close();
      }
    });
  }
}
