// Token usage in one shape for every provider. Providers disagree about what their counters include (Anthropic and
// Bedrock leave cache tokens out of their input count, OpenAI and Gemini put them in; Gemini leaves thinking tokens out
// of its candidates count, OpenAI puts reasoning in), so adding raw counters across providers silently double-counts
// or drops tokens. The canonical counters are inclusive; the breakdowns are subsets of them.

import type { SourceFormat, Usage } from "./generated/v1/types.js";

/**
 * The providers whose usage objects {@link normalizeUsage} reads, by format id. Which providers have a normaliser is
 * this package's knowledge, not part of the format: a document's `usage.raw.provider` may name any source format (a
 * devflow run's totals are `devflow`), so the schema keeps it an open string, and this is the list. Each is a
 * `SourceFormat`, so a misspelt provider does not compile.
 */
export const usageProviders = Object.freeze([
  "anthropic",
  "openai-chat",
  "openai-responses",
  "gemini",
  "ollama",
  "bedrock-converse",
  "mistral",
] as const satisfies readonly SourceFormat[]);

// Named by the exported list, not by the table below, so that the public type names nothing internal.
/** Which provider's usage object a {@link Usage} was normalised from: the providers {@link normalizeUsage} reads. */
export type UsageProvider = (typeof usageProviders)[number];

/** The usage normalisers, one per provider of `usageProviders` (the type requires every one, and no other). */
const normalizers: { readonly [Provider in UsageProvider]: (raw: PlainRecord) => Usage | undefined } = {
  anthropic: fromAnthropic,
  "openai-chat": (raw) => fromChatCompletions("openai-chat", raw),
  "openai-responses": fromResponses,
  gemini: fromGemini,
  ollama: fromOllama,
  "bedrock-converse": fromBedrockConverse,
  mistral: (raw) => fromChatCompletions("mistral", raw),
};

/**
 * Normalises one provider usage object to the canonical {@link Usage}.
 *
 * Returns undefined when `raw` is not a usage object of that provider: not a plain object, a required counter missing,
 * or any counter present but not a non-negative safe integer (a corrupted counter makes every sum it feeds wrong, so the
 * whole object is rejected rather than half-trusted), or breakdowns larger than the totals they are part of. Never
 * throws, whatever `raw` is (proxies, throwing getters, `__proto__` keys: only own properties are read).
 *
 * What is taken from each provider (verified against recorded payloads, see usage.test.ts):
 * - `anthropic` (Messages `usage`): `input_tokens` excludes `cache_read_input_tokens` and
 *   `cache_creation_input_tokens`, so input is the sum of the three. `output_tokens_details.thinking_tokens` becomes
 *   reasoning. `cache_creation` (5m / 1h split), `server_tool_use`, `iterations` and `service_tier` stay in raw.
 *   Streams: `message_start` and `message_delta` both carry usage, and the delta's counters are cumulative and final;
 *   pass `{ ...messageStart.usage, ...messageDelta.usage }`. A delta alone often has no `input_tokens` and is rejected.
 * - `openai-chat` and `mistral` (`usage` of a chat completion): `prompt_tokens` includes
 *   `prompt_tokens_details.cached_tokens`; `completion_tokens` includes `completion_tokens_details.reasoning_tokens`.
 * - `openai-responses` (`response.usage`): `input_tokens` includes `input_tokens_details.cached_tokens` (and
 *   `input_tokens_details.cache_write_tokens` where reported); `output_tokens` includes
 *   `output_tokens_details.reasoning_tokens`.
 * - `gemini` (`usageMetadata`): `promptTokenCount` includes `cachedContentTokenCount`; `toolUsePromptTokenCount` is
 *   extra input; `candidatesTokenCount` excludes `thoughtsTokenCount`. Counters that are absent are zero (proto3 JSON
 *   omits zeros), but an object with no counter at all (streams send `{"trafficType": ...}` alone) is rejected.
 * - `ollama` (the final `/api/chat` or `/api/generate` response, `done: true`): `prompt_eval_count` is input and
 *   `eval_count` output; there are no cache counts. Ollama leaves `prompt_eval_count` out when the whole prompt came
 *   from its KV cache, and input is then 0. Raw keeps only the count and duration fields, not the message.
 * - `bedrock-converse` (`usage` of Converse, `metadata.usage` of ConverseStream): `inputTokens` excludes
 *   `cacheReadInputTokens` and `cacheWriteInputTokens` (their sum is what `totalTokens` counts), so input is the sum
 *   of the three.
 */
