/**
 * The Warp export: Warp's machine-readable JSON export of an agent conversation (`warp export-conversation <id>
 * --format json`, file `<title-or-id>-<timestamp>.warp-export.json`, spec GH10112).
 *
 * The spec defines the content blocks and never shows the whole document. What this module reads and writes,
 * with what was inferred marked as such:
 *
 * ```
 * {
 *   "schema_version": "1.0.0",                 // spec: semver; major 1 accepted, other majors rejected
 *   "conversation_id": "c7a3…",                // inferred: the conversation id (the file name falls back to it)
 *   "title": "Fix flaky retry test" | null,     // inferred: the conversation title, null when it has none
 *   "created_at": "<RFC 3339>",                 // inferred: when the conversation began (optional)
 *   "updated_at": "<RFC 3339>",                 // inferred: its last activity (optional)
 *   "exported_at": "<RFC 3339>",                // inferred: when the export ran (optional)
 *   "messages": [{
 *     "id": "8d1f…",                            // inferred: non-empty, unique
 *     "role": "user" | "assistant",             // inferred: Warp shows no system or tool turns
 *     "created_at": "<RFC 3339>",               // inferred (optional)
 *     "model": "claude-sonnet-4-5",             // inferred: the model that answered (optional)
 *     "content": [ <content block>, … ]         // spec: the typed blocks below, in order
 *   }]
 * }
 * ```
 *
 * Content blocks (spec B2.1, with the review rounds' refinements):
 * - `{ type: "text", text }` and `{ type: "reasoning", text, duration_ms }`.
 * - `{ type: "tool_call", tool, input: TypedValue, output: TypedValue, duration_ms, status: "ok" | "error",
 *   truncated, original_size_bytes, truncation_strategy }`. Reading: `tool` and `input` are required; `status`
 *   is present once the call has a result and is required when any result field is; the truncation fields
 *   appear only on a truncated output (B5). The block has no call id.
 * - TypedValue, the "discriminated wrapper accepting object/array/string/number/boolean/null variants" of the
 *   round-1 fix: `{ "type": "object" | "array" | "string" | "number" | "boolean" | "null", "value": <JSON of
 *   that type> }`, `value` always present (`null` for the null variant).
 * - `{ type: "plan_step", id, title, status: pending | in_progress | complete | blocked | cancelled,
 *   blocked_reason, description, subitems }`: the nullable optional fields are present as null, `subitems` is
 *   a (possibly empty) list of items of the same shape without `type`, recursively; `blocked` requires a
 *   non-empty blocked_reason.
 * - `{ type: "code_diff", files: [{ path, old_path (renames and copies only), change: added | modified |
 *   deleted | renamed | copied, binary, hunks: [{ old_start, old_lines, new_start, new_lines, header?, lines:
 *   [{ kind: context | added | removed | no_newline, text }] }] }] }` (`old_mode` / `new_mode` accepted).
 *   Binary files and pure renames have no hunks. The file shape is inferred from B2.1.3's summary.
 * - `{ type: "image", data_uri: "data:<media type>;base64,<data>", alt? }` (T10 names the block by its data
 *   URI; `alt` is inferred).
 * - `[REDACTED]` placeholders are ordinary text and are kept verbatim; truncated outputs keep their flags.
 *
 * Mapping: a Warp message becomes one canonical message with the same id, role, created_at and model, its
 * blocks becoming parts one for one. A tool_call block becomes a tool_call part (id `<message id>:<block
 * index>`, name ← tool, input ← the unwrapped input) and, when it has a status, a tool_result part (status,
 * output unwrapped, duration_ms, truncation fields). The results go where canonical readers expect them: a
 * `tool` message right after the tool calls, the message continuing after it when more blocks follow. Those
 * extra messages have ids `<message id>#<n>` and `metadata.warp_message_id` naming the Warp message, which is
 * how export joins them back. Unknown block types become `native` parts (issuer `warp`); fields the spec does
 * not define are kept in `provider_fields.warp` (messages, blocks) or `metadata.warp` (the document), and merged
 * back on export.
 */
import type {
  CodeDiffPart,
  DiffFile,
  DiffHunk,
  DiffLine,
  ImagePart,
  Message,
  Part,
  PlanItem,
  PlanStepPart,
  Tolerant,
  ToolCallPart,
  ToolResultPart,
  Transcript,
} from "@agent-transcript/core";
import { formatVersion, isKnownPart } from "@agent-transcript/core";
import {
  cloneJson,
  FieldReader,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  guard,
  isJsonObject,
  jsonTypeOf,
  pointer,
  reportUnmapped,
  setField,
  type FromCanonicalResult,
  type ToCanonicalOptions,
  type ToCanonicalResult,
  type JsonObject,
  type JsonTypeName,
  type Provenance,
} from "../../conversion/index.js";

