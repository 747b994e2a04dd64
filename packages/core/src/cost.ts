// Cost of a model call from its canonical usage and a versioned price table (generated/prices.json, from the price
// database @pydantic/genai-prices: tools/codegen/src/prices.ts). A model the table does not know costs "unknown", never
// zero: a zero would silently under-report every total it is added to.
import prices from "./generated/prices.json" with { type: "json" };
import type { ComputedCost, Cost, CostBreakdown, ReportedCost, UnknownCost, Usage } from "./generated/v1/types.js";

/** Prices in the table's currency per million tokens, by kind of token. */
export interface TokenPrices {
  /** Uncached input tokens. */
  input: number;
  /** All output tokens, reasoning included. */
  output: number;
  /** Cache reads; absent means the input price. */
  cache_read?: number;
  /** Cache writes (Anthropic: 5-minute TTL); absent means the input price. */
  cache_write?: number;
  /** Anthropic 1-hour-TTL cache writes; absent means the cache_write price. */
  cache_write_1h?: number;
}

/** The prices for requests whose input exceeds `above_input_tokens`, in place of the base prices. */
export interface PriceTier extends TokenPrices {
  above_input_tokens: number;
}

/**
 * Which model ids an entry prices, as the price database writes it: exact, prefix, suffix and substring tests of the
 * lower-cased id, a regular expression, and their combinations.
 */
export type ModelMatch =
  | { readonly equals: string }
  | { readonly starts_with: string }
  | { readonly ends_with: string }
  | { readonly contains: string }
  | { readonly regex: string }
  | { readonly or: readonly ModelMatch[] }
  | { readonly and: readonly ModelMatch[] };

/** A price no longer in effect: the entry's prices until the day `until` (YYYY-MM-DD, exclusive). */
export interface EarlierPrice extends TokenPrices {
  until: string;
  tiers?: readonly PriceTier[];
}

export interface ModelPrice extends TokenPrices {
  provider: string;
  model: string;
  aliases: readonly string[];
  /** The other ids this entry prices (snapshots, spellings), by the price database's rule. */
  match?: ModelMatch;
  tiers?: readonly PriceTier[];
  /** The provider's official pricing page. */
  source: string;
  /** The day the price was read (YYYY-MM-DD). */
  date: string;
  /** Pages actually read when the official page itself could not be (see the table's notes). */
  checked_against?: readonly string[];
  /** The day these prices take effect (YYYY-MM-DD), when dated: possibly in the future, for an announced change. */
  from?: string;
  /** The prices before these, newest first: a call made before a change is priced as it was billed. */
  earlier?: readonly EarlierPrice[];
}

/** Models the table declines to price, and why (a model alias, a local model, an internal model with no price). */
export interface UnpricedModel {
  model: string;
  match: ModelMatch;
  reason: string;
}

/**
 * Which model ids a provider serves, by the price database's rule: an id named without a provider is priced among the
 * models of the first provider whose rule accepts it.
 */
export interface ProviderModels {
  provider: string;
  match: ModelMatch;
}

export interface PriceTable {
  version: string;
  currency: string;
  unit: string;
  notes?: readonly string[];
  /** In order; without them, an id named without a provider is looked for among every model. */
  providers?: readonly ProviderModels[];
  models: readonly ModelPrice[];
  unpriced?: readonly UnpricedModel[];
}

export type { Cost };

/** The price table shipped with this package (`generated/prices.json`), frozen. */
export const defaultPriceTable: PriceTable = deepFreeze(prices as PriceTable);

const tokensPerPriceUnit = 1_000_000;

/** What computeCost returns: a computed cost always carries its breakdown. */
export type PricedCost = (ComputedCost & { breakdown: CostBreakdown }) | UnknownCost;

/**
 * Prices one model call. Uncached input (input − cache reads − cache writes) is priced at `input`, cache reads at
 * `cache_read`, cache writes at `cache_write` (1-hour Anthropic writes at `cache_write_1h`, when the raw Anthropic or
 * Bedrock usage says how many there were) and all output, reasoning included, at `output`.
 *
 * Price each call and add the results with {@link addCost}: prompt-length tiers depend on one request's input, and the
 * 1-hour cache-write split lives in `usage.raw`, which sums of usages drop.
 *
 * The model is looked up by {@link findModelPrice}; an unknown model, an invalid usage or a table in another unit gives
 * `status: "unknown"` with the reason. `at`, the call's time (RFC 3339), picks the price in effect that day when the
 * model's price has changed; without it, the price in effect today.
 */
