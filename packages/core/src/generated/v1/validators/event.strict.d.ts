// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Event` (strict). */
export declare const Event: StandaloneValidator<Types.Event>;

/** Validates a value against `EventType` (strict). */
export declare const EventType: StandaloneValidator<Types.EventType>;
