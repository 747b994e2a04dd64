/**
 * Codex `response_item` payloads → canonical parts. The items are OpenAI Responses items, and are mapped the way the
 * Responses converter maps them, so an imported session can be sent back to the Responses API: reasoning keeps its
 * `encrypted_content` with issuer `{ openai, responses }`, calls keep their `call_id` and item id.
 */
import type { Issuer, Part } from "@agent-transcript/core";
import { isJsonObject, parseJsonText, setField, type JsonObject } from "../../conversion/index.js";

/** What an item becomes: content of a message of a role, or a part of the assistant's turn or the tools' answer. */
export type ItemRole = "user" | "developer" | "system" | "assistant" | "tool";

export interface MappedItem {
  role: ItemRole;
  parts: Part[];
  /** The texts an `event_msg` echo of this item would repeat (message texts, reasoning summaries and content). */
  texts: string[];
  /** Which context Codex injected as a user turn, when this message is one (then a system message, never echoed). */
  injected?: string;
}

export function responsesIssuer(model: string | undefined): Issuer {
  return model === undefined
    ? { provider: "openai", api: "responses" }
    : { provider: "openai", api: "responses", model };
}

/** Client-run calls other than `function_call` and `custom_tool_call`: their fields (but the ids) are the input. */
const clientCalls = new Set([
  "local_shell_call",
  "shell_call",
  "apply_patch_call",
  "computer_call",
  "tool_search_call",
]);
/** Calls the provider runs itself. */
const serverCalls = new Set(["web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call"]);
/** Results of client-run calls, paired with their call by `call_id`. */
const results = new Set([
  "function_call_output",
  "custom_tool_call_output",
  "local_shell_call_output",
  "shell_call_output",
  "apply_patch_call_output",
  "computer_call_output",
  "tool_search_output",
]);

/** Whether a `response_item` of this type is mapped onto parts (the others are kept as records). */
export function isMappedItemType(type: string): boolean {
  return (
    type === "message" ||
    type === "reasoning" ||
    type === "function_call" ||
    type === "custom_tool_call" ||
    clientCalls.has(type) ||
    serverCalls.has(type) ||
    results.has(type)
  );
}

/** The fields of `item` not in `consumed`, not copied (conversion's `restOf` deep-copies); undefined when none. */
function rest(item: JsonObject, consumed: readonly string[]): JsonObject | undefined {
  const out: JsonObject = {};
  let any = false;
  for (const key of Object.keys(item)) {
    if (consumed.includes(key)) continue;
    setField(out, key, item[key]);
    any = true;
  }
  return any ? out : undefined;
}

/**
 * An item's fields with no canonical place go to the part's `provider_fields["codex"]`, not `openai`: they are what
 * Codex recorded (`status`, `internal_chat_message_metadata_passthrough`, …), and the OpenAI converters send back only
 * the `openai` fields of documents they imported themselves.
 */
function withFields<T extends Part>(part: T, fields: JsonObject | undefined): T {
  if (fields !== undefined)
    (part as { provider_fields?: Record<string, JsonObject> }).provider_fields = { codex: fields };
  return part;
}

function contentText(block: unknown): string | undefined {
  if (!isJsonObject(block)) return undefined;
  if (
    (block.type === "input_text" || block.type === "output_text" || block.type === "text") &&
    typeof block.text === "string"
  )
    return block.text;
  return undefined;
}

/** A message's content blocks → parts: texts as text parts, anything else (images, encrypted content) native. */
function contentParts(content: unknown, issuer: Issuer, texts: string[]): { parts: Part[]; native: number } {
  const parts: Part[] = [];
  let native = 0;
  const blocks =
    typeof content === "string" ? [{ type: "input_text", text: content }] : Array.isArray(content) ? content : [];
  for (const block of blocks) {
    const text = contentText(block);
    if (text !== undefined) {
      texts.push(text);
      const extra = isJsonObject(block) ? rest(block, ["type", "text"]) : undefined;
      parts.push(withFields({ type: "text", text }, extra === undefined ? undefined : { ...extra, type: block.type }));
    } else {
      native += 1;
      parts.push({
        type: "native",
        native_type: isJsonObject(block) && typeof block.type === "string" ? block.type : "content",
        data: block,
        issuer,
      });
    }
  }
  return { parts, native };
}

function callId(item: JsonObject, line: number): string {
  if (typeof item.call_id === "string" && item.call_id !== "") return item.call_id;
  if (typeof item.id === "string" && item.id !== "") return item.id;
  return `line-${line}`;
}

/** Which context Codex injected, when a user message's text opens with one of its blocks. */
function injectedContext(text: string | undefined): string | undefined {
  const opening = text?.trimStart() ?? "";
  if (opening.startsWith("<environment_context>")) return "environment_context";
  if (opening.startsWith("<user_instructions>")) return "user_instructions";
  if (opening.startsWith("# AGENTS.md instructions for ")) return "agents_md";
  return undefined;
}

/**
 * One `response_item` payload → its parts and the role of the message they belong to; `native` counts the content
 * blocks kept as native parts. Never throws.
 */
