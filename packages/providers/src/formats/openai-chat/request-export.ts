/**
 * Canonical transcript → OpenAI Chat Completions request, from a document of any source.
 *
 * What Chat cannot carry goes by a documented rule, each with a warning (strict mode turns them into errors):
 * - Tool results: one `tool` message per result, right after the assistant message with the calls; a canonical
 *   message holding several results (Anthropic, Gemini style) is split (`results-regrouped`), text beside results
 *   in a user message goes to a user message after the tool messages (`order-changed` when it came first).
 * - Tool messages are text only: a string output is the content, a list of text parts stays a list; other JSON
 *   outputs are JSON-stringified (`value-converted`); images, audio and files of a result go to one user message
 *   right after the tool messages, labelled with the call id (`media-fallback`); a non-ok status has no Chat field
 *   (`status-mapped`), and an error text with no output becomes the content.
 * - Reasoning: Chat has no reasoning input. A reasoning part read from a Chat message field (compatible servers'
 *   `reasoning` / `reasoning_content`) goes back there; any other follows `decideReasoning` for target openai
 *   chat-completions and the foreignReasoning policy: `drop` (default, `reasoning-dropped`), `text` (a text part,
 *   `reasoning-demoted`), `keep` (the readable text in the `reasoning` field compatible servers read,
 *   `reasoning-demoted`); opaque data (signatures, encrypted content) is never sent.
 * - Tool-call ids that break Chat's rule (1–64 characters) are remapped with the result (`id-remapped`); so is
 *   an id an earlier turn's call already has (Gemini histories reuse ids across turns; Chat needs them unique): the
 *   later call and its results get a fresh deterministic id (call-ids.ts, scoped per assistant turn); calls
 *   with no result right after them and results with no call before them are left out (`part-dropped`,
 *   `tool-result-unmatched`), since Chat rejects both.
 * - Parts Chat has no shape for (plan steps, diffs, commands, compaction, stream chunks, other providers' native
 *   parts, server-side tool calls) are dropped (`part-dropped`); fields of the document, messages and parts with no
 *   Chat equivalent are reported (`field-dropped`); `provider_fields` of other providers too, and
 *   `provider_fields.openai` of a document another format produced (source-fields.ts: the key is shared with
 *   OpenAI Responses, whose fields are not Chat's).
 */
import type { Tolerant } from "@agent-transcript/core";
import { isKnownPart } from "@agent-transcript/core";
import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
import { decideReasoning } from "../../conversion/index.js";
import {
  cloneJson,
  Problems,
  checkCanonicalInput,
  guard,
  isJsonObject,
  pointer,
  type JsonObject,
} from "../../conversion/index.js";
import { idRules } from "../../conversion/index.js";
import { TurnCallIds, type CallId } from "../../conversion/index.js";
import { chatIssuer, audioFormat, provider } from "./request-import.js";
import { withoutForeignOpenaiFields } from "../../conversion/index.js";
import { dropAbsent, fillMissing, jsonEqual, ownFields, parseJsonText, shapeOf, type Shape } from "./native-fields.js";

type CanonicalPart = Tolerant.Part;

export interface WriteContext {
  problems: Problems;
  options: FromCanonicalOptions;
  /** Call ids, scoped per assistant turn (`collectAssistant` starts each turn). */
  ids: TurnCallIds;
  /** Writing a response: ids written as the source had them (an empty id stays empty). */
  response: boolean;
}

/** provider_fields of the target, reporting those of other providers as dropped. */
export function targetFields(
  fields: Record<string, Record<string, unknown>> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (fields !== undefined) {
    for (const key of Object.keys(fields)) {
      if (key !== provider)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", key),
          `provider_fields for ${key} have no OpenAI Chat equivalent`,
        );
    }
  }
  return ownFields(fields, provider);
}

