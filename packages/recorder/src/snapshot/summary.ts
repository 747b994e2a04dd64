// What `snapshot show` prints: a bundle read through (so every hash is checked) and summed up.
import type { SnapshotChange, SnapshotHeader } from "@agent-transcript/core";
import { readSnapshotBundle } from "./bundle.js";

export interface SnapshotBundleSummary {
  header: SnapshotHeader;
  repositories: Array<{
    path: string;
    source_path: string;
    head?: string;
    branch?: string;
    remote?: string;
    /** The patch's size in bytes. */
    patch_bytes: number;
    /** How many paths changed, by status. */
    changes: Partial<Record<SnapshotChange["status"], number>>;
    /** The content of the paths added or modified, as recorded (redacted paths not counted). */
    changed_bytes: number;
  }>;
  files: Array<{ path: string; source_path: string; size: number; redacted: boolean }>;
  /** The content the bundle carries: every patch and file, in bytes. */
  content_bytes: number;
}

/** Reads a bundle through, checking it (throws `SnapshotBundleError`), and sums it up. */
export async function summarizeSnapshotBundle(file: string): Promise<SnapshotBundleSummary> {
  let header: SnapshotHeader | undefined;
  const summary: Omit<SnapshotBundleSummary, "header"> = { repositories: [], files: [], content_bytes: 0 };
  for await (const event of readSnapshotBundle(file)) {
    if (event.kind === "header") header = event.header;
    else if (event.kind === "repository") {
      const { entry } = event;
      const changes: Partial<Record<SnapshotChange["status"], number>> = {};
      let changedBytes = 0;
      for (const change of entry.changes) {
        changes[change.status] = (changes[change.status] ?? 0) + 1;
        changedBytes += change.size ?? 0;
      }
      summary.repositories.push({
        path: entry.path,
        source_path: entry.source_path,
        ...(entry.head === undefined ? {} : { head: entry.head }),
        ...(entry.branch === undefined ? {} : { branch: entry.branch }),
        ...(entry.remote === undefined ? {} : { remote: entry.remote.url }),
        patch_bytes: entry.size,
        changes,
        changed_bytes: changedBytes,
      });
      summary.content_bytes += entry.size;
    } else if (event.kind === "file") {
      const { entry } = event;
      summary.files.push({
        path: entry.path,
        source_path: entry.source_path,
        size: entry.size,
        redacted: entry.redacted ?? false,
      });
      summary.content_bytes += entry.size;
    }
  }
  return { header: header as SnapshotHeader, ...summary };
}
