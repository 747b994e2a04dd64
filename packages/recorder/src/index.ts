export { parseJsonLines, validJsonLines, type JsonLine, type LineProblem } from "./json-lines.js";
export { checkEventLog, type EventLogProblem, type EventLogReport } from "./event-log.js";
export {
  readSnapshotDeclarations,
  snapshotArtifact,
  type DeclarationProblem,
  type DeclarationsReport,
} from "./snapshot-declarations.js";
