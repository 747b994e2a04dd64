/**
 * What the viewer shows, computed once per document: one row per message (with what search and the filters need,
 * and tool calls paired with their results), the run's totals, and the tree of child runs with their own and
 * rolled-up tokens and cost. Everything here is linear in the document; search text is built on first use.
 */
import {
  addCost,
  addUsage,
  firstUserPrompt,
  formatDuration as formatDurationInWords,
  formatMoney,
  isKnownPart,
  messageCost,
  shownRole,
  type Cost,
  type Strict,
  type Tolerant,
  type Usage,
} from "@agent-transcript/core";

type Message = Tolerant.Message;
/** Parts of this version's vocabulary; a newer minor's part types are shown as JSON (parts.tsx). */
type Part = Strict.Part;
export type ToolCall = Extract<Part, { type: "tool_call" }>;
export type ToolResult = Extract<Part, { type: "tool_result" }>;

export interface Row {
  index: number;
  message: Message;
  /**
   * What the message is, as the page labels and filters it: its role, except that a message holding only tool
   * results is a tool's, whatever role its format gives it (Claude Code sends results as the user's, Codex and
   * Gemini CLI as the tool's).
   */
  role: string;
  /** For an assistant call: its input tokens, the context the model saw. */
  contextTokens?: number;
  /** Input tokens with no cache read where the call before read from the cache: a cache miss worth seeing. */
  cacheMiss: boolean;
  cost?: Cost;
  toolNames: string[];
  /** The statuses of the tool calls this message makes or answers ("pending" for a call without a result). */
  statuses: string[];
  compaction: boolean;
  /**
   * The row of the call this message answers, when the message holds nothing but results of calls made in this run:
   * its results are shown inside their calls, so the list leaves the row out and a link to it opens the call.
   */
  foldedInto?: number;
  /** The rows folded into this one (results of its calls). */
  folded: number[];
  /** Lower-cased text of everything in the message and in the rows folded into it, built on the first search. */
  searchText?: string;
}

export interface RunView {
  /** Child indices from the root run, joined with dots ("" for the root): the permalink's run. */
  path: string;
  title: string;
  document: Tolerant.Transcript;
  /** One row per message, in order: a permalink's index is a row's. */
  rows: Row[];
  /** The rows the list shows: every row but those folded into their calls' rows. */
  shown: Row[];
  /** Each call id's result and the row holding it. */
  results: Map<string, { part: ToolResult; row: number }>;
  /** Each call id's row (a result links back to its call) and tool name. */
  calls: Map<string, number>;
  callNames: Map<string, string>;
  usage?: Usage;
  cost?: Cost;
  /** Messages whose cost could not be priced (no model price, no reported cost). */
  unpriced: number;
  models: string[];
  durationMs?: number;
  toolNames: string[];
  children: ChildView[];
  /** Each child run's index among {@link children} by the call that started it. */
  childByCall: Map<string, number>;
  /** Own usage plus every descendant's. */
  rolledUsage?: Usage;
  rolledCost?: Cost;
}

export interface ChildView {
  runId: string;
  title: string;
  status?: string;
  /** The tool call that started it, when its parent names one. */
  callId?: string;
  view?: RunView;
}

