import { KeywordFilter } from "./keywords.js";
import { analyzePattern } from "./pattern-safety.js";
import {
  builtInRules,
  compileUserRule,
  largestRuleMaxLength,
  lookaroundReach,
  normalizeKeyName,
  redactionPlaceholder,
  RedactionRuleError,
  sensitiveFieldRuleId,
} from "./rules.js";
import type { RedactionRule, UserRule } from "./rules.js";

/**
 * Keys whose string values are secrets whatever they look like. A plain entry is compared after lower-casing and
 * dropping `-`, `_`, `.` and spaces, so `X-Api-Key`, `x_api_key` and `xApiKey` are all the same key. An entry with
 * `*` is compared word by word (words split at separators and case changes), `*` standing for one or more words:
 * `x-*-token` matches `X-Vault-Token` and `xApiToken`, `*-password` matches `DB_PASSWORD` and `newPassword` (not
 * `password_hash`). `token` is sensitive except beside a log-probability field (an LLM's output token, see
 * {@link createRedactor}). Deliberately absent: `*-token` (`eos_token`, `next_page_token` and `max_tokens` are not
 * secrets), `key`, `credentials` (`fetch`'s `"include"`) and `pwd` (the working directory in shell state).
 */
export const defaultSensitiveKeys: readonly string[] = Object.freeze([
  "authorization",
  "proxy-authorization",
  "auth",
  "token",
  "x-api-key",
  "api-key",
  "api_key",
  "apikey",
  "x-goog-api-key",
  "*-api-key",
  "x-*-key",
  "x-auth-token",
  "x-access-token",
  "x-amz-security-token",
  "x-*-token",
  "password",
  "*-password",
  "passwd",
  "*-passwd",
  "passphrase",
  "*-passphrase",
  "secret",
  "*-secret",
  "client_secret",
  "secret_key",
  "*-secret-key",
  "secret_access_key",
  "*-secret-access-key",
  "aws_secret_access_key",
  "session_token",
  "*-session-token",
  "aws_session_token",
  "access_token",
  "*-access-token",
  "refresh_token",
  "*-refresh-token",
  "id_token",
  "auth_token",
  "*-auth-token",
  "api_token",
  "*-api-token",
  "private_key",
  "*-private-key",
  "cookie",
  "set-cookie",
]);

export interface RedactorOptions {
  /** Rules added to the built-ins (or used alone with `builtIn: false`). Checked at creation. */
  rules?: readonly UserRule[];
  /** Whether the built-in rules run. Default true. */
  builtIn?: boolean;
  /** Replaces {@link defaultSensitiveKeys} (same syntax, `*` included); spread the default to extend it. */
  sensitiveKeys?: readonly string[];
  /**
   * The most text (in UTF-16 code units, despite the name) one regular-expression run may see.
   * Default 65,536. A rule whose `maxLength` does not fit gets the smallest window that works for it
   * (twice its maxLength plus lookaround context), so a tiny value exercises window edges without
   * losing secrets. Built-in rules all fit the default.
   */
  windowBytes?: number;
}

export interface RedactionReport {
  /** How many secrets each rule replaced; rules that replaced nothing are absent. Never the secrets. */
  counts: Record<string, number>;
  total: number;
}

export interface Redactor {
  /** The rules in effect, in priority order. */
  readonly rules: readonly RedactionRule[];
  redactString(text: string): { text: string; counts: Record<string, number> };
  /**
   * Returns a redacted copy of a JSON value; the input is not modified. Objects and arrays are always fresh
   * copies, even where nothing in them changed; strings and other values are shared. See {@link createRedactor}
   * for how keys, arrays and non-JSON values are treated.
   */
  redactValue<T>(value: T): { value: T; report: RedactionReport };
}

const defaultWindow = 65_536;

interface CompiledRule {
  readonly id: string;
  /** A private copy with `g` and `d`: `lastIndex` is ours, and `d` gives the `secret` group's offsets. */
  readonly regex: RegExp;
  readonly maxLength: number;
  readonly window: number;
  /** The pattern's `secret`, `secret2`, … groups, in order; empty when the whole match is replaced. */
  readonly secretGroups: readonly string[];
  readonly accept: ((secret: string) => boolean) | undefined;
  /**
   * How far before a new redaction a match of this rule may start that the redaction made possible (a match whose
   * lookahead, or whose own extent, reached into what is now a placeholder): its maxLength and a lookahead. Infinite
   * when the pattern can match more than maxLength (a user rule with an unbounded pattern): then a stretch next to a
   * new redaction is scanned whole.
   */
  readonly reachBefore: number;
  /** The pattern behind a lazy skip of up to `lookaroundReach` characters, sticky: see {@link scanHead}. */
  readonly head: RegExp | undefined;
}

