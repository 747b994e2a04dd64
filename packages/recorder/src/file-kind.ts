import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";

/** What a file that is not a regular file is, for messages: "a FIFO", "a character device", … */
export function describeFileKind(
  stats: Pick<
    Stats,
    "isFile" | "isDirectory" | "isSymbolicLink" | "isFIFO" | "isSocket" | "isCharacterDevice" | "isBlockDevice"
  >,
): string {
  if (stats.isFile()) return "a regular file";
  if (stats.isDirectory()) return "a folder";
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "a special file";
}

/**
 * Flags that make opening a path never wait: a FIFO opened for reading without a writer would block until one
 * comes (O_NONBLOCK opens it at once, and an fstat of the descriptor then refuses it). Zero where a platform lacks
 * the flag (Windows, which has no FIFOs of this kind).
 */
export const openWithoutWaiting = constants.O_NONBLOCK ?? 0;

/** Opening the path itself, never the target of a symbolic link in its place (zero where a platform lacks it). */
export const openWithoutFollowing = constants.O_NOFOLLOW ?? 0;

/**
 * Opens a file to read without ever waiting (opening a FIFO for reading blocks until a writer comes: O_NONBLOCK opens
 * it at once), then judges what was opened, not the name (which another file may take meanwhile): the handle of a
 * regular file, or, the handle closed, what is there instead (a FIFO, a device, a folder) in `describe`'s words. The
 * open's own errors (a missing file: ENOENT) are thrown.
 */
export async function openRegularFile(
  path: string,
  describe: (stats: Stats) => string = describeFileKind,
): Promise<FileHandle | string> {
  const handle = await open(path, constants.O_RDONLY | openWithoutWaiting);
  let stats: Stats;
  try {
    stats = await handle.stat();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  if (stats.isFile()) return handle;
  await handle.close().catch(() => undefined);
  return describe(stats);
}
