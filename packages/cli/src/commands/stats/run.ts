/**
 * `stats`: what a run did, in numbers — messages by role, tool calls by name with errors and durations, tokens with
 * cache reads and writes and reasoning, cost with the date of its prices (a model without a price said plainly),
 * duration, models — per child run and rolled up. An event log is counted as it streams by (child logs beside it
 * followed), so its size does not matter; a document or an agent's session is read whole through the input layer.
 * A folder gives one row per run (its root event logs and documents) and the totals.
 */
import type { Cost, Usage } from "@agent-transcript/core";
import { groupDigits } from "@agent-transcript/core/text";
import { collectRuns, reportCollected } from "../../collect-runs.js";
import type { InputOptions } from "../../input/limits.js";
import { exitCodes, paint, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { describeRunName } from "../../run-names.js";
import { sumTotals, type RunStats, type StatsReport, type StatsTotals } from "../../run-stats.js";
import type { VerbosityOptions } from "../../warning-summary.js";

export interface StatsCommandOptions extends InputOptions, VerbosityOptions {
  json?: boolean;
}

export async function runStats(inputs: string[], options: StatsCommandOptions, io: CommandIo): Promise<number> {
  // A progress bar for a large input, on a terminal only (progress.ts).
  return withProgress(io, options, (watched) => statsWatched(inputs, options, watched));
}

async function statsWatched(inputs: string[], options: StatsCommandOptions, io: CommandIo): Promise<number> {
  const collected = await collectRuns(inputs, options, io);
  const { ok, runs, problems, skipped } = collected;
  const report: StatsReport = { ok, runs, totals: sumTotals(runs), problems, skipped };
  reportCollected(collected, options, io);
  if (report.runs.length === 0 && report.problems.length === 0)
    throw new UserError(
      `no runs found in ${inputs.join(", ")}: give event logs, transcript documents, sessions or payloads`,
    );
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
