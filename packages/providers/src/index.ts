import { warpExportConverter as warpExportUnlimited } from "./formats/warp-export/index.js";
import { devflowConverter as devflowUnlimited } from "./formats/devflow/index.js";
import { portableConverter as portableUnlimited } from "./formats/portable/index.js";
import { geminiConverter as geminiUnlimited } from "./formats/gemini/index.js";
import { openaiChatConverter as openaiChatUnlimited } from "./formats/openai-chat/index.js";
import { ollamaConverter as ollamaUnlimited } from "./formats/ollama/index.js";
import { anthropicConverter as anthropicUnlimited } from "./formats/anthropic/index.js";
import { bedrockConverseConverter as bedrockConverseUnlimited } from "./formats/bedrock-converse/index.js";
import { openaiResponsesConverter as openaiResponsesUnlimited } from "./formats/openai-responses/index.js";
import { mistralConverter as mistralUnlimited } from "./formats/mistral/index.js";
import { withDocumentNestingLimit, withNestingLimit } from "./conversion/index.js";
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
  encodeDevflowTranscript,
  type DevflowMetadata,
  type DevflowRole,
  type DevflowRunStatus,
  type DevflowToolCall,
  type DevflowTranscript,
  type DevflowTurn,
} from "./formats/devflow/index.js";
export {
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
  TargetProblem,
} from "./conversion/index.js";
export { decideReasoning, isSameIssuer, type ReasoningDecision, type TargetIssuer } from "./conversion/index.js";
export { digest, idRules, ToolCallIdMap } from "./conversion/index.js";
export { type GeminiRequest, type GeminiResponse, type GeminiStreamChunk } from "./formats/gemini/index.js";
export {
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
export {
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

// Each converter by name keeps the nesting limit at its edge, as the registry's do (conversion/limits.ts): a value
// nested deeper than 512 levels is refused by pointer instead of overflowing a walk.
export const warpExportConverter = withDocumentNestingLimit(warpExportUnlimited);
export const devflowConverter = withDocumentNestingLimit(devflowUnlimited);
export const portableConverter = withDocumentNestingLimit(portableUnlimited);
export const geminiConverter = withNestingLimit(geminiUnlimited);
export const openaiChatConverter = withNestingLimit(openaiChatUnlimited);
export const ollamaConverter = withNestingLimit(ollamaUnlimited);
export const anthropicConverter = withNestingLimit(anthropicUnlimited);
export const bedrockConverseConverter = withNestingLimit(bedrockConverseUnlimited);
export const openaiResponsesConverter = withNestingLimit(openaiResponsesUnlimited);
export const mistralConverter = withNestingLimit(mistralUnlimited);
