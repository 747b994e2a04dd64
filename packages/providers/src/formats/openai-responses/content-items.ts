/**
 * Responses items ↔ canonical parts: what a request's assistant turns and a response's `output` are made of.
 *
 * Import, item by item (order kept; every native field not held by a canonical field goes to the part's
 * `provider_fields.openai`):
 * - `message` → its content parts. The first part of a message item carries the item's own fields (`type`, `id`,
 *   `status`, `phase`) as `provider_fields.openai.item`; the marker is also written (empty) when the previous part is
 *   content too, so two adjacent message items stay two. A message with no content is kept as a native part.
 * - `reasoning` → a reasoning part: `id`, `summary[].text`, `encrypted_content`, a single `reasoning_text` as `text`,
 *   issuer `{openai, responses}`.
 * - `function_call` → tool_call (`call_id` → id, `id` → item_id, `arguments` → input, with raw_input when the text is
 *   not exactly what serialising input gives); `custom_tool_call` likewise with its free-form `input` string.
 * - client-executed built-in calls (`local_shell_call`, `shell_call`, `apply_patch_call`, `computer_call`,
 *   `tool_search_call`) → tool_call with native_type, input = the call's own fields as an object.
 * - provider-executed calls (`web_search_call`, `file_search_call`, `code_interpreter_call`, `image_generation_call`,
 *   `mcp_call`) → tool_call with provider_executed and native_type, followed (when the item carries results) by a
 *   tool_result with the same native_type whose output is the result fields; an export merges them back.
 * - `*_output` items → tool_result (`function_call_output` / `custom_tool_call_output` content lists → content parts).
 * - `compaction` → compaction part with encrypted_content and issuer.
 * - anything else (`mcp_list_tools`, `mcp_approval_request`, `item_reference`, `program`, `additional_tools`, newer
 *   item types, and malformed items) → native part, verbatim.
 */
