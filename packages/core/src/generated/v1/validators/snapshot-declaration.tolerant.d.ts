// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `SnapshotDeclaration` (tolerant). */
export declare const SnapshotDeclaration: StandaloneValidator<Types.SnapshotDeclaration>;
