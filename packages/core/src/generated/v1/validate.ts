// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

import type { Validator } from "../../validation.js";
import type * as Strict from "./types.js";
import type * as Tolerant from "./tolerant-types.js";
import * as cost from "./validate/cost.js";
import * as event from "./validate/event.js";
import * as message from "./validate/message.js";
import * as part from "./validate/part.js";
import * as snapshotBundle from "./validate/snapshot-bundle.js";
import * as snapshotDeclaration from "./validate/snapshot-declaration.js";
import * as transcript from "./validate/transcript.js";
import * as usage from "./validate/usage.js";

export * from "./validate/cost.js";
export * from "./validate/event.js";
export * from "./validate/message.js";
export * from "./validate/part.js";
export * from "./validate/snapshot-bundle.js";
export * from "./validate/snapshot-declaration.js";
export * from "./validate/transcript.js";
export * from "./validate/usage.js";

/** Every definition's validators by name, for callers that choose the definition at run time. */
export const validators: {
  readonly Cost: { readonly strict: Validator<Strict.Cost>; readonly tolerant: Validator<Tolerant.Cost> };
  readonly ComputedCost: { readonly strict: Validator<Strict.ComputedCost>; readonly tolerant: Validator<Tolerant.ComputedCost> };
  readonly ReportedCost: { readonly strict: Validator<Strict.ReportedCost>; readonly tolerant: Validator<Tolerant.ReportedCost> };
  readonly UnknownCost: { readonly strict: Validator<Strict.UnknownCost>; readonly tolerant: Validator<Tolerant.UnknownCost> };
  readonly CostBreakdown: { readonly strict: Validator<Strict.CostBreakdown>; readonly tolerant: Validator<Tolerant.CostBreakdown> };
  readonly PricingReference: { readonly strict: Validator<Strict.PricingReference>; readonly tolerant: Validator<Tolerant.PricingReference> };
  readonly Event: { readonly strict: Validator<Strict.Event>; readonly tolerant: Validator<Tolerant.Event> };
  readonly EventType: { readonly strict: Validator<Strict.EventType>; readonly tolerant: Validator<Tolerant.EventType> };
  readonly StepPayload: { readonly strict: Validator<Strict.StepPayload>; readonly tolerant: Validator<Tolerant.StepPayload> };
  readonly RunStartedPayload: { readonly strict: Validator<Strict.RunStartedPayload>; readonly tolerant: Validator<Tolerant.RunStartedPayload> };
  readonly MessagePayload: { readonly strict: Validator<Strict.MessagePayload>; readonly tolerant: Validator<Tolerant.MessagePayload> };
  readonly ToolPayload: { readonly strict: Validator<Strict.ToolPayload>; readonly tolerant: Validator<Tolerant.ToolPayload> };
  readonly AwfContentBlock: { readonly strict: Validator<Strict.AwfContentBlock>; readonly tolerant: Validator<Tolerant.AwfContentBlock> };
  readonly Message: { readonly strict: Validator<Strict.Message>; readonly tolerant: Validator<Tolerant.Message> };
  readonly Role: { readonly strict: Validator<Strict.Role>; readonly tolerant: Validator<Tolerant.Role> };
  readonly FinishReason: { readonly strict: Validator<Strict.FinishReason>; readonly tolerant: Validator<Tolerant.FinishReason> };
  readonly Part: { readonly strict: Validator<Strict.Part>; readonly tolerant: Validator<Tolerant.Part> };
  readonly Fidelity: { readonly strict: Validator<Strict.Fidelity>; readonly tolerant: Validator<Tolerant.Fidelity> };
  readonly ProviderFields: { readonly strict: Validator<Strict.ProviderFields>; readonly tolerant: Validator<Tolerant.ProviderFields> };
  readonly Issuer: { readonly strict: Validator<Strict.Issuer>; readonly tolerant: Validator<Tolerant.Issuer> };
  readonly Citation: { readonly strict: Validator<Strict.Citation>; readonly tolerant: Validator<Tolerant.Citation> };
  readonly TextPart: { readonly strict: Validator<Strict.TextPart>; readonly tolerant: Validator<Tolerant.TextPart> };
  readonly ReasoningPart: { readonly strict: Validator<Strict.ReasoningPart>; readonly tolerant: Validator<Tolerant.ReasoningPart> };
  readonly ToolCallPart: { readonly strict: Validator<Strict.ToolCallPart>; readonly tolerant: Validator<Tolerant.ToolCallPart> };
  readonly ToolResultStatus: { readonly strict: Validator<Strict.ToolResultStatus>; readonly tolerant: Validator<Tolerant.ToolResultStatus> };
  readonly TruncationStrategy: { readonly strict: Validator<Strict.TruncationStrategy>; readonly tolerant: Validator<Tolerant.TruncationStrategy> };
  readonly ToolResultPart: { readonly strict: Validator<Strict.ToolResultPart>; readonly tolerant: Validator<Tolerant.ToolResultPart> };
  readonly ImagePart: { readonly strict: Validator<Strict.ImagePart>; readonly tolerant: Validator<Tolerant.ImagePart> };
  readonly AudioPart: { readonly strict: Validator<Strict.AudioPart>; readonly tolerant: Validator<Tolerant.AudioPart> };
  readonly FilePart: { readonly strict: Validator<Strict.FilePart>; readonly tolerant: Validator<Tolerant.FilePart> };
  readonly PlanStatus: { readonly strict: Validator<Strict.PlanStatus>; readonly tolerant: Validator<Tolerant.PlanStatus> };
  readonly PlanItem: { readonly strict: Validator<Strict.PlanItem>; readonly tolerant: Validator<Tolerant.PlanItem> };
  readonly PlanStepPart: { readonly strict: Validator<Strict.PlanStepPart>; readonly tolerant: Validator<Tolerant.PlanStepPart> };
  readonly DiffLine: { readonly strict: Validator<Strict.DiffLine>; readonly tolerant: Validator<Tolerant.DiffLine> };
  readonly DiffHunk: { readonly strict: Validator<Strict.DiffHunk>; readonly tolerant: Validator<Tolerant.DiffHunk> };
  readonly DiffFile: { readonly strict: Validator<Strict.DiffFile>; readonly tolerant: Validator<Tolerant.DiffFile> };
  readonly CodeDiffPart: { readonly strict: Validator<Strict.CodeDiffPart>; readonly tolerant: Validator<Tolerant.CodeDiffPart> };
  readonly CommandPart: { readonly strict: Validator<Strict.CommandPart>; readonly tolerant: Validator<Tolerant.CommandPart> };
  readonly RefusalPart: { readonly strict: Validator<Strict.RefusalPart>; readonly tolerant: Validator<Tolerant.RefusalPart> };
  readonly CompactionPart: { readonly strict: Validator<Strict.CompactionPart>; readonly tolerant: Validator<Tolerant.CompactionPart> };
  readonly StreamChunkPart: { readonly strict: Validator<Strict.StreamChunkPart>; readonly tolerant: Validator<Tolerant.StreamChunkPart> };
  readonly NativePart: { readonly strict: Validator<Strict.NativePart>; readonly tolerant: Validator<Tolerant.NativePart> };
  readonly SnapshotBundleLine: { readonly strict: Validator<Strict.SnapshotBundleLine>; readonly tolerant: Validator<Tolerant.SnapshotBundleLine> };
  readonly SnapshotHeader: { readonly strict: Validator<Strict.SnapshotHeader>; readonly tolerant: Validator<Tolerant.SnapshotHeader> };
  readonly SnapshotSecrets: { readonly strict: Validator<Strict.SnapshotSecrets>; readonly tolerant: Validator<Tolerant.SnapshotSecrets> };
  readonly SnapshotFinding: { readonly strict: Validator<Strict.SnapshotFinding>; readonly tolerant: Validator<Tolerant.SnapshotFinding> };
  readonly SnapshotProblem: { readonly strict: Validator<Strict.SnapshotProblem>; readonly tolerant: Validator<Tolerant.SnapshotProblem> };
  readonly SnapshotRepository: { readonly strict: Validator<Strict.SnapshotRepository>; readonly tolerant: Validator<Tolerant.SnapshotRepository> };
  readonly SnapshotRemote: { readonly strict: Validator<Strict.SnapshotRemote>; readonly tolerant: Validator<Tolerant.SnapshotRemote> };
  readonly SnapshotChange: { readonly strict: Validator<Strict.SnapshotChange>; readonly tolerant: Validator<Tolerant.SnapshotChange> };
  readonly SnapshotFile: { readonly strict: Validator<Strict.SnapshotFile>; readonly tolerant: Validator<Tolerant.SnapshotFile> };
  readonly SnapshotEncoding: { readonly strict: Validator<Strict.SnapshotEncoding>; readonly tolerant: Validator<Tolerant.SnapshotEncoding> };
  readonly SnapshotChunk: { readonly strict: Validator<Strict.SnapshotChunk>; readonly tolerant: Validator<Tolerant.SnapshotChunk> };
  readonly SnapshotEnd: { readonly strict: Validator<Strict.SnapshotEnd>; readonly tolerant: Validator<Tolerant.SnapshotEnd> };
  readonly SnapshotDeclaration: { readonly strict: Validator<Strict.SnapshotDeclaration>; readonly tolerant: Validator<Tolerant.SnapshotDeclaration> };
  readonly Transcript: { readonly strict: Validator<Strict.Transcript>; readonly tolerant: Validator<Tolerant.Transcript> };
  readonly ToolDefinition: { readonly strict: Validator<Strict.ToolDefinition>; readonly tolerant: Validator<Tolerant.ToolDefinition> };
  readonly ToolChoice: { readonly strict: Validator<Strict.ToolChoice>; readonly tolerant: Validator<Tolerant.ToolChoice> };
  readonly SourceFormat: { readonly strict: Validator<Strict.SourceFormat>; readonly tolerant: Validator<Tolerant.SourceFormat> };
  readonly Source: { readonly strict: Validator<Strict.Source>; readonly tolerant: Validator<Tolerant.Source> };
  readonly Producer: { readonly strict: Validator<Strict.Producer>; readonly tolerant: Validator<Tolerant.Producer> };
  readonly RunStatus: { readonly strict: Validator<Strict.RunStatus>; readonly tolerant: Validator<Tolerant.RunStatus> };
  readonly Run: { readonly strict: Validator<Strict.Run>; readonly tolerant: Validator<Tolerant.Run> };
  readonly Step: { readonly strict: Validator<Strict.Step>; readonly tolerant: Validator<Tolerant.Step> };
  readonly ParentRun: { readonly strict: Validator<Strict.ParentRun>; readonly tolerant: Validator<Tolerant.ParentRun> };
  readonly ChildRun: { readonly strict: Validator<Strict.ChildRun>; readonly tolerant: Validator<Tolerant.ChildRun> };
  readonly Artifact: { readonly strict: Validator<Strict.Artifact>; readonly tolerant: Validator<Tolerant.Artifact> };
  readonly SnapshotArtifact: { readonly strict: Validator<Strict.SnapshotArtifact>; readonly tolerant: Validator<Tolerant.SnapshotArtifact> };
  readonly FileArtifact: { readonly strict: Validator<Strict.FileArtifact>; readonly tolerant: Validator<Tolerant.FileArtifact> };
  readonly ExportRecord: { readonly strict: Validator<Strict.ExportRecord>; readonly tolerant: Validator<Tolerant.ExportRecord> };
  readonly RedactionRecord: { readonly strict: Validator<Strict.RedactionRecord>; readonly tolerant: Validator<Tolerant.RedactionRecord> };
  readonly TruncationRecord: { readonly strict: Validator<Strict.TruncationRecord>; readonly tolerant: Validator<Tolerant.TruncationRecord> };
  readonly Usage: { readonly strict: Validator<Strict.Usage>; readonly tolerant: Validator<Tolerant.Usage> };
  readonly RawUsage: { readonly strict: Validator<Strict.RawUsage>; readonly tolerant: Validator<Tolerant.RawUsage> };
} = {
  Cost: { strict: cost.validateCost, tolerant: cost.validateCostTolerant },
  ComputedCost: { strict: cost.validateComputedCost, tolerant: cost.validateComputedCostTolerant },
  ReportedCost: { strict: cost.validateReportedCost, tolerant: cost.validateReportedCostTolerant },
  UnknownCost: { strict: cost.validateUnknownCost, tolerant: cost.validateUnknownCostTolerant },
  CostBreakdown: { strict: cost.validateCostBreakdown, tolerant: cost.validateCostBreakdownTolerant },
  PricingReference: { strict: cost.validatePricingReference, tolerant: cost.validatePricingReferenceTolerant },
  Event: { strict: event.validateEvent, tolerant: event.validateEventTolerant },
  EventType: { strict: event.validateEventType, tolerant: event.validateEventTypeTolerant },
  StepPayload: { strict: event.validateStepPayload, tolerant: event.validateStepPayloadTolerant },
  RunStartedPayload: { strict: event.validateRunStartedPayload, tolerant: event.validateRunStartedPayloadTolerant },
  MessagePayload: { strict: event.validateMessagePayload, tolerant: event.validateMessagePayloadTolerant },
  ToolPayload: { strict: event.validateToolPayload, tolerant: event.validateToolPayloadTolerant },
  AwfContentBlock: { strict: event.validateAwfContentBlock, tolerant: event.validateAwfContentBlockTolerant },
  Message: { strict: message.validateMessage, tolerant: message.validateMessageTolerant },
  Role: { strict: message.validateRole, tolerant: message.validateRoleTolerant },
  FinishReason: { strict: message.validateFinishReason, tolerant: message.validateFinishReasonTolerant },
  Part: { strict: part.validatePart, tolerant: part.validatePartTolerant },
  Fidelity: { strict: part.validateFidelity, tolerant: part.validateFidelityTolerant },
  ProviderFields: { strict: part.validateProviderFields, tolerant: part.validateProviderFieldsTolerant },
  Issuer: { strict: part.validateIssuer, tolerant: part.validateIssuerTolerant },
  Citation: { strict: part.validateCitation, tolerant: part.validateCitationTolerant },
  TextPart: { strict: part.validateTextPart, tolerant: part.validateTextPartTolerant },
  ReasoningPart: { strict: part.validateReasoningPart, tolerant: part.validateReasoningPartTolerant },
  ToolCallPart: { strict: part.validateToolCallPart, tolerant: part.validateToolCallPartTolerant },
  ToolResultStatus: { strict: part.validateToolResultStatus, tolerant: part.validateToolResultStatusTolerant },
  TruncationStrategy: { strict: part.validateTruncationStrategy, tolerant: part.validateTruncationStrategyTolerant },
  ToolResultPart: { strict: part.validateToolResultPart, tolerant: part.validateToolResultPartTolerant },
  ImagePart: { strict: part.validateImagePart, tolerant: part.validateImagePartTolerant },
  AudioPart: { strict: part.validateAudioPart, tolerant: part.validateAudioPartTolerant },
  FilePart: { strict: part.validateFilePart, tolerant: part.validateFilePartTolerant },
  PlanStatus: { strict: part.validatePlanStatus, tolerant: part.validatePlanStatusTolerant },
  PlanItem: { strict: part.validatePlanItem, tolerant: part.validatePlanItemTolerant },
  PlanStepPart: { strict: part.validatePlanStepPart, tolerant: part.validatePlanStepPartTolerant },
  DiffLine: { strict: part.validateDiffLine, tolerant: part.validateDiffLineTolerant },
  DiffHunk: { strict: part.validateDiffHunk, tolerant: part.validateDiffHunkTolerant },
  DiffFile: { strict: part.validateDiffFile, tolerant: part.validateDiffFileTolerant },
  CodeDiffPart: { strict: part.validateCodeDiffPart, tolerant: part.validateCodeDiffPartTolerant },
  CommandPart: { strict: part.validateCommandPart, tolerant: part.validateCommandPartTolerant },
  RefusalPart: { strict: part.validateRefusalPart, tolerant: part.validateRefusalPartTolerant },
  CompactionPart: { strict: part.validateCompactionPart, tolerant: part.validateCompactionPartTolerant },
  StreamChunkPart: { strict: part.validateStreamChunkPart, tolerant: part.validateStreamChunkPartTolerant },
  NativePart: { strict: part.validateNativePart, tolerant: part.validateNativePartTolerant },
  SnapshotBundleLine: { strict: snapshotBundle.validateSnapshotBundleLine, tolerant: snapshotBundle.validateSnapshotBundleLineTolerant },
  SnapshotHeader: { strict: snapshotBundle.validateSnapshotHeader, tolerant: snapshotBundle.validateSnapshotHeaderTolerant },
  SnapshotSecrets: { strict: snapshotBundle.validateSnapshotSecrets, tolerant: snapshotBundle.validateSnapshotSecretsTolerant },
  SnapshotFinding: { strict: snapshotBundle.validateSnapshotFinding, tolerant: snapshotBundle.validateSnapshotFindingTolerant },
  SnapshotProblem: { strict: snapshotBundle.validateSnapshotProblem, tolerant: snapshotBundle.validateSnapshotProblemTolerant },
  SnapshotRepository: { strict: snapshotBundle.validateSnapshotRepository, tolerant: snapshotBundle.validateSnapshotRepositoryTolerant },
  SnapshotRemote: { strict: snapshotBundle.validateSnapshotRemote, tolerant: snapshotBundle.validateSnapshotRemoteTolerant },
  SnapshotChange: { strict: snapshotBundle.validateSnapshotChange, tolerant: snapshotBundle.validateSnapshotChangeTolerant },
  SnapshotFile: { strict: snapshotBundle.validateSnapshotFile, tolerant: snapshotBundle.validateSnapshotFileTolerant },
  SnapshotEncoding: { strict: snapshotBundle.validateSnapshotEncoding, tolerant: snapshotBundle.validateSnapshotEncodingTolerant },
  SnapshotChunk: { strict: snapshotBundle.validateSnapshotChunk, tolerant: snapshotBundle.validateSnapshotChunkTolerant },
  SnapshotEnd: { strict: snapshotBundle.validateSnapshotEnd, tolerant: snapshotBundle.validateSnapshotEndTolerant },
  SnapshotDeclaration: { strict: snapshotDeclaration.validateSnapshotDeclaration, tolerant: snapshotDeclaration.validateSnapshotDeclarationTolerant },
  Transcript: { strict: transcript.validateTranscript, tolerant: transcript.validateTranscriptTolerant },
  ToolDefinition: { strict: transcript.validateToolDefinition, tolerant: transcript.validateToolDefinitionTolerant },
  ToolChoice: { strict: transcript.validateToolChoice, tolerant: transcript.validateToolChoiceTolerant },
  SourceFormat: { strict: transcript.validateSourceFormat, tolerant: transcript.validateSourceFormatTolerant },
  Source: { strict: transcript.validateSource, tolerant: transcript.validateSourceTolerant },
  Producer: { strict: transcript.validateProducer, tolerant: transcript.validateProducerTolerant },
  RunStatus: { strict: transcript.validateRunStatus, tolerant: transcript.validateRunStatusTolerant },
  Run: { strict: transcript.validateRun, tolerant: transcript.validateRunTolerant },
  Step: { strict: transcript.validateStep, tolerant: transcript.validateStepTolerant },
  ParentRun: { strict: transcript.validateParentRun, tolerant: transcript.validateParentRunTolerant },
  ChildRun: { strict: transcript.validateChildRun, tolerant: transcript.validateChildRunTolerant },
  Artifact: { strict: transcript.validateArtifact, tolerant: transcript.validateArtifactTolerant },
  SnapshotArtifact: { strict: transcript.validateSnapshotArtifact, tolerant: transcript.validateSnapshotArtifactTolerant },
  FileArtifact: { strict: transcript.validateFileArtifact, tolerant: transcript.validateFileArtifactTolerant },
  ExportRecord: { strict: transcript.validateExportRecord, tolerant: transcript.validateExportRecordTolerant },
  RedactionRecord: { strict: transcript.validateRedactionRecord, tolerant: transcript.validateRedactionRecordTolerant },
  TruncationRecord: { strict: transcript.validateTruncationRecord, tolerant: transcript.validateTruncationRecordTolerant },
  Usage: { strict: usage.validateUsage, tolerant: usage.validateUsageTolerant },
  RawUsage: { strict: usage.validateRawUsage, tolerant: usage.validateRawUsageTolerant },
};

export type DefinitionName = keyof typeof validators;