export function computeCost(
  usage: Usage,
  model: string,
  table: PriceTable = defaultPriceTable,
  at?: string,
): PricedCost {
  const currency = typeof table.currency === "string" ? table.currency : "USD";
  const unknown = (reason: string): UnknownCost => ({ status: "unknown", currency, reason });
  if (table.unit !== "per_million_tokens")
    return unknown(`price table unit ${JSON.stringify(table.unit)} is not supported`);
  if (!isValidUsage(usage)) return unknown("usage counts are not non-negative integers");
  const entry = findModelPrice(model, table);
  if (entry === undefined) {
    const declined = unpricedReason(model, table) ?? unknownPrefixReason(model, table);
    return unknown(
      declined === undefined
        ? `no price for model ${describeModel(model)} in price table ${table.version}`
        : `no price for model ${describeModel(model)}: ${declined}`,
    );
  }
  const cacheRead = usage.cache_read_tokens ?? 0;
  const cacheWrite = usage.cache_write_tokens ?? 0;
  const uncached = usage.input_tokens - cacheRead - cacheWrite;
  if (uncached < 0) return unknown("usage has more cache tokens than input tokens");
  if ((usage.reasoning_tokens ?? 0) > usage.output_tokens)
    return unknown("usage has more reasoning tokens than output tokens");

  const rates = ratesFor(priceOn(entry, at), usage.input_tokens);
  const oneHourWrites = Math.min(oneHourCacheWrites(usage), cacheWrite);
  // Tokens × price per million is exact for most prices, so multiplying first leaves one rounding (the division), not two.
  const price = (tokens: number, rate: number): number => (tokens * rate) / tokensPerPriceUnit;
  const breakdown = {
    input: price(uncached, rates.input),
    output: price(usage.output_tokens, rates.output),
    // Without a cache-read price the provider's discount is unknown: the full input price over- rather than
    // under-estimates.
    cache_read: price(cacheRead, rates.cache_read ?? rates.input),
    // Without a cache-write price the provider charges cache writes as ordinary input (OpenAI, Gemini implicit caching).
    cache_write:
      price(cacheWrite - oneHourWrites, rates.cache_write ?? rates.input) +
      price(oneHourWrites, rates.cache_write_1h ?? rates.cache_write ?? rates.input),
  };
  return {
    status: "computed",
    amount: breakdown.input + breakdown.output + breakdown.cache_read + breakdown.cache_write,
    currency,
    breakdown,
    pricing: { table_version: table.version, model: entry.model, source: entry.source, date: entry.date },
  };
}

/** What a message holds that its cost is read from, as any reader has it (a strict or a tolerant message). */
export interface CostedMessage {
  readonly model?: unknown;
  readonly usage?: unknown;
  readonly cost?: unknown;
  /** The call's time (RFC 3339): the price of its day. */
  readonly created_at?: unknown;
}

/**
 * What one model call cost, as every report, page and export counts it: the cost the message reports, else its usage
 * priced by its model at the price in effect on its day. Undefined for a message without usage (nothing to count);
 * unknown, with the reason, for a call that names no model or whose model has no price.
 */
export function messageCost(message: CostedMessage, table: PriceTable = defaultPriceTable): Cost | undefined {
  const usage = message.usage as Usage | null | undefined;
  if (
    typeof usage !== "object" ||
    usage === null ||
    !Number.isSafeInteger(usage.input_tokens) ||
    !Number.isSafeInteger(usage.output_tokens)
  )
    return undefined;
  if (isCostLike(message.cost)) return message.cost;
  const model = message.model;
  if (typeof model !== "string" || model === "") {
    const currency = typeof table.currency === "string" ? table.currency : "USD";
    return { status: "unknown", currency, reason: "the call names no model" };
  }
  return computeCost(usage, model, table, typeof message.created_at === "string" ? message.created_at : undefined);
}

/** A cost as a message carries it: an object with one of the three statuses (a tolerant document's is not checked further). */
function isCostLike(value: unknown): value is Cost {
  if (typeof value !== "object" || value === null) return false;
  const status = (value as { status?: unknown }).status;
  return status === "computed" || status === "reported" || status === "unknown";
}

/**
 * Adds two costs for a total. Unknown plus anything is unknown (a partial sum would pass for a complete one), and so
 * is a sum across currencies. When the two were priced differently (another model, table or source) the `pricing`
 * fields list each distinct value once, joined with " + ".
 */
/**
 * Adds two costs for totals. Unknown wins (a total with an unknown part is unknown, never an undercount); two
 * computed costs stay computed; a reported cost in the mix makes the total reported.
 */
