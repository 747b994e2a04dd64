/**
 * Canonical parts → Anthropic content blocks: the inverse of blocks-to-canonical.ts for parts Anthropic issued, and
 * the documented fallbacks for parts from other providers. Every part or field left out is reported as a warning at
 * its canonical path.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import type { ForeignReasoningPolicy } from "../../conversion/index.js";
import { idRules, ToolCallIdMap } from "../../conversion/index.js";
import { decideReasoning } from "../../conversion/index.js";
import { cloneJson, pointer, type Problems } from "../../conversion/index.js";
import { isServerResultType, serverCallTypes } from "./blocks-to-canonical.js";
import { citationFromCanonical } from "./citations.js";
import { anthropicFieldsOf, anthropicTarget, assign, isJsonObject, takeField, type JsonObject } from "./native.js";

/** Where a block goes: the content of a message, the content of a tool_result, or the top-level system prompt. */
export type BlockPlace = "message" | "tool_result" | "system";

export class ExportContext {
  readonly ids = new ToolCallIdMap(idRules.anthropic.isValid, idRules.anthropic.make);
  private readonly reported = new Set<string>();
  /** The canonical path each message block was converted from, so later regrouping can name it. */
  readonly paths = new WeakMap<JsonObject, string>();
  /** Streaming only: calls whose arguments never parsed, by block, with the text a stream sends as partial JSON. */
  readonly partialInputs = new WeakMap<JsonObject, string>();

  constructor(
    readonly problems: Problems,
    readonly policy: ForeignReasoningPolicy,
    /** Writing a stream, which can carry input that is not JSON (a cut-off call) as it was received. */
    readonly streaming = false,
  ) {}

  /** The id Anthropic accepts for a canonical call id, reporting a rename once per id. */
  callId(id: string, path: string): string {
    const mapped = this.ids.idFor(id);
    if (mapped.remapped && !this.reported.has(id)) {
      this.reported.add(id);
      this.problems.warn(
        "id-remapped",
        path,
        `tool-call id ${JSON.stringify(id)} breaks Anthropic's rule ^[a-zA-Z0-9_-]+$ (or repeats an earlier id); sent as ${mapped.id}, with its result`,
      );
    }
    return mapped.id;
  }
}

/** Reports every present field of a part outside `handled` as dropped. */
function reportUnhandled(part: object, handled: readonly string[], path: string, problems: Problems): void {
  for (const [key, value] of Object.entries(part)) {
    if (value === undefined || handled.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no Anthropic equivalent`);
  }
}

function isAnthropicIssuer(issuer: { provider: string } | undefined): boolean {
  return issuer?.provider === anthropicTarget.provider;
}

/** The blocks one canonical part becomes: none (dropped, with a warning), one, or a text fallback. */
export function partToBlocks(
  part: Tolerant.Part,
  path: string,
  context: ExportContext,
  place: BlockPlace,
): JsonObject[] {
  const { problems } = context;
  if (isPartOfType(part, "text")) return [textBlock(part, path, problems)];
  if (place === "system") {
    problems.warn(
      "part-dropped",
      path,
      `a ${part.type} part cannot be part of Anthropic's system prompt, which holds text blocks only`,
    );
    return [];
  }
  if (isPartOfType(part, "image")) return mediaBlock(part, "image", path, problems);
  if (isPartOfType(part, "file")) return mediaBlock(part, "file", path, problems);
  if (isPartOfType(part, "native")) {
    if (isAnthropicIssuer(part.issuer) && isJsonObject(part.data)) return [cloneJson(part.data)];
    problems.warn(
      "part-dropped",
      path,
      `a native ${part.native_type} block from ${part.issuer.provider} has no Anthropic equivalent`,
    );
    return [];
  }
  if (isPartOfType(part, "audio")) {
    problems.warn("part-dropped", path, "Anthropic accepts no audio input; the audio part was left out");
    return [];
  }
  if (place === "tool_result") {
    problems.warn(
      "part-dropped",
      path,
      `a ${part.type} part cannot be in Anthropic tool_result content (text, images and documents only)`,
    );
    return [];
  }
  if (isPartOfType(part, "reasoning")) return reasoningBlocks(part, path, context);
  if (isPartOfType(part, "compaction")) return compactionBlocks(part, path, problems);
  if (isPartOfType(part, "refusal")) {
    problems.warn("value-converted", path, "Anthropic has no refusal block; the refusal was sent as text");
    return [{ type: "text", text: part.text }];
  }
  problems.warn("part-dropped", path, `a ${part.type} part has no Anthropic equivalent`);
  return [];
}

