// The keyword prefilter (as in gitleaks' detect/detect.go): each rule may declare literal keywords, one of which
// every match of the rule contains. One pass over a string finds which keywords occur in it, and only the rules
// with a keyword there (plus the rules that declare none) run their regular expressions on it. Transcripts are
// mostly prose, code and tool output without a single secret, so nearly every string costs that one pass.
//
// The pass is an Aho–Corasick automaton, compiled to a dense table over the 128 ASCII code units with upper-case
// letters folded onto lower-case ones. Keywords are ASCII, so a keyword occurrence is a run of ASCII code units.
// A non-ASCII code unit is looked up by its low 7 bits: that can only make the automaton report a keyword that is
// not there (a false positive, which costs a regular-expression run and nothing else), never miss one, because after
// reading a keyword's last character the automaton is in a state that reports it whatever came before.
//
// Long strings are first copied into a scratch buffer, one byte per code unit (on Node, Buffer's `latin1` write is
// native and far cheaper than a charCodeAt per character; it keeps each code unit's low byte, so ASCII is kept as it
// is; elsewhere the copy is a charCodeAt loop, which keeps the same bytes), and
// the bytes are scanned by four automata at once, one per quarter, so that the CPU overlaps their table lookups. Only
// when that finds a keyword does a second, exact pass note which rules it enables.

import { nodeBuffer, type NodeBuffer } from "../node-builtins.js";

/** A scratch buffer: a Node Buffer where there is one, so that {@link writeLowBytes} can use its native write. */
const nativeBuffer = nodeBuffer?.Buffer;
const allocateScratch: (size: number) => Uint8Array = nativeBuffer
  ? (size) => nativeBuffer.allocUnsafe(size)
  : (size) => new Uint8Array(size);

/** Writes each code unit's low byte of `text` into `bytes` (which holds it); returns how many. */
const writeLowBytes: (bytes: Uint8Array, text: string) => number = nativeBuffer
  ? (bytes, text) => (bytes as NodeBuffer).write(text, 0, "latin1")
  : (bytes, text) => {
      // A typed array keeps the low byte of what it is given.
      for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
      return text.length;
    };

/** Keywords longer than this are refused in user rules: a longer literal filters no better. */
export const longestKeyword = 64;

/** The most keywords one user rule may declare. */
export const mostKeywordsPerRule = 64;

/**
 * The automaton's size limit, so that its table (states × 128 entries) is indexed by 16-bit numbers and stays small
 * enough for the CPU's caches. The built-in keywords take about 250; past the limit, further rules run unfiltered
 * (correct, only slower).
 */
const mostStates = 512;

/** Strings shorter than this are scanned with charCodeAt; encoding them first would cost more than it saves. */
const shortText = 96;

/** How many code units are encoded and scanned at a time, so the scratch buffer stays small. */
const chunkLength = 65_536;

const alphabet = 128;

/** True when `keyword` is a non-empty ASCII string no longer than {@link longestKeyword}. */
export function isValidKeyword(keyword: unknown): keyword is string {
  if (typeof keyword !== "string" || keyword.length === 0 || keyword.length > longestKeyword) return false;
  for (let index = 0; index < keyword.length; index += 1) if (keyword.charCodeAt(index) >= alphabet) return false;
  return true;
}

/** Upper-case ASCII letters become lower-case; everything else is kept. Only for ASCII text. */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0x20));
}

/**
 * Decides, for a string, which rules can possibly match in it. Rules are numbered as in the array given to the
 * constructor; `undefined` keywords mean the rule always runs.
 */
export class KeywordFilter {
  /** `table[state + unit]` is the next state; states are stored multiplied by the alphabet size. */
  private readonly table: Uint16Array;
  /** States from this one (multiplied by the alphabet size) on have found at least one keyword. */
  private readonly firstAccepting: number;
  /** For each accepting state, the rules whose keywords end there. */
  private readonly rulesByAcceptingState: readonly (readonly number[])[];
  /** Rules without keywords (or whose keywords did not fit the automaton), in order. */
  private readonly unfiltered: readonly number[];
  private readonly isUnfiltered: Uint8Array;
  /** Whether any rule is filtered at all; when none is, every string gets `unfiltered`. */
  private readonly filtering: boolean;
  private readonly longest: number;
  /** Scratch: which rules the current scan found. */
  private readonly found: Uint8Array;
  private foundCount = 0;
  /** How many rules the automaton can find: once the scan has found them all, it stops. */
  private readonly filteredCount: number;
  /** Scratch for the text's code units as bytes; grows to the longest chunk seen. */
  private bytes: Uint8Array = allocateScratch(0);