import type { Part, Tolerant } from "@agent-transcript/core";
import { isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import type { ForeignReasoningPolicy } from "../../conversion/index.js";
import type { ToolCallIdMap } from "../../conversion/index.js";
import { append, decideReasoning, isSameIssuer, parseJsonText } from "../../conversion/index.js";
import {
  cloneJson,
  isJsonObject,
  pointer,
  reportUnmapped,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  contentListToParts,
  isContentNative,
  isContentPart,
  isPlainText,
  isWrittenAsPlainText,
  partToContent,
  type ContentSide,
} from "./content.js";
import {
  absentOf,
  isNonEmptyString,
  issuer,
  nativeOnly,
  openaiFields,
  responsesTarget,
  restOf,
  spreadInto,
  withAbsent,
  withOpenaiFields,
  without,
} from "./native-fields.js";

/** Calls the client runs, keyed by `call_id`, with the item's `id` as item_id. */
interface ClientCallSpec {
  name: string;
  /** The fields that form the call's input object. */
  inputKeys: readonly string[];
}

/**
 * The item types below are looked up by a type read from input: a table without a prototype answers only for its
 * own keys, so `toString` or `constructor` as an item type is an unknown type, not a crash.
 */
function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

const clientCalls: Readonly<Record<string, ClientCallSpec>> = lookupTable({
  local_shell_call: { name: "local_shell", inputKeys: ["action"] },
  shell_call: { name: "shell", inputKeys: ["action"] },
  apply_patch_call: { name: "apply_patch", inputKeys: ["operation"] },
  computer_call: { name: "computer", inputKeys: ["action", "actions"] },
  tool_search_call: { name: "tool_search", inputKeys: ["arguments"] },
});

/** Calls the provider runs itself, keyed by their item `id`; their results travel in the same item. */
interface ServerCallSpec {
  /** The tool name, or undefined when the item names it (`mcp_call.name`). */
  name: string | undefined;
  inputKeys: readonly string[];
  /** The fields holding the result; none means the item has no result part. */
  resultKeys: readonly string[];
  /** `arguments` is a JSON string to parse as the input. */
  jsonArguments?: boolean;
}

const serverCalls: Readonly<Record<string, ServerCallSpec>> = lookupTable({
  web_search_call: { name: "web_search", inputKeys: ["action"], resultKeys: [] },
  file_search_call: { name: "file_search", inputKeys: ["queries"], resultKeys: ["results"] },
  code_interpreter_call: { name: "code_interpreter", inputKeys: ["code", "container_id"], resultKeys: ["outputs"] },
  image_generation_call: { name: "image_generation", inputKeys: [], resultKeys: ["result"] },
  mcp_call: { name: undefined, inputKeys: [], resultKeys: ["output", "error"], jsonArguments: true },
});

/** Results of client calls, keyed by `call_id`; `content` outputs may be a list of content parts. */
const clientResults: Readonly<Record<string, { contentList: boolean }>> = lookupTable({
  function_call_output: { contentList: true },
  custom_tool_call_output: { contentList: true },
  shell_call_output: { contentList: false },
  apply_patch_call_output: { contentList: false },
  computer_call_output: { contentList: false },
  tool_search_output: { contentList: false },
});

/** The field holding a client result's output (`tools` for tool search). */
function outputKeyOf(type: string): string {
  return type === "tool_search_output" ? "tools" : "output";
}

export type ItemKind = "message" | "output" | "result" | "other";

/** Whether an item is model output (what a reasoning item may precede) or input. */
export function itemKind(item: unknown): ItemKind {
  if (!isJsonObject(item)) return "other";
  const type = item.type;
  if (type === undefined || type === "message") return item.role === "assistant" ? "output" : "message";
  if (typeof type !== "string") return "other";
  if (type in clientResults || type.endsWith("_output") || type === "mcp_approval_response") return "result";
  if (
    type === "reasoning" ||
    type === "function_call" ||
    type === "custom_tool_call" ||
    type.endsWith("_call") ||
    type in serverCalls ||
    type === "compaction"
  )
    return "output";
  if (type === "mcp_list_tools" || type === "mcp_approval_request" || type === "program" || type === "item_reference")
    return "output";
  return "other";
}

function native(item: unknown): Part {
  const type = isJsonObject(item) && isNonEmptyString(item.type) ? item.type : "unknown";
  return { type: "native", native_type: type, data: cloneJson(item), issuer: issuer() };
}

/**
 * Parses OpenAI `arguments` text: the value, and the raw text when it is not exactly what serialising gives. Text
 * that is not JSON, nests too deep or holds a number a double cannot keep (core's `parseJson`) stays raw text.
 */
export function parseArguments(text: string): Pick<Tolerant.ToolCallPart, "input" | "raw_input" | "input_error"> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { raw_input: text, input_error: parsed.reason };
  return JSON.stringify(parsed.value) === text ? { input: parsed.value } : { input: parsed.value, raw_input: text };
}

function pick(item: JsonObject, keys: readonly string[]): JsonObject {
  const picked: JsonObject = {};
  for (const key of keys) if (Object.hasOwn(item, key)) picked[key] = cloneJson(item[key]);
  return picked;
}

function messageToParts(item: JsonObject, path: string, previous: Part | undefined, problems: Problems): Part[] {
  const content = item.content;
  let parts: Part[];
  if (typeof content === "string") parts = [{ type: "text", text: content }];
  else if (Array.isArray(content)) parts = contentListToParts(content, pointer(path, "content"), "assistant", problems);
  else return [native(item)];
  const first = parts[0];
  if (first === undefined) return [native(item)];
  const envelope = restOf(item, item.role === "assistant" ? ["content", "role"] : ["content"]);
  // An easy assistant message of one string after plain text needs no marker: a request writes plain assistant text
  // parts in a row as one such message each (ExportContext.splitPlainAssistantText).
  const splitByWriter =
    envelope === undefined &&
    item.role === "assistant" &&
    typeof content === "string" &&
    previous !== undefined &&
    isPlainText(previous);
  if (!splitByWriter && (envelope !== undefined || (previous !== undefined && isContentPart(previous)))) {
    // A content-level native part has no provider_fields to carry the item's own fields: keep the whole item.
    if (first.type === "native") return [native(item)];
    first.provider_fields = {
      ...first.provider_fields,
      openai: { ...openaiFields(first.provider_fields), item: envelope ?? {} },
    };
  }
  return parts;
}

