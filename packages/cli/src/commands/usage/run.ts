/**
 * `usage`: what the agents spent, in tokens and money, by day, week, month, session (sub-agents rolled up) or 5-hour
 * block, across every agent's sessions and our event logs: the files named, or with none every agent's own folder.
 * The runs are read through the same road as `stats` (collect-runs.ts), so the two agree on the same files.
 */
import { stat } from "node:fs/promises";
import { formatMoney, groupDigits } from "@agent-transcript/core/text";
import { collectRuns, reportCollected, type CollectedRuns } from "../../collect-runs.js";
import type { InputOptions } from "../../input/limits.js";
import { exitCodes, messageLine, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { dayBounds, localMinute, reportTimeZone } from "../../days.js";
import { inputsOrAgentFolders } from "../../session-locations.js";
import type { SkippedFile } from "../../skipped-files.js";
import { formatCost, formatProject, formatSpan, renderTable, type TableColumn, type TableRow } from "../../table.js";
import type { VerbosityOptions } from "../../warning-summary.js";
import {
  blockMs,
  blockReport,
  periodReport,
  sessionReport,
  usageBreakdowns,
  usageReportKinds,
  type BlockRow,
  type PeriodRow,
  type SessionRow,
  type UsageBreakdown,
  type UsageReportKind,
  type UsageTotals,
} from "./report.js";

export interface UsageCommandOptions extends InputOptions, VerbosityOptions {
  json?: boolean;
  since?: string;
  until?: string;
  timezone?: string;
  by?: string;
  weekStarts?: string;
  index?: boolean;
  database?: string;
}

/** What `usage --json` prints. */
export interface UsageReport {
  ok: boolean;
  report: UsageReportKind;
  timeZone: string;
  since: string | null;
  until: string | null;
  breakdown: UsageBreakdown | null;
  /** The folders read when no input was named (each agent's own), or the inputs named. */
  inputs: string[];
  rows: PeriodRow[] | SessionRow[] | BlockRow[];
  totals: UsageTotals;
  /** Calls left out because they carry no time and the report names days (or is by block). */
  undatedCalls: number;
  problems: Array<{ input: string; message: string }>;
  skipped: SkippedFile[];
}

const weekDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The report kind and inputs from the arguments: a first argument that names a report is the report. */
export function splitArguments(
  first: string | undefined,
  rest: readonly string[],
): { kind: UsageReportKind; inputs: string[] } {
  if (first !== undefined && (usageReportKinds as readonly string[]).includes(first))
    return { kind: first as UsageReportKind, inputs: [...rest] };
  return { kind: "daily", inputs: first === undefined ? [...rest] : [first, ...rest] };
}

export async function runUsage(
  first: string | undefined,
  rest: string[],
  options: UsageCommandOptions,
  io: CommandIo,
): Promise<number> {
  const { kind, inputs } = splitArguments(first, rest);
  for (const input of inputs)
    if (
      (usageReportKinds as readonly string[]).includes(input) &&
      !(await stat(input).then(
        () => true,
        () => false,
      ))
    )
      throw new UserError(`the report comes first: agent-transcript usage ${input} [inputs...]`, exitCodes.usage);
  const timeZone = reportTimeZone(options.timezone);
  const { since, until } = dayBounds(options);
  if (options.by !== undefined && !(usageBreakdowns as readonly string[]).includes(options.by))
    throw new UserError(`--by takes ${usageBreakdowns.join(", ")}, not "${shown(options.by)}"`, exitCodes.usage);
  if (options.by !== undefined && (kind === "session" || kind === "blocks"))
    throw new UserError(`--by breaks down the daily, weekly and monthly reports, not ${kind}`, exitCodes.usage);
  const weekStart = weekDays.indexOf((options.weekStarts ?? "monday").toLowerCase());
  if (weekStart < 0)
    throw new UserError(
      `--week-starts takes a day of the week, not "${shown(options.weekStarts ?? "")}"`,
      exitCodes.usage,
    );
  if (options.database !== undefined && options.index !== true)
    throw new UserError("--database names the run index: use it with --index", exitCodes.usage);
  const named = options.index === true ? inputs : await inputsOrAgentFolders(inputs);
  return withProgress(io, options, async (watched) => {
    let inputsRead = named;
    let collected: CollectedRuns;
    if (options.index === true) {
      const { collectIndexedRuns } = await import("../../run-index/indexed-runs.js");
      const indexed = await collectIndexedRuns(named, { ...options, recordCalls: true }, watched);
      inputsRead = indexed.roots;
      collected = indexed;
    } else collected = await collectRuns(named, { ...options, recordCalls: true, warningsAcrossFiles: true }, watched);
    const filter = { since, until, timeZone };
    const breakdown = options.by as UsageBreakdown | undefined;
    const built =
      kind === "session"
        ? sessionReport(collected.runs, filter)
        : kind === "blocks"
          ? blockReport(collected.runs, filter, Date.now())
          : periodReport(collected.runs, kind, filter, { breakdown, weekStart });
    const report: UsageReport = {
      ok: collected.ok,
      report: kind,
      timeZone,
      since: since ?? null,
      until: until ?? null,
      breakdown: breakdown ?? null,
      inputs: inputsRead,
      rows: built.rows,
      totals: built.totals,
      undatedCalls: built.undated.calls,
      problems: collected.problems,
      skipped: collected.skipped,
    };
    reportCollected(collected, options, watched);
    if (report.undatedCalls > 0 && !options.quiet)
      watched.stderr(
        messageLine(
          `${groupDigits(report.undatedCalls)} model call${report.undatedCalls === 1 ? "" : "s"} without a time left out: ${kind === "blocks" ? "a block needs times" : "the report names days"}`,
        ),
      );
    if (options.json) writeData(watched, `${JSON.stringify(report, null, 2)}\n`);
    else writeData(watched, render(report, watched));
    return report.ok ? exitCodes.success : exitCodes.failure;
  });
}

/** Fresh input: our input counts include the cache's reads and writes, which have columns of their own. */
function freshInput(totals: UsageTotals): number {
  const usage = totals.usage;
  return usage === null ? 0 : usage.input_tokens - (usage.cache_read_tokens ?? 0) - (usage.cache_write_tokens ?? 0);
}

function describeModels(models: Record<string, number>): string {
  return Object.entries(models)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([model]) => shown(model))
    .join(", ");
}

