// The entry point `@agent-transcript/recorder`: writing event logs crash-safely (`createRecorder`, `repairEventLog`,
// `readRunTree`), and reading event logs, from text or streamed from files and streams. Workspace snapshots are
// `@agent-transcript/recorder/snapshot`, SDK instrumentation `@agent-transcript/recorder/instrument`. The line reader
// the text readers share (`validJsonLines`) and the streaming reader's parts (the line splitter) are internal.
export { parseJsonLines, type JsonLine, type LineProblem } from "./json-lines.js";
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
// The streaming reader, and where a child run's log is (`@agent-transcript/recorder/reader` on its own).
export * from "./reader/index.js";
// Folding a log file into a document through core.
export { foldEventLogFile, type EventLogFileFold, type FoldEventLogFileOptions } from "./reader/fold-event-log-file.js";
