/**
 * Where a child run's event log is: beside its parent's, named by the child's run id, `.jsonl` or `.jsonl.gz`, by the
 * recorder's one lookup (core's `childLogNames` rule). The document loader (which embeds children) and the streaming
 * readers (which follow them) both ask here. A link or a special file in a log's place is returned, not skipped:
 * whoever opens it refuses it by name, without following links.
 */
import path from "node:path";
import { childLogNames } from "@agent-transcript/core/event-log";

export { findChildLog as childLogFile } from "@agent-transcript/recorder/reader";

/** The files a child run's log may be, in the order they are tried; none for a run id that is not a UUID. */
export function childLogCandidates(directory: string, runId: string): string[] {
  return childLogNames(runId).map((name) => path.join(directory, name));
}
