/**
 * Where a child run's event log is: beside its parent's, named by the child's run id, `.jsonl` or `.jsonl.gz`. The one
 * lookup of the CLI: the document loader (which embeds children) and the streaming readers (which follow them) both ask
 * here.
 */
import { lstat } from "node:fs/promises";
import path from "node:path";

/** A run id is a UUID; anything else could name a path outside the folder, so it is never joined. */
const runIdPattern = /^[0-9a-f-]{36}$/i;

/** The files a child run's log may be, in the order they are tried; none for a run id that is not a UUID. */
export function childLogCandidates(directory: string, runId: string): string[] {
  if (!runIdPattern.test(runId)) return [];
  return [`${runId}.jsonl`, `${runId}.jsonl.gz`].map((name) => path.join(directory, name));
}

/**
 * A child run's log beside its parent's; undefined when no candidate is a regular file (a link is not followed: the
 * log is looked for, not named). The reader opens it again without following links.
 */
export async function childLogFile(directory: string, runId: string): Promise<string | undefined> {
  for (const candidate of childLogCandidates(directory, runId)) {
    try {
      if ((await lstat(candidate)).isFile()) return candidate;
    } catch {
      // not this name
    }
  }
  return undefined;
}
