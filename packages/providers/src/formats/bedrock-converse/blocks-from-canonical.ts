/**
 * Canonical parts → Bedrock content blocks: the inverse of blocks-to-canonical.ts for parts Bedrock issued, and the
 * documented fallbacks for parts from other providers. Every part or field left out is reported as a warning at its
 * canonical path.
 *
 * - Text → `text` (Bedrock rejects a blank text block in a request: one is left out, `part-dropped`).
 * - Images → `image` with inline bytes, in messages and in tool results alike; a `data:` URL is decoded
 *   (`value-converted`). Bedrock takes no image by URL or file id, and only PNG, JPEG, GIF and WebP: anything else is
 *   left out (`media-fallback`).
 * - Files → `document` with inline bytes or text; the `name` Bedrock requires is the title (or file name), reduced
 *   to the characters Bedrock allows (`value-converted`), or `Document <n>` (`value-assumed`). Formats outside
 *   Bedrock's list, and files by URL or id, are left out (`media-fallback`).
 * - Audio has no place in a tool result (`media-fallback`) nor in a request of this converter (`part-dropped`).
 * - Reasoning: Bedrock's own is replayed byte-exact; other issuers' follows `foreignReasoning`. Readable reasoning
 *   without opaque data is sent as `reasoningText` without a signature (models other than Claude accept it).
 * - Native parts Bedrock issued are written back verbatim; other providers' are left out (`part-dropped`).
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import type { ForeignReasoningPolicy } from "../../conversion/index.js";
import { ToolCallIdMap } from "../../conversion/index.js";
import { decideReasoning } from "../../conversion/index.js";
import { cloneJson, pointer, type Problems } from "../../conversion/index.js";
import { statusOmittedMarker, type BlockPlace } from "./blocks-to-canonical.js";
import {
  assign,
  bedrockFieldsOf,
  bedrockTarget,
  blockFieldsMarker,
  documentFormats,
  formatFor,
  imageFormats,
  isJsonObject,
  providerKey,
  takeField,
  toolUseIdRule,
  type JsonObject,
} from "./native.js";

export class ExportContext {
  readonly ids: ToolCallIdMap;
  private readonly reported = new Set<string>();
  /** The canonical path each message block was converted from, so later regrouping can name it. */
  readonly paths = new WeakMap<JsonObject, string>();
  /** Streaming only: calls whose arguments never parsed, by block, with the text a stream sends as input. */
  readonly partialInputs = new WeakMap<JsonObject, string>();
  /** Tool names renamed to fit Bedrock's rule, canonical → native. */
  readonly toolNames = new Map<string, string>();
  private documents = 0;

  constructor(
    readonly problems: Problems,
    readonly policy: ForeignReasoningPolicy,
    /**
     * What is written: a request; a response, where a blank text block is what the model produced and is kept; or a
     * stream, which also carries input that is not JSON (a cut-off call) as it was received.
     */
    readonly mode: "request" | "response" | "stream" = "request",
    /**
     * The document came from Bedrock, so its ids are ones Bedrock issued or accepted: they are replayed unchanged
     * (the service's own ids are what it takes back, whatever its documentation says at the time; Kimi K2's
     * `functions.get_temperature:0` was outside an older documented pattern); only their length is held to the rule.
     */
    ownIds = false,
  ) {
    this.ids = new ToolCallIdMap(ownIds ? (id) => /^\S{1,64}$/.test(id) : toolUseIdRule.isValid, toolUseIdRule.make);
  }

  /** The id Bedrock accepts for a canonical call id, reporting a rename once per id. */
  callId(id: string, path: string): string {
    const mapped = this.ids.idFor(id);
    if (mapped.remapped && !this.reported.has(id)) {
      this.reported.add(id);
      this.problems.warn(
        "id-remapped",
        path,
        `tool-call id ${JSON.stringify(id)} breaks Bedrock's rule ^[a-zA-Z0-9_-]{1,64}$ (or repeats an earlier id); sent as ${mapped.id}, with its result`,
      );
    }
    return mapped.id;
  }

  /** The next default document name. */
  documentName(): string {
    this.documents += 1;
    return `Document ${this.documents}`;
  }
}

