export * from "./generated/v1/validate.js";
export type * from "./generated/v1/types.js";
export type * as Tolerant from "./generated/v1/tolerant-types.js";
export * from "./generated/v1/vocabularies.js";
export { createValidator, escapePointerToken } from "./validation.js";
export type { ValidationError, ValidationMode, ValidationResult, Validator } from "./validation.js";
export type { StandaloneValidator, StandaloneValidatorError } from "./standalone-validator.js";
export { isDefinitionName, validatorFor } from "./registry.js";
export { currentVersion, formatVersion, parseVersion, type SemanticVersion } from "./format-version.js";
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
export { migrate, migrations, type Migration, type MigrationResult } from "./migrations.js";
export { foldEventLog, fromLegacyBlock, type FoldOptions, type FoldResult, type FoldWarning } from "./fold.js";
export { isKnownPart, isPartOfType, type PartOfType, type PartType } from "./parts.js";
export { renderMarkdown, type MarkdownOptions } from "./markdown.js";
export {
  describeJsonParseError,
  lineAndColumn,
  linesAndColumns,
  locateJsonSyntaxError,
  locatePointers,
  pointerAtOffset,
  type LocatePointersOptions,
} from "./json-syntax.js";
export {
  inexactNumberReason,
  parseJson,
  type JsonTextError,
  type JsonTextErrorCode,
  type ParseJsonResult,
} from "./parse-json.js";
export {
  abbreviatePointer,
  assertWithinDepth,
  checkJsonValue,
  defaultMaxDepth,
  defaultMaxInputBytes,
  describeTooDeep,
  JsonDepthError,
  type JsonLimits,
  type JsonValueCheckOptions,
  type JsonValueProblem,
} from "./json-limits.js";
export { decodeUtf8, locateInvalidUtf8, type DecodeUtf8Result, type Utf8Error } from "./utf8.js";
export {
  escapeControlCharacters,
  isControlCharacter,
  type EscapeControlCharactersOptions,
} from "./control-characters.js";
export { canonicalize, canonicalByteLength, CanonicalJsonError } from "./canonical-json.js";
export { defaultTruncationLimitBytes, truncateValue, type TruncationResult } from "./truncate.js";
export * from "./redact/index.js";
export { addUsage, normalizeUsage, sumUsage, usageProviders, type UsageProvider } from "./usage.js";
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
export { exportFileName, type ExportFileNameInput } from "./export-file-name.js";
export {
  omitReasoning,
  prepareExport,
  redactTranscript,
  truncateToolOutputs,
  type ExportOptions,
  type ExportResult,
  type ReasoningPolicy,
} from "./export.js";
