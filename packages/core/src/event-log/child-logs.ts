/**
 * Where a child run's event log is: beside its parent's, named by its run id. The rule every reader of a run tree
 * follows (the recorder finds the files with it, the viewer names them to the user); a run id that is not a UUID is
 * never made into a name, since it could name a path outside the folder.
 */
import { isUuid } from "../name-based-uuid.js";

/** The file names a child run's log may have, in the order they are looked for; empty for a run id that is not a UUID. */
export function childLogNames(runId: string): string[] {
  if (!isUuid(runId)) return [];
  return [`${runId}.jsonl`, `${runId}.jsonl.gz`];
}
