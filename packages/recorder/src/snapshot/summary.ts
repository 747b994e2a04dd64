// What `snapshot show` prints: a bundle read through (so every hash is checked), each patch read for what it does,
// and summed up: every path the bundle would touch, and every reason `snapshot apply` would refuse it whatever the
// target holds. Reading a bundle first is how a person protects themselves, so this shows what the patches do, not
// only what the bundle says they do.
import type { SnapshotChange, SnapshotFile, SnapshotHeader, SnapshotRepository } from "@agent-transcript/core";
import { readSnapshotBundle } from "./bundle.js";
import { bundleEffects, PatchesInBundle, type BundleEffect } from "./bundle-effects.js";

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
  /** Every path applying would touch, relative to the bundle's root, as the patches and files have it. */
  paths: BundleEffect[];
  /** Why applying would be refused whatever the target holds (a patch unlike its declarations, a path into
   * `.git`, a link out of the target, …); empty when the bundle is consistent. */
  refusals: string[];
}

/** Reads a bundle through, checking it (throws `SnapshotBundleError`), and sums it up. */
export async function summarizeSnapshotBundle(file: string): Promise<SnapshotBundleSummary> {
  let header: SnapshotHeader | undefined;
  const summary: Omit<SnapshotBundleSummary, "header" | "paths" | "refusals"> = {
    repositories: [],
    files: [],
    content_bytes: 0,
  };
  const patches = new PatchesInBundle();
  const files: SnapshotFile[] = [];
  for await (const event of readSnapshotBundle(file)) {
    if (event.kind === "header") header = event.header;
    else if (event.kind === "repository") {
      patches.begin(event.entry);
      summary.repositories.push(summarizeRepository(event.entry));
      summary.content_bytes += event.entry.size;
    } else if (event.kind === "file") {
      patches.finish();
      const { entry } = event;
      files.push(entry);
      summary.files.push({
        path: entry.path,
        source_path: entry.source_path,
        size: entry.size,
        redacted: entry.redacted ?? false,
      });
      summary.content_bytes += entry.size;
    } else if (event.kind === "content") patches.push(event.bytes);
  }
  patches.finish();
  const { effects, problems } = bundleEffects(patches.repositories, files);
  return { header: header as SnapshotHeader, ...summary, paths: effects, refusals: problems };
}

function summarizeRepository(entry: SnapshotRepository): SnapshotBundleSummary["repositories"][number] {
  const changes: Partial<Record<SnapshotChange["status"], number>> = {};
  let changedBytes = 0;
  for (const change of entry.changes) {
    changes[change.status] = (changes[change.status] ?? 0) + 1;
    changedBytes += change.size ?? 0;
  }
  return {
    path: entry.path,
    source_path: entry.source_path,
    ...(entry.head === undefined ? {} : { head: entry.head }),
    ...(entry.branch === undefined ? {} : { branch: entry.branch }),
    ...(entry.remote === undefined ? {} : { remote: entry.remote.url }),
    patch_bytes: entry.size,
    changes,
    changed_bytes: changedBytes,
  };
}
