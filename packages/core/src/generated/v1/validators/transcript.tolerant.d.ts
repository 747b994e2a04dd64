// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Transcript` (tolerant). */
export declare const Transcript: StandaloneValidator<Types.Transcript>;

/** Validates a value against `ToolDefinition` (tolerant). */
export declare const ToolDefinition: StandaloneValidator<Types.ToolDefinition>;

/** Validates a value against `ToolChoice` (tolerant). */
export declare const ToolChoice: StandaloneValidator<Types.ToolChoice>;

/** Validates a value against `SourceFormat` (tolerant). */
export declare const SourceFormat: StandaloneValidator<Types.SourceFormat>;

/** Validates a value against `Source` (tolerant). */
export declare const Source: StandaloneValidator<Types.Source>;

/** Validates a value against `Producer` (tolerant). */
export declare const Producer: StandaloneValidator<Types.Producer>;

/** Validates a value against `RunStatus` (tolerant). */
export declare const RunStatus: StandaloneValidator<Types.RunStatus>;

/** Validates a value against `Run` (tolerant). */
export declare const Run: StandaloneValidator<Types.Run>;

/** Validates a value against `Step` (tolerant). */
export declare const Step: StandaloneValidator<Types.Step>;

/** Validates a value against `ParentRun` (tolerant). */
export declare const ParentRun: StandaloneValidator<Types.ParentRun>;

/** Validates a value against `ChildRun` (tolerant). */
export declare const ChildRun: StandaloneValidator<Types.ChildRun>;

/** Validates a value against `Artifact` (tolerant). */
export declare const Artifact: StandaloneValidator<Types.Artifact>;

/** Validates a value against `SnapshotArtifact` (tolerant). */
export declare const SnapshotArtifact: StandaloneValidator<Types.SnapshotArtifact>;

/** Validates a value against `FileArtifact` (tolerant). */
export declare const FileArtifact: StandaloneValidator<Types.FileArtifact>;

/** Validates a value against `ExportRecord` (tolerant). */
export declare const ExportRecord: StandaloneValidator<Types.ExportRecord>;

/** Validates a value against `RedactionRecord` (tolerant). */
export declare const RedactionRecord: StandaloneValidator<Types.RedactionRecord>;

/** Validates a value against `TruncationRecord` (tolerant). */
export declare const TruncationRecord: StandaloneValidator<Types.TruncationRecord>;
