// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../../validation.js";
import type * as Strict from "../types.js";
import type * as Tolerant from "../tolerant-types.js";
import * as costStrict from "../validators/cost.strict.js";
import * as costTolerant from "../validators/cost.tolerant.js";

/** Validates a value as `Cost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json). */
export const validateCost = createValidator<Strict.Cost>("Cost", "strict", costStrict.Cost);
/** Validates a value as `Cost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json). */
export const validateCostTolerant = createValidator<Tolerant.Cost>("Cost", "tolerant", costTolerant.Cost);

/** Validates a value as `ComputedCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/ComputedCost). */
export const validateComputedCost = createValidator<Strict.ComputedCost>("ComputedCost", "strict", costStrict.ComputedCost);
/** Validates a value as `ComputedCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/ComputedCost). */
export const validateComputedCostTolerant = createValidator<Tolerant.ComputedCost>("ComputedCost", "tolerant", costTolerant.ComputedCost);

/** Validates a value as `ReportedCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/ReportedCost). */
export const validateReportedCost = createValidator<Strict.ReportedCost>("ReportedCost", "strict", costStrict.ReportedCost);
/** Validates a value as `ReportedCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/ReportedCost). */
export const validateReportedCostTolerant = createValidator<Tolerant.ReportedCost>("ReportedCost", "tolerant", costTolerant.ReportedCost);

/** Validates a value as `UnknownCost` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/UnknownCost). */
export const validateUnknownCost = createValidator<Strict.UnknownCost>("UnknownCost", "strict", costStrict.UnknownCost);
/** Validates a value as `UnknownCost` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/UnknownCost). */
export const validateUnknownCostTolerant = createValidator<Tolerant.UnknownCost>("UnknownCost", "tolerant", costTolerant.UnknownCost);

/** Validates a value as `CostBreakdown` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/CostBreakdown). */
export const validateCostBreakdown = createValidator<Strict.CostBreakdown>("CostBreakdown", "strict", costStrict.CostBreakdown);
/** Validates a value as `CostBreakdown` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/CostBreakdown). */
export const validateCostBreakdownTolerant = createValidator<Tolerant.CostBreakdown>("CostBreakdown", "tolerant", costTolerant.CostBreakdown);

/** Validates a value as `PricingReference` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/cost.schema.json#/$defs/PricingReference). */
export const validatePricingReference = createValidator<Strict.PricingReference>("PricingReference", "strict", costStrict.PricingReference);
/** Validates a value as `PricingReference` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/cost.schema.json#/$defs/PricingReference). */
export const validatePricingReferenceTolerant = createValidator<Tolerant.PricingReference>("PricingReference", "tolerant", costTolerant.PricingReference);
