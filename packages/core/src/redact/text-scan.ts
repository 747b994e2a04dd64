// The text scan: every rule's regular expression run over a string in windows, the keyword prefilter in front, the
// overlapping candidates resolved, and rescans next to new redactions until nothing changes.
import type { KeywordFilter } from "./keywords.js";
import { lookaroundReach, redactionPlaceholder } from "./rules.js";

export interface CompiledRule {
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
export interface Engine {
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

/** Counts per rule id. A Map, because a rule id such as `constructor` must not meet Object.prototype. */
export type Counts = Map<string, number>;

export function increment(counts: Counts, ruleId: string): void {
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
export function redactText(text: string, engine: Engine, counts: Counts): string {
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
  forEachPlaceholder(text, (start, end) => {
    add(stretchStart, start);
    stretchStart = end;
    return true;
  });
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
    const scan: RuleScan = { rule, priority, text, stretch, candidates };
    if (stretch.whole || !engine.localRescans || tailStart <= stretch.headEnd) {
      scanRule(scan, stretch.start, stretch.end);
      continue;
    }
    // Only the head and the tail can hold a match; a match from the head may run on into the tail, and the scan
    // position carries over, exactly as one scan of the whole stretch would.
    const reached =
      rule.head !== undefined && stretch.headEnd - stretch.start <= lookaroundReach + 1
        ? scanHead(scan, rule.head, stretch.start, stretch.headEnd)
        : scanRule(scan, stretch.start, stretch.headEnd);
    if (tailStart < stretch.end) scanRule(scan, Math.max(reached, tailStart), stretch.end);
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
export function isOnlyPlaceholders(text: string): boolean {
  let position = 0;
  const onlyWhitespaceBetween = forEachPlaceholder(text, (start, end) => {
    if (text.slice(position, start).trim() !== "") return false;
    position = end;
    return true;
  });
  return onlyWhitespaceBetween && position > 0 && text.slice(position).trim() === "";
}

/**
 * Calls `visit` with the start and end of each well-formed placeholder in `text`, in order (a `[REDACTED:` that does
 * not close as a placeholder is text); stops, returning false, as soon as `visit` returns false.
 */
function forEachPlaceholder(text: string, visit: (start: number, end: number) => boolean): boolean {
  let from = 0;
  for (;;) {
    const start = text.indexOf(placeholderPrefix, from);
    if (start === -1) return true;
    const end = placeholderEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    if (!visit(start, end)) return false;
    from = end;
  }
}

/** One rule's scan of one stretch: what every step of it reads, and where it puts what it finds. */
interface RuleScan {
  readonly rule: CompiledRule;
  /** The rule's place in the order, which names a candidate and breaks ties between overlapping ones. */
  readonly priority: number;
  readonly text: string;
  readonly stretch: Stretch;
  readonly candidates: Candidate[];
}

/**
 * The text one regex execution sees for matches starting at `position` up to `to`: from `lookaroundReach` before the
 * position (so lookbehinds see real context), to as far as a match starting before `to` could need (its longest, then
 * its lookaheads), at most `length` long, never outside the stretch. The whole text itself when that is all of it.
 */
function windowAt(
  { text, stretch, rule }: RuleScan,
  position: number,
  to: number,
  length = Number.POSITIVE_INFINITY,
): { windowStart: number; windowEnd: number; windowText: string } {
  const windowStart = Math.max(stretch.start, position - lookaroundReach);
  const windowEnd = Math.min(stretch.end, windowStart + length, to + rule.maxLength + lookaroundReach);
  const windowText = windowStart === 0 && windowEnd === text.length ? text : text.slice(windowStart, windowEnd);
  return { windowStart, windowEnd, windowText };
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
function scanRule(scan: RuleScan, from: number, to: number): number {
  const { rule, stretch } = scan;
  const { regex } = rule;
  let position = from;
  while (position < to) {
    const { windowStart, windowEnd, windowText } = windowAt(scan, position, to, rule.window);
    const safeLimit = windowEnd === stretch.end ? stretch.end : windowEnd - lookaroundReach - rule.maxLength;
    const limit = Math.min(safeLimit, to - 1);
    regex.lastIndex = position - windowStart;
    for (;;) {
      const match = regex.exec(windowText);
      if (match === null) break;
      const matchStart = windowStart + match.index;
      if (matchStart > limit) break;
      const matchEnd = matchStart + match[0].length;
      if (takeMatch(scan, match, windowText, windowStart, matchStart, matchEnd)) {
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
function scanHead(scan: RuleScan, head: RegExp, from: number, to: number): number {
  const { windowStart, windowText } = windowAt(scan, from, to);
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
    position = takeMatch(scan, match, windowText, windowStart, matchStart, matchEnd) ? matchEnd : matchStart + 1;
  }
  return position;
}

/** The group around the rule's own pattern in its head pattern. */
const headGroup = "redactorHeadMatch";

/** A rule's head pattern (see {@link scanHead}), or undefined when the rule's pattern already uses its group name. */
export function headPattern(source: string, flags: string): RegExp | undefined {
  if (source.includes(headGroup)) return undefined;
  return new RegExp(`[\\s\\S]{0,${lookaroundReach}}?(?<${headGroup}>(?:${source}))`, `${flags}dy`);
}

/**
 * Records a match as a candidate, unless the rule's check refuses it (then the scan goes on from the next position,
 * as if the pattern had not matched here). Returns whether the scan goes on after the match.
 */
function takeMatch(
  { rule, priority, candidates }: RuleScan,
  match: RegExpExecArray,
  windowText: string,
  windowStart: number,
  matchStart: number,
  matchEnd: number,
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
