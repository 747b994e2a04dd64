/**
 * One Gemini CLI message record → canonical messages: a user message, or the model's message with its thoughts, text
 * and tool calls followed by a tool message holding the calls' results (Gemini CLI records both on one record; the
 * canonical history has the results answer the calls). Every field read is checked; one that cannot be mapped is kept
 * verbatim beside the message with an `invalid-field` loss, and a field with no canonical place is kept beside it too.
 */
import type { Issuer, Message, Part, ReasoningPart, ToolCallPart, ToolResultPart, Usage } from "@agent-transcript/core";
import { normalizeUsage } from "@agent-transcript/core";
import { append, isDateTime, isJsonObject, setField, type JsonObject } from "../../conversion/index.js";

/** The key of Gemini CLI's own fields under `provider_fields` and `metadata`. */
export const geminiCliKey = "gemini-cli";

/** Parts of Gemini's own API kept as they are: Gemini CLI stores the API's parts. */
const googleIssuer: Issuer = { provider: "google", api: "generate-content" };

/** A loss found while converting a record, placed on the record's line by the fold. */
export interface RecordLoss {
  code: "invalid-field" | "kept-as-native";
  message: string;
}

/** A record converted: its canonical messages (the model's and, when its calls have results, the tool message). */
export interface ConvertedRecord {
  messages: Message[];
  usage: Usage | undefined;
  losses: RecordLoss[];
}

/** The record types that are conversation turns; `model` is the role name of Gemini's own `Content`. */
export function isTurnType(type: string): boolean {
  return type === "user" || type === "gemini" || type === "model";
}

/** Gemini CLI's own notices: what its interface showed, no turn of the conversation. */
export function isNoticeType(type: string): boolean {
  return type === "info" || type === "error" || type === "warning";
}

const mappedMessageFields = new Set(["id", "timestamp", "type", "content", "thoughts", "tokens", "model", "toolCalls"]);
const mappedCallFields = new Set(["id", "name", "args", "result", "status", "timestamp"]);

export function convertRecord(record: JsonObject, line: number, index: number): ConvertedRecord {
  const losses: RecordLoss[] = [];
  const invalid = (field: string, value: unknown, why: string): void => {
    losses.push({ code: "invalid-field", message: `${field}: ${why}; kept beside the message` });
    setField(own, field, value);
  };
  const type = record.type as string;
  const own: JsonObject = { line };
  for (const key of Object.keys(record)) if (!mappedMessageFields.has(key)) setField(own, key, record[key]);
  // The `model` type is Gemini's own Content, whose parts are in `parts` (kept above when not read here).
  // The context Gemini CLI injects before the first prompt (date, system, folder) is sent as a user turn, but the user
  // never typed it: a system message, marked as what it is, so it is never taken for the user's prompt.
  const injected = type === "user" && startsWithSessionContext(record.content);
  const role = injected ? "system" : type === "user" ? "user" : "assistant";
  if (injected) setField(own, "injected", "session_context");
  const id = typeof record.id === "string" && record.id !== "" ? record.id : `message-${index}`;
  // An id that could not be the message's (empty, not a string) and the `model` type stay beside it.
  if (record.id !== undefined && record.id !== id) setField(own, "id", record.id);
  if (type === "model") setField(own, "type", type);
  const message = { id, role } as Message;
  const timestamp = record.timestamp;
  if (typeof timestamp === "string" && isDateTime(timestamp)) message.created_at = timestamp;
  else if (timestamp !== undefined) invalid("timestamp", timestamp, "not an RFC 3339 date-time");
  if (role === "assistant" && record.model !== undefined) {
    if (typeof record.model === "string" && record.model !== "") message.model = record.model;
    else invalid("model", record.model, "not a model name");
  }
  const parts: Part[] = [];
  if (role === "assistant") append(parts, thoughtParts(record.thoughts, invalid));
  const content = type === "model" && record.content === undefined ? record.parts : record.content;
  if (type === "model" && record.content === undefined) delete own.parts;
  append(parts, contentParts(content, type === "model" ? "parts" : "content", invalid, losses));
  const calls = role === "assistant" ? toolCalls(record.toolCalls, invalid) : [];
  if (role === "user" && record.toolCalls !== undefined) setField(own, "toolCalls", record.toolCalls);
  for (const call of calls) parts.push(call.part);
  message.parts = parts;
  let usage: Usage | undefined;
  if (role === "assistant" && record.tokens !== undefined && record.tokens !== null) {
    usage = usageOf(record.tokens);
    if (usage === undefined) invalid("tokens", record.tokens, "not Gemini CLI's token counts; not counted");
    else message.usage = usage;
  } else if (record.tokens !== undefined) setField(own, "tokens", record.tokens);
  if (role === "user" && record.thoughts !== undefined) setField(own, "thoughts", record.thoughts);
  if (role === "user" && record.model !== undefined) setField(own, "model", record.model);
  message.provider_fields = { [geminiCliKey]: own };

  const results = calls.flatMap((call) => (call.result === undefined ? [] : [call.result]));
  const messages = [message];
  if (results.length > 0) {
    // No time of its own: Gemini CLI writes the results on the record of the calls, each with the time its call was
    // last recorded (kept on the result), not when the tool started or ended; a time here would make the gap between
    // two records pass for how long each tool ran.
    const tool = { id: `${id}/tool-results`, role: "tool" } as Message;
    tool.parts = results;
    messages.push(tool);
  }
  return { messages, usage, losses };
}