export function normalizeUsage(provider: UsageProvider, raw: unknown): Usage | undefined {
  try {
    // Own keys only: a name such as `__proto__` or `toString` is no provider.
    if (!isPlainRecord(raw) || !Object.hasOwn(normalizers, provider)) return undefined;
    return normalizers[provider](raw);
  } catch {
    // Only hostile values get here (a proxy trap or getter that throws): they are not usage objects.
    return undefined;
  }
}

/** The counters of a {@link Usage}: what {@link sumUsageChecked} adds. */
export const usageCounters = Object.freeze([
  "input_tokens",
  "output_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "reasoning_tokens",
  "total_tokens",
] as const satisfies ReadonlyArray<keyof Usage>);

/** One counter of a {@link Usage}. */
export type UsageCounter = (typeof usageCounters)[number];

/** A counter of a sum whose exact value is beyond `Number.MAX_SAFE_INTEGER`: the sum says it is clamped. */
export interface ClampedUsageCount {
  counter: UsageCounter;
  /** The exact sum of the counts given, in decimal (a double cannot hold it; a string can). */
  sum: string;
}

/** A sum of usages, and the counters of it that had to be clamped. */
export interface CheckedUsageSum {
  /** The sum; every counter a safe integer, a clamped one `Number.MAX_SAFE_INTEGER` (a lower bound). */
  usage: Usage;
  /** The counters whose exact sum is beyond `Number.MAX_SAFE_INTEGER`, in {@link usageCounters} order. */
  clamped: ClampedUsageCount[];
}

/**
 * The sum of any number of usages (the empty sum is all zeros), exact or said not to be. A double holds integers
 * exactly only up to 2^53 − 1, so a sum beyond it (or a count given beyond it: valid JSON and a valid schema integer)
 * would be rounded, off by one or more, with nothing to show: such a counter is clamped to `Number.MAX_SAFE_INTEGER`,
 * a lower bound that every reader holds exactly, and named in `clamped` with its exact sum, for the caller to warn.
 * `raw` is dropped (a sum has no provider payload); a breakdown is kept if any usage has it.
 */
export function sumUsageChecked(list: Iterable<Usage>): CheckedUsageSum {
  const sums = new Map<UsageCounter, number | bigint>([
    ["input_tokens", 0],
    ["output_tokens", 0],
    ["total_tokens", 0],
  ]);
  const add = (counter: UsageCounter, value: number | undefined): void => {
    if (value === undefined) return;
    const sum = sums.get(counter) ?? 0;
    // Exact while both sides are safe and the sum stays safe; past that, exact in a bigint.
    if (typeof sum === "number" && Number.isSafeInteger(value) && value <= Number.MAX_SAFE_INTEGER - sum)
      sums.set(counter, sum + value);
    else if (Number.isInteger(value) && (typeof sum === "bigint" || Number.isInteger(sum)))
      sums.set(counter, BigInt(sum) + BigInt(value));
    // A value that is no integer is no count (validation names it): added as a number, never thrown on.
    else sums.set(counter, Number(sum) + value);
  };
  for (const usage of list) {
    add("input_tokens", usage.input_tokens);
    add("output_tokens", usage.output_tokens);
    add("cache_read_tokens", usage.cache_read_tokens);
    add("cache_write_tokens", usage.cache_write_tokens);
    add("reasoning_tokens", usage.reasoning_tokens);
    if (usage.total_tokens !== undefined) add("total_tokens", usage.total_tokens);
    else {
      add("total_tokens", usage.input_tokens);
      add("total_tokens", usage.output_tokens);
    }
  }
  const usage = {} as Usage;
  const clamped: ClampedUsageCount[] = [];
  for (const counter of usageCounters) {
    const sum = sums.get(counter);
    if (sum === undefined) continue;
    if (typeof sum === "bigint" && sum > BigInt(Number.MAX_SAFE_INTEGER)) {
      usage[counter] = Number.MAX_SAFE_INTEGER;
      clamped.push({ counter, sum: sum.toString() });
    } else usage[counter] = Number(sum);
  }
  return { usage, clamped };
}

/**
 * The sum of two usages: {@link sumUsageChecked} of the two, without saying which counters it clamped (a sum beyond
 * `Number.MAX_SAFE_INTEGER` is clamped to it, never rounded). `raw` is dropped; a breakdown is kept if either side has it.
 */
export function addUsage(a: Usage, b: Usage): Usage {
  return addSafeUsage(a, b) ?? sumUsageChecked([a, b]).usage;
}

/** `a + b` when both are safe integers (or absent: 0) and so is their sum; else undefined. */
function safeSum(a: number | undefined, b: number | undefined): number | undefined {
  const sum = (a ?? 0) + (b ?? 0);
  return (a === undefined || Number.isSafeInteger(a)) &&
    (b === undefined || Number.isSafeInteger(b)) &&
    Number.isSafeInteger(sum)
    ? sum
    : undefined;
}

