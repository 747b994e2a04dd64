/**
 * What `stats` counts for one run, fed one message (a document's, a session's) or one event (an event log's) at a
 * time, so an event log of any size is counted in constant memory: messages by role, tool calls by name with errors
 * and durations, tokens (cache reads and writes, reasoning), cost priced per model call with its pricing date, the
 * models, the run's span in time. Child runs are counted on their own and rolled up into their parent.
 */
import type { Cost, Tolerant, Transcript, Usage } from "@agent-transcript/core";
import { firstUserPrompt, sessionContext } from "@agent-transcript/core/text";
import { addCost, addUsage, messageCost } from "@agent-transcript/core/usage";
import { isFailedResult, payloadOf } from "./input/event-log.js";
import { childRunName } from "./run-names.js";
import type { SkippedFile } from "./skipped-files.js";

/** One tool's calls. */
export interface ToolStats {
  calls: number;
  /** Results that say they failed (status error, or an error). */
  errors: number;
  /** Calls whose result never came (or whose call the input does not hold). */
  unpaired: number;
  /** Sum and largest of the durations known (a result's duration_ms, else the time between call and result). */
  durationMs: number;
  maxDurationMs: number;
  timedCalls: number;
}

/**
 * Tokens and money over model calls, summed one way wherever they are summed (`stats`, `usage`), so that every report
 * of the same calls gives the same totals to the last bit.
 */
export interface SpendTotals {
  usage: Usage | null;
  /** The sum of every priced call; unknown when any call could not be priced (a partial sum would pass for a whole). */
  cost: Cost | null;
  /** What the calls that could be priced cost, when some could not. */
  pricedAmount: number | null;
  /** Model calls without a price, by model ("(no model named)" when the call names none). */
  unpricedCalls: Record<string, number>;
}

/** One call into `totals`. */
export function addCallSpend(totals: SpendTotals, call: ModelCall): void {
  totals.usage = totals.usage === null ? { ...call.usage } : addUsage(totals.usage, call.usage);
  totals.cost = totals.cost === null ? call.cost : addCost(totals.cost, call.cost);
  if (call.cost.status === "unknown") {
    const key = call.model ?? noModel;
    totals.unpricedCalls[key] = (totals.unpricedCalls[key] ?? 0) + 1;
  } else totals.pricedAmount = (totals.pricedAmount ?? 0) + call.cost.amount;
}

/** Adds `more` into `total`: unknown cost wins, the priced part is kept. */
export function addSpend(total: SpendTotals, more: SpendTotals): void {
  if (more.usage !== null) total.usage = total.usage === null ? { ...more.usage } : addUsage(total.usage, more.usage);
  if (more.cost !== null) total.cost = total.cost === null ? more.cost : addCost(total.cost, more.cost);
  if (more.pricedAmount !== null) total.pricedAmount = (total.pricedAmount ?? 0) + more.pricedAmount;
  for (const [model, count] of Object.entries(more.unpricedCalls))
    total.unpricedCalls[model] = (total.unpricedCalls[model] ?? 0) + count;
}

/** Totals that roll up from child runs into their parent. */
export interface StatsTotals extends SpendTotals {
  messages: number;
  toolCalls: number;
  toolErrors: number;
}

/** One model call: when, which model, its tokens and what they cost (its own reported cost, else priced). */
export interface ModelCall {
  /** The call's time as the input gives it (a message's created_at, an event's timestamp); null when it has none. */
  at: string | null;
  /** The model that answered; null when the call names none. */
  model: string | null;
  usage: Usage;
  cost: Cost;
}

/**
 * A run's model calls of one model within one quarter hour, summed in the order they were read: what `usage` reports
 * from. Every time zone's offset is a whole number of quarter hours and a 5-hour block starts on an hour, so a bucket
 * falls within one day in any zone and within one block: reports from buckets count every call where its own time
 * puts it, with a run's hundreds of calls kept as a few dozen sums (in memory, and in the run index).
 */
export interface CallBucket extends SpendTotals {
  /** The quarter hour (milliseconds since the epoch ÷ 900,000, rounded down); null for calls without a time. */
  quarter: number | null;
  model: string | null;
  calls: number;
  /** The earliest and the latest of its calls' times, as the input gives them (null without a time). */
  firstAt: string | null;
  lastAt: string | null;
}