const tokenColumns: TableColumn[] = [
  { title: "Input", align: "right", drop: 3 },
  { title: "Output", align: "right", drop: 4 },
  { title: "Cache write", align: "right", drop: 2 },
  { title: "Cache read", align: "right", drop: 1 },
  { title: "Total tokens", align: "right" },
  { title: "Cost", align: "right" },
];

function tokenCells(totals: UsageTotals): string[] {
  const usage = totals.usage;
  return [
    groupDigits(freshInput(totals)),
    groupDigits(usage?.output_tokens ?? 0),
    groupDigits(usage?.cache_write_tokens ?? 0),
    groupDigits(usage?.cache_read_tokens ?? 0),
    groupDigits(usage?.total_tokens ?? (usage === null ? 0 : usage.input_tokens + usage.output_tokens)),
    formatCost(totals.cost, totals.pricedAmount),
  ];
}

function render(report: UsageReport, io: CommandIo): string {
  const width = io.stdoutIsTerminal ? io.columns : undefined;
  const lines =
    report.rows.length === 0
      ? [`no model calls${(report.since ?? report.until) ? " on the days named" : ""}`]
      : report.report === "session"
        ? sessionTable(report, width)
        : report.report === "blocks"
          ? blockTable(report, width)
          : periodTable(report, width);
  const unpriced = Object.entries(report.totals.unpricedCalls);
  if (unpriced.length > 0)
    lines.push(
      "",
      `? no price for ${unpriced.map(([model, calls]) => `${shown(model)} (${groupDigits(calls)} call${calls === 1 ? "" : "s"})`).join(", ")}: their cost is unknown, not zero`,
    );
  return `${lines.join("\n")}\n`;
}

