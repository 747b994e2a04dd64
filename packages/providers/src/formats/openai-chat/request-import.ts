/**
 * OpenAI Chat Completions request → canonical transcript.
 *
 * - `messages` → messages in order, roles kept (`developer` stays `developer`); `name` → message name.
 * - Content: a string → one text part; a list → one part per entry (`text`; `image_url` → image, a base64 data URI
 *   split into data + media_type, any other URL kept as url, `detail` kept; `input_audio` → audio with media_type
 *   `audio/<format>`, mp3 as `audio/mpeg`; `file` → file with file_data split like an image, or file_id; `refusal`
 *   → refusal; an unknown entry type → a native part issued by openai chat-completions).
 * - Assistant: `reasoning` / `reasoning_content` (sent by compatible servers: Ollama, Groq, DeepSeek) → a reasoning
 *   part first; `refusal` → a refusal part after the content; `tool_calls` → tool_call parts, `arguments` parsed into
 *   input and kept as raw_input when it does not parse or is not byte-for-byte `JSON.stringify(input)`.
 * - Tool messages → a `tool` message with one tool_result (status ok): string content → output, a list of text
 *   entries → content.
 * - `tools` → tool definitions (`function.parameters` → input_schema, `strict`), `tool_choice` and
 *   `parallel_tool_calls` → tool_choice; every other request field → the document's `provider_fields.openai`.
 * Everything of a message, part or tool with no canonical field is kept in its `provider_fields.openai` (see
 * native-fields.ts), so converting back reproduces the request.
 */
import type {
  Message,
  Part,
  ToolCallPart,
  ToolChoice,
  ToolDefinition,
  ToolResultPart,
  Transcript,
} from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { digest } from "../../conversion/index.js";
import {
  cloneJson,
  FieldReader,
  Problems,
  emptyProvenance,
  finishToCanonical,
  fingerprint,
  isJsonObject,
  pointer,
  type ToCanonicalResult,
  type JsonObject,
  type Provenance,
} from "../../conversion/index.js";
import { parseJsonText, providerEntry, splitDataUri, type Shape } from "./native-fields.js";

export const provider = "openai";
export const chatIssuer = { provider: "openai", api: "chat-completions" } as const;
export const messageRoles = ["system", "developer", "user", "assistant", "tool"] as const;
export const reasoningFields = ["reasoning", "reasoning_content"] as const;

const audioMediaTypes: Record<string, string> = { wav: "audio/wav", mp3: "audio/mpeg" };

export function audioMediaType(format: string): string {
  return audioMediaTypes[format] ?? `audio/${format}`;
}

export function audioFormat(mediaType: string): string | undefined {
  for (const [format, type] of Object.entries(audioMediaTypes)) if (type === mediaType) return format;
  return mediaType.startsWith("audio/") ? mediaType.slice("audio/".length) : undefined;
}

/** Adds `provider_fields.openai` to a canonical object when there is anything to keep. */
export function withFields<T extends object>(target: T, rest: JsonObject | undefined, shape: Shape = {}): T {
  const entry = providerEntry(rest, shape);
  if (entry !== undefined)
    (target as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [provider]: entry };
  return target;
}

/** Ids made up for calls the source sent with an empty id, by position, so reruns agree. */
export function syntheticCallId(position: string): string {
  return `call_${digest(`openai-chat:${position}`, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24)}`;
}