/** Whether a user record's content opens with Gemini CLI's injected `<session_context>` block. */
function startsWithSessionContext(content: unknown): boolean {
  const first = Array.isArray(content) ? content[0] : content;
  const text = typeof first === "string" ? first : isJsonObject(first) ? first.text : undefined;
  return typeof text === "string" && text.trimStart().startsWith("<session_context>");
}

/**
 * Gemini CLI's `tokens` as Gemini's `usageMetadata`, normalised as Gemini's usage is (input includes the cached
 * tokens and the tool-use prompt; output includes the thoughts); the raw figures stay Gemini CLI's own.
 */
export function usageOf(tokens: unknown): Usage | undefined {
  if (!isJsonObject(tokens)) return undefined;
  const names: Array<[string, string]> = [
    ["input", "promptTokenCount"],
    ["output", "candidatesTokenCount"],
    ["cached", "cachedContentTokenCount"],
    ["thoughts", "thoughtsTokenCount"],
    ["tool", "toolUsePromptTokenCount"],
    ["total", "totalTokenCount"],
  ];
  const metadata: JsonObject = {};
  for (const [from, to] of names) if (Object.hasOwn(tokens, from)) metadata[to] = tokens[from];
  if (!Object.hasOwn(tokens, "input") || !Object.hasOwn(tokens, "output")) return undefined;
  const usage = normalizeUsage("gemini", metadata);
  if (usage === undefined) return undefined;
  usage.raw = { provider: geminiCliKey, usage: tokens };
  return usage;
}

type Invalid = (field: string, value: unknown, why: string) => void;

function thoughtParts(thoughts: unknown, invalid: Invalid): ReasoningPart[] {
  if (thoughts === undefined || thoughts === null) return [];
  if (!Array.isArray(thoughts)) {
    invalid("thoughts", thoughts, "not a list of thoughts");
    return [];
  }
  const parts: ReasoningPart[] = [];
  const bad: unknown[] = [];
  for (const thought of thoughts) {
    if (!isJsonObject(thought) || (thought.description !== undefined && typeof thought.description !== "string")) {
      bad.push(thought);
      continue;
    }
    const part: ReasoningPart = { type: "reasoning" };
    if (typeof thought.description === "string") part.text = thought.description;
    const rest: JsonObject = {};
    for (const key of Object.keys(thought)) if (key !== "description") setField(rest, key, thought[key]);
    if (Object.keys(rest).length > 0) part.provider_fields = { [geminiCliKey]: rest };
    parts.push(part);
  }
  if (bad.length > 0)
    invalid("thoughts", bad, `${bad.length === 1 ? "a thought that is" : "thoughts that are"} not a thought summary`);
  return parts;
}

/** Message content (a string, a part or a list of them) → canonical parts; parts other than text kept as native. */
function contentParts(content: unknown, field: string, invalid: Invalid, losses: RecordLoss[]): Part[] {
  if (content === undefined || content === null) return [];
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  const list = Array.isArray(content) ? content : [content];
  const parts: Part[] = [];
  const bad: unknown[] = [];
  for (const item of list) {
    if (typeof item === "string") {
      if (item !== "") parts.push({ type: "text", text: item });
    } else if (isJsonObject(item) && typeof item.text === "string") {
      const part: Part =
        item.thought === true ? { type: "reasoning", text: item.text } : { type: "text", text: item.text };
      const rest: JsonObject = {};
      for (const key of Object.keys(item))
        if (key !== "text" && !(key === "thought" && item.thought === true)) setField(rest, key, item[key]);
      if (Object.keys(rest).length > 0) part.provider_fields = { [geminiCliKey]: rest };
      parts.push(part);
    } else if (isJsonObject(item) && Object.keys(item).length > 0) {
      const nativeType = Object.keys(item).find((key) => key !== "thoughtSignature") ?? "part";
      parts.push({ type: "native", native_type: nativeType, data: item, issuer: googleIssuer });
      losses.push({
        code: "kept-as-native",
        message: `a ${nativeType} part has no canonical equivalent; kept as a native part`,
      });
    } else bad.push(item);
  }
  if (bad.length > 0) invalid(field, bad, "not message content (text or a Gemini part)");
  return parts;
}