/** What the text scan needs: the compiled rules, the keyword prefilter, and the shortest possible match. */
interface Engine {
  readonly rules: readonly CompiledRule[];
  readonly filter: KeywordFilter;
  /** No rule can match text shorter than this, so such strings are returned without a look. */
  readonly shortest: number;
  /** Rescan only next to the redactions of the previous pass (false: rescan each changed stretch whole, for tests). */
  readonly localRescans: boolean;
}

/** A stretch of text one rule wants replaced. */
interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly priority: number;
  /** Where the whole match ended (at or after `end`): the scan skipped the positions up to here. */
  readonly matchEnd: number;
}
/**
 * Creates a redactor. Throws {@link RedactionRuleError} for an invalid or unsafe user rule and
 * `RangeError` for invalid options.
 *
 * How `redactValue` treats a JSON value:
 * - strings are scanned by the rules, and so are object keys (a key that is itself a token becomes a placeholder;
 *   should two keys of one object then be equal, the later ones get ` (2)`, ` (3)`, … so no entry is lost);
 * - a non-empty string under a sensitive key is replaced whole by `[REDACTED:sensitive-field]`, and so
 *   is each string in an array under such a key (`"set-cookie": ["a=1", "b=2"]`), the `value` of a
 *   header-list entry `{ "name": "Authorization", "value": "…" }` (HAR, Postman's `key`/`value`), and the value
 *   of a name/value pair in a list of strings (`[["Authorization", "Bearer …"]]`, Node's flat `rawHeaders`);
 * - a `token` beside a log-probability field (`logprob`, `logProbability`, `top_logprobs`, `bytes`) is a model's
 *   output token, not a credential, and is only scanned;
 * - numbers, booleans and null are kept even under sensitive keys: the secret formats are strings, a
 *   `"secret": true` flag or `"password": null` hides nothing, and changing a value's type would break
 *   the transcript's schema; objects under sensitive keys are walked like any other, their own keys decide;
 * - non-JSON values (undefined, functions, class instances such as Date or Map) are returned as they are;
 * - deep nesting cannot exhaust the call stack (below 64 levels the walk keeps its own stack); a cyclic value is a
 *   TypeError.
 *
 * Each string is first checked, in one pass, for the keywords of the rules (see `RedactionRule.keywords`); only the
 * rules with a keyword in it, and those without keywords, run their regular expressions on it.
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  return buildRedactor(options, true);
}

/**
 * For tests: the same redactor without the shortcuts (keyword prefilter, short-string skip, rescanning only next to
 * new redactions), which must never change a result. Not part of the package's API.
 */
export function createRedactorWithoutPrefilter(options: RedactorOptions = {}): Redactor {
  return buildRedactor(options, false);
}

function secretGroupNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/\(\?<(secret\d{0,2})>/g)) if (match[1] !== undefined) names.push(match[1]);
  return names;
}

