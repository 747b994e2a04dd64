/**
 * One rollout record at a time: what it adds to its file's state (messages, the turn's usage, the records kept
 * verbatim). Nothing here looks past the record itself; the echoes, the turns' usage and the child runs are settled
 * in to-canonical-document.ts once every file is read.
 */
import type { Part, Role, Usage } from "@agent-transcript/core";
import {
  isDateTime,
  isJsonObject,
  setField,
  type JsonObject,
  type SessionLossCode,
  type SessionLossReport,
} from "../../conversion/index.js";
import { isMappedItemType, itemToParts, responsesIssuer } from "./to-canonical-items.js";

export const codexKey = "codex";

/** A message being built: one item (user, developer) or a run of the assistant's items, or the tools' results. */
export interface Unit {
  role: Role;
  parts: Part[];
  /** The records it was read from: `{ line, type, timestamp, … }` per record. */
  lines: JsonObject[];
  firstLine: number;
  createdAt: string | undefined;
  lastAt: string | undefined;
  model: string | undefined;
  usage: Usage | undefined;
  /** An `event_msg` that repeats an item (user_message, agent_message, agent_reasoning): its text, to be matched. */
  echo: string | undefined;
  /** The event an echo was read from (`user_message`, `item_completed`, …). */
  echoType?: string;
  /** The index of the turn it belongs to (the usage of a turn goes on its last assistant message). */
  turn: number;
  /** Which context Codex injected as a user turn (`environment_context`, `agents_md`, `user_instructions`). */
  injected?: string;
}

/** What an echo repeats: the user's text, the assistant's text, or its reasoning. */
export type SpokenKind = "user" | "assistant" | "reasoning";

/** A record of the file's spoken sequence: an item that an echo can repeat, or an echo (with its message). */
export interface Spoken {
  line: number;
  kind: SpokenKind;
  turn: number;
  echo: Unit | undefined;
}

export interface KeptRecord {
  line: number;
  record: JsonObject;
}

/** Codex's cumulative counters, as the last `token_count` gave them. */
export type Counters = Record<string, number>;

/**
 * A turn's count: its cumulative counters and the lines that gave them. A turn is one count, or, when its counters
 * fell (which Codex's never do within a turn), one count per stretch between the falls, each under the turn's index.
 */
export interface Turn {
  index: number;
  /** The cumulative counters at the turn's last `token_count`, and that line. */
  total: Counters | undefined;
  lines: number[];
}

export interface FileState {
  path: string;
  role: "main" | "related";
  records: number;
  /** The file's own `session_meta` payload and its line. */
  meta: JsonObject | undefined;
  metaLine: number | undefined;
  units: Unit[];
  kept: KeptRecord[];
  /** Lines of a forked or sub-agent rollout that replay the parent's history. */
  inherited: KeptRecord[];
  inheriting: boolean;
  /** The cumulative counters the inherited history ended with: the child's own usage starts there. */
  baseline: Counters | undefined;
  turns: Turn[];
  model: string | undefined;
  firstAt: string | undefined;
  lastAt: string | undefined;
  firstTime: number;
  lastTime: number;
  /** The texts of the items, so the `event_msg` echoes of them are found. */
  texts: Set<string>;
  /**
   * The records an echo can repeat and the echoes, in file order: Codex writes an echo right beside its item, so an
   * echo is told by its place when its text is no help (a redacted rollout replaces each copy of a text apart).
   */
  spoken: Spoken[];
  /** Timestamps of `entered_review_mode` events: a review sub-agent's rollout starts at one of them. */
  reviews: Set<string>;
  /** A related file that turned out to belong to another session: its lines are passed over. */
  foreign: boolean;
}

export type Reporter = SessionLossReport<FileState>;

export function newFile(path: string, role: "main" | "related"): FileState {
  return {
    path,
    role,
    records: 0,
    meta: undefined,
    metaLine: undefined,
    units: [],
    kept: [],
    inherited: [],
    inheriting: false,
    baseline: undefined,
    turns: [{ index: 0, total: undefined, lines: [] }],
    model: undefined,
    firstAt: undefined,
    lastAt: undefined,
    firstTime: Number.NaN,
    lastTime: Number.NaN,
    texts: new Set(),
    spoken: [],
    reviews: new Set(),
    foreign: false,
  };
}

/** The event messages that only say what a response item already says. */
const echoes = new Set(["user_message", "agent_message", "agent_reasoning", "agent_reasoning_raw_content"]);

