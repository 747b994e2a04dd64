// The entry point `@agent-transcript/recorder`, the only one: reading JSONL event logs and snapshot declarations line
// by line, from text or streamed from files and streams. The line reader the text readers share (`validJsonLines`)
// and the streaming reader's parts (the line splitter, the line checks) are internal.
export { parseJsonLines, type JsonLine, type LineProblem } from "./json-lines.js";
export { checkEventLog, type EventLogProblem, type EventLogReport } from "./event-log.js";
export {
  readSnapshotDeclarations,
  snapshotArtifact,
  type DeclarationProblem,
  type DeclarationsReport,
} from "./snapshot-declarations.js";
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
} from "./reader/diagnostics.js";
export { foldEventLogFile, type EventLogFileFold, type FoldEventLogFileOptions } from "./reader/fold-event-log-file.js";
