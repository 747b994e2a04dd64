// A conservative static check for user-supplied regular expressions.
//
// V8 runs regular expressions with a backtracking engine, so a careless pattern can take exponential
// (or high-polynomial) time on hostile text. Transcripts are hostile text: anyone can paste anything
// into a conversation. This module parses a pattern into a small syntax tree and rejects the shapes
// that make backtracking blow up. It errs on the side of rejecting: a refused pattern can nearly
// always be rewritten with bounded quantifiers (`{1,64}` instead of `+`), which are always cheap.

/** Quantifier bounds above this are treated like `*`: a bound of 100,000 protects nothing. */
const LARGE_BOUND = 1024;

const ASCII_SIZE = 128;

/**
 * A set of characters, exact on ASCII and coarse beyond it: every non-ASCII character is one bucket.
 * `exact` is false when the parser had to over-approximate (Unicode property escapes, `v`-mode
 * set operations); such sets may only be used where a larger set makes the check stricter.
 */
class CharacterSet {
  readonly ascii = new Uint8Array(ASCII_SIZE);
  nonAscii = false;
  exact = true;

  static of(codePoints: Iterable<number>): CharacterSet {
    const set = new CharacterSet();
    for (const codePoint of codePoints) set.addCodePoint(codePoint);
    return set;
  }

  static range(from: number, to: number): CharacterSet {
    const set = new CharacterSet();
    set.addRange(from, to);
    return set;
  }

  static everything(exact = true): CharacterSet {
    const set = CharacterSet.range(0, 0x10ffff);
    set.exact = exact;
    return set;
  }

  addCodePoint(codePoint: number): void {
    if (codePoint < ASCII_SIZE) this.ascii[codePoint] = 1;
    else this.nonAscii = true;
  }

  addRange(from: number, to: number): void {
    for (let codePoint = from; codePoint <= Math.min(to, ASCII_SIZE - 1); codePoint += 1) this.ascii[codePoint] = 1;
    if (to >= ASCII_SIZE) this.nonAscii = true;
  }

  addSet(other: CharacterSet): void {
    for (let index = 0; index < ASCII_SIZE; index += 1) if (other.ascii[index] === 1) this.ascii[index] = 1;
    this.nonAscii ||= other.nonAscii;
    this.exact &&= other.exact;
  }

  copy(): CharacterSet {
    const result = new CharacterSet();
    result.addSet(this);
    return result;
  }

  complement(): CharacterSet {
    const result = new CharacterSet();
    for (let index = 0; index < ASCII_SIZE; index += 1) result.ascii[index] = this.ascii[index] === 1 ? 0 : 1;
    // Whatever the set held beyond ASCII, its complement may still hold other non-ASCII characters.
    result.nonAscii = true;
    result.exact = this.exact;
    return result;
  }

  /** Adds the other case of every ASCII letter; non-ASCII case folding (K and the Kelvin sign) lands in the bucket. */
  foldCase(): void {
    for (let upper = 0x41; upper <= 0x5a; upper += 1) {
      const lower = upper + 0x20;
      if (this.ascii[upper] === 1 || this.ascii[lower] === 1) {
        this.ascii[upper] = 1;
        this.ascii[lower] = 1;
        this.nonAscii = true;
      }
    }
  }

  intersects(other: CharacterSet): boolean {
    if (this.nonAscii && other.nonAscii) return true;
    for (let index = 0; index < ASCII_SIZE; index += 1)
      if (this.ascii[index] === 1 && other.ascii[index] === 1) return true;
    return false;
  }

  /** True when this set certainly holds an ASCII character that `other` lacks. */
  hasAsciiOutside(other: CharacterSet): boolean {
    for (let index = 0; index < ASCII_SIZE; index += 1)
      if (this.ascii[index] === 1 && other.ascii[index] !== 1) return true;
    return false;
  }

  isEmpty(): boolean {
    return !this.nonAscii && this.ascii.every((bit) => bit === 0);
  }
}

type PatternNode =
  | { readonly type: "character"; readonly set: CharacterSet }
  | { readonly type: "assertion"; readonly kind: "start" | "end" | "word-boundary" }
  | { readonly type: "backreference" }
  | { readonly type: "group"; readonly alternatives: readonly PatternNode[][]; readonly lookaround: boolean }
  | { readonly type: "quantified"; readonly body: PatternNode; readonly min: number; readonly max: number };

