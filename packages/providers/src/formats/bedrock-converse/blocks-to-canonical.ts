/**
 * Bedrock content blocks → canonical parts, for request messages, the system prompt, tool-result content, responses
 * and streams alike. A Converse block is a tagged union: one key names the member (`text`, `image`, `toolUse`, …).
 *
 * - `text` → text part.
 * - `image` with `source.bytes` and a known `format` → image part (`format` ↔ `image/<format>`).
 * - `document` with `source.bytes` or `source.text` → file part (`format` ↔ media type, `name` ↔ `title`; `context`
 *   and `citations` stay in provider_fields).
 * - `toolUse` → tool call (`type: "server_tool_use"` → provider-executed, `native_type` the type); `toolResult` →
 *   tool result (`status` `success` / `error` ↔ `ok` / `error`; a `type`, as a server tool's result has, makes it
 *   provider-executed). Result content of exactly one `text` (or one non-string `json`) is the result's output;
 *   any other content is a list of parts (a `json` item among others stays a native part).
 * - `reasoningContent.reasoningText` → reasoning with its signature; `reasoningContent.redactedContent` → reasoning
 *   with `redacted_data`; both issued by Bedrock.
 * - `cachePoint`, `guardContent`, `video`, `audio`, `citationsContent`, `searchResult`, `toolAddition`,
 *   `toolRemoval`, S3 sources, and members newer than this converter → a native part, the block verbatim.
 * A `type` or `status` the member carries, and any other field of it, stays in the part's
 * `provider_fields["amazon-bedrock"]`; fields beside the member (on the block itself) go under `block_fields`.
 */
