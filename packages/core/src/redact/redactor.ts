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
 * Keys whose string values are secrets whatever they look like. Compared after lower-casing and
 * dropping `-`, `_`, `.` and spaces, so `X-Api-Key`, `x_api_key` and `xApiKey` are all the same key.
 * Deliberately absent: `token` (LLM log-probability records use it for text), `key`, and `pwd`
 * (the working directory in shell state).
 */
export const defaultSensitiveKeys: readonly string[] = Object.freeze([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "api_key",
  "apikey",
  "x-goog-api-key",
  "x-auth-token",
  "x-access-token",
  "x-amz-security-token",
  "password",
  "passwd",
  "passphrase",
  "secret",
  "client_secret",
  "secret_key",
  "secret_access_key",
  "aws_secret_access_key",
  "session_token",
  "aws_session_token",
  "access_token",
  "refresh_token",
  "id_token",
  "auth_token",
  "api_token",
  "private_key",
  "cookie",
  "set-cookie",
]);

export interface RedactorOptions {
  /** Rules added to the built-ins (or used alone with `builtIn: false`). Checked at creation. */
  rules?: readonly UserRule[];
  /** Whether the built-in rules run. Default true. */
  builtIn?: boolean;
  /** Replaces {@link defaultSensitiveKeys}; spread the default to extend it. */
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
}

/** What the text scan needs: the compiled rules, the keyword prefilter, and the shortest possible match. */
interface Engine {
  readonly rules: readonly CompiledRule[];
  readonly filter: KeywordFilter;
  /** No rule can match text shorter than this, so such strings are returned without a look. */
  readonly shortest: number;
}

/** A stretch of text one rule wants replaced. */
interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly priority: number;
}

/**
 * Creates a redactor. Throws {@link RedactionRuleError} for an invalid or unsafe user rule and
 * `RangeError` for invalid options.
 *
 * How `redactValue` treats a JSON value:
 * - strings are scanned by the rules; object keys are never changed (only values are);
 * - a non-empty string under a sensitive key is replaced whole by `[REDACTED:sensitive-field]`, and so
 *   is each string in an array under such a key (`"set-cookie": ["a=1", "b=2"]`), and the `value` of a
 *   header-list entry `{ "name": "Authorization", "value": "…" }` (HAR, Postman's `key`/`value`);
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
 * For tests: the same redactor without the shortcuts (keyword prefilter, short-string skip), which must never
 * change a result. Not part of the package's API.
 */
export function createRedactorWithoutPrefilter(options: RedactorOptions = {}): Redactor {
  return buildRedactor(options, false);
}