/** Reports every present field of a part outside `handled` as dropped. */
export function reportUnhandled(part: object, handled: readonly string[], path: string, problems: Problems): void {
  for (const [key, value] of Object.entries(part)) {
    if (value === undefined || handled.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no Bedrock Converse equivalent`);
  }
}

function isBedrockIssuer(issuer: { provider: string; api?: string } | undefined): boolean {
  return issuer?.provider === bedrockTarget.provider;
}

/** `{ [member]: inner }` with the block's own fields (kept under `block_fields`) beside the member. */
function wrap(member: string, inner: unknown, fields: JsonObject): JsonObject {
  const outer = takeField(fields, blockFieldsMarker);
  const block = isJsonObject(outer) ? assign({}, outer) : {};
  return assign(block, { [member]: inner });
}

/** The blocks one canonical part becomes: none (left out, with a warning), one, or a text fallback. */
export function partToBlocks(
  part: Tolerant.Part,
  path: string,
  context: ExportContext,
  place: BlockPlace,
): JsonObject[] {
  const { problems } = context;
  if (isPartOfType(part, "text")) return textBlocks(part, path, context);
  if (isPartOfType(part, "native")) {
    if (isBedrockIssuer(part.issuer) && isJsonObject(part.data)) return [cloneJson(part.data)];
    problems.warn(
      "part-dropped",
      path,
      `a native ${part.native_type} block from ${part.issuer.provider} has no Bedrock Converse equivalent`,
    );
    return [];
  }
  if (place === "system") {
    problems.warn(
      "part-dropped",
      path,
      `a ${part.type} part cannot be part of Bedrock's system prompt, which holds text (and cache points and guard content) only`,
    );
    return [];
  }
  if (isPartOfType(part, "image")) return imageBlocks(part, path, context, place);
  if (isPartOfType(part, "file")) return documentBlocks(part, path, context, place);
  if (isPartOfType(part, "audio")) {
    if (place === "tool_result")
      problems.warn(
        "media-fallback",
        path,
        "a Bedrock tool result carries text, JSON, images, documents and video, not audio; the audio part was left out",
      );
    else
      problems.warn(
        "part-dropped",
        path,
        "audio is not sent to Bedrock Converse by this converter; the audio part was left out",
      );
    return [];
  }
  if (place === "tool_result") {
    problems.warn(
      "part-dropped",
      path,
      `a ${part.type} part cannot be in Bedrock toolResult content (text, JSON, images, documents and video only)`,
    );
    return [];
  }
  if (isPartOfType(part, "reasoning")) return reasoningBlocks(part, path, context);
  if (isPartOfType(part, "refusal")) {
    problems.warn("value-converted", path, "Bedrock has no refusal block; the refusal was sent as text");
    return [{ text: part.text }];
  }
  if (isPartOfType(part, "compaction") && part.summary !== undefined) {
    problems.warn(
      "value-converted",
      path,
      "Bedrock has no compaction block; the compaction was sent as its summary text",
    );
    return [{ text: part.summary }];
  }
  problems.warn("part-dropped", path, `a ${part.type} part has no Bedrock Converse equivalent`);
  return [];
}

function textBlocks(part: Tolerant.TextPart, path: string, context: ExportContext): JsonObject[] {
  const { problems } = context;
  if (context.mode === "request" && part.text.trim() === "") {
    problems.warn("part-dropped", path, "Bedrock rejects a blank text block; the blank text was left out");
    return [];
  }
  const fields = bedrockFieldsOf(part);
  if (part.citations !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "citations"),
      "citations are not written to Bedrock text blocks by this converter",
    );
  if (part.signature !== undefined)
    problems.warn("field-dropped", pointer(path, "signature"), "a signature on text cannot be sent to Bedrock");
  reportUnhandled(part, ["type", "text", "citations", "signature", "issuer", "provider_fields"], path, problems);
  const block = wrap("text", part.text, fields);
  for (const key of Object.keys(fields))
    problems.warn(
      "field-dropped",
      pointer(path, "provider_fields", providerKey, key),
      `${key} has no place in a Bedrock text block`,
    );
  return [block];
}