/** Thrown by the parser for syntax it does not model; the caller turns it into a refusal. */
class UnsupportedSyntax extends Error {}

const DIGITS = CharacterSet.range(0x30, 0x39);
const WORD = (() => {
  const set = CharacterSet.range(0x30, 0x39);
  set.addRange(0x41, 0x5a);
  set.addRange(0x61, 0x7a);
  set.addCodePoint(0x5f);
  return set;
})();
const WHITESPACE = (() => {
  const set = CharacterSet.of([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);
  set.nonAscii = true;
  return set;
})();

class PatternParser {
  private index = 0;
  private readonly unicode: boolean;
  private readonly unicodeSets: boolean;
  private readonly ignoreCase: boolean;
  private readonly dotAll: boolean;

  constructor(
    private readonly source: string,
    flags: string,
  ) {
    this.unicodeSets = flags.includes("v");
    this.unicode = flags.includes("u") || this.unicodeSets;
    this.ignoreCase = flags.includes("i");
    this.dotAll = flags.includes("s");
  }

  parse(): PatternNode[][] {
    const alternatives = this.parseDisjunction();
    if (this.index < this.source.length) throw new UnsupportedSyntax(`unexpected "${this.source[this.index] ?? ""}"`);
    return alternatives;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.index + offset];
  }

  private parseDisjunction(): PatternNode[][] {
    const alternatives: PatternNode[][] = [this.parseAlternative()];
    while (this.peek() === "|") {
      this.index += 1;
      alternatives.push(this.parseAlternative());
    }
    return alternatives;
  }

  private parseAlternative(): PatternNode[] {
    const items: PatternNode[] = [];
    while (this.index < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.parseAtom();
      items.push(this.parseQuantifier(atom));
    }
    return items;
  }

  private parseQuantifier(atom: PatternNode): PatternNode {
    let min: number;
    let max: number;
    const next = this.peek();
    if (next === "*") [min, max] = [0, Infinity];
    else if (next === "+") [min, max] = [1, Infinity];
    else if (next === "?") [min, max] = [0, 1];
    else if (next === "{") {
      const bounds = this.readBraceQuantifier();
      if (bounds === undefined) return atom;
      [min, max] = bounds;
    } else return atom;
    if (next !== "{") this.index += 1;
    if (this.peek() === "?") this.index += 1;
    return { type: "quantified", body: atom, min, max };
  }

  /** Reads `{n}`, `{n,}` or `{n,m}`; anything else is a literal brace outside Unicode mode. */
  private readBraceQuantifier(): [number, number] | undefined {
    const rest = this.source.slice(this.index, this.index + 32);
    const match = /^\{(\d{1,10})(,(\d{0,10}))?\}/.exec(rest);
    if (match === null) return undefined;
    this.index += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === "" || match[3] === undefined ? Infinity : Number(match[3]);
    return [min, max];
  }

  private parseAtom(): PatternNode {
    const character = this.peek();
    switch (character) {
      case "^":
        this.index += 1;
        return { type: "assertion", kind: "start" };
      case "$":
        this.index += 1;
        return { type: "assertion", kind: "end" };
      case ".":
        this.index += 1;
        return {
          type: "character",
          set: this.dotAll ? CharacterSet.everything() : CharacterSet.of([0x0a, 0x0d]).complement(),
        };
      case "(":
        return this.parseGroup();
      case "[":
        return { type: "character", set: this.finish(this.parseClass()) };
      case "\\":
        return this.parseEscape();
      default: {
        const codePoint = this.readLiteralCodePoint();
        return { type: "character", set: this.finish(CharacterSet.of([codePoint])) };
      }
    }
  }

  private readLiteralCodePoint(): number {
    const codePoint = this.source.codePointAt(this.index) ?? 0;
    this.index += codePoint > 0xffff && this.unicode ? 2 : 1;
    return this.unicode ? codePoint : this.source.charCodeAt(this.index - 1);
  }

  private finish(set: CharacterSet): CharacterSet {
    if (this.ignoreCase) set.foldCase();
    return set;
  }

  private parseGroup(): PatternNode {
    this.index += 1;
    let lookaround = false;
    if (this.peek() === "?") {
      const kind = this.source.slice(this.index, this.index + 3);
      if (kind.startsWith("?:")) this.index += 2;
      else if (kind.startsWith("?=") || kind.startsWith("?!")) {
        this.index += 2;
        lookaround = true;
      } else if (kind === "?<=" || kind === "?<!") {
        this.index += 3;
        lookaround = true;
      } else if (kind.startsWith("?<")) {
        const close = this.source.indexOf(">", this.index);
        if (close === -1) throw new UnsupportedSyntax("unterminated group name");
        this.index = close + 1;
      } else throw new UnsupportedSyntax("inline modifiers such as (?i:…) are not supported; use flags instead");
    }
    const alternatives = this.parseDisjunction();
    if (this.peek() !== ")") throw new UnsupportedSyntax("unterminated group");
    this.index += 1;
    return { type: "group", alternatives, lookaround };
  }

  private parseEscape(): PatternNode {
    const escaped = this.peek(1);
    if (escaped === undefined) throw new UnsupportedSyntax("pattern ends with a backslash");
    if (escaped === "b" || escaped === "B") {
      this.index += 2;
      return { type: "assertion", kind: "word-boundary" };
    }
    if (/[1-9]/.test(escaped) || (escaped === "k" && this.peek(2) === "<")) {
      this.index += 2;
      return { type: "backreference" };
    }
    return { type: "character", set: this.finish(this.readCharacterEscape()) };
  }

  /** Reads an escape that stands for characters (outside or inside a class); `this.index` is at the backslash. */
  private readCharacterEscape(): CharacterSet {
    const escaped = this.peek(1) ?? "";
    this.index += 2;
    switch (escaped) {
      case "d":
        return DIGITS.copy();
      case "D":
        return DIGITS.complement();
      case "w":
        return WORD.copy();
      case "W":
        return WORD.complement();
      case "s":
        return WHITESPACE.copy();
      case "S":
        return WHITESPACE.complement();
      case "p":
      case "P": {
        if (this.unicode && this.peek() === "{") {
          const close = this.source.indexOf("}", this.index);
          this.index = close === -1 ? this.source.length : close + 1;
          return CharacterSet.everything(false);
        }
        return CharacterSet.of([escaped.charCodeAt(0)]);
      }
      case "x": {
        const hex = /^[0-9a-f]{2}/i.exec(this.source.slice(this.index, this.index + 2));
        if (hex === null) return CharacterSet.of([0x78]);
        this.index += 2;
        return CharacterSet.of([Number.parseInt(hex[0], 16)]);
      }
      case "u": {
        const braced = this.unicode
          ? /^\{([0-9a-f]{1,6})\}/i.exec(this.source.slice(this.index, this.index + 8))
          : null;
        if (braced !== null) {
          this.index += braced[0].length;
          return CharacterSet.of([Number.parseInt(braced[1] ?? "0", 16)]);
        }
        const hex = /^[0-9a-f]{4}/i.exec(this.source.slice(this.index, this.index + 4));
        if (hex === null) return CharacterSet.of([0x75]);
        this.index += 4;
        return CharacterSet.of([Number.parseInt(hex[0], 16)]);
      }
      case "c": {
        const letter = this.peek();
        if (letter !== undefined && /[a-z]/i.test(letter)) {
          this.index += 1;
          return CharacterSet.of([letter.charCodeAt(0) % 32]);
        }
        // Outside Unicode mode `\c` without a letter is a literal backslash followed by `c`.
        this.index -= 1;
        return CharacterSet.of([0x5c]);
      }
      case "0":
        // Outside Unicode mode `\0` followed by digits is a legacy octal escape; over-approximate it.
        return /\d/.test(this.peek() ?? "") ? CharacterSet.everything(false) : CharacterSet.of([0]);
      case "t":
        return CharacterSet.of([0x09]);
      case "n":
        return CharacterSet.of([0x0a]);
      case "v":
        return CharacterSet.of([0x0b]);
      case "f":
        return CharacterSet.of([0x0c]);
      case "r":
        return CharacterSet.of([0x0d]);
      default: {
        this.index -= 1;
        return CharacterSet.of([this.readLiteralCodePoint()]);
      }
    }
  }

  private parseClass(): CharacterSet {
    this.index += 1;
    const negated = this.peek() === "^";
    if (negated) this.index += 1;
    if (this.unicodeSets) {
      // `v` mode allows nested classes and set operations; model the class as "anything", marked inexact.
      let depth = 1;
      while (this.index < this.source.length && depth > 0) {
        const character = this.peek();
        if (character === "\\") this.index += 2;
        else {
          if (character === "[") depth += 1;
          else if (character === "]") depth -= 1;
          this.index += 1;
        }
      }
      return CharacterSet.everything(false);
    }
    const set = new CharacterSet();
    while (this.index < this.source.length && this.peek() !== "]") {
      const from = this.readClassAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined && typeof from === "number") {
        const save = this.index;
        this.index += 1;
        const to = this.readClassAtom();
        if (typeof to === "number") {
          set.addRange(from, to);
          continue;
        }
        // A range with a class escape at one end (`[\w-z]`) reads the hyphen literally.
        this.index = save;
        set.addCodePoint(from);
        continue;
      }
      if (typeof from === "number") set.addCodePoint(from);
      else set.addSet(from);
    }
    if (this.peek() !== "]") throw new UnsupportedSyntax("unterminated character class");
    this.index += 1;
    return negated ? set.complement() : set;
  }

  /** A class member: one code point, or a set for class escapes such as `\d`. */
  private readClassAtom(): number | CharacterSet {
    if (this.peek() !== "\\") return this.readLiteralCodePoint();
    const escaped = this.peek(1);
    if (escaped === "b") {
      this.index += 2;
      return 0x08;
    }
    if (escaped === "-") {
      this.index += 2;
      return 0x2d;
    }
    const set = this.readCharacterEscape();
    const members = [...set.ascii].flatMap((bit, codePoint) => (bit === 1 ? [codePoint] : []));
    if (set.exact && !set.nonAscii && members.length === 1 && members[0] !== undefined) return members[0];
    return set;
  }
}

