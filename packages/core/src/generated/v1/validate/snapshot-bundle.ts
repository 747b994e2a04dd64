// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-bundle.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as snapshotBundleStrict from "../validators/snapshot-bundle.strict.js";
import * as snapshotBundleTolerant from "../validators/snapshot-bundle.tolerant.js";

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
