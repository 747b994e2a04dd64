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

/** Validates a value against `StepPayload` (tolerant). */
export declare const StepPayload: StandaloneValidator<Types.StepPayload>;

/** Validates a value against `RunStartedPayload` (tolerant). */
export declare const RunStartedPayload: StandaloneValidator<Types.RunStartedPayload>;

/** Validates a value against `MessagePayload` (tolerant). */
export declare const MessagePayload: StandaloneValidator<Types.MessagePayload>;

/** Validates a value against `ToolPayload` (tolerant). */
export declare const ToolPayload: StandaloneValidator<Types.ToolPayload>;

/** Validates a value against `AwfContentBlock` (tolerant). */
export declare const AwfContentBlock: StandaloneValidator<Types.AwfContentBlock>;
