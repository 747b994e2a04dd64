import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compareWithDisk, writeAll } from "@agent-transcript/codegen/cli";
import { generateAll } from "@agent-transcript/codegen/generate";
import { definitionLocations, loadExamples } from "@agent-transcript/fixtures/examples";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import type { Transcript } from "@agent-transcript/core";
import { validateTranscript, validatorFor } from "@agent-transcript/core/validators";
import { checkEventLog } from "@agent-transcript/recorder";
import { childRunId, demoToken, parentRunId, sampleRun, toJsonLines } from "./sample-run.js";

const print = (line = ""): void => void process.stdout.write(`${line}\n`);
const heading = (title: string): void => print(`\n== ${title}`);

function validator(definition: string, mode: "strict" | "tolerant"): (value: unknown) => { ok: boolean } {
  const found = validatorFor(definition, mode);
  if (!found) throw new Error(`no ${mode} validator for ${definition}`);
  return found;
}

async function main(): Promise<number> {
  print(
    "Agent Transcript demo: schemas -> generated code -> validated examples -> a recorded run -> a redacted export",
  );

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
  let surprises = 0;
  print("definition            valid  invalid  newer-minor  (all as expected?)");
  for (const location of definitionLocations()) {
    const mine = examples.filter((example) => example.definition === location.definition);
    const asExpected = mine.every((example) => {
      const strict = validator(example.definition, "strict")(example.value).ok;
      const tolerant = validator(example.definition, "tolerant")(example.value).ok;
      const ok =
        example.group === "valid"
          ? strict && tolerant
          : example.group === "invalid"
            ? !strict && !tolerant
            : !strict && tolerant;
      if (!ok) print(`  unexpected verdict for ${example.file}`);
      return ok;
    });
    if (!asExpected) surprises += 1;
    const groupCount = (group: string): number => mine.filter((example) => example.group === group).length;
    print(
      `${location.definition.padEnd(22)}${String(groupCount("valid")).padStart(5)}${String(groupCount("invalid")).padStart(9)}${String(groupCount("newer-minor")).padStart(13)}  ${asExpected ? "yes" : "NO"}`,
    );
  }

  heading("3. Record a run with a child run, then check it with agent-transcript validate");
  const run = sampleRun();
  const folder = path.join(repositoryRoot, ".tmp/demo");
  mkdirSync(folder, { recursive: true });
  const files = {
    parent: path.join(folder, `${parentRunId}.jsonl`),
    child: path.join(folder, `${childRunId}.jsonl`),
    declarations: path.join(folder, "snapshot-declarations.jsonl"),
  };
  writeFileSync(files.parent, toJsonLines(run.parent));
  writeFileSync(files.child, toJsonLines(run.child));
  writeFileSync(files.declarations, toJsonLines(run.declarations));
  const cli = path.join(repositoryRoot, "packages/cli/dist/bin.js");
  const validation = spawnSync(process.execPath, [cli, "validate", files.parent, files.child, files.declarations], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  print(`$ agent-transcript validate <parent> <child> <declarations>   (exit ${validation.status})`);
  for (const line of `${validation.stdout}${validation.stderr}`.trim().split("\n"))
    print(`  ${line.replace(`${folder}/`, "")}`);

  heading("4. Read the run back: the tree, tool calls paired by call_id, and the assistant's text");
  const parentLog = checkEventLog(toJsonLines(run.parent));
  const childLog = checkEventLog(toJsonLines(run.child));
  const children = parentLog.events
    .filter((event) => event.type === "step.call_workflow.started")
    .map((event) => event.child_run_id);
  print(`run ${parentRunId} (${parentLog.events.length} lines)`);
  for (const child of children) {
    const linked = childLog.events.every((event) => event.parent_run_id === parentRunId);
    print(
      `  └─ child run ${child} (${childLog.events.length} lines, links back to its parent: ${linked ? "yes" : "NO"})`,
    );
  }
  for (const [label, log] of [
    ["parent", parentLog],
    ["child", childLog],
  ] as const) {
    const calls = new Map<string, { name: string; output?: unknown }>();
    for (const event of log.events) {
      const payload = event.payload as { call_id?: string; name?: string; output?: unknown };
      if (event.type === "tool.call" && payload.call_id) calls.set(payload.call_id, { name: payload.name ?? "?" });
      if (event.type === "tool.result" && payload.call_id)
        calls.set(payload.call_id, { name: payload.name ?? "?", output: payload.output });
    }
    for (const [callId, call] of calls)
      print(`  ${label} tool ${call.name} (${callId}) -> ${JSON.stringify(call.output).slice(0, 60)}`);
  }
  const texts = parentLog.events
    .filter((event) => event.type === "message.assistant")
    .flatMap((event) => (event.payload as { blocks: Array<{ type: string; text?: string }> }).blocks)
    .filter((block) => block.type === "text")
    .map((block) => block.text);
  for (const text of texts) print(`  assistant: ${text}`);

  heading("5. Export it: fold the log (child run included), redact secrets, render Markdown");
  const exported = path.join(folder, "code-review.json");
  const markdownFile = path.join(folder, "code-review.md");
  const exportJson = spawnSync(process.execPath, [cli, "export", files.parent, "--output", exported], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const exportMarkdown = spawnSync(
    process.execPath,
    [cli, "export", files.parent, "--format", "markdown", "--reasoning", "omit", "--output", markdownFile],
    { encoding: "utf8" },
  );
  print(`$ agent-transcript export <parent>.jsonl --output code-review.json   (exit ${exportJson.status})`);
  for (const line of exportJson.stderr.trim().split("\n")) print(`  ${line.replace(`${folder}/`, "")}`);
  const document = JSON.parse(readFileSync(exported, "utf8")) as Transcript;
  const exportValid = validateTranscript(document).ok;
  const leaked =
    readFileSync(exported, "utf8").includes(demoToken) || readFileSync(markdownFile, "utf8").includes(demoToken);
  print(
    `  document: ${document.messages.length} messages, run ${document.run?.status}, child run embedded: ${document.run?.children?.[0]?.transcript ? "yes" : "NO"}, strictly valid: ${exportValid ? "yes" : "NO"}, token leaked: ${leaked ? "YES" : "no"}`,
  );
  print(
    `$ agent-transcript export <parent>.jsonl --format markdown --reasoning omit   (exit ${exportMarkdown.status}); first lines:`,
  );
  for (const line of readFileSync(markdownFile, "utf8").split("\n").slice(0, 12)) print(`  | ${line}`);

  heading("Summary");
  const ok =
    surprises === 0 &&
    validation.status === 0 &&
    parentLog.problems.length === 0 &&
    childLog.problems.length === 0 &&
    exportJson.status === 0 &&
    exportMarkdown.status === 0 &&
    exportValid &&
    !leaked;
  print(ok ? "Everything checks out. Files written to .tmp/demo/." : "Something did not check out: see above.");
  return ok ? 0 : 1;
}

process.exitCode = await main();