/** Reports the fields of a canonical object outside `mapped`. */
export function reportFields(
  value: object,
  mapped: readonly string[],
  path: string,
  problems: Problems,
  what = "OpenAI Chat",
): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || mapped.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no ${what} equivalent`);
  }
}

function finishPart<T extends JsonObject>(native: T, own: JsonObject | undefined): T {
  fillMissing(native, own);
  dropAbsent(native, shapeOf(own));
  return native;
}

/** A user-side content part (text, image, audio, file, replayed native), or undefined when Chat has none. */
export function writeContentPart(
  part: CanonicalPart,
  path: string,
  context: WriteContext,
  allowed: "text" | "media",
): JsonObject | undefined {
  const { problems } = context;
  if (!isKnownPart(part)) {
    problems.warn("part-dropped", path, `a ${part.type} part has no OpenAI Chat equivalent`);
    return undefined;
  }
  if (part.type === "text") {
    reportFields(part, ["type", "text", "provider_fields"], path, problems);
    return finishPart({ type: "text", text: part.text }, targetFields(part.provider_fields, path, problems));
  }
  if (
    part.type === "native" &&
    part.issuer.provider === chatIssuer.provider &&
    (part.issuer.api === undefined || part.issuer.api === chatIssuer.api) &&
    isJsonObject(part.data)
  ) {
    return cloneJson(part.data);
  }
  if (allowed === "text" || (part.type !== "image" && part.type !== "audio" && part.type !== "file")) {
    problems.warn("part-dropped", path, `a ${part.type} part has no place in this OpenAI Chat message`);
    return undefined;
  }
  const own = targetFields(part.provider_fields, path, problems);
  if (part.type === "image") {
    // An image Chat cannot take is left out whole (one media-fallback), so its fields are not reported one by one.
    if (part.data !== undefined || part.url !== undefined)
      reportFields(part, ["type", "media_type", "data", "url", "detail", "provider_fields"], path, problems);
    let url: string;
    if (part.data !== undefined) {
      if (part.media_type === undefined)
        problems.warn(
          "value-assumed",
          pointer(path, "media_type"),
          "an inline image without a media type is sent as image/png",
        );
      url = `data:${part.media_type ?? "image/png"};base64,${part.data}`;
    } else if (part.url !== undefined) url = part.url;
    else {
      problems.warn(
        "media-fallback",
        path,
        "Chat takes images as URLs or data URIs only; an image by path or file id is left out",
      );
      return undefined;
    }
    const imageUrl: JsonObject = { url };
    if (part.detail !== undefined) imageUrl["detail"] = part.detail;
    fillMissing(imageUrl, isJsonObject(own?.["image_url"]) ? own["image_url"] : undefined);
    return finishPart({ type: "image_url", image_url: imageUrl }, own);
  }
  if (part.type === "audio") {
    reportFields(part, ["type", "media_type", "data", "provider_fields"], path, problems);
    const inner = isJsonObject(own?.["input_audio"]) ? own["input_audio"] : undefined;
    const format =
      typeof inner?.["format"] === "string"
        ? inner["format"]
        : part.media_type === undefined
          ? undefined
          : audioFormat(part.media_type);
    if (part.data === undefined || format === undefined) {
      problems.warn(
        "media-fallback",
        path,
        "Chat takes audio inline with a wav or mp3 format only; this audio is left out",
      );
      return undefined;
    }
    const audio: JsonObject = { data: part.data, format };
    fillMissing(audio, inner);
    return finishPart({ type: "input_audio", input_audio: audio }, own);
  }
  reportFields(part, ["type", "media_type", "data", "file_id", "filename", "provider_fields"], path, problems);
  const inner = isJsonObject(own?.["file"]) ? own["file"] : undefined;
  const file: JsonObject = {};
  if (part.data !== undefined) {
    if (part.media_type === undefined)
      problems.warn(
        "value-assumed",
        pointer(path, "media_type"),
        "an inline file without a media type is sent as application/octet-stream",
      );
    file["file_data"] = `data:${part.media_type ?? "application/octet-stream"};base64,${part.data}`;
  }
  if (part.file_id !== undefined) file["file_id"] = part.file_id;
  if (part.filename !== undefined) file["filename"] = part.filename;
  fillMissing(file, inner);
  if (file["file_data"] === undefined && file["file_id"] === undefined) {
    if (part.text !== undefined) {
      problems.warn(
        "value-converted",
        path,
        "Chat has no plain-text document part; the document's text is sent as a text part",
      );
      return { type: "text", text: part.text };
    }
    problems.warn("media-fallback", path, "Chat takes files inline or by file id only; this file is left out");
    return undefined;
  }
  return finishPart({ type: "file", file }, own);
}

/** A tool call in Chat's shape. */
export function writeToolCall(part: Tolerant.ToolCallPart, path: string, context: WriteContext): JsonObject {
  const { problems } = context;
  reportFields(
    part,
    ["type", "id", "name", "input", "raw_input", "input_error", "native_type", "provider_fields"],
    path,
    problems,
  );
  const own = targetFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  let id: string;
  if (context.response && typeof shape?.id === "string") id = shape.id;
  else {
    const mapped = context.ids.call(part.id, path);
    if (mapped.change !== undefined)
      problems.warn("id-remapped", pointer(path, "id"), idChangeMessage(part.id, mapped, "call"));
    id = mapped.id;
  }
  if (part.native_type === "custom") {
    const custom: JsonObject = {
      name: part.name,
      input: typeof part.input === "string" ? part.input : (part.raw_input ?? JSON.stringify(part.input ?? null)),
    };
    fillMissing(custom, isJsonObject(own?.["custom"]) ? own["custom"] : undefined);
    return finishPart({ id, type: "custom", custom }, own);
  }
  const fn: JsonObject = { name: part.name, arguments: argumentsText(part, path, problems) };
  fillMissing(fn, isJsonObject(own?.["function"]) ? own["function"] : undefined);
  return finishPart({ id, type: "function", function: fn }, own);
}

/** The `id-remapped` message for a call or result whose id changed; it names the new id. */
function idChangeMessage(sourceId: string, mapped: CallId, what: "call" | "result"): string {
  if (mapped.change === "rule") return `tool call id renamed to ${mapped.id} to fit OpenAI Chat's 1–64 character rule`;
  const subject =
    what === "call"
      ? `tool call id ${sourceId} is already the id of an earlier call (Gemini reuses ids across turns)`
      : `the call this result answers reuses the id ${sourceId} of an earlier call`;
  return `${subject}; Chat needs unique ids, so it was renamed to ${mapped.id}`;
}

