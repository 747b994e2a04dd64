// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/transcript.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as transcriptStrict from "../validators/transcript.strict.js";
import * as transcriptTolerant from "../validators/transcript.tolerant.js";
import * as StrictFast from "../validators/hot-definitions.strict.fast.js";
import * as TolerantFast from "../validators/hot-definitions.tolerant.fast.js";

/** Validates a value as `Transcript` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/transcript.schema.json). */
export const validateTranscript = createValidator<Strict.Transcript>("Transcript", "strict", transcriptStrict.Transcript, StrictFast.Transcript);
/** Validates a value as `Transcript` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/transcript.schema.json). */
export const validateTranscriptTolerant = createValidator<Tolerant.Transcript>("Transcript", "tolerant", transcriptTolerant.Transcript, TolerantFast.Transcript);

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
