// The entry point `@agent-transcript/core/event-log`: reading event logs — the one line reader every reader goes
// through (the recorder's streaming reader, the CLI, the viewer), the whole-text check built on it, and where a child
// run's log is. Also exported by the root; this entry loads the event's validators and nothing of the document
// operations, so a command that only reads logs (`stats`, `tail`) starts without the rest.
export { EventLogLineReader, type EventLogLineOptions, type EventLogLineState } from "./line-reader.js";
export { checkEventLog, readEventLogText, type EventLogProblem, type EventLogReport } from "./check-event-log.js";
export type {
  EventLogDiagnostic,
  EventLogDiagnosticFields,
  EventLogEntry,
  EventLogItem,
  EventLogProblemCode,
  EventLogWarningCode,
} from "./diagnostics.js";
export { childLogNames } from "./child-logs.js";
export { isStepPath } from "./step-path.js";