/** How much of a run's first prompt its statistics keep. */
const firstPromptCharacters = 200;

/** One run's statistics. */
export interface RunStats {
  /** The run's id (an event log's run_id, a document's id), null when the input names none. */
  runId: string | null;
  title: string | null;
  /**
   * The first thing its user asked, on one line and at most 200 characters (core's `firstUserPrompt`): what a list of
   * runs shows of a session that names no title. Null when no user message holds text.
   */
  firstPrompt: string | null;
  /** The file it was read from, `<stdin>`, or for an embedded child run its parent's file. */
  source: string;
  /** An event log, our document, an agent's session (imported), or a provider payload or another system's document (converted). */
  kind: "event-log" | "document" | "session" | "converted";
  /**
   * Which agent ran it: the session's format id (`claude-code`, `codex`, `gemini-cli`, …), a document's producer, or
   * the format id of ours (`event-log`, `agent-transcript`) when nothing names one.
   */
  agent: string | null;
  /** The folder the agent worked in, when the session says. */
  cwd: string | null;
  gitBranch: string | null;
  /** What the run is grouped under: its folder when known, else the project the agent's layout names (Gemini CLI's project hash). */
  project: string | null;
  status: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
  messagesByRole: Record<string, number>;
  toolsByName: Record<string, ToolStats>;
  /** Assistant messages per model. */
  models: Record<string, number>;
  own: StatsTotals;
  children: RunStats[];
  /** This run's totals and every descendant's. */
  includingChildren: StatsTotals;
  /**
   * Its own model calls summed per quarter hour and model, in the order each bucket's first call was read, when asked
   * for (`usage` reports from them; `stats` does not list them).
   */
  buckets?: CallBucket[];
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

export const noModel = "(no model named)";

function emptyTotals(): StatsTotals {
  return {
    messages: 0,
    toolCalls: 0,
    toolErrors: 0,
    usage: null,
    cost: null,
    pricedAmount: null,
    unpricedCalls: Object.create(null) as Record<string, number>,
  };
}

function emptyTool(): ToolStats {
  return { calls: 0, errors: 0, unpaired: 0, durationMs: 0, maxDurationMs: 0, timedCalls: 0 };
}

/** A map from names the input chooses: no prototype, so `__proto__` or `constructor` is just a name. */
function counter<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isUsage(value: unknown): value is Usage {
  return (
    typeof value === "object" &&
    value !== null &&
    Number.isSafeInteger((value as Usage).input_tokens) &&
    Number.isSafeInteger((value as Usage).output_tokens)
  );
}

interface PendingCall {
  name: string;
  at: number | undefined;
}

/**
 * What an accumulator holds before `finish()`, as plain data (it survives JSON): the run index keeps it with an event
 * log's resume point, so that lines appended later are counted on top of it, as one reading of the whole would.
 */
export interface AccumulatorState {
  stats: RunStats;
  pending: Array<[string, PendingCall]>;
  early: Array<[string, { failed: boolean; durationMs: number | undefined; at: number | undefined }]>;
  first: number | undefined;
  last: number | undefined;
}

/** A counter read back from JSON, without a prototype (a key such as `__proto__` is a count like any other). */
function counterOf<T>(value: unknown, check: (item: unknown) => item is T): Record<string, T> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not a counter");
  const result = counter<T>();
  for (const [key, item] of Object.entries(value)) {
    if (!check(item)) throw new Error(`not a count: ${key}`);
    result[key] = item;
  }
  return result;
}

const isCount = (item: unknown): item is number => typeof item === "number" && Number.isFinite(item);
const isToolStats = (item: unknown): item is ToolStats =>
  typeof item === "object" &&
  item !== null &&
  ["calls", "errors", "unpaired", "durationMs", "maxDurationMs", "timedCalls"].every((key) =>
    isCount((item as Record<string, unknown>)[key]),
  );

/**
 * Totals (or a bucket) read back, its counter without a prototype. A spread defines each key as a property of the copy
 * (a `__proto__` key too), never setting a prototype as an assignment would.
 */
function totalsOf<Totals extends SpendTotals>(value: Totals): Totals {
  if (typeof value !== "object" || value === null) throw new Error("not totals");
  return { ...value, unpricedCalls: counterOf(value.unpricedCalls, isCount) };
}

