export {
  describeFormat,
  documentConverters,
  formatIds,
  formatRegistry,
  isDocumentFormatId,
  isFormatId,
  isProviderFormatId,
  providerConverters,
  type AnyDocumentConverter,
  type AnyProviderConverter,
  type DocumentFormatId,
  type FormatEntry,
  type FormatId,
  type FormatRegistry,
  type ProviderFormatId,
} from "./registry.js";
export type {
  ConversionError,
  ConversionWarning,
  ConversionWarningCode,
  FromCanonicalResult,
  ToCanonicalOptions,
  ToCanonicalResult,
} from "./conversion/index.js";
export {
  warpExportConverter,
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
export {
  devflowGzipThresholdBytes,
  devflowConverter,
  encodeDevflowTranscript,
  type DevflowMetadata,
  type DevflowRole,
  type DevflowRunStatus,
  type DevflowToolCall,
  type DevflowTranscript,
  type DevflowTurn,
} from "./formats/devflow/index.js";
export {
  portableConverter,
  type PortableToCanonicalOptions,
  type PortableMessage,
  type PortableRole,
  type PortableToolCall,
  type PortableToolResult,
} from "./formats/portable/index.js";
export type {
  DocumentConverter,
  ForeignReasoningPolicy,
  FromCanonicalOptions,
  ProviderConverter,
  ReasoningEffort,
  RequestSettings,
  ServiceTier,
  TargetProblem,
} from "./conversion/index.js";
export { decideReasoning, isSameIssuer, type ReasoningDecision, type TargetIssuer } from "./conversion/index.js";
export { digest, idRules, ToolCallIdMap } from "./conversion/index.js";
export {
  geminiConverter,
  type GeminiRequest,
  type GeminiResponse,
  type GeminiStreamChunk,
} from "./formats/gemini/index.js";
export { openaiChatConverter } from "./formats/openai-chat/index.js";
export { ollamaConverter } from "./formats/ollama/index.js";
export { anthropicConverter } from "./formats/anthropic/index.js";
export {
  bedrockConverseConverter,
  type BedrockContentBlock,
  type BedrockConverseRequest,
  type BedrockConverseResponse,
  type BedrockConverseStreamEvent,
  type BedrockMessage,
  type BedrockSystemContentBlock,
  type BedrockTool,
  type BedrockToolConfiguration,
  type BedrockToolUseBlock,
} from "./formats/bedrock-converse/index.js";
export { openaiResponsesConverter } from "./formats/openai-responses/index.js";
export {
  mistralConverter,
  type MistralAssistantMessage,
  type MistralChatChunk,
  type MistralChatRequest,
  type MistralChatResponse,
  type MistralContentChunk,
  type MistralMessage,
  type MistralTool,
  type MistralToolCall,
} from "./formats/mistral/index.js";
export { detectFormat, detectKind, type DetectedFormat, type Detection, type PayloadKind } from "./detect.js";
