/**
 * `usage` reports from the runs' model calls, kept as sums per quarter hour and model (`CallBucket`): by day, week or
 * month in a time zone, by session (each with its sub-agents, own and rolled up), or by 5-hour block. A bucket falls
 * within one day in any zone and within one block, so each call counts where its own time puts it, once, in the run
 * that made it, with the cost `stats` gives it. A session's totals over all days are `stats`'s own sums, so the two
 * agree exactly; reading the files and reading the run index give the same buckets, so those agree exactly too.
 */
import { DayOfCall, weekOf, withinDays } from "../../days.js";
import { addSpend, noModel, type CallBucket, type RunStats, type SpendTotals } from "../../run-stats.js";

export const usageReportKinds = ["daily", "weekly", "monthly", "session", "blocks"] as const;
export type UsageReportKind = (typeof usageReportKinds)[number];

export const usageBreakdowns = ["model", "project", "agent"] as const;
export type UsageBreakdown = (typeof usageBreakdowns)[number];

/** Tokens and cost over a set of model calls. */
export interface UsageTotals extends SpendTotals {
  calls: number;
  /** Calls per model. */
  models: Record<string, number>;
}

/** A day, week or month: its totals and, when asked for, the same broken down by model, project or agent. */
export interface PeriodRow {
  /** `YYYY-MM-DD` (a day; a week by the day it starts), `YYYY-MM` (a month), or `undated` (calls without a time). */
  period: string;
  totals: UsageTotals;
  breakdown?: Array<{ key: string; totals: UsageTotals }>;
}

/** A session (a root run) and its sub-agents. */
export interface SessionRow {
  runId: string | null;
  title: string | null;
  agent: string | null;
  project: string | null;
  gitBranch: string | null;
  source: string;
  startedAt: string | null;
  /** The time of its last call, its children's included (else the run's end). */
  lastActivity: string | null;
  /** Its own calls. */
  own: UsageTotals;
  /** Its calls and every descendant's. */
  includingChildren: UsageTotals;
  children: SessionRow[];
}

/** A 5-hour window of activity, as a subscription's usage limits count them. */
export interface BlockRow {
  /** The window's start: its first call's time, down to the hour (UTC). */
  start: string;
  /** Five hours after the start. */
  end: string;
  firstCall: string;
  lastCall: string;
  /** Whether the window is still open now. */
  active: boolean;
  /** The idle time since the previous window's last call, when there was one. */
  gapBeforeMs: number | null;
  totals: UsageTotals;
  /** For the open window: how fast it spends, and where that leads by its end. */
  burn?: { elapsedMs: number; tokensPerMinute: number; costPerHour: number | null; projectedCost: number | null };
}

export interface UsageFilter {
  /** Inclusive, `YYYY-MM-DD`, in the report's time zone. */
  since?: string;
  until?: string;
  /** IANA time zone the days are counted in. */
  timeZone: string;
}