interface ConvertedCall {
  part: ToolCallPart;
  result: ToolResultPart | undefined;
}

function toolCalls(calls: unknown, invalid: Invalid): ConvertedCall[] {
  if (calls === undefined || calls === null) return [];
  if (!Array.isArray(calls)) {
    invalid("toolCalls", calls, "not a list of tool calls");
    return [];
  }
  const converted: ConvertedCall[] = [];
  const bad: unknown[] = [];
  for (const call of calls) {
    if (!isJsonObject(call) || typeof call.id !== "string" || call.id === "" || typeof call.name !== "string") {
      bad.push(call);
      continue;
    }
    converted.push(convertCall(call));
  }
  if (bad.length > 0) invalid("toolCalls", bad, "tool calls without a string id and name");
  return converted;
}

function convertCall(call: JsonObject): ConvertedCall {
  const id = call.id as string;
  const name = call.name as string;
  const part: ToolCallPart = { type: "tool_call", id, name };
  if (call.args !== undefined) part.input = call.args;
  const own: JsonObject = {};
  for (const key of Object.keys(call)) if (!mappedCallFields.has(key)) setField(own, key, call[key]);
  if (call.status !== undefined) setField(own, "status", call.status);
  if (Object.keys(own).length > 0) part.provider_fields = { [geminiCliKey]: own };

  const status = resultStatus(call.status, call.result);
  if (status === undefined) {
    // A call that had not ended when the file was written: no result to pair; its fields stay on the call.
    if (call.result !== undefined) setField(own, "result", call.result);
    if (call.timestamp !== undefined) setField(own, "timestamp", call.timestamp);
    if (Object.keys(own).length > 0) part.provider_fields = { [geminiCliKey]: own };
    return { part, result: undefined };
  }
  const result: ToolResultPart = { type: "tool_result", call_id: id, name, status };
  const resultOwn: JsonObject = {};
  if (call.timestamp !== undefined) setField(resultOwn, "timestamp", call.timestamp);
  const simple = simpleResponse(call.result, id, name);
  if (simple !== undefined) {
    if (simple.output !== undefined) result.output = simple.output;
    if (simple.error !== undefined) result.error = simple.error;
  } else if (call.result !== undefined && call.result !== null) {
    // Anything but one plain function response: the parts as Gemini CLI stored them.
    result.output = call.result;
  }
  if (Object.keys(resultOwn).length > 0) result.provider_fields = { [geminiCliKey]: resultOwn };
  return { part, result };
}

/** How the call ended, from the scheduler's status (or, for a status this importer does not know, from the reply). */
function resultStatus(status: unknown, result: unknown): ToolResultPart["status"] | undefined {
  if (status === "success") return "ok";
  if (status === "error") return "error";
  if (status === "cancelled") return "interrupted";
  if (status === "validating" || status === "scheduled" || status === "executing" || status === "awaiting_approval")
    return undefined;
  if (result === undefined || result === null) return undefined;
  return simpleResponse(result, undefined, undefined)?.error !== undefined ? "error" : "ok";
}

/**
 * The output (or error) of a result that is exactly one function response answering this call, `response: { output }`
 * or `{ error }` with a string, and nothing else: the wrapper then says nothing the tool result does not.
 */
function simpleResponse(
  result: unknown,
  id: string | undefined,
  name: string | undefined,
): { output?: string; error?: string } | undefined {
  if (!Array.isArray(result) || result.length !== 1 || !isJsonObject(result[0])) return undefined;
  const part = result[0];
  if (Object.keys(part).length !== 1 || !isJsonObject(part.functionResponse)) return undefined;
  const response = part.functionResponse;
  for (const key of Object.keys(response)) if (key !== "id" && key !== "name" && key !== "response") return undefined;
  if (id !== undefined && response.id !== undefined && response.id !== id) return undefined;
  if (name !== undefined && response.name !== name) return undefined;
  const body = response.response;
  if (!isJsonObject(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length !== 1) return undefined;
  if (typeof body.output === "string") return { output: body.output };
  if (typeof body.error === "string") return { error: body.error };
  return undefined;
}
