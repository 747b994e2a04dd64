// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../validation.js";
import type * as Strict from "./types.js";
import type * as Tolerant from "./tolerant-types.js";
import * as costStrict from "./validators/cost.strict.js";
import * as costTolerant from "./validators/cost.tolerant.js";
import * as eventStrict from "./validators/event.strict.js";
import * as eventTolerant from "./validators/event.tolerant.js";
import * as messageStrict from "./validators/message.strict.js";
import * as messageTolerant from "./validators/message.tolerant.js";
import * as partStrict from "./validators/part.strict.js";
import * as partTolerant from "./validators/part.tolerant.js";
import * as snapshotBundleStrict from "./validators/snapshot-bundle.strict.js";
import * as snapshotBundleTolerant from "./validators/snapshot-bundle.tolerant.js";
import * as snapshotDeclarationStrict from "./validators/snapshot-declaration.strict.js";
import * as snapshotDeclarationTolerant from "./validators/snapshot-declaration.tolerant.js";
import * as transcriptStrict from "./validators/transcript.strict.js";
import * as transcriptTolerant from "./validators/transcript.tolerant.js";
import * as usageStrict from "./validators/usage.strict.js";
import * as usageTolerant from "./validators/usage.tolerant.js";

/** Validates a value as `Cost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json). */
export const validateCost = createValidator<Strict.Cost>("Cost", "strict", costStrict.Cost);
/** Validates a value as `Cost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json). */
export const validateCostTolerant = createValidator<Tolerant.Cost>("Cost", "tolerant", costTolerant.Cost);

/** Validates a value as `ComputedCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/ComputedCost). */
export const validateComputedCost = createValidator<Strict.ComputedCost>("ComputedCost", "strict", costStrict.ComputedCost);
/** Validates a value as `ComputedCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/ComputedCost). */
export const validateComputedCostTolerant = createValidator<Tolerant.ComputedCost>("ComputedCost", "tolerant", costTolerant.ComputedCost);

/** Validates a value as `ReportedCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/ReportedCost). */
export const validateReportedCost = createValidator<Strict.ReportedCost>("ReportedCost", "strict", costStrict.ReportedCost);
/** Validates a value as `ReportedCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/ReportedCost). */
export const validateReportedCostTolerant = createValidator<Tolerant.ReportedCost>("ReportedCost", "tolerant", costTolerant.ReportedCost);

/** Validates a value as `UnknownCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/UnknownCost). */
export const validateUnknownCost = createValidator<Strict.UnknownCost>("UnknownCost", "strict", costStrict.UnknownCost);
/** Validates a value as `UnknownCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/UnknownCost). */
export const validateUnknownCostTolerant = createValidator<Tolerant.UnknownCost>("UnknownCost", "tolerant", costTolerant.UnknownCost);

/** Validates a value as `CostBreakdown` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/CostBreakdown). */
export const validateCostBreakdown = createValidator<Strict.CostBreakdown>("CostBreakdown", "strict", costStrict.CostBreakdown);
/** Validates a value as `CostBreakdown` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/CostBreakdown). */
export const validateCostBreakdownTolerant = createValidator<Tolerant.CostBreakdown>("CostBreakdown", "tolerant", costTolerant.CostBreakdown);

/** Validates a value as `PricingReference` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/PricingReference). */
export const validatePricingReference = createValidator<Strict.PricingReference>("PricingReference", "strict", costStrict.PricingReference);
/** Validates a value as `PricingReference` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/PricingReference). */
export const validatePricingReferenceTolerant = createValidator<Tolerant.PricingReference>("PricingReference", "tolerant", costTolerant.PricingReference);

/** Validates a value as `Event` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json). */
export const validateEvent = createValidator<Strict.Event>("Event", "strict", eventStrict.Event);
/** Validates a value as `Event` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json). */
export const validateEventTolerant = createValidator<Tolerant.Event>("Event", "tolerant", eventTolerant.Event);

