export { describeFormat, formatIds, isFormatId, type FormatId } from "./format-ids.js";
export type {
  ConversionError,
  ConversionWarning,
  ConversionWarningCode,
  ExportResult,
  ImportOptions,
  ImportResult,
} from "./seeds/conversion.js";
export {
  exportWarpExport,
  importWarpExport,
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
} from "./seeds/warp-export.js";
export {
  devflowGzipThresholdBytes,
  encodeDevflowTranscript,
  exportDevflowTranscript,
  importDevflowTranscript,
  type DevflowMetadata,
  type DevflowRole,
  type DevflowRunStatus,
  type DevflowToolCall,
  type DevflowTranscript,
  type DevflowTurn,
} from "./seeds/devflow.js";
export {
  exportPortable,
  importPortable,
  type PortableImportOptions,
  type PortableMessage,
  type PortableRole,
  type PortableToolCall,
  type PortableToolResult,
} from "./seeds/portable.js";