/** Event messages of Codex's protocol, kept as records; another event type is kept too, as one not known yet. */
const knownEvents = new Set([
  "token_count",
  "task_started",
  "task_complete",
  "turn_aborted",
  "exec_command_begin",
  "exec_command_end",
  "patch_apply_begin",
  "patch_apply_end",
  "web_search_begin",
  "web_search_end",
  "mcp_tool_call_begin",
  "mcp_tool_call_end",
  "view_image_tool_call",
  "image_generation_end",
  "entered_review_mode",
  "exited_review_mode",
  "context_compacted",
  "error",
  "stream_error",
  "turn_diff",
  "plan_update",
  "undo_completed",
  "item_completed",
  "thread_name_updated",
  "thread_goal_updated",
  "thread_settings_applied",
  "guardian_assessment",
  "dynamic_tool_call_request",
  "dynamic_tool_call_response",
  "collab_agent_spawn_end",
  "collab_agent_interaction_end",
  "collab_waiting_end",
  "collab_close_end",
  "sub_agent_activity",
]);

/** Top-level record types kept verbatim by rule. */
const knownRecords = new Set(["world_state", "inter_agent_communication_metadata"]);

/** `response_item` types with no canonical place, kept verbatim. */
const keptItems = new Set(["ghost_snapshot", "agent_message", "compaction_summary"]);

export function timestampOf(record: JsonObject): string | undefined {
  return typeof record.timestamp === "string" && isDateTime(record.timestamp) ? record.timestamp : undefined;
}

function noteTime(file: FileState, at: string | undefined): void {
  if (at === undefined) return;
  // Each time parsed once; the first and last are compared as numbers.
  const time = Date.parse(at);
  if (file.firstAt === undefined || time < file.firstTime) {
    file.firstAt = at;
    file.firstTime = time;
  }
  if (file.lastAt === undefined || time >= file.lastTime) {
    file.lastAt = at;
    file.lastTime = time;
  }
}

function lineEntry(line: number, record: JsonObject, type: string): JsonObject {
  const entry: JsonObject = { line, type };
  if (record.timestamp !== undefined) entry.timestamp = record.timestamp;
  for (const key of Object.keys(record))
    if (key !== "timestamp" && key !== "type" && key !== "payload") setField(entry, key, record[key]);
  return entry;
}

function keep(
  file: FileState,
  line: number,
  record: JsonObject,
  code: SessionLossCode,
  what: string,
  report: Reporter,
): void {
  file.kept.push({ line, record });
  report.loss(file, line, code, `${what}; kept verbatim in metadata["codex"].records`);
}

function currentTurn(file: FileState): Turn {
  return file.turns[file.turns.length - 1] as Turn;
}

function startTurn(file: FileState): void {
  const turn = currentTurn(file);
  // A turn with nothing in it yet (task_started right before its turn_context) is the same turn. Units are made in
  // turn order, so the last one says whether this turn has any.
  if (turn.lines.length === 0 && file.units.at(-1)?.turn !== turn.index) return;
  file.turns.push({ index: turn.index + 1, total: undefined, lines: [] });
}

function newUnit(file: FileState, role: Role, line: number, at: string | undefined): Unit {
  const unit: Unit = {
    role,
    parts: [],
    lines: [],
    firstLine: line,
    createdAt: at,
    lastAt: at,
    model: role === "assistant" ? file.model : undefined,
    usage: undefined,
    echo: undefined,
    turn: currentTurn(file).index,
  };
  file.units.push(unit);
  return unit;
}

/** The message the parts of an item of this role go into: the open one of the same role, else a new one. */
function unitFor(file: FileState, role: Role, line: number, at: string | undefined): Unit {
  const last = file.units.at(-1);
  if (
    last !== undefined &&
    last.echo === undefined &&
    last.role === role &&
    (role === "assistant" || role === "tool") &&
    last.turn === currentTurn(file).index
  ) {
    if (at !== undefined) last.lastAt = at;
    return last;
  }
  return newUnit(file, role, line, at);
}

/** A value as a loss message shows it: its JSON, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Codex's counters, when `value` (at `where` in the record) is a usage object of the shape Codex writes: non-negative
 * integers below 2^53, with input and output; else what is wrong with it, for the loss.
 */
