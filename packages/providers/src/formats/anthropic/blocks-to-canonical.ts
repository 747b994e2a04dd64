/**
 * Anthropic content blocks → canonical parts, for request messages, responses and streams alike.
 *
 * - `text` → text part (citations mapped, see citations.ts); `thinking` → reasoning with the signature and the
 *   Anthropic issuer; `redacted_thinking` → reasoning with `redacted_data`.
 * - `tool_use` → tool call; `server_tool_use` and `mcp_tool_use` → provider-executed tool calls (native_type names
 *   the block type). `tool_result` → tool result (`is_error: true` ↔ status `error`; string content → output, block
 *   content → multimodal content parts). Every other `*_tool_result` block (web search, web fetch, code execution,
 *   tool search, advisor, MCP …) → a provider-executed tool result whose output is the native content verbatim.
 * - `image` and `document` with base64 / url / file / text sources → image and file parts.
 * - `compaction` → compaction part (strategy `summary`).
 * - anything else (`container_upload`, `search_result`, `tool_reference`, `fallback`, `tool_addition`, block types
 *   newer than this converter) → a native part, the block verbatim.
 * Fields a block has beyond the mapped ones go to the part's `provider_fields.anthropic`.
 */
import type {
  Citation,
  CompactionPart,
  Part,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from "@agent-transcript/core";
import { cloneJson, pointer, type Problems } from "../../conversion/index.js";
import { citationToCanonical } from "./citations.js";
import { isJsonObject, issuer, providerFields, restOf, type JsonObject } from "./native.js";

/** Block types that call a tool the provider runs itself. */
export const serverCallTypes: readonly string[] = ["server_tool_use", "mcp_tool_use"];

/** The result block of a provider-executed tool: every `*_tool_result` except the client `tool_result`. */
export function isServerResultType(type: string): boolean {
  return type !== "tool_result" && type.endsWith("_tool_result");
}

function nativePart(block: unknown): Part {
  const type = isJsonObject(block) && typeof block.type === "string" && block.type !== "" ? block.type : "unknown";
  return { type: "native", native_type: type, data: cloneJson(block), issuer: issuer() };
}

function withFields<T extends Exclude<Part, { type: "native" }>>(
  part: T,
  block: JsonObject,
  known: readonly string[],
): T {
  const fields = providerFields(restOf(block, known));
  if (fields !== undefined) part.provider_fields = fields;
  return part;
}

/** One content block → one canonical part. Blocks it cannot read structurally become native parts, never errors. */
export function blockToPart(block: unknown, path: string, problems: Problems): Part {
  if (!isJsonObject(block) || typeof block.type !== "string") return nativePart(block);
  switch (block.type) {
    case "text":
      return textPart(block) ?? nativePart(block);
    case "thinking": {
      if (typeof block.thinking !== "string" || (block.signature !== undefined && typeof block.signature !== "string"))
        return nativePart(block);
      const part: ReasoningPart = { type: "reasoning", text: block.thinking, issuer: issuer() };
      if (typeof block.signature === "string") part.signature = block.signature;
      return withFields(part, block, ["type", "thinking", "signature"]);
    }
    case "redacted_thinking":
      if (typeof block.data !== "string") return nativePart(block);
      return withFields({ type: "reasoning", redacted_data: block.data, issuer: issuer() }, block, ["type", "data"]);
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return toolCall(block) ?? nativePart(block);
    case "tool_result":
      return toolResult(block, path, problems) ?? nativePart(block);
    case "image":
    case "document":
      return mediaPart(block) ?? nativePart(block);
    case "compaction": {
      if (block.content !== null && typeof block.content !== "string") return nativePart(block);
      const part: CompactionPart = { type: "compaction", strategy: "summary", issuer: issuer() };
      if (typeof block.content === "string") part.summary = block.content;
      // A null content (a stream's opening compaction block) stays native, so the block is rebuilt exactly.
      return withFields(part, block, typeof block.content === "string" ? ["type", "content"] : ["type"]);
    }
    default:
      if (isServerResultType(block.type)) return serverResult(block) ?? nativePart(block);
      return nativePart(block);
  }
}

function textPart(block: JsonObject): Part | undefined {
  if (typeof block.text !== "string") return undefined;
  const part: TextPart = { type: "text", text: block.text };
  const known = ["type", "text"];
  if (Array.isArray(block.citations)) {
    part.citations = block.citations.map((citation): Citation => citationToCanonical(citation));
    known.push("citations");
  }
  return withFields(part, block, known);
}

function toolCall(block: JsonObject): ToolCallPart | undefined {
  if (
    typeof block.id !== "string" ||
    block.id === "" ||
    typeof block.name !== "string" ||
    block.name === "" ||
    !Object.hasOwn(block, "input")
  )
    return undefined;
  const part: ToolCallPart = { type: "tool_call", id: block.id, name: block.name, input: cloneJson(block.input) };
  if (block.type !== "tool_use") {
    part.provider_executed = true;
    part.native_type = String(block.type);
  }
  return withFields(part, block, ["type", "id", "name", "input"]);
}

function toolResult(block: JsonObject, path: string, problems: Problems): ToolResultPart | undefined {
  if (typeof block.tool_use_id !== "string" || block.tool_use_id === "") return undefined;
  const part: ToolResultPart = {
    type: "tool_result",
    call_id: block.tool_use_id,
    status: block.is_error === true ? "error" : "ok",
  };
  const known = ["type", "tool_use_id"];
  // `is_error: true` is the status; an explicit `false` (or anything else) stays native so it is written back.
  if (block.is_error === true) known.push("is_error");
  if (typeof block.content === "string") {
    part.output = block.content;
    known.push("content");
  } else if (Array.isArray(block.content)) {
    part.content = block.content.map((item, index) => blockToPart(item, pointer(path, "content", index), problems));
    known.push("content");
  }
  return withFields(part, block, known);
}

function serverResult(block: JsonObject): ToolResultPart | undefined {
  if (typeof block.tool_use_id !== "string" || block.tool_use_id === "") return undefined;
  const content = block.content;
  const failed =
    block.is_error === true ||
    (isJsonObject(content) && typeof content.type === "string" && content.type.endsWith("_error"));
  const part: ToolResultPart = {
    type: "tool_result",
    call_id: block.tool_use_id,
    status: failed ? "error" : "ok",
    provider_executed: true,
    native_type: String(block.type),
  };
  const known = ["type", "tool_use_id"];
  if (Object.hasOwn(block, "content")) {
    part.output = cloneJson(content);
    known.push("content");
  }
  return withFields(part, block, known);
}

interface MediaFields {
  media_type?: string;
  data?: string;
  url?: string;
  file_id?: string;
  text?: string;
}

/** Image and document blocks whose source has a canonical equivalent; others (content sources) stay native. */
function mediaPart(block: JsonObject): Part | undefined {
  const source = block.source;
  if (!isJsonObject(source) || typeof source.type !== "string") return undefined;
  const isImage = block.type === "image";
  const media: MediaFields = {};
  let sourceKnown: string[];
  if (source.type === "base64" && typeof source.data === "string" && typeof source.media_type === "string") {
    media.media_type = source.media_type;
    media.data = source.data;
    sourceKnown = ["type", "data", "media_type"];
  } else if (source.type === "url" && typeof source.url === "string") {
    media.url = source.url;
    sourceKnown = ["type", "url"];
  } else if (source.type === "file" && typeof source.file_id === "string") {
    media.file_id = source.file_id;
    sourceKnown = ["type", "file_id"];
  } else if (
    !isImage &&
    source.type === "text" &&
    typeof source.data === "string" &&
    source.media_type === "text/plain"
  ) {
    media.media_type = source.media_type;
    media.text = source.data;
    sourceKnown = ["type", "data", "media_type"];
  } else {
    return undefined;
  }
  const known = ["type", "source"];
  const title = !isImage && typeof block.title === "string" ? block.title : undefined;
  if (title !== undefined) known.push("title");
  const rest = restOf(block, known) ?? {};
  // Source fields beyond the mapped ones travel under `source`, merged back into the source on export.
  const sourceRest = restOf(source, sourceKnown);
  if (sourceRest !== undefined) rest.source = sourceRest;
  const fields = providerFields(rest);
  const { text, ...binary } = media;
  const part: Part = isImage
    ? { type: "image", ...binary }
    : { type: "file", ...media, ...(title === undefined ? {} : { title }) };
  if (isImage && text !== undefined) return undefined;
  if (fields !== undefined) part.provider_fields = fields;
  return part;
}