function reasoningToPart(item: JsonObject): Part {
  const consumed = ["type"];
  const part: Extract<Part, { type: "reasoning" }> = { type: "reasoning" };
  if (typeof item.id === "string") {
    part.id = item.id;
    consumed.push("id");
  }
  if (
    Array.isArray(item.summary) &&
    item.summary.every(
      (entry) =>
        isJsonObject(entry) &&
        entry.type === "summary_text" &&
        typeof entry.text === "string" &&
        Object.keys(entry).length === 2,
    )
  ) {
    part.summary = item.summary.map((entry) => (entry as { text: string }).text);
    consumed.push("summary");
  }
  if (typeof item.encrypted_content === "string") {
    part.encrypted_content = item.encrypted_content;
    consumed.push("encrypted_content");
  }
  const content = item.content;
  if (
    Array.isArray(content) &&
    content.length === 1 &&
    isJsonObject(content[0]) &&
    content[0].type === "reasoning_text" &&
    typeof content[0].text === "string" &&
    Object.keys(content[0]).length === 2
  ) {
    part.text = content[0].text;
    consumed.push("content");
  }
  part.issuer = issuer();
  // A reasoning item without `summary` (one the API requires, but proxies leave out) is not given an empty one back.
  const absent = Object.hasOwn(item, "summary") ? [] : ["summary"];
  return { ...part, ...withOpenaiFields(withAbsent(restOf(item, consumed), absent)) };
}

function functionCallToPart(item: JsonObject): Part {
  if (!isNonEmptyString(item.call_id) || !isNonEmptyString(item.name) || typeof item.arguments !== "string")
    return native(item);
  const consumed = ["type", "call_id", "name", "arguments"];
  const part: Extract<Part, { type: "tool_call" }> = {
    type: "tool_call",
    id: item.call_id,
    name: item.name,
    ...parseArguments(item.arguments),
  };
  if (typeof item.id === "string") {
    part.item_id = item.id;
    consumed.push("id");
  }
  return { ...part, ...withOpenaiFields(restOf(item, consumed)) };
}

function customCallToPart(item: JsonObject): Part {
  if (!isNonEmptyString(item.call_id) || !isNonEmptyString(item.name) || typeof item.input !== "string")
    return native(item);
  const consumed = ["type", "call_id", "name", "input"];
  const part: Extract<Part, { type: "tool_call" }> = {
    type: "tool_call",
    id: item.call_id,
    name: item.name,
    input: item.input,
    native_type: "custom_tool_call",
  };
  if (typeof item.id === "string") {
    part.item_id = item.id;
    consumed.push("id");
  }
  return { ...part, ...withOpenaiFields(restOf(item, consumed)) };
}

function clientCallToPart(item: JsonObject, type: string, spec: ClientCallSpec): Part {
  if (!isNonEmptyString(item.call_id)) return native(item);
  const consumed = ["type", "call_id", ...spec.inputKeys];
  const part: Extract<Part, { type: "tool_call" }> = {
    type: "tool_call",
    id: item.call_id,
    name: spec.name,
    input: pick(item, spec.inputKeys),
    native_type: type,
  };
  if (typeof item.id === "string") {
    part.item_id = item.id;
    consumed.push("id");
  }
  return { ...part, ...withOpenaiFields(restOf(item, consumed)) };
}

