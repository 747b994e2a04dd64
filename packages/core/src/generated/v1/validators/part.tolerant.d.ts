// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Part` (tolerant). */
export declare const Part: StandaloneValidator<Types.Part>;

/** Validates a value against `Fidelity` (tolerant). */
export declare const Fidelity: StandaloneValidator<Types.Fidelity>;

/** Validates a value against `ProviderFields` (tolerant). */
export declare const ProviderFields: StandaloneValidator<Types.ProviderFields>;

/** Validates a value against `Issuer` (tolerant). */
export declare const Issuer: StandaloneValidator<Types.Issuer>;

/** Validates a value against `Citation` (tolerant). */
export declare const Citation: StandaloneValidator<Types.Citation>;

/** Validates a value against `TextPart` (tolerant). */
export declare const TextPart: StandaloneValidator<Types.TextPart>;

/** Validates a value against `ReasoningPart` (tolerant). */
export declare const ReasoningPart: StandaloneValidator<Types.ReasoningPart>;

/** Validates a value against `ToolCallPart` (tolerant). */
export declare const ToolCallPart: StandaloneValidator<Types.ToolCallPart>;

/** Validates a value against `ToolResultStatus` (tolerant). */
export declare const ToolResultStatus: StandaloneValidator<Types.ToolResultStatus>;

/** Validates a value against `TruncationStrategy` (tolerant). */
export declare const TruncationStrategy: StandaloneValidator<Types.TruncationStrategy>;

/** Validates a value against `ToolResultPart` (tolerant). */
export declare const ToolResultPart: StandaloneValidator<Types.ToolResultPart>;

/** Validates a value against `ImagePart` (tolerant). */
export declare const ImagePart: StandaloneValidator<Types.ImagePart>;

/** Validates a value against `AudioPart` (tolerant). */
export declare const AudioPart: StandaloneValidator<Types.AudioPart>;

/** Validates a value against `FilePart` (tolerant). */
export declare const FilePart: StandaloneValidator<Types.FilePart>;

/** Validates a value against `PlanStatus` (tolerant). */
export declare const PlanStatus: StandaloneValidator<Types.PlanStatus>;

/** Validates a value against `PlanItem` (tolerant). */
export declare const PlanItem: StandaloneValidator<Types.PlanItem>;

/** Validates a value against `PlanStepPart` (tolerant). */
export declare const PlanStepPart: StandaloneValidator<Types.PlanStepPart>;

/** Validates a value against `DiffLine` (tolerant). */
export declare const DiffLine: StandaloneValidator<Types.DiffLine>;

/** Validates a value against `DiffHunk` (tolerant). */
export declare const DiffHunk: StandaloneValidator<Types.DiffHunk>;

/** Validates a value against `DiffFile` (tolerant). */
export declare const DiffFile: StandaloneValidator<Types.DiffFile>;

/** Validates a value against `CodeDiffPart` (tolerant). */
export declare const CodeDiffPart: StandaloneValidator<Types.CodeDiffPart>;

/** Validates a value against `CommandPart` (tolerant). */
export declare const CommandPart: StandaloneValidator<Types.CommandPart>;

/** Validates a value against `RefusalPart` (tolerant). */
export declare const RefusalPart: StandaloneValidator<Types.RefusalPart>;

/** Validates a value against `CompactionPart` (tolerant). */
export declare const CompactionPart: StandaloneValidator<Types.CompactionPart>;

/** Validates a value against `StreamChunkPart` (tolerant). */
export declare const StreamChunkPart: StandaloneValidator<Types.StreamChunkPart>;

/** Validates a value against `NativePart` (tolerant). */
export declare const NativePart: StandaloneValidator<Types.NativePart>;
