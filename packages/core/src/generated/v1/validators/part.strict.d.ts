// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Part` (strict). */
export declare const Part: StandaloneValidator<Types.Part>;

/** Validates a value against `Fidelity` (strict). */
export declare const Fidelity: StandaloneValidator<Types.Fidelity>;

/** Validates a value against `ProviderFields` (strict). */
export declare const ProviderFields: StandaloneValidator<Types.ProviderFields>;

/** Validates a value against `Issuer` (strict). */
export declare const Issuer: StandaloneValidator<Types.Issuer>;

/** Validates a value against `Citation` (strict). */
export declare const Citation: StandaloneValidator<Types.Citation>;

/** Validates a value against `TextPart` (strict). */
export declare const TextPart: StandaloneValidator<Types.TextPart>;

/** Validates a value against `ReasoningPart` (strict). */
export declare const ReasoningPart: StandaloneValidator<Types.ReasoningPart>;

/** Validates a value against `ToolCallPart` (strict). */
export declare const ToolCallPart: StandaloneValidator<Types.ToolCallPart>;

/** Validates a value against `ToolResultStatus` (strict). */
export declare const ToolResultStatus: StandaloneValidator<Types.ToolResultStatus>;

/** Validates a value against `TruncationStrategy` (strict). */
export declare const TruncationStrategy: StandaloneValidator<Types.TruncationStrategy>;

/** Validates a value against `ToolResultPart` (strict). */
export declare const ToolResultPart: StandaloneValidator<Types.ToolResultPart>;

/** Validates a value against `ImagePart` (strict). */
export declare const ImagePart: StandaloneValidator<Types.ImagePart>;

/** Validates a value against `AudioPart` (strict). */
export declare const AudioPart: StandaloneValidator<Types.AudioPart>;

/** Validates a value against `FilePart` (strict). */
export declare const FilePart: StandaloneValidator<Types.FilePart>;

/** Validates a value against `PlanStatus` (strict). */
export declare const PlanStatus: StandaloneValidator<Types.PlanStatus>;

/** Validates a value against `PlanItem` (strict). */
export declare const PlanItem: StandaloneValidator<Types.PlanItem>;

/** Validates a value against `PlanStepPart` (strict). */
export declare const PlanStepPart: StandaloneValidator<Types.PlanStepPart>;

/** Validates a value against `DiffLine` (strict). */
export declare const DiffLine: StandaloneValidator<Types.DiffLine>;

/** Validates a value against `DiffHunk` (strict). */
export declare const DiffHunk: StandaloneValidator<Types.DiffHunk>;

/** Validates a value against `DiffFile` (strict). */
export declare const DiffFile: StandaloneValidator<Types.DiffFile>;

/** Validates a value against `CodeDiffPart` (strict). */
export declare const CodeDiffPart: StandaloneValidator<Types.CodeDiffPart>;

/** Validates a value against `CommandPart` (strict). */
export declare const CommandPart: StandaloneValidator<Types.CommandPart>;

/** Validates a value against `RefusalPart` (strict). */
export declare const RefusalPart: StandaloneValidator<Types.RefusalPart>;

/** Validates a value against `CompactionPart` (strict). */
export declare const CompactionPart: StandaloneValidator<Types.CompactionPart>;

/** Validates a value against `StreamChunkPart` (strict). */
export declare const StreamChunkPart: StandaloneValidator<Types.StreamChunkPart>;

/** Validates a value against `NativePart` (strict). */
export declare const NativePart: StandaloneValidator<Types.NativePart>;
