import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRecorder } from "@agent-transcript/recorder";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import { importSession } from "@agent-transcript/providers/node";
import { firstUserPrompt } from "@agent-transcript/core/text";
import type { StatsReport } from "../../run-stats.js";
import { runStats } from "./run.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "stats-command-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const usage = (input: number, output: number, cacheRead = 0) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: cacheRead,
});

/** A run with priced and unpriced model calls, failing and timed tools, and a child run with its own usage. */
async function recordRun(root: string): Promise<string> {
  const recorder = createRecorder({ root, validate: true });
  const at = (second: number) => new Date(Date.UTC(2026, 5, 8, 8, 0, second));
  recorder.append({ type: "run.started", payload: { name: "review", kind: "workflow" }, timestamp: at(0) });
  recorder.append({
    type: "message.user",
    path: "a",
    payload: { role: "user", blocks: [{ type: "text", text: "go" }] },
    timestamp: at(1),
  });
  recorder.append({
    type: "message.assistant",
    path: "a",
    payload: {
      role: "assistant",
      model: "claude-sonnet-4-5",
      usage: usage(1000, 200, 800),
      blocks: [{ type: "text", text: "ok" }],
    },
    timestamp: at(2),
  });
  recorder.append({
    type: "tool.call",
    path: "a",
    payload: { name: "Bash", call_id: "c1", input: {}, fidelity: "router" },
    timestamp: at(3),
  });
  recorder.append({
    type: "tool.call",
    path: "a",
    payload: { name: "Bash", call_id: "c2", input: {}, fidelity: "router" },
    timestamp: at(3),
  });
  recorder.append({
    type: "tool.result",
    path: "a",
    payload: { name: "Bash", call_id: "c1", output: "x", status: "error", error: "exit 1", fidelity: "router" },
    timestamp: at(5),
  });
  recorder.append({
    type: "tool.result",
    path: "a",
    payload: { name: "Bash", call_id: "c2", output: "y", duration_ms: 250, fidelity: "router" },
    timestamp: at(6),
  });
  recorder.append({
    type: "tool.call",
    path: "a",
    payload: { name: "Read", call_id: "c3", input: {}, fidelity: "router" },
    timestamp: at(7),
  });
  recorder.append({
    type: "message.assistant",
    path: "a",
    payload: { role: "assistant", model: "house-model-7", usage: usage(50, 5), blocks: [{ type: "text", text: "?" }] },
    timestamp: at(8),
  });
  const child = recorder.startChildRun({ name: "fix", path: "fix" });
  child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" }, timestamp: at(9) });
  child.append({
    type: "message.assistant",
    path: "b",
    payload: {
      role: "assistant",
      model: "claude-sonnet-4-5",
      usage: usage(100, 10),
      blocks: [{ type: "text", text: "fixed" }],
    },
    timestamp: at(10),
  });
  await recorder.completeChildRun(child, { status: "completed" });
  recorder.append({
    type: "run.completed",
    payload: { name: "review", kind: "workflow", status: "completed" },
    timestamp: at(30),
  });
  await recorder.close();
  return recorder.file;
}

