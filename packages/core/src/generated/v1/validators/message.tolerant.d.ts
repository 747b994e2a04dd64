// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/message.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Message` (tolerant). */
export declare const Message: StandaloneValidator<Types.Message>;

/** Validates a value against `Role` (tolerant). */
export declare const Role: StandaloneValidator<Types.Role>;

/** Validates a value against `FinishReason` (tolerant). */
export declare const FinishReason: StandaloneValidator<Types.FinishReason>;
