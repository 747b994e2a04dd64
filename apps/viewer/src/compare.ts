/**
 * Two runs side by side (`agent-transcript view A B`): each cut into turns — a user's prompt and everything up to the
 * next — aligned turn by turn, and within a turn their tool calls aligned by what they did (the tool and its telling
 * argument, core's toolCallSummary) with jsdiff's longest-common-subsequence on arrays. A call of one run facing a call
 * of the same tool in the other, with another argument, is a changed call; one with no counterpart is only the run's.
 */
import {
  addUsage,
  firstText,
  firstUserPrompt,
  isKnownPart,
  oneLine,
  promptText,
  toolCallSummary,
  type Tolerant,
  type Usage,
} from "@agent-transcript/core";
import { diffArrays } from "diff";
import { buildRunView, formatCost, type RunView } from "./model.js";

export interface TurnCall {
  /** What aligns it: the tool's name and its telling argument. */
  key: string;
  name: string;
  summary: string | null;
  /** Its result's status, "pending" without one. */
  status: string;
  /** The message that made it. */
  message: number;
}

export interface Turn {
  /** The prompt that opened it, on one line; null for what came before the first prompt. */
  prompt: string | null;
  /** Its messages, from the prompt to the message before the next. */
  first: number;
  last: number;
  calls: TurnCall[];
  usage?: Usage;
  /** Its priced cost in the run's currency (calls without a price are left out and counted). */
  cost: number;
  unpriced: number;
  durationMs?: number;
  /** What the agent said last in it, on one line. */
  outcome: string | null;
}

export type CallPairing =
  | { kind: "same"; a: TurnCall; b: TurnCall }
  | { kind: "changed"; a: TurnCall; b: TurnCall }
  | { kind: "only-a"; a: TurnCall }
  | { kind: "only-b"; b: TurnCall };

export interface TurnPair {
  a?: Turn;
  b?: Turn;
  calls: CallPairing[];
}

export interface RunFacts {
  title: string;
  status: string | null;
  models: string[];
  messages: number;
  turns: number;
  toolCalls: number;
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cost?: string;
  durationMs?: number;
  outcome: string | null;
}

export interface Comparison {
  a: RunFacts;
  b: RunFacts;
  turns: TurnPair[];
}

/** How much of a prompt or an outcome a turn shows (the runs' own pages show it all). */
const lineCharacters = 240;

/** A run's turns, read from its run view (the same rows, results and costs as its page). */
export function turnsOf(view: RunView): Turn[] {
  const turns: Turn[] = [];
  let turn: Turn | undefined;
  for (const row of view.rows) {
    const message = row.message;
    // A turn opens at each prompt (core's rule, as the flame graph reads it).
    const text = promptText(message);
    if (turn === undefined || text !== null) {
      turn = {
        prompt: text === null ? null : oneLine(text, lineCharacters),
        first: row.index,
        last: row.index,
        calls: [],
        cost: 0,
        unpriced: 0,
        outcome: null,
      };
      turns.push(turn);
    }
    turn.last = row.index;
    for (const part of message.parts)
      if (isKnownPart(part) && part.type === "tool_call") {
        const summary = toolCallSummary(part.raw_input ?? part.input, lineCharacters);
        turn.calls.push({
          key: `${part.name}\u0000${summary ?? ""}`,
          name: part.name,
          summary,
          status: view.results.get(part.id)?.part.status ?? "pending",
          message: row.index,
        });
      }
    const usage = message.usage as Usage | undefined;
    if (usage !== undefined && typeof usage.input_tokens === "number")
      turn.usage = turn.usage === undefined ? usage : addUsage(turn.usage, usage);
    if (row.cost !== undefined && (row.cost.status === "computed" || row.cost.status === "reported"))
      turn.cost += row.cost.amount;
    else if (usage !== undefined) turn.unpriced += 1;
    if (message.role === "assistant") {
      const text = firstText(message);
      if (text !== null) turn.outcome = oneLine(text, lineCharacters);
    }
  }
  for (const each of turns) {
    const start = Date.parse(view.rows[each.first]?.message.created_at ?? "");
    const lastMessage = view.rows[each.last]?.message;
    const end = Date.parse(lastMessage?.completed_at ?? lastMessage?.created_at ?? "");
    if (Number.isFinite(start) && Number.isFinite(end) && end >= start) each.durationMs = end - start;
  }
  return turns;
}