export function countersOf(value: unknown, where: string): Counters | string {
  if (!isJsonObject(value)) return `${where} is ${shown(value)}, not an object of token counts`;
  const counters: Counters = {};
  for (const key of Object.keys(value)) {
    // A counter named `__proto__` is no counter Codex writes, and assigning it would reach the prototype.
    if (key === "__proto__") continue;
    const count = value[key];
    if (count === null || count === undefined) continue;
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0)
      return `${where}.${key} is ${shown(count)}, not a token count (a non-negative integer below 2^53)`;
    counters[key] = count;
  }
  if (counters.input_tokens === undefined) return `${where} has no input_tokens`;
  if (counters.output_tokens === undefined) return `${where} has no output_tokens`;
  return counters;
}

/** The first counter of `total` lower than in `before`, as a loss names it; undefined when none went down. */
function wentDown(total: Counters, before: Counters): string | undefined {
  for (const key of Object.keys(total)) {
    const was = before[key] ?? 0;
    if ((total[key] as number) < was) return `${key} ${was} → ${total[key]}`;
  }
  return undefined;
}

/**
 * A `token_count`: its cumulative counters become the turn's, or, with `info: null`, it says rate limits alone and is
 * kept. Counters that cannot be read are an invalid field, kept and not counted, never taken for rate limits.
 */
function readTokenCount(
  file: FileState,
  line: number,
  payload: JsonObject,
  record: JsonObject,
  report: Reporter,
): void {
  const info = payload.info;
  if (info === null || info === undefined) {
    // Rate limits alone: nothing to count. A replayed one is kept with the replay.
    if (!file.inheriting)
      keep(file, line, record, "kept-as-metadata", "a token_count with no cumulative usage (rate limits)", report);
    return;
  }
  const total = !isJsonObject(info)
    ? `info is ${shown(info)}, not an object`
    : info.total_token_usage === undefined || info.total_token_usage === null
      ? "info has no total_token_usage"
      : countersOf(info.total_token_usage, "info.total_token_usage");
  if (typeof total === "string") {
    const what = `a token_count whose counters cannot be read (${total})`;
    if (file.inheriting) report.loss(file, line, "invalid-field", `${what}; not taken as the replay's count`);
    else keep(file, line, record, "invalid-field", `${what}, not counted`, report);
    return;
  }
  if (file.inheriting) {
    file.baseline = total;
    return;
  }
  const turn = currentTurn(file);
  const fall = turn.total === undefined ? undefined : wentDown(total, turn.total);
  if (fall !== undefined) {
    // Within a turn one process counts, and its totals only grow: a fall is no new count Codex made. Read as one all
    // the same, after the counts before it, so that what the turn counted so far stays counted.
    report.loss(
      file,
      line,
      "invalid-field",
      `the cumulative token counters went down within a turn (${fall} since line ${turn.lines.at(-1)}), which Codex's never do: read as a new count, what the turn counted before kept`,
    );
    file.turns.push({ index: turn.index, total: undefined, lines: [] });
  }
  const counting = currentTurn(file);
  counting.total = total;
  counting.lines.push(line);
}

/** The text of an `item_completed` event's `UserMessage` item (its text blocks joined), or undefined for any other. */
function userMessageText(item: unknown): string | undefined {
  if (!isJsonObject(item) || typeof item.type !== "string" || item.type.toLowerCase() !== "usermessage")
    return undefined;
  if (!Array.isArray(item.content)) return undefined;
  const texts = item.content.flatMap((block) =>
    isJsonObject(block) && typeof block.text === "string" && (block.type === "text" || block.type === "input_text")
      ? [block.text]
      : [],
  );
  return texts.length === 0 ? undefined : texts.join("");
}

