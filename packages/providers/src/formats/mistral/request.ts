/**
 * Mistral chat completion requests ↔ canonical transcript.
 *
 * To canonical: `messages` in order, roles kept; content as a string → one text part, as a chunk list → one part per
 * chunk (content.ts); an assistant's `tool_calls` → tool_call parts; a tool message → a `tool` message with one
 * tool_result (status ok; string content → output, a chunk list → content; `name` → the result's name). `tools` →
 * tool definitions (`function.parameters` → input_schema, `strict`; built-in tools kept whole), `tool_choice` and
 * `parallel_tool_calls` → tool_choice (`any`, Mistral's synonym of `required`, kept so it comes back). Every other
 * request field (`model`, `temperature`, `random_seed`, `safe_prompt`, `prompt_mode`, `response_format`, …) goes to
 * the document's `provider_fields.mistral`, and every field of a message, chunk or tool without a canonical field
 * (an assistant's `prefix`, a tool call's `index`) to that object's `provider_fields.mistral`.
 *
 * From canonical, a request Mistral accepts, each change reported (strict mode turns them into errors):
 * - Tool results become one tool message each, right after the assistant message with their calls
 *   (`results-regrouped` when a canonical message held several); a call with no result gets a tool message stating
 *   that none was recorded (`value-assumed`), and a result with no call is left out (`tool-result-unmatched`). Ids that are not nine letters and digits are renamed,
 *   call and result together, deterministically (`id-remapped`).
 * - Tool messages carry text: a JSON output is sent as JSON text (`value-converted`), a non-ok status has no field
 *   (`status-mapped`). Images, audio and documents of a result go to a user message after the tool messages,
 *   labelled with the call id (`media-fallback`): Mistral models before tokenizer v15 reject media in tool messages.
 * - Mistral's role order: a tool message must be followed by an assistant or tool message, so an assistant message
 *   with the text "OK" is put between tool messages and a following user message (`value-assumed`; pydantic-ai does
 *   the same); a system message after an assistant or tool message is sent as a user message (`role-mapped`), as
 *   is a `developer` message anywhere; an assistant message left with neither content nor calls is left out
 *   (`message-dropped`).
 * - Mistral serves a conversation that ends with a user or tool message, or with an assistant message marked
 *   `prefix: true` (the model continues it): a final assistant message gets `prefix: true` (`value-assumed`), and
 *   `prefix` on an earlier one is removed (`value-converted`). A history with no user or system message before the
 *   assistant's (a response document) is no request Mistral serves and fails at `/messages`.
 * - Reasoning: content.ts. Parts Mistral has no shape for are left out (`part-dropped`), fields of the document,
 *   messages and parts without a Mistral equivalent are reported (`field-dropped`).
 */
import type {
  Message,
  Part,
  Tolerant,
  ToolChoice,
  ToolDefinition,
  ToolResultPart,
  Transcript,
} from "@agent-transcript/core";
import { formatVersion, isKnownPart } from "@agent-transcript/core";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
import {
  cloneJson,
  FieldReader,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  fingerprint,
  guard,
  isJsonObject,
  pointer,
  type ToCanonicalResult,
  type JsonObject,
  type Provenance,
} from "../../conversion/index.js";
import { idRules } from "../../conversion/index.js";
import { TurnCallIds } from "../../conversion/index.js";
import { idChangeMessage } from "./id-messages.js";
import { contentValue, importChunk, importToolCall, writeChunk, writeToolCall, type WriteContext } from "./content.js";
import {
  dropAbsent,
  fillMissing,
  reportFields,
  shapeOf,
  targetFields,
  withFields,
  type Shape,
} from "./native-fields.js";
import type { MistralChatRequest } from "./types.js";

const messageRoles = ["system", "user", "assistant", "tool"] as const;

// ─── To canonical ────────────────────────────────────────────────────────────────────────────────────────────────

