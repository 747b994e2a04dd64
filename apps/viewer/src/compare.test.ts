/**
 * The comparison of two runs: on two real Claude Code sessions of the same kind of task (the spotter sessions, each
 * "work on bead …"), the turns and calls it aligns account for every message and every call of both, and what it says
 * differs is what differs; and over generated call lists, the pairing's invariants.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isPartOfType, toolCallSummary, type Tolerant } from "@agent-transcript/core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot, scratchRoot } from "./browser.test.helpers.js";
import { compareRuns, pairCalls, type TurnCall } from "./compare.js";

const cliBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@agent-transcript/cli/package.json")),
  "bin/agent-transcript.js",
);
const sessions = path.join(repositoryRoot, "tools/fixtures/real/spotter/test/fixtures/transcripts");
const scratch = path.join(scratchRoot, "compare-test");

function documentOf(file: string): Tolerant.Transcript {
  const output = path.join(scratch, `${path.basename(file)}.json`);
  const result = spawnSync(process.execPath, [cliBin, "export", file, "--output", output, "-q", "--no-redact"], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(readFileSync(output, "utf8")) as Tolerant.Transcript;
}

/** A run's calls as (tool, telling argument) keys, in order. */
function callKeys(document: Tolerant.Transcript): string[] {
  return document.messages.flatMap((message) =>
    message.parts.flatMap((part) =>
      isPartOfType(part, "tool_call")
        ? [`${part.name}\u0000${toolCallSummary(part.raw_input ?? part.input, 240) ?? ""}`]
        : [],
    ),
  );
}

/** What is in `left` and not in `right`, counting repeats. */
function multisetMinus(left: readonly string[], right: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of right) counts.set(key, (counts.get(key) ?? 0) + 1);
  const rest: string[] = [];
  for (const key of left) {
    const count = counts.get(key) ?? 0;
    if (count > 0) counts.set(key, count - 1);
    else rest.push(key);
  }
  return rest.sort();
}

describe("two real sessions compared", () => {
  let a: Tolerant.Transcript;
  let b: Tolerant.Transcript;
  beforeAll(() => {
    mkdirSync(scratch, { recursive: true });
    a = documentOf(path.join(sessions, "4d5611e5-241a-462a-8d15-5122611a9569.jsonl"));
    b = documentOf(path.join(sessions, "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl"));
  }, 120_000);

  it("accounts for every message and every call of both runs, in order", () => {
    const comparison = compareRuns(a, b);
    for (const [side, document] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const turns = comparison.turns.flatMap((turn) => (turn[side] === undefined ? [] : [turn[side]]));
      // The turns cover the messages one after another, with none left out.
      expect(turns[0]?.first).toBe(0);
      for (let index = 1; index < turns.length; index += 1)
        expect(turns[index]?.first).toBe((turns[index - 1]?.last ?? -2) + 1);
      expect(turns[turns.length - 1]?.last).toBe(document.messages.length - 1);
      // Each turn opens on a prompt: a user message with text (not a message of tool results).
      for (const turn of turns.slice(1)) expect(document.messages[turn.first]?.role).toBe("user");
      // Every call is paired once, in the run's order.
      const paired = comparison.turns.flatMap((turn) =>
        turn.calls.flatMap((pairing) =>
          side === "a" ? ("a" in pairing ? [pairing.a.key] : []) : "b" in pairing ? [pairing.b.key] : [],
        ),
      );
      expect(paired).toEqual(callKeys(document));
    }
    expect(comparison.a.toolCalls).toBe(callKeys(a).length);
    expect(comparison.b.toolCalls).toBe(callKeys(b).length);
    expect(comparison.a.messages).toBe(a.messages.length);
  });

  it("says a call differs exactly where the two turns' calls differ", () => {
    const comparison = compareRuns(a, b);
    let differing = 0;
    for (const turn of comparison.turns) {
      const keysA = turn.a?.calls.map((call) => call.key) ?? [];
      const keysB = turn.b?.calls.map((call) => call.key) ?? [];
      const onlyA = turn.calls.flatMap((pairing) =>
        pairing.kind === "only-a" || pairing.kind === "changed" ? [pairing.a.key] : [],
      );
      const onlyB = turn.calls.flatMap((pairing) =>
        pairing.kind === "only-b" || pairing.kind === "changed" ? [pairing.b.key] : [],
      );
      // What one turn made and the other did not is marked; what is marked beyond that was made by both, elsewhere
      // in the order (a longest common subsequence keeps order).
      for (const key of multisetMinus(keysA, keysB)) expect(onlyA).toContain(key);
      for (const key of multisetMinus(keysB, keysA)) expect(onlyB).toContain(key);
      const same = turn.calls.flatMap((pairing) => (pairing.kind === "same" ? [pairing] : []));
      const changed = turn.calls.flatMap((pairing) => (pairing.kind === "changed" ? [pairing] : []));
      for (const pairing of same) expect(pairing.a.key).toBe(pairing.b.key);
      for (const pairing of changed) {
        expect(pairing.a.name).toBe(pairing.b.name);
        expect(pairing.a.key).not.toBe(pairing.b.key);
      }
      differing += onlyA.length + onlyB.length;
    }
    // Two sessions of different beads: their calls differ.
    expect(differing).toBeGreaterThan(0);
  });
});

describe("pairing two turns' calls", () => {
  const call = (name: string, summary: string, index: number): TurnCall => ({
    key: `${name}\u0000${summary}`,
    name,
    summary,
    status: "ok",
    message: index,
  });
  const calls = fc
    .array(fc.tuple(fc.constantFrom("Bash", "Read", "Edit"), fc.constantFrom("a", "b", "c")), { maxLength: 12 })
    .map((pairs) => pairs.map(([name, summary], index) => call(name, summary, index)));

  it("pairs every call of each side once, in order; the same are equal, the changed share a tool", () => {
    fc.assert(
      fc.property(calls, calls, (left, right) => {
        const pairs = pairCalls(left, right);
        expect(pairs.flatMap((pairing) => ("a" in pairing ? [pairing.a] : []))).toEqual(left);
        expect(pairs.flatMap((pairing) => ("b" in pairing ? [pairing.b] : []))).toEqual(right);
        for (const pairing of pairs.flatMap((each) => (each.kind === "same" ? [each] : [])))
          expect(pairing.a.key).toBe(pairing.b.key);
        for (const pairing of pairs.flatMap((each) => (each.kind === "changed" ? [each] : [])))
          expect(pairing.a.name).toBe(pairing.b.name);
        // Identical lists pair as the same throughout.
        expect(pairCalls(left, left).every((pairing) => pairing.kind === "same")).toBe(true);
      }),
    );
  });

  it("reads a call of the same tool with another argument as changed", () => {
    const pairs = pairCalls(
      [call("Read", "a.ts", 0), call("Bash", "npm test", 1)],
      [call("Read", "a.ts", 0), call("Bash", "npm run build", 1), call("Edit", "b.ts", 2)],
    );
    expect(pairs.map((pairing) => pairing.kind)).toEqual(["same", "changed", "only-b"]);
  });
});