import type {
  FilePart,
  ImagePart,
  Part,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from "@agent-transcript/core";
import { cloneJson, pointer, type Problems } from "../../conversion/index.js";
import {
  blockFieldsMarker,
  documentFormats,
  imageFormats,
  isJsonObject,
  issuer,
  providerFields,
  restOf,
  type JsonObject,
} from "./native.js";

/** The members of a content block, in the order a block with several is read (the first present wins). */
export const memberKeys = [
  "text",
  "toolUse",
  "toolResult",
  "reasoningContent",
  "image",
  "document",
  "json",
  "cachePoint",
  "guardContent",
  "video",
  "audio",
  "citationsContent",
  "searchResult",
  "toolAddition",
  "toolRemoval",
] as const;

/** Tool-result marker: the native result had no `status` (the API reads it as success). */
export const statusOmittedMarker = "status_omitted";

/** The member key of a block: the first known member present, else its only key. */
function memberOf(block: JsonObject): string | undefined {
  const known = memberKeys.find((key) => Object.hasOwn(block, key));
  if (known !== undefined) return known;
  const keys = Object.keys(block);
  return keys.length === 1 ? keys[0] : undefined;
}

export function nativePart(block: unknown): Part {
  const member = isJsonObject(block) ? memberOf(block) : undefined;
  return { type: "native", native_type: member ?? "unknown", data: cloneJson(block), issuer: issuer() };
}

/** Sets the part's Bedrock fields: the member's unmapped fields, and the block's own beside the member. */
function withFields<T extends Exclude<Part, { type: "native" }>>(
  part: T,
  inner: JsonObject | undefined,
  known: readonly string[],
  block: JsonObject,
  member: string,
  markers: JsonObject = {},
): T {
  const rest = { ...((inner === undefined ? undefined : restOf(inner, known)) ?? {}), ...markers };
  const outer = restOf(block, [member]);
  if (outer !== undefined) rest[blockFieldsMarker] = outer;
  const fields = providerFields(rest);
  if (fields !== undefined) part.provider_fields = fields;
  return part;
}

export type BlockPlace = "message" | "system" | "tool_result";

/** One content block → one canonical part. Blocks it cannot read structurally become native parts, never errors. */
export function blockToPart(block: unknown, path: string, problems: Problems, place: BlockPlace = "message"): Part {
  if (!isJsonObject(block)) return nativePart(block);
  const member = memberOf(block);
  if (member === undefined) return nativePart(block);
  const value = block[member];
  switch (member) {
    case "text":
      if (typeof value !== "string") return nativePart(block);
      return withFields<TextPart>({ type: "text", text: value }, undefined, [], block, member);
    case "toolUse":
      if (place !== "message" || !isJsonObject(value)) return nativePart(block);
      return toolCall(value, block) ?? nativePart(block);
    case "toolResult":
      if (place !== "message" || !isJsonObject(value)) return nativePart(block);
      return toolResult(value, block, path, problems) ?? nativePart(block);
    case "reasoningContent":
      if (place !== "message" || !isJsonObject(value)) return nativePart(block);
      return reasoning(value, block) ?? nativePart(block);
    case "image":
      if (!isJsonObject(value)) return nativePart(block);
      return image(value, block) ?? nativePart(block);
    case "document":
      if (!isJsonObject(value)) return nativePart(block);
      return document(value, block) ?? nativePart(block);
    default:
      return nativePart(block);
  }
}

function toolCall(value: JsonObject, block: JsonObject): ToolCallPart | undefined {
  if (
    typeof value.toolUseId !== "string" ||
    value.toolUseId === "" ||
    typeof value.name !== "string" ||
    value.name === "" ||
    !Object.hasOwn(value, "input")
  )
    return undefined;
  const part: ToolCallPart = {
    type: "tool_call",
    id: value.toolUseId,
    name: value.name,
    input: cloneJson(value.input),
  };
  // The type stays in provider_fields too: it tells a Bedrock server tool from another provider's on the way back.
  if (value.type === "server_tool_use") {
    part.provider_executed = true;
    part.native_type = value.type;
  }
  return withFields(part, value, ["toolUseId", "name", "input"], block, "toolUse");
}

function toolResult(
  value: JsonObject,
  block: JsonObject,
  path: string,
  problems: Problems,
): ToolResultPart | undefined {
  if (typeof value.toolUseId !== "string" || value.toolUseId === "") return undefined;
  if (value.status !== undefined && value.status !== "success" && value.status !== "error") return undefined;
  const part: ToolResultPart = {
    type: "tool_result",
    call_id: value.toolUseId,
    status: value.status === "error" ? "error" : "ok",
  };
  const known = ["toolUseId", "status"];
  if (typeof value.type === "string" && value.type !== "") {
    part.provider_executed = true;
    part.native_type = value.type;
  }
  const content = value.content;
  if (Array.isArray(content)) {
    known.push("content");
    const only =
      content.length === 1 && isJsonObject(content[0]) && Object.keys(content[0]).length === 1 ? content[0] : undefined;
    if (only !== undefined && typeof only.text === "string") part.output = only.text;
    else if (only !== undefined && Object.hasOwn(only, "json") && typeof only.json !== "string")
      part.output = cloneJson(only.json);
    else
      part.content = content.map((item, index) =>
        blockToPart(item, pointer(path, "toolResult", "content", index), problems, "tool_result"),
      );
  }
  return withFields(
    part,
    value,
    known,
    block,
    "toolResult",
    value.status === undefined ? { [statusOmittedMarker]: true } : {},
  );
}

function reasoning(value: JsonObject, block: JsonObject): ReasoningPart | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (typeof value.redactedContent === "string") {
    return withFields<ReasoningPart>(
      { type: "reasoning", redacted_data: value.redactedContent, issuer: issuer() },
      undefined,
      [],
      block,
      "reasoningContent",
    );
  }
  const text = value.reasoningText;
  if (
    !isJsonObject(text) ||
    (text.text !== undefined && typeof text.text !== "string") ||
    (text.signature !== undefined && typeof text.signature !== "string")
  )
    return undefined;
  const part: ReasoningPart = { type: "reasoning", issuer: issuer() };
  if (typeof text.text === "string") part.text = text.text;
  if (typeof text.signature === "string") part.signature = text.signature;
  return withFields(part, text, ["text", "signature"], block, "reasoningContent");
}

function image(value: JsonObject, block: JsonObject): ImagePart | undefined {
  const source = value.source;
  const mediaType = typeof value.format === "string" ? imageFormats[value.format] : undefined;
  if (
    mediaType === undefined ||
    !isJsonObject(source) ||
    typeof source.bytes !== "string" ||
    Object.keys(source).length !== 1
  )
    return undefined;
  return withFields<ImagePart>(
    { type: "image", media_type: mediaType, data: source.bytes },
    value,
    ["format", "source"],
    block,
    "image",
  );
}

function document(value: JsonObject, block: JsonObject): FilePart | undefined {
  const source = value.source;
  if (!isJsonObject(source) || Object.keys(source).length !== 1 || typeof value.name !== "string") return undefined;
  const part: FilePart = { type: "file" };
  const known = ["source", "name"];
  if (value.format !== undefined) {
    const mediaType = typeof value.format === "string" ? documentFormats[value.format] : undefined;
    if (mediaType === undefined) return undefined;
    part.media_type = mediaType;
    known.push("format");
  }
  if (typeof source.bytes === "string") part.data = source.bytes;
  else if (typeof source.text === "string") part.text = source.text;
  else return undefined;
  part.title = value.name;
  return withFields(part, value, known, block, "document");
}