export function requestToCanonical(request: unknown): ToCanonicalResult {
  return guard(
    () => importRequest(request),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importRequest(request: unknown): ToCanonicalResult {
  const problems = new Problems();
  if (!isJsonObject(request)) {
    problems.error("", "must be a Mistral chat completion request object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const provenance: Provenance = emptyProvenance();
  const reader = new FieldReader(request, "", problems);
  const rawMessages = reader.array("messages", { required: true }) ?? [];
  const messages: Message[] = [];
  rawMessages.forEach((value, index) => {
    const path = pointer("", "messages", index);
    const message = importMessage(value, path, problems);
    if (message === undefined) return;
    messages.push(message);
    provenance.messages.push(path);
    provenance.parts.push(message.parts.map(() => ({ path, sameShape: false })));
  });
  const document: Transcript = {
    schema_version: formatVersion,
    id: `mistral-${fingerprint(request)}`,
    source: { format: "mistral" },
    messages,
  };
  if (Array.isArray(request["tools"])) {
    const tools = reader.array("tools") ?? [];
    document.tools = tools.flatMap((tool, index) => importTool(tool, pointer("", "tools", index), problems) ?? []);
  }
  const choice = importToolChoice(reader, problems);
  if (choice !== undefined) document.tool_choice = choice;
  const rest = reader.rest();
  if (rest !== undefined) document.provider_fields = { mistral: rest };
  return finishToCanonical(document, provenance, problems);
}

function importTool(value: unknown, path: string, problems: Problems): ToolDefinition | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be a tool object");
    return undefined;
  }
  const type = value["type"];
  if (type !== undefined && type !== "function") {
    // Built-in tools (web_search, code_interpreter, document_library, …): kept whole, replayed only to Mistral.
    const name = typeof type === "string" && type !== "" ? type : "tool";
    return withFields({ name, native_type: name }, undefined, { tool: cloneJson(value) });
  }
  const reader = new FieldReader(value, path, problems);
  const shape: Shape = {};
  if (type === undefined) shape.absent = ["type"];
  reader.take("type");
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const description = fnReader.string("description");
  const parameters = fnReader.has("parameters") ? fnReader.json("parameters") : undefined;
  const strict = typeof fn["strict"] === "boolean" ? fnReader.boolean("strict") : undefined;
  const rest = reader.rest() ?? {};
  const fnRest = fnReader.rest();
  if (fnRest !== undefined) rest["function"] = fnRest;
  if (name === undefined) return undefined;
  const tool: ToolDefinition = { name };
  if (description !== undefined) tool.description = description;
  if (parameters !== undefined) tool.input_schema = parameters;
  if (strict !== undefined) tool.strict = strict;
  return withFields(tool, Object.keys(rest).length > 0 ? rest : undefined, shape);
}

function importToolChoice(reader: FieldReader, problems: Problems): ToolChoice | undefined {
  if (!reader.has("tool_choice")) return undefined;
  const raw = reader.take("tool_choice");
  const parallel =
    typeof reader.value["parallel_tool_calls"] === "boolean" ? reader.boolean("parallel_tool_calls") : undefined;
  let choice: ToolChoice;
  if (raw === "auto" || raw === "none" || raw === "required") choice = { mode: raw };
  else if (raw === "any") choice = withFields({ mode: "required" }, { tool_choice: "any" });
  else if (
    isJsonObject(raw) &&
    isJsonObject(raw["function"]) &&
    typeof raw["function"]["name"] === "string" &&
    raw["function"]["name"] !== ""
  ) {
    const exact =
      raw["type"] === "function" && Object.keys(raw).length === 2 && Object.keys(raw["function"]).length === 1;
    choice = exact
      ? { mode: "tool", name: raw["function"]["name"] }
      : withFields({ mode: "tool", name: raw["function"]["name"] }, { tool_choice: cloneJson(raw) });
  } else {
    problems.error(reader.at("tool_choice"), "must be auto, none, any, required or a named function");
    return undefined;
  }
  if (parallel !== undefined) choice.parallel = parallel;
  return choice;
}

function importContent(reader: FieldReader, shape: Shape, problems: Problems): Part[] {
  if (!reader.has("content") || reader.value["content"] === null) return [];
  const content = reader.take("content");
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) {
    problems.error(reader.at("content"), "must be a string, a list of content chunks or null");
    return [];
  }
  const parts = content.flatMap(
    (entry, index) => importChunk(entry, pointer(reader.at("content"), index), problems) ?? [],
  );
  // A list a writer would turn into a string (one plain text chunk) or leave out (empty) is marked.
  const only = parts[0];
  if (parts.length === 0 || (parts.length === 1 && only?.type === "text" && only.provider_fields === undefined))
    shape.content_list = true;
  return parts;
}

function importMessage(value: unknown, path: string, problems: Problems): Message | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be a message object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const role = reader.oneOf("role", messageRoles, { required: true });
  if (role === undefined) return undefined;
  const message: Message = { role, parts: [] };
  const shape: Shape = {};
  if (role === "tool") {
    const callId = reader.string("tool_call_id", { required: true });
    if (callId === undefined) return undefined;
    const part: ToolResultPart = { type: "tool_result", call_id: callId, status: "ok" };
    if (typeof value["name"] === "string") part.name = reader.string("name");
    if (typeof value["content"] === "string") part.output = reader.string("content");
    else if (Array.isArray(value["content"])) {
      const content = reader.array("content") ?? [];
      part.content = content.flatMap(
        (entry, index) => importChunk(entry, pointer(reader.at("content"), index), problems) ?? [],
      );
    }
    message.parts.push(part);
    return withFields(message, reader.rest());
  }
  message.parts.push(...importContent(reader, shape, problems));
  if (role === "assistant" && Array.isArray(value["tool_calls"]) && value["tool_calls"].length > 0) {
    const calls = reader.array("tool_calls") ?? [];
    calls.forEach((call, index) => {
      const part = importToolCall(call, pointer(reader.at("tool_calls"), index), problems);
      if (part !== undefined) message.parts.push(part);
    });
  }
  return withFields(message, reader.rest(), shape);
}

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

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