function serverCallToParts(item: JsonObject, type: string, spec: ServerCallSpec): Part[] {
  const name = spec.name ?? item.name;
  if (!isNonEmptyString(item.id) || !isNonEmptyString(name)) return [native(item)];
  if (spec.jsonArguments === true && typeof item.arguments !== "string") return [native(item)];
  const consumed = ["type", "id", ...spec.inputKeys, ...spec.resultKeys];
  if (spec.name === undefined) consumed.push("name");
  const input =
    spec.jsonArguments === true ? parseArguments(item.arguments as string) : { input: pick(item, spec.inputKeys) };
  if (spec.jsonArguments === true) consumed.push("arguments");
  const call: Part = {
    type: "tool_call",
    id: item.id,
    name,
    ...input,
    provider_executed: true,
    native_type: type,
    ...withOpenaiFields(restOf(item, consumed)),
  };
  if (spec.resultKeys.length === 0) return [call];
  const failed = item.status === "failed" || (item.error !== undefined && item.error !== null);
  const result: Part = {
    type: "tool_result",
    call_id: item.id,
    status: failed ? "error" : item.status === "incomplete" ? "interrupted" : "ok",
    output: pick(item, spec.resultKeys),
    provider_executed: true,
    native_type: type,
  };
  return [call, result];
}

function resultToPart(item: JsonObject, type: string, path: string, problems: Problems): Part {
  const spec = clientResults[type];
  if (spec === undefined || !isNonEmptyString(item.call_id)) return native(item);
  const outputKey = outputKeyOf(type);
  const consumed = ["type", "call_id"];
  const part: Extract<Part, { type: "tool_result" }> = {
    type: "tool_result",
    call_id: item.call_id,
    status: item.status === "incomplete" ? "interrupted" : "ok",
  };
  const output = item[outputKey];
  if (spec.contentList && Array.isArray(output)) {
    part.content = contentListToParts(output, pointer(path, outputKey), "input", problems, false);
    consumed.push(outputKey);
  } else if (Object.hasOwn(item, outputKey)) {
    part.output = cloneJson(output);
    consumed.push(outputKey);
  }
  if (type !== "function_call_output") part.native_type = type;
  return { ...part, ...withOpenaiFields(restOf(item, consumed)) };
}

/** The canonical parts of one item, in order; `previous` is the part before it in the same canonical message. */
export function itemToParts(item: unknown, path: string, previous: Part | undefined, problems: Problems): Part[] {
  if (!isJsonObject(item)) {
    problems.error(path, "must be an item object");
    return [];
  }
  const type = item.type;
  if ((type === undefined || type === "message") && typeof item.role === "string")
    return messageToParts(item, path, previous, problems);
  if (typeof type !== "string") return [native(item)];
  if (type === "reasoning") return [reasoningToPart(item)];
  if (type === "function_call") return [functionCallToPart(item)];
  if (type === "custom_tool_call") return [customCallToPart(item)];
  if (type === "compaction" && typeof item.encrypted_content === "string") {
    const consumed = ["type", "encrypted_content"];
    const part: Extract<Part, { type: "compaction" }> = {
      type: "compaction",
      encrypted_content: item.encrypted_content,
      issuer: issuer(),
    };
    if (typeof item.id === "string") {
      part.id = item.id;
      consumed.push("id");
    }
    return [{ ...part, ...withOpenaiFields(restOf(item, consumed)) }];
  }
  const client = clientCalls[type];
  if (client !== undefined) return [clientCallToPart(item, type, client)];
  const server = serverCalls[type];
  if (server !== undefined) return serverCallToParts(item, type, server);
  if (type in clientResults) return [resultToPart(item, type, path, problems)];
  return [native(item)];
}

/** Converts a run of items (a response's output, or consecutive model-output items of a request) to parts. */
export function itemsToParts(items: readonly unknown[], path: string, problems: Problems, into: Part[] = []): Part[] {
  items.forEach((item, index) => {
    append(into, itemToParts(item, pointer(path, index), into.at(-1), problems));
  });
  return into;
}

// ─── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ExportContext {
  problems: Problems;
  ids: ToolCallIdMap;
  policy: ForeignReasoningPolicy;
  /** Source ids already reported as remapped: a call and its result are renamed together, and reported once. */
  remapped: Set<string>;
  /**
   * Requests only: plain assistant text parts in a row are written as one `{ role: "assistant", content: "…" }`
   * message each. The specification takes an assistant message's content as a string, or as a list only in an
   * output message with its `id` and `status`, which a part from another API has none of (and made-up item ids are
   * refused); one easy message per part keeps every part apart and conforms.
   */
  splitPlainAssistantText?: boolean;
}