function minimumLength(node: PatternNode): number {
  switch (node.type) {
    case "character":
      return 1;
    case "assertion":
    case "backreference":
      return 0;
    case "group":
      return node.lookaround ? 0 : Math.min(...node.alternatives.map(sequenceMinimumLength));
    case "quantified":
      return node.min === 0 ? 0 : node.min * minimumLength(node.body);
  }
}

function sequenceMinimumLength(items: readonly PatternNode[]): number {
  return items.reduce((total, item) => total + minimumLength(item), 0);
}

/**
 * The longest text the node can match, counting `unitsPerCharacter` code units per character:
 * 1 to reason about backtracking choices, 2 to bound matches in Unicode mode (astral characters).
 */
function maximumLength(node: PatternNode, unitsPerCharacter = 1): number {
  switch (node.type) {
    case "character":
      return unitsPerCharacter;
    case "assertion":
      return 0;
    case "backreference":
      return Infinity;
    case "group":
      return node.lookaround
        ? 0
        : Math.max(...node.alternatives.map((items) => sequenceMaximumLength(items, unitsPerCharacter)));
    case "quantified": {
      const body = maximumLength(node.body, unitsPerCharacter);
      return body === 0 || node.max === 0 ? 0 : node.max * body;
    }
  }
}

function sequenceMaximumLength(items: readonly PatternNode[], unitsPerCharacter: number): number {
  return items.reduce((total, item) => total + maximumLength(item, unitsPerCharacter), 0);
}

