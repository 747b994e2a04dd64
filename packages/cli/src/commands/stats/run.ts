/**
 * `stats`: what a run did, in numbers — messages by role, tool calls by name with errors and durations, tokens with
 * cache reads and writes and reasoning, cost with the date of its prices (a model without a price said plainly),
 * duration, models — per child run and rolled up. An event log is counted as it streams by (child logs beside it
 * followed), so its size does not matter; a document or an agent's session is read whole through the input layer.
 * A folder gives one row per run (its root event logs and documents) and the totals.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Cost, Usage } from "@agent-transcript/core";
import { groupDigits } from "@agent-transcript/core/text";
import { findChildLog } from "@agent-transcript/recorder/reader";
import { probeEventLog, reportReading, streamEventLog } from "../../input/event-log.js";
import { skippedLines, type SkippedFile } from "../../skipped-files.js";
import { describeProblem, inputName } from "../../input/problems.js";
import { describeReadError } from "../../input/open.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { exitCodes, messageLine, paint, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { describeRunName } from "../../run-names.js";
import {
  countEvent,
  documentStats,
  RunStatsAccumulator,
  sumTotals,
  type RunStats,
  type StatsTotals,
} from "./run-stats.js";
import { verbosityOf, warningLines, type VerbosityOptions } from "../../warning-summary.js";

export interface StatsCommandOptions extends InputOptions, VerbosityOptions {
  json?: boolean;
}

/** What `stats --json` prints. */
export interface StatsReport {
  ok: boolean;
  /** One entry per run: each input file, or each root run of a folder. */
  runs: RunStats[];
  /** Over every run listed, child runs included. */
  totals: StatsTotals;
  /** Inputs that could not be read, with why. */
  problems: Array<{ input: string; message: string }>;
  /** Files found in a folder and passed over (no run, unreadable, a special file, a link out of it), with why. */
  skipped: SkippedFile[];
}

/** An event log and the child logs beside it, counted as they stream by. */
async function eventLogStats(
  file: string,
  io: CommandIo,
  options: StatsCommandOptions,
  seen: Set<string>,
  depth = 0,
): Promise<{ stats: RunStats; failed: boolean }> {
  const accumulator = new RunStatsAccumulator(file, "event-log");
  const childIds: string[] = [];
  const reading = await streamEventLog(file, io, options, (event) => {
    countEvent(accumulator, event);
    if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string")
      if (!childIds.includes(event.child_run_id)) childIds.push(event.child_run_id);
  });
  let failed = reportReading(reading, io, options.json ? "quiet" : verbosityOf(options)) !== exitCodes.success;
  if (accumulator.runId !== null) seen.add(accumulator.runId);
  for (const childId of childIds) {
    if (seen.has(childId) || depth > 1000) continue;
    seen.add(childId);
    const childFile = await findChildLog(path.dirname(file), childId);
    if (childFile === undefined) {
      if (!options.quiet)
        io.stderr(messageLine(`${file}: child run ${childId}: its log is not beside its parent's; not counted`));
      continue;
    }
    const child = await eventLogStats(childFile, io, options, seen, depth + 1);
    failed ||= child.failed;
    accumulator.child(child.stats);
  }
  return { stats: accumulator.finish(), failed };
}

export async function runStats(inputs: string[], options: StatsCommandOptions, io: CommandIo): Promise<number> {
  // A progress bar for a large input, on a terminal only (progress.ts).
  return withProgress(io, options, (watched) => statsWatched(inputs, options, watched));
}

