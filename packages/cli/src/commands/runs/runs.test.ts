// `runs` as a user runs it on real sessions: newest first, each filter, sub-agent trees, and the same runs and totals
// `stats` finds in the same folders.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { RunStats, StatsReport } from "../../run-stats.js";
import type { RunsReport } from "./run.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "runs-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const spotter = () => path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
const samples = () => path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples");

async function runsOf(...argv: string[]): Promise<RunsReport> {
  const result = await cli("runs", ...argv, "--json", "--timezone", "UTC");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as RunsReport;
}

describe("runs", () => {
  it("lists every run newest first, with the totals stats counts for the same folders", async () => {
    const listed = await runsOf(spotter(), samples());
    const starts = listed.runs.map((each) => Date.parse(each.startedAt as string));
    expect(starts.every((start, index) => index === 0 || start <= (starts[index - 1] as number))).toBe(true);
    const stats = JSON.parse((await cli("stats", spotter(), samples(), "--json")).stdout) as StatsReport;
    expect(listed.runs.map((each) => each.runId).sort()).toEqual(stats.runs.map((each) => each.runId).sort());
    expect(listed.totals.usage).toEqual(stats.totals.usage);
    expect(listed.found).toBe(stats.runs.length);
  });

  it("filters by agent, project, model (sub-agents' too), status and start day, and keeps the newest few", async () => {
    const ids = async (...flags: string[]) =>
      (await runsOf(spotter(), samples(), ...flags)).runs.map((each) => each.runId);
    expect(await ids("--agent", "gemini-cli")).toEqual(["f0a689a6-b0ac-407f-afcc-4fafa9e14e8a"]);
    expect(await ids("--project", "SPOTTER-A0Y")).toEqual(["fa812bfe-b295-4cca-9c2f-fdf01028cb46"]);
    // Haiku answered in a lone sub-agent's file of its own and within sessions' sub-agents, not their main thread.
    const haiku = await runsOf(spotter(), "--model", "haiku");
    const ownModels = (each: RunStats) => Object.keys(each.models).join(" ");
    expect(haiku.runs.map((each) => [each.runId, ownModels(each).includes("haiku")]).sort()).toEqual([
      ["afc096d", true],
      ["fa812bfe-b295-4cca-9c2f-fdf01028cb46", false],
    ]);
    expect(await ids("--status", "failed")).toEqual([]);
    expect(await ids("--since", "2026-01-01", "--until", "2026-02-10")).toEqual([
      "afc096d",
      "491e126e-1e71-469c-ade2-fcc8af567c74",
      "55604662-cf2a-4331-851a-ec234028f8ca",
      "019b88e0-0b0f-7bb0-a9ba-5cc2d8dffde9",
    ]);
    const all = await ids();
    expect(await ids("--limit", "2")).toEqual(all.slice(0, 2));
    const limit = await cli("runs", spotter(), "--limit", "0");
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/--limit takes a whole number from 1, not "0"/);
  });

  it("shows each run's sub-agents under it with --tree, own and rolled-up cost", async () => {
    const file = path.join(spotter(), "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
    const result = await cli("runs", file, "--tree", "--timezone", "UTC");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Started +Agent +Project +Status +Duration +Messages +Tokens +Own cost +Cost +Run$/m,
    );
    expect(result.stdout).toMatch(/^2026-02-12 15:36 +claude-code .* fa812bfe-b295-4cca-9c2f-fdf01028cb46$/m);
    for (const title of ["Explore existing codebase", "Explore sync and transcript code", "compaction"])
      expect(result.stdout).toContain(`└ ${title}`);
    const flat = await cli("runs", file, "--timezone", "UTC");
    expect(flat.stdout).toMatch(/fa812bfe-b295-4cca-9c2f-fdf01028cb46 \(\+3 sub-agents\)$/m);
    expect(flat.stdout).not.toContain("└");
  });

  it("reads a Codex day's rollouts once each, whichever order their names sort in", async () => {
    // Every rollout of a day lists the others as related; only a sub-agent's parent reads it as a child run.
    const day = path.join(directory, "sessions", "2026", "01", "04");
    mkdirSync(day, { recursive: true });
    cpSync(path.join(samples(), "codex_session.jsonl"), path.join(day, "rollout-2025-12-09-c.jsonl"));
    cpSync(path.join(samples(), "rollout-subagent-019b88e5.jsonl"), path.join(day, "rollout-2026-01-04-a.jsonl"));
    cpSync(path.join(samples(), "rollout-parent-019b88e0.jsonl"), path.join(day, "rollout-2026-01-04-b.jsonl"));
    for (const command of ["runs", "stats"]) {
      const result = await cli(command, path.join(directory, "sessions"), "--json");
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as RunsReport;
      expect(report.runs.map((each) => [each.runId, each.children.map((child) => child.runId)]).sort()).toEqual([
        ["019b04ae-b1c6-7c72-a134-a4c2de66058c", []],
        ["019b88e0-0b0f-7bb0-a9ba-5cc2d8dffde9", ["019b88e5-a2e4-7b90-8953-38fce393c653"]],
      ]);
    }
  });

  it("keeps a session beside a document whose embedded child run names the session's file as where it came from", async () => {
    // An exported document remembers its sub-agent's source path; the file there is read as a run of its own.
    const session = path.join(directory, "short.jsonl");
    cpSync(path.join(spotter(), "short.jsonl"), session);
    const imported = await cli("import", path.join(spotter(), "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl"));
    const document = JSON.parse(imported.stdout) as {
      run: { children: Array<{ transcript: { source: { path: string } } }> };
    };
    for (const child of document.run.children) child.transcript.source.path = session;
    writeFileSync(path.join(directory, "exported.json"), JSON.stringify(document));
    const listed = await runsOf(directory);
    expect(listed.runs.map((each) => each.runId).sort()).toEqual([
      "55604662-cf2a-4331-851a-ec234028f8ca",
      "fa812bfe-b295-4cca-9c2f-fdf01028cb46",
    ]);
  });

  it("says so when the filters keep none of the runs found", async () => {
    const result = await cli("runs", spotter(), "--agent", "codex");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("no runs match (5 found, none kept by the filters)\n");
  });
});
