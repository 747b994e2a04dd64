// The root entry point `@agent-transcript/providers`, for any JavaScript runtime: the registry of formats, detection,
// the converter and importer contracts (options, results, warnings, losses), every format's converter or importer
// with the native types it reads and writes, and the imports of agents' sessions from text or lines. One entry point
// is enough for all of that: converters are plain objects with no side effects (`sideEffects: false`), so a bundler
// keeps only those used, and the registry's type names every format's types anyway. The conversion toolkit the
// converters share (conversion/, families/: ids, reasoning policy, JSON helpers) is internal. Reading sessions from
// the file system is the Node entry's, `@agent-transcript/providers/node` (node.ts).
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
export {
  anthropicConverter,
  bedrockConverseConverter,
  devflowConverter,
  geminiConverter,
  mistralConverter,
  ollamaConverter,
  openaiChatConverter,
  openaiResponsesConverter,
  portableConverter,
  warpExportConverter,
} from "./converters.js";

// Provider APIs, each with its native types: our own declarations of the wire, written from the provider's official
// SDK types and checked against them (src/generated/native/). The `…Types` namespaces hold every type those reach
// (content blocks, tools, stream events, …); nothing here imports an SDK, so no SDK is needed to compile them.
export {
  type AnthropicRequest,
  type AnthropicResponse,
  type AnthropicStreamEvent,
  type AnthropicTypes,
} from "./formats/anthropic/index.js";
export {
  type BedrockContentBlock,
  type BedrockConverseTypes,
  type BedrockConverseRequest,
  type BedrockConverseResponse,
  type BedrockConverseStreamEvent,
  type BedrockMessage,
  type BedrockSystemContentBlock,
  type BedrockTool,
  type BedrockToolConfiguration,
  type BedrockToolUseBlock,
  type Wire as BedrockWire,
} from "./formats/bedrock-converse/index.js";
export {
  type GeminiRequest,
  type GeminiResponse,
  type GeminiStreamChunk,
  type GeminiTypes,
} from "./formats/gemini/index.js";
export {
  type Defaulted as MistralDefaulted,
  type MistralAssistantMessage,
  type MistralChatChunk,
  type MistralChatRequest,
  type MistralChatResponse,
  type MistralChoice,
  type MistralContentChunk,
  type MistralDelta,
  type MistralMessage,
  type MistralStreamChoice,
  type MistralTool,
  type MistralToolCall,
  type MistralTypes,
  type MistralUsage,
} from "./formats/mistral/index.js";
export { type OllamaChatRequest, type OllamaChatResponse, type OllamaTypes } from "./formats/ollama/index.js";
export {
  type OpenAIChatChunk,
  type OpenAIChatRequest,
  type OpenAIChatResponse,
  type OpenAIChatTypes,
} from "./formats/openai-chat/index.js";
export {
  type OpenAIResponsesRequest,
  type OpenAIResponsesResponse,
  type OpenAIResponsesStreamEvent,
  type OpenAIResponsesTypes,
} from "./formats/openai-responses/index.js";

// Interchange formats (sessions read and written): ATIF trajectories and AWF transcript logs.
export { atifExporter, atifImporter, atifWrittenVersion } from "./formats/atif/index.js";
export type * from "./formats/atif/index.js";
export { awfTranscriptExporter, awfTranscriptImporter } from "./formats/awf-transcript/index.js";
export type * from "./formats/awf-transcript/index.js";
// Agent sessions (import only).
export {
  claudeCodeImporter,
  type ClaudeCodeAssistantRecord,
  type ClaudeCodeContentBlock,
  type ClaudeCodeOtherRecord,
  type ClaudeCodeRecord,
  type ClaudeCodeRecordBase,
  type ClaudeCodeSystemRecord,
  type ClaudeCodeUserRecord,
} from "./formats/claude-code/index.js";
export {
  codexImporter,
  type CodexRecord,
  type CodexSessionMeta,
  type CodexTokenCount,
  type CodexTokenUsage,
} from "./formats/codex/index.js";
export {
  geminiCliImporter,
  type GeminiCliContent,
  type GeminiCliMessageRecord,
  type GeminiCliPart,
  type GeminiCliRecord,
  type GeminiCliRewindRecord,
  type GeminiCliSessionDocument,
  type GeminiCliSessionFields,
  type GeminiCliSetRecord,
  type GeminiCliThought,
  type GeminiCliTokens,
  type GeminiCliToolCall,
} from "./formats/gemini-cli/index.js";

// Other systems' documents.
export {
  devflowGzipThresholdBytes,
  encodeDevflowTranscript,
  type DevflowMetadata,
  type DevflowRole,
  type DevflowRunStatus,
  type DevflowToolCall,
  type DevflowTranscript,
  type DevflowTurn,
} from "./formats/devflow/index.js";
export {
  type PortableMessage,
  type PortableRole,
  type PortableToCanonicalOptions,
  type PortableToolCall,
  type PortableToolResult,
} from "./formats/portable/index.js";
export {
  type WarpContentBlock,
  type WarpDiffFile,
  type WarpDiffHunk,
  type WarpDiffLine,
  type WarpExport,
  type WarpMessage,
  type WarpPlanItem,
  type WarpPlanStatus,
  type WarpToolCallBlock,
  type WarpTruncationStrategy,
  type WarpTypedValue,
} from "./formats/warp-export/index.js";
