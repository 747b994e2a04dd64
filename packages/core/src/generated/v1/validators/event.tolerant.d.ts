// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Event` (tolerant). */
export declare const Event: StandaloneValidator<Types.Event>;

/** Validates a value against `EventType` (tolerant). */
export declare const EventType: StandaloneValidator<Types.EventType>;
