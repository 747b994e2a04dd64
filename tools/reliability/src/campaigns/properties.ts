/**
 * The property tests, counted: every fast-check property of every package (the `fc.assert` calls of their test
 * files), run by vitest as `pnpm test` runs them — at least 1,000 runs each — or in the long mode when the campaign
 * is run with AGENT_TRANSCRIPT_PROPERTY_RUNS=<factor> (each property's runs times the factor; the published run says
 * which it was). The runs are counted by fast-check itself: the shared vitest setup
 * (vitest.setup.ts), given AGENT_TRANSCRIPT_PROPERTY_LOG, appends one line per assertion with the runs fast-check made
 * and whether it found a counterexample — its own result, not a count of test names.
 *
 * A case is one property's whole run set: it survives when fast-check found no counterexample (nor ran out of time)
 * in at least 1,000 runs times the factor. Each package is a tally line; a package whose vitest run failed outside a
 * property, or a test file that reported no property, counts as a case that did not survive.
 *
 * Fast (inside `pnpm test`): one small package's property files (tools/portability) at the normal count — the same
 * path end to end (environment, setup, plugin, log) in seconds, without running the suite that runs it.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Tally, type Campaign } from "../campaign.js";
import { repositoryRoot } from "../paths.js";

/** What every property runs at least in `pnpm test` (vitest.setup.ts). */
const normalRuns = 1_000;

/** The long mode's factor the campaign was started with (1: the runs `pnpm test` makes). */
function fullFactor(): number {
  const text = process.env.AGENT_TRANSCRIPT_PROPERTY_RUNS ?? "";
  const factor = text === "" ? 1 : Number(text);
  if (!Number.isInteger(factor) || factor < 1)
    throw new Error(`AGENT_TRANSCRIPT_PROPERTY_RUNS must be a whole number ≥ 1, not "${text}"`);
  return factor;
}
const fastPackages = ["tools/portability"];

interface PropertyLine {
  file: string | null;
  test: string | null;
  numRuns: number;
  failed: boolean;
  interrupted: boolean;
  milliseconds: number;
}

/** Test files under `src` holding a property: the files vitest is given by name (every other file is filtered out). */
function propertyFiles(packageDirectory: string): string[] {
  const source = path.join(packageDirectory, "src");
  if (!existsSync(source)) return [];
  return readdirSync(source, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => path.join(source, name))
    .filter((file) => readFileSync(file, "utf8").includes("fc.assert("))
    .sort();
}

/** Every workspace package with property tests, as `packages/core`. */
function packagesWithProperties(): string[] {
  return ["packages", "apps", "tools"].flatMap((group) =>
    readdirSync(path.join(repositoryRoot, group))
      .map((name) => `${group}/${name}`)
      .filter((relative) => propertyFiles(path.join(repositoryRoot, relative)).length > 0)
      .sort(),
  );
}

function runVitest(
  packageDirectory: string,
  files: readonly string[],
  environment: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  // The campaign may itself run inside vitest (fast mode in `pnpm test`): the nested run gets none of its variables.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith("VITEST") && name !== "TEST" && name !== "NODE_ENV",
    ),
  );
  const vitest = path.join(packageDirectory, "node_modules/vitest/vitest.mjs");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vitest, "run", ...files], {
      cwd: packageDirectory,
      env: { ...inherited, ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    // The end of the output is what names a failure; keep that much.
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function readLog(file: string): PropertyLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as PropertyLine);
}

export const properties: Campaign = {
  id: "properties",
  group: "Properties",
  title: "every fast-check property of every package, its runs counted by fast-check",
  guarantee: `fast-check finds no counterexample in at least ${normalRuns.toLocaleString("en-US")} runs × the long mode's factor (AGENT_TRANSCRIPT_PROPERTY_RUNS, 1 unless set; the notes say which) and is not cut short by its time limit; every test file with a property reports one; a case is one property's whole run set`,
  minimumCases: { fast: 4, full: 180 },
  async run({ mode, scratch, log }) {
    const factor = mode === "full" ? fullFactor() : 1;
    const tally = new Tally();
    const packages = mode === "full" ? packagesWithProperties() : fastPackages;
    let totalRuns = 0;
    let slowest: { line: PropertyLine; label: string } | undefined;
    for (const [index, relative] of packages.entries()) {
      const packageDirectory = path.join(repositoryRoot, relative);
      const files = propertyFiles(packageDirectory);
      const logFile = path.join(scratch, `properties-${index}.jsonl`);
      const started = performance.now();
      log(`properties: ${relative}, ${files.length} files ×${factor}`);
      const { code, output } = await runVitest(packageDirectory, files, {
        AGENT_TRANSCRIPT_PROPERTY_RUNS: String(factor),
        AGENT_TRANSCRIPT_PROPERTY_LOG: logFile,
      });
      const lines = readLog(logFile);
      for (const line of lines) {
        const name = `${path.relative(repositoryRoot, line.file ?? "?")} › ${line.test ?? "?"}`;
        totalRuns += line.numRuns;
        if (slowest === undefined || line.milliseconds > slowest.line.milliseconds) slowest = { line, label: name };
        tally.record(
          relative,
          line.failed
            ? `${name}: ${line.interrupted ? "cut short by its time limit" : "counterexample found"} after ${line.numRuns} runs (AGENT_TRANSCRIPT_PROPERTY_RUNS=${factor})`
            : line.numRuns < normalRuns * factor
              ? `${name}: only ${line.numRuns} runs, fewer than ${normalRuns * factor}`
              : undefined,
        );
      }
      const reported = new Set(lines.map((line) => line.file));
      for (const file of files)
        if (!reported.has(file))
          tally.record(
            relative,
            `${path.relative(repositoryRoot, file)}: no property reported (the file failed early)`,
          );
      if (code !== 0 && !lines.some((line) => line.failed))
        tally.record(relative, `vitest exited ${String(code)} outside any property: …${output.slice(-2_000)}`);
      const summary = `${relative}: ${lines.length} properties (${lines.filter((line) => line.failed).length} failed), ${lines.reduce((sum, line) => sum + line.numRuns, 0).toLocaleString("en-US")} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`;
      log(`  ${summary}`);
      tally.note(summary);
    }
    tally.note(
      `${totalRuns.toLocaleString("en-US")} generated runs in all, ${factor === 1 ? "at the runs `pnpm test` makes (the long mode's factor 1)" : `in the long mode, AGENT_TRANSCRIPT_PROPERTY_RUNS=${factor}`}`,
    );
    if (slowest !== undefined)
      tally.note(
        `the slowest property: ${slowest.label}, ${(slowest.line.milliseconds / 1000).toFixed(1)} s for ${slowest.line.numRuns.toLocaleString("en-US")} runs`,
      );
    return tally.outcome();
  },
};
