// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/usage.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Usage` (strict). */
export declare const Usage: StandaloneValidator<Types.Usage>;

/** Validates a value against `RawUsage` (strict). */
export declare const RawUsage: StandaloneValidator<Types.RawUsage>;
