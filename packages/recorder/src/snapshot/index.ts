// The entry point `@agent-transcript/recorder/snapshot`: workspace snapshots for run handoff (Oz snapshot
// declarations): declarations read and resolved, snapshots taken, written as bundles, read, summarized and applied.
// A recorder takes one at the end of a run with its `snapshot` option; these are the same calls, for tools of their own.
export {
  readSnapshotDeclarations,
  snapshotArtifact,
  type DeclarationProblem,
  type DeclarationsReport,
} from "./read-declarations.js";
export {
  createRunSnapshot,
  describeSecrets,
  type RunSnapshotMessage,
  type RunSnapshotOptions,
  type RunSnapshotResult,
} from "./run-snapshot.js";
export {
  defaultScriptTimeoutMs,
  ozSnapshotEnvironment,
  resolveSnapshotDeclarations,
  snapshotDocsUrl,
  snapshotEnvironment,
  type DeclarationsOutcome,
  type DeclarationsSourceOptions,
  type SnapshotSourceProblem,
} from "./declarations-source.js";
export { defaultMaxFileBytes, takeSnapshot, type StagedSnapshot, type TakeSnapshotOptions } from "./create.js";
export {
  readSnapshotBundle,
  SnapshotBundleError,
  writeSnapshotBundle,
  type BundleEvent,
  type ReadBundleOptions,
  type WrittenBundle,
} from "./bundle.js";
export {
  applySnapshotBundle,
  type ApplyProblem,
  type ApplySnapshotOptions,
  type ApplySnapshotResult,
} from "./apply.js";
export type { RecoveredApply } from "./apply-commit.js";
export { summarizeSnapshotBundle, type SnapshotBundleSummary } from "./summary.js";
export type { BundleEffect } from "./bundle-effects.js";