export function requestToCanonical(request: unknown): ToCanonicalResult {
  const problems = new Problems();
  const provenance: Provenance = emptyProvenance();
  if (!isJsonObject(request)) {
    problems.error("", "must be a Chat Completions request object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const reader = new FieldReader(request, "", problems);
  const rawMessages = reader.array("messages", { required: true }) ?? [];
  const messages: Message[] = [];
  const pending: string[] = [];
  rawMessages.forEach((value, index) => {
    const path = pointer("", "messages", index);
    const message = importMessage(value, path, problems, pending);
    if (message === undefined) return;
    messages.push(message);
    provenance.messages.push(path);
    provenance.parts.push(message.parts.map(() => ({ path, sameShape: false })));
  });
  const document: Transcript = {
    schema_version: formatVersion,
    id: `openai-chat-${fingerprint(request)}`,
    source: { format: "openai-chat" },
    messages,
  };
  const tools = reader.array("tools");
  if (tools !== undefined)
    document.tools = tools.flatMap((tool, index) => importTool(tool, pointer("", "tools", index), problems) ?? []);
  const choice = importToolChoice(reader, problems);
  if (choice !== undefined) document.tool_choice = choice;
  const rest = reader.rest();
  if (rest !== undefined) document.provider_fields = { [provider]: rest };
  return finishToCanonical(document, provenance, problems);
}

function importTool(value: unknown, path: string, problems: Problems): ToolDefinition | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const type = value["type"];
  if (type !== "function") {
    // Custom (grammar) tools and anything newer: kept whole, named by the type's own `name` when it has one.
    const inner = typeof type === "string" ? value[type] : undefined;
    const name =
      isJsonObject(inner) && typeof inner["name"] === "string" && inner["name"] !== ""
        ? inner["name"]
        : typeof type === "string" && type !== ""
          ? type
          : "tool";
    return withFields({ name, native_type: typeof type === "string" ? type : "unknown" }, undefined, {
      tool: cloneJson(value),
    });
  }
  const reader = new FieldReader(value, path, problems);
  reader.take("type");
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const description = fnReader.string("description");
  const parameters = fnReader.has("parameters") ? fnReader.json("parameters") : undefined;
  const strict = fnReader.has("strict") && typeof fn["strict"] === "boolean" ? fnReader.boolean("strict") : undefined;
  const rest = reader.rest() ?? {};
  const fnRest = fnReader.rest();
  if (fnRest !== undefined) rest["function"] = fnRest;
  if (name === undefined) return undefined;
  const tool: ToolDefinition = { name };
  if (description !== undefined) tool.description = description;
  if (parameters !== undefined) tool.input_schema = parameters;
  if (strict !== undefined) tool.strict = strict;
  return withFields(tool, Object.keys(rest).length > 0 ? rest : undefined);
}

function importToolChoice(reader: FieldReader, problems: Problems): ToolChoice | undefined {
  if (!reader.has("tool_choice")) return undefined;
  const raw = reader.take("tool_choice");
  const parallel =
    reader.has("parallel_tool_calls") && typeof reader.value["parallel_tool_calls"] === "boolean"
      ? reader.boolean("parallel_tool_calls")
      : undefined;
  let choice: ToolChoice;
  if (raw === "auto" || raw === "none" || raw === "required") choice = { mode: raw };
  else if (
    isJsonObject(raw) &&
    raw["type"] === "function" &&
    isJsonObject(raw["function"]) &&
    typeof raw["function"]["name"] === "string" &&
    raw["function"]["name"] !== "" &&
    Object.keys(raw).length === 2 &&
    Object.keys(raw["function"]).length === 1
  ) {
    choice = { mode: "tool", name: raw["function"]["name"] };
  } else if (isJsonObject(raw)) {
    // allowed_tools, custom tools: the closest mode, with the native choice kept whole.
    const allowed = isJsonObject(raw["allowed_tools"]) ? raw["allowed_tools"]["mode"] : undefined;
    choice = withFields({ mode: allowed === "required" ? "required" : "auto" }, { tool_choice: cloneJson(raw) });
  } else {
    problems.error(reader.at("tool_choice"), "must be auto, none, required or an object");
    return undefined;
  }
  if (parallel !== undefined) choice.parallel = parallel;
  return choice;
}

/** Reads one request message. `pending` holds the call ids the latest assistant message made, for empty result ids. */
function importMessage(value: unknown, path: string, problems: Problems, pending: string[]): Message | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const role = reader.oneOf("role", messageRoles, { required: true });
  if (role === undefined) return undefined;
  const message: Message = { role, parts: [] };
  const name = reader.string("name");
  if (name !== undefined) message.name = name;
  const shape: Shape = {};
  if (role === "tool") {
    const part = importToolResult(reader, pending, problems);
    if (part !== undefined) message.parts.push(part);
    return withFields(message, reader.rest(), shape);
  }
  if (role === "assistant") {
    for (const field of reasoningFields) {
      if (typeof value[field] !== "string") continue;
      const text = reader.string(field) ?? "";
      message.parts.push(withFields({ type: "reasoning", text }, undefined, { field }));
    }
  }
  if (reader.has("content") && reader.value["content"] !== null) {
    const content = reader.take("content");
    if (typeof content === "string") message.parts.push({ type: "text", text: content });
    else if (Array.isArray(content)) {
      const parts = content.flatMap(
        (entry, index) => importContentPart(entry, pointer(reader.at("content"), index), problems) ?? [],
      );
      message.parts.push(...parts);
      // A list that a writer would turn into a string (one plain text part) or leave out (empty) is marked.
      if (
        parts.length === 0 ||
        (parts.length === 1 && parts[0]?.type === "text" && parts[0].provider_fields === undefined)
      )
        shape.content_parts = true;
    } else problems.error(reader.at("content"), "must be a string, a list of content parts or null");
  }
  if (role === "assistant") {
    if (typeof value["refusal"] === "string")
      message.parts.push({ type: "refusal", text: reader.string("refusal") ?? "" });
    const calls =
      Array.isArray(value["tool_calls"]) && value["tool_calls"].length > 0 ? reader.array("tool_calls") : undefined;
    if (calls !== undefined) {
      pending.length = 0;
      calls.forEach((call, index) => {
        const part = importToolCall(call, pointer(reader.at("tool_calls"), index), problems);
        if (part === undefined) return;
        message.parts.push(part);
        pending.push(part.id);
      });
    }
  }
  return withFields(message, reader.rest(), shape);
}

