/**
 * Canonical document → request payload, for the members whose messages are Chat-shaped (OpenAI Chat, Mistral), from
 * a document of any source. What the member cannot carry goes by a documented rule, each with a warning (strict mode
 * turns them into errors):
 * - Tool results: one tool message per result, right after the assistant message with the calls (tool-messages.ts);
 *   text beside results in a user message goes to a message after the tool messages (`order-changed` when it came
 *   first).
 * - Assistant messages: content entries, reasoning and refusal fields as the member's content codec writes them;
 *   tool calls after the content (`order-changed` for content that followed a call); a server-side call (another
 *   provider ran it) is left out (`part-dropped`).
 * - The member's role-order rules (role-order.ts), its developer role or the system role for it (`role-mapped`).
 * - Fields of the document and messages with no equivalent are reported (`field-dropped`), `provider_fields` of
 *   other providers too.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  carryRequestSettings,
  dropAbsent,
  isSettingsFormat,
  ownFields,
  fillMissing,
  pointer,
  reportUnmapped,
  nameRequestModel,
  runFromCanonical,
  shapeOf,
  TurnCallIds,
  withoutForeignOpenaiFields,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import type { AssistantFields, ChatDialect, ChatMember, ContentPlace, WriteContext } from "./dialect.js";
import { targetFields, type ChatShape } from "./native-fields.js";
import { keepRoleOrder } from "./role-order.js";
import { writeToolCall } from "./tool-calls.js";
import { pairToolMessages, writeToolResult, type NativeMessage } from "./tool-messages.js";
import { writeTool, writeToolChoice } from "./tools.js";

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

/**
 * The document as the member may read it: without another API's fields under a key the member shares with it (a
 * request carries the document-level ones as settings, and reports them there).
 */
export function ownDocument(
  dialect: ChatDialect,
  document: Tolerant.Transcript,
  problems: Problems,
  documentFields: "reported" | "carried" = "reported",
): Tolerant.Transcript {
  return dialect.sharedProviderKey
    ? withoutForeignOpenaiFields(document, dialect.format, dialect.label, problems, documentFields)
    : document;
}

/**
 * A request names its model: one the request has (kept for the member, carried from another provider's settings or
 * passed as an option), else the latest an assistant message names; without any it is written empty, with a warning
 * (or refused, with `requireModel`).
 */
export function nameModel(
  member: ChatMember,
  document: Tolerant.Transcript,
  request: JsonObject,
  options: FromCanonicalOptions,
  problems: Problems,
): void {
  nameRequestModel(document, request, { label: member.label, missing: "empty" }, options, problems);
}

