// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as eventStrict from "../validators/event.strict.js";
import * as eventTolerant from "../validators/event.tolerant.js";
import * as StrictFast from "../validators/hot-definitions.strict.fast.js";
import * as TolerantFast from "../validators/hot-definitions.tolerant.fast.js";

/** Validates a value as `Event` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json). */
export const validateEvent = createValidator<Strict.Event>("Event", "strict", eventStrict.Event, StrictFast.Event);
/** Validates a value as `Event` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json). */
export const validateEventTolerant = createValidator<Tolerant.Event>("Event", "tolerant", eventTolerant.Event, TolerantFast.Event);

/** Validates a value as `EventType` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventType = createValidator<Strict.EventType>("EventType", "strict", eventStrict.EventType);
/** Validates a value as `EventType` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventTypeTolerant = createValidator<Tolerant.EventType>("EventType", "tolerant", eventTolerant.EventType);

/** Validates a value as `StepPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/StepPayload). */
export const validateStepPayload = createValidator<Strict.StepPayload>("StepPayload", "strict", eventStrict.StepPayload);
/** Validates a value as `StepPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/StepPayload). */
export const validateStepPayloadTolerant = createValidator<Tolerant.StepPayload>("StepPayload", "tolerant", eventTolerant.StepPayload);

/** Validates a value as `RunStartedPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/RunStartedPayload). */
export const validateRunStartedPayload = createValidator<Strict.RunStartedPayload>("RunStartedPayload", "strict", eventStrict.RunStartedPayload);
/** Validates a value as `RunStartedPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/RunStartedPayload). */
export const validateRunStartedPayloadTolerant = createValidator<Tolerant.RunStartedPayload>("RunStartedPayload", "tolerant", eventTolerant.RunStartedPayload);

/** Validates a value as `MessagePayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/MessagePayload). */
export const validateMessagePayload = createValidator<Strict.MessagePayload>("MessagePayload", "strict", eventStrict.MessagePayload, StrictFast.MessagePayload);
/** Validates a value as `MessagePayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/MessagePayload). */
export const validateMessagePayloadTolerant = createValidator<Tolerant.MessagePayload>("MessagePayload", "tolerant", eventTolerant.MessagePayload, TolerantFast.MessagePayload);

/** Validates a value as `ToolPayload` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/ToolPayload). */
export const validateToolPayload = createValidator<Strict.ToolPayload>("ToolPayload", "strict", eventStrict.ToolPayload, StrictFast.ToolPayload);
/** Validates a value as `ToolPayload` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/ToolPayload). */
export const validateToolPayloadTolerant = createValidator<Tolerant.ToolPayload>("ToolPayload", "tolerant", eventTolerant.ToolPayload, TolerantFast.ToolPayload);

/** Validates a value as `AwfContentBlock` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/AwfContentBlock). */
export const validateAwfContentBlock = createValidator<Strict.AwfContentBlock>("AwfContentBlock", "strict", eventStrict.AwfContentBlock);
/** Validates a value as `AwfContentBlock` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/AwfContentBlock). */
export const validateAwfContentBlockTolerant = createValidator<Tolerant.AwfContentBlock>("AwfContentBlock", "tolerant", eventTolerant.AwfContentBlock);
