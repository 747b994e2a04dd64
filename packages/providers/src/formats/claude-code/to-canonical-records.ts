/**
 * One Claude Code record → what the document needs of it: a message's parts and fields (an API response's records
 * merged into one message), a node of the conversation tree, or the record kept verbatim. The conventions the
 * document keeps (keys, the session fields said once) are defined here.
 */
import { withIndefiniteArticle } from "@agent-transcript/core/text";
import type { Issuer, Message, Part, ToolResultPart, Usage } from "@agent-transcript/core";
import { normalizeUsage } from "@agent-transcript/core";
import { isDateTime, isJsonObject, setField, type JsonObject, type SessionLossReport } from "../../conversion/index.js";
import { blockToPart, unmappedFields, type BlockLoss } from "./to-canonical-content.js";
import type { TreeNode, TreeUnit } from "./to-canonical-tree.js";

/** Where Claude Code's own fields are kept: `provider_fields["claude-code"]`, `metadata["claude-code"]`. */
export const claudeCodeKey = "claude-code";

/**
 * Fields every record repeats (the session, the directory, Claude Code's version, …): kept once per document, in
 * `metadata["claude-code"].session`, with the first value seen, and beside a message only where a record differs.
 */
export const sessionFields = [
  "sessionId",
  "version",
  "cwd",
  "gitBranch",
  "userType",
  "slug",
  "entrypoint",
  "isSidechain",
  "agentId",
] as const;

/** Record types that are part of Claude Code's log but not of the conversation: kept verbatim, as metadata. */
const metadataTypes = new Set([
  "progress",
  "file-history-snapshot",
  "queue-operation",
  "attachment",
  "summary",
  "ai-title",
  "custom-title",
  "last-prompt",
  "mode",
  "permission-mode",
  "agent-name",
  "pr-link",
  "frame-link",
  "worktree-state",
  "relocated",
  "bridge-session",
]);

/** Record types whose text becomes the document's title, most telling first; the record is kept as well. */
export const titleFields: ReadonlyArray<readonly [type: string, field: string]> = [
  ["custom-title", "customTitle"],
  ["ai-title", "aiTitle"],
  ["summary", "summary"],
];

/** One message being built from one record (a user line) or several (an API response's blocks, a compaction). */
export interface Unit extends TreeUnit {
  /** Which run of its file it belongs to: `main`, or a sidechain group of an older main file. */
  run: string;
  /** The line of its first record, for ordering and ids. */
  firstLine: number;
  role: Message["role"];
  parts: Part[];
  /** Claude Code's fields of each record, in order (what `provider_fields["claude-code"].lines` holds). */
  lines: JsonObject[];
  createdAt: string | undefined;
  lastAt: string | undefined;
  id: string | undefined;
  responseId: string | undefined;
  /** The API request an assistant message answers (`requestId`), once a record names it. */
  requestId: string | undefined;
  model: string | undefined;
  stopReason: string | undefined;
  /**
   * The usage figures of the message's records that no other record's figures hold: one entry (the final figures)
   * unless its records disagree. Every record of a streamed response repeats the usage so far.
   */
  usages: UsageFigures[];
  /** The API message's own fields with no canonical place, from its last record. */
  apiFields: JsonObject | undefined;
  callIds: string[];
  answers: string[] | undefined;
  /** A compaction boundary waiting for its summary. */
  boundary: boolean;
}

/** The usage of one or more records of a message that carry the same counts, the last of them named. */
export interface UsageFigures {
  value: Usage;
  /** The usage object as the last of these records wrote it. */
  raw: unknown;
  /** The lines of the records with these counts, and the fields of the last one (where it is kept if not counted). */
  lines: number[];
  fields: JsonObject;
}

/** A record kept verbatim in the document's metadata. */
export interface KeptRecord {
  line: number;
  run: string;
  record: JsonObject;
}

