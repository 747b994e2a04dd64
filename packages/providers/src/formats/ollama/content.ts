/**
 * An Ollama message's fields ⇄ canonical parts, for requests and responses alike. Ollama's message is no list of
 * content entries: it has one `thinking` text, one `content` text, `images` (base64) and `tool_calls` whose
 * `arguments` are an object, and a tool message names its call by `tool_name` (and `tool_call_id`).
 *
 * To canonical: `thinking` → a reasoning part first (no signature: Ollama has none), `content` → a text part (an
 * empty string is no part), `images` → image parts, `tool_calls` → tool_call parts (the family's reader: `id` when
 * Ollama sent one, else a made-up id marked so it is not written back). A tool message → one tool_result whose name
 * is `tool_name`, paired with the call by `tool_call_id` when present, else with the first unanswered call of that
 * name.
 *
 * From canonical: several text parts joined (`parts-merged`); images need inline data (`media-fallback` otherwise);
 * audio, files and other parts have no Ollama field (`part-dropped`), a refusal goes as text (`value-converted`);
 * arguments that are not an object are wrapped as `{ "input": … }` (`value-converted`); reasoning per
 * `decideReasoning` for target ollama; a tool result's images go on the tool message itself, its status and error
 * are reported (`status-mapped`, `field-dropped`).
 */
import type { Message, Part, Tolerant, ToolResultPart } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  decideReasoning,
  dropAbsent,
  FieldReader,
  fillMissing,
  isJsonObject,
  parseJsonText,
  pointer,
  reportUnmapped,
  type FromCanonicalOptions,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  keptInner,
  readToolCall,
  syntheticCallId,
  targetFields,
  withFields,
  type MessageReader,
  type ChatMember,
} from "../../families/chat-completions/index.js";
import { label, provider, shapeOf, type Shape } from "./native-fields.js";
import type { CallTable, SentCall } from "./request-call-table.js";

const roles = ["system", "user", "assistant", "tool"] as const;

/** Reads one Ollama message; `pending` holds the calls a tool message without a `tool_call_id` pairs with by name. */
export const readMessage: MessageReader<ChatMember> = (member, value, path, problems, pending) => {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const role = reader.oneOf("role", roles, { required: true });
  const shape: Shape = {};
  const parts: Part[] = [];
  if (typeof value["thinking"] === "string") parts.push({ type: "reasoning", text: reader.string("thinking") ?? "" });
  if (!reader.has("content")) shape.absent = ["content"];
  const content = reader.string("content");
  if (role === "tool") {
    const result: ToolResultPart = { type: "tool_result", call_id: "", status: "ok", output: content ?? "" };
    if (content === undefined) delete result.output;
    const toolName = reader.string("tool_name");
    if (toolName === undefined) shape.absent = [...(shape.absent ?? []), "tool_name"];
    else result.name = toolName;
    const callId = typeof value["tool_call_id"] === "string" ? reader.string("tool_call_id") : undefined;
    // An export writes the paired call's id; a tool message that had none gets none back.
    if (!reader.has("tool_call_id")) shape.absent = [...(shape.absent ?? []), "tool_call_id"];
    const index = pending.findIndex((call) =>
      callId !== undefined ? call.id === callId : toolName === undefined || call.name === toolName,
    );
    const call = index >= 0 ? pending.splice(index, 1)[0] : undefined;
    result.call_id = callId ?? call?.id ?? syntheticCallId(member, path);
    parts.push(result);
  } else if (content !== undefined && content !== "") parts.push({ type: "text", text: content });
  // Empty lists are left unread, so they travel in provider_fields and come back exactly.
  const nonEmpty = (key: string): unknown[] | undefined =>
    Array.isArray(value[key]) && value[key].length === 0 ? undefined : reader.array(key);
  const images = nonEmpty("images");
  images?.forEach((image, index) => {
    if (typeof image === "string") parts.push({ type: "image", data: image });
    else problems.error(pointer(reader.at("images"), index), "must be a base64 string");
  });
  const calls = nonEmpty("tool_calls");
  // A new user turn leaves earlier calls unanswered; consecutive assistant messages (one turn's calls spread over
  // them) keep theirs open, so the results after them pair with the calls of any of them.
  if (role === "user" || role === "system") pending.length = 0;
  calls?.forEach((call, index) => {
    const part = readToolCall(member, call, pointer(reader.at("tool_calls"), index), problems);
    if (part === undefined) return;
    parts.push(part);
    pending.push({ id: part.id, name: part.name });
  });
  if (role === undefined) return undefined;
  return withFields<Message>(provider, { role, parts }, reader.rest(), shape);
};

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