/** Validates a value as `EventType` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventType = createValidator<Strict.EventType>("EventType", "strict", eventStrict.EventType);
/** Validates a value as `EventType` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventTypeTolerant = createValidator<Tolerant.EventType>("EventType", "tolerant", eventTolerant.EventType);

/** Validates a value as `StepPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/StepPayload). */
export const validateStepPayload = createValidator<Strict.StepPayload>("StepPayload", "strict", eventStrict.StepPayload);
/** Validates a value as `StepPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/StepPayload). */
export const validateStepPayloadTolerant = createValidator<Tolerant.StepPayload>("StepPayload", "tolerant", eventTolerant.StepPayload);

/** Validates a value as `RunStartedPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/RunStartedPayload). */
export const validateRunStartedPayload = createValidator<Strict.RunStartedPayload>("RunStartedPayload", "strict", eventStrict.RunStartedPayload);
/** Validates a value as `RunStartedPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/RunStartedPayload). */
export const validateRunStartedPayloadTolerant = createValidator<Tolerant.RunStartedPayload>("RunStartedPayload", "tolerant", eventTolerant.RunStartedPayload);

/** Validates a value as `MessagePayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/MessagePayload). */
export const validateMessagePayload = createValidator<Strict.MessagePayload>("MessagePayload", "strict", eventStrict.MessagePayload);
/** Validates a value as `MessagePayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/MessagePayload). */
export const validateMessagePayloadTolerant = createValidator<Tolerant.MessagePayload>("MessagePayload", "tolerant", eventTolerant.MessagePayload);

/** Validates a value as `ToolPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/ToolPayload). */
export const validateToolPayload = createValidator<Strict.ToolPayload>("ToolPayload", "strict", eventStrict.ToolPayload);
/** Validates a value as `ToolPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/ToolPayload). */
export const validateToolPayloadTolerant = createValidator<Tolerant.ToolPayload>("ToolPayload", "tolerant", eventTolerant.ToolPayload);

/** Validates a value as `AwfContentBlock` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/AwfContentBlock). */
export const validateAwfContentBlock = createValidator<Strict.AwfContentBlock>("AwfContentBlock", "strict", eventStrict.AwfContentBlock);
/** Validates a value as `AwfContentBlock` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/AwfContentBlock). */
export const validateAwfContentBlockTolerant = createValidator<Tolerant.AwfContentBlock>("AwfContentBlock", "tolerant", eventTolerant.AwfContentBlock);

/** Validates a value as `Message` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json). */
export const validateMessage = createValidator<Strict.Message>("Message", "strict", messageStrict.Message);
/** Validates a value as `Message` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json). */
export const validateMessageTolerant = createValidator<Tolerant.Message>("Message", "tolerant", messageTolerant.Message);

/** Validates a value as `Role` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json#/$defs/Role). */
export const validateRole = createValidator<Strict.Role>("Role", "strict", messageStrict.Role);
/** Validates a value as `Role` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json#/$defs/Role). */
export const validateRoleTolerant = createValidator<Tolerant.Role>("Role", "tolerant", messageTolerant.Role);

/** Validates a value as `FinishReason` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json#/$defs/FinishReason). */
export const validateFinishReason = createValidator<Strict.FinishReason>("FinishReason", "strict", messageStrict.FinishReason);
/** Validates a value as `FinishReason` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json#/$defs/FinishReason). */
export const validateFinishReasonTolerant = createValidator<Tolerant.FinishReason>("FinishReason", "tolerant", messageTolerant.FinishReason);

/** Validates a value as `Part` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/part.schema.json). */
export const validatePart = createValidator<Strict.Part>("Part", "strict", partStrict.Part);
/** Validates a value as `Part` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/part.schema.json). */
export const validatePartTolerant = createValidator<Tolerant.Part>("Part", "tolerant", partTolerant.Part);

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

/** Validates a value as `SnapshotBundleLine` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json). */
export const validateSnapshotBundleLine = createValidator<Strict.SnapshotBundleLine>("SnapshotBundleLine", "strict", snapshotBundleStrict.SnapshotBundleLine);
/** Validates a value as `SnapshotBundleLine` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json). */
export const validateSnapshotBundleLineTolerant = createValidator<Tolerant.SnapshotBundleLine>("SnapshotBundleLine", "tolerant", snapshotBundleTolerant.SnapshotBundleLine);