/** Chat's `arguments` string: the text the provider sent when it still says what input says, else input as JSON. */
function argumentsText(part: Tolerant.ToolCallPart, path: string, problems: Problems): string {
  if (part.raw_input !== undefined) {
    if (part.input === undefined) return part.raw_input;
    const parsed = parseJsonText(part.raw_input);
    if (parsed.ok && jsonEqual(parsed.value, part.input)) return part.raw_input;
  }
  if (part.input === undefined) {
    problems.warn("value-assumed", pointer(path, "input"), "a call with no arguments is sent with {}");
    return "{}";
  }
  return JSON.stringify(part.input);
}

interface AssistantFields {
  content: JsonObject[];
  refusal?: string;
  reasoning: Array<{ field: string; text: string }>;
  toolCalls: Array<{ native: JsonObject; id: string; path: string }>;
  /** Content that has to be a list (extra fields, refusal or several parts). */
  needsList: boolean;
}

/** The content, refusal, reasoning and tool calls of an assistant message. */
export function collectAssistant(message: Tolerant.Message, path: string, context: WriteContext): AssistantFields {
  const { problems } = context;
  const fields: AssistantFields = { content: [], reasoning: [], toolCalls: [], needsList: false };
  context.ids.startTurn();
  let sawCall = false;
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (!isKnownPart(part)) {
      problems.warn("part-dropped", partPath, `a ${part.type} part has no OpenAI Chat equivalent`);
      return;
    }
    if (part.type === "tool_call") {
      if (part.provider_executed === true || (part.native_type !== undefined && part.native_type !== "custom")) {
        problems.warn(
          "part-dropped",
          partPath,
          `a server-side ${part.native_type ?? "tool"} call is specific to the provider that ran it; Chat cannot replay it`,
        );
        return;
      }
      sawCall = true;
      const native = writeToolCall(part, partPath, context);
      fields.toolCalls.push({ native, id: String(native["id"]), path: partPath });
      return;
    }
    if (sawCall && (part.type === "text" || part.type === "refusal"))
      problems.warn("order-changed", partPath, "Chat puts content before tool calls; this part followed a call");
    if (part.type === "reasoning") {
      writeReasoning(part, partPath, context, fields);
      return;
    }
    if (part.type === "refusal") {
      reportFields(part, ["type", "text", "provider_fields"], partPath, problems);
      const own = targetFields(part.provider_fields, partPath, problems);
      if (shapeOf(own)?.in_content || fields.refusal !== undefined) {
        fields.content.push(finishPart({ type: "refusal", refusal: part.text }, own));
        fields.needsList = true;
      } else fields.refusal = part.text;
      return;
    }
    if (part.type === "text") {
      const citations = part.citations;
      const { citations: _citations, ...plain } = part;
      const native = writeContentPart(plain, partPath, context, "text");
      if (native !== undefined) fields.content.push(native);
      if (citations !== undefined && !context.response)
        problems.warn("field-dropped", pointer(partPath, "citations"), "a Chat request has no citations");
      return;
    }
    if (part.type === "native") {
      const native = writeContentPart(part, partPath, context, "text");
      if (native !== undefined) {
        fields.content.push(native);
        fields.needsList = true;
      }
      return;
    }
    problems.warn("part-dropped", partPath, `an assistant ${part.type} part has no OpenAI Chat equivalent`);
  });
  return fields;
}

