/**
 * Warp export → canonical document: each Warp message becomes one canonical message, its blocks parts one for one,
 * with the results of its tool calls in a `tool` message after them (see index.ts for the whole mapping).
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
  ToolCallPart,
  ToolResultPart,
  Transcript,
} from "@agent-transcript/core";
import { formatVersion, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  documentReader,
  FieldReader,
  isJsonObject,
  jsonTypeOf,
  pointer,
  splitDataUrl,
  type ToCanonicalOptions,
  type JsonObject,
  type JsonTypeName,
  type DocumentReadContext,
  type Problems,
  type Provenance,
} from "../../conversion/index.js";
import type { WarpPlanStatus, WarpTruncationStrategy } from "./types.js";

/** Where native fields the canonical form has no place for are kept: `provider_fields.warp`, `metadata.warp`. */
export const providerKey = "warp";
/** Names, on the messages a Warp message is split into, the Warp message they came from. */
export const segmentKey = "warp_message_id";
const roles = ["user", "assistant"] as const;
const planStatuses: readonly WarpPlanStatus[] = ["pending", "in_progress", "complete", "blocked", "cancelled"];
const typedValueTypes: readonly JsonTypeName[] = ["object", "array", "string", "number", "boolean", "null"];
const lineKinds = ["context", "added", "removed", "no_newline"] as const;
const fileChanges = ["added", "modified", "deleted", "renamed", "copied"] as const;
const truncationStrategies: readonly WarpTruncationStrategy[] = ["string_prefix", "array_prefix", "object_prefix"];
const knownBlockTypes = new Set(["text", "reasoning", "tool_call", "plan_step", "code_diff", "image"]);
/** The schema versions this converter reads and writes: major 1. */
export const majorOne = /^1\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/;
const semanticVersion = /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)$/;

/** The call id of a tool_call block, which has none of its own: `<message id>:<block index>`. */
export function callIdFor(messageId: string, blockIndex: number): string {
  return `${messageId}:${blockIndex}`;
}

/** Converts a Warp JSON conversation export (Warp export) to a canonical transcript. */
export const toCanonical = documentReader({
  accepts: isJsonObject,
  notDocument: "must be a Warp conversation export object",
  read: readExport,
});

function readExport(
  value: JsonObject,
  { problems, provenance, options }: DocumentReadContext<ToCanonicalOptions>,
): Transcript {
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
    readMessage(message, pointer("/messages", index), seenIds, converted, provenance, problems),
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
  return document;
}

/** One canonical message being built, and where its parts came from. */
interface Segment {
  message: Message;
  sources: Provenance["parts"][number];
}

function readMessage(
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
    const converted = readBlock(block, blockPath, callIdFor(id, blockIndex), problems);
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

function readBlock(value: unknown, path: string, callId: string, problems: Problems): ConvertedBlock | undefined {
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
      return readToolCall(reader, callId, problems);
    case "plan_step": {
      const item = readPlanFields(reader, problems);
      if (item === undefined) return undefined;
      const part: PlanStepPart = { type: "plan_step", ...item };
      return withRest(part, reader, true);
    }
    case "code_diff": {
      const files = reader.array("files", { required: true });
      if (files === undefined) return undefined;
      if (files.length === 0) problems.error(reader.at("files"), "must list at least one file");
      const converted = files.flatMap((file: unknown, index) => {
        const file_ = readDiffFile(file, pointer(reader.at("files"), index), problems);
        return file_ === undefined ? [] : [file_];
      });
      const part: CodeDiffPart = { type: "code_diff", files: converted };
      return withRest(part, reader, true);
    }
    default:
      return readImage(reader, problems);
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

function readImage(reader: FieldReader, problems: Problems): ConvertedBlock | undefined {
  const uri = reader.string("data_uri", { required: true });
  const alt = reader.string("alt");
  if (uri === undefined) return undefined;
  // The scheme is case-insensitive (RFC 3986), as the writer takes it.
  if (!/^data:/i.test(uri)) {
    problems.error(reader.at("data_uri"), "must be a data: URI (the export inlines images)");
    return undefined;
  }
  // A URI the one rule does not split (percent-encoded, with parameters) stays whole in url, which the schema allows
  // for a source that used one; either way the export writes back the exact text.
  const inline = splitDataUrl(uri);
  const part: ImagePart =
    inline === undefined
      ? { type: "image", url: uri }
      : { type: "image", media_type: inline.mediaType, data: inline.data };
  if (alt !== undefined) part.alt = alt;
  return withRest(part, reader, false);
}

function readToolCall(reader: FieldReader, callId: string, problems: Problems): ConvertedBlock | undefined {
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
function readPlanFields(reader: FieldReader, problems: Problems): PlanItem | undefined {
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
    const item = readPlanFields(subReader, problems);
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
      `${withIndefiniteArticle(`${what} field`)} the spec does not define (${extra}) has no canonical place`,
    );
  }
}

function readDiffFile(value: unknown, path: string, problems: Problems): DiffFile | undefined {
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
    const item = readHunk(hunk, pointer(reader.at("hunks"), index), problems);
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

function readHunk(value: unknown, path: string, problems: Problems): DiffHunk | undefined {
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