export function itemToParts(
  item: JsonObject,
  line: number,
  model: string | undefined,
): MappedItem & { native: number } {
  const type = item.type as string;
  const issuer = responsesIssuer(model);
  const texts: string[] = [];
  if (type === "message") {
    const role = item.role;
    let mapped: ItemRole =
      role === "assistant" ? "assistant" : role === "developer" ? "developer" : role === "system" ? "system" : "user";
    const { parts, native } = contentParts(item.content, issuer, texts);
    const fields = rest(item, ["type", "role", "content"]);
    if (fields !== undefined && parts[0] !== undefined) {
      const first = parts[0] as { provider_fields?: Record<string, JsonObject> };
      first.provider_fields = { codex: { ...(first.provider_fields?.codex ?? {}), item: { type, ...fields } } };
    }
    // The context Codex sends as user turns (the environment, AGENTS.md, the user's standing instructions) was never
    // typed by the user: a system message, marked as what it is, so it is never counted as the user's prompt.
    const injected = mapped === "user" ? injectedContext(texts[0]) : undefined;
    if (injected !== undefined) mapped = "system";
    texts.push(texts.join(""));
    return { role: mapped, parts, texts, native, ...(injected === undefined ? {} : { injected }) };
  }
  if (type === "reasoning") {
    const part: Extract<Part, { type: "reasoning" }> = { type: "reasoning" };
    const consumed = ["type", "summary", "encrypted_content", "id"];
    if (Array.isArray(item.summary)) {
      const summary = item.summary.flatMap((entry) =>
        isJsonObject(entry) && typeof entry.text === "string" ? [entry.text] : [],
      );
      if (summary.length === item.summary.length && summary.length > 0) part.summary = summary;
      else if (summary.length !== item.summary.length) consumed.splice(consumed.indexOf("summary"), 1);
      for (const text of summary) texts.push(text);
    }
    if (Array.isArray(item.content)) {
      const content = item.content.flatMap((entry) =>
        isJsonObject(entry) && typeof entry.text === "string" ? [entry.text] : [],
      );
      if (content.length === item.content.length && content.length > 0) {
        part.text = content.join("");
        consumed.push("content");
        for (const text of content) texts.push(text);
        texts.push(part.text);
      }
    }
    if (typeof item.encrypted_content === "string") part.encrypted_content = item.encrypted_content;
    else consumed.splice(consumed.indexOf("encrypted_content"), 1);
    if (typeof item.id === "string") part.id = item.id;
    part.issuer = issuer;
    return { role: "assistant", parts: [withFields(part, rest(item, consumed))], texts, native: 0 };
  }
  if (type === "function_call" || type === "custom_tool_call" || clientCalls.has(type) || serverCalls.has(type)) {
    const part: Extract<Part, { type: "tool_call" }> = {
      type: "tool_call",
      id: callId(item, line),
      name: typeof item.name === "string" ? item.name : type,
    };
    const consumed = ["type", "call_id", "name", "id"];
    if (type === "function_call") {
      consumed.push("arguments");
      if (typeof item.arguments === "string") {
        const parsed = parseJsonText(item.arguments);
        if (parsed.ok) {
          part.input = parsed.value;
          if (JSON.stringify(parsed.value) !== item.arguments) part.raw_input = item.arguments;
        } else {
          part.raw_input = item.arguments;
          part.input_error = parsed.reason;
        }
      } else if (item.arguments !== undefined) part.input = item.arguments;
      else consumed.pop();
    } else if (type === "custom_tool_call") {
      part.native_type = type;
      if (item.input !== undefined) {
        part.input = item.input;
        consumed.push("input");
      }
    } else {
      part.native_type = type;
      if (serverCalls.has(type)) part.provider_executed = true;
      const input = rest(item, [
        "type",
        "call_id",
        "id",
        "name",
        "status",
        "internal_chat_message_metadata_passthrough",
        "metadata",
      ]);
      part.input = input ?? {};
      for (const key of Object.keys(input ?? {})) consumed.push(key);
    }
    if (typeof item.id === "string" && item.id !== part.id) part.item_id = item.id;
    return { role: "assistant", parts: [withFields(part, rest(item, consumed))], texts, native: 0 };
  }
  if (results.has(type)) {
    const part: Extract<Part, { type: "tool_result" }> = {
      type: "tool_result",
      call_id: callId(item, line),
      status: "ok",
    };
    const consumed = ["type", "call_id", "output"];
    const output = item.output;
    if (Array.isArray(output) && output.every((block) => contentText(block) !== undefined)) {
      part.content = output.map((block) => ({ type: "text", text: contentText(block) as string }));
    } else if (
      isJsonObject(output) &&
      typeof output.content === "string" &&
      Object.keys(output).every((key) => key === "content" || key === "success")
    ) {
      // Older rollouts: `{ content, success }`.
      part.output = output.content;
      if (output.success === false) part.status = "error";
    } else if (output !== undefined) part.output = output;
    else if (type === "tool_search_output") {
      part.output =
        rest(item, ["type", "call_id", "id", "internal_chat_message_metadata_passthrough", "metadata"]) ?? {};
      for (const key of Object.keys(part.output as JsonObject)) consumed.push(key);
    }
    if (type !== "function_call_output") part.native_type = type;
    return { role: "tool", parts: [withFields(part, rest(item, consumed))], texts, native: 0 };
  }
  return { role: "assistant", parts: [], texts, native: 0 };
}
