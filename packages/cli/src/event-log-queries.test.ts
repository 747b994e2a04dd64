import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createRecorder } from "@agent-transcript/recorder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { awfJqRecipes } from "@agent-transcript/fixtures/jq-recipes";
import { importSession } from "@agent-transcript/providers/node";
import { runCheck } from "./commands/check/run.js";
import { runText } from "./commands/text/run.js";
import { runTimeline } from "./commands/timeline/run.js";
import { runTools } from "./commands/tools/run.js";
import { runTree, type RunTreeEntry } from "./commands/tree/run.js";

// The commands must agree with the AWF transcript logs' own recipes (`awfJqRecipes`).
function jq(args: string[], file: string): string {
  return execFileSync("jq", [...args, file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

let directory: string;
let rootFile: string;
let childRunId: string;
let grandchildRunId: string;

/** A run as an agent framework records it: steps, tool calls (one failing, one never answered), text, child runs. */
async function recordRun(root: string): Promise<string> {
  const recorder = createRecorder({ root, validate: true });
  recorder.append({ type: "run.started", payload: { name: "code-review", kind: "workflow" } });
  recorder.append({ type: "step.started", path: "analyze", payload: { name: "analyze", kind: "agent" } });
  recorder.append({
    type: "message.user",
    path: "analyze",
    payload: { role: "user", blocks: [{ type: "text", text: "Review main.go" }] },
  });
  recorder.append({
    type: "message.assistant",
    path: "analyze",
    payload: {
      role: "assistant",
      blocks: [
        { type: "text", text: "Reading the file.\nTwo lines, a tab\there, and ünïcödé." },
        { type: "tool_call", id: "toolu_01", name: "Read", input: { path: "main.go" } },
      ],
    },
  });
  recorder.append({
    type: "tool.call",
    path: "analyze",
    payload: { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, fidelity: "router" },
  });
  recorder.append({
    type: "tool.call",
    path: "analyze",
    payload: { name: "Grep", call_id: "toolu_02", input: { pattern: "TODO" }, fidelity: "agent_emitted" },
  });
  recorder.append({
    type: "tool.result",
    path: "analyze",
    payload: {
      name: "Grep",
      call_id: "toolu_02",
      output: "no match",
      status: "error",
      error: "exit 1",
      fidelity: "agent_emitted",
    },
  });
  recorder.append({
    type: "tool.result",
    path: "analyze",
    payload: { name: "Read", call_id: "toolu_01", output: "package main", duration_ms: 12, fidelity: "router" },
  });
  recorder.append({
    type: "tool.call",
    path: "analyze",
    payload: { name: "Bash", call_id: "toolu_03", input: { command: "go vet" }, fidelity: "router" },
  });
  recorder.append({
    type: "message.assistant",
    path: "analyze",
    payload: { role: "assistant", blocks: [{ type: "text", text: "Done." }] },
  });
  recorder.append({
    type: "step.completed",
    path: "analyze",
    payload: { name: "analyze", kind: "agent", status: "completed" },
  });
  recorder.append({
    type: "step.started",
    path: "parallel_block.branch_a",
    iteration: 2,
    payload: { name: "fix", kind: "call_workflow" },
  });
  const child = recorder.startChildRun({ name: "fix", path: "parallel_block.branch_a" });
  child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" } });
  const grandchild = child.startChildRun({ name: "test", path: "test" });
  grandchild.append({ type: "run.started", payload: { name: "test", kind: "workflow" } });
  await child.completeChildRun(grandchild, { status: "completed" });
  await recorder.completeChildRun(child, { status: "failed" });
  recorder.append({ type: "run.completed", payload: { name: "code-review", kind: "workflow", status: "completed" } });
  await recorder.close();
  childRunId = child.runId;
  grandchildRunId = grandchild.runId;
  return recorder.file;
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "event-log-queries-"));
  rootFile = await recordRun(directory);
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("tools", () => {
  it("pairs every call with its result as the pairing recipe does, calls without a result last", async () => {
    const io = captureIo();
    expect(await runTools(rootFile, { json: true }, io.io)).toBe(0);
    const ours = JSON.parse(io.stdout()) as Array<{ call_id: string }>;
    const recipe = JSON.parse(jq(["-s", awfJqRecipes.toolPairs], rootFile)) as Array<{ call_id: string }>;
    expect([...ours].sort((a, b) => (a.call_id < b.call_id ? -1 : 1))).toEqual(recipe);
    // Written as each pair completes: the failing Grep first, the unanswered Bash last.
    expect(ours.map((pair) => pair.call_id)).toEqual(["toolu_02", "toolu_01", "toolu_03"]);
  });

  it("prints a line per call with its outcome and duration, and counts on stderr", async () => {
    const io = captureIo();
    expect(await runTools(rootFile, {}, io.io)).toBe(0);
    expect(io.stdout().split("\n")).toEqual([
      expect.stringMatching(/^toolu_02\tGrep\terror\t\d+ ms$/),
      "toolu_01\tRead\tok\t12 ms",
      "toolu_03\tBash\tno result",
      "",
    ]);
    expect(io.stderr()).toContain("3 tool calls, 1 failed, 1 unpaired");
  });
});

describe("text", () => {
  it("prints exactly what the assistant-text recipe prints", async () => {
    const io = captureIo();
    expect(await runText(rootFile, {}, io.io)).toBe(0);
    expect(io.stdout()).toBe(jq(["-r", awfJqRecipes.assistantText], rootFile));
  });

  it("gives each text with its seq as JSON", async () => {
    const io = captureIo();
    await runText(rootFile, { json: true }, io.io);
    expect((JSON.parse(io.stdout()) as Array<{ text: string }>).map((entry) => entry.text)).toEqual([
      "Reading the file.\nTwo lines, a tab\there, and ünïcödé.",
      "Done.",
    ]);
  });
});

describe("timeline", () => {
  it("prints exactly what the timeline recipe prints", async () => {
    const io = captureIo();
    expect(await runTimeline(rootFile, {}, io.io)).toBe(0);
    expect(io.stdout()).toBe(jq(["-r", awfJqRecipes.stepsStarted], rootFile));
    expect(io.stdout().split("\n").length).toBe(3);
  });
});

describe("tree", () => {
  it("lists the child runs the recipe lists, and follows them to any depth", async () => {
    const io = captureIo();
    expect(await runTree(rootFile, { json: true }, io.io)).toBe(0);
    const tree = JSON.parse(io.stdout()) as {
      name: string;
      status: string;
      children: Array<{ run_id: string; status: string; children: Array<{ run_id: string; name: string }> }>;
    };
    const recipeChildren = jq(["-r", awfJqRecipes.childRuns], rootFile).trim().split("\n");
    expect(tree.children.map((child) => child.run_id)).toEqual(recipeChildren);
    expect(recipeChildren).toEqual([childRunId]);
    expect(tree).toMatchObject({ name: "code-review", status: "completed" });
    expect(tree.children[0]).toMatchObject({ status: "failed" });
    expect(tree.children[0]?.children.map((child) => [child.run_id, child.name])).toEqual([[grandchildRunId, "test"]]);
  });

  it("draws the tree, and names a child whose log is missing", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "event-log-tree-"));
    try {
      const file = path.join(copy, path.basename(rootFile));
      writeFileSync(file, readFileSync(rootFile));
      const io = captureIo();
      expect(await runTree(file, {}, io.io)).toBe(1);
      expect(io.stdout()).toMatch(
        new RegExp(`^[0-9a-f-]{36}  code-review  completed  \\d+ events\\n└─ ${childRunId}  not completed  0 events`),
      );
      expect(io.stderr()).toContain("the child run's log is not beside its parent's");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("check", () => {
  it("agrees with the seq recipe and the fidelity recipe on a sound log", async () => {
    const io = captureIo();
    expect(await runCheck(rootFile, { json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as {
      ok: boolean;
      seq: { sorted: boolean; contiguous: boolean };
      fidelity: unknown;
    };
    expect(report.ok).toBe(true);
    expect(report.seq.sorted).toBe(JSON.parse(jq(["-s", awfJqRecipes.seqSorted], rootFile)));
    expect(report.seq.contiguous).toBe(true);
    expect(report.fidelity).toEqual(JSON.parse(jq(["-s", awfJqRecipes.fidelityCounts], rootFile)));
  });

  it("fails a log whose lines are out of order, and still agrees with the recipe", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "event-log-check-"));
    try {
      const lines = readFileSync(rootFile, "utf8").trimEnd().split("\n");
      [lines[3], lines[4]] = [lines[4] as string, lines[3] as string];
      const file = path.join(copy, "swapped.jsonl");
      writeFileSync(file, `${lines.join("\n")}\n`);
      const io = captureIo();
      expect(await runCheck(file, { json: true }, io.io)).toBe(1);
      const report = JSON.parse(io.stdout()) as { ok: boolean; seq: { sorted: boolean; contiguous: boolean } };
      expect(report.seq.sorted).toBe(false);
      expect(JSON.parse(jq(["-s", awfJqRecipes.seqSorted], file))).toBe(false);
      expect(report.seq.contiguous).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("reports a torn tail as a warning and a garbage line as an error by line, reading on", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "event-log-check-"));
    try {
      const file = path.join(copy, "damaged.jsonl");
      const lines = readFileSync(rootFile, "utf8").trimEnd().split("\n");
      writeFileSync(file, `${lines.slice(0, 2).join("\n")}\nnot json\n${lines.slice(2).join("\n")}\n`);
      appendFileSync(file, '{"seq": 99, "run_');
      const io = captureIo();
      expect(await runCheck(file, {}, io.io)).toBe(1);
      expect(io.stderr()).toMatch(/damaged\.jsonl: error: line 3: invalid-json: /);
      expect(io.stderr()).toMatch(/torn-tail/);
      expect(io.stdout()).toContain(`broken: ${lines.length} events in ${lines.length + 2} lines`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("input", () => {
  it("reads gzip and standard input alike", async () => {
    const gzipped = path.join(directory, "copy.jsonl.gz");
    writeFileSync(gzipped, gzipSync(readFileSync(rootFile)));
    const fromGzip = captureIo();
    await runText(gzipped, {}, fromGzip.io);
    const fromStdin = captureIo(readFileSync(rootFile));
    await runText("-", {}, fromStdin.io);
    expect(fromGzip.stdout()).toBe(jq(["-r", awfJqRecipes.assistantText], rootFile));
    expect(fromStdin.stdout()).toBe(fromGzip.stdout());
  });

  it("names a missing file and a folder plainly, writing nothing", async () => {
    const io = captureIo();
    await expect(runTools(path.join(directory, "nope.jsonl"), {}, io.io)).rejects.toThrow(
      /nope\.jsonl: cannot read: no such file/,
    );
    await expect(runTools(directory, {}, io.io)).rejects.toThrow(/is a folder/);
    expect(io.stdout()).toBe("");
  });
});

describe("the log AWF's documentation prints", () => {
  const awfLog = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../recorder/src/fixtures/awf-documented-example.jsonl",
  );

  it("gives each recipe's result", async () => {
    const tools = captureIo();
    await runTools(awfLog, { json: true }, tools.io);
    const pairs = JSON.parse(tools.stdout()) as Array<{ call_id: string }>;
    expect(pairs.length).toBeGreaterThan(0);
    expect([...pairs].sort((a, b) => (a.call_id < b.call_id ? -1 : 1))).toEqual(
      JSON.parse(jq(["-s", awfJqRecipes.toolPairs], awfLog)),
    );
    const text = captureIo();
    await runText(awfLog, {}, text.io);
    expect(text.stdout()).toBe(jq(["-r", awfJqRecipes.assistantText], awfLog));
    const timeline = captureIo();
    await runTimeline(awfLog, {}, timeline.io);
    expect(timeline.stdout()).toBe(jq(["-r", awfJqRecipes.stepsStarted], awfLog));
    const check = captureIo();
    await runCheck(awfLog, { json: true }, check.io);
    const report = JSON.parse(check.stdout()) as { seq: { sorted: boolean }; fidelity: unknown };
    expect(report.seq.sorted).toBe(JSON.parse(jq(["-s", awfJqRecipes.seqSorted], awfLog)));
    expect(report.fidelity).toEqual(JSON.parse(jq(["-s", awfJqRecipes.fidelityCounts], awfLog)));
  });
});

describe("inputs that are not event logs", () => {
  const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../tools/fixtures/real");
  // A real Claude Code session with sub-agents beside it (`<session>/subagents/agent-*.jsonl`).
  const session = path.join(fixtures, "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
  const response = path.join(fixtures, "vercel-ai/packages/anthropic/src/__fixtures__/anthropic-tool-no-args.json");

  it("reads an agent's session as export does: its tool calls paired with their results, with each outcome", async () => {
    const imported = await importSession(session);
    if (!imported.ok) throw new Error(imported.message);
    const parts = imported.document.messages.flatMap((message) => message.parts);
    const calls = parts.flatMap((part) => (part.type === "tool_call" ? [part] : []));
    const results = new Map(parts.flatMap((part) => (part.type === "tool_result" ? [[part.call_id, part]] : [])));
    expect(calls.length).toBeGreaterThan(0);
    const io = captureIo();
    expect(await runTools(session, { json: true }, io.io)).toBe(0);
    const pairs = JSON.parse(io.stdout()) as Array<{ call_id: string; name: string; input: unknown; output: unknown }>;
    expect(new Set(pairs.map((pair) => pair.call_id))).toEqual(new Set(calls.map((call) => call.id)));
    for (const call of calls) {
      const pair = pairs.find((candidate) => candidate.call_id === call.id);
      expect(pair).toMatchObject({ name: call.name, input: call.input });
      const result = results.get(call.id);
      expect(pair?.output).toEqual(result === undefined ? null : (result.output ?? result.content ?? null));
    }
    expect(io.stderr()).toContain("read as a claude-code session");
    // Without --json: one line per call, an error where the session says so.
    const lines = captureIo();
    await runTools(session, { quiet: true }, lines.io);
    const failed = [...results.values()].filter((result) => result.status === "error").length;
    expect(lines.stdout().trimEnd().split("\n")).toHaveLength(calls.length);
    expect(
      lines
        .stdout()
        .split("\n")
        .filter((line) => line.split("\t")[2] === "error"),
    ).toHaveLength(failed);
  });

  it("follows the session's sub-agents as child runs in tree, and gives the assistant's text", async () => {
    const imported = await importSession(session);
    if (!imported.ok) throw new Error(imported.message);
    const children = imported.document.run?.children ?? [];
    expect(children.length).toBeGreaterThan(0);
    const io = captureIo();
    expect(await runTree(session, { json: true, quiet: true }, io.io)).toBe(0);
    const tree = JSON.parse(io.stdout()) as RunTreeEntry;
    expect(tree.children).toHaveLength(children.length);
    for (const child of tree.children) {
      expect(child.problems).toEqual([]);
      expect(child.events).toBeGreaterThan(0);
    }
    const text = captureIo();
    expect(await runText(session, { quiet: true }, text.io)).toBe(0);
    const assistantText = imported.document.messages
      .filter((message) => message.role === "assistant")
      .flatMap((message) => message.parts.flatMap((part) => (part.type === "text" ? [`${part.text}\n`] : [])));
    expect(text.stdout()).toBe(assistantText.join(""));
    const check = captureIo();
    expect(await runCheck(session, { quiet: true }, check.io)).toBe(0);
  });

  it("reads a provider payload from a file or standard input, as convert does", async () => {
    const fromFile = captureIo();
    expect(await runTools(response, { json: true }, fromFile.io)).toBe(0);
    expect(JSON.parse(fromFile.stdout())).toEqual([
      { call_id: "toolu_01LRmxn9vGM1d2DZSDBowdZ1", name: "updateIssueList", input: {}, output: null },
    ]);
    expect(fromFile.stderr()).toContain("read as anthropic (converted)");
    const fromStdin = captureIo(readFileSync(response));
    expect(await runTools("-", { json: true }, fromStdin.io)).toBe(0);
    expect(fromStdin.stdout()).toBe(fromFile.stdout());
    const text = captureIo(readFileSync(response));
    await runText("-", {}, text.io);
    expect(text.stdout()).toContain("Okay, I will update the current issue list:");
  });

  it("names input that is none of these, by line, and writes nothing", async () => {
    // A pretty-printed document cut short: its own error, not one per line.
    const io = captureIo('{\n  "messages": [1, 2,\n');
    await expect(runTools("-", {}, io.io)).rejects.toThrow(
      /^<stdin> is not an event log, transcript, session or payload that can be read: <stdin>:3:1: /,
    );
    expect(io.stdout()).toBe("");
  });

  it("still reads an event log whose first line is damaged, line by line", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "event-log-first-line-"));
    try {
      const file = path.join(copy, "damaged.jsonl");
      const lines = readFileSync(rootFile, "utf8").trimEnd().split("\n");
      writeFileSync(file, `{"seq": 1, "run_id": \n${lines.slice(1).join("\n")}\n`);
      const io = captureIo();
      expect(await runCheck(file, {}, io.io)).toBe(1);
      expect(io.stderr()).toMatch(/damaged\.jsonl: error: line 1: invalid-json: /);
      expect(io.stdout()).toContain(`broken: ${lines.length - 1} events in ${lines.length} lines`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
