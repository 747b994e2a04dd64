// The entry point `@agent-transcript/recorder/reader`: reading event logs — files (plain or gzip) and streams in
// constant memory, following a live file — and where a child run's log is. Also exported by the root; this entry loads
// neither the writer nor snapshots, nor any validator but the event's, so a command that only reads logs starts
// without them. Folding a log into a document (`foldEventLogFile`) needs the document's validators: it is the root's.
// Core's event log reading, under the names the recorder has always had: the whole-text check and what every reader
// yields (the streaming reader below is core's line reader fed with bytes).
export {
  checkEventLog,
  type EventLogDiagnostic,
  type EventLogDiagnosticFields,
  type EventLogEntry,
  type EventLogItem,
  type EventLogProblem,
  type EventLogProblemCode,
  type EventLogReport,
  type EventLogWarningCode,
} from "@agent-transcript/core/event-log";
// Where a child run's log is: the one lookup every reader of a run tree uses.
export { findChildLog } from "../child-logs.js";
// Opening a file to read without waiting on a FIFO, keeping it only if it is a regular file: every follower's open.
export { openRegularFile } from "../file-kind.js";
// The streaming reader: files (plain or gzip) and streams in constant memory, following a live file.
export {
  defaultMaxDecompressedBytes,
  defaultMaxLineBytes,
  readEventLog,
  type EventLogReadEnd,
  type EventLogReader,
  type EventLogReadSummary,
  type EventLogResumePoint,
  type EventLogSource,
  type FollowOptions,
  type ReadEventLogOptions,
} from "./read-event-log.js";
