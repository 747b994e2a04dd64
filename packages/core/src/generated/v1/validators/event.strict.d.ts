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

/** Validates a value against `StepPayload` (strict). */
export declare const StepPayload: StandaloneValidator<Types.StepPayload>;

/** Validates a value against `RunStartedPayload` (strict). */
export declare const RunStartedPayload: StandaloneValidator<Types.RunStartedPayload>;

/** Validates a value against `MessagePayload` (strict). */
export declare const MessagePayload: StandaloneValidator<Types.MessagePayload>;

/** Validates a value against `ToolPayload` (strict). */
export declare const ToolPayload: StandaloneValidator<Types.ToolPayload>;

/** Validates a value against `AwfContentBlock` (strict). */
export declare const AwfContentBlock: StandaloneValidator<Types.AwfContentBlock>;
