/**
 * Bedrock content blocks ↔ canonical parts, for request messages, the system prompt, tool-result content, responses
 * and streams alike, and the Bedrock Converse dialect of the content-blocks family: how Bedrock differs from the
 * family's other member. A Converse block is a tagged union: one key names the member (`text`, `image`, `toolUse`, …).
 *
 * Reading:
 * - `text` → text part; `image` and `document` → image and file parts (content-media.ts).
 * - `toolUse` → tool call (`type: "server_tool_use"` → provider-executed, `native_type` the type); `toolResult` →
 *   tool result (`status` `success` / `error` ↔ `ok` / `error`; a `type`, as a server tool's result has, makes it
 *   provider-executed). Result content of exactly one `text` (or one non-string `json`) is the result's output;
 *   any other content is a list of parts (a `json` item among others stays a native part).
 * - `reasoningContent.reasoningText` → reasoning with its signature; `reasoningContent.redactedContent` → reasoning
 *   with `redacted_data`; both issued by `{ provider: "amazon-bedrock", api: "converse" }`, also for Claude: Bedrock's
 *   Claude signatures are only accepted back through Bedrock, so they are foreign to the Anthropic API and the
 *   Anthropic API's are foreign to Bedrock.
 * - `cachePoint`, `guardContent`, `video`, `audio`, `citationsContent`, `searchResult`, `toolAddition`,
 *   `toolRemoval`, S3 sources, and members newer than this converter → a native part, the block verbatim.
 * A `type` or `status` the member carries, and any other field of it, stays in the part's
 * `provider_fields["amazon-bedrock"]`; fields beside the member (on the block itself) go under `block_fields`.
 *
 * Writing is the inverse for parts Bedrock issued, with documented fallbacks: a blank text block is left out of a
 * request (Bedrock rejects it), citations are not written; readable reasoning without opaque data is sent as
 * `reasoningText` without a signature (models other than Claude accept it), summaries joined to its text; a
 * compaction goes as its summary text; tool input may be any JSON value; a tool result's JSON output is a `json`
 * block; a Bedrock server tool's call and result (Nova's code interpreter) stay together in the assistant message.
 */
import type { Part, ReasoningPart, TextPart, Tolerant, ToolResultPart } from "@agent-transcript/core";
import {
  cloneJson,
  digest,
  isJsonObject,
  pointer,
  toolResultFields,
  type JsonObject,
  type Problems,
  type ReasoningDecision,
  append,
} from "../../conversion/index.js";
import {
  assign,
  fieldsOf,
  isOwnIssuer,
  nativePart,
  partToBlocks,
  reportUnhandled,
  readableText,
  takeField,
  toolCallPart,
  type BlockPlace,
  type ContentBlocksDialect,
  type FromCanonicalContext,
} from "../../families/content-blocks/index.js";
import { documentBlocks, documentPart, imageBlocks, imagePart } from "./content-media.js";
import { outerOf, providerKey, statusOmittedMarker, withFields, wrap } from "./native-fields.js";

