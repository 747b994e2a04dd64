// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/usage.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Usage` (tolerant). */
export declare const Usage: StandaloneValidator<Types.Usage>;

/** Validates a value against `RawUsage` (tolerant). */
export declare const RawUsage: StandaloneValidator<Types.RawUsage>;