/** Validates a value as `SnapshotHeader` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotHeader). */
export const validateSnapshotHeader = createValidator<Strict.SnapshotHeader>("SnapshotHeader", "strict", snapshotBundleStrict.SnapshotHeader);
/** Validates a value as `SnapshotHeader` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotHeader). */
export const validateSnapshotHeaderTolerant = createValidator<Tolerant.SnapshotHeader>("SnapshotHeader", "tolerant", snapshotBundleTolerant.SnapshotHeader);

/** Validates a value as `SnapshotSecrets` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotSecrets). */
export const validateSnapshotSecrets = createValidator<Strict.SnapshotSecrets>("SnapshotSecrets", "strict", snapshotBundleStrict.SnapshotSecrets);
/** Validates a value as `SnapshotSecrets` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotSecrets). */
export const validateSnapshotSecretsTolerant = createValidator<Tolerant.SnapshotSecrets>("SnapshotSecrets", "tolerant", snapshotBundleTolerant.SnapshotSecrets);

/** Validates a value as `SnapshotFinding` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotFinding). */
export const validateSnapshotFinding = createValidator<Strict.SnapshotFinding>("SnapshotFinding", "strict", snapshotBundleStrict.SnapshotFinding);
/** Validates a value as `SnapshotFinding` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotFinding). */
export const validateSnapshotFindingTolerant = createValidator<Tolerant.SnapshotFinding>("SnapshotFinding", "tolerant", snapshotBundleTolerant.SnapshotFinding);

/** Validates a value as `SnapshotProblem` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotProblem). */
export const validateSnapshotProblem = createValidator<Strict.SnapshotProblem>("SnapshotProblem", "strict", snapshotBundleStrict.SnapshotProblem);
/** Validates a value as `SnapshotProblem` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotProblem). */
export const validateSnapshotProblemTolerant = createValidator<Tolerant.SnapshotProblem>("SnapshotProblem", "tolerant", snapshotBundleTolerant.SnapshotProblem);

/** Validates a value as `SnapshotRepository` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotRepository). */
export const validateSnapshotRepository = createValidator<Strict.SnapshotRepository>("SnapshotRepository", "strict", snapshotBundleStrict.SnapshotRepository);
/** Validates a value as `SnapshotRepository` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotRepository). */
export const validateSnapshotRepositoryTolerant = createValidator<Tolerant.SnapshotRepository>("SnapshotRepository", "tolerant", snapshotBundleTolerant.SnapshotRepository);

/** Validates a value as `SnapshotRemote` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotRemote). */
export const validateSnapshotRemote = createValidator<Strict.SnapshotRemote>("SnapshotRemote", "strict", snapshotBundleStrict.SnapshotRemote);
/** Validates a value as `SnapshotRemote` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotRemote). */
export const validateSnapshotRemoteTolerant = createValidator<Tolerant.SnapshotRemote>("SnapshotRemote", "tolerant", snapshotBundleTolerant.SnapshotRemote);

/** Validates a value as `SnapshotChange` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotChange). */
export const validateSnapshotChange = createValidator<Strict.SnapshotChange>("SnapshotChange", "strict", snapshotBundleStrict.SnapshotChange);
/** Validates a value as `SnapshotChange` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotChange). */
export const validateSnapshotChangeTolerant = createValidator<Tolerant.SnapshotChange>("SnapshotChange", "tolerant", snapshotBundleTolerant.SnapshotChange);

/** Validates a value as `SnapshotFile` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotFile). */
export const validateSnapshotFile = createValidator<Strict.SnapshotFile>("SnapshotFile", "strict", snapshotBundleStrict.SnapshotFile);
/** Validates a value as `SnapshotFile` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotFile). */
export const validateSnapshotFileTolerant = createValidator<Tolerant.SnapshotFile>("SnapshotFile", "tolerant", snapshotBundleTolerant.SnapshotFile);

/** Validates a value as `SnapshotEncoding` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotEncoding). */
export const validateSnapshotEncoding = createValidator<Strict.SnapshotEncoding>("SnapshotEncoding", "strict", snapshotBundleStrict.SnapshotEncoding);
/** Validates a value as `SnapshotEncoding` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotEncoding). */
export const validateSnapshotEncodingTolerant = createValidator<Tolerant.SnapshotEncoding>("SnapshotEncoding", "tolerant", snapshotBundleTolerant.SnapshotEncoding);