describe("stats on an event log", () => {
  it("counts roles, tools with failures and durations, tokens, models and span, and rolls the child run up", async () => {
    const file = await recordRun(directory);
    const io = captureIo();
    expect(await runStats([file], { json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as StatsReport;
    const [run] = report.runs;
    expect(run).toMatchObject({ title: "review", firstPrompt: "go", status: "completed", kind: "event-log" });
    // From the first event to the last (the recorder stamps the child-run events with the time it writes them).
    expect(run?.startedAt).toBe("2026-06-08T08:00:00.000Z");
    expect(run?.durationMs).toBe(Date.parse(run?.endedAt ?? "") - Date.parse(run?.startedAt ?? ""));
    expect(run?.messagesByRole).toEqual({ user: 1, assistant: 2 });
    expect(run?.toolsByName).toEqual({
      Bash: { calls: 2, errors: 1, unpaired: 0, durationMs: 2250, maxDurationMs: 2000, timedCalls: 2 },
      Read: { calls: 1, errors: 0, unpaired: 1, durationMs: 0, maxDurationMs: 0, timedCalls: 0 },
    });
    expect(run?.models).toEqual({ "claude-sonnet-4-5": 1, "house-model-7": 1 });
    expect(run?.own.usage).toMatchObject({ input_tokens: 1050, output_tokens: 205, cache_read_tokens: 800 });
    expect(run?.children.map((child) => [child.title, child.own.usage?.input_tokens])).toEqual([["fix", 100]]);
    expect(run?.includingChildren.usage).toMatchObject({ input_tokens: 1150, output_tokens: 215 });
    // One model has no price: the total is unknown and says which, the priced part is kept.
    expect(run?.own.cost).toMatchObject({ status: "unknown" });
    expect(run?.own.unpricedCalls).toEqual({ "house-model-7": 1 });
    expect(run?.own.pricedAmount).toBeGreaterThan(0);
    expect(run?.children[0]?.own.cost).toMatchObject({ status: "computed", pricing: { model: expect.any(String) } });
  });

  it("says an unpriced model plainly and gives the pricing date of priced ones", async () => {
    const file = await recordRun(directory);
    const io = captureIo();
    await runStats([file], {}, io.io);
    expect(io.stdout()).toMatch(/cost {7}unknown: no price for house-model-7 ×1; the priced calls cost \$0\.\d{4}/);
    expect(io.stdout()).toMatch(/cost {7}\$0\.\d{4} \(prices of \d{4}-\d\d-\d\d, table /);
    expect(io.stdout()).toContain("Bash: 2, 1 failed, 1.1 s average, 2.0 s longest");
    expect(io.stdout()).toContain("Read: 1, 1 without result");
  });

  it("gives a folder one row per root run, the child within its parent, and the totals", async () => {
    await recordRun(directory);
    await recordRun(directory);
    const io = captureIo();
    expect(await runStats([path.join(directory, "transcripts")], { json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as StatsReport;
    expect(report.runs).toHaveLength(2);
    expect(report.totals.usage).toMatchObject({ input_tokens: 2300, output_tokens: 430 });
    expect(report.totals.toolCalls).toBe(6);
  });
});

describe("stats on a real Claude Code session", () => {
  const session = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../../../../tools/fixtures/real/spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
  );

  it("counts the tokens the import counts, for the session and with its sub-agents", async () => {
    const statsIo = captureIo();
    expect(await runStats([session], { json: true, quiet: true }, statsIo.io)).toBe(0);
    const [run] = (JSON.parse(statsIo.stdout()) as StatsReport).runs;
    const imported = await importSession(session);
    if (!imported.ok) throw new Error(imported.message);
    const { document } = imported;
    const tokens = (value: unknown) => {
      const { raw: _raw, total_tokens: _total, ...counts } = (value ?? {}) as Record<string, unknown>;
      return counts;
    };
    expect(tokens(run?.own.usage)).toEqual(tokens(document.usage));
    expect(tokens(run?.includingChildren.usage)).toEqual(tokens(document.run?.usage_including_children));
    // A session names no title: its first prompt says what it was, and each sub-agent's its own task.
    expect(run?.title).toBeNull();
    expect(run?.firstPrompt).toBe(firstUserPrompt(document, 200));
    expect(run?.firstPrompt).toMatch(/\w/);
    for (const child of run?.children ?? []) expect(child.firstPrompt).not.toBe(run?.firstPrompt);
    expect(run?.children.length).toBeGreaterThan(0);
    expect(run?.own.toolCalls).toBeGreaterThan(0);
  });
});

describe("stats on a provider payload", () => {
  const response = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../../../../tools/fixtures/real/vercel-ai/packages/anthropic/src/__fixtures__/anthropic-tool-no-args.json",
  );

  it("converts a real Anthropic response as convert does and counts what it holds", async () => {
    const io = captureIo();
    expect(await runStats([response], { json: true }, io.io)).toBe(0);
    const [run] = (JSON.parse(io.stdout()) as StatsReport).runs;
    expect(run).toMatchObject({ kind: "converted", runId: "msg_01GCBaV8gyWAYgMVggRqZbuQ" });
    expect(run?.messagesByRole).toEqual({ assistant: 1 });
    expect(Object.keys(run?.toolsByName ?? {})).toEqual(["updateIssueList"]);
    expect(run?.own.usage).toMatchObject({ input_tokens: 602, output_tokens: 93 });
    expect(run?.models).toEqual({ "claude-3-opus-20240229": 1 });
  });

  it("names a document it cannot read once, each problem by line and pointer", async () => {
    const bad = path.join(directory, "bad.json");
    writeFileSync(bad, '{"schema_version":"1.0.0","id":"x","messages":[{"role":"nobody"}]}');
    const io = captureIo();
    expect(await runStats([bad], { json: true }, io.io)).toBe(1);
    const [problem] = (JSON.parse(io.stdout()) as StatsReport).problems;
    expect(problem?.input).toBe(bad);
    expect(problem?.message).toMatch(
      /^line 1: \/messages\/0\/parts: .*; line 1: \/messages\/0\/role: "nobody" is not a role/,
    );
    expect(io.stderr().split(bad).length - 1).toBe(1);
  });
});

describe("stats on bad input", () => {
  it("names a missing input and exits 1, and refuses a folder with no runs", async () => {
    const io = captureIo();
    expect(await runStats([path.join(directory, "none.jsonl")], {}, io.io)).toBe(1);
    expect(io.stderr()).toContain("none.jsonl: cannot read: no such file");
    await expect(runStats([directory], {}, io.io)).rejects.toThrow(/no runs found/);
  });
});

describe("stats on a folder with other files", () => {
  it("skips a snapshot bundle and files that hold no run, noting them, and counts the runs", async () => {
    await recordRun(directory);
    writeFileSync(path.join(directory, "transcripts", "notes.json"), '{"not": "a transcript"}');
    writeFileSync(path.join(directory, "transcripts", "x.snapshot.jsonl"), '{"type":"snapshot"}\n');
    const io = captureIo();
    expect(await runStats([path.join(directory, "transcripts")], { json: true }, io.io)).toBe(0);
    expect((JSON.parse(io.stdout()) as StatsReport).runs).toHaveLength(1);
    const counted = captureIo();
    await runStats([path.join(directory, "transcripts")], {}, counted.io);
    expect(counted.stderr()).toBe("agent-transcript: skipped 1 file: 1 not a run; --verbose names each\n");
    const noted = captureIo();
    await runStats([path.join(directory, "transcripts")], { verbose: true }, noted.io);
    expect(noted.stderr()).toContain("notes.json: skipped: not an event log, document, session or payload");
    expect(noted.stderr()).not.toContain("x.snapshot.jsonl");
  });
});

describe("stats on a tree of agent folders", () => {
  const real = realFixturesRoot();
  const transcripts = path.join(real, "spotter/test/fixtures/transcripts");
  const rollout = path.join(real, "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");
  const withParent = "4d5611e5-241a-462a-8d15-5122611a9569";
  const orphan = "6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl";

  /** `~/.claude/projects` and `~/.codex/sessions` as the agents leave them, a recorder's storage, and stray files. */
  async function agentTree(): Promise<{ root: string; projects: string }> {
    const root = path.join(directory, "home");
    const projects = path.join(root, ".claude", "projects");
    const app = path.join(projects, "-home-me-app");
    mkdirSync(app, { recursive: true });
    cpSync(path.join(transcripts, `${withParent}.jsonl`), path.join(app, `${withParent}.jsonl`));
    cpSync(path.join(transcripts, withParent), path.join(app, withParent), { recursive: true });
    cpSync(path.join(transcripts, "short.jsonl"), path.join(app, "short.jsonl"));
    // What else a session's folder holds (a sub-agent's sidecar, a tool's saved output) is the session's.
    writeFileSync(path.join(app, withParent, "subagents", "agent-a2898e3.meta.json"), '{"agentType":"Explore"}');
    mkdirSync(path.join(app, withParent, "tool-results"));
    writeFileSync(path.join(app, withParent, "tool-results", "toolu_1.txt"), "output\n");
    // A sub-agent whose session is not here: a run of its own.
    const other = path.join(projects, "-home-me-other");
    mkdirSync(path.join(other, path.dirname(orphan)), { recursive: true });
    cpSync(path.join(transcripts, orphan), path.join(other, orphan));
    const day = path.join(root, ".codex", "sessions", "2025", "09", "14");
    mkdirSync(day, { recursive: true });
    cpSync(rollout, path.join(day, "rollout-2025-09-14T10-00-00-0199.jsonl"));
    await recordRun(path.join(root, "storage"));
    // Passed over: a note, a FIFO (never opened), a link out of the tree, a link to nothing.
    writeFileSync(path.join(projects, "notes.txt"), "my notes\n");
    execFileSync("mkfifo", [path.join(app, "pipe.jsonl")]);
    const outside = path.join(directory, "outside");
    mkdirSync(outside);
    cpSync(path.join(transcripts, "short.jsonl"), path.join(outside, "short.jsonl"));
    symlinkSync(outside, path.join(projects, "elsewhere"));
    symlinkSync(path.join(directory, "missing.jsonl"), path.join(app, "gone.jsonl"));
    return { root, projects };
  }

  async function stats(args: string[]) {
    const io = captureIo();
    const code = await run(["stats", ...args], io.io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  }

  it("walks project folders: one row per root run, sub-agents within their session, every skipped file counted", async () => {
    const { root } = await agentTree();
    const outcome = await stats([root, "--json"]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as StatsReport;
    const relative = (file: string) => path.relative(root, file);
    expect(report.runs.map((row) => [relative(row.source), row.kind])).toEqual([
      [`.claude/projects/-home-me-app/${withParent}.jsonl`, "session"],
      [".claude/projects/-home-me-app/short.jsonl", "session"],
      [`.claude/projects/-home-me-other/${orphan}`, "session"],
      [".codex/sessions/2025/09/14/rollout-2025-09-14T10-00-00-0199.jsonl", "session"],
      [expect.stringMatching(/^storage\/transcripts\/[^/]+\.jsonl$/), "event-log"],
    ]);
    // The session's row holds its sub-agents, as importing the session alone does.
    const imported = await importSession(path.join(transcripts, `${withParent}.jsonl`));
    if (!imported.ok) throw new Error(imported.message);
    expect(report.runs[0]?.children).toHaveLength(imported.document.run?.children?.length ?? -1);
    expect(report.runs[0]?.includingChildren.usage?.input_tokens).toBe(
      imported.document.run?.usage_including_children?.input_tokens,
    );
    expect(report.skipped.map((file) => [relative(file.path), file.kind])).toEqual([
      [".claude/projects/-home-me-app/gone.jsonl", "unreadable"],
      [".claude/projects/-home-me-app/pipe.jsonl", "special file"],
      [".claude/projects/elsewhere", "link out of the folder"],
      [".claude/projects/notes.txt", "not a run"],
    ]);
  });

  it("says how many files it skipped and why on stderr, and names each with --verbose", async () => {
    const { projects } = await agentTree();
    const plain = await stats([projects]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("short.jsonl");
    expect(plain.stderr).toContain(
      "agent-transcript: skipped 4 files: 1 unreadable, 1 special file, 1 link out of the folder, 1 not a run; --verbose names each\n",
    );
    expect(plain.stderr).not.toContain("notes.txt");
    const verbose = await stats([projects, "--verbose"]);
    expect(verbose.stderr).toContain(
      `${path.join(projects, "notes.txt")}: skipped: not an event log, document or session\n`,
    );
    expect(verbose.stderr).toContain(
      `${path.join(projects, "-home-me-app", "pipe.jsonl")}: skipped: a FIFO, socket or device`,
    );
    expect(verbose.stderr).toContain(`${path.join(projects, "elsewhere")}: skipped: a symbolic link out of the folder`);
    expect(verbose.stderr).toContain(`${path.join(projects, "-home-me-app", "gone.jsonl")}: skipped: cannot read:`);
    expect(verbose.stderr).toContain(
      "skipped 4 files: 1 unreadable, 1 special file, 1 link out of the folder, 1 not a run\n",
    );
  });
});

describe("stats on an empty file", () => {
  it("says the file is empty, exit 1, and counts one in a folder as no run", async () => {
    const empty = path.join(directory, "empty.jsonl");
    writeFileSync(empty, "");
    const named = await run(["stats", empty], captureIo().io);
    const io = captureIo();
    expect(await run(["stats", empty], io.io)).toBe(named);
    expect([named, io.stdout()]).toEqual([1, ""]);
    expect(io.stderr()).toBe(`${empty}: the file is empty: no run to count\n`);
    await recordRun(directory);
    writeFileSync(path.join(directory, "transcripts", "empty.jsonl"), "");
    const folder = captureIo();
    expect(await run(["stats", path.join(directory, "transcripts"), "--verbose"], folder.io)).toBe(0);
    expect(folder.stderr()).toContain(
      `${path.join(directory, "transcripts", "empty.jsonl")}: skipped: an empty file\n`,
    );
  });
});

describe("stats and tree name a session's sub-agents alike", () => {
  it("names each child run by the session's agent id and description, never the event log's UUID", async () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    );
    const statsIo = captureIo();
    expect(await run(["stats", session, "--quiet"], statsIo.io)).toBe(0);
    const treeIo = captureIo();
    expect(await run(["tree", session, "--quiet"], treeIo.io)).toBe(0);
    const imported = await importSession(session);
    if (!imported.ok) throw new Error(imported.message);
    const children = imported.document.run?.children ?? [];
    expect(children.length).toBe(2);
    for (const child of children) {
      const name = `${child.run_id}  ${child.title}`;
      expect(statsIo.stdout()).toContain(`    ${name}  session `);
      const branches = treeIo
        .stdout()
        .split("\n")
        .filter((line) => /^[├└]─ /.test(line))
        .map((line) => line.slice(3));
      expect(branches.some((line) => line.startsWith(`${name}  completed  `))).toBe(true);
    }
    // The session's own id is a UUID; its children's names are not the UUIDs the converted event log gave them.
    expect(
      treeIo
        .stdout()
        .split("\n")
        .filter((line) => /^[├└]─ [0-9a-f]{8}-[0-9a-f]{4}-/.test(line)),
    ).toEqual([]);
  });
});

describe("stats, tree, tools and timeline on an ATIF trajectory with a continuation", () => {
  const trajectory = path.join(
    realFixturesRoot(),
    "inspect-scout/tests/sources/atif_source/fixtures/terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
  );

  it("read it without an error: the continuation is a child run, the observations results without a call", async () => {
    // Both files give one session_id: the continuation was the run's own child (a cycle, exit 1), and the
    // observations, which name no tool, were events no reader accepts (an error each).
    const tree = captureIo();
    expect(await run(["tree", trajectory, "--quiet"], tree.io)).toBe(0);
    expect(tree.stderr()).toBe("");
    expect(tree.stdout().split("\n")[1]).toMatch(
      /^└─ NORMALIZED_SESSION_ID\.cont-1 {2}continuation 1 {2}completed {2}/,
    );
    const tools = captureIo();
    expect(await run(["tools", trajectory], tools.io)).toBe(0);
    expect(tools.stderr()).not.toMatch(/error/);
    expect(tools.stderr()).toMatch(/: 4 tool calls, 0 failed, 4 unpaired\n$/);
    const timeline = captureIo();
    expect(await run(["timeline", trajectory], timeline.io)).toBe(0);
    expect(timeline.stderr()).not.toMatch(/error/);
    const stats = captureIo();
    expect(await run(["stats", trajectory, "--quiet"], stats.io)).toBe(0);
    expect(stats.stdout()).toContain("  with its 1 child run: 21 messages, 0 tool calls, tokens 6,502 in, 690 out");
  });
});