/** The calls of two aligned turns, paired: the same, changed (same tool, another argument), or only one run's. */
export function pairCalls(a: readonly TurnCall[], b: readonly TurnCall[]): CallPairing[] {
  const pairs: CallPairing[] = [];
  let atA = 0;
  let atB = 0;
  let removed: TurnCall[] = [];
  let added: TurnCall[] = [];
  // A run of calls only in A next to a run only in B: a call of the same tool facing one in the other changed. Partners
  // are taken in order on both sides, so each run's calls stay in its own order.
  const flush = () => {
    let cursor = 0;
    for (const call of removed) {
      let partner = -1;
      for (let index = cursor; index < added.length; index += 1)
        if ((added[index] as TurnCall).name === call.name) {
          partner = index;
          break;
        }
      if (partner === -1) {
        pairs.push({ kind: "only-a", a: call });
        continue;
      }
      for (; cursor < partner; cursor += 1) pairs.push({ kind: "only-b", b: added[cursor] as TurnCall });
      pairs.push({ kind: "changed", a: call, b: added[partner] as TurnCall });
      cursor = partner + 1;
    }
    for (; cursor < added.length; cursor += 1) pairs.push({ kind: "only-b", b: added[cursor] as TurnCall });
    removed = [];
    added = [];
  };
  const changes = diffArrays(
    a.map((call) => call.key),
    b.map((call) => call.key),
  );
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      removed.push(...a.slice(atA, atA + count));
      atA += count;
    } else if (change.added) {
      added.push(...b.slice(atB, atB + count));
      atB += count;
    } else {
      flush();
      for (let offset = 0; offset < count; offset += 1)
        pairs.push({ kind: "same", a: a[atA + offset] as TurnCall, b: b[atB + offset] as TurnCall });
      atA += count;
      atB += count;
    }
  }
  flush();
  return pairs;
}

function factsOf(view: RunView, turns: readonly Turn[]): RunFacts {
  let toolCalls = 0;
  let failedCalls = 0;
  for (const turn of turns)
    for (const call of turn.calls) {
      toolCalls += 1;
      if (call.status !== "ok" && call.status !== "pending") failedCalls += 1;
    }
  const cost = view.cost;
  return {
    title: view.document.title ?? firstUserPrompt(view.document, 160) ?? view.document.id,
    status: view.document.run?.status ?? null,
    models: view.models,
    messages: view.rows.length,
    turns: turns.filter((turn) => turn.prompt !== null).length,
    toolCalls,
    failedCalls,
    inputTokens: view.usage?.input_tokens ?? 0,
    outputTokens: view.usage?.output_tokens ?? 0,
    ...(cost === undefined || cost.status === "unknown" ? {} : { cost: formatCost(cost) }),
    ...(view.durationMs === undefined ? {} : { durationMs: view.durationMs }),
    outcome: [...turns].reverse().find((turn) => turn.outcome !== null)?.outcome ?? null,
  };
}

/** Two runs compared: their facts, and their turns aligned one to one in order, each turn's calls paired. */
export function compareRuns(a: Tolerant.Transcript, b: Tolerant.Transcript): Comparison {
  const viewA = buildRunView(a);
  const viewB = buildRunView(b);
  const turnsA = turnsOf(viewA);
  const turnsB = turnsOf(viewB);
  // What came before the first prompt (a system message, say) faces the other's, and then the prompts in order.
  const preambleA = turnsA[0]?.prompt === null ? turnsA.slice(0, 1) : [];
  const preambleB = turnsB[0]?.prompt === null ? turnsB.slice(0, 1) : [];
  const turns: TurnPair[] = [];
  const pair = (turnA: Turn | undefined, turnB: Turn | undefined) =>
    turns.push({
      ...(turnA === undefined ? {} : { a: turnA }),
      ...(turnB === undefined ? {} : { b: turnB }),
      calls: pairCalls(turnA?.calls ?? [], turnB?.calls ?? []),
    });
  if (preambleA.length > 0 || preambleB.length > 0) pair(preambleA[0], preambleB[0]);
  const promptsA = turnsA.slice(preambleA.length);
  const promptsB = turnsB.slice(preambleB.length);
  for (let index = 0; index < Math.max(promptsA.length, promptsB.length); index += 1)
    pair(promptsA[index], promptsB[index]);
  return { a: factsOf(viewA, turnsA), b: factsOf(viewB, turnsB), turns };
}