export function addCost(a: Cost, b: Cost): Cost {
  if (a.status === "unknown") return a;
  if (b.status === "unknown") return b;
  if (a.currency !== b.currency) {
    return { status: "unknown", currency: a.currency, reason: `cannot add ${a.currency} and ${b.currency} costs` };
  }
  if (a.status === "computed" && b.status === "computed") return addComputed(a, b);
  const reporters = [a, b].map((cost) =>
    cost.status === "reported" ? (cost.reported_by ?? "reported") : `computed from prices of ${cost.pricing.date}`,
  );
  const total: ReportedCost = {
    status: "reported",
    amount: a.amount + b.amount,
    currency: a.currency,
    reported_by: mergeLabels(reporters[0] ?? "", reporters[1] ?? ""),
  };
  return total;
}

function addComputed(a: ComputedCost, b: ComputedCost): ComputedCost {
  const breakdown = (cost: ComputedCost) =>
    cost.breakdown ?? { input: cost.amount, output: 0, cache_read: 0, cache_write: 0 };
  return {
    status: "computed",
    amount: a.amount + b.amount,
    currency: a.currency,
    breakdown: {
      input: breakdown(a).input + breakdown(b).input,
      output: breakdown(a).output + breakdown(b).output,
      cache_read: breakdown(a).cache_read + breakdown(b).cache_read,
      cache_write: breakdown(a).cache_write + breakdown(b).cache_write,
    },
    pricing: {
      table_version: mergeLabels(a.pricing.table_version, b.pricing.table_version),
      model: mergeLabels(a.pricing.model, b.pricing.model),
      source: mergeLabels(a.pricing.source, b.pricing.source),
      // A date field holds one date: the oldest prices a total was computed from.
      date: a.pricing.date < b.pricing.date ? a.pricing.date : b.pricing.date,
    },
  };
}

const labelSeparator = " + ";

function mergeLabels(a: string, b: string): string {
  // A total of many calls adds one call's label at a time, mostly one it holds already: said without splitting.
  if (a === b) return a;
  if (!b.includes(labelSeparator))
    return a.startsWith(`${b}${labelSeparator}`) ||
      a.endsWith(`${labelSeparator}${b}`) ||
      a.includes(`${labelSeparator}${b}${labelSeparator}`)
      ? a
      : `${a}${labelSeparator}${b}`;
  const labels = a.split(labelSeparator);
  for (const label of b.split(labelSeparator)) if (!labels.includes(label)) labels.push(label);
  return labels.join(labelSeparator);
}

/** Path segments accepted before a model id, and the table provider each one names (null: names none). */
const modelIdPrefixes: ReadonlyMap<string, string | null> = new Map([
  ["anthropic", "anthropic"],
  ["openai", "openai"],
  ["google", "google"],
  ["gemini", "google"],
  ["mistral", "mistral"],
  ["mistralai", "mistral"],
  ["deepseek", "deepseek"],
  ["xai", "xai"],
  ["x-ai", "xai"],
  ["models", null],
  ["publishers", null],
]);

const compactDateSuffix = /[-@]\d{8}$/;
const dashedDateSuffix = /-\d{4}-\d{2}-\d{2}$/;

/**
 * Finds a model's prices. The rule, in order:
 * 1. Case and surrounding whitespace are ignored.
 * 2. A path prefix made only of provider segments (`anthropic/`, `openai/`, `google/`, `gemini/`, `mistral/`,
 *    `deepseek/`, `xai/`) and `models/` or `publishers/` is removed (`anthropic/claude-sonnet-4-5`,
 *    `publishers/google/models/gemini-2.5-pro`); a provider segment must match the entry's provider. Any other prefix
 *    (a router, a cloud) finds nothing, since its prices may differ.
 * 3. The id is looked up among the models' ids and aliases (dated snapshots priced differently, like
 *    `gpt-4o-2024-05-13`, are entries of their own and win here), then by the price database's rules, in table order,
 *    among the models of the named provider or of the first provider whose own rule takes the id. The database's rules
 *    name the variants that share a model's price; siblings priced differently (`gpt-4o-mini`, `gpt-4o`) have rules of
 *    their own.
 * 4. Failing that, one trailing snapshot date is removed and step 3 repeated: `-YYYYMMDD` (Anthropic), `@YYYYMMDD`
 *    (Vertex AI) or `-YYYY-MM-DD` (OpenAI), where the date is a real calendar date.
 */