export function importContentPart(value: unknown, path: string, problems: Problems): Part | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const type = reader.string("type", { required: true });
  switch (type) {
    case "text": {
      const text = reader.string("text", { required: true });
      return text === undefined ? undefined : withFields<Part>({ type: "text", text }, reader.rest());
    }
    case "refusal": {
      const text = reader.string("refusal", { required: true });
      return text === undefined
        ? undefined
        : withFields<Part>({ type: "refusal", text }, reader.rest(), { in_content: true });
    }
    case "image_url": {
      const image = reader.object("image_url", { required: true });
      if (image === undefined) return undefined;
      const imageReader = new FieldReader(image, reader.at("image_url"), problems);
      const url = imageReader.string("url", { required: true });
      const detail = imageReader.string("detail");
      if (url === undefined) return undefined;
      const split = splitDataUri(url);
      const part: Part =
        split === undefined ? { type: "image", url } : { type: "image", media_type: split.mediaType, data: split.data };
      if (detail !== undefined) part.detail = detail;
      return withFields(part, nest(reader.rest(), "image_url", imageReader.rest()));
    }
    case "input_audio": {
      const audio = reader.object("input_audio", { required: true });
      if (audio === undefined) return undefined;
      const audioReader = new FieldReader(audio, reader.at("input_audio"), problems);
      const data = audioReader.string("data", { required: true });
      const format = audioReader.string("format", { required: true });
      if (data === undefined || format === undefined) return undefined;
      const inner = audioReader.rest() ?? {};
      const mediaType = audioMediaType(format);
      // A format the media type does not map back to (`mpeg`) is kept as written.
      if (audioFormat(mediaType) !== format) inner["format"] = format;
      return withFields<Part>(
        { type: "audio", data, media_type: mediaType },
        nest(reader.rest(), "input_audio", Object.keys(inner).length > 0 ? inner : undefined),
      );
    }
    case "file": {
      const file = reader.object("file", { required: true });
      if (file === undefined) return undefined;
      const fileReader = new FieldReader(file, reader.at("file"), problems);
      const fileData = fileReader.string("file_data");
      const fileId = fileReader.string("file_id");
      const filename = fileReader.string("filename");
      const inner = fileReader.rest() ?? {};
      const part: Part = { type: "file" };
      if (fileData !== undefined) {
        const split = splitDataUri(fileData);
        if (split === undefined) inner["file_data"] = fileData;
        else {
          part.data = split.data;
          part.media_type = split.mediaType;
        }
      }
      if (fileId !== undefined) part.file_id = fileId;
      if (filename !== undefined) part.filename = filename;
      if (part.data === undefined && part.file_id === undefined) {
        problems.error(reader.at("file"), "needs file_data as a base64 data URI or a file_id");
        return undefined;
      }
      return withFields(part, nest(reader.rest(), "file", Object.keys(inner).length > 0 ? inner : undefined));
    }
    default:
      if (type === undefined) return undefined;
      return { type: "native", native_type: type, data: cloneJson(value), issuer: { ...chatIssuer } };
  }
}