/** The member's request for a document; `Request` is the member's native request type, which the JSON built is. */
export function requestFromCanonical<Request>(
  dialect: ChatDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Request> {
  return runFromCanonical(document, options, (input, problems) =>
    writeRequest<Request>(dialect, input, options, problems),
  );
}

function writeRequest<Request>(
  dialect: ChatDialect,
  input: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
): Request | undefined {
  const document = ownDocument(dialect, input, problems, "carried");
  reportUnmapped(document, mappedDocumentFields, "", `${dialect.label} request`, problems);
  const context: WriteContext = { problems, options, ids: new TurnCallIds(dialect.idRule), response: false };
  const natives: NativeMessage[] = [];
  document.messages.forEach((message, index) =>
    writeMessage(dialect, message, pointer("", "messages", index), context, natives),
  );
  const paired = pairToolMessages(dialect, natives, problems);
  const messages =
    dialect.roleOrder === undefined
      ? paired.map((entry) => entry.message)
      : keepRoleOrder(dialect, dialect.roleOrder, paired, problems);
  if (messages === undefined) return undefined;
  const request: JsonObject = { messages };
  // Other providers' request settings are carried to the member's fields (or reported) below.
  const own = ownFields(document.provider_fields, dialect.provider);
  if (document.tools !== undefined)
    request["tools"] = document.tools.flatMap(
      (tool, index) => writeTool(dialect, tool, pointer("", "tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) writeToolChoice(dialect, document.tool_choice, request, problems);
  fillMissing(request, own);
  if (isSettingsFormat(dialect.format)) carryRequestSettings(dialect.format, input, request, options, problems);
  nameModel(dialect, input, request, options, problems);
  return request as unknown as Request;
}

/** Content as the member writes it: a string for one plain text entry, a list otherwise, absent for none. */
export function contentValue(
  entries: JsonObject[],
  needsList: boolean,
  listMarked: boolean | undefined,
): string | JsonObject[] | undefined {
  if (entries.length === 0) return listMarked ? [] : undefined;
  const only = entries[0];
  if (
    !needsList &&
    !listMarked &&
    entries.length === 1 &&
    only !== undefined &&
    only["type"] === "text" &&
    Object.keys(only).length === 2 &&
    typeof only["text"] === "string"
  )
    return only["text"];
  return entries;
}

/** The content entries, reasoning and refusal fields and tool calls of an assistant message; starts its call turn. */
export function collectAssistant(
  dialect: ChatDialect,
  message: Tolerant.Message,
  path: string,
  context: WriteContext,
): AssistantFields {
  const { problems } = context;
  const fields: AssistantFields = { content: [], refusal: undefined, reasoning: [], toolCalls: [], needsList: false };
  const customCalls = dialect.toolCalls.type === "function-or-custom";
  const codec = dialect.content;
  context.ids.startTurn();
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (!isKnownPart(part)) {
      problems.warn(
        "part-dropped",
        partPath,
        `${withIndefiniteArticle(`${part.type} part`)} has no ${dialect.label} equivalent`,
      );
      return;
    }
    if (part.type !== "tool_call") {
      codec.writeAssistant(part, partPath, context, fields);
      return;
    }
    if (
      part.provider_executed === true ||
      (part.native_type !== undefined && !(customCalls && part.native_type === "custom"))
    ) {
      problems.warn(
        "part-dropped",
        partPath,
        `a server-side ${part.native_type ?? "tool"} call is specific to the provider that ran it; ${dialect.shortLabel} cannot replay it`,
      );
      return;
    }
    const native = writeToolCall(dialect, part, partPath, context);
    fields.toolCalls.push({ native, id: String(native["id"]), path: partPath });
  });
  return fields;
}

function writeMessage(
  dialect: ChatDialect,
  message: Tolerant.Message,
  path: string,
  context: WriteContext,
  natives: NativeMessage[],
): void {
  const { problems } = context;
  const spec = dialect.messages;
  reportUnmapped(message, mappedMessageFields, path, dialect.requestMessageLabel, problems);
  if (!spec.name && message.name !== undefined)
    problems.warn("field-dropped", pointer(path, "name"), `${dialect.label} messages carry no participant name`);
  let own = targetFields(dialect.provider, dialect.label, message.provider_fields, path, problems);
  const completionKey = spec.completionFieldsKey;
  if (completionKey !== undefined && own !== undefined && Object.hasOwn(own, completionKey)) {
    problems.warn(
      "field-dropped",
      pointer(path, "provider_fields", dialect.provider, completionKey),
      `the ${completionKey} fields are the response's; a request message has no place for them`,
    );
    // A copy without them: the document is never changed.
    own = Object.fromEntries(Object.entries(own).filter(([key]) => key !== completionKey));
  }
  const shape = shapeOf<ChatShape>(own);
  const listMarked = shape?.[dialect.contentListMarker];
  if (message.role === "assistant") {
    const fields = collectAssistant(dialect, message, path, context);
    const native: JsonObject = { role: "assistant" };
    if (spec.name && message.name !== undefined) native["name"] = message.name;
    for (const { field, text } of fields.reasoning) native[field] = text;
    const content = contentValue(fields.content, fields.needsList, listMarked);
    if (content !== undefined) native["content"] = content;
    if (fields.refusal !== undefined) native["refusal"] = fields.refusal;
    if (fields.toolCalls.length > 0) native["tool_calls"] = fields.toolCalls.map((call) => call.native);
    fillMissing(native, own);
    dropAbsent(native, shape);
    natives.push({ message: native, path, callPaths: new Map(fields.toolCalls.map((call) => [call.id, call.path])) });
    return;
  }
  // system, developer, user and tool: tool results become tool messages of their own; the rest stays in order.
  let role: ContentPlace = message.role;
  if (role === "developer" && !spec.developer) {
    role = "system";
    problems.warn(
      "role-mapped",
      pointer(path, "role"),
      `${dialect.label} has no developer role; the message is sent as a system message`,
    );
  }
  const results: Array<{ part: Tolerant.ToolResultPart; path: string }> = [];
  const content: JsonObject[] = [];
  const codec = dialect.content;
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (isKnownPart(part) && part.type === "tool_result") {
      if (content.length > 0 && role !== "tool")
        problems.warn("order-changed", partPath, dialect.toolMessages.wording.orderChanged);
      results.push({ part, path: partPath });
      return;
    }
    if (role === "tool") {
      problems.warn(
        "part-dropped",
        partPath,
        `${withIndefiniteArticle(`${part.type} part`)} beside tool results has no place in ${withIndefiniteArticle(`${dialect.shortLabel} tool message`)}`,
      );
      return;
    }
    const native = codec.write(part, partPath, context, role);
    if (native !== undefined) content.push(native);
  });
  if (results.length > 1)
    problems.warn(
      "results-regrouped",
      path,
      `${results.length} tool results split into one ${dialect.shortLabel} tool message each`,
    );
  const media: JsonObject[] = [];
  for (const result of results) {
    const tool = writeToolResult(dialect, result.part, result.path, context, media);
    if (tool === undefined) continue;
    // A tool message's own fields (a `name` some clients send, a null content) live on the canonical tool message.
    if (role === "tool" && results.length === 1) {
      if (spec.name && message.name !== undefined) tool["name"] = message.name;
      fillMissing(tool, own);
    }
    natives.push({ message: tool, path: result.path });
  }
  if (media.length > 0) natives.push({ message: { role: "user", content: media }, path });
  if (role === "tool" || (results.length > 0 && content.length === 0)) return;
  const keptContent = own !== undefined && Object.hasOwn(own, "content");
  // Every part was left out (each with its warning).
  const emptied = content.length === 0 && message.parts.length > 0 && !keptContent;
  if (emptied && spec.emptied === "left-out") return;
  const native: JsonObject = { role };
  if (spec.name && message.name !== undefined) native["name"] = message.name;
  const value = contentValue(content, false, listMarked);
  if (value !== undefined) native["content"] = value;
  else if (emptied) native["content"] = "";
  fillMissing(native, own);
  if (spec.contentRequired && !Object.hasOwn(native, "content")) native["content"] = "";
  dropAbsent(native, shape);
  natives.push({ message: native, path });
}