export function findModelPrice(model: string, table: PriceTable = defaultPriceTable): ModelPrice | undefined {
  if (typeof model !== "string" || model.length > 512) return undefined;
  // A run prices many calls of few models: each id is looked up once per table (the rules are scanned in order).
  let found = lookups.get(table);
  if (found === undefined) lookups.set(table, (found = new Map()));
  const known = found.get(model);
  if (known !== undefined) return known ?? undefined;
  const parsed = parseModelId(model);
  let entry: ModelPrice | undefined;
  if (parsed.unknownPrefix === undefined && parsed.id !== "" && !parsed.providerConflict) {
    const index = indexOf(table);
    const undated = withoutSnapshotDate(parsed.id);
    entry =
      lookUp(parsed.id, table, index, parsed.provider) ??
      (undated === undefined ? undefined : lookUp(undated, table, index, parsed.provider));
  }
  // Bounded: a file naming endless distinct models cannot grow it without end.
  if (found.size >= maxRememberedLookups) found.clear();
  found.set(model, entry ?? null);
  return entry;
}

const lookups = new WeakMap<PriceTable, Map<string, ModelPrice | null>>();
const maxRememberedLookups = 4096;

interface ParsedModelId {
  /** The id less its path prefix, lower-cased and trimmed. */
  id: string;
  /** The provider a prefix segment named. */
  provider: string | undefined;
  /** Two prefix segments naming different providers (`anthropic/openai/gpt-4o`). */
  providerConflict: boolean;
  /** The first prefix segment that names no provider the table knows (a router, a cloud, a model vendor). */
  unknownPrefix: string | undefined;
}

/** Splits `anthropic/claude-…`, `publishers/google/models/gemini-…` into the id and the provider its prefix names. */
function parseModelId(model: string): ParsedModelId {
  const segments = model.trim().toLowerCase().split("/");
  const id = segments.pop() ?? "";
  let provider: string | undefined;
  let providerConflict = false;
  for (const segment of segments) {
    const named = modelIdPrefixes.get(segment);
    if (named === undefined) return { id, provider, providerConflict, unknownPrefix: segment };
    if (named === null) continue;
    if (provider !== undefined && provider !== named) providerConflict = true;
    provider = named;
  }
  return { id, provider, providerConflict, unknownPrefix: undefined };
}

/**
 * One id's entry: among the models of the provider the id named, else of the first provider whose own rule takes the
 * id (so that Claude ids are priced from Anthropic's list, not from a cloud's that also serves Claude, and
 * `us.anthropic.claude-…`, a cloud's own id, from none): by exact id, then by the first entry, in table order, whose
 * rule accepts it. An id no provider's rule takes is still found by its exact id.
 */
function lookUp(
  id: string,
  table: PriceTable,
  index: ReadonlyMap<string, readonly ModelPrice[]>,
  named: string | undefined,
): ModelPrice | undefined {
  const provider = named ?? table.providers?.find((entry) => matches(entry.match, id))?.provider;
  const exact = index.get(id)?.find((entry) => provider === undefined || entry.provider === provider);
  // A table that lists its providers prices an id no provider takes by exact id only; one that does not, by any rule.
  if (exact !== undefined || (provider === undefined && table.providers !== undefined)) return exact;
  return table.models.find(
    (entry) =>
      entry.match !== undefined && (provider === undefined || entry.provider === provider) && matches(entry.match, id),
  );
}

/** Why an id with a path prefix naming no provider the table covers (a router, a cloud, a model vendor) has no price. */
function unknownPrefixReason(model: string, table: PriceTable): string | undefined {
  if (typeof model !== "string" || model.length > 512) return undefined;
  const unknown = parseModelId(model).unknownPrefix;
  if (unknown === undefined) return undefined;
  const covered = table.providers?.map((entry) => entry.provider).join(", ");
  return `its prefix "${unknown.slice(0, 40)}/" names no provider the price table covers${covered === undefined ? "" : ` (${covered})`}, whose prices may differ`;
}

/** Why the table declines to price `model`, when one of its unpriced rules accepts it. */
function unpricedReason(model: string, table: PriceTable): string | undefined {
  if (typeof model !== "string" || model.length > 512) return undefined;
  const id = model.trim().toLowerCase();
  return table.unpriced?.find((entry) => matches(entry.match, id))?.reason;
}

const compiledPatterns = new Map<string, RegExp | null>();

