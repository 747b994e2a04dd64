// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/message.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Message` (strict). */
export declare const Message: StandaloneValidator<Types.Message>;

/** Validates a value against `Role` (strict). */
export declare const Role: StandaloneValidator<Types.Role>;

/** Validates a value against `FinishReason` (strict). */
export declare const FinishReason: StandaloneValidator<Types.FinishReason>;
