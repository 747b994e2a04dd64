import { KeywordFilter } from "./keywords.js";
import { analyzePattern } from "./pattern-safety.js";
import { walk, type KeyInfo } from "./json-walk.js";
import {
  builtInRules,
  compileUserRule,
  largestRuleMaxLength,
  lookaroundReach,
  redactionPlaceholder,
  RedactionRuleError,
  sensitiveFieldRuleId,
} from "./rules.js";
import type { RedactionRule, UserRule } from "./rules.js";
import { longestSensitiveKey, SensitiveKeys } from "./sensitive-keys.js";
import {
  headPattern,
  increment,
  isOnlyPlaceholders,
  redactText,
  type CompiledRule,
  type Counts,
  type Engine,
} from "./text-scan.js";

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
