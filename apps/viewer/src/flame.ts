/**
 * A run as a flame graph: nested bars on one time axis — the run, its turns (a prompt and what followed it), the model
 * calls (an assistant message: from the message before it, when the model was asked, to its own time or completion)
 * and tool calls (from the call to its result, or the result's own duration) within them, and each sub-agent nested
 * under the call that started it, its own turns and calls below. Times are the document's; a run without times has
 * no flame graph. Computed once per run view, linear in its messages.
 */
import { isKnownPart, promptText, type Usage } from "@agent-transcript/core";
import type { RunView } from "./model.js";

export type BarKind = "run" | "turn" | "model" | "tool";

export interface Bar {
  kind: BarKind;
  depth: number;
  start: number;
  end: number;
  label: string;
  /** Where a click goes: the run's path and the message (none for a run's own bar). */
  runPath: string;
  message?: number;
  /** A tool call's status and id. */
  status?: string;
  callId?: string;
}

export interface TurnCost {
  start: number;
  end: number;
  tokens: number;
  cost: number;
  runPath: string;
  message: number;
}

export interface Flame {
  start: number;
  end: number;
  bars: Bar[];
  /** Tokens and cost per turn of the run on screen (not its sub-agents'), for the strip under the bars. */
  turns: TurnCost[];
  /** The context each model call of the run on screen saw (its input tokens), at its time. */
  context: Array<{ at: number; tokens: number }>;
  /** The deepest bar's depth + 1. */
  depth: number;
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

/** Each row's time, carried forward from the last timed row; undefined until the first. */
function rowTimes(view: RunView): Array<number | undefined> {
  const times: Array<number | undefined> = [];
  let last: number | undefined;
  for (const row of view.rows) {
    last = timeOf(row.message.created_at) ?? last;
    times.push(last);
  }
  return times;
}

/** The run's bars from `depth` down, its sub-agents under their calls; its span, or undefined without times. */
function runBars(
  view: RunView,
  depth: number,
  bars: Bar[],
  label: string,
  times: ReadonlyArray<number | undefined> = rowTimes(view),
): { start: number; end: number } | undefined {
  const first = times.find((time) => time !== undefined);
  if (first === undefined) return undefined;
  let end = first;
  const runBar: Bar = { kind: "run", depth, start: first, end: first, label, runPath: view.path };
  bars.push(runBar);
  let turn: Bar | undefined;
  for (const row of view.rows) {
    const at = times[row.index];
    if (at === undefined) continue;
    const message = row.message;
    const completed = timeOf(message.completed_at);
    const ends = Math.max(at, completed ?? at);
    // A turn opens at each prompt (core's rule, as the compare mode reads it).
    const opens = promptText(message) !== null;
    if (turn === undefined || opens) {
      turn = {
        kind: "turn",
        depth: depth + 1,
        start: at,
        end: ends,
        label: opens ? "turn" : "before the first prompt",
        runPath: view.path,
        message: row.index,
      };
      bars.push(turn);
    }
    turn.end = Math.max(turn.end, ends);
    if (message.role === "assistant") {
      // The model worked from the message before it (the request) to this one.
      const asked =
        typeof message.duration_ms === "number"
          ? ends - message.duration_ms
          : row.index > 0
            ? (times[row.index - 1] ?? at)
            : at;
      bars.push({
        kind: "model",
        depth: depth + 2,
        start: Math.min(asked, ends),
        end: ends,
        label: typeof message.model === "string" ? message.model : "model",
        runPath: view.path,
        message: row.index,
      });
    }
    for (const part of message.parts) {
      if (!isKnownPart(part) || part.type !== "tool_call") continue;
      const result = view.results.get(part.id);
      const resultAt = result === undefined ? undefined : times[result.row];
      const callEnd =
        result?.part.duration_ms !== undefined ? at + result.part.duration_ms : Math.max(resultAt ?? ends, at);
      bars.push({
        kind: "tool",
        depth: depth + 2,
        start: at,
        end: callEnd,
        label: part.name,
        runPath: view.path,
        message: row.index,
        status: result?.part.status ?? "pending",
        callId: part.id,
      });
      turn.end = Math.max(turn.end, callEnd);
      const childIndex = view.childByCall.get(part.id);
      const child = childIndex === undefined ? undefined : view.children[childIndex];
      if (child?.view !== undefined) {
        const span = runBars(child.view, depth + 3, bars, child.title);
        if (span !== undefined) turn.end = Math.max(turn.end, span.end);
      }
    }
    end = Math.max(end, turn.end);
  }
  // Sub-agents no call started (a compaction's, say) sit where the sub-agents of calls do.
  for (const child of view.children)
    if (child.view !== undefined && (child.callId === undefined || !view.calls.has(child.callId))) {
      const span = runBars(child.view, depth + 3, bars, child.title);
      if (span !== undefined) end = Math.max(end, span.end);
    }
  runBar.end = end;
  return { start: first, end };
}

/** The flame graph of a run and its sub-agents, or undefined when its messages carry no times. */
export function flameOf(view: RunView): Flame | undefined {
  const bars: Bar[] = [];
  // The run's times, read once for its bars and its strips.
  const times = rowTimes(view);
  const span = runBars(view, 0, bars, view.title, times);
  if (span === undefined) return undefined;
  const turns: TurnCost[] = [];
  const context: Flame["context"] = [];
  let turn: TurnCost | undefined;
  for (const row of view.rows) {
    const at = times[row.index];
    if (at === undefined) continue;
    if (turn === undefined || promptText(row.message) !== null) {
      turn = { start: at, end: at, tokens: 0, cost: 0, runPath: view.path, message: row.index };
      turns.push(turn);
    }
    turn.end = Math.max(turn.end, at);
    const usage = row.message.usage as Usage | undefined;
    if (usage !== undefined && typeof usage.input_tokens === "number") {
      turn.tokens += usage.input_tokens + usage.output_tokens;
      if (row.contextTokens !== undefined) context.push({ at, tokens: row.contextTokens });
    }
    if (row.cost !== undefined && (row.cost.status === "computed" || row.cost.status === "reported"))
      turn.cost += row.cost.amount;
  }
  const depth = bars.reduce((deepest, bar) => Math.max(deepest, bar.depth), 0) + 1;
  return { start: span.start, end: Math.max(span.end, span.start + 1), bars, turns, context, depth };
}