/** `title`: what the parent calls a child run (a sub-agent's description), before the child's own title or id. */
export function buildRunView(document: Tolerant.Transcript, path = "", title?: string): RunView {
  const rows: Row[] = [];
  const results = new Map<string, { part: ToolResult; row: number }>();
  const calls = new Map<string, number>();
  const callNames = new Map<string, string>();
  const models = new Set<string>();
  const toolNames = new Set<string>();
  let usage: Usage | undefined;
  let cost: Cost | undefined;
  let unpriced = 0;
  let previousCacheRead = 0;
  const messages = document.messages;
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    const row: Row = {
      index,
      message,
      role: shownRole(message),
      cacheMiss: false,
      toolNames: [],
      statuses: [],
      compaction: false,
      folded: [],
    };
    if (typeof message.model === "string") models.add(message.model);
    for (const part of message.parts) {
      if (!isKnownPart(part)) continue;
      if (part.type === "tool_call") {
        calls.set(part.id, index);
        callNames.set(part.id, part.name);
        row.toolNames.push(part.name);
        toolNames.add(part.name);
      } else if (part.type === "tool_result") {
        results.set(part.call_id, { part, row: index });
        row.statuses.push(part.status);
        if (typeof part.name === "string") row.toolNames.push(part.name);
      } else if (part.type === "compaction") row.compaction = true;
    }
    const messageUsage = message.usage as Usage | undefined;
    if (messageUsage !== undefined && typeof messageUsage.input_tokens === "number") {
      usage = usage === undefined ? messageUsage : addUsage(usage, messageUsage);
      if (message.role === "assistant") {
        row.contextTokens = messageUsage.input_tokens;
        const cacheRead = messageUsage.cache_read_tokens ?? 0;
        row.cacheMiss = cacheRead === 0 && previousCacheRead > 0 && messageUsage.input_tokens > 1024;
        previousCacheRead = cacheRead;
      }
      // Core's one rule, as the CLI's reports and the Markdown export price a call.
      const called = messageCost(message);
      if (called !== undefined && called.status !== "unknown") {
        row.cost = called;
        cost = cost === undefined ? called : addCost(cost, called);
      } else unpriced += 1;
    }
    rows.push(row);
  }
  // A tool call without a result yet is pending; the call's row filters by its result's status, and a result that
  // does not name its tool (Claude Code's) by its call's name.
  for (const row of rows)
    for (const part of row.message.parts) {
      if (!isKnownPart(part)) continue;
      if (part.type === "tool_call") row.statuses.push(results.get(part.id)?.part.status ?? "pending");
      else if (part.type === "tool_result" && part.name === undefined) {
        const name = callNames.get(part.call_id);
        if (name !== undefined) row.toolNames.push(name);
      }
    }
  // A message of results only, each answering a call of this run, is shown inside the first of those calls' rows.
  for (const row of rows) {
    const parts = row.message.parts;
    if (parts.length === 0 || row.message.error !== undefined) continue;
    let into: number | undefined;
    for (const part of parts) {
      const callRow = isKnownPart(part) && part.type === "tool_result" ? calls.get(part.call_id) : undefined;
      if (callRow === undefined || callRow === row.index) {
        into = undefined;
        break;
      }
      into = into === undefined ? callRow : Math.min(into, callRow);
    }
    if (into === undefined) continue;
    row.foldedInto = into;
    (rows[into] as Row).folded.push(row.index);
  }
  if (document.usage !== undefined) usage = document.usage as Usage;
  if (document.cost !== undefined && (document.cost as Cost).status !== "unknown") cost = document.cost as Cost;

  const run = document.run;
  let durationMs = run?.duration_ms;
  if (durationMs === undefined) {
    const start = Date.parse(run?.started_at ?? messages[0]?.created_at ?? "");
    const last = messages[messages.length - 1];
    const end = Date.parse(run?.ended_at ?? last?.completed_at ?? last?.created_at ?? "");
    if (Number.isFinite(start) && Number.isFinite(end) && end >= start) durationMs = end - start;
  }
  const children: ChildView[] = (run?.children ?? []).map((child, childIndex) => {
    const transcript = child.transcript as Tolerant.Transcript | undefined;
    const pathOfChild = childPath(path, childIndex);
    const childTitle = child.title ?? transcript?.title ?? child.path ?? child.run_id;
    return {
      runId: child.run_id,
      title: childTitle,
      ...(child.status === undefined ? {} : { status: child.status }),
      ...(child.call_id === undefined ? {} : { callId: child.call_id }),
      ...(transcript === undefined ? {} : { view: buildRunView(transcript, pathOfChild, childTitle) }),
    };
  });
  const childByCall = new Map<string, number>();
  for (const [childIndex, child] of children.entries())
    if (child.callId !== undefined && !childByCall.has(child.callId)) childByCall.set(child.callId, childIndex);
  let rolledUsage = usage;
  let rolledCost = cost;
  for (const child of children) {
    if (child.view?.rolledUsage)
      rolledUsage = rolledUsage === undefined ? child.view.rolledUsage : addUsage(rolledUsage, child.view.rolledUsage);
    if (child.view?.rolledCost)
      rolledCost = rolledCost === undefined ? child.view.rolledCost : addCost(rolledCost, child.view.rolledCost);
  }
  return {
    path,
    // A session names no title: what its user first asked says more than its id.
    title: title ?? document.title ?? firstUserPrompt(document, 160) ?? document.id,
    document,
    rows,
    shown: rows.filter((row) => row.foldedInto === undefined),
    results,
    calls,
    callNames,
    ...(usage === undefined ? {} : { usage }),
    ...(cost === undefined ? {} : { cost }),
    unpriced,
    models: [...models],
    ...(durationMs === undefined ? {} : { durationMs }),
    toolNames: [...toolNames].sort(),
    children,
    childByCall,
    ...(rolledUsage === undefined ? {} : { rolledUsage }),
    ...(rolledCost === undefined ? {} : { rolledCost }),
  };
}

