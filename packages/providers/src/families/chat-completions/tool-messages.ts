/**
 * Tool messages of the members whose requests pair results by id (OpenAI Chat, Mistral): one tool message per
 * result, right after the assistant message with its call.
 * - Tool messages carry text: a string output is the content, text entries stay a list (no text: an empty string,
 *   since an empty list is refused); a JSON output is sent as
 *   JSON text (`value-converted`); a non-ok status has no field (`status-mapped`), and an error text with no output
 *   becomes the content. Images, audio and files of a result go to one user message after the tool messages,
 *   labelled with the call id (`media-fallback`).
 * - Every call is answered by a tool message right after its assistant message, and every tool message answers
 *   such a call: a call without a result gets a tool message stating that none was recorded (`value-assumed`), a
 *   result with no call before it is left out (`tool-result-unmatched`), since these APIs reject both.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isKnownPart } from "@agent-transcript/core";
import {
  dropAbsent,
  fillMissing,
  isJsonObject,
  pointer,
  reportUnmapped,
  shapeOf,
  type JsonObject,
  type Problems,
  append,
} from "../../conversion/index.js";
import type { ChatDialect, WriteContext } from "./dialect.js";
import { targetFields, type ChatShape } from "./native-fields.js";
import { idChangeMessage } from "./tool-calls.js";

/** A native message being written, with where it came from in the canonical document. */
export interface NativeMessage {
  message: JsonObject;
  /** The canonical pointer of what the native message came from. */
  path: string;
  /** For assistant messages: the paths of its calls, by native id. */
  callPaths?: Map<string, string>;
}

/** The content of the tool message that answers a call which has no result in the document. */
const unansweredCallText = "No result was recorded for this call.";

const mappedResultFields = ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"];

/** One tool message for one result; media it cannot carry is added to `media`, for a user message after it. */
export function writeToolResult(
  dialect: ChatDialect,
  part: Tolerant.ToolResultPart,
  path: string,
  context: WriteContext,
  media: JsonObject[],
): JsonObject | undefined {
  const { problems } = context;
  const wording = dialect.toolMessages.wording;
  if (part.provider_executed === true || part.native_type !== undefined) {
    problems.warn(
      "part-dropped",
      path,
      `the result of a server-side ${part.native_type ?? "tool"} is specific to the provider that ran it`,
    );
    return undefined;
  }
  reportUnmapped(part, mappedResultFields, path, `${dialect.label} tool message`, problems);
  const own = targetFields(dialect.provider, dialect.label, part.provider_fields, path, problems);
  const mapped = context.ids.result(part.call_id);
  if (mapped.change !== undefined)
    problems.warn("id-remapped", pointer(path, "call_id"), idChangeMessage(dialect, part.call_id, mapped, "result"));
  // The source's own (empty) id, kept when the canonical one was made up.
  const keptId = dialect.toolCalls.emptyId === "made-up" ? shapeOf<ChatShape>(own)?.id : undefined;
  const tool: JsonObject = { role: "tool", tool_call_id: typeof keptId === "string" ? keptId : mapped.id };
  if (dialect.toolMessages.name && part.name !== undefined) tool["name"] = part.name;
  if (part.status !== "ok") problems.warn("status-mapped", pointer(path, "status"), wording.statusMapped(part.status));
  const texts: JsonObject[] = [];
  let converted: string | undefined;
  if (typeof part.output === "string") converted = part.output;
  else if (part.output !== undefined) {
    problems.warn("value-converted", pointer(path, "output"), wording.outputAsJson);
    converted = JSON.stringify(part.output);
  }
  const codec = dialect.content;
  let moved = false;
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isKnownPart(item) && (item.type === "image" || item.type === "audio" || item.type === "file")) {
      const native = codec.write(item, itemPath, context, "user");
      if (native === undefined) return;
      if (!moved) media.push({ type: "text", text: `Content of tool result ${String(tool["tool_call_id"])}:` });
      moved = true;
      media.push(native);
      problems.warn("media-fallback", itemPath, wording.mediaMoved(item.type));
      return;
    }
    const native = codec.write(item, itemPath, context, "tool");
    if (native !== undefined) texts.push(native);
  });
  if (converted !== undefined && texts.length === 0) tool["content"] = converted;
  else if (converted !== undefined) {
    problems.warn(
      "parts-merged",
      path,
      `the output and the text content of the result are sent as one list of text ${wording.listNoun}`,
    );
    tool["content"] = [{ type: "text", text: converted }, ...texts];
  } else if (part.content !== undefined)
    // A result with no text left (none at all, or only media moved to the user message after it) is sent as an
    // empty string: both APIs' specifications refuse an empty content list, and OpenAI's API does too.
    tool["content"] = texts.length > 0 ? texts : "";
  else if (part.error !== undefined) tool["content"] = part.error;
  if (part.error !== undefined && tool["content"] !== part.error)
    problems.warn(
      "field-dropped",
      pointer(path, "error"),
      `the error text has no ${dialect.shortLabel} field beside the output`,
    );
  if (!dialect.toolMessages.name && part.name !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "name"),
      `${dialect.shortLabel} tool messages are paired by id and carry no tool name`,
    );
  fillMissing(tool, own);
  if (dialect.messages.contentRequired && !Object.hasOwn(tool, "content")) tool["content"] = "";
  dropAbsent(tool, shapeOf<ChatShape>(own));
  return tool;
}