/** The writer's state while it writes one document. */
export interface WriteContext {
  problems: Problems;
  options: FromCanonicalOptions;
  /** The calls sent so far (requests only): what a tool result pairs with. */
  calls?: CallTable;
}

/** Ollama's own entry of a canonical object's provider_fields, reporting those of other providers as dropped. */
export function ollamaFields(
  fields: Record<string, Record<string, unknown>> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  return targetFields(provider, label, fields, path, problems);
}

function writeToolCall(part: Tolerant.ToolCallPart, path: string, context: WriteContext): JsonObject {
  const { problems } = context;
  reportUnmapped(
    part,
    ["type", "id", "name", "input", "raw_input", "input_error", "provider_fields"],
    path,
    label,
    problems,
  );
  const own = ollamaFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  const withId = typeof shape?.id !== "string" && !(shape?.absent ?? []).includes("id");
  const id = context.calls === undefined ? part.id : context.calls.send(part, path, withId);
  let args: unknown = part.input;
  if (args === undefined && part.raw_input !== undefined) {
    const parsed = parseJsonText(part.raw_input);
    args = parsed.ok ? parsed.value : undefined;
  }
  if (part.raw_input !== undefined)
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "Ollama arguments are an object; the raw argument text is not sent",
    );
  if (!isJsonObject(args)) {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "Ollama arguments are always an object; the input is wrapped as { input }",
    );
    args = args === undefined ? {} : { input: args };
  }
  const fn: JsonObject = { name: part.name, arguments: cloneJson(args) };
  fillMissing(fn, keptInner(own, "function"));
  const native: JsonObject = { id: typeof shape?.id === "string" ? shape.id : id, function: fn };
  fillMissing(native, own);
  dropAbsent(native, shape);
  return native;
}

const partRank: Record<string, number> = { reasoning: 0, text: 1, image: 2, tool_call: 3 };