/** A run's fields that are text or null, as a resumed accumulator takes them back. */
const textFields = [
  "runId",
  "title",
  "firstPrompt",
  "agent",
  "cwd",
  "gitBranch",
  "project",
  "status",
  "startedAt",
  "endedAt",
] as const satisfies ReadonlyArray<keyof RunStats>;

function bucketKey(quarter: number | null, model: string | null): string {
  return `${quarter ?? ""}\u0000${model ?? ""}\u0000${model === null ? 0 : 1}`;
}

/** Counts one run; `finish()` settles calls without results and returns the statistics. */
export class RunStatsAccumulator {
  private readonly stats: RunStats;
  private readonly pending = new Map<string, PendingCall>();
  /** Results read before their call (an event log may hold them out of order): by call id, whether they failed. */
  private readonly early = new Map<
    string,
    { failed: boolean; durationMs: number | undefined; at: number | undefined }
  >();
  private first: number | undefined;
  private last: number | undefined;
  /** The run's call buckets by quarter hour and model, when they are kept. */
  private readonly bucketByKey = new Map<string, CallBucket>();

  constructor(
    source: string,
    kind: RunStats["kind"],
    readonly options: { recordCalls?: boolean } = {},
  ) {
    this.stats = {
      runId: null,
      title: null,
      firstPrompt: null,
      source,
      kind,
      agent: null,
      cwd: null,
      gitBranch: null,
      project: null,
      status: null,
      startedAt: null,
      endedAt: null,
      durationMs: null,
      messagesByRole: counter<number>(),
      toolsByName: counter<ToolStats>(),
      models: counter<number>(),
      own: emptyTotals(),
      children: [],
      includingChildren: emptyTotals(),
    };
    if (options.recordCalls === true) this.stats.buckets = [];
  }

  get runId(): string | null {
    return this.stats.runId;
  }

  /** What it holds now, before `finish()`, as plain data; a run with child runs has none (they are read whole). */
  state(): AccumulatorState {
    if (this.stats.children.length > 0) throw new Error("a run with child runs is counted whole");
    // A deep copy: finish() and later counting change the statistics in place.
    return JSON.parse(
      JSON.stringify({
        stats: this.stats,
        pending: [...this.pending],
        early: [...this.early],
        first: this.first,
        last: this.last,
      }),
    ) as AccumulatorState;
  }

  /**
   * An accumulator that goes on from a {@link state} read back (from the run index: checked here, since a database is
   * outside input too). Throws when it is not one.
   */
  static resume(state: AccumulatorState, options: { recordCalls?: boolean } = {}): RunStatsAccumulator {
    const stats = state.stats;
    if (typeof stats !== "object" || stats === null || !Array.isArray(state.pending) || !Array.isArray(state.early))
      throw new Error("not an accumulator's state");
    if (!Array.isArray(stats.children) || stats.children.length > 0) throw new Error("a resumed run has no child runs");
    const accumulator = new RunStatsAccumulator(String(stats.source), stats.kind, options);
    const resumed = accumulator.stats;
    for (const key of textFields) {
      const value = stats[key];
      if (value !== null && typeof value !== "string") throw new Error(`not a run's ${key}`);
      resumed[key] = value;
    }
    // Field by field, never spread: a key such as `__proto__` in what was read back is not a field.
    Object.assign(resumed, {
      durationMs: null,
      messagesByRole: counterOf(stats.messagesByRole, isCount),
      toolsByName: counterOf(stats.toolsByName, isToolStats),
      models: counterOf(stats.models, isCount),
      own: totalsOf(stats.own),
      children: [],
      includingChildren: emptyTotals(),
    });
    if (options.recordCalls === true) {
      if (!Array.isArray(stats.buckets)) throw new Error("the state holds no call buckets");
      resumed.buckets = stats.buckets.map((bucket) => totalsOf(bucket));
      for (const bucket of resumed.buckets)
        accumulator.bucketByKey.set(bucketKey(bucket.quarter, bucket.model), bucket);
    } else delete resumed.buckets;
    for (const [id, call] of state.pending)
      accumulator.pending.set(String(id), { name: String(call.name), at: call.at });
    for (const [id, result] of state.early)
      accumulator.early.set(String(id), {
        failed: result.failed === true,
        durationMs: result.durationMs,
        at: result.at,
      });
    accumulator.first = typeof state.first === "number" ? state.first : undefined;
    accumulator.last = typeof state.last === "number" ? state.last : undefined;
    return accumulator;
  }