  constructor(keywordsPerRule: readonly (readonly string[] | undefined)[]) {
    this.found = new Uint8Array(keywordsPerRule.length);
    // The trie: `children[state][unit]` or -1; `outputs[state]` are the rules whose keyword ends there.
    const children: Int32Array[] = [new Int32Array(alphabet).fill(-1)];
    const outputs: number[][] = [[]];
    const unfiltered: number[] = [];
    let longest = 0;
    for (const [rule, keywords] of keywordsPerRule.entries()) {
      const folded =
        keywords === undefined || keywords.length === 0 || !keywords.every(isValidKeyword)
          ? undefined
          : keywords.map(foldAscii);
      const newStates = folded?.reduce((total, keyword) => total + keyword.length, 0) ?? 0;
      if (folded === undefined || children.length + newStates > mostStates) {
        unfiltered.push(rule);
        continue;
      }
      for (const keyword of folded) {
        let state = 0;
        for (let index = 0; index < keyword.length; index += 1) {
          const unit = keyword.charCodeAt(index);
          const row = children[state] as Int32Array;
          let next = row[unit] as number;
          if (next === -1) {
            next = children.length;
            row[unit] = next;
            children.push(new Int32Array(alphabet).fill(-1));
            outputs.push([]);
          }
          state = next;
        }
        const output = outputs[state] as number[];
        if (!output.includes(rule)) output.push(rule);
        longest = Math.max(longest, keyword.length);
      }
    }
    this.unfiltered = unfiltered;
    this.isUnfiltered = new Uint8Array(keywordsPerRule.length);
    for (const rule of unfiltered) this.isUnfiltered[rule] = 1;
    this.filtering = children.length > 1;
    this.filteredCount = keywordsPerRule.length - unfiltered.length;
    this.longest = longest;

    // Breadth-first: complete every state's transitions through its failure link and inherit the link's outputs.
    const failure = new Int32Array(children.length);
    const order: number[] = [];
    const root = children[0] as Int32Array;
    for (let unit = 0; unit < alphabet; unit += 1) {
      const child = root[unit] as number;
      if (child === -1) root[unit] = 0;
      else order.push(child);
    }
    for (let head = 0; head < order.length; head += 1) {
      const state = order[head] as number;
      const row = children[state] as Int32Array;
      const failRow = children[failure[state] as number] as Int32Array;
      for (let unit = 0; unit < alphabet; unit += 1) {
        const child = row[unit] as number;
        if (child === -1) row[unit] = failRow[unit] as number;
        else {
          const childFailure = failRow[unit] as number;
          failure[child] = childFailure;
          for (const rule of outputs[childFailure] as number[])
            if (!(outputs[child] as number[]).includes(rule)) (outputs[child] as number[]).push(rule);
          order.push(child);
        }
      }
    }

    // Renumber so that the accepting states come last: one comparison per character tells whether to look closer.
    const accepting = (state: number): boolean => (outputs[state] as number[]).length > 0;
    const numbering = [...children.keys()].sort(
      (left, right) => Number(accepting(left)) - Number(accepting(right)) || left - right,
    );
    const renumbered = new Int32Array(children.length);
    for (const [position, state] of numbering.entries()) renumbered[state] = position;
    const firstAccepting = numbering.findIndex(accepting);
    this.firstAccepting = (firstAccepting === -1 ? children.length : firstAccepting) * alphabet;
    this.rulesByAcceptingState = numbering
      .slice(this.firstAccepting / alphabet)
      .map((state) => outputs[state] as number[]);
    this.table = new Uint16Array(children.length * alphabet);
    for (const [state, row] of children.entries()) {
      const base = (renumbered[state] as number) * alphabet;
      for (let unit = 0; unit < alphabet; unit += 1) {
        // Fold case: an upper-case letter moves like its lower-case form.
        const folded = unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
        this.table[base + unit] = (renumbered[row[folded] as number] as number) * alphabet;
      }
    }
    // The start state keeps number 0: it accepts nothing (keywords are not empty) and sorts first.
  }

  /**
   * The numbers of the rules that can match somewhere in `text`, ascending: those with a keyword in it and those
   * without keywords. The array is shared; do not modify it.
   */
  rulesFor(text: string): readonly number[] {
    if (!this.filtering) return this.unfiltered;
    const { table, firstAccepting, record } = this;
    this.foundCount = 0;
    const length = text.length;
    if (length < shortText) {
      // A first pass only asks whether there is any keyword; the rare text with one is read again to note which.
      if (anyKeywordInUnits(table, firstAccepting, text)) recordKeywordsInUnits(table, firstAccepting, text, record);
    } else {
      // Chunks overlap by a keyword's length less one, so a keyword across a chunk edge is whole in one of them.
      const overlap = this.longest - 1;
      for (let start = 0; start < length; start += chunkLength) {
        const end = Math.min(length, start + chunkLength + overlap);
        const written = this.encode(start === 0 && end === length ? text : text.slice(start, end));
        if (anyKeywordInBytes(table, firstAccepting, this.bytes, written, this.longest))
          recordKeywordsInBytes(table, firstAccepting, this.bytes, written, record);
        if (end === length || this.foundCount === this.filteredCount) break;
      }
    }
    if (this.foundCount === 0) return this.unfiltered;
    const rules: number[] = [];
    const { found, isUnfiltered } = this;
    for (let rule = 0; rule < found.length; rule += 1) {
      if (found[rule] === 1 || isUnfiltered[rule] === 1) rules.push(rule);
      found[rule] = 0;
    }
    return rules;
  }