/** One Ollama message from canonical parts other than tool results. */
export function writeParts(message: Tolerant.Message, role: string, path: string, context: WriteContext): JsonObject {
  const { problems, options } = context;
  const native: JsonObject = { role };
  const texts: string[] = [];
  const thinking: string[] = [];
  const images: string[] = [];
  const calls: JsonObject[] = [];
  let rank = 0;
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (!isKnownPart(part) || part.type === "tool_result") return;
    const partRankValue = partRank[part.type];
    if (partRankValue !== undefined) {
      if (partRankValue < rank)
        problems.warn(
          "order-changed",
          partPath,
          "an Ollama message has thinking, content, images and tool calls in that order",
        );
      rank = Math.max(rank, partRankValue);
    }
    switch (part.type) {
      case "text":
        reportUnmapped(part, ["type", "text"], partPath, label, problems);
        texts.push(part.text);
        return;
      case "refusal":
        problems.warn("value-converted", partPath, "Ollama has no refusal; sent as text");
        texts.push(part.text);
        return;
      case "reasoning": {
        const decision = decideReasoning(part, { provider }, options.foreignReasoning ?? "drop", partPath);
        if (decision.action === "replay") {
          reportUnmapped(part, ["type", "text", "provider_fields"], partPath, label, problems);
          if (part.summary !== undefined)
            problems.warn(
              "parts-merged",
              pointer(partPath, "summary"),
              "Ollama thinking is one text; the summary is appended to it",
            );
          thinking.push(
            [part.text, ...(part.summary ?? [])]
              .filter((item): item is string => typeof item === "string")
              .join("\n\n"),
          );
        } else if (decision.action === "as-reasoning") {
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
          thinking.push(
            [decision.part.text, ...(decision.part.summary ?? [])]
              .filter((item): item is string => typeof item === "string")
              .join("\n\n"),
          );
        } else if (decision.action === "as-text") {
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
          texts.push(decision.text);
        } else if (decision.warning !== undefined)
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
        return;
      }
      case "image":
        // Without inline data the whole image is left out (one media-fallback), so its fields are not reported one by one.
        reportUnmapped(
          part,
          part.data === undefined ? Object.keys(part) : ["type", "data", "media_type", "provider_fields"],
          partPath,
          label,
          problems,
        );
        if (part.data !== undefined) images.push(part.data);
        else
          problems.warn(
            "media-fallback",
            partPath,
            "Ollama takes images as inline base64 only; an image by URL, path or file id is left out",
          );
        return;
      case "tool_call":
        if (role !== "assistant" || part.provider_executed === true || part.native_type !== undefined) {
          problems.warn("part-dropped", partPath, "only the assistant's own function calls have an Ollama form");
          context.calls?.notSent(part.id);
          return;
        }
        calls.push(writeToolCall(part, partPath, context));
        return;
      default:
        problems.warn(
          "part-dropped",
          partPath,
          `${withIndefiniteArticle(`${part.type} part`)} has no Ollama equivalent`,
        );
    }
  });
  if (thinking.length > 0) native["thinking"] = thinking.join("\n\n");
  if (thinking.length > 1)
    problems.warn("parts-merged", path, `${thinking.length} reasoning parts joined into one thinking text`);
  if (texts.length > 1)
    problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
  native["content"] = texts.join("");
  if (images.length > 0) native["images"] = images;
  if (calls.length > 0) native["tool_calls"] = calls;
  return native;
}

/** The tool message of one result, paired with the call it answers as that call went out. */
export function writeToolResult(
  part: Tolerant.ToolResultPart,
  path: string,
  call: SentCall,
  context: WriteContext,
): JsonObject {
  const { problems } = context;
  reportUnmapped(
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    label,
    problems,
  );
  ollamaFields(part.provider_fields, path, problems);
  const native: JsonObject = { role: "tool" };
  const texts: string[] = [];
  if (typeof part.output === "string") texts.push(part.output);
  else if (part.output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "Ollama tool messages are text; the output is sent as JSON text",
    );
    texts.push(JSON.stringify(part.output));
  }
  const images: string[] = [];
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isKnownPart(item) && item.type === "text") texts.push(item.text);
    else if (isKnownPart(item) && item.type === "image" && item.data !== undefined) images.push(item.data);
    else
      problems.warn(
        "media-fallback",
        itemPath,
        `${withIndefiniteArticle(item.type)} in a tool result has no Ollama form (tool messages carry text and inline images)`,
      );
  });
  if (texts.length === 0 && part.error !== undefined) texts.push(part.error);
  else if (part.error !== undefined)
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no Ollama field beside the output");
  if (texts.length > 1) problems.warn("parts-merged", path, "the result's texts are joined into one content string");
  if (part.status !== "ok")
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Ollama tool messages have no status; ${withIndefiniteArticle(`${part.status} result`)} is sent as its text only`,
    );
  native["content"] = texts.join("");
  if (images.length > 0) native["images"] = images;
  // Ollama matches a tool message to its call by the call's name and id.
  if (part.name !== undefined && part.name !== call.name)
    problems.warn(
      "value-converted",
      pointer(path, "name"),
      `the result names the tool ${part.name}; sent with its call's name ${call.name}`,
    );
  native["tool_name"] = call.name;
  if (call.withId) native["tool_call_id"] = call.id;
  if (call.id !== part.call_id)
    problems.warn(
      "id-remapped",
      pointer(path, "call_id"),
      `sent with tool_call_id ${call.id}, the id its call ${part.call_id} went out under`,
    );
  return native;
}