/** One native item written by an export, with the canonical part it came from (for later warnings). */
export interface WrittenItem {
  item: JsonObject;
  path: string;
}

const callKeys = [
  "type",
  "id",
  "name",
  "input",
  "raw_input",
  "input_error",
  "provider_executed",
  "native_type",
  "item_id",
  "provider_fields",
  "signature",
  "issuer",
];
const resultKeys = [
  "type",
  "call_id",
  "status",
  "output",
  "content",
  "error",
  "provider_executed",
  "native_type",
  "provider_fields",
];
const reasoningKeys = [
  "type",
  "id",
  "text",
  "summary",
  "encrypted_content",
  "signature",
  "redacted_data",
  "issuer",
  "provider_fields",
];

function mappedCallId(id: string, path: string, context: ExportContext): string {
  const mapped = context.ids.idFor(id);
  if (mapped.remapped && !context.remapped.has(id)) {
    context.remapped.add(id);
    context.problems.warn(
      "id-remapped",
      path,
      `call id ${JSON.stringify(id.length > 70 ? `${id.slice(0, 67)}…` : id)} breaks OpenAI Responses' rule (at most 64 characters, unique); sent as ${mapped.id}`,
    );
  }
  return mapped.id;
}

function argumentsText(part: Tolerant.ToolCallPart): string {
  if (part.raw_input !== undefined) return part.raw_input;
  return JSON.stringify(part.input ?? {}) ?? "null";
}

function fieldsOf(part: Tolerant.Part): JsonObject | undefined {
  return "provider_fields" in part
    ? openaiFields(part.provider_fields as Tolerant.ProviderFields | undefined)
    : undefined;
}

function callToItem(
  part: Tolerant.ToolCallPart,
  path: string,
  next: Tolerant.Part | undefined,
  context: ExportContext,
): { item?: JsonObject; consumedNext: boolean } {
  const { problems } = context;
  reportUnmapped(part, callKeys, path, "OpenAI Responses", problems);
  if (part.signature !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "signature"),
      "a tool-call signature is another provider's opaque data; OpenAI Responses has no place for it",
    );
  const fields = fieldsOf(part);
  const type = part.native_type;
  const server = type === undefined ? undefined : serverCalls[type];
  if (part.provider_executed === true || server !== undefined) {
    if (type === undefined || server === undefined) {
      problems.warn(
        "part-dropped",
        path,
        `${withIndefiniteArticle(`${type ?? "provider-executed"} call`)} was run by another provider and cannot be replayed to OpenAI Responses`,
      );
      return { consumedNext: false };
    }
    const item: JsonObject = { type, id: part.id };
    if (server.name === undefined) item.name = part.name;
    if (server.jsonArguments === true) item.arguments = argumentsText(part);
    else if (isJsonObject(part.input)) spreadInto(item, part.input);
    else
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        `${type} takes its input as fields; a non-object input was left out`,
      );
    spreadInto(item, fields);
    const result =
      next !== undefined && isPartOfType(next, "tool_result") && next.call_id === part.id && next.native_type === type
        ? next
        : undefined;
    if (result !== undefined) {
      reportUnmapped(result, resultKeys, path, "OpenAI Responses", problems);
      if (isJsonObject(result.output)) spreadInto(item, result.output);
      else if (result.output !== undefined)
        problems.warn("value-converted", path, `${type} keeps its results as fields; a non-object output was left out`);
      spreadInto(item, fieldsOf(result));
    }
    return { item, consumedNext: result !== undefined };
  }
  const callId = mappedCallId(part.id, pointer(path, "id"), context);
  const client = type === undefined ? undefined : clientCalls[type];
  let item: JsonObject;
  if (type === "custom_tool_call") {
    item = {
      type,
      call_id: callId,
      name: part.name,
      input: typeof part.input === "string" ? part.input : argumentsText(part),
    };
    if (typeof part.input !== "string")
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        "a custom tool takes free-form text; the input was sent as JSON text",
      );
  } else if (client !== undefined && type !== undefined) {
    item = { type, call_id: callId };
    if (isJsonObject(part.input)) spreadInto(item, part.input);
    else
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        `${type} takes its input as fields; a non-object input was left out`,
      );
  } else {
    if (type !== undefined && type !== "function_call")
      problems.warn(
        "value-converted",
        pointer(path, "native_type"),
        `${withIndefiniteArticle(`${type} call`)} sent as a function_call`,
      );
    item = { type: "function_call", call_id: callId, name: part.name, arguments: argumentsText(part) };
  }
  if (part.item_id !== undefined) item.id = part.item_id;
  return { item: spreadInto(item, fields), consumedNext: false };
}

