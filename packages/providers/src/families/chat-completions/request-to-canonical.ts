/**
 * Request payload → canonical document, for every member of the family.
 *
 * `messages` → messages in order (each member's message reader; {@link readChatMessage} for the members whose
 * messages have content entries, roles and tool messages in Chat's shape), `tools` → tool definitions, `tool_choice`
 * and `parallel_tool_calls` → tool_choice, and every other request field (model, sampling, flags, …) → the document's
 * `provider_fields[<provider>]`. Everything of a message, part or tool without a canonical field is kept in that
 * object's `provider_fields[<provider>]`, so converting back reproduces the request.
 */
import type { Message, Part, ToolChoice, ToolResultPart, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import {
  emptyProvenance,
  FieldReader,
  fingerprint,
  isJsonObject,
  pointer,
  providerEntry,
  runToCanonical,
  type Problems,
  type Provenance,
  type ToCanonicalResult,
  append,
} from "../../conversion/index.js";
import type { ChatDialect, ChatMember, MessageReader, PendingCall } from "./dialect.js";
import { withFields, type ChatShape } from "./native-fields.js";
import { readToolCall, syntheticCallId } from "./tool-calls.js";
import { readTool, readToolChoice } from "./tools.js";

/**
 * Reads a request: the document around its messages, each message read by `readMessage`, and `tool_choice` by
 * `readChoice` when the member has one (else `tool_choice` is kept as a native field).
 */
export function readRequest<Member extends ChatMember>(
  member: Member,
  request: unknown,
  readMessage: MessageReader<Member>,
  readChoice?: (reader: FieldReader, problems: Problems) => ToolChoice | undefined,
): ToCanonicalResult {
  return runToCanonical((problems) => {
    if (!isJsonObject(request)) {
      problems.error("", member.notRequest);
      return undefined;
    }
    const provenance: Provenance = emptyProvenance();
    const reader = new FieldReader(request, "", problems);
    const rawMessages = reader.array("messages", { required: member.messagesRequired }) ?? [];
    const messages: Message[] = [];
    const pending: PendingCall[] = [];
    rawMessages.forEach((value, index) => {
      const path = pointer("", "messages", index);
      const message = readMessage(member, value, path, problems, pending);
      if (message === undefined) return;
      messages.push(message);
      provenance.messages.push(path);
      provenance.parts.push(message.parts.map(() => ({ path, sameShape: false })));
    });
    const document: Transcript = {
      schema_version: formatVersion,
      id: `${member.format}-${fingerprint(request)}`,
      source: { format: member.format },
      messages,
    };
    const tools = !member.tools.nullable || Array.isArray(request["tools"]) ? reader.array("tools") : undefined;
    if (tools !== undefined)
      document.tools = tools.flatMap(
        (tool, index) => readTool(member, tool, pointer("", "tools", index), problems) ?? [],
      );
    const choice = readChoice?.(reader, problems);
    if (choice !== undefined) document.tool_choice = choice;
    const entry = providerEntry(reader.rest(), reader.has("messages") ? {} : { absent: ["messages"] });
    if (entry !== undefined) document.provider_fields = { [member.provider]: entry };
    return { document, provenance };
  });
}

/** A request of a member whose messages are Chat-shaped (OpenAI Chat, Mistral). */
export function requestToCanonical(dialect: ChatDialect, request: unknown): ToCanonicalResult {
  return readRequest(dialect, request, readChatMessage, (reader, problems) =>
    readToolChoice(dialect, reader, problems),
  );
}

/**
 * Reads one Chat-shaped message. `pending` holds the calls of the latest assistant message, which a tool message
 * with an empty id answers in order (Gemini's OpenAI-compatible endpoint sends empty ids).
 */
export const readChatMessage: MessageReader<ChatDialect> = (dialect, value, path, problems, pending) => {
  const spec = dialect.messages;
  if (!isJsonObject(value)) {
    problems.error(path, spec.notObject);
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const role = reader.oneOf("role", spec.roles, { required: true });
  if (role === undefined) return undefined;
  const message: Message = { role, parts: [] };
  if (spec.name) {
    const name = reader.string("name");
    if (name !== undefined) message.name = name;
  }
  const shape: ChatShape = {};
  // A new user turn leaves earlier calls unanswered; consecutive assistant messages (one turn's calls spread over
  // them) keep theirs open, so the tool messages after them pair with the calls of any of them.
  if (role !== "assistant" && role !== "tool") pending.length = 0;
  if (role === "tool") {
    const part = readToolResult(dialect, reader, pending, problems);
    if (part !== undefined) message.parts.push(part);
    return withFields(dialect.provider, message, reader.rest(), shape);
  }
  if (role === "assistant") {
    for (const field of spec.reasoningFields) {
      if (typeof value[field] !== "string") continue;
      const text = reader.string(field) ?? "";
      message.parts.push(withFields(dialect.provider, { type: "reasoning", text }, undefined, { field }));
    }
  }
  if (reader.has("content") && reader.value["content"] !== null) {
    const content = reader.take("content");
    if (typeof content === "string") message.parts.push({ type: "text", text: content });
    else if (Array.isArray(content)) {
      const parts = readContentList(dialect, content, reader.at("content"), problems);
      append(message.parts, parts);
      // A list that a writer would turn into a string (one plain text entry) or leave out (empty) is marked.
      const only = parts[0];
      if (parts.length === 0 || (parts.length === 1 && only?.type === "text" && only.provider_fields === undefined))
        shape[dialect.contentListMarker] = true;
    } else problems.error(reader.at("content"), spec.contentError);
  } else if (spec.contentRequired && role !== "assistant" && !reader.has("content")) {
    // The writer gives such a message `content: ""`; one that had no content comes back without it.
    shape.absent = ["content"];
  }
  if (role === "assistant") {
    if (spec.refusalField && typeof value["refusal"] === "string")
      message.parts.push({ type: "refusal", text: reader.string("refusal") ?? "" });
    const calls =
      Array.isArray(value["tool_calls"]) && value["tool_calls"].length > 0 ? reader.array("tool_calls") : undefined;
    if (calls !== undefined) {
      calls.forEach((call, index) => {
        const part = readToolCall(dialect, call, pointer(reader.at("tool_calls"), index), problems);
        if (part === undefined) return;
        message.parts.push(part);
        pending.push({ id: part.id, name: part.name });
      });
    }
  }
  return withFields(dialect.provider, message, reader.rest(), shape);
};

/** The canonical parts of a content list, each entry read by the member's codec. */
export function readContentList(dialect: ChatDialect, content: unknown[], path: string, problems: Problems): Part[] {
  const codec = dialect.content;
  const parts: Part[] = [];
  for (let index = 0; index < content.length; index += 1) {
    const part = codec.read(content[index], pointer(path, index), problems);
    if (part !== undefined) parts.push(part);
  }
  return parts;
}

/** A tool message's one result: `tool_call_id`, string content as output, a content list as content. */
function readToolResult(
  dialect: ChatDialect,
  reader: FieldReader,
  pending: PendingCall[],
  problems: Problems,
): ToolResultPart | undefined {
  const callId = reader.string("tool_call_id", { required: true });
  if (callId === undefined) return undefined;
  const shape: ChatShape = {};
  const part: ToolResultPart = { type: "tool_result", call_id: callId, status: "ok" };
  if (callId === "" && dialect.toolCalls.emptyId === "made-up") {
    part.call_id = pending.shift()?.id ?? syntheticCallId(dialect, `${reader.path}/tool_call_id`);
    shape.id = "";
  } else {
    const index = pending.findIndex((call) => call.id === callId);
    if (index >= 0) pending.splice(index, 1);
  }
  if (dialect.toolMessages.name && typeof reader.value["name"] === "string") part.name = reader.string("name");
  const content = reader.value["content"];
  if (typeof content === "string") {
    reader.take("content");
    part.output = content;
  } else if (Array.isArray(content)) {
    reader.take("content");
    part.content = readContentList(dialect, content, reader.at("content"), problems);
  } else if (reader.has("content") && content !== null && dialect.toolMessages.contentError !== undefined) {
    reader.take("content");
    problems.error(reader.at("content"), dialect.toolMessages.contentError);
  } else if (!reader.has("content") && dialect.messages.contentRequired) shape.absent = ["content"];
  return withFields(dialect.provider, part, undefined, shape);
}