function readEvent(
  file: FileState,
  line: number,
  record: JsonObject,
  payload: JsonObject,
  at: string | undefined,
  report: Reporter,
): void {
  const type = payload.type as string;
  if (type === "token_count") {
    readTokenCount(file, line, payload, record, report);
    return;
  }
  // Newer Codex (the desktop app among them) writes the user's prompt as a completed `UserMessage` item, alone or
  // beside a `user_message` event: read as that event is, once.
  const completedPrompt = type === "item_completed" ? userMessageText(payload.item) : undefined;
  if (completedPrompt !== undefined) {
    const unit = newUnit(file, "user", line, at);
    unit.echo = completedPrompt;
    unit.echoType = type;
    file.spoken.push({ line, kind: "user", turn: unit.turn, echo: unit });
    unit.parts.push({ type: "text", text: completedPrompt });
    unit.lines.push(lineEntry(line, record, "event_msg:item_completed"));
    return;
  }
  if (echoes.has(type)) {
    const text = type === "user_message" || type === "agent_message" ? payload.message : payload.text;
    if (typeof text !== "string") {
      keep(file, line, record, "kept-as-metadata", `an event_msg ${type} with no text`, report);
      return;
    }
    const role: Role = type === "user_message" ? "user" : "assistant";
    const unit = newUnit(file, role, line, at);
    unit.echo = text;
    unit.echoType = type;
    file.spoken.push({
      line,
      kind: type === "user_message" ? "user" : type === "agent_message" ? "assistant" : "reasoning",
      turn: unit.turn,
      echo: unit,
    });
    unit.parts.push(
      type === "user_message" || type === "agent_message" ? { type: "text", text } : { type: "reasoning", text },
    );
    unit.lines.push(lineEntry(line, record, `event_msg:${type}`));
    return;
  }
  if (type === "task_started") startTurn(file);
  if (type === "entered_review_mode" && typeof record.timestamp === "string") file.reviews.add(record.timestamp);
  keep(
    file,
    line,
    record,
    knownEvents.has(type) ? "kept-as-metadata" : "unknown-line-type",
    knownEvents.has(type) ? `event_msg ${type}, no canonical place` : `event_msg of a type not known (${type})`,
    report,
  );
}

function readItem(
  file: FileState,
  line: number,
  record: JsonObject,
  item: JsonObject,
  at: string | undefined,
  report: Reporter,
): void {
  const type = item.type;
  if (typeof type !== "string" || !isMappedItemType(type)) {
    const known = typeof type === "string" && keptItems.has(type);
    keep(
      file,
      line,
      record,
      known ? "kept-as-metadata" : "unknown-line-type",
      known
        ? `response_item ${String(type)}, no canonical place`
        : `a response_item of a type not known (${String(type)})`,
      report,
    );
    return;
  }
  const mapped = itemToParts(item, line, file.model);
  const unit = unitFor(file, mapped.role, line, at);
  if (mapped.injected !== undefined) unit.injected = mapped.injected;
  for (const part of mapped.parts) unit.parts.push(part);
  unit.lines.push(lineEntry(line, record, type));
  for (const text of mapped.texts) file.texts.add(text.trim());
  const kind: SpokenKind | undefined =
    type === "reasoning"
      ? "reasoning"
      : type === "message" && (item.role === "user" || item.role === "assistant") && mapped.injected === undefined
        ? item.role
        : undefined;
  if (kind !== undefined) file.spoken.push({ line, kind, turn: unit.turn, echo: undefined });
  if (mapped.native > 0)
    report.loss(
      file,
      line,
      "kept-as-native",
      `${mapped.native} content block(s) with no canonical part; kept as native parts`,
    );
}

function readCompacted(
  file: FileState,
  line: number,
  record: JsonObject,
  payload: JsonObject,
  at: string | undefined,
): void {
  const part: Extract<Part, { type: "compaction" }> = { type: "compaction", strategy: "summary" };
  if (typeof payload.message === "string" && payload.message !== "") part.summary = payload.message;
  const history = payload.replacement_history;
  if (Array.isArray(history)) {
    part.replaced_messages = history.length;
    const encrypted = history.find(
      (item) => isJsonObject(item) && item.type === "compaction" && typeof item.encrypted_content === "string",
    );
    if (isJsonObject(encrypted)) {
      part.encrypted_content = encrypted.encrypted_content as string;
      part.issuer = responsesIssuer(file.model);
    }
  }
  const fields: JsonObject = {};
  for (const key of Object.keys(payload)) if (key !== "message") setField(fields, key, payload[key]);
  if (Object.keys(fields).length > 0) part.provider_fields = { [codexKey]: fields };
  const unit = newUnit(file, "user", line, at);
  unit.parts.push(part);
  unit.lines.push(lineEntry(line, record, "compacted"));
}

/** The ids a `session_meta` names: its own, and the thread that spawned or forked it. */
export function parentOf(meta: JsonObject): string | undefined {
  const named = (value: unknown): value is string => typeof value === "string" && value !== "";
  const source = meta.source;
  if (isJsonObject(source) && isJsonObject(source.subagent)) {
    const spawn = source.subagent.thread_spawn;
    if (isJsonObject(spawn) && named(spawn.parent_thread_id)) return spawn.parent_thread_id;
  }
  if (named(meta.parent_thread_id)) return meta.parent_thread_id;
  if (named(meta.forked_from_id)) return meta.forked_from_id;
  return undefined;
}