function nest(rest: JsonObject | undefined, key: string, inner: JsonObject | undefined): JsonObject | undefined {
  if (inner === undefined) return rest;
  return { ...(rest ?? {}), [key]: inner };
}

export function importToolCall(value: unknown, path: string, problems: Problems): ToolCallPart | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const id = reader.string("id", { required: true });
  const shape: Shape = {};
  if (!reader.has("type")) shape.absent = ["type"];
  const type = reader.take("type");
  if (type === "custom") {
    const custom = reader.object("custom", { required: true });
    const customReader = custom === undefined ? undefined : new FieldReader(custom, reader.at("custom"), problems);
    const name = customReader?.string("name", { required: true, nonEmpty: true });
    const input = customReader?.string("input", { required: true });
    if (id === undefined || name === undefined || input === undefined) return undefined;
    const part: ToolCallPart = {
      type: "tool_call",
      id: id === "" ? syntheticCallId(path) : id,
      name,
      input,
      native_type: "custom",
    };
    if (id === "") shape.id = "";
    return withFields(part, nest(reader.rest(), "custom", customReader?.rest()), shape);
  }
  if (type !== undefined && type !== "function") {
    problems.error(reader.at("type"), "must be function or custom");
    return undefined;
  }
  const fn = reader.object("function", { required: true });
  if (fn === undefined || id === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const args = fnReader.string("arguments", { required: true });
  if (name === undefined || args === undefined) return undefined;
  const part: ToolCallPart = { type: "tool_call", id, name };
  if (id === "") {
    // Gemini's OpenAI-compatible endpoint sends empty ids; the canonical id must not be empty.
    part.id = syntheticCallId(path);
    shape.id = "";
  }
  const parsed = parseJsonText(args);
  if (parsed.ok) {
    part.input = parsed.value;
    if (JSON.stringify(parsed.value) !== args) part.raw_input = args;
  } else {
    part.raw_input = args;
    part.input_error = parsed.reason;
  }
  return withFields(part, nest(reader.rest(), "function", fnReader.rest()), shape);
}

function importToolResult(reader: FieldReader, pending: string[], problems: Problems): ToolResultPart | undefined {
  const callId = reader.string("tool_call_id", { required: true });
  if (callId === undefined) return undefined;
  const shape: Shape = {};
  const part: ToolResultPart = { type: "tool_result", call_id: callId, status: "ok" };
  if (callId === "") {
    part.call_id = pending.shift() ?? syntheticCallId(`${reader.path}/tool_call_id`);
    shape.id = "";
  } else {
    const index = pending.indexOf(callId);
    if (index >= 0) pending.splice(index, 1);
  }
  if (reader.has("content") && reader.value["content"] !== null) {
    const content = reader.take("content");
    if (typeof content === "string") part.output = content;
    else if (Array.isArray(content))
      part.content = content.flatMap(
        (entry, index) => importContentPart(entry, pointer(reader.at("content"), index), problems) ?? [],
      );
    else problems.error(reader.at("content"), "must be a string, a list of text parts or null");
  }
  return withFields(part, undefined, shape);
}