function resultToItem(part: Tolerant.ToolResultPart, path: string, context: ExportContext): JsonObject | undefined {
  const { problems } = context;
  const type = part.native_type ?? "function_call_output";
  const spec = clientResults[type];
  if (part.provider_executed === true || spec === undefined) {
    if (
      part.provider_executed === true ||
      (part.native_type !== undefined && serverCalls[part.native_type] !== undefined)
    ) {
      problems.warn(
        "part-dropped",
        path,
        `${withIndefiniteArticle(`${type} result`)} has no call beside it that OpenAI Responses could carry it in`,
      );
      return undefined;
    }
  }
  reportUnmapped(part, resultKeys, path, "OpenAI Responses", problems);
  const resultType = spec === undefined ? "function_call_output" : type;
  if (spec === undefined)
    problems.warn(
      "value-converted",
      pointer(path, "native_type"),
      `${withIndefiniteArticle(`${type} result`)} sent as a function_call_output`,
    );
  const fields = fieldsOf(part);
  const item: JsonObject = { type: resultType, call_id: mappedCallId(part.call_id, pointer(path, "call_id"), context) };
  const outputKey = outputKeyOf(resultType);
  const contentList = clientResults[resultType]?.contentList === true;
  if (part.content !== undefined && contentList) {
    const list: JsonObject[] = [];
    if (part.output !== undefined) {
      problems.warn(
        "parts-merged",
        pointer(path, "output"),
        "output and content sent as one content list, output first",
      );
      list.push({
        type: "input_text",
        text: typeof part.output === "string" ? part.output : JSON.stringify(part.output),
      });
    }
    part.content.forEach((entry, index) => {
      const content = partToContent(entry, pointer(path, "content", index), "input", problems);
      if (content !== undefined) list.push(content);
    });
    item[outputKey] = list;
  } else {
    if (part.content !== undefined)
      problems.warn("field-dropped", pointer(path, "content"), `${resultType} has no content list`);
    let output = part.output;
    if (output === undefined && part.error !== undefined) output = part.error;
    if (contentList && output !== undefined && typeof output !== "string") {
      problems.warn(
        "value-converted",
        pointer(path, "output"),
        "a JSON output sent as JSON text (function_call_output takes a string)",
      );
      output = JSON.stringify(output);
    }
    if (output === undefined && contentList) {
      problems.warn(
        "value-assumed",
        pointer(path, "output"),
        "a result with no output sent with an empty output string",
      );
      output = "";
    }
    if (output !== undefined) item[outputKey] = cloneJson(output);
  }
  if (part.error !== undefined && (part.output !== undefined || part.content !== undefined))
    problems.warn("field-dropped", pointer(path, "error"), `${resultType} has no error field`);
  if (part.status !== "ok" && fields?.status === undefined) {
    if (part.status === "interrupted") item.status = "incomplete";
    else
      problems.warn(
        "status-mapped",
        pointer(path, "status"),
        `${resultType} has no ${part.status} status; the result was sent as an ordinary output`,
      );
  }
  return spreadInto(item, fields);
}

