/**
 * Canonical document → Warp export: the inverse of to-canonical.ts. The messages one Warp message was split into
 * (ids `<id>#<n>`, `metadata.warp_message_id`) join back into it, tool results go back into their tool_call blocks,
 * and everything a Warp export cannot hold is reported as a warning.
 */
import type { ImagePart, Part, PlanItem, Tolerant, ToolResultPart } from "@agent-transcript/core";
import type { Problems } from "../../conversion/index.js";
import {
  cloneJson,
  dataUrlOf,
  isJsonObject,
  jsonTypeOf,
  pointer,
  mergeKeptFields,
  reportUnmapped,
  documentWriter,
  forEachKnownPart,
  forEachToolResult,
  type JsonObject,
} from "../../conversion/index.js";
// The conventions to-canonical.ts defines (keys, made-up ids), which this direction inverts.
import { callIdFor, majorOne, providerKey, segmentKey } from "./to-canonical.js";
import type { WarpExport, WarpPlanItem, WarpTypedValue } from "./types.js";

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

/** Converts a canonical transcript to a Warp JSON conversation export (Warp export). */
export const fromCanonical = documentWriter<WarpExport>("Warp export", mappedTranscriptFields, writeExport);

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

function writeExport(document: Tolerant.Transcript, problems: Problems): WarpExport {
  if (document.export !== undefined)
    reportUnmapped(document.export, ["exported_at"], "/export", "Warp export", problems);

  const state: ExportState = { messages: [], current: undefined, calls: new Map(), problems };
  document.messages.forEach((message, index) => writeMessage(message, index, state));

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
  return output as unknown as WarpExport;
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
  mergeKeptFields(target, fields, path, { providerKey, target: "Warp export", what }, problems);
}

function writeMessage(message: Tolerant.Message, index: number, state: ExportState): void {
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
    forEachToolResult(message, path, "Warp export", problems, (part, partPath) => foldResult(part, partPath, state));
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
    forEachKnownPart(message, path, "Warp export", problems, (part, partPath) =>
      writePart(part, partPath, current, state),
    );
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
  forEachKnownPart(message, path, "Warp export", problems, (part, partPath) =>
    writePart(part, partPath, opened, state),
  );
}

/** Writes a part into the current Warp message: false when a Warp export has no place for it. */
function writePart(
  part: Part,
  path: string,
  current: NonNullable<ExportState["current"]>,
  state: ExportState,
): boolean | void {
  const { problems } = state;
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
      return false;
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
    if (part.url !== undefined)
      problems.warn("field-dropped", pointer(path, "url"), "a Warp image is inline; its URL is left out");
    return dataUrlOf(part.data, part.media_type, path, problems, "image", "application/octet-stream");
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