/** A JSON value with its type named, so scalar and text tool I/O round-trips as exactly what it was. */
export type WarpTypedValue =
  | { type: "object"; value: JsonObject }
  | { type: "array"; value: unknown[] }
  | { type: "string"; value: string }
  | { type: "number"; value: number }
  | { type: "boolean"; value: boolean }
  | { type: "null"; value: null };

export type WarpPlanStatus = "pending" | "in_progress" | "complete" | "blocked" | "cancelled";

export interface WarpPlanItem {
  id: string;
  title: string;
  status: WarpPlanStatus;
  blocked_reason: string | null;
  description: string | null;
  subitems: WarpPlanItem[];
}

export interface WarpDiffLine {
  kind: "context" | "added" | "removed" | "no_newline";
  text: string;
}

export interface WarpDiffHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  header?: string;
  lines: WarpDiffLine[];
}

export interface WarpDiffFile {
  path: string;
  old_path?: string;
  change: "added" | "modified" | "deleted" | "renamed" | "copied";
  binary: boolean;
  old_mode?: string;
  new_mode?: string;
  hunks: WarpDiffHunk[];
}

export type WarpTruncationStrategy = "string_prefix" | "array_prefix" | "object_prefix";

export interface WarpToolCallBlock {
  type: "tool_call";
  tool: string;
  input: WarpTypedValue;
  output?: WarpTypedValue;
  duration_ms?: number;
  status?: "ok" | "error";
  truncated?: true;
  original_size_bytes?: number;
  truncation_strategy?: WarpTruncationStrategy;
}

export type WarpContentBlock =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string; duration_ms?: number }
  | WarpToolCallBlock
  | (WarpPlanItem & { type: "plan_step" })
  | { type: "code_diff"; files: WarpDiffFile[] }
  | { type: "image"; data_uri: string; alt?: string };

export interface WarpMessage {
  id: string;
  role: "user" | "assistant";
  created_at?: string;
  model?: string;
  content: WarpContentBlock[];
}

export interface WarpExport {
  schema_version: string;
  conversation_id: string;
  title: string | null;
  created_at?: string;
  updated_at?: string;
  exported_at?: string;
  messages: WarpMessage[];
}

const providerKey = "warp";
/** Names, on the messages a Warp message is split into, the Warp message they came from. */
const segmentKey = "warp_message_id";
const roles = ["user", "assistant"] as const;
const planStatuses: readonly WarpPlanStatus[] = ["pending", "in_progress", "complete", "blocked", "cancelled"];
const typedValueTypes: readonly JsonTypeName[] = ["object", "array", "string", "number", "boolean", "null"];
const lineKinds = ["context", "added", "removed", "no_newline"] as const;
const fileChanges = ["added", "modified", "deleted", "renamed", "copied"] as const;
const truncationStrategies: readonly WarpTruncationStrategy[] = ["string_prefix", "array_prefix", "object_prefix"];
const knownBlockTypes = new Set(["text", "reasoning", "tool_call", "plan_step", "code_diff", "image"]);
const majorOne = /^1\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/;
const semanticVersion = /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/;
const base64 = /^[a-z\d+/]*={0,2}$/i;

function callIdFor(messageId: string, blockIndex: number): string {
  return `${messageId}:${blockIndex}`;
}

