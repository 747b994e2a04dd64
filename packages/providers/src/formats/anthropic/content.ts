/**
 * Anthropic content blocks ↔ canonical parts, for request messages, responses and streams alike, and the Anthropic
 * dialect of the content-blocks family: how Anthropic differs from the family's other members.
 *
 * Reading:
 * - `text` → text part (citations mapped, see content-citations.ts); `thinking` → reasoning with the signature and
 *   the Anthropic issuer; `redacted_thinking` → reasoning with `redacted_data`.
 * - `tool_use` → tool call; `server_tool_use` and `mcp_tool_use` → provider-executed tool calls (native_type names
 *   the block type). `tool_result` → tool result (`is_error: true` ↔ status `error`; string content → output, block
 *   content → multimodal content parts). Every other `*_tool_result` block (web search, web fetch, code execution,
 *   tool search, advisor, MCP …) → a provider-executed tool result whose output is the native content verbatim.
 * - `image` and `document` with base64 / url / file / text sources → image and file parts (content-media.ts).
 * - `compaction` → compaction part (strategy `summary`).
 * - anything else (`container_upload`, `search_result`, `tool_reference`, `fallback`, `tool_addition`, block types
 *   newer than this converter) → a native part, the block verbatim.
 * Fields a block has beyond the mapped ones go to the part's `provider_fields.anthropic`.
 *
 * Writing is the inverse for parts Anthropic issued, with documented fallbacks for parts from other providers:
 * thinking blocks only with Anthropic's own signature (other readable reasoning goes as text, by the policy), its
 * compaction blocks only back to it (another provider's summary goes as text), server tool calls and results only for
 * its own server tools, non-object tool input wrapped as `{"value": …}`, tool results as `is_error` and text or blocks.
 */
import type {
  CompactionPart,
  Part,
  ReasoningPart,
  TextPart,
  Tolerant,
  ToolCallPart,
  ToolResultPart,
} from "@agent-transcript/core";
import {
  cloneJson,
  idRules,
  isJsonObject,
  pointer,
  restOf,
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
  readableText,
  reportUnhandled,
  toolCallPart,
  type BlockPlace,
  type ContentBlocksDialect,
  type FromCanonicalContext,
} from "../../families/content-blocks/index.js";
import { citationFromCanonical, citationToCanonical } from "./content-citations.js";
import { mediaBlocks, mediaPart } from "./content-media.js";
import { providerFields, providerKey } from "./native-fields.js";

/** Block types that call a tool the provider runs itself. */
const serverCallTypes: readonly string[] = ["server_tool_use", "mcp_tool_use"];

/** The result block of a provider-executed tool: every `*_tool_result` except the client `tool_result`. */
function isServerResultType(type: string): boolean {
  return type !== "tool_result" && type.endsWith("_tool_result");
}

export const anthropicContent: ContentBlocksDialect = {
  format: "anthropic",
  providerKey,
  issuer: { provider: "anthropic", api: "messages" },
  names: { api: "Anthropic", short: "Anthropic", request: "an Anthropic request", response: "an Anthropic response" },
  callIds: { rule: idRules.anthropic, ruleText: "^[a-zA-Z0-9_-]+$", ownDocumentRule: undefined },
  blocks: {
    toolUse: "tool_use",
    toolResult: "tool_result",
    callIdKey: "id",
    toolInput: "object",
    systemTakesNative: false,
    systemHolds: "text blocks",
    toolResultHolds: "text, images and documents",
    audio: {
      message: { code: "part-dropped", message: "Anthropic accepts no audio input; the audio part was left out" },
      toolResult: { code: "part-dropped", message: "Anthropic accepts no audio input; the audio part was left out" },
    },
    blockToPart,
    text: (text) => ({ type: "text", text }),
    textBlocks: (part, path, context) => [textBlock(part, path, context)],
    imageBlocks: (part, path, context) => mediaBlocks(part, "image", path, context),
    fileBlocks: (part, path, context) => mediaBlocks(part, "file", path, context),
    reasoningBlocks,
    compactionBlocks,
    isReplayableServerCall,
    openToolUse: (part, fields) => {
      const block = assign({ type: part.provider_executed === true ? String(part.native_type) : "tool_use" }, fields);
      return { block, body: block };
    },
    toolResultBlock,
    serverResultBlock,
    isServerResult: (part) => part.provider_executed === true,
    clientCallId: (block) => (block.type === "tool_use" && typeof block.id === "string" ? block.id : undefined),
    clientResultId: (block) =>
      block.type === "tool_result" && typeof block.tool_use_id === "string" ? block.tool_use_id : undefined,
    // Anthropic's server results are blocks of their own (`web_search_tool_result`, …), never regrouped.
    serverCallId: undefined,
    serverResultId: undefined,
    missingResult: (id, text) => ({ type: "tool_result", tool_use_id: id, is_error: true, content: text }),
    unmatchedResultAsText,
  },
};

