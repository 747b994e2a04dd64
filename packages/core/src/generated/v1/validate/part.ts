// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as partStrict from "../validators/part.strict.js";
import * as partTolerant from "../validators/part.tolerant.js";
import * as StrictFast from "../validators/hot-definitions.strict.fast.js";
import * as TolerantFast from "../validators/hot-definitions.tolerant.fast.js";

/** Validates a value as `Part` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json). */
export const validatePart = createValidator<Strict.Part>("Part", "strict", partStrict.Part, StrictFast.Part);
/** Validates a value as `Part` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json). */
export const validatePartTolerant = createValidator<Tolerant.Part>("Part", "tolerant", partTolerant.Part, TolerantFast.Part);

/** Validates a value as `Fidelity` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/Fidelity). */
export const validateFidelity = createValidator<Strict.Fidelity>("Fidelity", "strict", partStrict.Fidelity);
/** Validates a value as `Fidelity` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/Fidelity). */
export const validateFidelityTolerant = createValidator<Tolerant.Fidelity>("Fidelity", "tolerant", partTolerant.Fidelity);

/** Validates a value as `ProviderFields` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ProviderFields). */
export const validateProviderFields = createValidator<Strict.ProviderFields>("ProviderFields", "strict", partStrict.ProviderFields);
/** Validates a value as `ProviderFields` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ProviderFields). */
export const validateProviderFieldsTolerant = createValidator<Tolerant.ProviderFields>("ProviderFields", "tolerant", partTolerant.ProviderFields);

/** Validates a value as `Issuer` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/Issuer). */
export const validateIssuer = createValidator<Strict.Issuer>("Issuer", "strict", partStrict.Issuer);
/** Validates a value as `Issuer` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/Issuer). */
export const validateIssuerTolerant = createValidator<Tolerant.Issuer>("Issuer", "tolerant", partTolerant.Issuer);

/** Validates a value as `Citation` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/Citation). */
export const validateCitation = createValidator<Strict.Citation>("Citation", "strict", partStrict.Citation);
/** Validates a value as `Citation` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/Citation). */
export const validateCitationTolerant = createValidator<Tolerant.Citation>("Citation", "tolerant", partTolerant.Citation);

/** Validates a value as `TextPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/TextPart). */
export const validateTextPart = createValidator<Strict.TextPart>("TextPart", "strict", partStrict.TextPart);
/** Validates a value as `TextPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/TextPart). */
export const validateTextPartTolerant = createValidator<Tolerant.TextPart>("TextPart", "tolerant", partTolerant.TextPart);

/** Validates a value as `ReasoningPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ReasoningPart). */
export const validateReasoningPart = createValidator<Strict.ReasoningPart>("ReasoningPart", "strict", partStrict.ReasoningPart);
/** Validates a value as `ReasoningPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ReasoningPart). */
export const validateReasoningPartTolerant = createValidator<Tolerant.ReasoningPart>("ReasoningPart", "tolerant", partTolerant.ReasoningPart);

/** Validates a value as `ToolCallPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ToolCallPart). */
export const validateToolCallPart = createValidator<Strict.ToolCallPart>("ToolCallPart", "strict", partStrict.ToolCallPart);
/** Validates a value as `ToolCallPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ToolCallPart). */
export const validateToolCallPartTolerant = createValidator<Tolerant.ToolCallPart>("ToolCallPart", "tolerant", partTolerant.ToolCallPart);

/** Validates a value as `ToolResultStatus` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ToolResultStatus). */
export const validateToolResultStatus = createValidator<Strict.ToolResultStatus>("ToolResultStatus", "strict", partStrict.ToolResultStatus);
/** Validates a value as `ToolResultStatus` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ToolResultStatus). */
export const validateToolResultStatusTolerant = createValidator<Tolerant.ToolResultStatus>("ToolResultStatus", "tolerant", partTolerant.ToolResultStatus);

/** Validates a value as `TruncationStrategy` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/TruncationStrategy). */
export const validateTruncationStrategy = createValidator<Strict.TruncationStrategy>("TruncationStrategy", "strict", partStrict.TruncationStrategy);
/** Validates a value as `TruncationStrategy` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/TruncationStrategy). */
export const validateTruncationStrategyTolerant = createValidator<Tolerant.TruncationStrategy>("TruncationStrategy", "tolerant", partTolerant.TruncationStrategy);

/** Validates a value as `ToolResultPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ToolResultPart). */
export const validateToolResultPart = createValidator<Strict.ToolResultPart>("ToolResultPart", "strict", partStrict.ToolResultPart);
/** Validates a value as `ToolResultPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ToolResultPart). */
export const validateToolResultPartTolerant = createValidator<Tolerant.ToolResultPart>("ToolResultPart", "tolerant", partTolerant.ToolResultPart);

/** Validates a value as `ImagePart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/ImagePart). */
export const validateImagePart = createValidator<Strict.ImagePart>("ImagePart", "strict", partStrict.ImagePart);
/** Validates a value as `ImagePart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/ImagePart). */
export const validateImagePartTolerant = createValidator<Tolerant.ImagePart>("ImagePart", "tolerant", partTolerant.ImagePart);

/** Validates a value as `AudioPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/AudioPart). */
export const validateAudioPart = createValidator<Strict.AudioPart>("AudioPart", "strict", partStrict.AudioPart);
/** Validates a value as `AudioPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/AudioPart). */
export const validateAudioPartTolerant = createValidator<Tolerant.AudioPart>("AudioPart", "tolerant", partTolerant.AudioPart);