function periodTable(report: UsageReport, width: number | undefined): string[] {
  const title = report.report === "daily" ? "Date" : report.report === "weekly" ? "Week of" : "Month";
  const columns: TableColumn[] = [{ title }, ...tokenColumns, { title: "Models", drop: 0 }];
  const rows: TableRow[] = [];
  for (const row of report.rows as PeriodRow[]) {
    rows.push([
      row.period === "undated" ? "(no time)" : row.period,
      ...tokenCells(row.totals),
      describeModels(row.totals.models),
    ]);
    for (const part of row.breakdown ?? [])
      rows.push([
        `  ${report.breakdown === "project" ? formatProject(part.key) : shown(part.key)}`,
        ...tokenCells(part.totals),
        "",
      ]);
  }
  rows.push(["Total", ...tokenCells(report.totals), ""]);
  return renderTable(columns, rows, { width, separatorBefore: new Set([rows.length - 1]) });
}

function sessionTable(report: UsageReport, width: number | undefined): string[] {
  const { totals } = report;
  const columns: TableColumn[] = [
    { title: "Last activity" },
    { title: "Agent", drop: 5 },
    { title: "Project", drop: 6 },
    { title: "Total tokens", align: "right" },
    { title: "Own cost", align: "right", drop: 7 },
    { title: "With sub-agents", align: "right" },
    { title: "Session", drop: 0 },
  ];
  const rows: TableRow[] = [];
  const add = (row: SessionRow, depth: number) => {
    const name = shown(row.title ?? row.runId ?? row.source);
    rows.push([
      depth === 0 ? localMinute(row.lastActivity ?? row.startedAt, report.timeZone) : "",
      depth === 0 ? shown(row.agent ?? "-") : "",
      depth === 0 ? formatProject(row.project) : "",
      groupDigits(row.includingChildren.usage?.total_tokens ?? 0),
      formatCost(row.own.cost, row.own.pricedAmount),
      formatCost(row.includingChildren.cost, row.includingChildren.pricedAmount),
      `${"  ".repeat(depth)}${depth > 0 ? "└ " : ""}${name}`,
    ]);
    // Sub-agents nest as deep as their sessions do; listed to a readable depth, all counted.
    if (depth < 8) for (const child of row.children) add(child, depth + 1);
  };
  for (const row of report.rows as SessionRow[]) add(row, 0);
  rows.push([
    "Total",
    "",
    "",
    groupDigits(totals.usage?.total_tokens ?? 0),
    "",
    formatCost(totals.cost, totals.pricedAmount),
    "",
  ]);
  return renderTable(columns, rows, { width, separatorBefore: new Set([rows.length - 1]) });
}

function blockTable(report: UsageReport, width: number | undefined): string[] {
  const columns: TableColumn[] = [
    { title: "Block start" },
    { title: "Status", drop: 1 },
    { title: "Calls", align: "right", drop: 2 },
    { title: "Total tokens", align: "right" },
    { title: "Cost", align: "right" },
    { title: "Models", drop: 0 },
  ];
  const rows: TableRow[] = [];
  for (const block of report.rows as BlockRow[]) {
    if (block.gapBeforeMs !== null && block.gapBeforeMs >= blockMs)
      rows.push({ line: `  (${formatSpan(block.gapBeforeMs)} without calls)` });
    const status = block.active
      ? `active, ${formatSpan(Date.parse(block.end) - Date.now())} left${block.burn?.projectedCost == null ? "" : `, ${formatMoney(block.burn.projectedCost, "USD")} projected`}`
      : `${formatSpan(Date.parse(block.lastCall) - Date.parse(block.firstCall))} of calls`;
    rows.push([
      localMinute(block.start, report.timeZone),
      status,
      groupDigits(block.totals.calls),
      groupDigits(block.totals.usage?.total_tokens ?? 0),
      formatCost(block.totals.cost, block.totals.pricedAmount),
      describeModels(block.totals.models),
    ]);
  }
  rows.push([
    "Total",
    "",
    groupDigits(report.totals.calls),
    groupDigits(report.totals.usage?.total_tokens ?? 0),
    formatCost(report.totals.cost, report.totals.pricedAmount),
    "",
  ]);
  return renderTable(columns, rows, { width, separatorBefore: new Set([rows.length - 1]) });
}
