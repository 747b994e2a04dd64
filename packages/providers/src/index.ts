// The root entry point `@agent-transcript/providers`, for any JavaScript runtime: the registry of formats (both
// directions, payloadToCanonical and payloadFromCanonical) with every format's converter, importer and exporter,
// detection, the contracts (converters, options, results, warnings, losses) and the imports of agents' sessions from
// text or lines. Converters are plain objects with no side effects (`sideEffects: false`), so a bundler keeps only
// those used. Each format's native types are in its own entry point, `@agent-transcript/providers/<format id>` (its
// src/formats/<format id>/types.ts), so the root names the registry and not 15 formats' wire. The conversion toolkit
// the converters share (conversion/, families/: ids, reasoning policy, JSON helpers) is internal. Reading sessions
// from the file system is the Node entry's, `@agent-transcript/providers/node` (node.ts).
export {
  describeFormat,
  documentConverters,
  formatIds,
  formatRegistry,
  isDocumentFormatId,
  isFormatId,
  isProviderFormatId,
  isSessionExportFormatId,
  isSessionFormatId,
  payloadFromCanonical,
  payloadToCanonical,
  providerConverters,
  sessionExporters,
  sessionImporters,
  type DocumentFormatId,
  type FormatId,
  type ProviderFormatId,
  type SessionFormatId,
} from "./registry.js";
export { detectFormat, detectKind, type DetectedFormat, type Detection } from "./detect.js";
// Agent sessions: importing by format id or by detection, from text or from lines as they are read.
export {
  detectSessionFormat,
  importSessionLines,
  importSessionText,
  type ImportSessionOptions,
  type ImportSessionOutcome,
} from "./sessions.js";
export { expectedSessionLossCodes, isExpectedSessionLoss } from "./conversion/index.js";
// The reasoning effort levels of `RequestSettings`, least first: what `--model`-style tools offer as choices.
export { reasoningEfforts } from "./conversion/index.js";
export type {
  AnyDocumentConverter,
  AnyProviderConverter,
  ConversionError,
  ConversionWarning,
  ConversionWarningCode,
  DocumentConverter,
  ForeignReasoningPolicy,
  FormatEntry,
  FormatRegistry,
  FromCanonicalOptions,
  FromCanonicalResult,
  JsonObject,
  PayloadFromCanonicalOptions,
  PayloadFromCanonicalResult,
  PayloadKind,
  ProviderConverter,
  ReasoningEffort,
  RelatedFileLocation,
  RequestSettings,
  ServiceTier,
  SessionChild,
  SessionFile,
  SessionExporter,
  SessionExportFile,
  SessionExportOptions,
  SessionExportResult,
  SessionFold,
  SessionImporter,
  SessionImportOptions,
  SessionImportResult,
  SessionLine,
  SessionLines,
  SessionLoss,
  SessionLossCode,
  SessionSource,
  TargetProblem,
  ToCanonicalOptions,
  ToCanonicalResult,
} from "./conversion/index.js";

// Every provider API's and document format's converter, typed with the format's native types.
export * from "./converters.js";

// Each format's native types (the wire types of the provider APIs, the records and documents of the other formats)
// are in the format's own entry point, `@agent-transcript/providers/<format id>`: src/formats/<format id>/types.ts.

// Interchange formats (sessions read and written): ATIF trajectories and AWF transcript logs.
export { atifExporter, atifImporter, atifWrittenVersion } from "./formats/atif/index.js";
export * from "./otel-genai/index.js";
export { awfTranscriptExporter, awfTranscriptImporter } from "./formats/awf-transcript/index.js";
// Agent sessions (import only).
export { claudeCodeImporter } from "./formats/claude-code/index.js";
export { codexImporter } from "./formats/codex/index.js";
export { geminiCliImporter } from "./formats/gemini-cli/index.js";
export { otlpJsonImporter } from "./formats/otlp-json/index.js";

// Other systems' documents.
export { devflowGzipThresholdBytes, encodeDevflowTranscript } from "./formats/devflow/index.js";
