import { constants, type Stats } from "node:fs";

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