/** Everything read from one file. */
export interface FileState {
  path: string;
  role: "main" | "related";
  records: number;
  /** Records with a uuid, by uuid, in file order. */
  nodes: TreeNode[];
  byUuid: Map<string, TreeNode>;
  /** The run of each node. */
  nodeRun: Map<TreeNode, string>;
  units: Unit[];
  kept: KeptRecord[];
  /** The first value of each session field. */
  session: JsonObject;
  titles: Map<string, string>;
  firstAt: { time: number; text: string } | undefined;
  lastAt: { time: number; text: string } | undefined;
  /** The sub-agent id the file's records carry. */
  agentId: string | undefined;
  /**
   * For a sub-agent's sidecar (`agent-<id>.meta.json`, no records of its own): the agent id its name gives and what
   * it says (agentType, description, toolUseId, spawnDepth).
   */
  sidecar: { agentId: string; fields: JsonObject | undefined } | undefined;
  /**
   * The API response each run is writing, whose next records continue it: closed by a user turn, another response or
   * a compaction (tool results of its own calls and Claude Code's own records leave it open).
   */
  open: Map<string, Unit>;
  /** The first line of the latest response of each message id, by run and id: an id seen again is named. */
  responseLines: Map<string, number>;
  /** The latest compaction boundary of each run, for a summary that names no parent. */
  boundaries: Map<string, Unit>;
}

/** The issuer of a message's opaque data (thinking signatures): whose API Claude Code called, told by the message id. */
function issuerOf(messageId: string | undefined): Issuer {
  // Bedrock and Vertex AI return Anthropic-format messages under ids of their own; their signatures are theirs.
  if (messageId?.startsWith("msg_bdrk_")) return { provider: "amazon-bedrock", api: "invoke-model" };
  if (messageId?.startsWith("msg_vrtx_")) return { provider: "google-vertex", api: "messages" };
  return { provider: "anthropic", api: "messages" };
}

const finishReasons: Record<string, Message["finish_reason"]> = {
  end_turn: "stop",
  stop_sequence: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  refusal: "refusal",
  pause_turn: "pause",
};

export function finishReasonOf(stopReason: string): Message["finish_reason"] {
  return Object.hasOwn(finishReasons, stopReason) ? finishReasons[stopReason] : "other";
}

/** The path Claude Code names in a `<persisted-output>` result: a tool output too large to keep inline. */
const persistedOutputPattern = /^<persisted-output>\s*Output too large \(([^)]*)\)\. Full output saved to: ([^\n]+)/;

/** Where reading a record reports what it could not map. */
export type Report = SessionLossReport<FileState>;

export function readRecord(file: FileState, line: number, record: JsonObject, report: Report): void {
  const uuid = typeof record.uuid === "string" && record.uuid !== "" ? record.uuid : undefined;
  // Claude Code appends a record again when a session is resumed or compacted twice: the first copy counts.
  if (uuid !== undefined && file.byUuid.has(uuid)) {
    report.loss(
      file,
      line,
      "duplicate-line",
      `record ${uuid} was written before (line ${file.byUuid.get(uuid)?.line}); read once`,
    );
    return;
  }
  file.records += 1;
  for (const field of sessionFields)
    if (!Object.hasOwn(file.session, field) && record[field] !== undefined)
      setField(file.session, field, record[field]);
  if (typeof record.agentId === "string") file.agentId ??= record.agentId;
  const timestamp =
    typeof record.timestamp === "string" && isTimestamp(record.timestamp) ? record.timestamp : undefined;
  if (timestamp !== undefined) noteTime(file, timestamp);

  // A sub-agent's records in a main file (older versions wrote them there) form a run of their own.
  const run =
    file.role === "main" && record.isSidechain === true
      ? `sidechain:${typeof record.agentId === "string" ? record.agentId : ""}`
      : "main";
  let node: TreeNode | undefined;
  if (uuid !== undefined) {
    node = {
      index: 0,
      line,
      uuid,
      parent: typeof record.parentUuid === "string" || record.parentUuid === null ? record.parentUuid : undefined,
      logicalParent: typeof record.logicalParentUuid === "string" ? record.logicalParentUuid : undefined,
      unit: undefined,
    };
    file.nodes.push(node);
    file.byUuid.set(uuid, node);
    file.nodeRun.set(node, run);
  }

  const read: RecordRead = { file, line, record, run, node, timestamp, report };
  switch (record.type) {
    case "user":
    case "assistant": {
      const turn = turnOf(record);
      if (turn === undefined) break;
      if (record.type === "user") readUser(read, turn);
      else readAssistant(read, turn);
      return;
    }
    case "system":
      if (record.subtype === "compact_boundary") {
        readBoundary(read);
        return;
      }
      file.kept.push({ line, run, record });
      report.loss(
        file,
        line,
        "kept-as-metadata",
        `a system record${typeof record.subtype === "string" ? ` (${record.subtype})` : ""} is Claude Code's, not the model's; kept in metadata`,
      );
      return;
    default: {
      file.kept.push({ line, run, record });
      const title = titleFields.find(([type]) => type === record.type);
      if (title !== undefined && typeof record[title[1]] === "string") {
        // Mapped (the title); the record is kept whole besides, and no loss.
        file.titles.set(title[0], record[title[1]] as string);
        return;
      }
      if (metadataTypes.has(record.type as string))
        report.loss(
          file,
          line,
          "kept-as-metadata",
          `${withIndefiniteArticle(`${record.type} record`)} has no canonical place; kept in metadata`,
        );
      else
        report.loss(
          file,
          line,
          "unknown-line-type",
          `record type ${JSON.stringify(record.type)} is not known to this importer; kept in metadata`,
        );
      return;
    }
  }
  // A user or assistant record whose message could not be read: kept whole, so nothing of it is gone.
  file.kept.push({ line, run, record });
  report.loss(
    file,
    line,
    "invalid-line",
    `${withIndefiniteArticle(`${record.type} record`)} without a readable message (an object with role and content); kept in metadata`,
  );
}