  get firstPrompt(): string | null {
    return this.stats.firstPrompt;
  }

  describe(fields: {
    runId?: string | null;
    title?: string | null;
    firstPrompt?: string | null;
    status?: string | null;
    context?: RunContext;
  }): void {
    if (fields.firstPrompt !== undefined && this.stats.firstPrompt === null)
      this.stats.firstPrompt = fields.firstPrompt;
    if (fields.runId !== undefined && this.stats.runId === null) this.stats.runId = fields.runId;
    if (fields.context !== undefined)
      for (const key of ["agent", "cwd", "gitBranch", "project"] as const) this.stats[key] ??= fields.context[key];
    if (fields.title !== undefined && fields.title !== null) this.stats.title = fields.title;
    if (fields.status !== undefined && fields.status !== null) this.stats.status = fields.status;
  }

  /** A moment the run was seen at (any message's or event's time): its span runs from the first to the last. */
  seen(timestamp: unknown): number | undefined {
    if (typeof timestamp !== "string") return undefined;
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at)) return undefined;
    if (this.first === undefined || at < this.first) {
      this.first = at;
      this.stats.startedAt = timestamp;
    }
    if (this.last === undefined || at > this.last) {
      this.last = at;
      this.stats.endedAt = timestamp;
    }
    return at;
  }

  /** One message: its role, model, usage and cost, and the tool calls and results among its parts. */
  message(
    role: string,
    fields: { model?: unknown; usage?: unknown; cost?: unknown; at?: unknown },
    parts: readonly unknown[] = [],
  ): void {
    const at = this.seen(fields.at);
    this.stats.messagesByRole[role] = (this.stats.messagesByRole[role] ?? 0) + 1;
    this.stats.own.messages += 1;
    const model = typeof fields.model === "string" && fields.model !== "" ? fields.model : undefined;
    if (role === "assistant" && model !== undefined) this.stats.models[model] = (this.stats.models[model] ?? 0) + 1;
    if (isUsage(fields.usage)) {
      const own = this.stats.own;
      // The provider's raw figures stay on the message; sums carry the canonical counts (addUsage drops raw too).
      const { raw: _raw, ...counts } = fields.usage;
      // Core's one rule: the call's own reported cost, else its usage priced by its model on its day.
      const cost = messageCost({ model, usage: fields.usage, cost: fields.cost, created_at: fields.at }) as Cost;
      const call: ModelCall = {
        at: typeof fields.at === "string" ? fields.at : null,
        model: model ?? null,
        usage: counts,
        cost,
      };
      addCallSpend(own, call);
      if (this.stats.buckets !== undefined) this.bucket(call, at);
    }
    for (const part of parts) {
      if (typeof part !== "object" || part === null) continue;
      const fields = part as Record<string, unknown>;
      const { type, id, name, call_id: callId, duration_ms: durationMs } = fields;
      if (type === "tool_call") this.toolCall(typeof id === "string" ? id : undefined, name, at);
      else if (type === "tool_result")
        this.toolResult(typeof callId === "string" ? callId : undefined, isFailedResult(fields), durationMs, at);
    }
  }

  /** One call into its bucket: the same sums, in the order read. */
  private bucket(call: ModelCall, at: number | undefined): void {
    const quarter = at === undefined ? null : Math.floor(at / 900_000);
    const key = bucketKey(quarter, call.model);
    let bucket = this.bucketByKey.get(key);
    if (bucket === undefined) {
      bucket = {
        quarter,
        model: call.model,
        calls: 0,
        firstAt: call.at,
        lastAt: call.at,
        usage: null,
        cost: null,
        pricedAmount: null,
        unpricedCalls: counter<number>(),
      };
      this.bucketByKey.set(key, bucket);
      this.stats.buckets?.push(bucket);
    } else if (at !== undefined) {
      // The earliest and the latest time; a tie keeps the one read first.
      if (at < Date.parse(bucket.firstAt as string)) bucket.firstAt = call.at;
      if (at > Date.parse(bucket.lastAt as string)) bucket.lastAt = call.at;
    }
    bucket.calls += 1;
    addCallSpend(bucket, call);
  }

  toolCall(callId: string | undefined, name: unknown, at: number | undefined): void {
    const toolName = typeof name === "string" && name !== "" ? name : "(unnamed)";
    const tool = (this.stats.toolsByName[toolName] ??= emptyTool());
    tool.calls += 1;
    this.stats.own.toolCalls += 1;
    if (callId === undefined) {
      tool.unpaired += 1;
      return;
    }
    const result = this.early.get(callId);
    if (result !== undefined) {
      this.early.delete(callId);
      this.settle(tool, result.failed, result.durationMs, at, result.at);
      return;
    }
    this.pending.set(callId, { name: toolName, at });
  }

  toolResult(callId: string | undefined, failed: boolean, durationMs: unknown, at: number | undefined): void {
    const duration = typeof durationMs === "number" && durationMs >= 0 ? durationMs : undefined;
    const call = callId === undefined ? undefined : this.pending.get(callId);
    if (call === undefined) {
      if (callId !== undefined && !this.early.has(callId)) this.early.set(callId, { failed, durationMs: duration, at });
      return;
    }
    this.pending.delete(callId as string);
    this.settle(this.stats.toolsByName[call.name] as ToolStats, failed, duration, call.at, at);
  }

  private settle(
    tool: ToolStats,
    failed: boolean,
    durationMs: number | undefined,
    calledAt?: number,
    resultAt?: number,
  ): void {
    if (failed) {
      tool.errors += 1;
      this.stats.own.toolErrors += 1;
    }
    const duration =
      durationMs ??
      (calledAt !== undefined && resultAt !== undefined && resultAt >= calledAt ? resultAt - calledAt : undefined);
    if (duration === undefined) return;
    tool.durationMs += duration;
    tool.timedCalls += 1;
    tool.maxDurationMs = Math.max(tool.maxDurationMs, duration);
  }

  child(stats: RunStats): void {
    this.stats.children.push(stats);
  }

  finish(): RunStats {
    for (const call of this.pending.values()) (this.stats.toolsByName[call.name] as ToolStats).unpaired += 1;
    this.pending.clear();
    if (this.first !== undefined && this.last !== undefined) this.stats.durationMs = this.last - this.first;
    const total = { ...this.stats.own, unpricedCalls: { ...this.stats.own.unpricedCalls } };
    for (const child of this.stats.children) addTotals(total, child.includingChildren);
    this.stats.includingChildren = total;
    return this.stats;
  }
}