function writeReasoning(
  part: Tolerant.ReasoningPart,
  path: string,
  context: WriteContext,
  fields: AssistantFields,
): void {
  const { problems, options } = context;
  const own = ownFields(part.provider_fields, provider);
  const field = shapeOf(own)?.field;
  const opaque =
    part.signature !== undefined || part.encrypted_content !== undefined || part.redacted_data !== undefined;
  if (field !== undefined && !opaque && typeof part.text === "string") {
    reportFields(part, ["type", "text", "provider_fields"], path, problems);
    fields.reasoning.push({ field, text: part.text });
    return;
  }
  const policy = options.foreignReasoning ?? "drop";
  const decision = decideReasoning(part, chatIssuer, policy, path);
  // Chat never accepts reasoning input: even reasoning decideReasoning would replay (no opaque data) is foreign here.
  const text = [part.text, ...(part.summary ?? [])]
    .filter((entry): entry is string => typeof entry === "string" && entry !== "")
    .join("\n\n");
  if (decision.action === "as-text" || (decision.action === "replay" && policy === "text" && text !== "")) {
    fields.content.push({ type: "text", text: decision.action === "as-text" ? decision.text : text });
    problems.warn(
      "reasoning-demoted",
      path,
      decision.action === "as-text"
        ? decision.warning.message
        : "Chat has no reasoning input; the reasoning is sent as text",
    );
    return;
  }
  if (decision.action === "as-reasoning" || (decision.action === "replay" && policy === "keep" && text !== "")) {
    fields.reasoning.push({ field: "reasoning", text });
    problems.warn(
      "reasoning-demoted",
      path,
      decision.action === "as-reasoning"
        ? decision.warning.message
        : "Chat has no reasoning input; the text is sent in the `reasoning` field compatible servers read, which OpenAI ignores or rejects",
    );
    return;
  }
  if (decision.action === "drop" && decision.warning !== undefined)
    problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
  else
    problems.warn(
      "reasoning-dropped",
      path,
      "Chat has no reasoning input; the reasoning is left out (foreignReasoning is drop)",
    );
}

/** Content as Chat writes it: a string for one plain text part, a list otherwise, absent for none. */
export function contentValue(
  parts: JsonObject[],
  needsList: boolean,
  shape: Shape | undefined,
): string | JsonObject[] | undefined {
  if (parts.length === 0) return shape?.content_parts ? [] : undefined;
  const only = parts[0];
  if (
    !needsList &&
    !shape?.content_parts &&
    parts.length === 1 &&
    only !== undefined &&
    only["type"] === "text" &&
    Object.keys(only).length === 2 &&
    typeof only["text"] === "string"
  )
    return only["text"];
  return parts;
}