  /** Copies `text` into the scratch buffer, one byte per code unit: its low byte (`latin1`). */
  private encode(text: string): number {
    if (this.bytes.length < text.length) this.bytes = allocateScratch(Math.max(text.length, 4096));
    return writeLowBytes(this.bytes, text);
  }

  /**
   * Notes the rules whose keywords the automaton has just read (in accepting state `state`). Returns true once every
   * rule the automaton knows has been found: then the rest of the text cannot change the answer (text dense with
   * keywords would otherwise cost a call per keyword to the end).
   */
  private readonly record = (state: number): boolean => {
    for (const rule of this.rulesByAcceptingState[(state - this.firstAccepting) / alphabet] as readonly number[]) {
      if (this.found[rule] === 0) {
        this.found[rule] = 1;
        this.foundCount += 1;
      }
    }
    return this.foundCount === this.filteredCount;
  };
}

/** Whether the automaton reads any keyword in `text`, one code unit at a time (for short strings). */
function anyKeywordInUnits(table: Uint16Array, firstAccepting: number, text: string): boolean {
  let state = 0;
  for (let index = 0; index < text.length; index += 1) {
    state = table[state + (text.charCodeAt(index) & 0x7f)] as number;
    if (state >= firstAccepting) return true;
  }
  return false;
}

/** Reports every accepting state the automaton reaches in `text`, until `record` says every rule is found. */
function recordKeywordsInUnits(
  table: Uint16Array,
  firstAccepting: number,
  text: string,
  record: (state: number) => boolean,
): void {
  let state = 0;
  for (let index = 0; index < text.length; index += 1) {
    state = table[state + (text.charCodeAt(index) & 0x7f)] as number;
    if (state >= firstAccepting && record(state)) return;
  }
}

/**
 * Whether the automaton reads any keyword in `bytes[0, length)`. Four automata run at once, one per quarter, so
 * that the CPU overlaps their table lookups (one automaton must wait for each lookup before the next); each of the
 * first three runs on past the end of its quarter by a keyword's length less one, so keywords across the seams are
 * read whole. (Kept apart from {@link recordKeywordsInBytes}: this loop is the hot one, and leaner without a callback.)
 */
function anyKeywordInBytes(
  table: Uint16Array,
  firstAccepting: number,
  bytes: Uint8Array,
  length: number,
  longest: number,
): boolean {
  const quarter = length >>> 2;
  let first = 0;
  let second = 0;
  let third = 0;
  let fourth = 0;
  for (let index = 0; index < quarter; index += 1) {
    first = table[first + ((bytes[index] as number) & 0x7f)] as number;
    second = table[second + ((bytes[index + quarter] as number) & 0x7f)] as number;
    third = table[third + ((bytes[index + 2 * quarter] as number) & 0x7f)] as number;
    fourth = table[fourth + ((bytes[index + 3 * quarter] as number) & 0x7f)] as number;
    if (first >= firstAccepting || second >= firstAccepting || third >= firstAccepting || fourth >= firstAccepting)
      return true;
  }
  return (
    anyKeywordInLane(table, firstAccepting, bytes, first, quarter, Math.min(length, quarter + longest - 1)) ||
    anyKeywordInLane(table, firstAccepting, bytes, second, 2 * quarter, Math.min(length, 2 * quarter + longest - 1)) ||
    anyKeywordInLane(table, firstAccepting, bytes, third, 3 * quarter, Math.min(length, 3 * quarter + longest - 1)) ||
    anyKeywordInLane(table, firstAccepting, bytes, fourth, 4 * quarter, length)
  );
}

/** Runs on one automaton from `state` over `bytes[from, to)`: whether it reads a keyword. */
function anyKeywordInLane(
  table: Uint16Array,
  firstAccepting: number,
  bytes: Uint8Array,
  state: number,
  from: number,
  to: number,
): boolean {
  for (let index = from; index < to; index += 1) {
    state = table[state + ((bytes[index] as number) & 0x7f)] as number;
    if (state >= firstAccepting) return true;
  }
  return false;
}

/** Reports every accepting state the automaton reaches in `bytes[0, length)`, until `record` has found every rule. */
function recordKeywordsInBytes(
  table: Uint16Array,
  firstAccepting: number,
  bytes: Uint8Array,
  length: number,
  record: (state: number) => boolean,
): void {
  let state = 0;
  for (let index = 0; index < length; index += 1) {
    state = table[state + ((bytes[index] as number) & 0x7f)] as number;
    if (state >= firstAccepting && record(state)) return;
  }
}