const daysInMonth = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A two-digit number at `at`, or -1. */
function digits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/**
 * Whether a timestamp is an RFC 3339 date-time. Claude Code writes `2026-02-12T16:13:25.613Z` on every record: that
 * shape is checked here by character (the general check's regular expressions were a tenth of an import's time), and
 * anything else goes to the general check.
 */
export function isTimestamp(text: string): boolean {
  const length = text.length;
  if (length !== 24 || text.charCodeAt(23) !== 0x5a || text.charCodeAt(19) !== 0x2e) return isDateTime(text);
  const year = digits(text, 0) * 100 + digits(text, 2);
  const month = digits(text, 5);
  const day = digits(text, 8);
  const fraction = digits(text, 20) >= 0 && digits(text, 21) >= 0;
  const shape =
    text.charCodeAt(4) === 0x2d &&
    text.charCodeAt(7) === 0x2d &&
    text.charCodeAt(10) === 0x54 &&
    text.charCodeAt(13) === 0x3a &&
    text.charCodeAt(16) === 0x3a;
  if (!shape || !fraction || year < 0 || month < 1 || month > 12 || day < 1) return isDateTime(text);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !leap ? 28 : (daysInMonth[month] as number))) return false;
  const hour = digits(text, 11);
  const minute = digits(text, 14);
  const second = digits(text, 17);
  // Leap seconds and anything unusual: the general check decides.
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return isDateTime(text);
  return true;
}

function noteTime(file: FileState, text: string): void {
  const time = Date.parse(text);
  if (file.firstAt === undefined || time < file.firstAt.time) file.firstAt = { time, text };
  if (file.lastAt === undefined || time >= file.lastAt.time) file.lastAt = { time, text };
}

/** Claude Code's fields of a record, for `provider_fields["claude-code"].lines`: all but the message and its type. */
const sessionFieldSet: ReadonlySet<string> = new Set(sessionFields);

function lineFields(file: FileState, line: number, record: JsonObject, drop: readonly string[]): JsonObject {
  const fields: JsonObject = { line };
  for (const key in record) {
    if (!Object.hasOwn(record, key) || key === "type" || key === "message" || drop.includes(key)) continue;
    const value = record[key];
    // A session field equal to the document's first value is said once, in metadata.
    if (sessionFieldSet.has(key) && file.session[key] === value) continue;
    setField(fields, key, value);
  }
  return fields;
}