/** The content of the tool message that answers a call which has no result in the document. */
const unansweredCallText = "No result was recorded for this call.";

const mappedDocumentFields = [
  "schema_version",
  "id",
  "source",
  "producer",
  "messages",
  "tools",
  "tool_choice",
  "provider_fields",
];
const mappedMessageFields = ["role", "parts", "name", "provider_fields"];

interface Native {
  message: JsonObject;
  path: string;
  /** For assistant messages: the paths of its calls, by native id. */
  callPaths?: Map<string, string>;
}

export function requestFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatCompletionCreateParams> {
  return guard(
    () => convert(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convert(input: unknown, options: FromCanonicalOptions): FromCanonicalResult<ChatCompletionCreateParams> {
  const problems = new Problems();
  if (!checkCanonicalInput(input, problems)) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const document = withoutForeignOpenaiFields(input, "openai-chat", "OpenAI Chat", problems);
  reportFields(document, mappedDocumentFields, "", problems, "OpenAI Chat request");
  const context: WriteContext = { problems, options, ids: new TurnCallIds(idRules.openaiChat), response: false };
  const natives: Native[] = [];
  document.messages.forEach((message, index) =>
    writeMessage(message, pointer("", "messages", index), context, natives),
  );
  const messages = pairToolMessages(natives, problems);
  const request: JsonObject = { messages };
  const own = targetFields(document.provider_fields, "", problems);
  if (own?.["model"] === undefined) {
    problems.warn(
      "value-assumed",
      "/provider_fields",
      "the document names no OpenAI model (provider_fields.openai.model); model is written empty, to be set before sending",
    );
    request["model"] = "";
  }
  if (document.tools !== undefined)
    request["tools"] = document.tools.flatMap(
      (tool, index) => writeTool(tool, pointer("", "tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) writeToolChoice(document.tool_choice, request, problems);
  fillMissing(request, own);
  return finishFromCanonical(request as unknown as ChatCompletionCreateParams, problems.warnings, options);
}

function writeTool(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  const own = targetFields(tool.provider_fields, path, problems);
  const kept = shapeOf(own)?.tool;
  if (tool.native_type !== undefined) {
    if (isJsonObject(kept)) return cloneJson(kept);
    problems.warn(
      "field-dropped",
      path,
      `the ${tool.native_type} tool is another provider's own tool; Chat has no equivalent`,
    );
    return undefined;
  }
  reportFields(tool, ["name", "description", "input_schema", "strict", "provider_fields"], path, problems);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn["description"] = tool.description;
  if (tool.input_schema !== undefined) fn["parameters"] = cloneJson(tool.input_schema);
  if (tool.strict !== undefined) fn["strict"] = tool.strict;
  fillMissing(fn, isJsonObject(own?.["function"]) ? own["function"] : undefined);
  const native: JsonObject = { type: "function", function: fn };
  fillMissing(native, own);
  return native;
}

function writeToolChoice(choice: Tolerant.ToolChoice, request: JsonObject, problems: Problems): void {
  const own = targetFields(choice.provider_fields, "/tool_choice", problems);
  if (own !== undefined && Object.hasOwn(own, "tool_choice")) request["tool_choice"] = cloneJson(own["tool_choice"]);
  else if (choice.mode === "tool") request["tool_choice"] = { type: "function", function: { name: choice.name ?? "" } };
  else if (choice.mode === "auto" || choice.mode === "none" || choice.mode === "required")
    request["tool_choice"] = choice.mode;
  else {
    problems.warn(
      "value-assumed",
      "/tool_choice/mode",
      `tool choice ${choice.mode} has no Chat equivalent; written as auto`,
    );
    request["tool_choice"] = "auto";
  }
  if (choice.parallel !== undefined) request["parallel_tool_calls"] = choice.parallel;
}

function writeMessage(message: Tolerant.Message, path: string, context: WriteContext, natives: Native[]): void {
  const { problems } = context;
  reportFields(message, mappedMessageFields, path, problems, "OpenAI Chat request message");
  const own = targetFields(message.provider_fields, path, problems);
  const shape = shapeOf(own);
  const base = (role: string): JsonObject => {
    const native: JsonObject = { role };
    if (message.name !== undefined) native["name"] = message.name;
    return native;
  };
  if (message.role === "assistant") {
    const fields = collectAssistant(message, path, context);
    const native = base("assistant");
    for (const { field, text } of fields.reasoning) native[field] = text;
    const content = contentValue(fields.content, fields.needsList, shape);
    if (content !== undefined) native["content"] = content;
    if (fields.refusal !== undefined) native["refusal"] = fields.refusal;
    if (fields.toolCalls.length > 0) native["tool_calls"] = fields.toolCalls.map((call) => call.native);
    fillMissing(native, own);
    dropAbsent(native, shape);
    natives.push({ message: native, path, callPaths: new Map(fields.toolCalls.map((call) => [call.id, call.path])) });
    return;
  }
  // system, developer, user and tool: tool results become tool messages of their own; the rest stays in order.
  const results: Array<{ part: Tolerant.ToolResultPart; path: string }> = [];
  const content: JsonObject[] = [];
  let needsList = false;
  const allowed = message.role === "user" ? "media" : "text";
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (isKnownPart(part) && part.type === "tool_result") {
      if (content.length > 0 && message.role !== "tool")
        problems.warn(
          "order-changed",
          partPath,
          "Chat tool messages come right after the calls; the content before this result follows the tool messages",
        );
      results.push({ part, path: partPath });
      return;
    }
    if (message.role === "tool") {
      problems.warn(
        "part-dropped",
        partPath,
        `a ${part.type} part beside tool results has no place in a Chat tool message`,
      );
      return;
    }
    const native = writeContentPart(part, partPath, context, allowed);
    if (native === undefined) return;
    if (native["type"] !== "text" || Object.keys(native).length !== 2) needsList = true;
    content.push(native);
  });
  if (results.length > 1)
    problems.warn("results-regrouped", path, `${results.length} tool results split into one Chat tool message each`);
  const media: JsonObject[] = [];
  for (const result of results) {
    const tool = writeToolResult(result.part, result.path, context, media);
    if (tool === undefined) continue;
    // A tool message's own fields (a `name` some clients send, a null content) live on the canonical tool message.
    if (message.role === "tool" && results.length === 1) {
      if (message.name !== undefined) tool["name"] = message.name;
      fillMissing(tool, own);
    }
    natives.push({ message: tool, path: result.path });
  }
  if (media.length > 0) natives.push({ message: { role: "user", content: media }, path });
  if (message.role === "tool") return;
  if (results.length > 0 && content.length === 0) return;
  const native = base(message.role);
  const value = contentValue(content, needsList, shape);
  if (value !== undefined) native["content"] = value;
  else if (message.parts.length > 0 && (own === undefined || !Object.hasOwn(own, "content"))) native["content"] = "";
  fillMissing(native, own);
  dropAbsent(native, shape);
  natives.push({ message: native, path });
}

/** One tool message for one result; media it cannot carry is added to `media` for a user message after it. */
export function writeToolResult(
  part: Tolerant.ToolResultPart,
  path: string,
  context: WriteContext,
  media: JsonObject[],
): JsonObject | undefined {
  const { problems } = context;
  if (part.provider_executed === true || part.native_type !== undefined) {
    problems.warn(
      "part-dropped",
      path,
      `the result of a server-side ${part.native_type ?? "tool"} is specific to the provider that ran it`,
    );
    return undefined;
  }
  reportFields(
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    problems,
    "OpenAI Chat tool message",
  );
  const own = targetFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  const mapped = context.ids.result(part.call_id);
  if (mapped.change !== undefined)
    problems.warn("id-remapped", pointer(path, "call_id"), idChangeMessage(part.call_id, mapped, "result"));
  const tool: JsonObject = { role: "tool", tool_call_id: typeof shape?.id === "string" ? shape.id : mapped.id };
  if (part.status !== "ok")
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Chat tool messages have no status; a ${part.status} result is sent as its output text only`,
    );
  const texts: JsonObject[] = [];
  let converted: string | undefined;
  if (typeof part.output === "string") converted = part.output;
  else if (part.output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "Chat tool messages are text; the output is sent as JSON text",
    );
    converted = JSON.stringify(part.output);
  }
  const label = { type: "text", text: `Content of tool result ${String(tool["tool_call_id"])}:` };
  let movedMedia = false;
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isKnownPart(item) && (item.type === "image" || item.type === "audio" || item.type === "file")) {
      const native = writeContentPart(item, itemPath, context, "media");
      if (native === undefined) return;
      if (!movedMedia) media.push(label);
      movedMedia = true;
      media.push(native);
      problems.warn(
        "media-fallback",
        itemPath,
        `Chat tool messages are text only; the ${item.type} is sent in a user message after the tool messages`,
      );
      return;
    }
    const native = writeContentPart(item, itemPath, context, "text");
    if (native !== undefined) texts.push(native);
  });
  if (converted !== undefined && texts.length === 0) tool["content"] = converted;
  else if (converted !== undefined) {
    problems.warn(
      "parts-merged",
      path,
      "the output and the text content of the result are sent as one list of text parts",
    );
    tool["content"] = [{ type: "text", text: converted }, ...texts];
  } else if (part.content !== undefined) tool["content"] = texts;
  else if (part.error !== undefined) tool["content"] = part.error;
  if (part.error !== undefined && tool["content"] !== part.error)
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no Chat field beside the output");
  if (part.name !== undefined)
    problems.warn("field-dropped", pointer(path, "name"), "Chat tool messages are paired by id and carry no tool name");
  fillMissing(tool, own);
  return tool;
}

/**
 * Keeps Chat's pairing rule: every call is answered by a tool message right after its assistant message, and every
 * tool message answers such a call. What breaks it is left out with a warning.
 */
function pairToolMessages(natives: Native[], problems: Problems): JsonObject[] {
  const output: JsonObject[] = [];
  for (let index = 0; index < natives.length; index += 1) {
    const entry = natives[index] as Native;
    const message = entry.message;
    if (message["role"] === "tool") {
      problems.warn(
        "tool-result-unmatched",
        entry.path,
        "no call right before this tool result answers it; Chat rejects it, so it is left out",
      );
      continue;
    }
    output.push(message);
    const calls = Array.isArray(message["tool_calls"]) ? (message["tool_calls"] as JsonObject[]) : [];
    if (calls.length === 0) continue;
    const open = new Set(calls.map((call) => String(call["id"])));
    const answered = new Set<string>();
    let next = index + 1;
    const results: JsonObject[] = [];
    for (; next < natives.length; next += 1) {
      const candidate = natives[next] as Native;
      if (candidate.message["role"] !== "tool") break;
      const id = String(candidate.message["tool_call_id"]);
      if (!open.has(id) || answered.has(id)) {
        problems.warn(
          "tool-result-unmatched",
          candidate.path,
          "this tool result answers no call of the assistant message before it; Chat rejects it, so it is left out",
        );
        continue;
      }
      answered.add(id);
      results.push(candidate.message);
    }
    // Media moved out of the results sits in a user message right after them; it stays there.
    // A call without a result (a response read alone, a run cut short) is answered by a stated result, as the Gemini
    // and Mistral converters do: Chat rejects unanswered calls, and leaving the call out would lose it.
    for (const call of calls) {
      const id = String(call["id"]);
      if (answered.has(id)) continue;
      const fn = isJsonObject(call["function"]) ? call["function"] : {};
      problems.warn(
        "value-assumed",
        entry.callPaths?.get(id) ?? entry.path,
        `the ${String(fn["name"])} call has no result right after it; Chat rejects unanswered calls, so a tool message stating that no result was recorded was sent`,
      );
      results.push({ role: "tool", tool_call_id: id, content: unansweredCallText });
    }
    output.push(...results);
    index = next - 1;
  }
  return output;
}