function textBlock(part: Tolerant.TextPart, path: string, problems: Problems): JsonObject {
  const block = assign({ type: "text" }, anthropicFieldsOf(part));
  block.text = part.text;
  if (part.citations !== undefined) {
    const citations = part.citations.flatMap(
      (citation, index) => citationFromCanonical(citation, pointer(path, "citations", index), problems) ?? [],
    );
    if (citations.length > 0 || part.citations.length === 0) block.citations = citations;
  }
  if (part.signature !== undefined && !isAnthropicIssuer(part.issuer))
    problems.warn(
      "field-dropped",
      pointer(path, "signature"),
      "a signature on text from another provider cannot be sent to Anthropic",
    );
  reportUnhandled(part, ["type", "text", "citations", "provider_fields", "signature", "issuer"], path, problems);
  return block;
}

function reasoningBlocks(part: Tolerant.ReasoningPart, path: string, context: ExportContext): JsonObject[] {
  const { problems } = context;
  const decision = decideReasoning(part, anthropicTarget, context.policy, path);
  if (decision.action === "drop") {
    if (decision.warning) problems.warnings.push(decision.warning);
    return [];
  }
  if (decision.action === "as-text") {
    problems.warnings.push(decision.warning);
    return [{ type: "text", text: decision.text }];
  }
  if (decision.action === "replay" && isAnthropicIssuer(part.issuer)) {
    reportUnhandled(part, ["type", "text", "signature", "redacted_data", "issuer", "provider_fields"], path, problems);
    const fields = anthropicFieldsOf(part);
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
  const text = [part.text, ...(part.summary ?? [])]
    .filter((entry): entry is string => typeof entry === "string" && entry !== "")
    .join("\n\n");
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

function compactionBlocks(part: Tolerant.CompactionPart, path: string, problems: Problems): JsonObject[] {
  if (isAnthropicIssuer(part.issuer)) {
    reportUnhandled(part, ["type", "strategy", "summary", "issuer", "provider_fields"], path, problems);
    const block = assign({ type: "compaction" }, anthropicFieldsOf(part));
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

const imageMediaTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** `data:<media type>;base64,<data>` URLs become inline sources; the pattern is linear (no nested quantifiers). */
const dataUrl = /^data:([^;,]+);base64,(.*)$/s;

function mediaBlock(
  part: Tolerant.ImagePart | Tolerant.FilePart,
  kind: "image" | "file",
  path: string,
  problems: Problems,
): JsonObject[] {
  const fields = anthropicFieldsOf(part);
  const sourceExtra = takeField(fields, "source");
  let mediaType = part.media_type;
  let data = part.data;
  let url = part.url;
  const inline = url === undefined ? null : dataUrl.exec(url);
  if (inline !== null && data === undefined) {
    mediaType = inline[1];
    data = inline[2];
    url = undefined;
    problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as an inline base64 source");
  }
  const text = kind === "file" && "text" in part ? part.text : undefined;
  let source: JsonObject;
  let type: "image" | "document" =
    kind === "image" || (mediaType !== undefined && imageMediaTypes.includes(mediaType)) ? "image" : "document";
  if (text !== undefined) {
    type = "document";
    source = { type: "text", media_type: "text/plain", data: text };
    if (mediaType !== undefined && mediaType !== "text/plain")
      problems.warn(
        "value-converted",
        pointer(path, "media_type"),
        `Anthropic text documents are text/plain; ${mediaType} was sent as text/plain`,
      );
  } else if (data !== undefined) {
    if (mediaType === undefined) {
      problems.warn(
        "value-assumed",
        pointer(path, "media_type"),
        "inline media without a media type; image/png (or application/pdf for a file) assumed",
      );
      mediaType = kind === "image" ? "image/png" : "application/pdf";
    }
    if (type === "document" && mediaType.startsWith("text/")) {
      // Named at the part: the whole part changed form (its base64 data is no longer in the payload as such).
      problems.warn("value-converted", path, `a ${mediaType} file was decoded and sent as a plain-text document`);
      source = { type: "text", media_type: "text/plain", data: Buffer.from(data, "base64").toString("utf8") };
    } else if (type === "document" && mediaType !== "application/pdf") {
      problems.warn(
        "part-dropped",
        path,
        `Anthropic documents are PDF or plain text; a ${mediaType} file was left out`,
      );
      return [];
    } else {
      source = { type: "base64", media_type: mediaType, data };
    }
  } else if (url !== undefined) {
    source = { type: "url", url };
  } else if (part.file_id !== undefined) {
    source = { type: "file", file_id: part.file_id };
  } else {
    problems.warn(
      "part-dropped",
      path,
      "media stored beside the transcript (path only) cannot be sent inline to Anthropic; it was left out",
    );
    return [];
  }
  if (kind === "image" && type === "document") {
    problems.warn("value-converted", path, `an image of type ${mediaType ?? "unknown"} was sent as a document`);
  }
  if (isJsonObject(sourceExtra)) source = assign(assign({}, sourceExtra), source);
  const block = assign({ type }, fields);
  block.source = source;
  const handled = ["type", "media_type", "data", "url", "file_id", "text", "provider_fields"];
  if (kind === "file" && "title" in part && part.title !== undefined) {
    block.title = part.title;
    handled.push("title");
  }
  reportUnhandled(part, handled, path, problems);
  return [block];
}

/**
 * Whether a provider-executed part came from another provider that spells its server calls like Anthropic (Bedrock
 * Converse's `server_tool_use` for Nova's code interpreter): it carries that provider's fields and none of Anthropic's.
 * Anthropic runs only its own server tools, so such a call cannot be replayed to it.
 */
function isOtherProvidersPart(part: { provider_fields?: Record<string, unknown> }): boolean {
  const fields = part.provider_fields;
  if (fields === undefined || Object.hasOwn(fields, "anthropic")) return false;
  return Object.keys(fields).length > 0;
}

/** A tool call → tool_use, server_tool_use or mcp_tool_use; provider-executed calls of other providers are dropped. */
export function toolCallBlock(
  part: Tolerant.ToolCallPart,
  path: string,
  context: ExportContext,
): JsonObject | undefined {
  const { problems } = context;
  let type = "tool_use";
  if (part.provider_executed === true) {
    if (part.native_type === undefined || !serverCallTypes.includes(part.native_type) || isOtherProvidersPart(part)) {
      problems.warn(
        "part-dropped",
        path,
        `a call to ${part.native_type ?? "a tool"} run by another provider cannot be replayed to Anthropic`,
      );
      return undefined;
    }
    type = part.native_type;
  } else if (part.native_type !== undefined) {
    problems.warn(
      "field-dropped",
      pointer(path, "native_type"),
      `the native type ${part.native_type} was sent as a plain tool_use`,
    );
  }
  const block = assign({ type }, anthropicFieldsOf(part));
  block.id = context.callId(part.id, pointer(path, "id"));
  block.name = part.name;
  if (part.input === undefined && context.streaming && part.raw_input !== undefined) {
    block.input = {};
    context.partialInputs.set(block, part.raw_input);
  } else if (part.input === undefined) {
    problems.warn(
      "value-assumed",
      pointer(path, "raw_input"),
      `the arguments did not parse as JSON (${part.input_error ?? "no reason given"}); Anthropic needs an object, so {} was sent`,
    );
    block.input = {};
  } else if (isJsonObject(part.input)) {
    block.input = part.input;
    if (part.raw_input !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "raw_input"),
        "Anthropic takes the arguments as an object; their exact text was not kept",
      );
  } else {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      'Anthropic tool input must be an object; the value was wrapped as {"value": …}',
    );
    block.input = { value: part.input };
  }
  reportUnhandled(
    part,
    ["type", "id", "name", "input", "raw_input", "input_error", "provider_executed", "native_type", "provider_fields"],
    path,
    problems,
  );
  return block;
}

/** A provider-executed result → its native block; results of other providers' tools are dropped. */
export function serverResultBlock(
  part: Tolerant.ToolResultPart,
  path: string,
  context: ExportContext,
): JsonObject | undefined {
  if (part.native_type === undefined || !isServerResultType(part.native_type) || isOtherProvidersPart(part)) {
    context.problems.warn(
      "part-dropped",
      path,
      `the result of ${part.native_type ?? "a tool"} run by another provider cannot be replayed to Anthropic`,
    );
    return undefined;
  }
  const block = assign({ type: part.native_type }, anthropicFieldsOf(part));
  block.tool_use_id = context.callId(part.call_id, pointer(path, "call_id"));
  if (part.output !== undefined) block.content = part.output;
  reportUnhandled(
    part,
    ["type", "call_id", "status", "output", "provider_executed", "native_type", "provider_fields"],
    path,
    context.problems,
  );
  return block;
}

/** A client tool result → tool_result (status error, denied or interrupted → is_error). */
export function toolResultBlock(part: Tolerant.ToolResultPart, path: string, context: ExportContext): JsonObject {
  const { problems } = context;
  const block = assign({ type: "tool_result" }, anthropicFieldsOf(part));
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
      blocks.push(...partToBlocks(item, pointer(path, "content", index), context, "tool_result")),
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
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    problems,
  );
  return block;
}
