/**
 * The one lookup of a child run's event log: beside its parent's, under the names core's `childLogNames` gives
 * (`<run id>.jsonl`, then `<run id>.jsonl.gz`). The lookup only finds a name; whoever reads the file opens it without
 * following a link and without waiting on a FIFO, and refuses what is not a regular file naming it, so what stands in a
 * log's place is reported, never read and never mistaken for a missing log.
 */
import { lstat } from "node:fs/promises";
import path from "node:path";
import { childLogNames } from "@agent-transcript/core/event-log";

/**
 * The path of a child run's log in `directory`: the first of its names that is there (as anything: a link or a FIFO
 * is returned for its reader to refuse); undefined when neither is, or when the run id is not a UUID (it is never made
 * into a path).
 */
export async function findChildLog(directory: string, runId: string): Promise<string | undefined> {
  for (const name of childLogNames(runId)) {
    const candidate = path.join(directory, name);
    try {
      await lstat(candidate);
      return candidate;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") return candidate;
    }
  }
  return undefined;
}