/** Converts a Warp JSON conversation export (Warp export) to a canonical transcript. */
export function importWarpExport(value: unknown, options: ToCanonicalOptions = {}): ToCanonicalResult {
  return guard(
    () => importChecked(value, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importChecked(value: unknown, options: ToCanonicalOptions): ToCanonicalResult {
  const problems = new Problems();
  const provenance: Provenance = emptyProvenance();
  if (!isJsonObject(value)) {
    problems.error("", "must be a Warp conversation export object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const top = new FieldReader(value, "", problems);
  const version = top.string("schema_version", { required: true });
  if (version !== undefined && !majorOne.test(version)) {
    problems.error(
      "/schema_version",
      semanticVersion.test(version)
        ? `major version ${version.split(".")[0] ?? ""} is not supported (only 1.x.y)`
        : "must be a semantic version",
    );
  }
  const id = top.string("conversation_id", { required: true, nonEmpty: true });
  const title = top.nullableString("title");
  const createdAt = top.dateTime("created_at");
  const updatedAt = top.dateTime("updated_at");
  const exportedAt = top.dateTime("exported_at");
  const messages = top.array("messages", { required: true });
  const rest = top.rest();
  provenance.fields = {
    id: "/conversation_id",
    title: "/title",
    created_at: "/created_at",
    updated_at: "/updated_at",
    source: "/schema_version",
    export: "/exported_at",
    metadata: "",
  };

  const converted: Message[] = [];
  const seenIds = new Set<string>();
  messages?.forEach((message: unknown, index) =>
    importMessage(message, pointer("/messages", index), seenIds, converted, provenance, problems),
  );

  const document: Transcript = {
    schema_version: formatVersion,
    id: id ?? "-",
    ...(title === undefined || title === null ? {} : { title }),
    ...(createdAt === undefined ? {} : { created_at: createdAt }),
    ...(updatedAt === undefined ? {} : { updated_at: updatedAt }),
    source: {
      format: "warp-export",
      ...(version === undefined ? {} : { format_version: version }),
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(id === undefined ? {} : { session_id: id }),
      ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
    },
    producer: { name: "warp" },
    messages: converted,
    ...(exportedAt === undefined ? {} : { export: { exported_at: exportedAt } }),
    ...(rest === undefined ? {} : { metadata: { [providerKey]: rest } }),
  };
  return finishToCanonical(document, provenance, problems);
}

/** One canonical message being built, and where its parts came from. */
interface Segment {
  message: Message;
  sources: Provenance["parts"][number];
}

function importMessage(
  value: unknown,
  path: string,
  seenIds: Set<string>,
  output: Message[],
  provenance: Provenance,
  problems: Problems,
): void {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return;
  }
  const reader = new FieldReader(value, path, problems);
  const id = reader.string("id", { required: true, nonEmpty: true });
  if (id !== undefined) {
    if (seenIds.has(id)) problems.error(reader.at("id"), `message id ${JSON.stringify(id)} is used twice`);
    seenIds.add(id);
  }
  const role = reader.oneOf("role", roles, { required: true });
  const createdAt = reader.dateTime("created_at");
  const model = reader.string("model");
  const blocks = reader.array("content", { required: true });
  const rest = reader.rest();
  if (id === undefined || role === undefined || blocks === undefined) return;

  const first: Message = {
    id,
    role,
    ...(createdAt === undefined ? {} : { created_at: createdAt }),
    ...(model === undefined ? {} : { model }),
    parts: [],
    ...(rest === undefined ? {} : { provider_fields: { [providerKey]: rest } }),
  };

  const segments: Segment[] = [{ message: first, sources: [] }];
  let current = segments[0] as Segment;
  let results: Segment | undefined;
  const startSegment = (segmentRole: Message["role"]): Segment => {
    const message: Message = {
      id: `${id}#${segments.length}`,
      role: segmentRole,
      ...(segmentRole !== "tool" && model !== undefined ? { model } : {}),
      parts: [],
      metadata: { [segmentKey]: id },
    };
    const segment = { message, sources: [] };
    segments.push(segment);
    return segment;
  };

  blocks.forEach((block: unknown, blockIndex) => {
    const blockPath = pointer(reader.at("content"), blockIndex);
    const converted = importBlock(block, blockPath, callIdFor(id, blockIndex), problems);
    if (converted === undefined) return;
    if (converted.part.type !== "tool_call" && results !== undefined) {
      // Text after tool results continues the Warp message in a new message after the results.
      current = startSegment(role);
      results = undefined;
    }
    current.message.parts.push(converted.part);
    current.sources.push({ path: blockPath, sameShape: converted.sameShape });
    if (converted.result !== undefined) {
      results ??= startSegment("tool");
      results.message.parts.push(converted.result);
      results.sources.push({ path: blockPath, sameShape: false });
    }
  });

  for (const segment of segments) {
    output.push(segment.message);
    provenance.messages.push(path);
    provenance.parts.push(segment.sources);
  }
}

interface ConvertedBlock {
  part: Part;
  result?: ToolResultPart;
  /** The part copies the block field for field. */
  sameShape: boolean;
}

function importBlock(value: unknown, path: string, callId: string, problems: Problems): ConvertedBlock | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const type = value["type"];
  if (typeof type !== "string" || type.length === 0) {
    problems.error(pointer(path, "type"), "must be a non-empty string naming the block type");
    return undefined;
  }
  if (!knownBlockTypes.has(type)) {
    // A block type of a newer minor version: kept whole, so export writes it back unchanged (spec: "pass through
    // unknown content-block types unchanged").
    return {
      part: { type: "native", native_type: type, data: cloneJson(value), issuer: { provider: providerKey } },
      sameShape: false,
    };
  }
  const reader = new FieldReader(value, path, problems);
  reader.take("type");
  switch (type) {
    case "text": {
      const text = reader.string("text", { required: true });
      return text === undefined ? undefined : withRest({ type: "text", text }, reader, true);
    }
    case "reasoning": {
      const text = reader.string("text", { required: true });
      const duration = reader.integer("duration_ms", { minimum: 0 });
      if (text === undefined) return undefined;
      return withRest(
        { type: "reasoning", text, ...(duration === undefined ? {} : { duration_ms: duration }) },
        reader,
        true,
      );
    }
    case "tool_call":
      return importToolCall(reader, callId, problems);
    case "plan_step": {
      const item = importPlanFields(reader, problems);
      if (item === undefined) return undefined;
      const part: PlanStepPart = { type: "plan_step", ...item };
      return withRest(part, reader, true);
    }
    case "code_diff": {
      const files = reader.array("files", { required: true });
      if (files === undefined) return undefined;
      if (files.length === 0) problems.error(reader.at("files"), "must list at least one file");
      const converted = files.flatMap((file: unknown, index) => {
        const file_ = importDiffFile(file, pointer(reader.at("files"), index), problems);
        return file_ === undefined ? [] : [file_];
      });
      const part: CodeDiffPart = { type: "code_diff", files: converted };
      return withRest(part, reader, true);
    }
    default:
      return importImage(reader, problems);
  }
}

/** Keeps the block's undefined fields in the part's provider_fields, for export to merge back. */
function withRest<T extends Part & { provider_fields?: Record<string, JsonObject> }>(
  part: T,
  reader: FieldReader,
  sameShape: boolean,
): ConvertedBlock {
  const rest = reader.rest();
  if (rest !== undefined) part.provider_fields = { [providerKey]: rest };
  return { part, sameShape };
}

function importImage(reader: FieldReader, problems: Problems): ConvertedBlock | undefined {
  const uri = reader.string("data_uri", { required: true });
  const alt = reader.string("alt");
  if (uri === undefined) return undefined;
  if (!uri.startsWith("data:")) {
    problems.error(reader.at("data_uri"), "must be a data: URI (the export inlines images)");
    return undefined;
  }
  const part: ImagePart = { type: "image", ...splitDataUri(uri) };
  if (alt !== undefined) part.alt = alt;
  return withRest(part, reader, false);
}

/**
 * `data:<type>;base64,<data>` becomes media_type and data; any other data URI (percent-encoded, with
 * parameters) stays whole in url, which the schema allows for a source that used one. Either way export
 * rebuilds the exact text.
 */
function splitDataUri(uri: string): { media_type: string; data: string } | { url: string } {
  const comma = uri.indexOf(",");
  if (comma < 0) return { url: uri };
  const header = uri.slice("data:".length, comma);
  const data = uri.slice(comma + 1);
  const marker = ";base64";
  if (!header.endsWith(marker)) return { url: uri };
  const mediaType = header.slice(0, -marker.length);
  if (mediaType.length === 0 || mediaType.includes(";") || !base64.test(data)) return { url: uri };
  return { media_type: mediaType, data };
}

function importToolCall(reader: FieldReader, callId: string, problems: Problems): ConvertedBlock | undefined {
  const name = reader.string("tool", { required: true, nonEmpty: true });
  const input = readTypedValue(reader, "input", true, problems);
  const output = readTypedValue(reader, "output", false, problems);
  const duration = reader.integer("duration_ms", { minimum: 0 });
  const status = reader.oneOf("status", ["ok", "error"] as const);
  const truncated = reader.boolean("truncated");
  if (truncated === false)
    problems.error(reader.at("truncated"), "must be true when present (absent when the output is whole)");
  const originalSize = reader.integer("original_size_bytes", { minimum: 0 });
  const strategy = reader.oneOf("truncation_strategy", truncationStrategies);
  if (name === undefined || input === undefined) return undefined;
  const call: ToolCallPart = { type: "tool_call", id: callId, name, input: input.value };
  const converted = withRest(call, reader, false);
  const hasResultField =
    output !== undefined ||
    duration !== undefined ||
    truncated !== undefined ||
    originalSize !== undefined ||
    strategy !== undefined;
  if (status === undefined) {
    if (hasResultField)
      problems.error(reader.at("status"), "is required when the call has an output, a duration or truncation fields");
    return converted;
  }
  const result: ToolResultPart = { type: "tool_result", call_id: callId, name, status };
  if (output !== undefined) result.output = output.value;
  if (duration !== undefined) result.duration_ms = duration;
  if (truncated === true) result.truncated = true;
  if (originalSize !== undefined) result.original_size_bytes = originalSize;
  if (strategy !== undefined) result.truncation_strategy = strategy;
  return { ...converted, result };
}

/** Unwraps a TypedValue; undefined when absent or malformed (reported). */
function readTypedValue(
  reader: FieldReader,
  key: string,
  required: boolean,
  problems: Problems,
): { value: unknown } | undefined {
  const wrapper = reader.object(key, { required });
  if (wrapper === undefined) return undefined;
  const inner = new FieldReader(wrapper, reader.at(key), problems);
  const type = inner.oneOf("type", typedValueTypes, { required: true });
  if (!inner.has("value")) {
    problems.error(inner.at("value"), "is required (null for the null variant)");
    return undefined;
  }
  const value = inner.json("value");
  for (const extra of Object.keys(inner.rest() ?? {})) {
    problems.warn(
      "field-dropped",
      inner.at(extra),
      `a TypedValue field the spec does not define (${extra}) has no canonical place`,
    );
  }
  if (type === undefined) return undefined;
  if (value === undefined) return undefined;
  if (jsonTypeOf(value) !== type) {
    problems.error(
      inner.at("value"),
      `must be of type ${type}, as the wrapper says (it is ${jsonTypeOf(value) ?? "not JSON"})`,
    );
    return undefined;
  }
  return { value };
}

/** A plan step's or item's own fields, verbatim (null stays null), with its sub-items read recursively. */
function importPlanFields(reader: FieldReader, problems: Problems): PlanItem | undefined {
  const id = reader.string("id", { required: true, nonEmpty: true });
  const title = reader.string("title", { required: true });
  const status = reader.oneOf("status", planStatuses, { required: true });
  const blockedReason = reader.nullableString("blocked_reason");
  const description = reader.nullableString("description");
  const subitems = reader.array("subitems");
  // Sub-items are read even when this item is broken, so every problem is reported at once.
  const converted = subitems?.flatMap((subitem: unknown, index) => {
    const subPath = pointer(reader.at("subitems"), index);
    if (!isJsonObject(subitem)) {
      problems.error(subPath, "must be an object");
      return [];
    }
    const subReader = new FieldReader(subitem, subPath, problems);
    const item = importPlanFields(subReader, problems);
    reportNestedRest(subReader, "plan item", problems);
    return item === undefined ? [] : [item];
  });
  if (id === undefined || title === undefined || status === undefined) return undefined;
  const item: PlanItem = { id, title, status };
  if (reader.has("blocked_reason") && blockedReason !== undefined) item.blocked_reason = blockedReason;
  if (reader.has("description") && description !== undefined) item.description = description;
  if (converted !== undefined) item.subitems = converted;
  return item;
}

/** Nested objects (plan items, diff files, hunks, lines) have closed canonical shapes: extra fields are reported. */
function reportNestedRest(reader: FieldReader, what: string, problems: Problems): void {
  for (const extra of Object.keys(reader.rest() ?? {})) {
    problems.warn(
      "field-dropped",
      reader.at(extra),
      `a ${what} field the spec does not define (${extra}) has no canonical place`,
    );
  }
}

function importDiffFile(value: unknown, path: string, problems: Problems): DiffFile | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const filePath = reader.string("path", { required: true, nonEmpty: true });
  const oldPath = reader.string("old_path");
  const change = reader.oneOf("change", fileChanges, { required: true });
  const binary = reader.boolean("binary", { required: true });
  const oldMode = reader.string("old_mode");
  const newMode = reader.string("new_mode");
  const hunks = reader.array("hunks", { required: true });
  reportNestedRest(reader, "diff file", problems);
  const converted = hunks?.flatMap((hunk: unknown, index) => {
    const item = importHunk(hunk, pointer(reader.at("hunks"), index), problems);
    return item === undefined ? [] : [item];
  });
  if (filePath === undefined || change === undefined || binary === undefined || converted === undefined)
    return undefined;
  return {
    path: filePath,
    ...(oldPath === undefined ? {} : { old_path: oldPath }),
    change,
    binary,
    ...(oldMode === undefined ? {} : { old_mode: oldMode }),
    ...(newMode === undefined ? {} : { new_mode: newMode }),
    hunks: converted,
  };
}

function importHunk(value: unknown, path: string, problems: Problems): DiffHunk | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const oldStart = reader.integer("old_start", { required: true, minimum: 0 });
  const oldLines = reader.integer("old_lines", { required: true, minimum: 0 });
  const newStart = reader.integer("new_start", { required: true, minimum: 0 });
  const newLines = reader.integer("new_lines", { required: true, minimum: 0 });
  const header = reader.string("header");
  const lines = reader.array("lines", { required: true });
  reportNestedRest(reader, "diff hunk", problems);
  const converted = lines?.flatMap((line: unknown, index): DiffLine[] => {
    const linePath = pointer(reader.at("lines"), index);
    if (!isJsonObject(line)) {
      problems.error(linePath, "must be an object");
      return [];
    }
    const lineReader = new FieldReader(line, linePath, problems);
    const kind = lineReader.oneOf("kind", lineKinds, { required: true });
    const text = lineReader.string("text", { required: true });
    reportNestedRest(lineReader, "diff line", problems);
    return kind === undefined || text === undefined ? [] : [{ kind, text }];
  });
  if (
    oldStart === undefined ||
    oldLines === undefined ||
    newStart === undefined ||
    newLines === undefined ||
    converted === undefined
  )
    return undefined;
  return {
    old_start: oldStart,
    old_lines: oldLines,
    new_start: newStart,
    new_lines: newLines,
    ...(header === undefined ? {} : { header }),
    lines: converted,
  };
}

/** Converts a canonical transcript to a Warp JSON conversation export (Warp export). */
export function exportWarpExport(document: Transcript | Tolerant.Transcript): FromCanonicalResult<WarpExport> {
  return guard(
    () => exportChecked(document),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

const mappedTranscriptFields = [
  "schema_version",
  "id",
  "title",
  "created_at",
  "updated_at",
  "source",
  "producer",
  "messages",
  "export",
  "metadata",
];
const mappedMessageFields = ["id", "role", "parts", "created_at", "model", "metadata", "provider_fields"];

interface CallSlot {
  block: JsonObject;
  name: string;
  answered: boolean;
}

interface ExportState {
  messages: JsonObject[];
  /** The Warp message the next continuation joins. */
  current:
    { message: JsonObject; id: string; role: string; model: string | undefined; content: JsonObject[] } | undefined;
  calls: Map<string, CallSlot>;
  problems: Problems;
}

function exportChecked(document: Tolerant.Transcript): FromCanonicalResult<WarpExport> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  reportUnmapped(document, mappedTranscriptFields, "", "Warp export", problems);
  if (document.export !== undefined)
    reportUnmapped(document.export, ["exported_at"], "/export", "Warp export", problems);

  const state: ExportState = { messages: [], current: undefined, calls: new Map(), problems };
  document.messages.forEach((message, index) => exportMessage(message, index, state));

  const sourceVersion = document.source?.format === "warp-export" ? document.source.format_version : undefined;
  const output: JsonObject = {
    schema_version: sourceVersion !== undefined && majorOne.test(sourceVersion) ? sourceVersion : "1.0.0",
    conversation_id: document.id,
    title: document.title ?? null,
  };
  if (document.created_at !== undefined) output["created_at"] = document.created_at;
  if (document.updated_at !== undefined) output["updated_at"] = document.updated_at;
  if (document.export?.exported_at !== undefined) output["exported_at"] = document.export.exported_at;
  output["messages"] = state.messages;
  mergeKept(output, document.metadata, "/metadata", "transcript metadata", problems);
  return { ok: true, value: output as unknown as WarpExport, warnings: problems.warnings };
}

/**
 * Merges `<fields>.warp` back into a written object (the source's undefined fields, which never collide with
 * the fields the converter writes) and reports every other entry as dropped.
 */
function mergeKept(
  target: JsonObject,
  fields: Record<string, unknown> | undefined,
  path: string,
  what: string,
  problems: Problems,
): void {
  if (fields === undefined) return;
  for (const [key, item] of Object.entries(fields)) {
    if (key !== providerKey || !isJsonObject(item)) {
      problems.warn("field-dropped", pointer(path, key), `${what} ${key} has no Warp export equivalent`);
      continue;
    }
    for (const [field, fieldValue] of Object.entries(item)) {
      if (Object.hasOwn(target, field))
        problems.warn("field-dropped", pointer(path, key, field), `${field} is written by the converter itself`);
      else setField(target, field, cloneJson(fieldValue));
    }
  }
}

function exportMessage(message: Tolerant.Message, index: number, state: ExportState): void {
  const { problems } = state;
  const path = pointer("/messages", index);
  const segmentOf = message.metadata?.[segmentKey];
  const current = state.current;
  const continues =
    current !== undefined && segmentOf === current.id && (message.role === "tool" || message.role === current.role);
  const { [segmentKey]: _segment, ...otherMetadata } = message.metadata ?? {};
  if (Object.keys(otherMetadata).length > 0) {
    for (const key of Object.keys(otherMetadata))
      problems.warn(
        "field-dropped",
        pointer(path, "metadata", key),
        `message metadata ${key} has no Warp export equivalent`,
      );
  }

  if (message.role === "tool") {
    // Results go back into their tool_call blocks, wherever the calls were.
    reportUnmapped(
      message,
      continues ? ["id", "role", "parts", "metadata"] : ["role", "parts", "metadata"],
      path,
      "Warp export",
      problems,
    );
    if (message.provider_fields !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields"),
        "a tool message keeps no fields of its own in a Warp export",
      );
    message.parts.forEach((part, partIndex) => {
      const partPath = pointer(path, "parts", partIndex);
      if (isKnownPart(part) && part.type === "tool_result") foldResult(part, partPath, state);
      else
        problems.warn("part-dropped", partPath, `a ${part.type} part in a tool message has no Warp export equivalent`);
    });
    return;
  }

  if (continues) {
    reportUnmapped(message, ["id", "role", "parts", "metadata", "model"], path, "Warp export", problems);
    if (message.model !== undefined && message.model !== current.model)
      problems.warn(
        "field-dropped",
        pointer(path, "model"),
        "a Warp message has one model; this continuation names another",
      );
    if (message.provider_fields !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields"),
        "a continuation keeps no fields of its own in a Warp export",
      );
    message.parts.forEach((part, partIndex) => exportPart(part, pointer(path, "parts", partIndex), current, state));
    return;
  }

  if (message.role !== "user" && message.role !== "assistant") {
    problems.warn("message-dropped", path, `a Warp export has no ${message.role} messages`);
    state.current = undefined;
    return;
  }
  reportUnmapped(message, mappedMessageFields, path, "Warp export", problems);
  const id = message.id ?? `message-${index}`;
  const written: JsonObject = { id, role: message.role };
  if (message.created_at !== undefined) written["created_at"] = message.created_at;
  if (message.model !== undefined) written["model"] = message.model;
  const content: JsonObject[] = [];
  written["content"] = content;
  mergeKept(written, message.provider_fields, pointer(path, "provider_fields"), "provider_fields for", problems);
  state.messages.push(written);
  const opened = { message: written, id, role: message.role, model: message.model, content };
  state.current = opened;
  message.parts.forEach((part, partIndex) => exportPart(part, pointer(path, "parts", partIndex), opened, state));
}

function exportPart(
  part: Tolerant.Part,
  path: string,
  current: NonNullable<ExportState["current"]>,
  state: ExportState,
): void {
  const { problems } = state;
  if (!isKnownPart(part)) {
    problems.warn("part-dropped", path, `a ${part.type} part has no Warp export equivalent`);
    return;
  }
  const blockIndex = current.content.length;
  const push = (block: JsonObject, fields: Record<string, JsonObject> | undefined): void => {
    mergeKept(block, fields, pointer(path, "provider_fields"), "provider_fields for", problems);
    current.content.push(block);
  };
  switch (part.type) {
    case "text":
      reportUnmapped(part, ["type", "text", "provider_fields"], path, "Warp export", problems);
      push({ type: "text", text: part.text }, part.provider_fields);
      return;
    case "reasoning": {
      reportUnmapped(part, ["type", "text", "duration_ms", "provider_fields"], path, "Warp export", problems);
      if (part.text === undefined) {
        problems.warn("part-dropped", path, "a Warp reasoning block needs readable text; this reasoning has none");
        return;
      }
      const block: JsonObject = { type: "reasoning", text: part.text };
      if (part.duration_ms !== undefined) block["duration_ms"] = part.duration_ms;
      push(block, part.provider_fields);
      return;
    }
    case "tool_call": {
      reportUnmapped(part, ["type", "id", "name", "input", "provider_fields"], path, "Warp export", problems);
      if (part.id !== callIdFor(current.id, blockIndex))
        problems.warn("field-dropped", pointer(path, "id"), "a Warp tool_call block has no call id");
      let input: unknown = part.input;
      if (input === undefined) {
        problems.warn(
          "value-converted",
          pointer(path, "raw_input"),
          "arguments that are not JSON are written as a string TypedValue of their text",
        );
        input = part.raw_input ?? "";
      }
      const block: JsonObject = { type: "tool_call", tool: part.name, input: wrap(input) };
      push(block, part.provider_fields);
      state.calls.set(part.id, { block, name: part.name, answered: false });
      return;
    }
    case "tool_result":
      foldResult(part, path, state);
      return;
    case "plan_step": {
      reportUnmapped(
        part,
        ["type", "id", "title", "status", "blocked_reason", "description", "subitems", "provider_fields"],
        path,
        "Warp export",
        problems,
      );
      push({ type: "plan_step", ...planItem(part) }, part.provider_fields);
      return;
    }
    case "code_diff":
      reportUnmapped(part, ["type", "files", "provider_fields"], path, "Warp export", problems);
      push({ type: "code_diff", files: cloneJson(part.files) }, part.provider_fields);
      return;
    case "image": {
      reportUnmapped(
        part,
        ["type", "media_type", "data", "url", "alt", "provider_fields"],
        path,
        "Warp export",
        problems,
      );
      const uri = dataUriOf(part, path, problems);
      if (uri === undefined) return;
      const block: JsonObject = { type: "image", data_uri: uri };
      if (part.alt !== undefined) block["alt"] = part.alt;
      push(block, part.provider_fields);
      return;
    }
    case "native":
      if (part.issuer.provider === providerKey && isJsonObject(part.data) && typeof part.data["type"] === "string") {
        current.content.push(cloneJson(part.data));
        return;
      }
      problems.warn(
        "part-dropped",
        path,
        `a native ${part.native_type} block of ${part.issuer.provider} has no Warp export equivalent`,
      );
      return;
    default:
      problems.warn("part-dropped", path, `a ${part.type} part has no Warp export equivalent`);
  }
}

/** Warp writes every optional plan field, null when empty (spec B2.1.2). */
function planItem(item: PlanItem): WarpPlanItem {
  return {
    id: item.id,
    title: item.title,
    status: item.status,
    blocked_reason: item.blocked_reason ?? null,
    description: item.description ?? null,
    subitems: (item.subitems ?? []).map(planItem),
  };
}

function wrap(value: unknown): WarpTypedValue {
  return { type: jsonTypeOf(value) ?? "null", value: cloneJson(value) } as WarpTypedValue;
}

function dataUriOf(part: ImagePart, path: string, problems: Problems): string | undefined {
  if (part.data !== undefined) {
    let mediaType = part.media_type;
    if (mediaType === undefined) {
      problems.warn(
        "value-converted",
        pointer(path, "media_type"),
        "the image has no media type; written as application/octet-stream",
      );
      mediaType = "application/octet-stream";
    }
    if (part.url !== undefined)
      problems.warn("field-dropped", pointer(path, "url"), "a Warp image is inline; its URL is left out");
    return `data:${mediaType};base64,${part.data}`;
  }
  if (part.url !== undefined && part.url.toLowerCase().startsWith("data:")) {
    if (part.media_type !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "media_type"),
        "the data URI carries the media type; this one is left out",
      );
    return part.url;
  }
  problems.warn("part-dropped", path, "a Warp export inlines images as data URIs; this image is not inline");
  return undefined;
}

function foldResult(part: ToolResultPart, path: string, state: ExportState): void {
  const { problems } = state;
  const slot = state.calls.get(part.call_id);
  if (slot === undefined) {
    problems.warn(
      "tool-result-unmatched",
      pointer(path, "call_id"),
      "no earlier tool call has this id; a Warp export keeps results only inside their calls",
    );
    return;
  }
  if (slot.answered) {
    problems.warn(
      "field-dropped",
      path,
      "a Warp tool_call block holds one result; a second result for this call is left out",
    );
    return;
  }
  slot.answered = true;
  reportUnmapped(
    part,
    [
      "type",
      "call_id",
      "name",
      "status",
      "output",
      "duration_ms",
      "truncated",
      "original_size_bytes",
      "truncation_strategy",
    ],
    path,
    "Warp export",
    problems,
  );
  if (part.name !== undefined && part.name !== slot.name)
    problems.warn(
      "field-dropped",
      pointer(path, "name"),
      `the result names ${part.name} but answers a call of ${slot.name}`,
    );
  const block = slot.block;
  if (part.output !== undefined) block["output"] = wrap(part.output);
  if (part.duration_ms !== undefined) block["duration_ms"] = part.duration_ms;
  if (part.status === "ok" || part.status === "error") block["status"] = part.status;
  else {
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Warp tool statuses are ok and error; ${part.status} written as error`,
    );
    block["status"] = "error";
  }
  if (part.truncated === true) block["truncated"] = true;
  if (part.original_size_bytes !== undefined) block["original_size_bytes"] = part.original_size_bytes;
  if (part.truncation_strategy !== undefined) block["truncation_strategy"] = part.truncation_strategy;
}
