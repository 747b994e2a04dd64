// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as snapshotDeclarationStrict from "../validators/snapshot-declaration.strict.js";
import * as snapshotDeclarationTolerant from "../validators/snapshot-declaration.tolerant.js";

/** Validates a value as `SnapshotDeclaration` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclaration = createValidator<Strict.SnapshotDeclaration>("SnapshotDeclaration", "strict", snapshotDeclarationStrict.SnapshotDeclaration);
/** Validates a value as `SnapshotDeclaration` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclarationTolerant = createValidator<Tolerant.SnapshotDeclaration>("SnapshotDeclaration", "tolerant", snapshotDeclarationTolerant.SnapshotDeclaration);