/** The run at a permalink's path ("" the root, "0.2" the root's first child's third child). */
export function runAt(root: RunView, path: string): RunView | undefined {
  if (path === "") return root;
  let view: RunView | undefined = root;
  for (const step of path.split(".")) {
    view = view?.children[Number(step)]?.view;
    if (view === undefined) return undefined;
  }
  return view;
}

/**
 * Everything a search looks in: text, reasoning, tool names, inputs and outputs, commands, diffs, plans; a call's row
 * holds its results' text too (they are shown inside it).
 */
export function searchTextOf(row: Row, view: RunView): string {
  if (row.searchText === undefined) {
    const pieces: string[] = [row.role];
    for (const index of [row.index, ...row.folded])
      for (const part of (view.rows[index] as Row).message.parts)
        if (isKnownPart(part)) collectText(part, pieces);
        else pieces.push(jsonText(part));
    row.searchText = pieces.join("\n").toLowerCase();
  }
  return row.searchText;
}

/** The roles a row filters by: its own and those of the rows folded into it (a call's row holds the tool's results). */
export function rolesOf(row: Row, view: RunView): string[] {
  return row.folded.length === 0
    ? [row.role]
    : [row.role, ...row.folded.map((index) => (view.rows[index] as Row).role)];
}

/** The path of a run's child ("" and 2 give "2", "0" and 1 give "0.1"). */
export function childPath(path: string, childIndex: number): string {
  return path === "" ? String(childIndex) : `${path}.${childIndex}`;
}

/**
 * The runs from the root down to the one at `path`, each with the row of the call that started the next (when its
 * parent names the call): the breadcrumbs of a sub-agent's page.
 */
export function ancestorsOf(root: RunView, path: string): Array<{ view: RunView; callRow?: number }> {
  const chain: Array<{ view: RunView; callRow?: number }> = [];
  if (path === "") return chain;
  let view: RunView | undefined = root;
  for (const step of path.split(".")) {
    if (view === undefined) break;
    const callId: string | undefined = view.children[Number(step)]?.callId;
    const callRow = callId === undefined ? undefined : view.calls.get(callId);
    chain.push(callRow === undefined ? { view } : { view, callRow });
    view = view.children[Number(step)]?.view;
  }
  return chain;
}

/** The row that shows a message: its own, or its call's when it is folded into it. */
export function shownRowOf(view: RunView, index: number): number {
  return view.rows[index]?.foldedInto ?? index;
}

function collectText(part: Part, pieces: string[]): void {
  switch (part.type) {
    case "text":
    case "refusal":
    case "stream_chunk":
      pieces.push(part.text);
      break;
    case "reasoning":
      if (part.text) pieces.push(part.text);
      for (const line of part.summary ?? []) pieces.push(line);
      break;
    case "tool_call":
      pieces.push(part.name, part.raw_input ?? jsonText(part.input));
      break;
    case "tool_result":
      if (part.name) pieces.push(part.name);
      if (part.error) pieces.push(part.error);
      if (part.output !== undefined) pieces.push(typeof part.output === "string" ? part.output : jsonText(part.output));
      for (const inner of part.content ?? []) collectText(inner, pieces);
      break;
    case "command":
      pieces.push(part.command, part.output ?? "");
      break;
    case "plan_step":
      pieces.push(part.title, part.description ?? "");
      break;
    case "code_diff":
      for (const file of part.files) {
        pieces.push(file.path);
        for (const hunk of file.hunks) for (const line of hunk.lines) pieces.push(line.text);
      }
      break;
    case "compaction":
      if (part.summary) pieces.push(part.summary);
      break;
    case "file":
      pieces.push(part.filename ?? "", part.title ?? "", part.text ?? "");
      break;
    case "image":
      pieces.push(part.alt ?? "", part.url ?? "");
      break;
    default:
      break;
  }
}

export function jsonText(value: unknown): string {
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

export function formatTokens(count: number | undefined): string {
  if (count === undefined) return "–";
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(2)}M`;
}

/** A duration in words (core's form), `–` when there is none. */
export function formatDuration(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) ? "–" : formatDurationInWords(ms);
}

/** A cost as money (core's form), `–` when it is unknown or there is none. */
export function formatCost(cost: Cost | undefined): string {
  return cost === undefined || cost.status === "unknown" ? "–" : formatMoney(cost.amount, cost.currency);
}