/** A part whose length varies: the source of backtracking choices. Single characters and fixed repeats are not. */
function isVariableLength(node: PatternNode): boolean {
  return minimumLength(node) !== maximumLength(node);
}

/** Every character the node can consume (over-approximated, which only makes the checks stricter). */
function consumedCharacters(node: PatternNode): CharacterSet {
  const result = new CharacterSet();
  switch (node.type) {
    case "character":
      result.addSet(node.set);
      break;
    case "backreference":
      result.addSet(CharacterSet.everything(false));
      break;
    case "group":
      if (!node.lookaround)
        for (const items of node.alternatives) for (const item of items) result.addSet(consumedCharacters(item));
      break;
    case "quantified":
      if (node.max > 0) result.addSet(consumedCharacters(node.body));
      break;
    case "assertion":
      break;
  }
  return result;
}

interface FirstCharacters {
  readonly set: CharacterSet;
  readonly canBeEmpty: boolean;
}

/** The characters a sequence can start with, and whether it can match without consuming any. */
function sequenceFirstCharacters(items: readonly PatternNode[]): FirstCharacters {
  const set = new CharacterSet();
  for (const item of items) {
    const first = nodeFirstCharacters(item);
    set.addSet(first.set);
    if (!first.canBeEmpty) return { set, canBeEmpty: false };
  }
  return { set, canBeEmpty: true };
}