/** Content as a list of entries: a string is one text entry, none is an empty list. */
function contentEntries(content: unknown): JsonObject[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return Array.isArray(content) ? content.filter(isJsonObject) : [];
}

/**
 * Joins an assistant message into the one before it, whose calls it follows before their results: calls, content
 * entries (kept apart as entries), reasoning and refusal texts (joined by a blank line), and its other fields where
 * the first message has none.
 */
function joinAssistant(dialect: ChatDialect, into: JsonObject, next: JsonObject): void {
  const texts = [...dialect.messages.reasoningFields, "refusal"];
  const entries = [...contentEntries(into["content"]), ...contentEntries(next["content"])];
  const only = entries.length === 1 ? entries[0] : undefined;
  if (entries.length > 0)
    into["content"] =
      only !== undefined && only["type"] === "text" && Object.keys(only).length === 2 ? only["text"] : entries;
  into["tool_calls"] = [
    ...(Array.isArray(into["tool_calls"]) ? into["tool_calls"] : []),
    ...(Array.isArray(next["tool_calls"]) ? next["tool_calls"] : []),
  ];
  for (const [key, value] of Object.entries(next)) {
    if (key === "content" || key === "tool_calls") continue;
    const before = into[key];
    if (texts.includes(key) && typeof before === "string" && typeof value === "string")
      into[key] = [before, value].filter((text) => text !== "").join("\n\n");
    else if (!Object.hasOwn(into, key)) into[key] = value;
  }
}

/**
 * Keeps the pairing rule: every call is answered by a tool message right after its assistant message, and every
 * tool message answers such a call. An assistant message that follows one with calls (a source that spread one turn's
 * calls over consecutive messages, as Gemini histories do) joins it, so the results after both answer their calls
 * (`parts-merged`); what still breaks the rule is left out with a warning, or answered by a stated result.
 */
export function pairToolMessages(dialect: ChatDialect, natives: NativeMessage[], problems: Problems): NativeMessage[] {
  const output: NativeMessage[] = [];
  const short = dialect.shortLabel;
  const assistantOnly = dialect.messages.callsOnAssistantOnly;
  const namedResults = dialect.toolMessages.name;
  for (let index = 0; index < natives.length; index += 1) {
    const entry = natives[index] as NativeMessage;
    const message = entry.message;
    while (
      message["role"] === "assistant" &&
      Array.isArray(message["tool_calls"]) &&
      message["tool_calls"].length > 0 &&
      natives[index + 1]?.message["role"] === "assistant"
    ) {
      const next = natives[index + 1] as NativeMessage;
      problems.warn(
        "parts-merged",
        next.path,
        `joined to the assistant message before it, whose tool calls are answered after this one; ${short} needs the results right after the message with the calls`,
      );
      joinAssistant(dialect, message, next.message);
      for (const [id, path] of next.callPaths ?? []) entry.callPaths?.set(id, path);
      natives.splice(index + 1, 1);
    }
    if (message["role"] === "tool") {
      problems.warn(
        "tool-result-unmatched",
        entry.path,
        `no call right before this tool result answers it; ${short} rejects it, so it is left out`,
      );
      continue;
    }
    output.push(entry);
    // Calls that are not objects (a document's native fields may hold anything) answer nothing; the request's check
    // names them.
    const calls = Array.isArray(message["tool_calls"]) ? message["tool_calls"].filter(isJsonObject) : [];
    if ((assistantOnly && message["role"] !== "assistant") || calls.length === 0) continue;
    const open = new Set(calls.map((call) => String(call["id"])));
    const answered = new Set<string>();
    let next = index + 1;
    const results: NativeMessage[] = [];
    for (; next < natives.length; next += 1) {
      const candidate = natives[next] as NativeMessage;
      if (candidate.message["role"] !== "tool") break;
      const id = String(candidate.message["tool_call_id"]);
      if (!open.has(id) || answered.has(id)) {
        problems.warn(
          "tool-result-unmatched",
          candidate.path,
          `this tool result answers no call of the assistant message before it; ${short} rejects it, so it is left out`,
        );
        continue;
      }
      answered.add(id);
      results.push(candidate);
    }
    // Media moved out of the results sits in a user message right after them; it stays there.
    // A call without a result (a response read alone, a run cut short) is answered by a stated result, as the Gemini
    // converter does: these APIs reject unanswered calls, and leaving the call out would lose it.
    for (const call of calls) {
      const id = String(call["id"]);
      if (answered.has(id)) continue;
      const fn = isJsonObject(call["function"]) ? call["function"] : {};
      const at = entry.callPaths?.get(id) ?? entry.path;
      problems.warn(
        "value-assumed",
        at,
        `the ${String(fn["name"])} call has no result right after it; ${short} rejects unanswered calls, so a tool message stating that no result was recorded was sent`,
      );
      const stated: JsonObject = { role: "tool", tool_call_id: id };
      if (namedResults && typeof fn["name"] === "string") stated["name"] = fn["name"];
      stated["content"] = unansweredCallText;
      results.push({ message: stated, path: at });
    }
    append(output, results);
    index = next - 1;
  }
  return output;
}
