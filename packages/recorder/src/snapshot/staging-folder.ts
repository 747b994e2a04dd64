/**
 * The staging folders that taking and applying a snapshot work in, in the system's temporary folder (or the one the
 * caller names). A process killed midway cannot remove its own: each folder is named for the process that made it,
 * and making one first removes those whose process is gone — so a killed snapshot leaves its bytes (repository
 * patches, copied files) behind only until the next snapshot is taken or applied with the same temporary folder.
 */
import { lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";

type StagingPrefix = "agent-transcript-apply-" | "agent-transcript-snapshot-";

/** The prefix, the process id, `-`, then mkdtemp's six characters (literals: no pattern is built at run time). */
const stagingNames: Record<StagingPrefix, RegExp> = {
  "agent-transcript-apply-": /^agent-transcript-apply-([1-9]\d{0,9})-[0-9A-Za-z]{6}$/,
  "agent-transcript-snapshot-": /^agent-transcript-snapshot-([1-9]\d{0,9})-[0-9A-Za-z]{6}$/,
};

/**
 * Makes a staging folder `{prefix}{pid}-XXXXXX` in `parent` (mode 0700, as mkdtemp makes it), after removing the
 * folders named so whose process is no longer running. Only folders this user owns are removed, never through a link.
 */
export async function makeStagingFolder(parent: string, prefix: StagingPrefix): Promise<string> {
  await removeAbandoned(parent, prefix);
  return mkdtemp(path.join(parent, `${prefix}${process.pid}-`));
}

async function removeAbandoned(parent: string, prefix: StagingPrefix): Promise<void> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    // The mkdtemp that follows says what is wrong with the folder.
    return;
  }
  const pattern = stagingNames[prefix];
  const user = process.getuid?.();
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || processIsAlive(pid)) continue;
    const folder = path.join(parent, name);
    const stats = await lstat(folder).catch(() => undefined);
    // Another user's (a shared temporary folder) or not a folder: not ours to remove.
    if (stats === undefined || !stats.isDirectory() || (user !== undefined && stats.uid !== user)) continue;
    // rm removes a link it meets inside, never what the link points to.
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Whether process `pid` is running (one of another user's counts: it cannot be signalled, but it is there). */
export function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
