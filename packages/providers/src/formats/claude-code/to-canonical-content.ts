/**
 * Claude Code's content blocks → canonical parts. The blocks are Anthropic Messages blocks (Claude Code stores the
 * API's messages as they were), so they map as the Anthropic converter maps them, read here on their own because a
 * format folder never imports another: text, thinking (with its signature; the text may be empty), redacted
 * thinking, tool use (server and MCP tool use provider-executed), tool results (string or block content, the error
 * flag), images and documents, server tool results. Anything else, or a known block that is not well formed, is kept
 * verbatim as a native part with a loss, never dropped. Fields a block has beyond the mapped ones go to the part's
 * `provider_fields.anthropic`.
 */
import { withIndefiniteArticle } from "@agent-transcript/core/text";
import type { Issuer, Part, ToolResultPart } from "@agent-transcript/core";
import { isJsonObject, serverToolResult, setField, type JsonObject } from "../../conversion/index.js";

/** Where the fields of an Anthropic block the canonical part has no place for are kept. */
export const anthropicKey = "anthropic";

/** A loss found while reading one line's blocks, reported by the caller with the line's file and number. */
export interface BlockLoss {
  code: "kept-as-native" | "invalid-field";
  message: string;
}

/** The fields of `block` not in `known`, without copying (each line is parsed afresh, so nothing is shared). */
export function unmappedFields(block: JsonObject, known: readonly string[]): JsonObject | undefined {
  let rest: JsonObject | undefined;
  for (const key in block) {
    if (!Object.hasOwn(block, key) || known.includes(key)) continue;
    rest ??= {};
    setField(rest, key, block[key]);
  }
  return rest;
}

function withRest<T extends Exclude<Part, { type: "native" }>>(
  part: T,
  block: JsonObject,
  known: readonly string[],
): T {
  const rest = unmappedFields(block, known);
  if (rest !== undefined) part.provider_fields = { [anthropicKey]: rest };
  return part;
}

/** A block kept as it is, issued by whoever issued the message. */
function nativePart(block: unknown, issuer: Issuer): Part {
  const type = isJsonObject(block) && typeof block.type === "string" && block.type !== "" ? block.type : "unknown";
  return { type: "native", native_type: type, data: block, issuer: { ...issuer } };
}

const textKnown = ["type", "text"];
const thinkingKnown = ["type", "thinking", "signature"];
const redactedKnown = ["type", "data"];
const toolUseKnown = ["type", "id", "name", "input"];
const toolResultKnown = ["type", "tool_use_id", "content", "is_error"];
const serverResultKnown = ["type", "tool_use_id", "content"];

/** One block → one part; `losses` gets what was kept rather than mapped. */
export function blockToPart(block: unknown, issuer: Issuer, losses: BlockLoss[]): Part {
  if (!isJsonObject(block) || typeof block.type !== "string") {
    losses.push({
      code: "invalid-field",
      message: "a content block that is not an object with a type; kept as a native part",
    });
    return nativePart(block, issuer);
  }
  const part = knownBlock(block, issuer, losses);
  if (part !== undefined) return part;
  const known = knownTypes.has(block.type);
  losses.push(
    known
      ? {
          code: "invalid-field",
          message: `${withIndefiniteArticle(`${block.type} block`)} that is not well formed; kept as a native part`,
        }
      : {
          code: "kept-as-native",
          message: `${withIndefiniteArticle(`${block.type} block`)} has no canonical equivalent; kept as a native part`,
        },
  );
  return nativePart(block, issuer);
}

const knownTypes = new Set([
  "text",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "server_tool_use",
  "mcp_tool_use",
  "tool_result",
  "image",
  "document",
]);