const alphanumeric = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * Bedrock's tool-use id rule, with the remapping used: `[a-zA-Z0-9_.:-]+`, 1 to 64 characters, as the Converse API
 * reference gives it for `ToolUseBlock.toolUseId` (older pages said `^[a-zA-Z0-9_-]+$`; the service issues ids such as
 * Kimi K2's `functions.get_temperature:0` and accepts them back, as a recorded request shows).
 */
export const toolUseIdRule = {
  isValid: (id: string) => /^[\w.:-]{1,64}$/.test(id),
  make: (basis: string, attempt: number) => `tooluse_${digest(`${basis}#${attempt}`, alphanumeric, 22)}`,
} as const;

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

export const bedrockContent: ContentBlocksDialect = {
  format: "bedrock-converse",
  providerKey,
  issuer: { provider: providerKey, api: "converse" },
  names: {
    api: "Bedrock Converse",
    short: "Bedrock",
    request: "a Bedrock Converse request",
    response: "a Bedrock Converse response",
  },
  callIds: {
    rule: toolUseIdRule,
    ruleText: "^[a-zA-Z0-9_.:-]{1,64}$",
    // Ids of a document read from Bedrock are ones Bedrock issued or accepted: they are replayed unchanged (the
    // service's own ids are what it takes back, whatever its documentation says at the time; Kimi K2's
    // `functions.get_temperature:0` was outside an older documented pattern); only their length is held to the rule.
    ownDocumentRule: (id) => /^\S{1,64}$/.test(id),
  },
  blocks: {
    toolUse: "toolUse",
    toolResult: "toolResult",
    callIdKey: "toolUseId",
    toolInput: "json",
    systemTakesNative: true,
    systemHolds: "text (and cache points and guard content)",
    toolResultHolds: "text, JSON, images, documents and video",
    audio: {
      message: {
        code: "part-dropped",
        message: "audio is not sent to Bedrock Converse by this converter; the audio part was left out",
      },
      toolResult: {
        code: "media-fallback",
        message:
          "a Bedrock tool result carries text, JSON, images, documents and video, not audio; the audio part was left out",
      },
    },
    blockToPart,
    text: (text) => ({ text }),
    textBlocks,
    imageBlocks,
    fileBlocks: documentBlocks,
    reasoningBlocks,
    compactionBlocks,
    isReplayableServerCall: (part) => fieldsOf(bedrockContent, part).type === "server_tool_use",
    openToolUse: (part, fields) => {
      const outer = outerOf(fields);
      const body = assign({}, fields);
      return { block: wrap("toolUse", body, outer), body };
    },
    toolResultBlock,
    // A server tool's result is a toolResult with a type; the same writer takes it or leaves out another's.
    serverResultBlock: toolResultBlock,
    isServerResult: isBedrockServerResult,
    clientCallId: (block) => {
      const inner = block.toolUse;
      return isJsonObject(inner) && typeof inner.toolUseId === "string" && !isServerBlock(inner)
        ? inner.toolUseId
        : undefined;
    },
    clientResultId: (block) => {
      const inner = block.toolResult;
      return isJsonObject(inner) && typeof inner.toolUseId === "string" && typeof inner.type !== "string"
        ? inner.toolUseId
        : undefined;
    },
    serverCallId: (block) => {
      const inner = block.toolUse;
      return isJsonObject(inner) && isServerBlock(inner) && typeof inner.toolUseId === "string"
        ? inner.toolUseId
        : undefined;
    },
    serverResultId: (block) => {
      const inner = block.toolResult;
      return isJsonObject(inner) && typeof inner.toolUseId === "string" && typeof inner.type === "string"
        ? inner.toolUseId
        : undefined;
    },
    missingResult: (id, text) => ({ toolResult: { toolUseId: id, content: [{ text }], status: "error" } }),
    unmatchedResultAsText,
  },
};

/** A fresh issuer object, so two parts never share one. */
function issuer(): { provider: string; api: string } {
  return { provider: bedrockContent.issuer.provider, api: bedrockContent.issuer.api };
}

/** A tool block the provider ran: its `type` names a server tool (the service also sends `tool_use` for a client's). */
export function isServerBlock(inner: JsonObject): boolean {
  return typeof inner.type === "string" && inner.type !== "tool_use";
}

/** The member key of a block: the first known member present, else its only key. */
function memberOf(block: JsonObject): string | undefined {
  const known = memberKeys.find((key) => Object.hasOwn(block, key));
  if (known !== undefined) return known;
  const keys = Object.keys(block);
  return keys.length === 1 ? keys[0] : undefined;
}

function nativeBlock(block: unknown): Part {
  return nativePart(bedrockContent, block, isJsonObject(block) ? memberOf(block) : undefined);
}

/** One content block → one canonical part. Blocks it cannot read structurally become native parts, never errors. */
function blockToPart(block: unknown, path: string, problems: Problems, place: BlockPlace = "message"): Part {
  if (!isJsonObject(block)) return nativeBlock(block);
  const member = memberOf(block);
  if (member === undefined) return nativeBlock(block);
  const value = block[member];
  switch (member) {
    case "text":
      if (typeof value !== "string") return nativeBlock(block);
      return withFields<TextPart>({ type: "text", text: value }, undefined, [], block, member);
    case "toolUse": {
      if (place !== "message" || !isJsonObject(value)) return nativeBlock(block);
      const part = toolCallPart(value, "toolUseId");
      if (part === undefined) return nativeBlock(block);
      // The type stays in provider_fields too: it tells a Bedrock server tool from another provider's on the way back.
      if (value.type === "server_tool_use") {
        part.provider_executed = true;
        part.native_type = value.type;
      }
      return withFields(part, value, ["toolUseId", "name", "input"], block, "toolUse");
    }
    case "toolResult":
      if (place !== "message" || !isJsonObject(value)) return nativeBlock(block);
      return toolResult(value, block, path, problems) ?? nativeBlock(block);
    case "reasoningContent":
      if (place !== "message" || !isJsonObject(value)) return nativeBlock(block);
      return reasoning(value, block) ?? nativeBlock(block);
    case "image":
      if (!isJsonObject(value)) return nativeBlock(block);
      return imagePart(value, block) ?? nativeBlock(block);
    case "document":
      if (!isJsonObject(value)) return nativeBlock(block);
      return documentPart(value, block) ?? nativeBlock(block);
    default:
      return nativeBlock(block);
  }
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

function textBlocks(part: Tolerant.TextPart, path: string, context: FromCanonicalContext): JsonObject[] {
  const { problems } = context;
  if (context.mode === "request" && part.text.trim() === "") {
    problems.warn("part-dropped", path, "Bedrock rejects a blank text block; the blank text was left out");
    return [];
  }
  const fields = fieldsOf(bedrockContent, part);
  if (part.citations !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "citations"),
      "citations are not written to Bedrock text blocks by this converter",
    );
  if (part.signature !== undefined)
    problems.warn("field-dropped", pointer(path, "signature"), "a signature on text cannot be sent to Bedrock");
  reportUnhandled(
    bedrockContent,
    part,
    ["type", "text", "citations", "signature", "issuer", "provider_fields"],
    path,
    problems,
  );
  const block = wrap("text", part.text, fields);
  for (const key of Object.keys(fields))
    problems.warn(
      "field-dropped",
      pointer(path, "provider_fields", providerKey, key),
      `${key} has no place in a Bedrock text block`,
    );
  return [block];
}

/** Reasoning the policy lets through, as `reasoningContent`: a signature or redacted data only if Bedrock issued it. */
function reasoningBlocks(
  _part: Tolerant.ReasoningPart,
  decision: Extract<ReasoningDecision, { action: "replay" | "as-reasoning" }>,
  path: string,
  context: FromCanonicalContext,
): JsonObject[] {
  const { problems } = context;
  if (decision.action === "as-reasoning") problems.warnings.push(decision.warning);
  const readable = decision.part;
  const fields = isOwnIssuer(bedrockContent, readable.issuer) ? fieldsOf(bedrockContent, readable) : {};
  reportUnhandled(
    bedrockContent,
    readable,
    ["type", "text", "summary", "signature", "redacted_data", "issuer", "provider_fields"],
    path,
    problems,
  );
  if (readable.redacted_data !== undefined)
    return [wrap("reasoningContent", { redactedContent: readable.redacted_data }, fields)];
  const outer = outerOf(fields);
  const reasoningText = assign({}, fields);
  let text = readable.text;
  if (readable.summary !== undefined && readable.summary.length > 0) {
    text = readableText(readable);
    problems.warn(
      "parts-merged",
      pointer(path, "summary"),
      "Bedrock reasoning has no summary; the summary was joined to the reasoning text",
    );
  }
  if (text !== undefined) reasoningText.text = text;
  else if (readable.signature === undefined) reasoningText.text = "";
  if (readable.signature !== undefined) reasoningText.signature = readable.signature;
  return [wrap("reasoningContent", { reasoningText }, outer)];
}

function compactionBlocks(part: Tolerant.CompactionPart, path: string, context: FromCanonicalContext): JsonObject[] {
  if (part.summary !== undefined) {
    context.problems.warn(
      "value-converted",
      path,
      "Bedrock has no compaction block; the compaction was sent as its summary text",
    );
    return [{ text: part.summary }];
  }
  context.problems.warn("part-dropped", path, "a compaction part has no Bedrock Converse equivalent");
  return [];
}

/** Whether a result part is a Bedrock server tool's result (it carries the result `type` Bedrock gave it). */
function isBedrockServerResult(part: Tolerant.ToolResultPart): boolean {
  return part.provider_executed === true && typeof fieldsOf(bedrockContent, part).type === "string";
}

const toolResultFieldsHandled = [...toolResultFields, "name"];

/** A tool result → `toolResult` (status error, denied or interrupted → `error`); other providers' server results are left out. */
function toolResultBlock(
  part: Tolerant.ToolResultPart,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const { problems } = context;
  if (part.provider_executed === true && !isBedrockServerResult(part)) {
    problems.warn(
      "part-dropped",
      path,
      `the result of ${part.native_type ?? "a tool"} run by another provider cannot be replayed to Bedrock`,
    );
    return undefined;
  }
  const fields = fieldsOf(bedrockContent, part);
  const outer = outerOf(fields);
  const statusOmitted = takeField(fields, statusOmittedMarker) === true;
  const inner = assign({}, fields);
  inner.toolUseId = context.callId(part.call_id, pointer(path, "call_id"));
  const content: JsonObject[] = [];
  if (part.output !== undefined) {
    content.push(typeof part.output === "string" ? { text: part.output } : { json: part.output });
  }
  if (part.content !== undefined) {
    part.content.forEach((item, index) =>
      append(content, partToBlocks(bedrockContent, item, pointer(path, "content", index), context, "tool_result")),
    );
  }
  if (part.error !== undefined) {
    if (content.length === 0) content.push({ text: part.error });
    else
      problems.warn(
        "field-dropped",
        pointer(path, "error"),
        "the error text was left out: the result already has content",
      );
  }
  if (!Object.hasOwn(inner, "content")) inner.content = content;
  const status = String(part.status);
  if (status !== "ok" && status !== "error")
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Bedrock knows success and error only; status ${status} was sent as error`,
    );
  if (!(statusOmitted && status === "ok") && !Object.hasOwn(inner, "status"))
    inner.status = status === "ok" ? "success" : "error";
  reportUnhandled(bedrockContent, part, toolResultFieldsHandled, path, problems);
  return wrap("toolResult", inner, outer);
}

/** A result that answers no call of the message before it: a label, then its content (JSON as its text). */
function unmatchedResultAsText(block: JsonObject, id: string): JsonObject[] {
  const inner = block.toolResult as JsonObject;
  const content = Array.isArray(inner.content) ? inner.content.filter(isJsonObject) : [];
  const label: JsonObject = { text: `Result of tool call ${id}${inner.status === "error" ? " (error)" : ""}:` };
  return [label, ...content.map((item) => (Object.hasOwn(item, "json") ? { text: JSON.stringify(item.json) } : item))];
}
