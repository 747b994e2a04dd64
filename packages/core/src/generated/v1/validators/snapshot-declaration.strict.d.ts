// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `SnapshotDeclaration` (strict). */
export declare const SnapshotDeclaration: StandaloneValidator<Types.SnapshotDeclaration>;