/** Validates a value as `SnapshotChunk` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotChunk). */
export const validateSnapshotChunk = createValidator<Strict.SnapshotChunk>("SnapshotChunk", "strict", snapshotBundleStrict.SnapshotChunk);
/** Validates a value as `SnapshotChunk` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotChunk). */
export const validateSnapshotChunkTolerant = createValidator<Tolerant.SnapshotChunk>("SnapshotChunk", "tolerant", snapshotBundleTolerant.SnapshotChunk);

/** Validates a value as `SnapshotEnd` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotEnd). */
export const validateSnapshotEnd = createValidator<Strict.SnapshotEnd>("SnapshotEnd", "strict", snapshotBundleStrict.SnapshotEnd);
/** Validates a value as `SnapshotEnd` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotEnd). */
export const validateSnapshotEndTolerant = createValidator<Tolerant.SnapshotEnd>("SnapshotEnd", "tolerant", snapshotBundleTolerant.SnapshotEnd);

/** Validates a value as `SnapshotDeclaration` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclaration = createValidator<Strict.SnapshotDeclaration>("SnapshotDeclaration", "strict", snapshotDeclarationStrict.SnapshotDeclaration);
/** Validates a value as `SnapshotDeclaration` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclarationTolerant = createValidator<Tolerant.SnapshotDeclaration>("SnapshotDeclaration", "tolerant", snapshotDeclarationTolerant.SnapshotDeclaration);

/** Validates a value as `Transcript` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json). */
export const validateTranscript = createValidator<Strict.Transcript>("Transcript", "strict", transcriptStrict.Transcript);
/** Validates a value as `Transcript` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json). */
export const validateTranscriptTolerant = createValidator<Tolerant.Transcript>("Transcript", "tolerant", transcriptTolerant.Transcript);

/** Validates a value as `ToolDefinition` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/ToolDefinition). */
export const validateToolDefinition = createValidator<Strict.ToolDefinition>("ToolDefinition", "strict", transcriptStrict.ToolDefinition);
/** Validates a value as `ToolDefinition` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/ToolDefinition). */
export const validateToolDefinitionTolerant = createValidator<Tolerant.ToolDefinition>("ToolDefinition", "tolerant", transcriptTolerant.ToolDefinition);

/** Validates a value as `ToolChoice` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/ToolChoice). */
export const validateToolChoice = createValidator<Strict.ToolChoice>("ToolChoice", "strict", transcriptStrict.ToolChoice);
/** Validates a value as `ToolChoice` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/ToolChoice). */
export const validateToolChoiceTolerant = createValidator<Tolerant.ToolChoice>("ToolChoice", "tolerant", transcriptTolerant.ToolChoice);

/** Validates a value as `SourceFormat` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/SourceFormat). */
export const validateSourceFormat = createValidator<Strict.SourceFormat>("SourceFormat", "strict", transcriptStrict.SourceFormat);
/** Validates a value as `SourceFormat` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/SourceFormat). */
export const validateSourceFormatTolerant = createValidator<Tolerant.SourceFormat>("SourceFormat", "tolerant", transcriptTolerant.SourceFormat);

/** Validates a value as `Source` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/Source). */
export const validateSource = createValidator<Strict.Source>("Source", "strict", transcriptStrict.Source);
/** Validates a value as `Source` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/Source). */
export const validateSourceTolerant = createValidator<Tolerant.Source>("Source", "tolerant", transcriptTolerant.Source);

/** Validates a value as `Producer` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/Producer). */
export const validateProducer = createValidator<Strict.Producer>("Producer", "strict", transcriptStrict.Producer);
/** Validates a value as `Producer` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/Producer). */
export const validateProducerTolerant = createValidator<Tolerant.Producer>("Producer", "tolerant", transcriptTolerant.Producer);

/** Validates a value as `RunStatus` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/RunStatus). */
export const validateRunStatus = createValidator<Strict.RunStatus>("RunStatus", "strict", transcriptStrict.RunStatus);
/** Validates a value as `RunStatus` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/RunStatus). */
export const validateRunStatusTolerant = createValidator<Tolerant.RunStatus>("RunStatus", "tolerant", transcriptTolerant.RunStatus);