function reasoningToItem(
  part: Tolerant.ReasoningPart,
  path: string,
  context: ExportContext,
): { item?: JsonObject; text?: string } {
  const { problems } = context;
  const decision = decideReasoning(part, responsesTarget, context.policy, path);
  if (decision.action === "as-text") {
    problems.warnings.push(decision.warning);
    return { text: decision.text };
  }
  if (decision.action === "drop") {
    if (decision.warning !== undefined) problems.warnings.push(decision.warning);
    return {};
  }
  const sendable = isSameIssuer(part.issuer, responsesTarget) && part.issuer !== undefined && part.id !== undefined;
  if (decision.action === "as-reasoning" || !sendable) {
    const text = [part.text, ...(part.summary ?? [])]
      .filter((entry): entry is string => typeof entry === "string" && entry !== "")
      .join("\n\n");
    if (context.policy === "text" && text !== "") {
      problems.warn(
        "reasoning-demoted",
        path,
        "reasoning not issued by OpenAI Responses (no reasoning item id) sent as text",
      );
      return { text };
    }
    problems.warn(
      "reasoning-dropped",
      path,
      "reasoning not issued by OpenAI Responses (no reasoning item id to replay it under) left out",
    );
    return {};
  }
  reportUnmapped(part, reasoningKeys, path, "OpenAI Responses", problems);
  const fields = fieldsOf(part);
  const item: JsonObject = { type: "reasoning", id: part.id };
  if (fields?.summary === undefined && (part.summary !== undefined || !absentOf(fields).includes("summary")))
    item.summary = (part.summary ?? []).map((text) => ({ type: "summary_text", text }));
  if (part.encrypted_content !== undefined) item.encrypted_content = part.encrypted_content;
  if (part.text !== undefined) item.content = [{ type: "reasoning_text", text: part.text }];
  return { item: spreadInto(item, nativeOnly(fields)) };
}

/** Builds a message item from its content; a lone plain text part becomes a string. */
function messageItem(
  role: string,
  envelope: JsonObject | undefined,
  content: JsonObject[],
  parts: Tolerant.Part[],
): JsonObject {
  const item: JsonObject = {};
  spreadInto(item, without(envelope, ["role"]));
  item.role = typeof envelope?.role === "string" ? envelope.role : role;
  const only = parts.length === 1 ? parts[0] : undefined;
  item.content =
    only !== undefined && content.length === 1 && isWrittenAsPlainText(only)
      ? (only as Tolerant.TextPart).text
      : content;
  return item;
}

/**
 * Writes the parts of one canonical message as items, in order. Content parts gather into message items of `role`
 * (a part marked with `provider_fields.openai.item` starts a new one); every other part is an item of its own.
 * `envelope` is the first message item's own fields (for non-assistant messages, kept at message level).
 */