function buildRedactor(options: RedactorOptions, prefilter: boolean): Redactor {
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
  const compiled = rules.map((rule): CompiledRule => {
    const flags = rule.pattern.flags.replace(/[dgy]/g, "");
    const maxLength = Math.min(rule.maxLength, largestRuleMaxLength);
    return {
      id: rule.id,
      regex: new RegExp(rule.pattern.source, `${flags}dg`),
      maxLength,
      // The smallest useful window holds a match plus context on both sides and still advances by maxLength.
      window: Math.max(windowBytes, 2 * maxLength + 2 * lookaroundReach),
    };
  });
  const engine: Engine = {
    rules: compiled,
    filter: new KeywordFilter(rules.map((rule) => (prefilter ? rule.keywords : undefined))),
    shortest: prefilter
      ? Math.min(...rules.map((rule) => analyzePattern(rule.pattern.source, rule.pattern.flags).minimumMatchLength))
      : 0,
  };
  const sensitiveKeys = new Set((options.sensitiveKeys ?? defaultSensitiveKeys).map(normalizeKeyName));
  // Transcripts use a few dozen distinct keys over and over: decide each once. Bounded, for documents with
  // generated keys (ids as keys); past the bound, keys are simply decided every time.
  const sensitiveKeyCache = new Map<string, boolean>();
  const isSensitiveKey = (key: string): boolean => {
    let sensitive = sensitiveKeyCache.get(key);
    if (sensitive === undefined) {
      sensitive = key.length <= 64 && sensitiveKeys.has(normalizeKeyName(key));
      if (sensitiveKeyCache.size < 10_000) sensitiveKeyCache.set(key, sensitive);
    }
    return sensitive;
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
      isSensitiveKey,
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
// Text

/** Counts per rule id. A Map, because a rule id such as `constructor` must not meet Object.prototype. */
type Counts = Map<string, number>;

function increment(counts: Counts, ruleId: string): void {
  counts.set(ruleId, (counts.get(ruleId) ?? 0) + 1);
}

/**
 * Redacts until nothing more matches. One pass almost always suffices; a second can find a secret that
 * a neighbouring redaction exposed (a boundary that looked like part of a longer token before). Passes
 * end because each one turns at least one character outside placeholders into a placeholder, and never
 * touches placeholders. Repeating until stable is what makes the redactor idempotent by construction.
 */
function redactText(text: string, engine: Engine, counts: Counts): string {
  if (text.length < engine.shortest) return text;
  // Which rules can match is decided once for the whole text: every match in a later pass lies in a piece of the
  // original text between placeholders, so its keyword was there from the start.
  const active = engine.filter.rulesFor(text);
  if (active.length === 0) return text;
  let current = text;
  for (;;) {
    const next = redactOnce(current, active, engine.rules, counts);
    if (next === current) return current;
    current = next;
  }
}

function redactOnce(text: string, active: readonly number[], rules: readonly CompiledRule[], counts: Counts): string {
  // Placeholders split the text into segments scanned on their own: no rule can ever match into or across
  // a placeholder, which keeps existing placeholders byte-for-byte and makes a second run find nothing new.
  let output = "";
  let changed = false;
  let segmentStart = 0;
  let from = 0;
  for (;;) {
    const start = text.indexOf(placeholderPrefix, from);
    if (start === -1) break;
    const end = placeholderEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    const segment = text.slice(segmentStart, start);
    const redacted = redactSegment(segment, active, rules, counts);
    changed ||= redacted !== segment;
    output += redacted + text.slice(start, end);
    segmentStart = end;
    from = end;
  }
  if (segmentStart === 0) return redactSegment(text, active, rules, counts);
  const last = text.slice(segmentStart);
  const redacted = redactSegment(last, active, rules, counts);
  changed ||= redacted !== last;
  return changed ? output + redacted : text;
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

function redactSegment(
  segment: string,
  active: readonly number[],
  rules: readonly CompiledRule[],
  counts: Counts,
): string {
  if (segment.length === 0) return segment;
  const candidates: Candidate[] = [];
  for (const priority of active) scanRule(rules[priority] as CompiledRule, priority, segment, candidates);
  if (candidates.length === 0) return segment;

  // Overlapping candidates from different rules become one redaction: the union of their spans (no
  // fragment of either secret survives), counted once, named after the earliest-starting candidate
  // (then the longest, then the earlier rule).
  candidates.sort((left, right) => left.start - right.start || right.end - left.end || left.priority - right.priority);
  let output = "";
  let position = 0;
  let index = 0;
  while (index < candidates.length) {
    const first = candidates[index] as Candidate;
    let end = first.end;
    index += 1;
    while (index < candidates.length && (candidates[index] as Candidate).start < end) {
      end = Math.max(end, (candidates[index] as Candidate).end);
      index += 1;
    }
    const id = (rules[first.priority] as CompiledRule).id;
    increment(counts, id);
    output += segment.slice(position, first.start) + redactionPlaceholder(id);
    position = end;
  }
  return output + segment.slice(position);
}

/**
 * Finds the rule's matches in the segment exactly as one global scan of the whole segment would, while
 * no regex execution sees more than `rule.window` code units.
 *
 * Each window starts `lookaroundReach` before the scan position (so lookbehinds see real context) and a
 * match is trusted only if it starts at or before `safeLimit`: a match starting there ends at least
 * `lookaroundReach` before the window's end, so neither its extent nor its lookaheads were cut short,
 * and every start position the engine rejected before it was rejected with full context too. When the
 * engine finds nothing trusted, the scan resumes at `safeLimit + 1` in a fresh window. Consecutive
 * windows therefore overlap by `maxLength + 2 × lookaroundReach`, a secret straddling a window edge is
 * found whole in the window that covers it, and because the scan position only moves forward, no match
 * is found twice.
 */
function scanRule(rule: CompiledRule, priority: number, segment: string, candidates: Candidate[]): void {
  const { regex } = rule;
  const length = segment.length;
  let position = 0;
  while (position < length) {
    const windowStart = Math.max(0, position - lookaroundReach);
    const windowEnd = Math.min(length, windowStart + rule.window);
    const windowText = windowStart === 0 && windowEnd === length ? segment : segment.slice(windowStart, windowEnd);
    const safeLimit = windowEnd === length ? length : windowEnd - lookaroundReach - rule.maxLength;
    regex.lastIndex = position - windowStart;
    for (;;) {
      const match = regex.exec(windowText);
      if (match === null) break;
      const matchStart = windowStart + match.index;
      if (matchStart > safeLimit) break;
      const matchEnd = matchStart + match[0].length;
      if (matchEnd === matchStart) {
        // Only a user pattern could match empty text (they are refused, but stay defensive).
        regex.lastIndex += 1;
        continue;
      }
      const secret = match.indices?.groups?.secret;
      // An empty `secret` group hides nothing; skipping it also keeps every redaction at least one
      // character long, which is what guarantees that redactText's passes come to an end.
      if (secret === undefined) candidates.push({ start: matchStart, end: matchEnd, priority });
      else if (secret[1] > secret[0])
        candidates.push({ start: windowStart + secret[0], end: windowStart + secret[1], priority });
      position = matchEnd;
    }
    if (windowEnd === length) return;
    position = Math.max(position, safeLimit + 1);
  }
}

// ---------------------------------------------------------------------------------------------------
// JSON values

interface WalkActions {
  redactText(text: string): string;
  redactField(text: string): string;
  isSensitiveKey(key: string): boolean;
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
    for (let index = 0; index < source.length; index += 1)
      copy.push(copyChild(source[index], sensitive, path, actions));
    result = copy;
  } else {
    const copy: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    const valueKey = headerListValueKey(source, actions);
    if (actions.inheritsEnumerableKeys)
      for (const key of Object.keys(source)) copyEntry(source, copy, key, valueKey, path, actions);
    // `for…in` walks V8's cached key list instead of allocating one per object; with nothing enumerable on
    // Object.prototype (checked per walk), it visits exactly the own enumerable string keys, in Object.keys order.
    else for (const key in source) copyEntry(source, copy, key, valueKey, path, actions);
    result = copy;
  }
  path.pop();
  return result;
}

function copyEntry(
  source: Record<string, unknown>,
  copy: Record<string, unknown>,
  key: string,
  valueKey: string | undefined,
  path: Container[],
  actions: WalkActions,
): void {
  const child = source[key];
  // Only strings and arrays care whether their key is sensitive: objects are walked whatever their key.
  const sensitive =
    (typeof child === "string" || Array.isArray(child)) && (key === valueKey || actions.isSensitiveKey(key));
  defineEntry(copy, key, copyChild(child, sensitive, path, actions));
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
  /** For arrays: whether their strings are values of a sensitive key. */
  readonly sensitive: boolean;
  /** For objects: the key whose value is a secret because of a `name`/`key` sibling (header lists). */
  readonly sensitiveValueKey: string | undefined;
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
      stack.push({ source, result, keys: null, index: 0, sensitive: sensitiveArray, sensitiveValueKey: undefined });
      return result;
    }
    const result: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    stack.push({
      source,
      result,
      keys: Object.keys(source),
      index: 0,
      sensitive: false,
      sensitiveValueKey: headerListValueKey(source, actions),
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
    const key = keys === null ? frame.index : (keys[frame.index] as string);
    frame.index += 1;
    const child =
      keys === null ? (frame.source as unknown[])[key as number] : (frame.source as Record<string, unknown>)[key];
    const sensitiveChild =
      keys === null ? frame.sensitive : actions.isSensitiveKey(key as string) || key === frame.sensitiveValueKey;

    let result: unknown;
    if (typeof child === "string") result = sensitiveChild ? actions.redactField(child) : actions.redactText(child);
    else if (Array.isArray(child)) result = open(child, sensitiveChild);
    else if (typeof child === "object" && child !== null && isPlainObject(child)) result = open(child, false);
    else result = child;

    if (keys === null) (frame.result as unknown[]).push(result);
    else defineEntry(frame.result as Record<string, unknown>, key as string, result);
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
  if (!Object.hasOwn(source, "value")) return undefined;
  const name = Object.hasOwn(source, "name") ? source.name : Object.hasOwn(source, "key") ? source.key : undefined;
  return typeof name === "string" && actions.isSensitiveKey(name) ? "value" : undefined;
}