function newUnit(run: string, line: number, role: Message["role"], node: TreeNode | undefined): Unit {
  const unit: Unit = {
    run,
    firstLine: line,
    role,
    parts: [],
    lines: [],
    createdAt: undefined,
    lastAt: undefined,
    id: node?.uuid,
    responseId: undefined,
    requestId: undefined,
    model: undefined,
    stopReason: undefined,
    usages: [],
    apiFields: undefined,
    nodes: [],
    callIds: [],
    answers: undefined,
    boundary: false,
  };
  return unit;
}

function attach(unit: Unit, node: TreeNode | undefined, timestamp: string | undefined): void {
  if (node !== undefined) {
    unit.nodes.push(node);
    node.unit = unit;
  }
  if (timestamp !== undefined) {
    unit.createdAt ??= timestamp;
    unit.lastAt = timestamp;
  }
}

function reportBlocks(file: FileState, line: number, losses: readonly BlockLoss[], report: Report): void {
  for (const loss of losses) report.loss(file, line, loss.code, loss.message);
}

/** A record being read, and where: its file and line, the run it belongs to, its tree node and time. */
interface RecordRead {
  file: FileState;
  line: number;
  record: JsonObject;
  run: string;
  node: TreeNode | undefined;
  timestamp: string | undefined;
  report: Report;
}

/** A user or assistant record's API message and its content (text or blocks); none when it has no such message. */
interface Turn {
  message: JsonObject;
  content: string | unknown[];
}

function turnOf(record: JsonObject): Turn | undefined {
  const message = record.message;
  if (!isJsonObject(message)) return undefined;
  const content = message.content;
  if (typeof content !== "string" && !Array.isArray(content)) return undefined;
  return { message, content };
}

function readUser(read: RecordRead, { message, content }: Turn): void {
  const { file, line, record, run, node, timestamp, report } = read;
  const issuer = issuerOf(undefined);

  if (record.isCompactSummary === true) {
    const summary = typeof content === "string" ? content : joinedText(content);
    if (summary !== undefined) {
      // The summary answers the boundary it follows; it becomes that boundary's compaction part, marked as such.
      const parent =
        typeof record.parentUuid === "string"
          ? (file.byUuid.get(record.parentUuid)?.unit as Unit | undefined)
          : undefined;
      const boundary = parent?.boundary === true ? parent : file.boundaries.get(run);
      const unit = boundary?.boundary === true ? boundary : newUnit(run, line, "user", node);
      file.open.delete(run);
      if (unit !== boundary) file.units.push(unit);
      unit.boundary = false;
      file.boundaries.delete(run);
      unit.role = "user";
      const part = unit.parts[0];
      if (part?.type === "compaction") part.summary = summary;
      else unit.parts.push({ type: "compaction", strategy: "summary", summary });
      unit.lines.push(lineFields(file, line, record, []));
      const rest = unmappedFields(message, ["role", "content"]);
      if (rest !== undefined) unit.apiFields = rest;
      attach(unit, node, timestamp);
      return;
    }
  }

  const unit = newUnit(run, line, "user", node);
  const losses: BlockLoss[] = [];
  if (typeof content === "string") unit.parts.push({ type: "text", text: content });
  else for (const block of content) unit.parts.push(blockToPart(block, issuer, losses));
  reportBlocks(file, line, losses, report);
  const fields = lineFields(file, line, record, ["toolUseResult"]);
  const results = unit.parts.filter((part): part is ToolResultPart => part.type === "tool_result");
  if (results.length > 0 && results.length === unit.parts.length) unit.answers = results.map((part) => part.call_id);
  // What the tool returned in Claude Code's own shape belongs to the result it accompanies.
  if (Object.hasOwn(record, "toolUseResult")) {
    const only = results.length === 1 ? results[0] : undefined;
    if (only !== undefined) keepToolUseResult(only, record.toolUseResult, record);
    else setField(fields, "toolUseResult", record.toolUseResult);
  }
  for (const result of results) notePersistedOutput(result);
  // A user turn ends the response being written; the results of that response's own calls do not (parallel calls
  // are answered while its next blocks are still being written).
  const open = file.open.get(run);
  if (open !== undefined && (unit.answers === undefined || !unit.answers.every((id) => open.callIds.includes(id))))
    file.open.delete(run);
  unit.lines.push(fields);
  const rest = unmappedFields(message, ["role", "content"]);
  if (rest !== undefined) unit.apiFields = rest;
  attach(unit, node, timestamp);
  file.units.push(unit);
}

