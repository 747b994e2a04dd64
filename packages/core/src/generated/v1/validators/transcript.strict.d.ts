// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Transcript` (strict). */
export declare const Transcript: StandaloneValidator<Types.Transcript>;

/** Validates a value against `ToolDefinition` (strict). */
export declare const ToolDefinition: StandaloneValidator<Types.ToolDefinition>;

/** Validates a value against `ToolChoice` (strict). */
export declare const ToolChoice: StandaloneValidator<Types.ToolChoice>;

/** Validates a value against `SourceFormat` (strict). */
export declare const SourceFormat: StandaloneValidator<Types.SourceFormat>;

/** Validates a value against `Source` (strict). */
export declare const Source: StandaloneValidator<Types.Source>;

/** Validates a value against `Producer` (strict). */
export declare const Producer: StandaloneValidator<Types.Producer>;

/** Validates a value against `RunStatus` (strict). */
export declare const RunStatus: StandaloneValidator<Types.RunStatus>;

/** Validates a value against `Run` (strict). */
export declare const Run: StandaloneValidator<Types.Run>;

/** Validates a value against `Step` (strict). */
export declare const Step: StandaloneValidator<Types.Step>;

/** Validates a value against `ParentRun` (strict). */
export declare const ParentRun: StandaloneValidator<Types.ParentRun>;

/** Validates a value against `ChildRun` (strict). */
export declare const ChildRun: StandaloneValidator<Types.ChildRun>;

/** Validates a value against `Artifact` (strict). */
export declare const Artifact: StandaloneValidator<Types.Artifact>;

/** Validates a value against `SnapshotArtifact` (strict). */
export declare const SnapshotArtifact: StandaloneValidator<Types.SnapshotArtifact>;

/** Validates a value against `FileArtifact` (strict). */
export declare const FileArtifact: StandaloneValidator<Types.FileArtifact>;

/** Validates a value against `ExportRecord` (strict). */
export declare const ExportRecord: StandaloneValidator<Types.ExportRecord>;

/** Validates a value against `RedactionRecord` (strict). */
export declare const RedactionRecord: StandaloneValidator<Types.RedactionRecord>;

/** Validates a value against `TruncationRecord` (strict). */
export declare const TruncationRecord: StandaloneValidator<Types.TruncationRecord>;
