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
export {
  EventLogFolder,
  foldEventLog,
  type FoldOptions,
  type FoldResult,
  type FoldWarning,
  type FoldWarningCode,
} from "./fold.js";
// Reading event logs: the one line reader every reader goes through (the recorder's streaming reader, the CLI, the
// viewer), the whole-text reads built on it, and where a child run's log is (`@agent-transcript/core/event-log` on
// its own).
export * from "./event-log/index.js";
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
// Usage and cost arithmetic (`@agent-transcript/core/usage` on its own).
export * from "./usage-and-cost.js";
export { canonicalize, canonicalByteLength, CanonicalJsonError, utf8ByteLength } from "./canonical-json.js";
export { defaultTruncationLimitBytes, truncateValue, type TruncationResult } from "./truncate.js";
// Text made safe to show, JSON errors located by line, and English for messages (`@agent-transcript/core/text` on its
// own).
export * from "./text.js";