function nodeFirstCharacters(node: PatternNode): FirstCharacters {
  switch (node.type) {
    case "character":
      return { set: node.set, canBeEmpty: false };
    case "assertion":
      return { set: new CharacterSet(), canBeEmpty: true };
    case "backreference":
      return { set: CharacterSet.everything(false), canBeEmpty: true };
    case "group": {
      if (node.lookaround) return { set: new CharacterSet(), canBeEmpty: true };
      const set = new CharacterSet();
      let canBeEmpty = false;
      for (const items of node.alternatives) {
        const first = sequenceFirstCharacters(items);
        set.addSet(first.set);
        canBeEmpty ||= first.canBeEmpty;
      }
      return { set, canBeEmpty };
    }
    case "quantified": {
      if (node.max === 0) return { set: new CharacterSet(), canBeEmpty: true };
      const first = nodeFirstCharacters(node.body);
      return { set: first.set, canBeEmpty: first.canBeEmpty || node.min === 0 };
    }
  }
}

function* descendants(node: PatternNode): Generator<PatternNode> {
  yield node;
  if (node.type === "group") for (const items of node.alternatives) for (const item of items) yield* descendants(item);
  else if (node.type === "quantified") yield* descendants(node.body);
}

function* sequences(node: PatternNode): Generator<readonly PatternNode[]> {
  for (const descendant of descendants(node)) if (descendant.type === "group") yield* descendant.alternatives;
}

const SUGGESTION = "rewrite it with bounded quantifiers such as {1,64} and without nesting them";

function findBackreference(root: PatternNode): string | undefined {
  for (const node of descendants(root)) {
    if (node.type === "backreference")
      return "it uses a backreference (\\1 or \\k<name>), which can take exponential time";
  }
  return undefined;
}

/** `(a+)+`, `(a*)*`, `(a|ab)*`: a repeated part that can split the same text in many ways. */
function findNestedQuantifier(root: PatternNode): string | undefined {
  for (const node of descendants(root)) {
    if (node.type !== "quantified" || node.max <= 1) continue;
    if (isVariableLength(node.body)) {
      return `it repeats a part that itself varies in length (like (a+)+ or (a|ab)*), which can take exponential time; ${SUGGESTION}`;
    }
  }
  return undefined;
}

/** `(a|a)*`, `(ab|ac)+`: a repeated alternation whose branches can start alike. */
function findOverlappingAlternation(root: PatternNode): string | undefined {
  for (const node of descendants(root)) {
    if (node.type !== "quantified" || node.max <= 1) continue;
    for (const inner of descendants(node.body)) {
      if (inner.type !== "group" || inner.alternatives.length < 2) continue;
      const firsts = inner.alternatives.map(sequenceFirstCharacters);
      const overlapping = firsts.some(
        (first, index) => first.canBeEmpty || firsts.slice(index + 1).some((other) => other.set.intersects(first.set)),
      );
      if (overlapping) {
        return "it repeats an alternation whose branches can match the same text (like (a|a)* or (ab|ac)+), which can take exponential time; make the branches start with different characters";
      }
    }
  }
  return undefined;
}

/** `\w+\w*`, `.*.*`, `\d+\s*\d+`: two neighbouring variable parts that can trade characters (polynomial time). */
function findAdjacentOverlappingQuantifiers(root: PatternNode): string | undefined {
  for (const items of sequences(root)) {
    for (let first = 0; first < items.length; first += 1) {
      const left = items[first];
      if (left === undefined || !isVariableLength(left) || maximumLength(left) <= 1) continue;
      const leftCharacters = consumedCharacters(left);
      for (let second = first + 1; second < items.length; second += 1) {
        const right = items[second];
        if (right === undefined) break;
        if (
          isVariableLength(right) &&
          maximumLength(right) > 1 &&
          consumedCharacters(right).intersects(leftCharacters)
        ) {
          return `two neighbouring variable-length parts can match the same characters (like \\w+\\w* or .*.*), which can take polynomial time; ${SUGGESTION}`;
        }
        if (minimumLength(right) > 0) break;
      }
    }
  }
  return undefined;
}