export const blockMs = 5 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** A map from names the input chooses: no prototype, so `__proto__` is just a name. */
function counter(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

export function emptyUsageTotals(): UsageTotals {
  return { calls: 0, usage: null, cost: null, pricedAmount: null, unpricedCalls: counter(), models: counter() };
}

/** One bucket's calls into `totals`: their sums, and the calls counted by their model. */
export function addBucket(totals: UsageTotals, bucket: CallBucket): void {
  totals.calls += bucket.calls;
  addSpend(totals, bucket);
  if (bucket.model !== null) totals.models[bucket.model] = (totals.models[bucket.model] ?? 0) + bucket.calls;
}

/** Adds `more` into `total`. */
export function addUsageTotals(total: UsageTotals, more: UsageTotals): void {
  total.calls += more.calls;
  addSpend(total, more);
  for (const [model, count] of Object.entries(more.models)) total.models[model] = (total.models[model] ?? 0) + count;
}

function cloneTotals(totals: UsageTotals): UsageTotals {
  return {
    ...totals,
    usage: totals.usage === null ? null : { ...totals.usage },
    unpricedCalls: Object.assign(counter(), totals.unpricedCalls),
    models: Object.assign(counter(), totals.models),
  };
}

/** Every bucket of a run and its descendants, with the run it belongs to; children after their parent's own. */
function* bucketsOf(
  run: RunStats,
  root: RunStats = run,
): Generator<{ bucket: CallBucket; run: RunStats; root: RunStats }> {
  // Our own stack: child runs nest as deep as the input makes them.
  const stack: RunStats[] = [run];
  while (stack.length > 0) {
    const current = stack.pop() as RunStats;
    for (const bucket of current.buckets ?? []) yield { bucket, run: current, root };
    for (let index = current.children.length - 1; index >= 0; index -= 1)
      stack.push(current.children[index] as RunStats);
  }
}

/** Calls that have no time and so were left out of a report that names days or needs times. */
export interface Undated {
  calls: number;
}

/** A bucket's day in the report's zone (a quarter hour lies within one day in every zone). */
function dayOf(days: DayOfCall, bucket: CallBucket): string | undefined {
  return bucket.quarter === null ? undefined : days.ofTime(bucket.quarter * 900_000);
}

function breakdownKey(breakdown: UsageBreakdown, bucket: CallBucket, run: RunStats, root: RunStats): string {
  if (breakdown === "model") return bucket.model ?? noModel;
  if (breakdown === "agent") return run.agent ?? root.agent ?? "(unknown agent)";
  return root.project ?? run.project ?? "(no project)";
}

/** Daily, weekly or monthly rows, in date order; calls without a time in a last `undated` row. */
export function periodReport(
  runs: readonly RunStats[],
  kind: "daily" | "weekly" | "monthly",
  filter: UsageFilter,
  options: { breakdown?: UsageBreakdown; weekStart?: number } = {},
): { rows: PeriodRow[]; totals: UsageTotals; undated: Undated } {
  const days = new DayOfCall(filter.timeZone);
  const rows = new Map<string, { totals: UsageTotals; breakdown: Map<string, UsageTotals> }>();
  const totals = emptyUsageTotals();
  const undated = { calls: 0 };
  for (const root of runs)
    for (const { bucket, run } of bucketsOf(root)) {
      const day = dayOf(days, bucket);
      if (!withinDays(day, filter)) {
        if (day === undefined) undated.calls += bucket.calls;
        continue;
      }
      const period =
        day === undefined
          ? "undated"
          : kind === "daily"
            ? day
            : kind === "monthly"
              ? day.slice(0, 7)
              : weekOf(day, options.weekStart ?? 1);
      let row = rows.get(period);
      if (row === undefined) rows.set(period, (row = { totals: emptyUsageTotals(), breakdown: new Map() }));
      addBucket(row.totals, bucket);
      addBucket(totals, bucket);
      if (options.breakdown !== undefined) {
        const key = breakdownKey(options.breakdown, bucket, run, root);
        let part = row.breakdown.get(key);
        if (part === undefined) row.breakdown.set(key, (part = emptyUsageTotals()));
        addBucket(part, bucket);
      }
    }
  const ordered = [...rows.keys()].sort((a, b) =>
    a === "undated" ? 1 : b === "undated" ? -1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return {
    rows: ordered.map((period) => {
      const row = rows.get(period) as { totals: UsageTotals; breakdown: Map<string, UsageTotals> };
      return options.breakdown === undefined
        ? { period, totals: row.totals }
        : { period, totals: row.totals, breakdown: orderedBreakdown(row.breakdown) };
    }),
    totals,
    undated,
  };
}

/** Costliest first (unknown costs by their priced part), then by name. */
function orderedBreakdown(parts: Map<string, UsageTotals>): Array<{ key: string; totals: UsageTotals }> {
  const spent = (totals: UsageTotals) =>
    totals.cost !== null && totals.cost.status !== "unknown" ? totals.cost.amount : (totals.pricedAmount ?? 0);
  return [...parts.entries()]
    .map(([key, totals]) => ({ key, totals }))
    .sort((a, b) => spent(b.totals) - spent(a.totals) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * One row per root run with its sub-agents nested, each with its own calls' totals and its descendants' rolled up.
 * With days named, only the calls on those days count, and a run with none (nor any descendant) is left out.
 */
export function sessionReport(
  runs: readonly RunStats[],
  filter: UsageFilter,
): { rows: SessionRow[]; totals: UsageTotals; undated: Undated } {
  const days = new DayOfCall(filter.timeZone);
  const undated = { calls: 0 };
  const named = filter.since !== undefined || filter.until !== undefined;
  // Children first, then their parent: an explicit post-order walk, as deep as the input nests runs.
  const rowOf = (root: RunStats): SessionRow | undefined => {
    const done = new Map<RunStats, SessionRow | undefined>();
    const stack: Array<{ run: RunStats; visited: boolean }> = [{ run: root, visited: false }];
    while (stack.length > 0) {
      const item = stack[stack.length - 1] as { run: RunStats; visited: boolean };
      if (!item.visited) {
        item.visited = true;
        for (const child of item.run.children) stack.push({ run: child, visited: false });
        continue;
      }
      stack.pop();
      const { run } = item;
      let own = emptyUsageTotals();
      let last: string | null = null;
      let lastTime = -Infinity;
      for (const bucket of run.buckets ?? []) {
        const day = dayOf(days, bucket);
        if (!withinDays(day, filter)) {
          if (day === undefined) undated.calls += bucket.calls;
          continue;
        }
        addBucket(own, bucket);
        const time = bucket.lastAt === null ? NaN : Date.parse(bucket.lastAt);
        if (time > lastTime) [lastTime, last] = [time, bucket.lastAt];
      }
      // Over all days, the run's own sums are stats's, call by call in the order read: the two agree exactly.
      if (!named && own.calls > 0) own = { ...own, ...spendOf(run.own) };
      // The same order `stats` adds them in: the run's own sum, then each child's rolled-up sum.
      const including = cloneTotals(own);
      const children: SessionRow[] = [];
      for (const child of run.children) {
        const row = done.get(child);
        if (row === undefined) continue;
        children.push(row);
        addUsageTotals(including, row.includingChildren);
        const childLast = row.lastActivity === null ? NaN : Date.parse(row.lastActivity);
        if (childLast > lastTime) [lastTime, last] = [childLast, row.lastActivity];
      }
      // A run without model calls (on the days named) spent nothing to report.
      const row: SessionRow | undefined =
        including.calls === 0
          ? undefined
          : {
              runId: run.runId,
              title: run.title,
              agent: run.agent,
              project: run.project,
              gitBranch: run.gitBranch,
              source: run.source,
              startedAt: run.startedAt,
              lastActivity: last ?? run.endedAt,
              own,
              includingChildren: including,
              children,
            };
      done.set(run, row);
    }
    return done.get(root);
  };
  const rows: SessionRow[] = [];
  const totals = emptyUsageTotals();
  for (const run of runs) {
    const row = rowOf(run);
    if (row === undefined) continue;
    rows.push(row);
    addUsageTotals(totals, row.includingChildren);
  }
  // Oldest activity first, as a log reads: the newest sits just above the totals.
  rows.sort((a, b) => compareTimes(a.lastActivity ?? a.startedAt, b.lastActivity ?? b.startedAt));
  return { rows, totals, undated: named ? undated : { calls: 0 } };
}

/** The money and tokens of a run's own totals, without its message and tool counts. */
function spendOf(totals: SpendTotals): SpendTotals {
  return {
    usage: totals.usage === null ? null : { ...totals.usage },
    cost: totals.cost,
    pricedAmount: totals.pricedAmount,
    unpricedCalls: Object.assign(counter(), totals.unpricedCalls),
  };
}

function compareTimes(a: string | null, b: string | null): number {
  const left = a === null ? NaN : Date.parse(a);
  const right = b === null ? NaN : Date.parse(b);
  if (Number.isNaN(left)) return Number.isNaN(right) ? 0 : -1;
  if (Number.isNaN(right)) return 1;
  return left - right;
}

/**
 * 5-hour blocks across every run, as Anthropic's subscription limits count usage: a block starts at a call's hour
 * (UTC) and lasts five hours; the next call after it ends, or after five idle hours, starts the next.
 */
export function blockReport(
  runs: readonly RunStats[],
  filter: UsageFilter,
  now: number,
): { rows: BlockRow[]; totals: UsageTotals; undated: Undated } {
  const days = new DayOfCall(filter.timeZone);
  const timed: Array<{ first: number; last: number; bucket: CallBucket }> = [];
  const undated = { calls: 0 };
  for (const root of runs)
    for (const { bucket } of bucketsOf(root)) {
      if (bucket.quarter === null) {
        undated.calls += bucket.calls;
        continue;
      }
      if (withinDays(dayOf(days, bucket), filter))
        timed.push({ first: Date.parse(bucket.firstAt as string), last: Date.parse(bucket.lastAt as string), bucket });
    }
  // By their first call; stable: buckets that start at the same moment keep the order they were read in. A block
  // starts on an hour and lasts five, so a quarter hour's calls all fall in the block its first call falls in.
  timed.sort((a, b) => a.first - b.first);
  const rows: BlockRow[] = [];
  const totals = emptyUsageTotals();
  let current: { start: number; first: number; last: number; totals: UsageTotals; gap: number | null } | undefined;
  const close = () => {
    if (current === undefined) return;
    const end = current.start + blockMs;
    const active = now >= current.start && now < end;
    const row: BlockRow = {
      start: new Date(current.start).toISOString(),
      end: new Date(end).toISOString(),
      firstCall: new Date(current.first).toISOString(),
      lastCall: new Date(current.last).toISOString(),
      active,
      gapBeforeMs: current.gap,
      totals: current.totals,
    };
    if (active) {
      const elapsedMs = Math.max(now - current.start, 60_000);
      const tokens = current.totals.usage?.total_tokens ?? 0;
      const cost = current.totals.cost;
      const spent = cost !== null && cost.status !== "unknown" ? cost.amount : null;
      row.burn = {
        elapsedMs,
        tokensPerMinute: tokens / (elapsedMs / 60_000),
        costPerHour: spent === null ? null : spent / (elapsedMs / hourMs),
        projectedCost: spent === null ? null : (spent / elapsedMs) * blockMs,
      };
    }
    rows.push(row);
  };
  for (const { first, last, bucket } of timed) {
    if (current === undefined || first >= current.start + blockMs || first - current.last >= blockMs) {
      const previous = current;
      close();
      current = {
        start: Math.floor(first / hourMs) * hourMs,
        first,
        last,
        totals: emptyUsageTotals(),
        gap: previous === undefined ? null : first - previous.last,
      };
    }
    current.last = Math.max(current.last, last);
    addBucket(current.totals, bucket);
    addBucket(totals, bucket);
  }
  close();
  return { rows, totals, undated };
}
