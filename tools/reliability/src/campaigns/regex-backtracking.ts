/**
 * Super-linear backtracking: every regular expression the product runs (see `regex-inventory.ts`) checked with
 * recheck (see `regex-checker.ts`). A case is one pattern, with its flags, at its source location.
 *
 * A case survives when the checker says the pattern is safe (linear). A pattern in the reviewed allow-list
 * (`regex-allow-list.json`: file, pattern and why it is safe) is judged, whatever the checker says, by its worst
 * case — the reviewer's near miss, and the checker's attack when it gives one — searched through the whole input
 * within 5 s for 1 MB (1 s for 64 KB in fast mode), where a quadratic pattern takes minutes. A head pattern (core's sticky
 * wrapper that tries a rule at the next 41 positions) survives with the rule it wraps. A `new RegExp(<computed>)` the
 * inventory does not know is a failed case: its patterns are not checked.
 *
 * recheck takes seconds on the rules (its fuzz checker), so its verdicts are kept in `regex-verdicts.json`, keyed by
 * pattern and flags: fast mode checks live every pattern without a kept verdict (a new or changed regular expression
 * is always checked) and re-checks a sample of the kept ones; full mode checks every pattern live and rewrites the
 * file when a verdict changed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Tally, type Campaign, type CampaignMode } from "../campaign.js";
import {
  attackString,
  checkedFlags,
  checkerName,
  checkPattern,
  timeSearch,
  type AttackShape,
  type Verdict,
} from "./regex-checker.js";
import { runtimePatterns, scanProductSource, scanSchemas, type FoundPattern } from "./regex-inventory.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const allowListFile = path.join(here, "regex-allow-list.json");
const verdictsFile = path.join(here, "regex-verdicts.json");

export interface AllowListEntry {
  readonly file: string;
  readonly rule?: string;
  readonly pattern: string;
  readonly flags: string;
  readonly why: string;
  readonly nearMiss: AttackShape;
}

export function readAllowList(): AllowListEntry[] {
  return (JSON.parse(readFileSync(allowListFile, "utf8")) as { entries: AllowListEntry[] }).entries;
}

interface VerdictsDocument {
  checker: string;
  verdicts: Array<{ source: string; flags: string } & Verdict>;
}

const verdictKey = (source: string, flags: string): string => `${checkedFlags(flags)}/${source}`;

function readVerdicts(): Map<string, Verdict> {
  const kept = new Map<string, Verdict>();
  try {
    const document = JSON.parse(readFileSync(verdictsFile, "utf8")) as VerdictsDocument;
    // Verdicts of another checker version are not this one's.
    if (document.checker === checkerName)
      for (const { source, flags, ...verdict } of document.verdicts) kept.set(verdictKey(source, flags), verdict);
  } catch {
    // No kept verdicts: every pattern is checked live.
  }
  return kept;
}

/**
 * Whether a kept verdict is re-checked in fast mode: one in sixteen, by a hash of the pattern, none with lookarounds
 * or named groups (those go to recheck's fuzz checker, seconds each).
 */
function inFastSample(key: string): boolean {
  let hash = 0;
  for (let index = 0; index < key.length; index += 1) hash = (hash * 31 + key.charCodeAt(index)) >>> 0;
  return hash % 16 === 0 && !key.includes("(?<") && !key.includes("(?=") && !key.includes("(?!");
}

const worstCaseBudget: Record<CampaignMode, { length: number; milliseconds: number }> = {
  fast: { length: 64 * 1024, milliseconds: 1000 },
  full: { length: 1024 * 1024, milliseconds: 5000 },
};