/**
 * The sum of two usages the way {@link sumUsageChecked} makes it, without its general machinery, when every count is
 * a safe integer and so is every sum: reports add usages hundreds of thousands of times, and a map, a closure and two
 * arrays each time were most of a report's time. Anything else (a count past 2^53, one that is no integer) is left to
 * {@link sumUsageChecked}, which a property test holds this to.
 */
function addSafeUsage(a: Usage, b: Usage): Usage | undefined {
  // Written out counter by counter, in usageCounters' order (the key order of sumUsageChecked's result): an object
  // built in one shape stays a fast object, where keys set in a loop made every sum a dictionary.
  const input = safeSum(a.input_tokens, b.input_tokens);
  const output = safeSum(a.output_tokens, b.output_tokens);
  // Each side's total as sumUsageChecked counts it: its own, else its input and output.
  const totalA = a.total_tokens !== undefined ? safeSum(a.total_tokens, 0) : safeSum(a.input_tokens, a.output_tokens);
  const totalB = b.total_tokens !== undefined ? safeSum(b.total_tokens, 0) : safeSum(b.input_tokens, b.output_tokens);
  if (input === undefined || output === undefined || totalA === undefined || totalB === undefined) return undefined;
  const total = safeSum(totalA, totalB);
  if (total === undefined) return undefined;
  const cacheRead = breakdownSum(a.cache_read_tokens, b.cache_read_tokens);
  const cacheWrite = breakdownSum(a.cache_write_tokens, b.cache_write_tokens);
  const reasoning = breakdownSum(a.reasoning_tokens, b.reasoning_tokens);
  if (cacheRead === undefined || cacheWrite === undefined || reasoning === undefined) return undefined;
  const usage: Usage = { input_tokens: input, output_tokens: output };
  if (cacheRead !== null) usage.cache_read_tokens = cacheRead;
  if (cacheWrite !== null) usage.cache_write_tokens = cacheWrite;
  if (reasoning !== null) usage.reasoning_tokens = reasoning;
  usage.total_tokens = total;
  return usage;
}

/**
 * A breakdown counter's sum as sumUsageChecked keeps it: null when neither side has it (left out), undefined when it
 * is not safe.
 */
function breakdownSum(a: number | undefined, b: number | undefined): number | null | undefined {
  return a === undefined && b === undefined ? null : safeSum(a, b);
}

/** The sum of any number of usages, clamped as {@link addUsage} is; the empty sum is all zeros. */
export function sumUsage(list: Iterable<Usage>): Usage {
  return sumUsageChecked(list).usage;
}

type PlainRecord = object;

function isPlainRecord(value: unknown): value is PlainRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads counters and nested objects from own properties only, remembering whether anything was malformed. */
class CounterReader {
  malformed = false;

  count(record: PlainRecord | undefined, key: string): number | undefined {
    if (record === undefined || !Object.hasOwn(record, key)) return undefined;
    const value: unknown = Reflect.get(record, key);
    // Several SDKs serialise an unset counter as null.
    if (value === undefined || value === null) return undefined;
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value + 0; // + 0 turns -0 into 0
    this.malformed = true;
    return undefined;
  }

  record(record: PlainRecord | undefined, key: string): PlainRecord | undefined {
    if (record === undefined || !Object.hasOwn(record, key)) return undefined;
    const value: unknown = Reflect.get(record, key);
    if (value === undefined || value === null) return undefined;
    if (isPlainRecord(value)) return value;
    this.malformed = true;
    return undefined;
  }
}

interface Counts {
  input: number;
  output: number;
  cacheRead?: number | undefined;
  cacheWrite?: number | undefined;
  reasoning?: number | undefined;
  total?: number | undefined;
}

function build(provider: UsageProvider, raw: unknown, reader: CounterReader, counts: Counts): Usage | undefined {
  if (reader.malformed) return undefined;
  const { input, output, cacheRead, cacheWrite, reasoning, total } = counts;
  const sums = [input, output, (cacheRead ?? 0) + (cacheWrite ?? 0), input + output];
  if (!sums.every((value) => Number.isSafeInteger(value))) return undefined;
  // The breakdowns are parts of the totals: a payload that says otherwise is corrupt, and pricing it would go negative.
  if ((cacheRead ?? 0) + (cacheWrite ?? 0) > input || (reasoning ?? 0) > output) return undefined;
  const usage: Usage = { input_tokens: input, output_tokens: output };
  if (cacheRead !== undefined) usage.cache_read_tokens = cacheRead;
  if (cacheWrite !== undefined) usage.cache_write_tokens = cacheWrite;
  if (reasoning !== undefined) usage.reasoning_tokens = reasoning;
  usage.total_tokens = total ?? input + output;
  usage.raw = { provider, usage: raw };
  return usage;
}

