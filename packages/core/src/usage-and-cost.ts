// The entry point `@agent-transcript/core/usage`: adding, normalising and summing token usage, and pricing it with a
// dated price table. Also exported by the root; this entry loads no validator, so a report over many runs starts
// without them.
export {
  addUsage,
  normalizeUsage,
  sumUsage,
  sumUsageChecked,
  usageCounters,
  usageProviders,
  type CheckedUsageSum,
  type ClampedUsageCount,
  type UsageCounter,
  type UsageProvider,
} from "./usage.js";
export {
  addCost,
  computeCost,
  defaultPriceTable,
  findModelPrice,
  messageCost,
  type CostedMessage,
  type EarlierPrice,
  type ModelMatch,
  type ModelPrice,
  type PriceTable,
  type PriceTier,
  type PricedCost,
  type ProviderModels,
  type TokenPrices,
  type UnpricedModel,
} from "./cost.js";
// The schema's types these take and give, so that a caller of this entry alone can name them.
export type {
  ComputedCost,
  Cost,
  CostBreakdown,
  PricingReference,
  RawUsage,
  ReportedCost,
  UnknownCost,
  Usage,
} from "./generated/v1/types.js";