function joinedText(blocks: unknown[]): string | undefined {
  let text = "";
  for (const block of blocks) {
    if (!isJsonObject(block) || block.type !== "text" || typeof block.text !== "string") return undefined;
    text += text === "" ? block.text : `\n${block.text}`;
  }
  return text;
}

/** `toolUseResult` beside the result, and what it says about how the call ended that the block does not. */
function keepToolUseResult(part: ToolResultPart, value: unknown, record: JsonObject): void {
  const fields = (part.provider_fields ??= {});
  const own = (fields["claude-code"] ??= {});
  setField(own, "toolUseResult", value);
  if (part.status !== "error") return;
  // Claude Code marks a call the user refused with this text (and newer versions with `toolDenialKind`).
  if (value === "User rejected tool use" || record.toolDenialKind !== undefined) part.status = "denied";
  else if (isJsonObject(value) && value.interrupted === true) part.status = "interrupted";
}

/** A tool output Claude Code stored in a file of its own keeps that file's path and size beside the preview. */
function notePersistedOutput(part: ToolResultPart): void {
  let text: string | undefined;
  if (typeof part.output === "string") text = part.output;
  else if (part.content !== undefined) {
    const first = part.content[0];
    if (first?.type === "text") text = first.text;
  }
  if (text === undefined || !text.startsWith("<persisted-output>")) return;
  const match = persistedOutputPattern.exec(text);
  if (match === null) return;
  const fields = (part.provider_fields ??= {});
  const own = (fields["claude-code"] ??= {});
  setField(own, "persistedOutput", { path: (match[2] as string).trim(), size: match[1] });
}

function readAssistant(read: RecordRead, { message, content }: Turn): void {
  const { file, line, record, run, node, timestamp, report } = read;
  const messageId = typeof message.id === "string" && message.id !== "" ? message.id : undefined;
  const requestId = typeof record.requestId === "string" && record.requestId !== "" ? record.requestId : undefined;
  const unit = responseFor(file, line, run, node, messageId, requestId, report);
  const issuer = issuerOf(messageId);
  const losses: BlockLoss[] = [];
  if (typeof content === "string") unit.parts.push({ type: "text", text: content });
  else
    for (const block of content) {
      const part = blockToPart(block, issuer, losses);
      if (part.type === "tool_call") {
        if (unit.callIds.includes(part.id)) {
          report.loss(
            file,
            line,
            "duplicate-line",
            `tool call ${part.id} was written before in this message; read once`,
          );
          continue;
        }
        unit.callIds.push(part.id);
      }
      unit.parts.push(part);
    }
  reportBlocks(file, line, losses, report);
  if (typeof message.model === "string" && message.model !== "<synthetic>") unit.model ??= message.model;
  if (typeof message.stop_reason === "string") unit.stopReason = message.stop_reason;
  const fields = lineFields(file, line, record, []);
  if (Object.hasOwn(message, "usage")) noteUsage(file, unit, line, message.usage, fields, report);
  const known =
    typeof message.model === "string" && message.model !== "<synthetic>"
      ? ["id", "role", "content", "model", "stop_reason", "usage"]
      : ["id", "role", "content", "stop_reason", "usage"];
  const rest = unmappedFields(message, known);
  if (rest !== undefined) unit.apiFields = rest;
  else unit.apiFields = undefined;
  unit.lines.push(fields);
  attach(unit, node, timestamp);
}

/**
 * The message an assistant record is part of. A streamed response is one record per content block, each under the
 * response's id and request id, written one after another (the results of its parallel tool calls may come between):
 * those records are one message. A record under an id seen before that does not continue that response (a user turn,
 * another response or a compaction came between, or it names another request) is not merged into a message placed
 * earlier: it is a message of its own, where it was written, and the reuse is named.
 */