function readMeta(file: FileState, line: number, record: JsonObject, payload: JsonObject, report: Reporter): void {
  if (file.meta === undefined) {
    file.meta = payload;
    file.metaLine = line;
    return;
  }
  if (payload.id !== file.meta.id) {
    // A forked or sub-agent rollout replays its parent's history after the parent's own session_meta.
    file.inheriting = true;
    file.inherited.push({ line, record });
    report.loss(
      file,
      line,
      "inherited-line",
      'the parent\'s session_meta, opening the history this rollout replays; kept in metadata["codex"].inherited',
    );
    return;
  }
  keep(file, line, record, "duplicate-line", "the session_meta written again", report);
}

/** Whether an inherited replay ends here: the rollout's own first turn starts. */
function endsReplay(file: FileState, record: JsonObject, payload: JsonObject): boolean {
  const starts = (record.type === "event_msg" && payload.type === "task_started") || record.type === "turn_context";
  if (!starts) return false;
  const own = typeof file.meta?.timestamp === "string" ? Date.parse(file.meta.timestamp) : Number.NaN;
  const at = typeof record.timestamp === "string" ? Date.parse(record.timestamp) : Number.NaN;
  return Number.isNaN(own) || Number.isNaN(at) || at >= own;
}

/** The older rollout lines (before `{ timestamp, type, payload }`): items and a first line with the session's id. */
function legacy(record: JsonObject): { type: string; payload: JsonObject } | undefined {
  if (typeof record.type === "string" && isMappedItemType(record.type))
    return { type: "response_item", payload: record };
  if (record.type === undefined && typeof record.id === "string" && typeof record.timestamp === "string")
    return { type: "session_meta", payload: record };
  return undefined;
}

export function readRecord(file: FileState, line: number, record: JsonObject, report: Reporter): void {
  let type = record.type;
  let payload = record.payload;
  if (!isJsonObject(payload)) {
    const older = legacy(record);
    if (older === undefined) {
      if (
        typeof type === "string" &&
        payload === undefined &&
        (knownRecords.has(type) || type === "compacted" || type === "session_meta")
      ) {
        keep(file, line, record, "kept-as-metadata", `a ${type} record with no payload`, report);
      } else if (typeof type === "string" && payload === undefined) {
        file.records += 1;
        keep(file, line, record, "unknown-line-type", `a record of a type not known (${type})`, report);
        return;
      } else {
        report.loss(
          file,
          line,
          "invalid-line",
          "not a Codex rollout record (a JSON object with a string type and an object payload)",
        );
        return;
      }
      file.records += 1;
      return;
    }
    type = older.type;
    payload = older.payload;
  }
  file.records += 1;
  const at = timestampOf(record);
  if (file.inheriting && !endsReplay(file, record, payload as JsonObject)) {
    if (type === "event_msg" && (payload as JsonObject).type === "token_count")
      readTokenCount(file, line, payload as JsonObject, record, report);
    file.inherited.push({ line, record });
    report.loss(
      file,
      line,
      "inherited-line",
      'the parent\'s history, replayed by this rollout; kept in metadata["codex"].inherited, not counted as its own',
    );
    return;
  }
  file.inheriting = false;
  noteTime(file, at);
  const body = payload as JsonObject;
  switch (type) {
    case "session_meta":
      readMeta(file, line, record, body, report);
      return;
    case "turn_context":
      startTurn(file);
      if (typeof body.model === "string") file.model = body.model;
      keep(file, line, record, "kept-as-metadata", "turn_context (the turn's model, policies and settings)", report);
      return;
    case "response_item":
      readItem(file, line, record, body, at, report);
      return;
    case "event_msg":
      if (typeof body.type !== "string") {
        report.loss(file, line, "invalid-line", "an event_msg with no string type");
        return;
      }
      readEvent(file, line, record, body, at, report);
      return;
    case "compacted":
      readCompacted(file, line, record, body, at);
      return;
    default:
      keep(
        file,
        line,
        record,
        typeof type === "string" && knownRecords.has(type) ? "kept-as-metadata" : "unknown-line-type",
        typeof type === "string" && knownRecords.has(type)
          ? `${type}, no canonical place`
          : `a record of a type not known (${String(type)})`,
        report,
      );
  }
}