function reasoningBlocks(part: Tolerant.ReasoningPart, path: string, context: ExportContext): JsonObject[] {
  const { problems } = context;
  const decision = decideReasoning(part, bedrockTarget, context.policy, path);
  if (decision.action === "drop") {
    if (decision.warning) problems.warnings.push(decision.warning);
    return [];
  }
  if (decision.action === "as-text") {
    problems.warnings.push(decision.warning);
    return [{ text: decision.text }];
  }
  if (decision.action === "as-reasoning") problems.warnings.push(decision.warning);
  const readable = decision.part;
  const fields = isBedrockIssuer(readable.issuer) ? bedrockFieldsOf(readable) : {};
  reportUnhandled(
    readable,
    ["type", "text", "summary", "signature", "redacted_data", "issuer", "provider_fields"],
    path,
    problems,
  );
  if (readable.redacted_data !== undefined)
    return [wrap("reasoningContent", { redactedContent: readable.redacted_data }, fields)];
  const outer = takeField(fields, blockFieldsMarker);
  const reasoningText = assign({}, fields);
  let text = readable.text;
  if (readable.summary !== undefined && readable.summary.length > 0) {
    text = [readable.text, ...readable.summary]
      .filter((entry): entry is string => typeof entry === "string" && entry !== "")
      .join("\n\n");
    problems.warn(
      "parts-merged",
      pointer(path, "summary"),
      "Bedrock reasoning has no summary; the summary was joined to the reasoning text",
    );
  }
  if (text !== undefined) reasoningText.text = text;
  else if (readable.signature === undefined) reasoningText.text = "";
  if (readable.signature !== undefined) reasoningText.signature = readable.signature;
  return [wrap("reasoningContent", { reasoningText }, isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {})];
}

/** `data:<media type>;base64,<data>` URLs become inline bytes; the pattern is linear (no nested quantifiers). */
const dataUrl = /^data:([^;,]+);base64,(.*)$/s;

/** Inline data and media type of an image or file part, decoding a data: URL; undefined when it has no inline data. */
function inlineOf(
  part: Tolerant.ImagePart | Tolerant.FilePart,
  path: string,
  problems: Problems,
): { data: string; mediaType: string | undefined } | undefined {
  if (part.data !== undefined) return { data: part.data, mediaType: part.media_type };
  const inline = part.url === undefined ? null : dataUrl.exec(part.url);
  if (inline === null) return undefined;
  problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as inline bytes");
  return { data: inline[2] ?? "", mediaType: inline[1] };
}

function imageBlocks(part: Tolerant.ImagePart, path: string, context: ExportContext, place: BlockPlace): JsonObject[] {
  const { problems } = context;
  const inline = inlineOf(part, path, problems);
  if (inline === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock takes images as inline bytes only; an image by ${part.url !== undefined ? "URL" : part.file_id !== undefined ? "file id" : "path"} was left out${place === "tool_result" ? " of the tool result" : ""}`,
    );
    return [];
  }
  const format = formatFor(imageFormats, inline.mediaType);
  if (format === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock takes PNG, JPEG, GIF and WebP images only; an image of type ${inline.mediaType ?? "unknown"} was left out`,
    );
    return [];
  }
  const fields = bedrockFieldsOf(part);
  const outer = takeField(fields, blockFieldsMarker);
  reportUnhandled(part, ["type", "media_type", "data", "url", "provider_fields"], path, problems);
  const inner = assign(assign({}, fields), { format, source: { bytes: inline.data } });
  return [wrap("image", inner, isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {})];
}

/** Characters Bedrock allows in a document name: letters, digits, single spaces, hyphens, parentheses, brackets. */
function documentName(name: string): string {
  return name
    .replace(/[^a-z0-9\s\-()[\]]/gi, "-")
    .replace(/\s+/g, " ")
    .trim();
}

