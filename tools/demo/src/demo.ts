import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { compareWithDisk, writeAll } from "@agent-transcript/codegen/cli";
import { generateAll } from "@agent-transcript/codegen/generate";
import { definitionLocations, loadExamples } from "@agent-transcript/fixtures/examples";
import { realFixturesRoot, repositoryRoot } from "@agent-transcript/fixtures/paths";
import type { Transcript } from "@agent-transcript/core";
import { validateTranscript, validatorFor } from "@agent-transcript/core/validators";
import { formatIds, isProviderFormatId } from "@agent-transcript/providers";
import { recordAgentRun } from "./agent-run.js";
import { childRunId, demoToken, parentRunId, sampleRun, toJsonLines } from "./sample-run.js";

const print = (line = ""): void => void process.stdout.write(`${line}\n`);

/** `pnpm demo -- --out DIR`: where everything is written (default demo-output/ at the repository's root). */
function outputFolder(argv: readonly string[]): string {
  // `pnpm demo -- --out DIR` hands the script its `--` too.
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  const { values } = parseArgs({ args: [...args], options: { out: { type: "string" } }, strict: true });
  // pnpm runs the script in tools/demo; a relative --out means relative to where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  return path.resolve(base, values.out ?? path.join(repositoryRoot, "demo-output"));
}

const out = outputFolder(process.argv.slice(2));
// Paths as the user would type them from where they ran `pnpm demo`.
const shortPath = (file: string): string => path.relative(process.env.INIT_CWD ?? process.cwd(), file) || file;
const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 110 ? `${flat.slice(0, 109)}…` : flat;
};
const cliBin = path.join(repositoryRoot, "packages/cli/dist/bin.js");

/**
 * Runs the built command as a user would, shows it and what it printed (paths shortened, up to `maxLines` lines), and
 * returns its result.
 */