async function statsWatched(inputs: string[], options: StatsCommandOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const report: StatsReport = { ok: true, runs: [], totals: sumTotals([]), problems: [], skipped: [] };
  const seen = new Set<string>();
  // Each input once, with what its first line says; `found`: listed from a folder, not named by the user, so one that
  // holds no run is skipped with a note, not a failure.
  const files: Array<{ file: string; kind: "event-log" | "child-log" | "other"; found: boolean }> = [];
  for (const input of inputs) {
    if (input === "-") {
      files.push({ file: input, kind: "other", found: false });
      continue;
    }
    let isFolder: boolean;
    try {
      const stats = await stat(input);
      isFolder = stats.isDirectory();
      // An empty file holds no run: said as that, not counted as a run with nothing in it.
      if (stats.isFile() && stats.size === 0) {
        report.problems.push({ input, message: "the file is empty: no run to count" });
        continue;
      }
    } catch (error) {
      report.problems.push({ input, message: `cannot read: ${describeReadError(error)}` });
      continue;
    }
    if (!isFolder) files.push({ file: input, kind: await probeEventLog(input), found: false });
    else {
      // The walk and the session detection behind it load only when a folder is given.
      const { findFolderRuns } = await import("../../input/folder-runs.js");
      const found = await findFolderRuns(input);
      for (const run of found.runs) files.push({ ...run, found: true });
      for (const skipped of found.skipped) report.skipped.push(skipped);
    }
  }
  for (const { file, kind, found } of files) {
    if (kind !== "other") {
      const { stats, failed } = await eventLogStats(file, io, options, seen);
      if (failed) report.ok = false;
      report.runs.push(stats);
      continue;
    }
    // A document, session or payload is read whole: its loader (and the converters behind it) only when one is met.
    const { loadDocument } = await import("../../input/document.js");
    const loaded = await loadDocument(file, io, limits);
    const source = inputName(file);
    if (!loaded.ok && found) {
      report.skipped.push(
        loaded.unreadable === true
          ? { path: file, kind: "unreadable", reason: loaded.problems.map(describeProblem).join("; ") }
          : { path: file, kind: "not a run", reason: "not an event log, document, session or payload" },
      );
      continue;
    }
    if (!loaded.ok) {
      report.problems.push({
        input: source,
        message: loaded.problems.map(describeProblem).join("; "),
      });
      continue;
    }
    for (const line of warningLines(source, loaded.warnings, options.json ? "quiet" : verbosity)) io.stderr(line);
    report.runs.push(documentStats(loaded.document, source, loaded.kind === "transcript" ? "document" : loaded.kind));
  }
  report.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const line of skippedLines(report.skipped, options.json ? "quiet" : verbosity)) io.stderr(line);
  if (report.problems.length > 0) report.ok = false;
  for (const problem of report.problems) io.stderr(messageLine(`${problem.input}: ${problem.message}`));
  if (report.runs.length === 0 && report.problems.length === 0)
    throw new UserError(
      `no runs found in ${inputs.join(", ")}: give event logs, transcript documents, sessions or payloads`,
    );
  report.totals = sumTotals(report.runs);
  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  else if (report.runs.length > 0) writeData(io, renderStats(report, io));
  return report.ok ? exitCodes.success : exitCodes.failure;
}

function describeUsage(usage: Usage | null): string {
  if (usage === null) return "no token counts recorded";
  const parts = [`${groupDigits(usage.input_tokens)} in`, `${groupDigits(usage.output_tokens)} out`];
  if (usage.cache_read_tokens) parts.push(`${groupDigits(usage.cache_read_tokens)} cache read`);
  if (usage.cache_write_tokens) parts.push(`${groupDigits(usage.cache_write_tokens)} cache write`);
  if (usage.reasoning_tokens) parts.push(`${groupDigits(usage.reasoning_tokens)} reasoning`);
  return parts.join(", ");
}

function money(amount: number, currency: string): string {
  return `${currency === "USD" ? "$" : `${currency} `}${amount < 1 ? amount.toFixed(4) : amount.toFixed(2)}`;
}

function describeCost(totals: StatsTotals): string {
  const cost: Cost | null = totals.cost;
  if (cost === null) return "no cost: no token counts recorded";
  if (cost.status === "computed")
    return `${money(cost.amount, cost.currency)} (prices of ${cost.pricing.date}, table ${cost.pricing.table_version})`;
  if (cost.status === "reported") return `${money(cost.amount, cost.currency)} (${cost.reported_by ?? "reported"})`;
  const unpriced = Object.entries(totals.unpricedCalls)
    .map(([model, calls]) => `${model} ×${calls}`)
    .join(", ");
  const priced =
    totals.pricedAmount === null ? "" : `; the priced calls cost ${money(totals.pricedAmount, cost.currency)}`;
  return `unknown: no price for ${unpriced}${priced}`;
}