/** Validates a value as `FilePart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/FilePart). */
export const validateFilePart = createValidator<Strict.FilePart>("FilePart", "strict", partStrict.FilePart);
/** Validates a value as `FilePart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/FilePart). */
export const validateFilePartTolerant = createValidator<Tolerant.FilePart>("FilePart", "tolerant", partTolerant.FilePart);

/** Validates a value as `PlanStatus` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/PlanStatus). */
export const validatePlanStatus = createValidator<Strict.PlanStatus>("PlanStatus", "strict", partStrict.PlanStatus);
/** Validates a value as `PlanStatus` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/PlanStatus). */
export const validatePlanStatusTolerant = createValidator<Tolerant.PlanStatus>("PlanStatus", "tolerant", partTolerant.PlanStatus);

/** Validates a value as `PlanItem` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/PlanItem). */
export const validatePlanItem = createValidator<Strict.PlanItem>("PlanItem", "strict", partStrict.PlanItem);
/** Validates a value as `PlanItem` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/PlanItem). */
export const validatePlanItemTolerant = createValidator<Tolerant.PlanItem>("PlanItem", "tolerant", partTolerant.PlanItem);

/** Validates a value as `PlanStepPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/PlanStepPart). */
export const validatePlanStepPart = createValidator<Strict.PlanStepPart>("PlanStepPart", "strict", partStrict.PlanStepPart);
/** Validates a value as `PlanStepPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/PlanStepPart). */
export const validatePlanStepPartTolerant = createValidator<Tolerant.PlanStepPart>("PlanStepPart", "tolerant", partTolerant.PlanStepPart);

/** Validates a value as `DiffLine` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/DiffLine). */
export const validateDiffLine = createValidator<Strict.DiffLine>("DiffLine", "strict", partStrict.DiffLine);
/** Validates a value as `DiffLine` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/DiffLine). */
export const validateDiffLineTolerant = createValidator<Tolerant.DiffLine>("DiffLine", "tolerant", partTolerant.DiffLine);

/** Validates a value as `DiffHunk` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/DiffHunk). */
export const validateDiffHunk = createValidator<Strict.DiffHunk>("DiffHunk", "strict", partStrict.DiffHunk);
/** Validates a value as `DiffHunk` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/DiffHunk). */
export const validateDiffHunkTolerant = createValidator<Tolerant.DiffHunk>("DiffHunk", "tolerant", partTolerant.DiffHunk);

/** Validates a value as `DiffFile` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/DiffFile). */
export const validateDiffFile = createValidator<Strict.DiffFile>("DiffFile", "strict", partStrict.DiffFile);
/** Validates a value as `DiffFile` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/DiffFile). */
export const validateDiffFileTolerant = createValidator<Tolerant.DiffFile>("DiffFile", "tolerant", partTolerant.DiffFile);

/** Validates a value as `CodeDiffPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/CodeDiffPart). */
export const validateCodeDiffPart = createValidator<Strict.CodeDiffPart>("CodeDiffPart", "strict", partStrict.CodeDiffPart);
/** Validates a value as `CodeDiffPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/CodeDiffPart). */
export const validateCodeDiffPartTolerant = createValidator<Tolerant.CodeDiffPart>("CodeDiffPart", "tolerant", partTolerant.CodeDiffPart);

/** Validates a value as `CommandPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/CommandPart). */
export const validateCommandPart = createValidator<Strict.CommandPart>("CommandPart", "strict", partStrict.CommandPart);
/** Validates a value as `CommandPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/CommandPart). */
export const validateCommandPartTolerant = createValidator<Tolerant.CommandPart>("CommandPart", "tolerant", partTolerant.CommandPart);

/** Validates a value as `RefusalPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/RefusalPart). */
export const validateRefusalPart = createValidator<Strict.RefusalPart>("RefusalPart", "strict", partStrict.RefusalPart);
/** Validates a value as `RefusalPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/RefusalPart). */
export const validateRefusalPartTolerant = createValidator<Tolerant.RefusalPart>("RefusalPart", "tolerant", partTolerant.RefusalPart);

/** Validates a value as `CompactionPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/CompactionPart). */
export const validateCompactionPart = createValidator<Strict.CompactionPart>("CompactionPart", "strict", partStrict.CompactionPart);
/** Validates a value as `CompactionPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/CompactionPart). */
export const validateCompactionPartTolerant = createValidator<Tolerant.CompactionPart>("CompactionPart", "tolerant", partTolerant.CompactionPart);

/** Validates a value as `StreamChunkPart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/StreamChunkPart). */
export const validateStreamChunkPart = createValidator<Strict.StreamChunkPart>("StreamChunkPart", "strict", partStrict.StreamChunkPart);
/** Validates a value as `StreamChunkPart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/StreamChunkPart). */
export const validateStreamChunkPartTolerant = createValidator<Tolerant.StreamChunkPart>("StreamChunkPart", "tolerant", partTolerant.StreamChunkPart);

/** Validates a value as `NativePart` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json#/$defs/NativePart). */
export const validateNativePart = createValidator<Strict.NativePart>("NativePart", "strict", partStrict.NativePart);
/** Validates a value as `NativePart` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json#/$defs/NativePart). */
export const validateNativePartTolerant = createValidator<Tolerant.NativePart>("NativePart", "tolerant", partTolerant.NativePart);
