import { spawnSync } from "node:child_process";
import { awfJqRecipes } from "@agent-transcript/fixtures/jq-recipes";
import { systemCommand } from "@agent-transcript/setup";
import { expect, it } from "vitest";

// The system's jq, or Debian's unpacked for this user by tools/setup.
const jqCommand = systemCommand("jq");

/** Runs the real jq with `args` on `file` and returns its output; jq failing fails the test. */
export function runJq(args: string[], file: string): string {
  const result = spawnSync(jqCommand.command, [...args, file], { encoding: "utf8", env: jqCommand.env });
  if (result.error)
    throw new Error(`jq could not run (node tools/setup/system-deps.mjs installs it): ${result.error.message}`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** What the recipes run on: an event log file holding the code-review run the two jq recipe tests write. */
export interface JqRecipeLog {
  file: string;
  childRunId: string;
}

/**
 * AWF's jq recipes, verbatim, as tests run with the real jq on `log()` (read when each test runs, so the file may be
 * written in a `beforeAll`). The log is the same code-review run whoever wrote it: a hand-assembled one
 * (src/jq-recipes.test.ts) and one the recorder wrote (src/writer/recorded-jq-recipes.test.ts).
 */
export function itRunsTheJqRecipes(log: () => JqRecipeLog): void {
  const jq = (args: string[]): string => runJq(args, log().file);

  it("pretty-prints every line", () => {
    expect(jq(["."]).match(/^\{/gm)).toHaveLength(13);
  });

  it("pairs tool calls with their results", () => {
    const output = JSON.parse(jq(["-s", awfJqRecipes.toolPairs])) as unknown;
    expect(output).toEqual([
      { call_id: "toolu_01", name: "Read", input: { path: "main.go" }, output: "package main" },
      { call_id: "toolu_02", name: "Bash", input: { command: "go vet" }, output: "" },
    ]);
  });

  it("extracts the assistant's text", () => {
    expect(jq(["-r", awfJqRecipes.assistantText])).toBe("Found 2 issues.\nFix: initialise the map.\n");
  });

  it("confirms seq is in order", () => {
    expect(jq(["-s", awfJqRecipes.seqSorted]).trim()).toBe("true");
  });

  it("lists the steps started", () => {
    expect(jq(["-r", awfJqRecipes.stepsStarted])).toBe(
      "2\tanalyze\tagent\tanalyze\n10\tparallel_block.branch_a\tcommand\tbranch_a\n",
    );
  });

  it("lists the child runs", () => {
    expect(jq(["-r", awfJqRecipes.childRuns])).toBe(`${log().childRunId}\n`);
  });

  it("counts tool calls by fidelity", () => {
    const output = JSON.parse(jq(["-s", awfJqRecipes.fidelityCounts])) as unknown;
    expect(output).toEqual([
      { fidelity: "agent_emitted", count: 1 },
      { fidelity: "router", count: 1 },
    ]);
  });
}
