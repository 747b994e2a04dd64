// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/message.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as messageStrict from "../validators/message.strict.js";
import * as messageTolerant from "../validators/message.tolerant.js";
import * as StrictFast from "../validators/hot-definitions.strict.fast.js";
import * as TolerantFast from "../validators/hot-definitions.tolerant.fast.js";

/** Validates a value as `Message` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json). */
export const validateMessage = createValidator<Strict.Message>("Message", "strict", messageStrict.Message, StrictFast.Message);
/** Validates a value as `Message` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json). */
export const validateMessageTolerant = createValidator<Tolerant.Message>("Message", "tolerant", messageTolerant.Message, TolerantFast.Message);

/** Validates a value as `Role` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json#/$defs/Role). */
export const validateRole = createValidator<Strict.Role>("Role", "strict", messageStrict.Role);
/** Validates a value as `Role` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json#/$defs/Role). */
export const validateRoleTolerant = createValidator<Tolerant.Role>("Role", "tolerant", messageTolerant.Role);

/** Validates a value as `FinishReason` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/message.schema.json#/$defs/FinishReason). */
export const validateFinishReason = createValidator<Strict.FinishReason>("FinishReason", "strict", messageStrict.FinishReason);
/** Validates a value as `FinishReason` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/message.schema.json#/$defs/FinishReason). */
export const validateFinishReasonTolerant = createValidator<Tolerant.FinishReason>("FinishReason", "tolerant", messageTolerant.FinishReason);