export const regexBacktracking: Campaign = {
  id: "regex-backtracking",
  group: "Regular expressions",
  title: "every regular expression in the product checked for super-linear backtracking",
  guarantee: `${checkerName} says the pattern is linear, or it is in the reviewed allow-list and its worst case (near miss and checker's attack) at 1 MB is searched within 5 s`,
  minimumCases: { fast: 300, full: 300 },
  async run({ mode, log }) {
    const tally = new Tally();
    const source = scanProductSource();
    const schemas = scanSchemas();
    const runtime = await runtimePatterns();
    const patterns = [...source.patterns, ...schemas.patterns, ...runtime];
    tally.note(
      `${patterns.length} patterns: ${source.patterns.length} literals in ${source.files} source files, ` +
        `${schemas.patterns.length} in ${schemas.schemaFiles} JSON Schemas, ${runtime.length} built at run time`,
    );
    for (const site of source.unknownRuntimeSites)
      tally.record("run-time sites", `a pattern built at run time that the inventory does not enumerate: ${site}`);

    const allowList = readAllowList();
    const kept = readVerdicts();
    const fresh = new Map<string, Verdict>();
    const verdictOf = async (pattern: FoundPattern): Promise<Verdict> => {
      const key = verdictKey(pattern.source, pattern.flags);
      const known = fresh.get(key);
      if (known !== undefined) return known;
      const keptVerdict = kept.get(key);
      let verdict: Verdict;
      if (mode === "full" || keptVerdict === undefined) {
        verdict = await checkPattern(pattern.source, pattern.flags, 60_000);
        // recheck's fuzz checker can run out of time on a loaded machine where it finished before: that says nothing
        // new, so the kept verdict stands (and the file does not change with the machine's load).
        if (verdict.status === "unknown" && keptVerdict !== undefined && keptVerdict.status !== "unknown") {
          tally.note(
            `${pattern.location}: ${checkerName} ran out of time; its kept verdict (${keptVerdict.complexity}) stands`,
          );
          verdict = keptVerdict;
        }
      } else if (inFastSample(key)) {
        // A spot check of the kept verdicts, on a short leash: a check that runs out of time says nothing about them.
        const live = await checkPattern(pattern.source, pattern.flags, 2000);
        verdict = live.status === "unknown" ? keptVerdict : live;
        if (live.status !== "unknown" && live.status !== keptVerdict.status)
          tally.record(
            "kept verdicts",
            `/${pattern.source}/${pattern.flags}: kept as ${keptVerdict.status}, checked now as ${live.status} (a full run rewrites regex-verdicts.json)`,
          );
      } else verdict = keptVerdict;
      if (verdict !== keptVerdict) log(`${verdict.status.padEnd(10)} ${pattern.location}`);
      fresh.set(key, verdict);
      return verdict;
    };
    const worstCases = new Map<string, string | undefined>();
    const budget = worstCaseBudget[mode];
    const allowedWorstCase = (entry: AllowListEntry, verdict: Verdict): string | undefined => {
      const key = verdictKey(entry.pattern, entry.flags);
      if (worstCases.has(key)) return worstCases.get(key);
      const regex = new RegExp(entry.pattern, checkedFlags(entry.flags));
      const shapes: Array<[string, AttackShape]> = [["near miss", entry.nearMiss]];
      if (verdict.attack !== undefined) shapes.push([`${checkerName}'s attack`, verdict.attack]);
      let failure: string | undefined;
      for (const [name, shape] of shapes) {
        const milliseconds = timeSearch(regex, attackString(shape, budget.length));
        const line = `${entry.rule ?? entry.file}: ${name} at ${budget.length / 1024} KB searched in ${milliseconds.toFixed(1)} ms`;
        log(line);
        tally.note(line);
        if (milliseconds > budget.milliseconds && failure === undefined)
          failure = `its ${name} at ${budget.length} characters took ${Math.round(milliseconds)} ms (budget ${budget.milliseconds} ms)`;
      }
      worstCases.set(key, failure);
      return failure;
    };

    const judged = new Map<FoundPattern, string | undefined>();
    for (const pattern of patterns) {
      if (pattern.wraps !== undefined) continue;
      const verdict = await verdictOf(pattern);
      const entry = allowList.find(
        (candidate) =>
          candidate.file === pattern.file &&
          candidate.pattern === pattern.source &&
          checkedFlags(candidate.flags) === checkedFlags(pattern.flags),
      );
      // An allow-listed pattern is always judged by its timed worst case: a fuzz checker's "safe" proves nothing.
      let failure: string | undefined;
      if (entry !== undefined) {
        failure = allowedWorstCase(entry, verdict);
        tally.note(`${entry.rule ?? pattern.location}: allow-listed; ${checkerName} says ${verdict.complexity}`);
      } else if (verdict.status === "vulnerable")
        failure = `/${pattern.source}/${pattern.flags} at ${pattern.location} is ${verdict.complexity}: attack ${JSON.stringify(verdict.attack)}`;
      else if (verdict.status === "unknown")
        failure = `/${pattern.source}/${pattern.flags} at ${pattern.location}: ${checkerName} has no verdict (${verdict.complexity})`;
      judged.set(pattern, failure);
    }
    for (const pattern of patterns) {
      if (pattern.wraps === undefined) {
        tally.record(pattern.owner, judged.get(pattern));
        continue;
      }
      const wrapped = patterns.find((candidate) => candidate.wraps === undefined && candidate.rule === pattern.wraps);
      tally.record(
        pattern.owner,
        wrapped === undefined
          ? `${pattern.location}: the rule it wraps was not found`
          : judged.get(wrapped) === undefined
            ? undefined
            : `${pattern.location}: the rule it wraps did not survive`,
      );
    }

    const counts = { proven: 0, searched: 0, vulnerable: 0, unknown: 0 };
    for (const verdict of fresh.values())
      if (verdict.status === "safe") counts[verdict.checker === "automaton" ? "proven" : "searched"] += 1;
      else counts[verdict.status] += 1;
    tally.note(
      `${fresh.size} distinct patterns by ${checkerName}: ${counts.proven} proven linear by its automaton checker, ` +
        `${counts.searched} safe by its fuzz checker (no attack found), ${counts.vulnerable} vulnerable, ` +
        `${counts.unknown} without a verdict (${mode === "fast" ? "kept verdicts, a sample checked live" : "all checked live"}; allow-listed ones are judged by their timed worst case)`,
    );
    for (const entry of allowList)
      if (!patterns.some((pattern) => pattern.file === entry.file && pattern.source === entry.pattern))
        tally.note(
          `allow-list entry no longer in the code: ${entry.rule ?? entry.file} /${entry.pattern.slice(0, 60)}…/`,
        );
    if (mode === "full") {
      const document: VerdictsDocument = {
        checker: checkerName,
        verdicts: [...fresh]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, verdict]) => {
            const slash = key.indexOf("/");
            return { flags: key.slice(0, slash), source: key.slice(slash + 1), ...verdict };
          }),
      };
      const text = `${JSON.stringify(document, null, 2)}\n`;
      let previous = "";
      try {
        previous = readFileSync(verdictsFile, "utf8");
      } catch {
        // First run.
      }
      if (text !== previous) {
        writeFileSync(verdictsFile, text);
        tally.note(`kept verdicts rewritten: ${path.relative(process.cwd(), verdictsFile)}`);
      }
    }
    return tally.outcome();
  },
};