/** Validates a value as `Run` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/Run). */
export const validateRun = createValidator<Strict.Run>("Run", "strict", transcriptStrict.Run);
/** Validates a value as `Run` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/Run). */
export const validateRunTolerant = createValidator<Tolerant.Run>("Run", "tolerant", transcriptTolerant.Run);

/** Validates a value as `Step` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/Step). */
export const validateStep = createValidator<Strict.Step>("Step", "strict", transcriptStrict.Step);
/** Validates a value as `Step` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/Step). */
export const validateStepTolerant = createValidator<Tolerant.Step>("Step", "tolerant", transcriptTolerant.Step);

/** Validates a value as `ParentRun` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/ParentRun). */
export const validateParentRun = createValidator<Strict.ParentRun>("ParentRun", "strict", transcriptStrict.ParentRun);
/** Validates a value as `ParentRun` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/ParentRun). */
export const validateParentRunTolerant = createValidator<Tolerant.ParentRun>("ParentRun", "tolerant", transcriptTolerant.ParentRun);

/** Validates a value as `ChildRun` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/ChildRun). */
export const validateChildRun = createValidator<Strict.ChildRun>("ChildRun", "strict", transcriptStrict.ChildRun);
/** Validates a value as `ChildRun` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/ChildRun). */
export const validateChildRunTolerant = createValidator<Tolerant.ChildRun>("ChildRun", "tolerant", transcriptTolerant.ChildRun);

/** Validates a value as `Artifact` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/Artifact). */
export const validateArtifact = createValidator<Strict.Artifact>("Artifact", "strict", transcriptStrict.Artifact);
/** Validates a value as `Artifact` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/Artifact). */
export const validateArtifactTolerant = createValidator<Tolerant.Artifact>("Artifact", "tolerant", transcriptTolerant.Artifact);

/** Validates a value as `SnapshotArtifact` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/SnapshotArtifact). */
export const validateSnapshotArtifact = createValidator<Strict.SnapshotArtifact>("SnapshotArtifact", "strict", transcriptStrict.SnapshotArtifact);
/** Validates a value as `SnapshotArtifact` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/SnapshotArtifact). */
export const validateSnapshotArtifactTolerant = createValidator<Tolerant.SnapshotArtifact>("SnapshotArtifact", "tolerant", transcriptTolerant.SnapshotArtifact);

/** Validates a value as `FileArtifact` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/FileArtifact). */
export const validateFileArtifact = createValidator<Strict.FileArtifact>("FileArtifact", "strict", transcriptStrict.FileArtifact);
/** Validates a value as `FileArtifact` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/FileArtifact). */
export const validateFileArtifactTolerant = createValidator<Tolerant.FileArtifact>("FileArtifact", "tolerant", transcriptTolerant.FileArtifact);

/** Validates a value as `ExportRecord` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/ExportRecord). */
export const validateExportRecord = createValidator<Strict.ExportRecord>("ExportRecord", "strict", transcriptStrict.ExportRecord);
/** Validates a value as `ExportRecord` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/ExportRecord). */
export const validateExportRecordTolerant = createValidator<Tolerant.ExportRecord>("ExportRecord", "tolerant", transcriptTolerant.ExportRecord);

/** Validates a value as `RedactionRecord` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/RedactionRecord). */
export const validateRedactionRecord = createValidator<Strict.RedactionRecord>("RedactionRecord", "strict", transcriptStrict.RedactionRecord);
/** Validates a value as `RedactionRecord` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/RedactionRecord). */
export const validateRedactionRecordTolerant = createValidator<Tolerant.RedactionRecord>("RedactionRecord", "tolerant", transcriptTolerant.RedactionRecord);

/** Validates a value as `TruncationRecord` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json#/$defs/TruncationRecord). */
export const validateTruncationRecord = createValidator<Strict.TruncationRecord>("TruncationRecord", "strict", transcriptStrict.TruncationRecord);
/** Validates a value as `TruncationRecord` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json#/$defs/TruncationRecord). */
export const validateTruncationRecordTolerant = createValidator<Tolerant.TruncationRecord>("TruncationRecord", "tolerant", transcriptTolerant.TruncationRecord);