function knownBlock(block: JsonObject, issuer: Issuer, losses: BlockLoss[]): Part | undefined {
  switch (block.type) {
    case "text":
      return typeof block.text === "string"
        ? withRest({ type: "text", text: block.text }, block, textKnown)
        : undefined;
    case "thinking": {
      if (typeof block.thinking !== "string") return undefined;
      if (block.signature !== undefined && typeof block.signature !== "string") return undefined;
      // The text may be empty, with only the signature (newer models return summarised or omitted thinking).
      const part: Part = { type: "reasoning", text: block.thinking, issuer: { ...issuer } };
      if (typeof block.signature === "string") part.signature = block.signature;
      return withRest(part, block, thinkingKnown);
    }
    case "redacted_thinking":
      if (typeof block.data !== "string") return undefined;
      return withRest({ type: "reasoning", redacted_data: block.data, issuer: { ...issuer } }, block, redactedKnown);
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use": {
      if (typeof block.id !== "string" || block.id === "" || typeof block.name !== "string" || block.name === "")
        return undefined;
      if (!Object.hasOwn(block, "input")) return undefined;
      const part: Part = { type: "tool_call", id: block.id, name: block.name, input: block.input };
      if (block.type !== "tool_use") {
        part.provider_executed = true;
        part.native_type = block.type;
      }
      return withRest(part, block, toolUseKnown);
    }
    case "tool_result":
      return toolResult(block, issuer, losses);
    case "image":
    case "document":
      return media(block);
    default: {
      const part = (block.type as string).endsWith("_tool_result") ? serverToolResult(block) : undefined;
      if (part === undefined) return undefined;
      if (Object.hasOwn(block, "content")) part.output = block.content;
      return withRest(part, block, serverResultKnown);
    }
  }
}

function toolResult(block: JsonObject, issuer: Issuer, losses: BlockLoss[]): Part | undefined {
  if (typeof block.tool_use_id !== "string" || block.tool_use_id === "") return undefined;
  const part: ToolResultPart = {
    type: "tool_result",
    call_id: block.tool_use_id,
    status: block.is_error === true ? "error" : "ok",
  };
  // Claude Code writes the content as a string, or as blocks (mostly images, and text beside them).
  if (typeof block.content === "string") part.output = block.content;
  else if (Array.isArray(block.content)) {
    const parts = block.content.map((item) => blockToPart(item, issuer, losses));
    // The canonical content holds text, media and file parts only; other blocks keep the result's blocks as output.
    if (parts.every((item) => item.type === "text" || item.type === "image" || item.type === "file"))
      part.content = parts as ToolResultPart["content"];
    else part.output = block.content;
  } else if (Object.hasOwn(block, "content")) part.output = block.content;
  // `is_error: true` is the status; any other value stays beside it, so the block is kept exactly.
  const known = block.is_error === true || block.is_error === undefined ? toolResultKnown : serverResultKnown;
  return withRest(part, block, known);
}

/** `image` and `document` blocks by base64, URL or plain-text source; other sources stay native. */
function media(block: JsonObject): Part | undefined {
  const source = block.source;
  if (!isJsonObject(source)) return undefined;
  const image = block.type === "image";
  const sourceKnown = ["type"];
  let part: Exclude<Part, { type: "native" }> | undefined;
  if (source.type === "base64" && typeof source.data === "string" && typeof source.media_type === "string") {
    part = image
      ? { type: "image", media_type: source.media_type, data: source.data }
      : { type: "file", media_type: source.media_type, data: source.data };
    sourceKnown.push("data", "media_type");
  } else if (source.type === "url" && typeof source.url === "string") {
    part = image ? { type: "image", url: source.url } : { type: "file", url: source.url };
    sourceKnown.push("url");
  } else if (!image && source.type === "text" && typeof source.data === "string") {
    part = { type: "file", text: source.data };
    if (typeof source.media_type === "string") part.media_type = source.media_type;
    sourceKnown.push("data", "media_type");
  }
  if (part === undefined) return undefined;
  const rest = unmappedFields(block, ["type", "source"]) ?? {};
  const sourceRest = unmappedFields(source, sourceKnown);
  if (sourceRest !== undefined) setField(rest, "source", sourceRest);
  if (Object.keys(rest).length > 0) part.provider_fields = { [anthropicKey]: rest };
  return part;
}