/** A fresh issuer object, so two parts never share one. */
function issuer(): { provider: string; api: string } {
  return { provider: anthropicContent.issuer.provider, api: anthropicContent.issuer.api };
}

function nativeBlock(block: unknown): Part {
  const type = isJsonObject(block) && typeof block.type === "string" && block.type !== "" ? block.type : undefined;
  return nativePart(anthropicContent, block, type);
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
function blockToPart(block: unknown, path: string, problems: Problems, _place?: BlockPlace): Part {
  if (!isJsonObject(block) || typeof block.type !== "string") return nativeBlock(block);
  switch (block.type) {
    case "text":
      return textPart(block) ?? nativeBlock(block);
    case "thinking": {
      if (typeof block.thinking !== "string" || (block.signature !== undefined && typeof block.signature !== "string"))
        return nativeBlock(block);
      const part: ReasoningPart = { type: "reasoning", text: block.thinking, issuer: issuer() };
      if (typeof block.signature === "string") part.signature = block.signature;
      return withFields(part, block, ["type", "thinking", "signature"]);
    }
    case "redacted_thinking":
      if (typeof block.data !== "string") return nativeBlock(block);
      return withFields({ type: "reasoning", redacted_data: block.data, issuer: issuer() }, block, ["type", "data"]);
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return toolCall(block) ?? nativeBlock(block);
    case "tool_result":
      return toolResult(block, path, problems) ?? nativeBlock(block);
    case "image":
    case "document":
      return mediaPart(block) ?? nativeBlock(block);
    case "compaction": {
      if (block.content !== null && typeof block.content !== "string") return nativeBlock(block);
      const part: CompactionPart = { type: "compaction", strategy: "summary", issuer: issuer() };
      if (typeof block.content === "string") part.summary = block.content;
      // A null content (a stream's opening compaction block) stays native, so the block is rebuilt exactly.
      return withFields(part, block, typeof block.content === "string" ? ["type", "content"] : ["type"]);
    }
    default:
      if (isServerResultType(block.type)) return serverResult(block) ?? nativeBlock(block);
      return nativeBlock(block);
  }
}

function textPart(block: JsonObject): Part | undefined {
  if (typeof block.text !== "string") return undefined;
  const part: TextPart = { type: "text", text: block.text };
  const known = ["type", "text"];
  if (Array.isArray(block.citations)) {
    part.citations = block.citations.map(citationToCanonical);
    known.push("citations");
  }
  return withFields(part, block, known);
}

function toolCall(block: JsonObject): ToolCallPart | undefined {
  const part = toolCallPart(block, "id");
  if (part === undefined) return undefined;
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

function textBlock(part: Tolerant.TextPart, path: string, context: FromCanonicalContext): JsonObject {
  const { problems } = context;
  const block = assign({ type: "text" }, fieldsOf(anthropicContent, part));
  block.text = part.text;
  if (part.citations !== undefined) {
    const citations = part.citations.flatMap(
      (citation, index) => citationFromCanonical(citation, pointer(path, "citations", index), problems) ?? [],
    );
    if (citations.length > 0 || part.citations.length === 0) block.citations = citations;
  }
  if (part.signature !== undefined && !isOwnIssuer(anthropicContent, part.issuer))
    problems.warn(
      "field-dropped",
      pointer(path, "signature"),
      "a signature on text from another provider cannot be sent to Anthropic",
    );
  reportUnhandled(
    anthropicContent,
    part,
    ["type", "text", "citations", "provider_fields", "signature", "issuer"],
    path,
    problems,
  );
  return block;
}

/** Reasoning the policy lets through: Anthropic's own replayed, any other only as text (no thinking without its signature). */
function reasoningBlocks(
  part: Tolerant.ReasoningPart,
  decision: Extract<ReasoningDecision, { action: "replay" | "as-reasoning" }>,
  path: string,
  context: FromCanonicalContext,
): JsonObject[] {
  const { problems } = context;
  if (decision.action === "replay" && isOwnIssuer(anthropicContent, part.issuer)) {
    reportUnhandled(
      anthropicContent,
      part,
      ["type", "text", "signature", "redacted_data", "issuer", "provider_fields"],
      path,
      problems,
    );
    const fields = fieldsOf(anthropicContent, part);
    if (part.redacted_data !== undefined)
      return [assign(assign({ type: "redacted_thinking" }, fields), { data: part.redacted_data })];
    const block = assign({ type: "thinking" }, fields);
    if (part.text !== undefined) block.thinking = part.text;
    else if (!Object.hasOwn(block, "thinking")) block.thinking = "";
    if (part.signature !== undefined) block.signature = part.signature;
    return [block];
  }
  // Readable reasoning from another provider (or "keep" of foreign reasoning): Anthropic accepts thinking blocks only
  // with a signature it issued, so a thinking block without one is rejected. Text is the only way to send it.
  if (decision.action === "as-reasoning") problems.warnings.push(decision.warning);
  const text = readableText(part);
  if (context.policy !== "drop" && text !== "") {
    if (decision.action === "replay")
      problems.warn(
        "reasoning-demoted",
        path,
        "reasoning not issued by Anthropic sent as text: Anthropic accepts thinking blocks only with its own signature",
      );
    return [{ type: "text", text }];
  }
  if (decision.action === "replay")
    problems.warn(
      "reasoning-dropped",
      path,
      `reasoning not issued by Anthropic left out: Anthropic accepts thinking blocks only with its own signature (foreignReasoning is ${context.policy})`,
    );
  return [];
}

function compactionBlocks(part: Tolerant.CompactionPart, path: string, context: FromCanonicalContext): JsonObject[] {
  const { problems } = context;
  if (isOwnIssuer(anthropicContent, part.issuer)) {
    reportUnhandled(
      anthropicContent,
      part,
      ["type", "strategy", "summary", "issuer", "provider_fields"],
      path,
      problems,
    );
    const block = assign({ type: "compaction" }, fieldsOf(anthropicContent, part));
    if (part.summary !== undefined) block.content = part.summary;
    else if (!Object.hasOwn(block, "content")) block.content = null;
    return [block];
  }
  if (part.summary !== undefined) {
    problems.warn(
      "value-converted",
      path,
      "a compaction from another provider was sent as its summary text (Anthropic replays only its own compaction blocks)",
    );
    return [{ type: "text", text: part.summary }];
  }
  problems.warn(
    "part-dropped",
    path,
    "a compaction with no readable summary from another provider has no Anthropic equivalent",
  );
  return [];
}

/**
 * Whether a provider-executed part came from another provider that spells its server calls like Anthropic (Bedrock
 * Converse's `server_tool_use` for Nova's code interpreter): it carries that provider's fields and none of Anthropic's.
 * Anthropic runs only its own server tools, so such a call cannot be replayed to it.
 */
function isOtherProvidersPart(part: { provider_fields?: Record<string, unknown> }): boolean {
  const fields = part.provider_fields;
  if (fields === undefined || Object.hasOwn(fields, providerKey)) return false;
  return Object.keys(fields).length > 0;
}

function isReplayableServerCall(part: Tolerant.ToolCallPart): boolean {
  return part.native_type !== undefined && serverCallTypes.includes(part.native_type) && !isOtherProvidersPart(part);
}

/** A provider-executed result → its native block; results of other providers' tools are left out. */
function serverResultBlock(
  part: Tolerant.ToolResultPart,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  if (part.native_type === undefined || !isServerResultType(part.native_type) || isOtherProvidersPart(part)) {
    context.problems.warn(
      "part-dropped",
      path,
      `the result of ${part.native_type ?? "a tool"} run by another provider cannot be replayed to Anthropic`,
    );
    return undefined;
  }
  const block = assign({ type: part.native_type }, fieldsOf(anthropicContent, part));
  block.tool_use_id = context.callId(part.call_id, pointer(path, "call_id"));
  if (part.output !== undefined) block.content = part.output;
  reportUnhandled(
    anthropicContent,
    part,
    ["type", "call_id", "status", "output", "provider_executed", "native_type", "provider_fields"],
    path,
    context.problems,
  );
  return block;
}

/** A client tool result → tool_result (status error, denied or interrupted → is_error). */
function toolResultBlock(part: Tolerant.ToolResultPart, path: string, context: FromCanonicalContext): JsonObject {
  const { problems } = context;
  const block = assign({ type: "tool_result" }, fieldsOf(anthropicContent, part));
  block.tool_use_id = context.callId(part.call_id, pointer(path, "call_id"));
  const status = String(part.status);
  if (status !== "ok") {
    block.is_error = true;
    if (status !== "error")
      problems.warn(
        "status-mapped",
        pointer(path, "status"),
        `Anthropic knows only errors; status ${status} was sent as is_error`,
      );
  }
  const blocks: JsonObject[] = [];
  if (part.output !== undefined) {
    if (typeof part.output === "string" && part.content === undefined) {
      block.content = part.output;
    } else {
      if (typeof part.output !== "string")
        problems.warn(
          "value-converted",
          pointer(path, "output"),
          "Anthropic tool results are text or blocks; the JSON output was sent as its JSON text",
        );
      blocks.push({ type: "text", text: typeof part.output === "string" ? part.output : JSON.stringify(part.output) });
    }
  }
  if (part.content !== undefined) {
    if (part.output !== undefined)
      problems.warn(
        "parts-merged",
        pointer(path, "content"),
        "the output and the content of the result were sent as one list of blocks, the output first",
      );
    part.content.forEach((item, index) =>
      append(blocks, partToBlocks(anthropicContent, item, pointer(path, "content", index), context, "tool_result")),
    );
  }
  if (!Object.hasOwn(block, "content") && (blocks.length > 0 || part.content !== undefined)) block.content = blocks;
  if (part.error !== undefined) {
    if (block.content === undefined) block.content = part.error;
    else
      problems.warn(
        "field-dropped",
        pointer(path, "error"),
        "the error text was left out: the result already has content",
      );
  }
  reportUnhandled(
    anthropicContent,
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    problems,
  );
  return block;
}

/** A result that answers no call of the message before it: a label with its text content, then its blocks. */
function unmatchedResultAsText(block: JsonObject, id: string): JsonObject[] {
  const content = block.content;
  const label: JsonObject = {
    type: "text",
    text: `Result of tool call ${id}${block.is_error === true ? " (error)" : ""}:${typeof content === "string" ? ` ${content}` : ""}`,
  };
  return Array.isArray(content) ? [label, ...content.filter(isJsonObject)] : [label];
}
