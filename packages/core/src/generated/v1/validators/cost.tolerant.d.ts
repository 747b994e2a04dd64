// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json
// Regenerate: pnpm generate
// Variant: tolerant
import type { StandaloneValidator } from "../../../standalone-validator.js";
import type * as Types from "../tolerant-types.js";

/** Validates a value against `Cost` (tolerant). */
export declare const Cost: StandaloneValidator<Types.Cost>;

/** Validates a value against `ComputedCost` (tolerant). */
export declare const ComputedCost: StandaloneValidator<Types.ComputedCost>;

/** Validates a value against `ReportedCost` (tolerant). */
export declare const ReportedCost: StandaloneValidator<Types.ReportedCost>;

/** Validates a value against `UnknownCost` (tolerant). */
export declare const UnknownCost: StandaloneValidator<Types.UnknownCost>;

/** Validates a value against `CostBreakdown` (tolerant). */
export declare const CostBreakdown: StandaloneValidator<Types.CostBreakdown>;

/** Validates a value against `PricingReference` (tolerant). */
export declare const PricingReference: StandaloneValidator<Types.PricingReference>;
