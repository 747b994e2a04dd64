// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-bundle.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `SnapshotBundleLine` (tolerant). */
export declare const SnapshotBundleLine: StandaloneValidator<Types.SnapshotBundleLine>;

/** Validates a value against `SnapshotHeader` (tolerant). */
export declare const SnapshotHeader: StandaloneValidator<Types.SnapshotHeader>;

/** Validates a value against `SnapshotSecrets` (tolerant). */
export declare const SnapshotSecrets: StandaloneValidator<Types.SnapshotSecrets>;

/** Validates a value against `SnapshotFinding` (tolerant). */
export declare const SnapshotFinding: StandaloneValidator<Types.SnapshotFinding>;

/** Validates a value against `SnapshotProblem` (tolerant). */
export declare const SnapshotProblem: StandaloneValidator<Types.SnapshotProblem>;

/** Validates a value against `SnapshotRepository` (tolerant). */
export declare const SnapshotRepository: StandaloneValidator<Types.SnapshotRepository>;

/** Validates a value against `SnapshotRemote` (tolerant). */
export declare const SnapshotRemote: StandaloneValidator<Types.SnapshotRemote>;

/** Validates a value against `SnapshotChange` (tolerant). */
export declare const SnapshotChange: StandaloneValidator<Types.SnapshotChange>;

/** Validates a value against `SnapshotFile` (tolerant). */
export declare const SnapshotFile: StandaloneValidator<Types.SnapshotFile>;

/** Validates a value against `SnapshotEncoding` (tolerant). */
export declare const SnapshotEncoding: StandaloneValidator<Types.SnapshotEncoding>;

/** Validates a value against `SnapshotChunk` (tolerant). */
export declare const SnapshotChunk: StandaloneValidator<Types.SnapshotChunk>;

/** Validates a value against `SnapshotEnd` (tolerant). */
export declare const SnapshotEnd: StandaloneValidator<Types.SnapshotEnd>;