/**
 * `\w+@`, `.*secret`, `a\w+b`: an unbounded quantifier the engine can enter from many starting positions,
 * each scanning to the end of the run before failing (quadratic time). It is safe when a required
 * character before it cannot occur inside its run (`acme_[a-z0-9]+!`: no run contains another `_`),
 * when the pattern is anchored with `^`, or when it ends the pattern (a greedy run there always succeeds).
 */
function findUnguardedUnboundedQuantifier(
  alternatives: readonly PatternNode[][],
  multiline: boolean,
): string | undefined {
  const visit = (
    items: readonly PatternNode[],
    inheritedGuards: readonly CharacterSet[],
    inheritedAnchor: boolean,
    topLevel: boolean,
  ): string | undefined => {
    const guards = [...inheritedGuards];
    let anchored = inheritedAnchor;
    for (const [index, item] of items.entries()) {
      if (topLevel && index === 0 && item.type === "assertion" && item.kind === "start" && !multiline) anchored = true;
      if (item.type === "quantified") {
        if (item.max > LARGE_BOUND) {
          const run = consumedCharacters(item.body);
          const endsPattern = topLevel && index === items.length - 1;
          const guarded = anchored || guards.some((guard) => guard.hasAsciiOutside(run));
          if (!guarded && !endsPattern) {
            return `an unbounded quantifier (like \\w+ or .*) can be entered at many starting positions and rescan the same text, which can take quadratic time; start the pattern with a literal prefix that cannot occur inside the repeated part, or ${SUGGESTION}`;
          }
        }
        const nested = visit([item.body], guards, anchored, false);
        if (nested !== undefined) return nested;
        if (item.min >= 1 && item.body.type === "character" && item.body.set.exact) guards.push(item.body.set);
      } else if (item.type === "group") {
        for (const inner of item.alternatives) {
          const nested = visit(inner, guards, anchored, false);
          if (nested !== undefined) return nested;
        }
      } else if (item.type === "character" && item.set.exact) guards.push(item.set);
    }
    return undefined;
  };
  for (const items of alternatives) {
    const found = visit(items, [], false, true);
    if (found !== undefined) return found;
  }
  return undefined;
}

export interface PatternAnalysis {
  /** Why the pattern is refused, or undefined when it passes every check. */
  readonly unsafeBecause: string | undefined;
  /** The longest text (in UTF-16 code units) one match can cover; Infinity when unbounded. */
  readonly maximumMatchLength: number;
  /** The shortest text (in UTF-16 code units) one match can cover; 0 when the syntax is not supported. */
  readonly minimumMatchLength: number;
}

/**
 * Statically checks a JavaScript regular expression (already known to compile) for shapes that make
 * V8's backtracking engine super-linear. Conservative: some harmless patterns are refused too.
 */
export function analyzePattern(source: string, flags: string): PatternAnalysis {
  let alternatives: PatternNode[][];
  try {
    alternatives = new PatternParser(source, flags).parse();
  } catch (error) {
    if (error instanceof UnsupportedSyntax) {
      return {
        unsafeBecause: `its syntax is not supported by the safety check: ${error.message}`,
        maximumMatchLength: Infinity,
        minimumMatchLength: 0,
      };
    }
    throw error;
  }
  const root: PatternNode = { type: "group", alternatives, lookaround: false };
  const maximumMatchLength = maximumLength(root, flags.includes("u") || flags.includes("v") ? 2 : 1);
  const minimumMatchLength = minimumLength(root);
  const unsafeBecause =
    findBackreference(root) ??
    findNestedQuantifier(root) ??
    findOverlappingAlternation(root) ??
    findAdjacentOverlappingQuantifiers(root) ??
    findUnguardedUnboundedQuantifier(alternatives, flags.includes("m")) ??
    (minimumMatchLength === 0 ? "it can match the empty string" : undefined);
  return { unsafeBecause, maximumMatchLength, minimumMatchLength };
}