function buildRedactor(options: RedactorOptions, shortcuts: boolean): Redactor {
  const windowBytes = options.windowBytes ?? defaultWindow;
  if (!Number.isSafeInteger(windowBytes) || windowBytes < 1)
    throw new RangeError(`windowBytes must be a positive integer, got ${String(windowBytes)}`);

  const rules = [...(options.builtIn === false ? [] : builtInRules)];
  const seen = new Set(rules.map((rule) => rule.id));
  for (const userRule of options.rules ?? []) {
    const rule = compileUserRule(userRule);
    if (seen.has(rule.id)) throw new RedactionRuleError(rule.id, "another rule already has this id");
    seen.add(rule.id);
    rules.push(rule);
  }
  const analyses = rules.map((rule) => analyzePattern(rule.pattern.source, rule.pattern.flags));
  const compiled = rules.map((rule, index): CompiledRule => {
    const flags = rule.pattern.flags.replace(/[dgy]/g, "");
    const maxLength = Math.min(rule.maxLength, largestRuleMaxLength);
    const longest = analyses[index]?.maximumMatchLength ?? Infinity;
    return {
      id: rule.id,
      regex: new RegExp(rule.pattern.source, `${flags}dg`),
      maxLength,
      // The smallest useful window holds a match plus context on both sides and still advances by maxLength.
      window: Math.max(windowBytes, 2 * maxLength + 2 * lookaroundReach),
      secretGroups: secretGroupNames(rule.pattern.source),
      accept: rule.accept,
      reachBefore: longest <= maxLength ? maxLength + lookaroundReach : Infinity,
      head: headPattern(rule.pattern.source, flags),
    };
  });
  const engine: Engine = {
    rules: compiled,
    filter: new KeywordFilter(rules.map((rule) => (shortcuts ? rule.keywords : undefined))),
    shortest: shortcuts ? Math.min(...analyses.map((analysis) => analysis.minimumMatchLength)) : 0,
    localRescans: shortcuts,
  };
  const sensitive = new SensitiveKeys(options.sensitiveKeys ?? defaultSensitiveKeys);
  // Transcripts use a few dozen distinct keys over and over: decide each once, whether it is sensitive and whether it
  // holds a secret itself. Bounded, for documents with generated keys (ids as keys); past the bound, keys are simply
  // decided every time.
  const keyCache = new Map<string, KeyInfo>();
  const keyInfo = (key: string): KeyInfo => {
    let info = keyCache.get(key);
    if (info === undefined) {
      const counts: Counts = new Map();
      const text = redactText(key, engine, counts);
      info = { sensitive: sensitive.has(key), redacted: text === key ? null : { key: text, counts: [...counts] } };
      if (keyCache.size < 10_000) keyCache.set(key, info);
    }
    return info;
  };

  const redactString = (text: string): { text: string; counts: Record<string, number> } => {
    if (typeof text !== "string") throw new TypeError("redactString expects a string");
    const counts: Counts = new Map();
    const redacted = redactText(text, engine, counts);
    return { text: redacted, counts: Object.fromEntries(counts) };
  };

  const redactValue = <T>(value: T): { value: T; report: RedactionReport } => {
    const counts: Counts = new Map();
    const redacted = walk(value, {
      redactText: (text) => redactText(text, engine, counts),
      redactField: (text) => {
        if (text.length === 0 || isOnlyPlaceholders(text)) return text;
        increment(counts, sensitiveFieldRuleId);
        return redactionPlaceholder(sensitiveFieldRuleId);
      },
      keyInfo,
      countKey: (redacted) => {
        for (const [rule, count] of redacted.counts) counts.set(rule, (counts.get(rule) ?? 0) + count);
        return redacted.key;
      },
      // Header names come from values (`{ "name": …, "value": … }`, name/value lists): only short ones are looked up.
      isSensitiveKey: (key) => key.length <= longestSensitiveKey && keyInfo(key).sensitive,
      shortestKeyMatch: engine.shortest,
      inheritsEnumerableKeys: hasEnumerableProperty(Object.prototype),
    }) as T;
    let total = 0;
    for (const count of counts.values()) total += count;
    return { value: redacted, report: { counts: Object.fromEntries(counts), total } };
  };

  return { rules: Object.freeze(rules), redactString, redactValue };
}

function hasEnumerableProperty(target: object): boolean {
  for (const _key in target) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Sensitive keys

/**
 * The words of a key: split at `-`, `_`, `.`, spaces and case changes (`xApiToken` → x, api, token;
 * `X-Goog-Api-Key` → x, goog, api, key; `HTTPHeader` → http, header), lower-cased.
 */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_. ]+/)
    .filter((word) => word !== "");
}

/** Longer keys are never sensitive: a key that long is data (an id, a text), not a header or field name. */
const longestSensitiveKey = 64;

/**
 * The sensitive-key list, compiled. A plain entry matches keys equal to it after lower-casing and dropping `-`, `_`,
 * `.` and spaces (`X-API-Key` = `x_api_key` = `xApiKey`). An entry with `*` matches by words (see {@link keyWords}):
 * `*` stands for one or more words, so `x-*-token` matches `X-Vault-Token` and `xApiToken`, and `*-password`
 * matches `db_password` and `newPassword` but not `password_hash`.
 */
class SensitiveKeys {
  private readonly exact: ReadonlySet<string>;
  private readonly patterns: readonly (readonly string[])[];

  constructor(entries: readonly string[]) {
    this.exact = new Set(entries.filter((entry) => !entry.includes("*")).map(normalizeKeyName));
    this.patterns = entries
      .filter((entry) => entry.includes("*"))
      .map((entry) =>
        entry
          .split(/[-_. ]+/)
          .filter((word) => word !== "")
          .map((word) => (word === "*" ? "*" : normalizeKeyName(word))),
      );
  }

  has(key: string): boolean {
    if (key.length > longestSensitiveKey) return false;
    if (this.exact.has(normalizeKeyName(key))) return true;
    if (this.patterns.length === 0) return false;
    const words = keyWords(key);
    return this.patterns.some((pattern) => wordsMatch(pattern, 0, words, 0));
  }
}

