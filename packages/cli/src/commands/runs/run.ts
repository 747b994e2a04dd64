/**
 * `runs`: every run the inputs hold (with none, every agent's own folder), newest first, filtered by agent, project,
 * model, status and start day; `--tree` lists each run's sub-agents under it with their own and rolled-up tokens and
 * cost. Read through the same road as `stats` and `usage` (collect-runs.ts): its JSON is `stats --json`'s shape.
 */
import { groupDigits } from "@agent-transcript/core/text";
import { collectRuns, reportCollected } from "../../collect-runs.js";
import { dayBounds, DayOfCall, localMinute, reportTimeZone, withinDays } from "../../days.js";
import type { InputOptions } from "../../input/limits.js";
import { exitCodes, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { runStartMs, sumTotals, type RunStats, type StatsTotals } from "../../run-stats.js";
import { inputsOrAgentFolders } from "../../session-locations.js";
import type { SkippedFile } from "../../skipped-files.js";
import { formatCost, formatProject, formatSpan, renderTable, type TableColumn, type TableRow } from "../../table.js";
import type { VerbosityOptions } from "../../warning-summary.js";

export interface RunsCommandOptions extends InputOptions, VerbosityOptions {
  agent?: string;
  project?: string;
  model?: string;
  status?: string;
  since?: string;
  until?: string;
  timezone?: string;
  limit?: string;
  tree?: boolean;
  json?: boolean;
  index?: boolean;
  database?: string;
}

/** What `runs --json` prints: `stats --json`'s shape, the runs newest first. */
export interface RunsReport {
  ok: boolean;
  runs: RunStats[];
  /** Over the runs listed, sub-agents included. */
  totals: StatsTotals;
  /** How many runs the inputs held before the filters. */
  found: number;
  problems: Array<{ input: string; message: string }>;
  skipped: SkippedFile[];
}

/** The run and every descendant, as deep as they nest. */
function* everyRun(run: RunStats): Generator<RunStats> {
  const stack = [run];
  while (stack.length > 0) {
    const current = stack.pop() as RunStats;
    yield current;
    for (const child of current.children) stack.push(child);
  }
}

export async function runRuns(inputs: string[], options: RunsCommandOptions, io: CommandIo): Promise<number> {
  const timeZone = reportTimeZone(options.timezone);
  const bounds = dayBounds(options);
  let limit: number | undefined;
  if (options.limit !== undefined) {
    limit = Number(options.limit);
    if (!/^\d+$/.test(options.limit) || !Number.isSafeInteger(limit) || limit < 1)
      throw new UserError(`--limit takes a whole number from 1, not "${shown(options.limit)}"`, exitCodes.usage);
  }
  if (options.database !== undefined && options.index !== true)
    throw new UserError("--database names the run index: use it with --index", exitCodes.usage);
  const named = options.index === true ? inputs : await inputsOrAgentFolders(inputs);
  return withProgress(io, options, async (watched) => {
    const collected =
      options.index === true
        ? await (await import("../../run-index/indexed-runs.js")).collectIndexedRuns(named, options, watched)
        : await collectRuns(named, { ...options, warningsAcrossFiles: true }, watched);
    const days = new DayOfCall(timeZone);
    const project = options.project?.toLowerCase();
    const kept = collected.runs.filter(
      (run) =>
        (options.agent === undefined || run.agent === options.agent) &&
        (options.status === undefined || run.status === options.status) &&
        (project === undefined ||
          [run.project, run.cwd].some((value) => value !== null && value.toLowerCase().includes(project))) &&
        (options.model === undefined ||
          [...everyRun(run)].some((each) =>
            Object.keys(each.models).some((model) => model.includes(options.model as string)),
          )) &&
        withinDays(days.of(run.startedAt ?? run.endedAt), bounds),
    );
    // Newest first; runs that say no time last, in the order read.
    const ordered = kept
      .map((run, index) => ({ run, index }))
      .sort((a, b) => runStartMs(b.run) - runStartMs(a.run) || a.index - b.index)
      .map(({ run }) => run)
      .slice(0, limit);
    const report: RunsReport = {
      ok: collected.ok,
      runs: ordered,
      totals: sumTotals(ordered),
      found: collected.runs.length,
      problems: collected.problems,
      skipped: collected.skipped,
    };
    reportCollected(collected, options, watched);
    if (options.json) writeData(watched, `${JSON.stringify(report, null, 2)}\n`);
    else writeData(watched, render(report, options.tree === true, timeZone, watched));
    return report.ok ? exitCodes.success : exitCodes.failure;
  });
}

function render(report: RunsReport, tree: boolean, timeZone: string, io: CommandIo): string {
  if (report.runs.length === 0)
    return `no runs${report.found > 0 ? ` match (${groupDigits(report.found)} found, none kept by the filters)` : ""}\n`;
  const columns: TableColumn[] = [
    { title: "Started" },
    { title: "Agent", drop: 4 },
    { title: "Project", drop: 5 },
    { title: "Status", drop: 2 },
    { title: "Duration", align: "right", drop: 1 },
    { title: "Messages", align: "right", drop: 3 },
    { title: "Tokens", align: "right" },
    ...(tree ? [{ title: "Own cost", align: "right" as const, drop: 6 }] : []),
    { title: "Cost", align: "right" },
    { title: "Run", drop: 0 },
  ];
  const rows: TableRow[] = [];
  const add = (run: RunStats, depth: number) => {
    const totals = run.includingChildren;
    rows.push([
      depth === 0 ? localMinute(run.startedAt ?? run.endedAt, timeZone) : "",
      depth === 0 ? shown(run.agent ?? "-") : "",
      depth === 0 ? formatProject(run.project) : "",
      shown(run.status ?? "-"),
      formatSpan(run.durationMs),
      groupDigits(totals.messages),
      groupDigits(totals.usage?.total_tokens ?? 0),
      ...(tree ? [formatCost(run.own.cost, run.own.pricedAmount)] : []),
      formatCost(totals.cost, totals.pricedAmount),
      `${"  ".repeat(depth)}${depth > 0 ? "└ " : ""}${shown(run.title ?? run.runId ?? run.source)}${depth === 0 && !tree && run.children.length > 0 ? ` (+${run.children.length} sub-agent${run.children.length === 1 ? "" : "s"})` : ""}`,
    ]);
    // Listed to a readable depth; deeper ones are in their ancestors' totals.
    if (tree && depth < 8) for (const child of run.children) add(child, depth + 1);
  };
  for (const run of report.runs) add(run, 0);
  const totals = report.totals;
  rows.push([
    `${groupDigits(report.runs.length)} run${report.runs.length === 1 ? "" : "s"}`,
    "",
    "",
    "",
    "",
    groupDigits(totals.messages),
    groupDigits(totals.usage?.total_tokens ?? 0),
    ...(tree ? [""] : []),
    formatCost(totals.cost, totals.pricedAmount),
    "",
  ]);
  const width = io.stdoutIsTerminal ? io.columns : undefined;
  return `${renderTable(columns, rows, { width, separatorBefore: new Set([rows.length - 1]) }).join("\n")}\n`;
}