function fromAnthropic(raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const uncached = reader.count(raw, "input_tokens");
  const output = reader.count(raw, "output_tokens");
  const cacheRead = reader.count(raw, "cache_read_input_tokens");
  const cacheWrite = reader.count(raw, "cache_creation_input_tokens");
  const reasoning = reader.count(reader.record(raw, "output_tokens_details"), "thinking_tokens");
  if (uncached === undefined || output === undefined) return undefined;
  return build("anthropic", raw, reader, {
    input: uncached + (cacheRead ?? 0) + (cacheWrite ?? 0),
    output,
    cacheRead,
    cacheWrite,
    reasoning,
  });
}

function fromChatCompletions(provider: "openai-chat" | "mistral", raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const input = reader.count(raw, "prompt_tokens");
  const output = reader.count(raw, "completion_tokens");
  const total = reader.count(raw, "total_tokens");
  const cacheRead = reader.count(reader.record(raw, "prompt_tokens_details"), "cached_tokens");
  const reasoning = reader.count(reader.record(raw, "completion_tokens_details"), "reasoning_tokens");
  if (input === undefined || output === undefined) return undefined;
  return build(provider, raw, reader, { input, output, cacheRead, reasoning, total });
}

function fromResponses(raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const input = reader.count(raw, "input_tokens");
  const output = reader.count(raw, "output_tokens");
  const total = reader.count(raw, "total_tokens");
  const inputDetails = reader.record(raw, "input_tokens_details");
  const cacheRead = reader.count(inputDetails, "cached_tokens");
  const cacheWrite = reader.count(inputDetails, "cache_write_tokens");
  const reasoning = reader.count(reader.record(raw, "output_tokens_details"), "reasoning_tokens");
  if (input === undefined || output === undefined) return undefined;
  return build("openai-responses", raw, reader, { input, output, cacheRead, cacheWrite, reasoning, total });
}

function fromGemini(raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const prompt = reader.count(raw, "promptTokenCount");
  const toolUsePrompt = reader.count(raw, "toolUsePromptTokenCount");
  const candidates = reader.count(raw, "candidatesTokenCount");
  const thoughts = reader.count(raw, "thoughtsTokenCount");
  const cached = reader.count(raw, "cachedContentTokenCount");
  const total = reader.count(raw, "totalTokenCount");
  const counters = [prompt, toolUsePrompt, candidates, thoughts, total];
  if (counters.every((value) => value === undefined)) return undefined;
  // The cached tokens are part of promptTokenCount, not of the tool-use prompt.
  if ((cached ?? 0) > (prompt ?? 0)) return undefined;
  return build("gemini", raw, reader, {
    input: (prompt ?? 0) + (toolUsePrompt ?? 0),
    output: (candidates ?? 0) + (thoughts ?? 0),
    cacheRead: cached,
    reasoning: thoughts,
    total,
  });
}

const ollamaUsageFields = [
  "prompt_eval_count",
  "eval_count",
  "total_duration",
  "load_duration",
  "prompt_eval_duration",
  "eval_duration",
] as const;

function fromOllama(raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const input = reader.count(raw, "prompt_eval_count");
  const output = reader.count(raw, "eval_count");
  for (const field of ollamaUsageFields) reader.count(raw, field);
  if (output === undefined) return undefined;
  // Ollama has no usage object of its own: the counters sit beside the message, which does not belong in raw usage.
  const usageFields: Record<string, unknown> = {};
  for (const field of ollamaUsageFields) {
    if (Object.hasOwn(raw, field)) usageFields[field] = Reflect.get(raw, field);
  }
  return build("ollama", usageFields, reader, { input: input ?? 0, output });
}

function fromBedrockConverse(raw: PlainRecord): Usage | undefined {
  const reader = new CounterReader();
  const uncached = reader.count(raw, "inputTokens");
  const output = reader.count(raw, "outputTokens");
  const total = reader.count(raw, "totalTokens");
  // Bedrock sends each cache counter twice, under the current name and a legacy "...Count" one.
  const cacheRead = reader.count(raw, "cacheReadInputTokens") ?? reader.count(raw, "cacheReadInputTokenCount");
  const cacheWrite = reader.count(raw, "cacheWriteInputTokens") ?? reader.count(raw, "cacheWriteInputTokenCount");
  if (uncached === undefined || output === undefined) return undefined;
  return build("bedrock-converse", raw, reader, {
    input: uncached + (cacheRead ?? 0) + (cacheWrite ?? 0),
    output,
    cacheRead,
    cacheWrite,
    total,
  });
}
