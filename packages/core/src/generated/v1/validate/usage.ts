// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/usage.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as usageStrict from "../validators/usage.strict.js";
import * as usageTolerant from "../validators/usage.tolerant.js";

/** Validates a value as `Usage` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/usage.schema.json). */
export const validateUsage = createValidator<Strict.Usage>("Usage", "strict", usageStrict.Usage);
/** Validates a value as `Usage` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/usage.schema.json). */
export const validateUsageTolerant = createValidator<Tolerant.Usage>("Usage", "tolerant", usageTolerant.Usage);

/** Validates a value as `RawUsage` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/usage.schema.json#/$defs/RawUsage). */
export const validateRawUsage = createValidator<Strict.RawUsage>("RawUsage", "strict", usageStrict.RawUsage);
/** Validates a value as `RawUsage` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/usage.schema.json#/$defs/RawUsage). */
export const validateRawUsageTolerant = createValidator<Tolerant.RawUsage>("RawUsage", "tolerant", usageTolerant.RawUsage);
