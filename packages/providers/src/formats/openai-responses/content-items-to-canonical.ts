/**
 * Responses items → canonical parts (content-items-from-canonical.ts writes them back): what a request's assistant turns and a response's `output` are made of.
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
import { append, parseJsonText, takeStrings } from "../../conversion/index.js";
import { cloneJson, isJsonObject, pointer, type JsonObject, type Problems } from "../../conversion/index.js";
import { contentListToParts, isContentPart, isPlainText } from "./content.js";
import { isNonEmptyString, issuer, openaiFields, restOf, withAbsent, withOpenaiFields } from "./native-fields.js";

/** Calls the client runs, keyed by `call_id`, with the item's `id` as item_id. */
export interface ClientCallSpec {
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

export const clientCalls: Readonly<Record<string, ClientCallSpec>> = lookupTable({
  local_shell_call: { name: "local_shell", inputKeys: ["action"] },
  shell_call: { name: "shell", inputKeys: ["action"] },
  apply_patch_call: { name: "apply_patch", inputKeys: ["operation"] },
  computer_call: { name: "computer", inputKeys: ["action", "actions"] },
  tool_search_call: { name: "tool_search", inputKeys: ["arguments"] },
});

/** Calls the provider runs itself, keyed by their item `id`; their results travel in the same item. */
export interface ServerCallSpec {
  /** The tool name, or undefined when the item names it (`mcp_call.name`). */
  name: string | undefined;
  inputKeys: readonly string[];
  /** The fields holding the result; none means the item has no result part. */
  resultKeys: readonly string[];
  /** `arguments` is a JSON string to parse as the input. */
  jsonArguments?: boolean;
}

export const serverCalls: Readonly<Record<string, ServerCallSpec>> = lookupTable({
  web_search_call: { name: "web_search", inputKeys: ["action"], resultKeys: [] },
  file_search_call: { name: "file_search", inputKeys: ["queries"], resultKeys: ["results"] },
  code_interpreter_call: { name: "code_interpreter", inputKeys: ["code", "container_id"], resultKeys: ["outputs"] },
  image_generation_call: { name: "image_generation", inputKeys: [], resultKeys: ["result"] },
  mcp_call: { name: undefined, inputKeys: [], resultKeys: ["output", "error"], jsonArguments: true },
});

/** Results of client calls, keyed by `call_id`; `content` outputs may be a list of content parts. */
export const clientResults: Readonly<Record<string, { contentList: boolean }>> = lookupTable({
  function_call_output: { contentList: true },
  custom_tool_call_output: { contentList: true },
  shell_call_output: { contentList: false },
  apply_patch_call_output: { contentList: false },
  computer_call_output: { contentList: false },
  tool_search_output: { contentList: false },
});

/** The field holding a client result's output (`tools` for tool search). */
export function outputKeyOf(type: string): string {
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
  // parts in a row as one such message each (FromCanonicalContext.splitPlainAssistantText).
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
  takeStrings(item, { id: "id" }, part, consumed);
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
  takeStrings(item, { encrypted_content: "encrypted_content" }, part, consumed);
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
  takeStrings(item, { id: "item_id" }, part, consumed);
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
  takeStrings(item, { id: "item_id" }, part, consumed);
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
  takeStrings(item, { id: "item_id" }, part, consumed);
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
    takeStrings(item, { id: "id" }, part, consumed);
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