export function partsToItems(
  parts: readonly Tolerant.Part[],
  path: string,
  role: string,
  envelope: JsonObject | undefined,
  context: ExportContext,
): WrittenItem[] {
  const written: WrittenItem[] = [];
  const side: ContentSide = role === "assistant" ? "assistant" : "input";
  let pending:
    { envelope: JsonObject | undefined; content: JsonObject[]; parts: Tolerant.Part[]; path: string } | undefined;
  let firstEnvelope = envelope;
  const flush = (): void => {
    if (pending === undefined) return;
    if (pending.content.length > 0 || pending.envelope !== undefined)
      written.push({ item: messageItem(role, pending.envelope, pending.content, pending.parts), path: pending.path });
    pending = undefined;
  };
  const addContent = (
    content: JsonObject,
    part: Tolerant.Part,
    partPath: string,
    marker: JsonObject | undefined,
  ): void => {
    const split =
      context.splitPlainAssistantText === true &&
      side === "assistant" &&
      pending !== undefined &&
      isWrittenAsPlainText(part) &&
      pending.parts.every(isWrittenAsPlainText);
    if (pending === undefined || marker !== undefined || split) {
      flush();
      pending = { envelope: marker ?? firstEnvelope, content: [], parts: [], path: partPath };
      firstEnvelope = undefined;
    }
    pending.content.push(content);
    pending.parts.push(part);
  };
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as Tolerant.Part;
    const partPath = pointer(path, index);
    const fields = fieldsOf(part);
    const marker = isJsonObject(fields?.item) ? fields.item : undefined;
    if (isContentPart(part)) {
      const sent = foreignCitedText(part, partPath, side, context);
      const content = partToContent(sent, partPath, side, context.problems);
      if (content !== undefined) addContent(content, sent, partPath, marker);
      continue;
    }
    if (isPartOfType(part, "reasoning")) {
      const { item, text } = reasoningToItem(part, partPath, context);
      if (text !== undefined)
        addContent(
          { type: side === "assistant" ? "output_text" : "input_text", text },
          { type: "text", text },
          partPath,
          undefined,
        );
      if (item !== undefined) {
        flush();
        written.push({ item, path: partPath });
      }
      continue;
    }
    flush();
    if (isPartOfType(part, "tool_call")) {
      const { item, consumedNext } = callToItem(part, partPath, parts[index + 1], context);
      if (item !== undefined) written.push({ item, path: partPath });
      if (consumedNext) index += 1;
    } else if (isPartOfType(part, "tool_result")) {
      const item = resultToItem(part, partPath, context);
      if (item !== undefined) written.push({ item, path: partPath });
    } else if (isPartOfType(part, "compaction")) {
      if (
        part.encrypted_content !== undefined &&
        isSameIssuer(part.issuer, responsesTarget) &&
        part.issuer !== undefined
      ) {
        reportUnmapped(
          part,
          ["type", "id", "encrypted_content", "issuer", "provider_fields"],
          partPath,
          "OpenAI Responses",
          context.problems,
        );
        const item: JsonObject = { type: "compaction" };
        if (part.id !== undefined) item.id = part.id;
        item.encrypted_content = part.encrypted_content;
        written.push({ item: spreadInto(item, fields), path: partPath });
      } else {
        context.problems.warn(
          "part-dropped",
          partPath,
          `a compaction ${part.encrypted_content === undefined ? "without OpenAI encrypted content" : "issued by another provider"} cannot be sent to OpenAI Responses${part.summary === undefined ? "" : " (its summary was left out too)"}`,
        );
      }
    } else if (isPartOfType(part, "native") && !isContentNative(part)) {
      if (isSameIssuer(part.issuer, responsesTarget) && isJsonObject(part.data))
        written.push({ item: cloneJson(part.data), path: partPath });
      else
        context.problems.warn(
          "part-dropped",
          partPath,
          `${withIndefiniteArticle(`${part.native_type} block`)} of ${part.issuer.provider}${part.issuer.api === undefined ? "" : ` ${part.issuer.api}`} has no OpenAI Responses equivalent`,
        );
    } else {
      context.problems.warn(
        "part-dropped",
        partPath,
        `${withIndefiniteArticle(`${part.type} part`)} has no OpenAI Responses equivalent`,
      );
    }
  }
  flush();
  if (firstEnvelope !== undefined && Object.keys(firstEnvelope).length > 0)
    context.problems.warn("field-dropped", path, "the message's item fields had no message item to go on");
  return written;
}

/**
 * In a request, assistant text with citations from another API is sent as plain text, its citations named as left
 * out: annotations go only on output_text in an output message, which needs that message's own `id` and `status`
 * (OpenAI's specification), and a part from another API has neither. Responses' own text parts keep theirs.
 */
function foreignCitedText(part: Tolerant.Part, path: string, side: ContentSide, context: ExportContext): Tolerant.Part {
  if (context.splitPlainAssistantText !== true || side !== "assistant" || !isPartOfType(part, "text")) return part;
  if (part.citations === undefined || openaiFields(part.provider_fields) !== undefined) return part;
  if (part.citations.length > 0)
    context.problems.warn(
      "field-dropped",
      pointer(path, "citations"),
      "citations of another API's assistant text have no place in a Responses request (annotations go on an output message with its own id and status); the text was sent without them",
    );
  const { citations: _citations, ...plain } = part;
  return plain;
}

/** Whether an item is one that a reasoning item may precede: model output other than reasoning. */
export function canFollowReasoning(item: unknown): boolean {
  return itemKind(item) === "output" && !(isJsonObject(item) && item.type === "reasoning");
}