function responseFor(
  file: FileState,
  line: number,
  run: string,
  node: TreeNode | undefined,
  messageId: string | undefined,
  requestId: string | undefined,
  report: Report,
): Unit {
  const open = file.open.get(run);
  const sameId = open !== undefined && messageId !== undefined && open.responseId === messageId;
  // Gateways send no requestId: only two different ones tell two requests apart.
  const sameRequest = open?.requestId === undefined || requestId === undefined || open.requestId === requestId;
  if (open !== undefined && sameId && sameRequest) {
    open.requestId ??= requestId;
    return open;
  }
  const unit = newUnit(run, line, "assistant", node);
  unit.responseId = messageId;
  unit.requestId = requestId;
  file.units.push(unit);
  if (messageId === undefined) {
    file.open.delete(run);
    return unit;
  }
  const key = `${run}\u0000${messageId}`;
  const earlier = file.responseLines.get(key);
  if (earlier !== undefined)
    report.loss(
      file,
      line,
      "invalid-field",
      `message.id ${messageId} is that of the response at line ${earlier}, which this record does not continue (${sameId ? `it names another request, ${requestId}` : "a user turn, another response or a compaction came between"}); read as a response of its own, its usage counted on its own`,
    );
  file.responseLines.set(key, line);
  file.open.set(run, unit);
  return unit;
}

const heldCounters = [
  "input_tokens",
  "output_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "reasoning_tokens",
] as const;

/** Whether usage `a` holds `b`: every count of `b` at most `a`'s (a cumulative snapshot taken no later). */
function holdsCounts(a: Usage, b: Usage): boolean {
  return heldCounters.every((counter) => (a[counter] ?? 0) >= (b[counter] ?? 0));
}

/**
 * Notes a record's usage on its message. Every record of a streamed response repeats the usage so far, so the final
 * figures hold every earlier record's: a record whose counts another's hold adds nothing, and a message keeps only
 * the figures no other record's hold (one entry, unless its records disagree: settled in the document).
 */
function noteUsage(file: FileState, unit: Unit, line: number, raw: unknown, fields: JsonObject, report: Report): void {
  if (raw === undefined || raw === null) return;
  const value = normalizeUsage("anthropic", raw);
  if (value === undefined) {
    report.loss(
      file,
      line,
      "invalid-field",
      'a usage that is not an Anthropic usage object; kept beside the message, in its line\'s entry of provider_fields["claude-code"].lines, not counted',
    );
    setField(fields, "usage", raw);
    return;
  }
  const same = (other: Usage): boolean => holdsCounts(value, other) && holdsCounts(other, value);
  if (unit.usages.some((entry) => holdsCounts(entry.value, value) && !same(entry.value))) return;
  const figures: UsageFigures = { value, raw, lines: [], fields };
  unit.usages = unit.usages.filter((entry) => {
    if (!holdsCounts(value, entry.value)) return true;
    if (same(entry.value)) for (const earlier of entry.lines) figures.lines.push(earlier);
    return false;
  });
  figures.lines.push(line);
  unit.usages.push(figures);
}

function readBoundary({ file, line, record, run, node, timestamp }: RecordRead): void {
  const unit = newUnit(run, line, "system", node);
  unit.boundary = true;
  const part: Part = { type: "compaction", strategy: "summary" };
  const metadata = record.compactMetadata;
  if (isJsonObject(metadata)) {
    const before = metadata.preTokens;
    if (typeof before === "number" && Number.isSafeInteger(before) && before >= 0) part.tokens_before = before;
    const rest = unmappedFields(metadata, part.tokens_before === undefined ? [] : ["preTokens"]);
    if (rest !== undefined) part.provider_fields = { [claudeCodeKey]: { compactMetadata: rest } };
  }
  unit.parts.push(part);
  unit.lines.push(lineFields(file, line, record, isJsonObject(metadata) ? ["compactMetadata"] : []));
  attach(unit, node, timestamp);
  file.units.push(unit);
  file.boundaries.set(run, unit);
  file.open.delete(run);
}
