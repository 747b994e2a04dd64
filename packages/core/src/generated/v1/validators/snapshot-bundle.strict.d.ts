// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-bundle.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `SnapshotBundleLine` (strict). */
export declare const SnapshotBundleLine: StandaloneValidator<Types.SnapshotBundleLine>;

/** Validates a value against `SnapshotHeader` (strict). */
export declare const SnapshotHeader: StandaloneValidator<Types.SnapshotHeader>;

/** Validates a value against `SnapshotSecrets` (strict). */
export declare const SnapshotSecrets: StandaloneValidator<Types.SnapshotSecrets>;

/** Validates a value against `SnapshotFinding` (strict). */
export declare const SnapshotFinding: StandaloneValidator<Types.SnapshotFinding>;

/** Validates a value against `SnapshotProblem` (strict). */
export declare const SnapshotProblem: StandaloneValidator<Types.SnapshotProblem>;

/** Validates a value against `SnapshotRepository` (strict). */
export declare const SnapshotRepository: StandaloneValidator<Types.SnapshotRepository>;

/** Validates a value against `SnapshotRemote` (strict). */
export declare const SnapshotRemote: StandaloneValidator<Types.SnapshotRemote>;

/** Validates a value against `SnapshotChange` (strict). */
export declare const SnapshotChange: StandaloneValidator<Types.SnapshotChange>;

/** Validates a value against `SnapshotFile` (strict). */
export declare const SnapshotFile: StandaloneValidator<Types.SnapshotFile>;

/** Validates a value against `SnapshotEncoding` (strict). */
export declare const SnapshotEncoding: StandaloneValidator<Types.SnapshotEncoding>;

/** Validates a value against `SnapshotChunk` (strict). */
export declare const SnapshotChunk: StandaloneValidator<Types.SnapshotChunk>;

/** Validates a value against `SnapshotEnd` (strict). */
export declare const SnapshotEnd: StandaloneValidator<Types.SnapshotEnd>;