/** Adds `more` into `total`, the same rules as one run's own sums (unknown cost wins, priced part kept). */
export function addTotals(total: StatsTotals, more: StatsTotals): void {
  total.messages += more.messages;
  total.toolCalls += more.toolCalls;
  total.toolErrors += more.toolErrors;
  addSpend(total, more);
}

/** When a run started (else ended), for ordering runs newest first; -Infinity for a run with no time. */
export function runStartMs(run: RunStats): number {
  const time = Date.parse(run.startedAt ?? run.endedAt ?? "");
  return Number.isFinite(time) ? time : -Infinity;
}

/** Totals over several runs (a directory's rows). */
export function sumTotals(runs: readonly RunStats[]): StatsTotals {
  const total = emptyTotals();
  for (const run of runs) addTotals(total, run.includingChildren);
  return total;
}

/** One event of an event log into its run's statistics. */
export function countEvent(accumulator: RunStatsAccumulator, event: Tolerant.Event): void {
  accumulator.describe({ runId: event.run_id });
  const payload = payloadOf(event);
  const at = accumulator.seen(event.timestamp);
  switch (event.type) {
    case "run.started":
      accumulator.describe({
        title:
          typeof payload.title === "string" ? payload.title : typeof payload.name === "string" ? payload.name : null,
      });
      return;
    case "run.completed":
      accumulator.describe({ status: typeof payload.status === "string" ? payload.status : "completed" });
      return;
    case "message.system":
    case "message.user":
    case "message.assistant": {
      const role = typeof payload.role === "string" ? payload.role : event.type.slice("message.".length);
      if (role === "user" && accumulator.firstPrompt === null && Array.isArray(payload.blocks))
        accumulator.describe({
          firstPrompt: firstUserPrompt(
            { messages: [{ role, parts: payload.blocks as unknown[] }] },
            firstPromptCharacters,
          ),
        });
      // An event log records tool calls as tool.call and tool.result events; the blocks repeat them, so they are not
      // counted twice.
      // Its blocks are not passed; its time is the event's (priced at the prices of its day).
      accumulator.message(role, {
        model: payload.model,
        usage: payload.usage,
        cost: payload.cost,
        at: event.timestamp,
      });
      return;
    }
    case "tool.call":
      accumulator.toolCall(typeof payload.call_id === "string" ? payload.call_id : undefined, payload.name, at);
      return;
    case "tool.result":
      accumulator.toolResult(
        typeof payload.call_id === "string" ? payload.call_id : undefined,
        isFailedResult(payload),
        payload.duration_ms,
        at,
      );
      return;
    default:
  }
}