function describeDuration(milliseconds: number | null): string {
  if (milliseconds === null) return "unknown";
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes} min ${Math.round(seconds % 60)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A tool call's time: milliseconds below a second (`240 ms`), then as a run's duration (`12.0 s`, `3 min 6 s`). */
function describeToolDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : describeDuration(milliseconds);
}

/** Runs nested deeper than this are counted in their ancestors' totals but not listed one by one. */
const maxListedDepth = 50;

function renderRun(run: RunStats, io: CommandIo, indent: string, lines: string[], depth = 0): void {
  const name = describeRunName(
    { runId: run.runId === null ? null : shown(run.runId), title: run.title === null ? null : shown(run.title) },
    (id) => paint(io, "green", id),
  );
  lines.push(`${indent}${name}  ${run.kind} ${shown(run.source)}${run.status === null ? "" : `  ${run.status}`}`);
  const roles = Object.entries(run.messagesByRole)
    .map(([role, count]) => `${count} ${shown(role)}`)
    .join(", ");
  lines.push(`${indent}  messages   ${run.own.messages}${roles === "" ? "" : ` (${roles})`}`);
  const tools = Object.entries(run.toolsByName).sort((a, b) => b[1].calls - a[1].calls);
  lines.push(
    `${indent}  tool calls ${run.own.toolCalls}${run.own.toolErrors > 0 ? `, ${paint(io, "red", `${run.own.toolErrors} failed`)}` : ""}`,
  );
  for (const [name, tool] of tools) {
    const timing =
      tool.timedCalls === 0
        ? ""
        : `, ${describeToolDuration(tool.durationMs / tool.timedCalls)} average, ${describeToolDuration(tool.maxDurationMs)} longest`;
    const errors = tool.errors > 0 ? `, ${tool.errors} failed` : "";
    const unpaired = tool.unpaired > 0 ? `, ${tool.unpaired} without result` : "";
    lines.push(`${indent}    ${shown(name)}: ${tool.calls}${errors}${unpaired}${timing}`);
  }
  lines.push(`${indent}  tokens     ${describeUsage(run.own.usage)}`);
  lines.push(`${indent}  cost       ${describeCost(run.own)}`);
  const models = Object.entries(run.models)
    .map(([model, count]) => `${shown(model)} ×${count}`)
    .join(", ");
  if (models !== "") lines.push(`${indent}  models     ${models}`);
  lines.push(
    `${indent}  duration   ${describeDuration(run.durationMs)}${run.startedAt === null ? "" : ` (from ${run.startedAt})`}`,
  );
  if (run.children.length > 0) {
    lines.push(
      `${indent}  with its ${run.children.length} child run${run.children.length === 1 ? "" : "s"}: ${run.includingChildren.messages} messages, ${run.includingChildren.toolCalls} tool calls, tokens ${describeUsage(run.includingChildren.usage)}, cost ${describeCost(run.includingChildren)}`,
    );
    if (depth >= maxListedDepth)
      lines.push(`${indent}    (child runs deeper than ${maxListedDepth} levels are in the totals, not listed)`);
    else for (const child of run.children) renderRun(child, io, `${indent}    `, lines, depth + 1);
  }
}

function renderStats(report: StatsReport, io: CommandIo): string {
  const lines: string[] = [];
  for (const run of report.runs) {
    renderRun(run, io, "", lines);
    lines.push("");
  }
  if (report.runs.length > 1) {
    const totals = report.totals;
    lines.push(
      `total of ${report.runs.length} runs: ${totals.messages} messages, ${totals.toolCalls} tool calls (${totals.toolErrors} failed)`,
    );
    lines.push(`  tokens ${describeUsage(totals.usage)}`);
    lines.push(`  cost   ${describeCost(totals)}`);
  }
  return `${lines.join("\n")}\n`;
}