/** The text of the assistant message put between tool messages and a following user message. */
const bridgeText = "OK";

interface Native {
  message: JsonObject;
  /** The canonical pointer of what the native message came from. */
  path: string;
  /** For assistant messages: the paths of its calls, by native id. */
  callPaths?: Map<string, string>;
}

export function requestFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<MistralChatRequest> {
  return guard(
    () => convert(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/** The content of the tool message that answers a call which has no result in the document. */
const unansweredCallText = "No result was recorded for this call.";

/** The text of the user message put before a history that opens with the assistant. */
const placeholderUserText = "Continue.";

function convert(document: unknown, options: FromCanonicalOptions): FromCanonicalResult<MistralChatRequest> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  reportFields(document, mappedDocumentFields, "", problems, "Mistral request");
  const context: WriteContext = { problems, options, ids: new TurnCallIds(idRules.mistral), response: false };
  const natives: Native[] = [];
  document.messages.forEach((message, index) =>
    writeMessage(message, pointer("", "messages", index), context, natives),
  );
  const messages = keepRoleOrder(pairToolMessages(natives, problems), problems);
  if (messages.length === 0) {
    problems.error("/messages", "this document holds no message Mistral can send, and a Mistral request needs one");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const first = messages[0]?.["role"];
  if (first !== "user" && first !== "system") {
    // A response used alone, as the Anthropic and Gemini converters do: the conversation it answered is not there.
    problems.warn(
      "value-assumed",
      "/messages/0",
      `Mistral serves a conversation that starts with a user or system message; a placeholder user message (${JSON.stringify(placeholderUserText)}) was added`,
    );
    messages.unshift({ role: "user", content: placeholderUserText });
  }
  const request: JsonObject = { messages };
  const own = targetFields(document.provider_fields, "", problems);
  if (own?.["model"] === undefined) {
    problems.warn(
      "value-assumed",
      "/provider_fields",
      "the document names no Mistral model (provider_fields.mistral.model); model is written empty, to be set before sending",
    );
    request["model"] = "";
  }
  if (document.tools !== undefined)
    request["tools"] = document.tools.flatMap(
      (tool, index) => writeTool(tool, pointer("", "tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) writeToolChoice(document.tool_choice, request, problems);
  fillMissing(request, own);
  return finishFromCanonical(request as unknown as MistralChatRequest, problems.warnings, options);
}

function writeTool(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  const own = targetFields(tool.provider_fields, path, problems);
  const shape = shapeOf(own);
  if (tool.native_type !== undefined) {
    if (isJsonObject(shape?.tool)) return cloneJson(shape.tool);
    problems.warn(
      "field-dropped",
      path,
      `the ${tool.native_type} tool is another provider's own tool; Mistral has no equivalent`,
    );
    return undefined;
  }
  reportFields(tool, ["name", "description", "input_schema", "strict", "provider_fields"], path, problems);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn["description"] = tool.description;
  if (tool.input_schema !== undefined) fn["parameters"] = cloneJson(tool.input_schema);
  else {
    problems.warn(
      "value-assumed",
      pointer(path, "input_schema"),
      "Mistral requires parameters; a tool without an input schema is sent with an empty object schema",
    );
    fn["parameters"] = { type: "object", properties: {} };
  }
  if (tool.strict !== undefined) fn["strict"] = tool.strict;
  fillMissing(fn, isJsonObject(own?.["function"]) ? own["function"] : undefined);
  const native: JsonObject = { type: "function", function: fn };
  fillMissing(native, own);
  dropAbsent(native, shape);
  return native;
}

function writeToolChoice(choice: Tolerant.ToolChoice, request: JsonObject, problems: Problems): void {
  const own = targetFields(choice.provider_fields, "/tool_choice", problems);
  const kept = own?.["tool_choice"];
  const keptFits =
    (choice.mode === "required" && kept === "any") ||
    (choice.mode === "tool" &&
      isJsonObject(kept) &&
      isJsonObject(kept["function"]) &&
      kept["function"]["name"] === choice.name);
  if (keptFits) request["tool_choice"] = cloneJson(kept);
  else if (choice.mode === "tool") request["tool_choice"] = { type: "function", function: { name: choice.name ?? "" } };
  else if (choice.mode === "auto" || choice.mode === "none" || choice.mode === "required")
    request["tool_choice"] = choice.mode;
  else {
    problems.warn(
      "value-assumed",
      "/tool_choice/mode",
      `tool choice ${String(choice.mode)} has no Mistral equivalent; written as auto`,
    );
    request["tool_choice"] = "auto";
  }
  if (choice.parallel !== undefined) request["parallel_tool_calls"] = choice.parallel;
}

/** The content chunks and tool calls of an assistant message. */
export function collectAssistant(
  message: Tolerant.Message,
  path: string,
  context: WriteContext,
): { chunks: JsonObject[]; calls: Array<{ native: JsonObject; path: string }> } {
  const { problems } = context;
  const chunks: JsonObject[] = [];
  const calls: Array<{ native: JsonObject; path: string }> = [];
  context.ids.startTurn();
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (isKnownPart(part) && part.type === "tool_call") {
      if (part.provider_executed === true || part.native_type !== undefined) {
        problems.warn(
          "part-dropped",
          partPath,
          `a server-side ${part.native_type ?? "tool"} call is specific to the provider that ran it; Mistral cannot replay it`,
        );
        return;
      }
      calls.push({ native: writeToolCall(part, partPath, context), path: partPath });
      return;
    }
    if (isKnownPart(part) && part.type === "tool_result") {
      problems.warn("part-dropped", partPath, "a tool result inside an assistant message has no Mistral equivalent");
      return;
    }
    const chunk = writeChunk(part, partPath, context, "assistant");
    if (chunk === undefined) return;
    if (calls.length > 0)
      problems.warn("order-changed", partPath, "Mistral puts content before tool calls; this part followed a call");
    chunks.push(chunk);
  });
  return { chunks, calls };
}

function writeMessage(message: Tolerant.Message, path: string, context: WriteContext, natives: Native[]): void {
  const { problems } = context;
  reportFields(message, mappedMessageFields, path, problems, "Mistral message");
  if (message.name !== undefined)
    problems.warn("field-dropped", pointer(path, "name"), "Mistral messages carry no participant name");
  const own = targetFields(message.provider_fields, path, problems);
  const shape = shapeOf(own);
  if (message.role === "assistant") {
    const { chunks, calls } = collectAssistant(message, path, context);
    const native: JsonObject = { role: "assistant" };
    const content = contentValue(chunks, shape);
    if (content !== undefined) native["content"] = content;
    if (calls.length > 0) native["tool_calls"] = calls.map((call) => call.native);
    fillMissing(native, own);
    dropAbsent(native, shape);
    natives.push({
      message: native,
      path,
      callPaths: new Map(calls.map((call) => [String(call.native["id"]), call.path])),
    });
    return;
  }
  let role: "system" | "user" | "tool" = message.role === "developer" ? "system" : message.role;
  if (message.role === "developer")
    problems.warn(
      "role-mapped",
      pointer(path, "role"),
      "Mistral has no developer role; the message is sent as a system message",
    );
  const results: Array<{ part: Tolerant.ToolResultPart; path: string }> = [];
  const chunks: JsonObject[] = [];
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (isKnownPart(part) && part.type === "tool_result") {
      if (chunks.length > 0 && role !== "tool")
        problems.warn(
          "order-changed",
          partPath,
          "Mistral tool messages come right after the calls; the content before this result follows them",
        );
      results.push({ part, path: partPath });
      return;
    }
    if (role === "tool") {
      problems.warn(
        "part-dropped",
        partPath,
        `a ${part.type} part beside tool results has no place in a Mistral tool message`,
      );
      return;
    }
    const chunk = writeChunk(part, partPath, context, role);
    if (chunk !== undefined) chunks.push(chunk);
  });
  if (results.length > 1)
    problems.warn("results-regrouped", path, `${results.length} tool results split into one Mistral tool message each`);
  const media: JsonObject[] = [];
  for (const result of results) {
    const tool = writeToolResult(result.part, result.path, context, media);
    if (tool === undefined) continue;
    if (role === "tool" && results.length === 1) fillMissing(tool, own);
    natives.push({ message: tool, path: result.path });
  }
  if (media.length > 0) natives.push({ message: { role: "user", content: media }, path });
  if (role === "tool" || (results.length > 0 && chunks.length === 0)) return;
  if (role !== "system" && role !== "user") role = "user";
  // Every part was left out (each with its warning): an empty message would only break Mistral's role order.
  if (chunks.length === 0 && message.parts.length > 0 && !(own !== undefined && Object.hasOwn(own, "content"))) return;
  const native: JsonObject = { role };
  const content = contentValue(chunks, shape);
  if (content !== undefined) native["content"] = content;
  fillMissing(native, own);
  if (!Object.hasOwn(native, "content")) native["content"] = "";
  dropAbsent(native, shape);
  natives.push({ message: native, path });
}

/** One tool message for one result; media it cannot carry is added to `media`, for a user message after it. */
function writeToolResult(
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
    "Mistral tool message",
  );
  const own = targetFields(part.provider_fields, path, problems);
  const mapped = context.ids.result(part.call_id);
  if (mapped.change !== undefined)
    problems.warn("id-remapped", pointer(path, "call_id"), idChangeMessage(part.call_id, mapped, "result"));
  const tool: JsonObject = { role: "tool", tool_call_id: mapped.id };
  if (part.name !== undefined) tool["name"] = part.name;
  if (part.status !== "ok")
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Mistral tool messages have no status; a ${part.status} result is sent as its content only`,
    );
  let output: string | undefined;
  if (typeof part.output === "string") output = part.output;
  else if (part.output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "Mistral tool messages carry text; the output is sent as JSON text",
    );
    output = JSON.stringify(part.output);
  }
  const texts: JsonObject[] = [];
  let moved = false;
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isKnownPart(item) && (item.type === "image" || item.type === "audio" || item.type === "file")) {
      const chunk = writeChunk(item, itemPath, context, "user");
      if (chunk === undefined) return;
      if (!moved) media.push({ type: "text", text: `Content of tool result ${mapped.id}:` });
      moved = true;
      media.push(chunk);
      problems.warn(
        "media-fallback",
        itemPath,
        `Mistral tool messages carry text only (media in tool results needs tokenizer v15); the ${item.type} is sent in a user message after the tool messages`,
      );
      return;
    }
    const chunk = writeChunk(item, itemPath, context, "tool");
    if (chunk !== undefined) texts.push(chunk);
  });
  if (output !== undefined && texts.length === 0) tool["content"] = output;
  else if (output !== undefined) {
    problems.warn(
      "parts-merged",
      path,
      "the output and the text content of the result are sent as one list of text chunks",
    );
    tool["content"] = [{ type: "text", text: output }, ...texts];
  } else if (part.content !== undefined) tool["content"] = texts;
  else if (part.error !== undefined) tool["content"] = part.error;
  if (part.error !== undefined && tool["content"] !== part.error)
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no Mistral field beside the output");
  fillMissing(tool, own);
  if (!Object.hasOwn(tool, "content")) tool["content"] = "";
  return tool;
}

/**
 * Every call answered by a tool message right after its assistant message, and every tool message answering such
 * a call: what breaks the rule is left out with a warning.
 */
function pairToolMessages(natives: Native[], problems: Problems): Native[] {
  const output: Native[] = [];
  for (let index = 0; index < natives.length; index += 1) {
    const entry = natives[index] as Native;
    const message = entry.message;
    if (message["role"] === "tool") {
      problems.warn(
        "tool-result-unmatched",
        entry.path,
        "no call right before this tool result answers it; Mistral rejects it, so it is left out",
      );
      continue;
    }
    output.push(entry);
    const calls = Array.isArray(message["tool_calls"]) ? (message["tool_calls"] as JsonObject[]) : [];
    if (message["role"] !== "assistant" || calls.length === 0) continue;
    const open = new Set(calls.map((call) => String(call["id"])));
    const answered = new Set<string>();
    let next = index + 1;
    const results: Native[] = [];
    for (; next < natives.length; next += 1) {
      const candidate = natives[next] as Native;
      if (candidate.message["role"] !== "tool") break;
      const id = String(candidate.message["tool_call_id"]);
      if (!open.has(id) || answered.has(id)) {
        problems.warn(
          "tool-result-unmatched",
          candidate.path,
          "this tool result answers no call of the assistant message before it; Mistral rejects it, so it is left out",
        );
        continue;
      }
      answered.add(id);
      results.push(candidate);
    }
    // A call without a result (a response read alone, a run cut short) is answered by a stated result, as the
    // Gemini converter does: Mistral rejects unanswered calls, and leaving the call out would lose it.
    for (const call of calls) {
      const id = String(call["id"]);
      if (answered.has(id)) continue;
      const fn = isJsonObject(call["function"]) ? call["function"] : {};
      problems.warn(
        "value-assumed",
        entry.callPaths?.get(id) ?? entry.path,
        `the ${String(fn["name"])} call has no result right after it; Mistral rejects unanswered calls, so a tool message stating that no result was recorded was sent`,
      );
      const stated: JsonObject = { role: "tool", tool_call_id: id };
      if (typeof fn["name"] === "string") stated["name"] = fn["name"];
      stated["content"] = unansweredCallText;
      results.push({ message: stated, path: entry.callPaths?.get(id) ?? entry.path });
    }
    output.push(...results);
    index = next - 1;
  }
  return output;
}

function hasContent(message: JsonObject): boolean {
  const content = message["content"];
  return (typeof content === "string" && content !== "") || (Array.isArray(content) && content.length > 0);
}

/** Mistral's role order and final-message rule (see the module comment). */
function keepRoleOrder(natives: Native[], problems: Problems): JsonObject[] {
  const output: Native[] = [];
  for (const entry of natives) {
    const message = entry.message;
    const previous = output.at(-1)?.message["role"];
    if (message["role"] === "assistant" && !hasContent(message) && !Array.isArray(message["tool_calls"])) {
      problems.warn(
        "message-dropped",
        entry.path,
        "Mistral rejects an assistant message with neither content nor tool calls; it is left out",
      );
      continue;
    }
    if (message["role"] === "system" && (previous === "assistant" || previous === "tool")) {
      problems.warn(
        "role-mapped",
        entry.path,
        `Mistral takes no system message after an ${previous} message; it is sent as a user message`,
      );
      message["role"] = "user";
    }
    if (message["role"] === "user" && previous === "tool") {
      problems.warn(
        "value-assumed",
        entry.path,
        `Mistral takes no user message right after tool messages; an assistant message "${bridgeText}" is put before it`,
      );
      output.push({ message: { role: "assistant", content: bridgeText }, path: entry.path });
    }
    output.push(entry);
  }
  const final = output.at(-1);
  if (final !== undefined && output.length > 1 && final.message["role"] === "system") {
    problems.warn(
      "role-mapped",
      final.path,
      "Mistral serves a conversation that ends with a user or tool message; the final system message is sent as a user message",
    );
    final.message["role"] = "user";
  }
  output.forEach((entry, index) => {
    const message = entry.message;
    if (message["role"] !== "assistant") return;
    const last = index === output.length - 1;
    if (last && message["prefix"] !== true) {
      problems.warn(
        "value-assumed",
        entry.path,
        "Mistral serves a conversation that ends with a user or tool message or a prefix assistant message; the final assistant message is sent with prefix true, for the model to continue",
      );
      message["prefix"] = true;
    } else if (!last && message["prefix"] === true) {
      problems.warn(
        "value-converted",
        pointer(entry.path, "provider_fields", "mistral", "prefix"),
        "Mistral takes prefix only on the final message; it is sent as false",
      );
      message["prefix"] = false;
    }
  });
  return output.map((entry) => entry.message);
}