function cli(args: readonly string[], show = true, maxLines = 14): SpawnSyncReturns<string> {
  const result = spawnSync(process.execPath, [cliBin, ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (show) {
    print(
      `$ agent-transcript ${args.map((arg) => (arg.startsWith(out) ? shortPath(arg) : arg.startsWith(repositoryRoot) ? path.relative(repositoryRoot, arg) : arg)).join(" ")}   (exit ${result.status})`,
    );
    const lines = `${result.stdout}${result.stderr}`
      .trimEnd()
      .split("\n")
      .filter((line) => line !== "");
    for (const line of lines.slice(0, maxLines))
      print(`  ${line.replaceAll(`${out}/`, "").replaceAll(`${repositoryRoot}/`, "")}`);
    if (lines.length > maxLines) print(`  … ${lines.length - maxLines} more lines`);
  }
  return result;
}

const demoFolders = ["transcripts", "exports", "conversions", "awf-sample", "scratch"] as const;

// Every provider API the registry converts, so a new one is in the demo the day it is registered.
const providerIds = formatIds.filter(isProviderFormatId);
const heading = (title: string): void => print(`\n== ${title}`);

function validator(definition: string, mode: "strict" | "tolerant"): (value: unknown) => { ok: boolean } {
  const found = validatorFor(definition, mode);
  if (!found) throw new Error(`no ${mode} validator for ${definition}`);
  return found;
}

async function main(): Promise<number> {
  print(
    "Agent Transcript demo: schemas -> generated code -> validated examples -> an instrumented agent run -> checks, exports, conversions, an imported session, statistics",
  );
  // A fresh start each time (the run ids are new, and last time's logs would be counted again), removing only the
  // folders the demo writes, and only in a folder that is empty or the demo's own: --out never deletes anything else.
  const marker = path.join(out, ".agent-transcript-demo");
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(marker)) {
    process.stderr.write(`demo: ${out} is not empty and not a demo output folder; give --out an empty or new folder\n`);
    return 2;
  }
  for (const folder of demoFolders) rmSync(path.join(out, folder), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(marker, "Written by `pnpm demo`; its folders are replaced on the next run.\n");

  heading("1. Generate from schemas/ (pnpm generate)");
  const generated = await generateAll();
  const drift = compareWithDisk(generated);
  const stale = drift.changed.length + drift.missing.length + drift.stray.length;
  if (stale > 0) writeAll(generated);
  const count = (pattern: RegExp): number => [...generated.keys()].filter((file) => pattern.test(file)).length;
  print(`${generated.size} files ${stale > 0 ? `regenerated (${stale} were out of date)` : "up to date"}:`);
  print(`  TypeScript types and wrappers  ${count(/core\/src\/generated\/.*\.ts$/) - count(/\.d\.ts$/)}`);
  print(`  ajv standalone validators      ${count(/validators\/.*\.js$/)} (strict + tolerant per schema)`);
  print(`  tolerant JSON Schemas          ${count(/schemas\/generated\//)}`);
  print(`  Python / Go / Rust bindings    ${count(/\.py$/)} / ${count(/\.go$/)} / ${count(/\.rs$/)}`);

  heading("2. Validate every schema example, strictly and tolerantly");
  const examples = loadExamples();
  // One line for what held; a line of its own only for an example whose verdict was not the expected one.
  let surprises = 0;
  for (const example of examples) {
    const strict = validator(example.definition, "strict")(example.value).ok;
    const tolerant = validator(example.definition, "tolerant")(example.value).ok;
    const expected =
      example.group === "valid"
        ? strict && tolerant
        : example.group === "invalid"
          ? !strict && !tolerant
          : !strict && tolerant;
    if (!expected) {
      surprises += 1;
      print(
        `  unexpected verdict for ${example.file} (strict ${strict ? "accepts" : "refuses"}, tolerant ${tolerant ? "accepts" : "refuses"})`,
      );
    }
  }
  const inGroup = (group: string): number => examples.filter((example) => example.group === group).length;
  print(
    `${examples.length} examples of ${definitionLocations().length} definitions: ${inGroup("valid")} valid (both accept), ${inGroup("invalid")} invalid (both refuse), ${inGroup("newer-minor")} from a newer minor version (only the tolerant validator accepts)${surprises === 0 ? "; every verdict as expected" : `; ${surprises} unexpected`}`,
  );

  heading("3. Record an agent run through the official SDK clients (replayed real responses on 127.0.0.1)");
  const transcripts = path.join(out, "transcripts");
  const run = await recordAgentRun(out, path.join(out, "scratch"));
  print(`Claude (wrapAnthropic) and GPT-4o (wrapOpenAI, in a child run) answered ${run.requests} requests:`);
  for (const answer of run.answers) print(`  assistant: ${oneLine(answer)}`);
  for (const warning of run.warnings) print(`  recorder: ${oneLine(warning)}`);
  print(`  event log       ${shortPath(run.logFile)}`);
  print(`  child run log   ${shortPath(run.childLogFile)}`);
  if (run.snapshotFile !== undefined && existsSync(run.snapshotFile))
    print(`  workspace snapshot ${shortPath(run.snapshotFile)}`);

  heading("4. Check the logs with the CLI: validate, check, tree, tools, text");
  const checks = [
    cli(["validate", run.logFile, run.childLogFile]),
    cli(["check", run.logFile]),
    cli(["tree", run.logFile]),
    cli(["tools", run.logFile]),
    cli(["text", run.logFile]),
  ];

  heading("5. Export: JSON (secrets redacted), Markdown, HTML (the viewer and the run in one file)");
  const exportsFolder = path.join(out, "exports");
  mkdirSync(exportsFolder, { recursive: true });
  const documentFile = path.join(exportsFolder, "trip-planner.json");
  const markdownFile = path.join(exportsFolder, "trip-planner.md");
  const exportJson = cli(["export", run.logFile, "--output", documentFile]);
  const exportMarkdown = cli(["export", run.logFile, "--format", "markdown", "--output", markdownFile]);
  const htmlFile = path.join(exportsFolder, "trip-planner.html");
  const exportHtml = cli(["export", run.logFile, "--format", "html", "--output", htmlFile]);
  const document = JSON.parse(readFileSync(documentFile, "utf8")) as Transcript;
  const exportValid = validateTranscript(document).ok;
  print(
    `  ${document.messages.length} messages, child run embedded: ${document.run?.children?.[0]?.transcript ? "yes" : "NO"}, strictly valid: ${exportValid ? "yes" : "NO"}`,
  );
  // From its title on (an anchor for the child run's link back comes first).
  const markdownLines = readFileSync(markdownFile, "utf8").split("\n");
  const titleLine = Math.max(
    0,
    markdownLines.findIndex((line) => line.startsWith("# ")),
  );
  for (const line of markdownLines.slice(titleLine, titleLine + 8)) print(`  | ${line}`);
  print(
    `  open in a browser, offline: ${shortPath(htmlFile)} (or serve it: agent-transcript view ${shortPath(run.logFile)})`,
  );

  heading("6. Convert the run to every provider's request format");
  const conversions = path.join(out, "conversions");
  mkdirSync(conversions, { recursive: true });
  const converted = providerIds.map((id) => {
    const target = path.join(conversions, `${id}.request.json`);
    const result = cli(
      ["convert", documentFile, "--to", id, "--kind", "request", "--output", target, "--quiet"],
      false,
    );
    print(`  ${id.padEnd(18)} ${result.status === 0 ? shortPath(target) : `failed (exit ${result.status})`}`);
    return result;
  });

  heading("7. A real Claude Code session from the fixtures (41 minutes, 3 sub-agents): import, tree, statistics");
  const sessionFile = path.join(
    realFixturesRoot(),
    "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
  );
  const importedFile = path.join(exportsFolder, "claude-code-session.json");
  const imported = cli(["import", sessionFile, "--output", importedFile]);
  const tree = cli(["tree", importedFile]);
  // The session's own numbers and its sub-agents' sum: where its tokens and cost went.
  const sessionStats = cli(["stats", importedFile], true, 17);

  heading("8. Statistics of the recorded run, with its child run");
  const stats = cli(["stats", transcripts], true, 24);

  heading("9. Usage across every agent's sessions: by day and agent, and per session with its sub-agents");
  // The fixtures' Claude Code, Codex and Gemini CLI sessions, as a user's own folders would hold them.
  const sessionFolders = [
    path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"),
    path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples"),
  ];
  const usageDaily = cli(
    ["usage", "daily", ...sessionFolders, "--by", "agent", "--timezone", "UTC", "--quiet"],
    true,
    16,
  );
  const runsTree = cli(["runs", ...sessionFolders, "--tree", "--limit", "3", "--timezone", "UTC", "--quiet"], true, 12);

  heading("10. The run index: index the same sessions once, search across them, report from the index");
  // The demo's own database, not the user's (which lives in ~/.local/share/agent-transcript).
  const database = path.join(out, "index.sqlite");
  for (const file of [database, `${database}-wal`, `${database}-shm`]) rmSync(file, { force: true });
  const indexed = cli(["index", ...sessionFolders, "--database", database, "--quiet"], true, 6);
  const search = cli(
    ["search", "sync_transcripts", "--tool", "Read", "--database", database, "--limit", "2", "--timezone", "UTC"],
    true,
    12,
  );
  const usageIndexed = cli(
    ["usage", "monthly", ...sessionFolders, "--index", "--database", database, "--timezone", "UTC", "--quiet"],
    true,
    8,
  );

  heading("11. Redaction: an AWF workflow log holding a GitHub token, exported");
  const sample = sampleRun();
  const sampleFolder = path.join(out, "awf-sample");
  mkdirSync(sampleFolder, { recursive: true });
  writeFileSync(path.join(sampleFolder, `${parentRunId}.jsonl`), toJsonLines(sample.parent));
  writeFileSync(path.join(sampleFolder, `${childRunId}.jsonl`), toJsonLines(sample.child));
  const sampleExport = path.join(sampleFolder, "code-review.json");
  const redacted = cli(["export", path.join(sampleFolder, `${parentRunId}.jsonl`), "--output", sampleExport]);
  const leaked = readFileSync(sampleExport, "utf8").includes(demoToken);
  print(`  token leaked into the export: ${leaked ? "YES" : "no"}`);

  heading("Summary");
  const ok =
    surprises === 0 &&
    run.answers.length === 2 &&
    [
      ...checks,
      exportJson,
      exportMarkdown,
      exportHtml,
      ...converted,
      imported,
      tree,
      sessionStats,
      stats,
      usageDaily,
      runsTree,
      indexed,
      search,
      usageIndexed,
      redacted,
    ].every((result) => result.status === 0) &&
    exportValid &&
    !leaked;
  print(ok ? "Everything checks out." : "Something did not check out: see above.");
  print(`Everything the demo wrote is under ${shortPath(out)}/:`);
  print("  transcripts/     the event logs (parent and child run) and the workspace snapshot bundle");
  print("  exports/         the run as JSON, Markdown and HTML, and the imported Claude Code session");
  print("  conversions/     the run as a request of each provider API");
  print("  awf-sample/      an AWF workflow log and its redacted export");
  print("  index.sqlite     the run index of the fixtures' sessions (step 10)");
  print("  scratch/         the git workspace the agent changed, and its snapshot declarations");
  return ok ? 0 : 1;
}

process.exitCode = await main();
