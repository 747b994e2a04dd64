// The root entry point, `@agent-transcript/core`: what most users need — the format's types, and the operations on
// one document (decode, fold, export, Markdown, usage and cost, canonical JSON, truncation). Groups of names that
// belong together have their own entry points (README, "API"): `./validators` (one validator per schema
// definition), `./vocabularies` (the schema's lists) and `./redact` (the redaction engine). Anything else in src/ is
// internal and may change in any release.
import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";

// The strict types by name (`Transcript`, `Message`, `Part`, …), and both readings as namespaces: `Strict.X` is what a
// writer of this version emits, `Tolerant.X` what a reader accepts from a newer minor. (Namespace imports exported by
// name, rather than `export * as`, so that declarations which name `Tolerant.X` refer to the exported namespace.)
export type * from "./generated/v1/types.js";
export type { Strict, Tolerant };

export { formatVersion } from "./format-version.js";
export {
  decodeTranscript,
  isStrictTranscript,
  type DecodeError,
  type DecodeErrorCode,
  type DecodeMode,
  type DecodeOptions,
  type DecodeResult,
  type DecodeWarning,
} from "./decode.js";
export type { ValidationError } from "./validation.js";
export { isKnownPart, isPartOfType, type PartOfType, type PartType } from "./parts.js";
export { foldEventLog, type FoldOptions, type FoldResult, type FoldWarning, type FoldWarningCode } from "./fold.js";
// Reading event logs: the one line reader every reader goes through (the recorder's streaming reader, the CLI, the
// viewer), the whole-text reads built on it, and where a child run's log is.
export { EventLogLineReader, type EventLogLineOptions } from "./event-log/line-reader.js";
export {
  checkEventLog,
  readEventLogText,
  type EventLogProblem,
  type EventLogReport,
} from "./event-log/check-event-log.js";
export type {
  EventLogDiagnostic,
  EventLogDiagnosticFields,
  EventLogEntry,
  EventLogItem,
  EventLogProblemCode,
  EventLogWarningCode,
} from "./event-log/diagnostics.js";
export { childLogNames } from "./event-log/child-logs.js";
export { isStepPath } from "./event-log/step-path.js";
// Run ids that must be UUIDs (an event log's) from ids that are not, the same every time.
export { agentTranscriptNamespace, isUuid, nameBasedUuid } from "./name-based-uuid.js";
// Thrown by the document operations above for a value nested deeper than the limit; the rest of the JSON text
// layer (parser, limits, UTF-8, locating errors) is `@agent-transcript/core/json`.
export { defaultMaxDepth, JsonDepthError } from "./json-limits.js";
export {
  omitReasoning,
  prepareExport,
  redactTranscript,
  truncateToolOutputs,
  type ExportOptions,
  type ExportResult,
  type ReasoningPolicy,
} from "./export.js";
export { exportFileName, type ExportFileNameInput } from "./export-file-name.js";
export { renderMarkdown, renderMarkdownPieces, type MarkdownOptions } from "./markdown.js";
export {
  addUsage,
  normalizeUsage,
  sumUsage,
  sumUsageChecked,
  usageCounters,
  usageProviders,
  type CheckedUsageSum,
  type ClampedUsageCount,
  type UsageCounter,
  type UsageProvider,
} from "./usage.js";
export {
  addCost,
  computeCost,
  defaultPriceTable,
  findModelPrice,
  type ModelPrice,
  type PriceTable,
  type PriceTier,
  type PricedCost,
} from "./cost.js";
export { canonicalize, canonicalByteLength, CanonicalJsonError } from "./canonical-json.js";
export { defaultTruncationLimitBytes, truncateValue, type TruncationResult } from "./truncate.js";
// Text from documents and files made safe to show, and errors in JSON text located by line: what every tool that
// prints input needs (the CLI and the recorder use them).
export {
  escapeControlCharacters,
  isControlCharacter,
  type EscapeControlCharactersOptions,
} from "./control-characters.js";
export { describeJsonParseError, lineAndColumn, locatePointers } from "./json-syntax.js";
// English for messages: "1 record" / "2 records", "an assistant message" / "a user message". Every package's
// messages name roles, part types and format ids; these keep their plurals and articles right.
export { describeCount, withIndefiniteArticle } from "./wording.js";
