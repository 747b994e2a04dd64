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