/** Validates a value as `Usage` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/usage.schema.json). */
export const validateUsage = createValidator<Strict.Usage>("Usage", "strict", usageStrict.Usage);
/** Validates a value as `Usage` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/usage.schema.json). */
export const validateUsageTolerant = createValidator<Tolerant.Usage>("Usage", "tolerant", usageTolerant.Usage);

/** Validates a value as `RawUsage` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/usage.schema.json#/$defs/RawUsage). */
export const validateRawUsage = createValidator<Strict.RawUsage>("RawUsage", "strict", usageStrict.RawUsage);
/** Validates a value as `RawUsage` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/usage.schema.json#/$defs/RawUsage). */
export const validateRawUsageTolerant = createValidator<Tolerant.RawUsage>("RawUsage", "tolerant", usageTolerant.RawUsage);

/** Every definition's validators by name, for callers that choose the definition at run time. */
export const validators = {
  Cost: { strict: validateCost, tolerant: validateCostTolerant },
  ComputedCost: { strict: validateComputedCost, tolerant: validateComputedCostTolerant },
  ReportedCost: { strict: validateReportedCost, tolerant: validateReportedCostTolerant },
  UnknownCost: { strict: validateUnknownCost, tolerant: validateUnknownCostTolerant },
  CostBreakdown: { strict: validateCostBreakdown, tolerant: validateCostBreakdownTolerant },
  PricingReference: { strict: validatePricingReference, tolerant: validatePricingReferenceTolerant },
  Event: { strict: validateEvent, tolerant: validateEventTolerant },
  EventType: { strict: validateEventType, tolerant: validateEventTypeTolerant },
  StepPayload: { strict: validateStepPayload, tolerant: validateStepPayloadTolerant },
  RunStartedPayload: { strict: validateRunStartedPayload, tolerant: validateRunStartedPayloadTolerant },
  MessagePayload: { strict: validateMessagePayload, tolerant: validateMessagePayloadTolerant },
  ToolPayload: { strict: validateToolPayload, tolerant: validateToolPayloadTolerant },
  AwfContentBlock: { strict: validateAwfContentBlock, tolerant: validateAwfContentBlockTolerant },
  Message: { strict: validateMessage, tolerant: validateMessageTolerant },
  Role: { strict: validateRole, tolerant: validateRoleTolerant },
  FinishReason: { strict: validateFinishReason, tolerant: validateFinishReasonTolerant },
  Part: { strict: validatePart, tolerant: validatePartTolerant },
  Fidelity: { strict: validateFidelity, tolerant: validateFidelityTolerant },
  ProviderFields: { strict: validateProviderFields, tolerant: validateProviderFieldsTolerant },
  Issuer: { strict: validateIssuer, tolerant: validateIssuerTolerant },
  Citation: { strict: validateCitation, tolerant: validateCitationTolerant },
  TextPart: { strict: validateTextPart, tolerant: validateTextPartTolerant },
  ReasoningPart: { strict: validateReasoningPart, tolerant: validateReasoningPartTolerant },
  ToolCallPart: { strict: validateToolCallPart, tolerant: validateToolCallPartTolerant },
  ToolResultStatus: { strict: validateToolResultStatus, tolerant: validateToolResultStatusTolerant },
  TruncationStrategy: { strict: validateTruncationStrategy, tolerant: validateTruncationStrategyTolerant },
  ToolResultPart: { strict: validateToolResultPart, tolerant: validateToolResultPartTolerant },
  ImagePart: { strict: validateImagePart, tolerant: validateImagePartTolerant },
  AudioPart: { strict: validateAudioPart, tolerant: validateAudioPartTolerant },
  FilePart: { strict: validateFilePart, tolerant: validateFilePartTolerant },
  PlanStatus: { strict: validatePlanStatus, tolerant: validatePlanStatusTolerant },
  PlanItem: { strict: validatePlanItem, tolerant: validatePlanItemTolerant },
  PlanStepPart: { strict: validatePlanStepPart, tolerant: validatePlanStepPartTolerant },
  DiffLine: { strict: validateDiffLine, tolerant: validateDiffLineTolerant },
  DiffHunk: { strict: validateDiffHunk, tolerant: validateDiffHunkTolerant },
  DiffFile: { strict: validateDiffFile, tolerant: validateDiffFileTolerant },
  CodeDiffPart: { strict: validateCodeDiffPart, tolerant: validateCodeDiffPartTolerant },
  CommandPart: { strict: validateCommandPart, tolerant: validateCommandPartTolerant },
  RefusalPart: { strict: validateRefusalPart, tolerant: validateRefusalPartTolerant },
  CompactionPart: { strict: validateCompactionPart, tolerant: validateCompactionPartTolerant },
  StreamChunkPart: { strict: validateStreamChunkPart, tolerant: validateStreamChunkPartTolerant },
  NativePart: { strict: validateNativePart, tolerant: validateNativePartTolerant },
  SnapshotBundleLine: { strict: validateSnapshotBundleLine, tolerant: validateSnapshotBundleLineTolerant },
  SnapshotHeader: { strict: validateSnapshotHeader, tolerant: validateSnapshotHeaderTolerant },
  SnapshotSecrets: { strict: validateSnapshotSecrets, tolerant: validateSnapshotSecretsTolerant },
  SnapshotFinding: { strict: validateSnapshotFinding, tolerant: validateSnapshotFindingTolerant },
  SnapshotProblem: { strict: validateSnapshotProblem, tolerant: validateSnapshotProblemTolerant },
  SnapshotRepository: { strict: validateSnapshotRepository, tolerant: validateSnapshotRepositoryTolerant },
  SnapshotRemote: { strict: validateSnapshotRemote, tolerant: validateSnapshotRemoteTolerant },
  SnapshotChange: { strict: validateSnapshotChange, tolerant: validateSnapshotChangeTolerant },
  SnapshotFile: { strict: validateSnapshotFile, tolerant: validateSnapshotFileTolerant },
  SnapshotEncoding: { strict: validateSnapshotEncoding, tolerant: validateSnapshotEncodingTolerant },
  SnapshotChunk: { strict: validateSnapshotChunk, tolerant: validateSnapshotChunkTolerant },
  SnapshotEnd: { strict: validateSnapshotEnd, tolerant: validateSnapshotEndTolerant },
  SnapshotDeclaration: { strict: validateSnapshotDeclaration, tolerant: validateSnapshotDeclarationTolerant },
  Transcript: { strict: validateTranscript, tolerant: validateTranscriptTolerant },
  ToolDefinition: { strict: validateToolDefinition, tolerant: validateToolDefinitionTolerant },
  ToolChoice: { strict: validateToolChoice, tolerant: validateToolChoiceTolerant },
  SourceFormat: { strict: validateSourceFormat, tolerant: validateSourceFormatTolerant },
  Source: { strict: validateSource, tolerant: validateSourceTolerant },
  Producer: { strict: validateProducer, tolerant: validateProducerTolerant },
  RunStatus: { strict: validateRunStatus, tolerant: validateRunStatusTolerant },
  Run: { strict: validateRun, tolerant: validateRunTolerant },
  Step: { strict: validateStep, tolerant: validateStepTolerant },
  ParentRun: { strict: validateParentRun, tolerant: validateParentRunTolerant },
  ChildRun: { strict: validateChildRun, tolerant: validateChildRunTolerant },
  Artifact: { strict: validateArtifact, tolerant: validateArtifactTolerant },
  SnapshotArtifact: { strict: validateSnapshotArtifact, tolerant: validateSnapshotArtifactTolerant },
  FileArtifact: { strict: validateFileArtifact, tolerant: validateFileArtifactTolerant },
  ExportRecord: { strict: validateExportRecord, tolerant: validateExportRecordTolerant },
  RedactionRecord: { strict: validateRedactionRecord, tolerant: validateRedactionRecordTolerant },
  TruncationRecord: { strict: validateTruncationRecord, tolerant: validateTruncationRecordTolerant },
  Usage: { strict: validateUsage, tolerant: validateUsageTolerant },
  RawUsage: { strict: validateRawUsage, tolerant: validateRawUsageTolerant },
} as const;

export type DefinitionName = keyof typeof validators;