function documentBlocks(
  part: Tolerant.FilePart,
  path: string,
  context: ExportContext,
  place: BlockPlace,
): JsonObject[] {
  const { problems } = context;
  const fields = bedrockFieldsOf(part);
  const outer = takeField(fields, blockFieldsMarker);
  let source: JsonObject;
  let mediaType = part.media_type;
  if (part.text !== undefined) {
    source = { text: part.text };
  } else {
    const inline = inlineOf(part, path, problems);
    if (inline === undefined) {
      problems.warn(
        "media-fallback",
        path,
        `Bedrock takes documents as inline bytes or text only; a file by ${part.url !== undefined ? "URL" : part.file_id !== undefined ? "file id" : "path"} was left out${place === "tool_result" ? " of the tool result" : ""}`,
      );
      return [];
    }
    mediaType = inline.mediaType;
    if (mediaType !== undefined && mediaType.startsWith("image/") && formatFor(imageFormats, mediaType) !== undefined) {
      problems.warn("value-converted", path, `a file of type ${mediaType} was sent as an image`);
      return [wrap("image", { format: formatFor(imageFormats, mediaType), source: { bytes: inline.data } }, {})];
    }
    source = { bytes: inline.data };
  }
  const format = formatFor(documentFormats, mediaType);
  if (mediaType !== undefined && format === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock documents are PDF, CSV, DOC(X), XLS(X), HTML, TXT or Markdown; a ${mediaType} file was left out`,
    );
    return [];
  }
  let name = part.title ?? part.filename;
  if (name === undefined) {
    name = context.documentName();
    problems.warn("value-assumed", path, `Bedrock documents need a name; ${JSON.stringify(name)} was used`);
  } else if (documentName(name) !== name || name === "") {
    const cleaned = documentName(name) || context.documentName();
    problems.warn(
      "value-converted",
      pointer(path, part.title !== undefined ? "title" : "filename"),
      `Bedrock document names allow letters, digits, single spaces, hyphens, parentheses and brackets; ${JSON.stringify(name)} was sent as ${JSON.stringify(cleaned)}`,
    );
    name = cleaned;
  }
  const handled = [
    "type",
    "media_type",
    "data",
    "url",
    "text",
    "title",
    "provider_fields",
    ...(part.title !== undefined ? [] : ["filename"]),
  ];
  reportUnhandled(part, handled, path, problems);
  const inner = assign({}, fields);
  if (format !== undefined) inner.format = format;
  inner.name = name;
  inner.source = source;
  return [wrap("document", inner, isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {})];
}

/** Whether a call part is a Bedrock server-tool call that can be replayed as one. */
function isBedrockServerCall(part: Tolerant.ToolCallPart): boolean {
  return part.provider_executed === true && bedrockFieldsOf(part).type === "server_tool_use";
}

/** A tool call → `toolUse`; calls to tools another provider ran are left out. */
export function toolCallBlock(
  part: Tolerant.ToolCallPart,
  path: string,
  context: ExportContext,
): JsonObject | undefined {
  const { problems } = context;
  if (part.provider_executed === true && !isBedrockServerCall(part)) {
    problems.warn(
      "part-dropped",
      path,
      `a call to ${part.native_type ?? "a tool"} run by another provider cannot be replayed to Bedrock`,
    );
    return undefined;
  }
  const fields = bedrockFieldsOf(part);
  const outer = takeField(fields, blockFieldsMarker);
  if (part.native_type !== undefined && part.provider_executed !== true)
    problems.warn(
      "field-dropped",
      pointer(path, "native_type"),
      `the native type ${part.native_type} was sent as a plain toolUse`,
    );
  const inner = assign({}, fields);
  inner.toolUseId = context.callId(part.id, pointer(path, "id"));
  inner.name = context.toolNames.get(part.name) ?? part.name;
  if (part.input === undefined && context.mode === "stream" && part.raw_input !== undefined) {
    inner.input = {};
    context.partialInputs.set(inner, part.raw_input);
  } else if (part.input === undefined) {
    problems.warn(
      "value-assumed",
      pointer(path, "raw_input"),
      `the arguments did not parse as JSON (${part.input_error ?? "no reason given"}); Bedrock needs a JSON value, so {} was sent`,
    );
    inner.input = {};
  } else {
    inner.input = part.input;
    if (part.raw_input !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "raw_input"),
        "Bedrock takes the arguments as JSON; their exact text was not kept",
      );
  }
  reportUnhandled(
    part,
    ["type", "id", "name", "input", "raw_input", "input_error", "provider_executed", "native_type", "provider_fields"],
    path,
    problems,
  );
  return wrap("toolUse", inner, isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {});
}

/** Whether a result part is a Bedrock server tool's result (it carries the result `type` Bedrock gave it). */
export function isBedrockServerResult(part: Tolerant.ToolResultPart): boolean {
  return part.provider_executed === true && typeof bedrockFieldsOf(part).type === "string";
}

/** A tool result → `toolResult` (status error, denied or interrupted → `error`). */
export function toolResultBlock(
  part: Tolerant.ToolResultPart,
  path: string,
  context: ExportContext,
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
  const fields = bedrockFieldsOf(part);
  const outer = takeField(fields, blockFieldsMarker);
  const statusOmitted = takeField(fields, statusOmittedMarker) === true;
  const inner = assign({}, fields);
  inner.toolUseId = context.callId(part.call_id, pointer(path, "call_id"));
  const content: JsonObject[] = [];
  if (part.output !== undefined) {
    content.push(typeof part.output === "string" ? { text: part.output } : { json: part.output });
  }
  if (part.content !== undefined) {
    part.content.forEach((item, index) =>
      content.push(...partToBlocks(item, pointer(path, "content", index), context, "tool_result")),
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
  reportUnhandled(
    part,
    [
      "type",
      "call_id",
      "name",
      "status",
      "output",
      "content",
      "error",
      "provider_executed",
      "native_type",
      "provider_fields",
    ],
    path,
    problems,
  );
  return wrap("toolResult", inner, isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {});
}
