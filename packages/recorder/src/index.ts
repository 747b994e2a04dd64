// The entry point `@agent-transcript/recorder`, the only one: writing event logs crash-safely (`createRecorder`,
// `repairEventLog`, `readRunTree`), and reading event logs and snapshot declarations, from text or streamed from
// files and streams. The line reader the text readers share (`validJsonLines`) and the streaming reader's parts (the
// line splitter, the line checks) are internal.
export { parseJsonLines, type JsonLine, type LineProblem } from "./json-lines.js";
export { checkEventLog, type EventLogProblem, type EventLogReport } from "@agent-transcript/core";
export {
  readSnapshotDeclarations,
  snapshotArtifact,
  type DeclarationProblem,
  type DeclarationsReport,
} from "./snapshot-declarations.js";
// The writer: one run's crash-safe event log, its child runs and live subscribers, and the repair a crash may need.
export { createRecorder } from "./writer/recorder.js";
export type {
  ChildRunOptions,
  ChildRunOutcome,
  Durability,
  Recorder,
  RecorderOptions,
  RecorderStats,
  RecorderSnapshotOptions,
  RecorderWarning,
  SnapshotWarning,
  SubscriberDroppedWarning,
} from "./writer/recorder-types.js";
export type { EventInput, EventPlacement, RunStartedInput } from "./writer/event-input.js";
export { RecorderError, type RecorderErrorCode } from "./writer/recorder-error.js";
export { repairEventLog, type RepairReport } from "./writer/repair.js";
export type { SubscribeOptions, SubscriberStats, Subscription } from "./writer/subscription.js";
export { readRunTree, type RunTree, type RunTreeNode, type RunTreeProblem } from "./writer/run-tree.js";
// Where a child run's log is: the one lookup every reader of a run tree uses.
export { findChildLog } from "./child-logs.js";
// The streaming reader: files (plain or gzip) and streams in constant memory, following a live file, folding into a
// document through core.
export {
  defaultMaxDecompressedBytes,
  defaultMaxLineBytes,
  readEventLog,
  type EventLogReadEnd,
  type EventLogReader,
  type EventLogReadSummary,
  type EventLogSource,
  type FollowOptions,
  type ReadEventLogOptions,
} from "./reader/read-event-log.js";
export type {
  EventLogDiagnostic,
  EventLogDiagnosticFields,
  EventLogEntry,
  EventLogItem,
  EventLogProblemCode,
  EventLogWarningCode,
} from "@agent-transcript/core";
export { foldEventLogFile, type EventLogFileFold, type FoldEventLogFileOptions } from "./reader/fold-event-log-file.js";
// Workspace snapshots for run handoff (Oz snapshot declarations): taken, written, read and applied.
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
export type { BundleEffect } from "./snapshot/bundle-effects.js";
