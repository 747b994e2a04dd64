// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json
// Regenerate: pnpm generate
// Variant: strict
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../types.js";

/** Validates a value against `Cost` (strict). */
export declare const Cost: StandaloneValidator<Types.Cost>;

/** Validates a value against `ComputedCost` (strict). */
export declare const ComputedCost: StandaloneValidator<Types.ComputedCost>;

/** Validates a value against `ReportedCost` (strict). */
export declare const ReportedCost: StandaloneValidator<Types.ReportedCost>;

/** Validates a value against `UnknownCost` (strict). */
export declare const UnknownCost: StandaloneValidator<Types.UnknownCost>;

/** Validates a value against `CostBreakdown` (strict). */
export declare const CostBreakdown: StandaloneValidator<Types.CostBreakdown>;

/** Validates a value against `PricingReference` (strict). */
export declare const PricingReference: StandaloneValidator<Types.PricingReference>;
