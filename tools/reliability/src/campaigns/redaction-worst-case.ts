/**
 * Each built-in redaction rule's worst case, redacted through the API a user calls (`createRedactor().redactString`):
 * the rule's near miss from the reviewed allow-list (its literal start followed by a token just too short or wrongly
 * ended, repeated, so that every attempt reads as far as the rule lets it and then fails) and, when recheck gave one
 * for the rule's pattern, recheck's attack string — each 1 MB long (64 KB in fast mode), timed next to redacting as
 * much ordinary text, a real agent session's from the committed fixtures.
 *
 * A case survives when its worst case is redacted within a linear bound: at most 50 times the ordinary text's time
 * (never less than 250 ms, so that a pause of the collector cannot fail a case of a few milliseconds) and at most 5 s.
 * Catastrophic backtracking on 1 MB takes minutes; a linear rule, at worst its bounded rescans, stays well inside.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRedactor, builtInRules } from "@agent-transcript/core/redact";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { Tally, type Campaign, type CampaignMode } from "../campaign.js";
import { attackString, checkerName, type AttackShape, type Verdict } from "./regex-checker.js";
import { readAllowList } from "./regex-backtracking.js";

const here = path.dirname(fileURLToPath(import.meta.url));

const inputLength: Record<CampaignMode, number> = { fast: 64 * 1024, full: 1024 * 1024 };
const ratioBound = 50;
const floorMilliseconds = 250;
const ceilingMilliseconds = 5000;

/** `length` characters of real agent sessions' text, the largest sessions first, repeated if the corpus is smaller. */
function ordinaryText(length: number): { text: string; from: string } {
  const root = realFixturesRoot();
  const sessions = loadRealFixtures(root)
    .filter((fixture) => fixture.classification.category === "agent-session")
    .map((fixture) => ({ file: fixture.file, text: readFileSync(path.join(root, fixture.file), "utf8") }))
    .sort((a, b) => b.text.length - a.text.length || (a.file < b.file ? -1 : 1));
  let text = "";
  const used: string[] = [];
  for (let index = 0; text.length < length && sessions.length > 0; index = (index + 1) % sessions.length) {
    const session = sessions[index] as { file: string; text: string };
    text += session.text;
    if (!used.includes(session.file)) used.push(session.file);
  }
  return { text: text.slice(0, length), from: used.slice(0, 3).join(", ") + (used.length > 3 ? ", …" : "") };
}

/** The rules' kept verdicts (written by the regex-backtracking campaign's full runs), for recheck's attacks. */
function keptAttacks(): Map<string, AttackShape> {
  const attacks = new Map<string, AttackShape>();
  try {
    const document = JSON.parse(readFileSync(path.join(here, "regex-verdicts.json"), "utf8")) as {
      checker: string;
      verdicts: Array<{ source: string; flags: string } & Verdict>;
    };
    if (document.checker === checkerName)
      for (const verdict of document.verdicts)
        if (verdict.attack !== undefined) attacks.set(`${verdict.flags}/${verdict.source}`, verdict.attack);
  } catch {
    // No kept verdicts: the near misses alone.
  }
  return attacks;
}

/** Median of three runs: one slow run (a collection, another process) must not decide. */
function timeRedaction(redact: (text: string) => unknown, text: string): number {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const start = performance.now();
    redact(text);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

export const redactionWorstCase: Campaign = {
  id: "redaction-worst-case",
  group: "Regular expressions",
  title: "each built-in redaction rule's worst-case input, 1 MB, redacted and timed",
  guarantee: `redacting the rule's near miss (and ${checkerName}'s attack string, when it gives one) takes at most ${ratioBound}× the time of as much ordinary session text, and at most ${ceilingMilliseconds / 1000} s`,
  minimumCases: { fast: builtInRules.length, full: builtInRules.length },
  async run({ mode, log }) {
    const tally = new Tally();
    const length = inputLength[mode];
    const redactor = createRedactor();
    const redact = (text: string): unknown => redactor.redactString(text);
    const ordinary = ordinaryText(length);
    const ordinaryMilliseconds = timeRedaction(redact, ordinary.text);
    const ordinaryLine = `ordinary text: ${length / 1024} KB of real sessions (${ordinary.from}) redacted in ${ordinaryMilliseconds.toFixed(1)} ms`;
    log(ordinaryLine);
    tally.note(ordinaryLine);
    const bound = Math.min(ceilingMilliseconds, Math.max(floorMilliseconds, ratioBound * ordinaryMilliseconds));
    const allowList = readAllowList();
    const attacks = keptAttacks();
    for (const rule of builtInRules) {
      const inputs: Array<[string, AttackShape]> = [];
      const entry = allowList.find((candidate) => candidate.rule === rule.id);
      if (entry !== undefined) inputs.push(["near miss", entry.nearMiss]);
      const attack = attacks.get(`${rule.pattern.flags.replace(/[dgy]/g, "")}/${rule.pattern.source}`);
      if (attack !== undefined) inputs.push([`${checkerName}'s attack`, attack]);
      if (inputs.length === 0) {
        tally.record(rule.id, "no worst case: the rule has no near miss in regex-allow-list.json");
        continue;
      }
      for (const [name, shape] of inputs) {
        const text = attackString(shape, length);
        const milliseconds = timeRedaction(redact, text);
        const ratio = milliseconds / ordinaryMilliseconds;
        log(`${rule.id} ${name}: ${milliseconds.toFixed(1)} ms (${ratio.toFixed(2)}×)`);
        tally.note(
          `${rule.id}, ${name}: ${milliseconds.toFixed(1)} ms, ${ratio.toFixed(2)}× ordinary text (${JSON.stringify(shape.pump.slice(0, 40))} repeated)`,
        );
        tally.record(
          rule.id,
          milliseconds <= bound
            ? undefined
            : `its ${name} (${JSON.stringify(shape.pump.slice(0, 60))} repeated to ${text.length} characters) took ${Math.round(milliseconds)} ms, ${ratio.toFixed(1)}× ordinary text (bound ${Math.round(bound)} ms)`,
        );
      }
    }
    return tally.outcome();
  },
};