/** Whether `words[from…]` matches `pattern[at…]`, where `*` stands for one or more words (patterns are short). */
function wordsMatch(pattern: readonly string[], at: number, words: readonly string[], from: number): boolean {
  if (at === pattern.length) return from === words.length;
  const word = pattern[at];
  if (word !== "*") return words[from] === word && wordsMatch(pattern, at + 1, words, from + 1);
  for (let next = from + 1; next <= words.length; next += 1) if (wordsMatch(pattern, at + 1, words, next)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Text

/** Counts per rule id. A Map, because a rule id such as `constructor` must not meet Object.prototype. */
type Counts = Map<string, number>;

function increment(counts: Counts, ruleId: string): void {
  counts.set(ruleId, (counts.get(ruleId) ?? 0) + 1);
}

/** A redaction decided: `[start, end)` of the original text becomes the placeholder of `ruleId`. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly ruleId: string;
}

/** A stretch of the original text between redactions (and placeholders already in it), to be scanned. */
interface Stretch {
  readonly start: number;
  readonly end: number;
  /** Scan it all: it is new (first pass), or the rules could not be rescanned locally. */
  readonly whole: boolean;
  /**
   * After a redaction made in the last pass, matches may start from `start` up to here: their lookbehind now sees the
   * stretch's start, or the last pass's scan had skipped those positions (inside a match whose secret was redacted).
   */
  readonly headEnd: number;
  /** Whether a redaction made in the last pass follows it: a match may end (or look ahead) up to `end` now. */
  readonly beforeRedaction: boolean;
}

/**
 * Redacts until nothing more matches, which is what makes the redactor idempotent by construction: its output holds
 * no match in any stretch between placeholders, and rules never match into or across a placeholder.
 *
 * The first pass scans the text whole (its stretches between the placeholders already in it). A later pass can only
 * find a match the previous one made possible: next to a new redaction, where the match's lookbehind now sees the
 * start of a stretch (a token glued to the end of another), or where its lookahead or extent reached into the text
 * now redacted. So later passes scan only those neighbourhoods (see {@link Stretch}) — a few hundred characters per
 * redaction for most rules — and a chain of tokens each found only once its neighbour is redacted costs time in
 * proportion to its length, not to its length times the text's. Redactions are kept as spans of the original text
 * and the output is built once, at the end.
 */
function redactText(text: string, engine: Engine, counts: Counts): string {
  if (text.length < engine.shortest) return text;
  // Which rules can match is decided once for the whole text: every match in a later pass lies in a piece of the
  // original text between placeholders, so its keyword was there from the start.
  const active = engine.filter.rulesFor(text);
  if (active.length === 0) return text;
  const spans: Span[] = [];
  let pending = initialStretches(text);
  while (pending.length > 0) {
    const next: Stretch[] = [];
    for (const stretch of pending) scanStretch(text, stretch, active, engine, spans, next);
    pending = next;
  }
  if (spans.length === 0) return text;
  spans.sort((left, right) => left.start - right.start);
  let output = "";
  let position = 0;
  for (const span of spans) {
    increment(counts, span.ruleId);
    output += text.slice(position, span.start) + redactionPlaceholder(span.ruleId);
    position = span.end;
  }
  return output + text.slice(position);
}

/** The stretches between the placeholders already in the text, each to be scanned whole. */
function initialStretches(text: string): Stretch[] {
  const stretches: Stretch[] = [];
  const add = (start: number, end: number): void => {
    if (end > start) stretches.push({ start, end, whole: true, headEnd: start, beforeRedaction: false });
  };
  let stretchStart = 0;
  let from = 0;
  for (;;) {
    const start = text.indexOf(placeholderPrefix, from);
    if (start === -1) break;
    const end = placeholderEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    add(stretchStart, start);
    stretchStart = end;
    from = end;
  }
  add(stretchStart, text.length);
  return stretches;
}

/**
 * Scans one stretch with the active rules; records the redactions it finds in `spans` and the stretches they leave
 * (those that a later pass must look at again) in `next`.
 */
function scanStretch(
  text: string,
  stretch: Stretch,
  active: readonly number[],
  engine: Engine,
  spans: Span[],
  next: Stretch[],
): void {
  const { rules } = engine;
  const candidates: Candidate[] = [];
  for (const priority of active) {
    const rule = rules[priority] as CompiledRule;
    const tailStart = stretch.beforeRedaction ? Math.max(stretch.start, stretch.end - rule.reachBefore) : stretch.end;
    if (stretch.whole || !engine.localRescans || tailStart <= stretch.headEnd) {
      scanRule(rule, priority, text, stretch, stretch.start, stretch.end, candidates);
      continue;
    }
    // Only the head and the tail can hold a match; a match from the head may run on into the tail, and the scan
    // position carries over, exactly as one scan of the whole stretch would.
    const reached =
      rule.head !== undefined && stretch.headEnd - stretch.start <= lookaroundReach + 1
        ? scanHead(rule, rule.head, priority, text, stretch, stretch.start, stretch.headEnd, candidates)
        : scanRule(rule, priority, text, stretch, stretch.start, stretch.headEnd, candidates);
    if (tailStart < stretch.end)
      scanRule(rule, priority, text, stretch, Math.max(reached, tailStart), stretch.end, candidates);
  }
  if (candidates.length === 0) return;

  // Overlapping candidates from different rules become one redaction: the union of their spans (no fragment of
  // either secret survives), counted once, named after the earliest-starting candidate (then the longest, then the
  // earlier rule). The text between redactions is scanned again next pass, near the new edges.
  candidates.sort((left, right) => left.start - right.start || right.end - left.end || left.priority - right.priority);
  let position = stretch.start;
  let headEnd = stretch.start;
  let index = 0;
  while (index < candidates.length) {
    const first = candidates[index] as Candidate;
    let end = first.end;
    let matchEnd = first.matchEnd;
    index += 1;
    while (index < candidates.length && (candidates[index] as Candidate).start < end) {
      end = Math.max(end, (candidates[index] as Candidate).end);
      matchEnd = Math.max(matchEnd, (candidates[index] as Candidate).matchEnd);
      index += 1;
    }
    if (first.start > position)
      next.push({ start: position, end: first.start, whole: false, headEnd, beforeRedaction: true });
    spans.push({ start: first.start, end, ruleId: (rules[first.priority] as CompiledRule).id });
    position = end;
    headEnd = Math.max(headEnd, end + lookaroundReach, matchEnd);
  }
  if (stretch.end > position)
    next.push({
      start: position,
      end: stretch.end,
      whole: false,
      headEnd: Math.min(stretch.end, headEnd),
      beforeRedaction: false,
    });
}

const placeholderPrefix = "[REDACTED:";
const longestPlaceholderId = 64;

/**
 * Where the `[REDACTED:<id>]` placeholder starting at `start` ends (just past its `]`), or -1 when the text there
 * is not one. `start` must be an occurrence of the prefix. Plain string search: no regex ever scans a whole string.
 */
function placeholderEnd(text: string, start: number): number {
  let index = start + placeholderPrefix.length;
  const idEnd = Math.min(text.length, index + longestPlaceholderId);
  while (index < idEnd && isPlaceholderIdCharacter(text.charCodeAt(index))) index += 1;
  return index > start + placeholderPrefix.length && text.charCodeAt(index) === 0x5d ? index + 1 : -1;
}

function isPlaceholderIdCharacter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
}

/** True for a string made only of placeholders and whitespace: already redacted, nothing to hide. */
function isOnlyPlaceholders(text: string): boolean {
  let position = 0;
  let from = 0;
  for (;;) {
    const start = text.indexOf(placeholderPrefix, from);
    if (start === -1) break;
    const end = placeholderEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    if (text.slice(position, start).trim() !== "") return false;
    position = end;
    from = end;
  }
  return position > 0 && text.slice(position).trim() === "";
}

/**
 * Finds the rule's matches that start in `[from, to)` of the stretch exactly as one global scan of the stretch
 * (from `from`, as if the stretch were a string of its own) would, while no regex execution sees more than
 * `rule.window` code units. Returns the position the scan reached (past the last match found).
 *
 * Each window starts `lookaroundReach` before the scan position (so lookbehinds see real context) and a
 * match is trusted only if it starts at or before `safeLimit`: a match starting there ends at least
 * `lookaroundReach` before the window's end, so neither its extent nor its lookaheads were cut short,
 * and every start position the engine rejected before it was rejected with full context too. When the
 * engine finds nothing trusted, the scan resumes at `safeLimit + 1` in a fresh window. Consecutive
 * windows therefore overlap by `maxLength + 2 × lookaroundReach`, a secret straddling a window edge is
 * found whole in the window that covers it, and because the scan position only moves forward, no match
 * is found twice. A window never reaches further than a match starting before `to` could need.
 */
function scanRule(
  rule: CompiledRule,
  priority: number,
  text: string,
  stretch: Stretch,
  from: number,
  to: number,
  candidates: Candidate[],
): number {
  const { regex } = rule;
  let position = from;
  while (position < to) {
    const windowStart = Math.max(stretch.start, position - lookaroundReach);
    const windowEnd = Math.min(stretch.end, windowStart + rule.window, to + rule.maxLength + lookaroundReach);
    const windowText = windowStart === 0 && windowEnd === text.length ? text : text.slice(windowStart, windowEnd);
    const safeLimit = windowEnd === stretch.end ? stretch.end : windowEnd - lookaroundReach - rule.maxLength;
    const limit = Math.min(safeLimit, to - 1);
    regex.lastIndex = position - windowStart;
    for (;;) {
      const match = regex.exec(windowText);
      if (match === null) break;
      const matchStart = windowStart + match.index;
      if (matchStart > limit) break;
      const matchEnd = matchStart + match[0].length;
      if (takeMatch(rule, priority, match, windowText, windowStart, matchStart, matchEnd, candidates)) {
        position = matchEnd;
        regex.lastIndex = matchEnd - windowStart;
      } else regex.lastIndex = match.index + 1;
    }
    if (windowEnd === stretch.end) return Math.max(position, to);
    position = Math.max(position, limit + 1);
  }
  return position;
}

/**
 * {@link scanRule} for a zone of at most `lookaroundReach + 1` positions (the head of a stretch after a new
 * redaction), with the rule's head pattern: one sticky run tries the zone's positions in order and stops after the
 * last, where the rule's own pattern would search its whole window (up to maxLength past the zone) for a match.
 */
function scanHead(
  rule: CompiledRule,
  head: RegExp,
  priority: number,
  text: string,
  stretch: Stretch,
  from: number,
  to: number,
  candidates: Candidate[],
): number {
  const windowStart = Math.max(stretch.start, from - lookaroundReach);
  const windowEnd = Math.min(stretch.end, to + rule.maxLength + lookaroundReach);
  const windowText = windowStart === 0 && windowEnd === text.length ? text : text.slice(windowStart, windowEnd);
  let position = from;
  while (position < to) {
    head.lastIndex = position - windowStart;
    const match = head.exec(windowText);
    // The head pattern tries `lookaroundReach + 1` positions from `position`: all of those left in the zone.
    const found = match?.indices?.groups?.[headGroup];
    if (match === null || found === undefined) return to;
    const matchStart = windowStart + found[0];
    if (matchStart >= to) return to;
    const matchEnd = windowStart + found[1];
    position = takeMatch(rule, priority, match, windowText, windowStart, matchStart, matchEnd, candidates)
      ? matchEnd
      : matchStart + 1;
  }
  return position;
}

/** The group around the rule's own pattern in its head pattern. */
const headGroup = "redactorHeadMatch";

/** A rule's head pattern (see {@link scanHead}), or undefined when the rule's pattern already uses its group name. */
function headPattern(source: string, flags: string): RegExp | undefined {
  if (source.includes(headGroup)) return undefined;
  return new RegExp(`[\\s\\S]{0,${lookaroundReach}}?(?<${headGroup}>(?:${source}))`, `${flags}dy`);
}

/**
 * Records a match as a candidate, unless the rule's check refuses it (then the scan goes on from the next position,
 * as if the pattern had not matched here). Returns whether the scan goes on after the match.
 */
function takeMatch(
  rule: CompiledRule,
  priority: number,
  match: RegExpExecArray,
  windowText: string,
  windowStart: number,
  matchStart: number,
  matchEnd: number,
  candidates: Candidate[],
): boolean {
  // Only a user pattern could match empty text (they are refused, but stay defensive).
  if (matchEnd === matchStart) return false;
  let secret: [number, number] | undefined;
  for (const name of rule.secretGroups) {
    secret = match.indices?.groups?.[name];
    if (secret !== undefined) break;
  }
  if (
    rule.accept !== undefined &&
    !rule.accept(
      secret === undefined
        ? windowText.slice(matchStart - windowStart, matchEnd - windowStart)
        : windowText.slice(secret[0], secret[1]),
    )
  )
    return false;
  // An empty `secret` group hides nothing; skipping it also keeps every redaction at least one
  // character long, which is what guarantees that redactText's passes come to an end.
  if (secret === undefined) candidates.push({ start: matchStart, end: matchEnd, priority, matchEnd });
  else if (secret[1] > secret[0])
    candidates.push({ start: windowStart + secret[0], end: windowStart + secret[1], priority, matchEnd });
  return true;
}

// ---------------------------------------------------------------------------------------------------
// JSON values

/** A key that holds a secret itself: its redacted form and what was counted for it. */
interface RedactedKey {
  readonly key: string;
  readonly counts: readonly (readonly [string, number])[];
}

/** What the walk needs to know about a key, decided once per distinct key. */
interface KeyInfo {
  /** Its string values are secrets whatever they look like. */
  readonly sensitive: boolean;
  /** Null for most keys. */
  readonly redacted: RedactedKey | null;
}

interface WalkActions {
  redactText(text: string): string;
  redactField(text: string): string;
  keyInfo(key: string): KeyInfo;
  /** Counts a redacted key's redactions (once per key written) and returns the key. */
  countKey(redacted: RedactedKey): string;
  isSensitiveKey(key: string): boolean;
  /** Keys shorter than this cannot hold a match of any rule: they are not looked up. */
  readonly shortestKeyMatch: number;
  /** Whether Object.prototype has enumerable properties (a polluted environment): then `for…in` would visit them. */
  readonly inheritsEnumerableKeys: boolean;
}

type Container = unknown[] | Record<string, unknown>;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The walk recurses (plain recursion is much faster than an explicit stack) down to this many containers; deeper
 * subtrees are walked by {@link walkDeep}, which keeps its own stack, so nesting cannot exhaust the call stack.
 */
const recursionLimit = 64;

function walk(value: unknown, actions: WalkActions): unknown {
  if (typeof value === "string") return actions.redactText(value);
  if (typeof value !== "object" || value === null || !(Array.isArray(value) || isPlainObject(value))) return value;
  return copyContainer(value as Container, false, [], actions);
}

/** What an object's walk needs besides its keys: which entries are secrets because of their siblings. */
interface ObjectContext {
  /** `"value"` in a header-list entry `{ "name": "Authorization", "value": "…" }`. */
  readonly sensitiveValueKey: string | undefined;
  /** True in a log-probability record, where `token` is a model's output token. */
  readonly tokenRecord: boolean;
}

/** The context of an object with neither a `value` nor a `token` key: the usual case, shared. */
const plainContext: ObjectContext = Object.freeze({ sensitiveValueKey: undefined, tokenRecord: false });

function objectContext(source: Record<string, unknown>, actions: WalkActions): ObjectContext {
  const hasValue = Object.hasOwn(source, "value");
  const hasToken = Object.hasOwn(source, "token");
  if (!hasValue && !hasToken) return plainContext;
  return {
    sensitiveValueKey: hasValue ? headerListValueKey(source, actions) : undefined,
    tokenRecord: hasToken && isTokenRecord(source),
  };
}

/** For arrays: which strings are secrets. `all` under a sensitive key; `pairs` for a list of name/value strings. */
type ArrayMode = "all" | "pairs" | "none";

/**
 * A list of an even number of strings is read as name/value pairs (`["Authorization", "Bearer …"]`, or Node's flat
 * `rawHeaders`): the value after a sensitive name is a secret.
 */
function arrayMode(source: readonly unknown[], sensitive: boolean): ArrayMode {
  if (sensitive) return "all";
  const length = source.length;
  if (length < 2 || length % 2 !== 0 || typeof source[0] !== "string") return "none";
  for (let index = 1; index < length; index += 1) if (typeof source[index] !== "string") return "none";
  return "pairs";
}

function isSensitiveElement(source: readonly unknown[], index: number, mode: ArrayMode, actions: WalkActions): boolean {
  if (mode === "all") return true;
  return mode === "pairs" && index % 2 === 1 && actions.isSensitiveKey(source[index - 1] as string);
}

/**
 * A fresh copy of an array or plain object with its strings redacted. `path` holds the containers being copied
 * above this one (a short list, scanned plainly): meeting one again means a cycle, which JSON cannot express.
 * `sensitive` says, for an array, that its strings are values of a sensitive key.
 */
function copyContainer(source: Container, sensitive: boolean, path: Container[], actions: WalkActions): Container {
  const depth = path.length;
  for (let index = 0; index < depth; index += 1) if (path[index] === source) throw cycleError();
  if (depth >= recursionLimit) return walkDeep(source, sensitive, new Set(path), actions);
  path.push(source);
  let result: Container;
  if (Array.isArray(source)) {
    const copy: unknown[] = [];
    const mode = arrayMode(source, sensitive);
    for (let index = 0; index < source.length; index += 1)
      copy.push(copyChild(source[index], isSensitiveElement(source, index, mode, actions), path, actions));
    result = copy;
  } else {
    const copy: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    const context = objectContext(source, actions);
    if (actions.inheritsEnumerableKeys)
      for (const key of Object.keys(source)) copyEntry(source, copy, key, context, path, actions);
    // `for…in` walks V8's cached key list instead of allocating one per object; with nothing enumerable on
    // Object.prototype (checked per walk), it visits exactly the own enumerable string keys, in Object.keys order.
    else for (const key in source) copyEntry(source, copy, key, context, path, actions);
    result = copy;
  }
  path.pop();
  return result;
}

function copyEntry(
  source: Record<string, unknown>,
  copy: Record<string, unknown>,
  key: string,
  context: ObjectContext,
  path: Container[],
  actions: WalkActions,
): void {
  const child = source[key];
  // Only strings and arrays care whether their key is sensitive: objects are walked whatever their key. A key too
  // short for any rule to match is not looked up when its value does not care either.
  const stringOrArray = typeof child === "string" || Array.isArray(child);
  if (!stringOrArray && key.length < actions.shortestKeyMatch) {
    defineEntry(copy, key, copyChild(child, false, path, actions));
    return;
  }
  const info = actions.keyInfo(key);
  const sensitive = stringOrArray && isSensitiveEntry(key, info, context);
  defineEntry(
    copy,
    info.redacted === null ? key : freeKey(source, copy, actions.countKey(info.redacted)),
    copyChild(child, sensitive, path, actions),
  );
}

function isSensitiveEntry(key: string, info: KeyInfo, context: ObjectContext): boolean {
  return key === context.sensitiveValueKey || (info.sensitive && !(context.tokenRecord && key === "token"));
}

/**
 * Where a redacted key goes: the redacted key itself, or, when that is already taken (another key of the object, or
 * one of its original keys), the first free of `<key> (2)`, `<key> (3)`, …, so no entry overwrites another.
 */
function freeKey(source: Record<string, unknown>, copy: Record<string, unknown>, redacted: string): string {
  let candidate = redacted;
  for (let suffix = 2; Object.hasOwn(copy, candidate) || Object.hasOwn(source, candidate); suffix += 1)
    candidate = `${redacted} (${suffix})`;
  return candidate;
}

function copyChild(child: unknown, sensitive: boolean, path: Container[], actions: WalkActions): unknown {
  if (typeof child === "string") return sensitive ? actions.redactField(child) : actions.redactText(child);
  if (typeof child !== "object" || child === null) return child;
  if (Array.isArray(child)) return copyContainer(child, sensitive, path, actions);
  return isPlainObject(child) ? copyContainer(child, false, path, actions) : child;
}

function cycleError(): TypeError {
  return new TypeError("redactValue: the value contains a cycle, so it is not JSON");
}

interface Frame {
  readonly source: Container;
  readonly result: Container;
  /** Object keys, or null for arrays. */
  readonly keys: readonly string[] | null;
  index: number;
  /** For arrays: which of their strings are secrets. */
  readonly mode: ArrayMode;
  /** For objects: which entries are secrets because of their siblings. */
  readonly context: ObjectContext | undefined;
}

/**
 * {@link copyContainer} for subtrees below the recursion limit: the same copy, made with an explicit stack.
 * `onPath` starts with the containers above `value`.
 */
function walkDeep(value: Container, sensitive: boolean, onPath: Set<unknown>, actions: WalkActions): Container {
  const stack: Frame[] = [];
  const open = (source: Container, sensitiveArray: boolean): Container => {
    if (onPath.has(source)) throw cycleError();
    onPath.add(source);
    if (Array.isArray(source)) {
      const result: unknown[] = [];
      stack.push({ source, result, keys: null, index: 0, mode: arrayMode(source, sensitiveArray), context: undefined });
      return result;
    }
    const result: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    stack.push({
      source,
      result,
      keys: Object.keys(source),
      index: 0,
      mode: "none",
      context: objectContext(source, actions),
    });
    return result;
  };
  const root = open(value, sensitive);

  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { keys } = frame;
    const count = keys === null ? (frame.source as unknown[]).length : keys.length;
    if (frame.index >= count) {
      stack.pop();
      onPath.delete(frame.source);
      continue;
    }
    const index = frame.index;
    frame.index += 1;
    const key = keys === null ? undefined : (keys[index] as string);
    const child =
      key === undefined ? (frame.source as unknown[])[index] : (frame.source as Record<string, unknown>)[key];
    const info = key === undefined ? undefined : actions.keyInfo(key);
    const sensitiveChild =
      key === undefined || info === undefined
        ? isSensitiveElement(frame.source as unknown[], index, frame.mode, actions)
        : isSensitiveEntry(key, info, frame.context as ObjectContext);

    let result: unknown;
    if (typeof child === "string") result = sensitiveChild ? actions.redactField(child) : actions.redactText(child);
    else if (Array.isArray(child)) result = open(child, sensitiveChild);
    else if (typeof child === "object" && child !== null && isPlainObject(child)) result = open(child, false);
    else result = child;

    if (key === undefined || info === undefined) (frame.result as unknown[]).push(result);
    else {
      const source = frame.source as Record<string, unknown>;
      const target = frame.result as Record<string, unknown>;
      defineEntry(
        target,
        info.redacted === null ? key : freeKey(source, target, actions.countKey(info.redacted)),
        result,
      );
    }
  }
  return root;
}

/** Writes an own, enumerable data property, even for `__proto__` (which plain assignment would treat as the prototype). */
function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** For `{ "name": "Authorization", "value": "…" }` (HAR) or `{ "key": "X-Api-Key", "value": "…" }` (Postman): `"value"`. */
function headerListValueKey(source: Record<string, unknown>, actions: WalkActions): string | undefined {
  const name = Object.hasOwn(source, "name") ? source.name : Object.hasOwn(source, "key") ? source.key : undefined;
  return typeof name === "string" && actions.isSensitiveKey(name) ? "value" : undefined;
}

/** The sibling keys that make an object with a `token` a log-probability record (OpenAI, Gemini, vLLM, TGI). */
const tokenRecordKeys = ["logprob", "logProbability", "log_probability", "top_logprobs", "topLogprobs", "bytes"];

function isTokenRecord(source: Record<string, unknown>): boolean {
  for (const key of tokenRecordKeys) if (Object.hasOwn(source, key)) return true;
  return false;
}
