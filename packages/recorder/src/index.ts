// The entry point `@agent-transcript/recorder`, the only one: reading JSONL event logs and snapshot declarations line
// by line. The line reader the two share (`validJsonLines`) is internal.
export { parseJsonLines, type JsonLine, type LineProblem } from "./json-lines.js";
export { checkEventLog, type EventLogProblem, type EventLogReport } from "./event-log.js";
export {
  readSnapshotDeclarations,
  snapshotArtifact,
  type DeclarationProblem,
  type DeclarationsReport,
} from "./snapshot-declarations.js";
export {
  createRunSnapshot,
  describeSecrets,
  type RunSnapshotMessage,
  type RunSnapshotOptions,
  type RunSnapshotResult,
} from "./snapshot/run-snapshot.js";
export {
  defaultScriptTimeoutMs,
  ozSnapshotEnvironment,
  resolveSnapshotDeclarations,
  snapshotDocsUrl,
  snapshotEnvironment,
  type DeclarationsOutcome,
  type DeclarationsSourceOptions,
  type SnapshotSourceProblem,
} from "./snapshot/declarations-source.js";
export { defaultMaxFileBytes, takeSnapshot, type StagedSnapshot, type TakeSnapshotOptions } from "./snapshot/create.js";
export {
  readSnapshotBundle,
  SnapshotBundleError,
  writeSnapshotBundle,
  type BundleEvent,
  type ReadBundleOptions,
  type WrittenBundle,
} from "./snapshot/bundle.js";
export {
  applySnapshotBundle,
  type ApplyProblem,
  type ApplySnapshotOptions,
  type ApplySnapshotResult,
} from "./snapshot/apply.js";
export { summarizeSnapshotBundle, type SnapshotBundleSummary } from "./snapshot/summary.js";
