/**
 * The "no field lost" check: walk every leaf of a source value (every JSON pointer holding a scalar, or an empty
 * array or object) and find its value in the canonical document through a per-format mapping table, by the
 * canonical field it maps to (never by searching text). A leaf no rule maps, or whose canonical value differs,
 * is a lost field.
 */
export interface Leaf {
  /** JSON pointer of the leaf. */
  path: string;
  tokens: string[];
  value: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Equality of JSON values: structure and scalars (Object.is, so -0 stays distinct), not prototypes. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, position) => jsonEqual(item, right[position]))
    );
  }
  if (isObject(left) || isObject(right)) {
    if (!isObject(left) || !isObject(right)) return false;
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
    );
  }
  return Object.is(left, right);
}

function escape(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Every leaf of a JSON value, in document order. */
export function leaves(value: unknown): Leaf[] {
  const found: Leaf[] = [];
  const visit = (current: unknown, tokens: string[]): void => {
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((item, index): [string, unknown] => [String(index), item])
      : isObject(current)
        ? Object.entries(current)
        : [];
    if (entries.length === 0) {
      found.push({ path: tokens.map((token) => `/${escape(token)}`).join(""), tokens, value: current });
      return;
    }
    for (const [key, item] of entries) visit(item, [...tokens, key]);
  };
  visit(value, []);
  return found;
}

/** The value at pointer tokens, or undefined when the path does not exist. */
export function at(value: unknown, tokens: readonly string[]): unknown {
  let current = value;
  for (const token of tokens) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

export interface Match {
  /** The tokens each `*` matched, in order. */
  wildcards: string[];
  /** The tokens `**` matched (the rest of the path). */
  rest: string[];
}

export interface MappingRule<Source, Canonical> {
  /** Source pointer pattern: `*` matches one token, a final `**` any number (including none). */
  source: string;
  /** Where the value lives in the canonical document, in words (the mapping table as documentation). */
  canonical: string;
  /** Only for leaves this predicate accepts (for fields whose mapping depends on the block type). */
  when?: (match: Match, source: Source) => boolean;
  /** The canonical value the leaf maps to. */
  resolve: (match: Match, source: Source, canonical: Canonical) => unknown;
  /** The source value as the canonical form spells it (a turn id as a string); identity by default. */
  expect?: (value: unknown, match: Match, source: Source) => unknown;
}

function matchPattern(pattern: string, tokens: readonly string[]): Match | undefined {
  const parts = pattern === "" ? [] : pattern.slice(1).split("/");
  const wildcards: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (part === "**" && index === parts.length - 1) return { wildcards, rest: tokens.slice(index) };
    const token = tokens[index];
    if (token === undefined) return undefined;
    if (part === "*") wildcards.push(token);
    else if (part !== token) return undefined;
  }
  return parts.length === tokens.length ? { wildcards, rest: [] } : undefined;
}

export interface CoverageReport {
  checked: number;
  /** Leaves no rule maps. */
  unmapped: string[];
  /** Leaves whose canonical value differs. */
  mismatched: Array<{ path: string; rule: string; expected: unknown; actual: unknown }>;
  /** Rules no leaf used (the fixture does not exercise that field). */
  unused: string[];
}

export function checkCoverage<Source, Canonical>(
  source: Source,
  canonical: Canonical,
  rules: ReadonlyArray<MappingRule<Source, Canonical>>,
): CoverageReport {
  const report: CoverageReport = { checked: 0, unmapped: [], mismatched: [], unused: [] };
  const used = new Set<MappingRule<Source, Canonical>>();
  for (const leaf of leaves(source)) {
    report.checked += 1;
    let mapped = false;
    for (const rule of rules) {
      const match = matchPattern(rule.source, leaf.tokens);
      if (match === undefined || (rule.when !== undefined && !rule.when(match, source))) continue;
      mapped = true;
      used.add(rule);
      const expected = rule.expect === undefined ? leaf.value : rule.expect(leaf.value, match, source);
      const actual = rule.resolve(match, source, canonical);
      if (!jsonEqual(expected, actual))
        report.mismatched.push({ path: leaf.path, rule: rule.source, expected, actual });
      break;
    }
    if (!mapped) report.unmapped.push(leaf.path);
  }
  report.unused = rules.filter((rule) => !used.has(rule)).map((rule) => rule.source);
  return report;
}

/** Index of a wildcard match as a number. */
export function index(match: Match, position: number): number {
  return Number(match.wildcards[position]);
}