/** Whether a price database rule accepts a lower-cased id (at most 512 characters: the rules run on bounded input). */
function matches(rule: ModelMatch, id: string): boolean {
  if ("equals" in rule) return id === rule.equals;
  if ("starts_with" in rule) return id.startsWith(rule.starts_with);
  if ("ends_with" in rule) return id.endsWith(rule.ends_with);
  if ("contains" in rule) return id.includes(rule.contains);
  if ("regex" in rule) {
    let pattern = compiledPatterns.get(rule.regex);
    if (pattern === undefined) {
      // The generator refuses patterns that could backtrack for long; a table given by a caller may hold one that
      // does not compile, which then matches nothing.
      try {
        pattern = new RegExp(rule.regex);
      } catch {
        pattern = null;
      }
      compiledPatterns.set(rule.regex, pattern);
    }
    return pattern !== null && pattern.test(id);
  }
  if ("or" in rule) return rule.or.some((inner) => matches(inner, id));
  if ("and" in rule) return rule.and.every((inner) => matches(inner, id));
  return false;
}

/** The entry's prices in effect on the day of `at` (RFC 3339), or today: its newest, or an earlier set. */
function priceOn(entry: ModelPrice, at: string | undefined): ModelPrice | EarlierPrice {
  if (entry.earlier === undefined) return entry;
  const day =
    typeof at === "string" && /^\d{4}-\d{2}-\d{2}/.test(at) ? at.slice(0, 10) : new Date().toISOString().slice(0, 10);
  let chosen: ModelPrice | EarlierPrice = entry;
  for (const earlier of entry.earlier) {
    if (day < earlier.until) chosen = earlier;
    else break;
  }
  return chosen;
}

function withoutSnapshotDate(id: string): string | undefined {
  const match = compactDateSuffix.exec(id) ?? dashedDateSuffix.exec(id);
  if (match === null) return undefined;
  const digits = match[0].slice(1).replaceAll("-", "");
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return id.slice(0, match.index);
}

const indexes = new WeakMap<PriceTable, ReadonlyMap<string, readonly ModelPrice[]>>();

/** The entries claiming each id, in table order: one per provider that lists the model (Claude on Google's list too). */
function indexOf(table: PriceTable): ReadonlyMap<string, readonly ModelPrice[]> {
  const cached = indexes.get(table);
  if (cached !== undefined) return cached;
  const index = new Map<string, ModelPrice[]>();
  for (const entry of table.models) {
    for (const id of [entry.model, ...entry.aliases]) {
      const key = id.toLowerCase();
      const claimed = index.get(key);
      if (claimed === undefined) index.set(key, [entry]);
      else claimed.push(entry);
    }
  }
  indexes.set(table, index);
  return index;
}

function ratesFor(entry: ModelPrice | EarlierPrice, inputTokens: number): TokenPrices {
  let chosen: PriceTier | undefined;
  for (const tier of entry.tiers ?? []) {
    const exceeded = inputTokens > tier.above_input_tokens;
    if (exceeded && (chosen === undefined || tier.above_input_tokens > chosen.above_input_tokens)) chosen = tier;
  }
  // A tier replaces the base prices as a whole: a cache price it leaves out falls back to the tier's own input price.
  return chosen ?? entry;
}

/** How many of the usage's cache writes had Anthropic's 1-hour TTL, from the raw provider usage (0 when unknown). */
function oneHourCacheWrites(usage: Usage): number {
  try {
    const raw = usage.raw;
    if (raw === undefined || typeof raw.usage !== "object" || raw.usage === null) return 0;
    if (raw.provider === "anthropic") {
      const split: unknown = ownValue(raw.usage, "cache_creation");
      const count =
        typeof split === "object" && split !== null ? ownValue(split, "ephemeral_1h_input_tokens") : undefined;
      return isCount(count) ? count : 0;
    }
    if (raw.provider === "bedrock-converse") {
      const details: unknown = ownValue(raw.usage, "cacheDetails");
      if (!Array.isArray(details)) return 0;
      let total = 0;
      for (const detail of details) {
        if (typeof detail !== "object" || detail === null || ownValue(detail, "ttl") !== "1h") continue;
        const count = ownValue(detail, "inputTokens");
        if (isCount(count)) total += count;
      }
      return total;
    }
    return 0;
  } catch {
    return 0;
  }
}

function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? Reflect.get(record, key) : undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isValidUsage(usage: Usage): boolean {
  if (typeof usage !== "object" || usage === null) return false;
  const optional = [usage.cache_read_tokens, usage.cache_write_tokens, usage.reasoning_tokens, usage.total_tokens];
  return (
    isCount(usage.input_tokens) &&
    isCount(usage.output_tokens) &&
    optional.every((value) => value === undefined || isCount(value))
  );
}

function describeModel(model: unknown): string {
  if (typeof model !== "string") return `of type ${typeof model}`;
  return JSON.stringify(model.length > 100 ? `${model.slice(0, 100)}…` : model);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