/** A whole document (and its embedded child runs, at any depth) into statistics. */
export function documentStats(
  document: Transcript | Tolerant.Transcript,
  source: string,
  kind: RunStats["kind"],
  options: { recordCalls?: boolean; project?: string | null } = {},
): RunStats {
  // Our own stack: child runs nest as deep as the input makes them.
  const root = new RunStatsAccumulator(source, kind, options);
  const rootContext = runContextOf(document, kind);
  if (rootContext.project === null && options.project !== undefined) rootContext.project = options.project;
  const work: Array<{
    document: Transcript | Tolerant.Transcript;
    accumulator: RunStatsAccumulator;
    parent: RunStatsAccumulator | undefined;
    visited: boolean;
  }> = [{ document, accumulator: root, parent: undefined, visited: false }];
  while (work.length > 0) {
    const item = work[work.length - 1] as (typeof work)[number];
    if (item.visited) {
      work.pop();
      if (item.parent === undefined) break;
      // A child finishes once all its own children have; the root last, below.
      item.parent.child(item.accumulator.finish());
      continue;
    }
    item.visited = true;
    const { document: current, accumulator } = item;
    accumulator.describe({
      runId: current.id ?? null,
      title: current.title ?? null,
      firstPrompt: firstUserPrompt(current, firstPromptCharacters),
      status: current.run?.status ?? null,
      // A child run says what it knows of itself; the rest is its root's (a sub-agent works in its session's folder).
      context: current === document ? rootContext : runContextOf(current, kind),
    });
    if (current !== document) accumulator.describe({ context: rootContext });
    accumulator.seen(current.run?.started_at);
    accumulator.seen(current.run?.ended_at);
    for (const message of current.messages) {
      accumulator.message(
        message.role,
        { model: message.model, usage: message.usage, cost: message.cost, at: message.created_at },
        message.parts,
      );
      accumulator.seen(message.completed_at);
    }
    const children = current.run?.children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child?.transcript === undefined) continue;
      const childAccumulator = new RunStatsAccumulator(source, kind, options);
      childAccumulator.describe({ ...childRunName(child), status: child.status ?? null });
      work.push({
        document: child.transcript as Transcript,
        accumulator: childAccumulator,
        parent: accumulator,
        visited: false,
      });
    }
  }
  return root.finish();
}

/** What a run says of where and by what it ran. */
export interface RunContext {
  agent: string | null;
  cwd: string | null;
  gitBranch: string | null;
  project: string | null;
}

/**
 * The agent, folder and branch a document names: the folder, branch and project its session's header names (core's
 * `sessionContext`); the agent is the session's format, or a document's producer.
 */
export function runContextOf(document: Transcript | Tolerant.Transcript, kind: RunStats["kind"]): RunContext {
  const format = typeof document.source?.format === "string" ? document.source.format : null;
  const producer = (document as { producer?: { name?: unknown } }).producer;
  const producerName = typeof producer?.name === "string" && producer.name !== "" ? producer.name : null;
  return {
    agent:
      kind === "session" || kind === "converted"
        ? format
        : (producerName ?? (kind === "event-log" ? "event-log" : "agent-transcript")),
    ...sessionContext(document),
  };
}
