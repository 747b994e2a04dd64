/**
 * Tool calls of the chat-completions family (`{ id, type: "function", function: { name, arguments } }`), both ways,
 * with the per-turn id handling of the members whose requests pair results by id (TurnCallIds).
 *
 * To canonical: `function.arguments` is parsed into `input` and kept as `raw_input` when it does not parse or is not
 * byte-for-byte `JSON.stringify(input)`; how a member treats a missing or empty id, `type` and object arguments is
 * its {@link ToolCallRules}. From canonical (OpenAI Chat, Mistral): the id is renamed when it breaks the member's
 * rule or an earlier call of the document already has it (`id-remapped`, the result renamed with it), `arguments`
 * is the provider's text while it still says what `input` says, else `input` as JSON.
 */
import type { Tolerant, ToolCallPart } from "@agent-transcript/core";
import {
  cloneJson,
  digest,
  dropAbsent,
  FieldReader,
  fillMissing,
  isJsonObject,
  jsonEqual,
  parseJsonText,
  pointer,
  reportUnmapped,
  shapeOf,
  type CallId,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import type { ChatDialect, ChatMember, WriteContext } from "./dialect.js";
import { keptInner, nest, targetFields, withFields, type ChatShape } from "./native-fields.js";

/** An id made up for a call the source sent without one, derived from where the call is, so reruns agree. */
export function syntheticCallId(member: ChatMember, position: string): string {
  const ids = member.syntheticIds;
  return ids.prefix + digest(`${member.format}:${position}`, ids.alphabet, ids.length);
}

/** `arguments` text → `input`, keeping the text as `raw_input` unless it is exactly the input's JSON. */
function parseArguments(part: ToolCallPart, text: string): void {
  const parsed = parseJsonText(text);
  if (parsed.ok) {
    part.input = parsed.value;
    if (JSON.stringify(parsed.value) !== text) part.raw_input = text;
  } else {
    part.raw_input = text;
    part.input_error = parsed.reason;
  }
}

/** Reads one tool call of a request or response message. */
export function readToolCall(
  member: ChatMember,
  value: unknown,
  path: string,
  problems: Problems,
): ToolCallPart | undefined {
  const rules = member.toolCalls;
  if (!isJsonObject(value)) {
    problems.error(path, rules.notObject);
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const absent: string[] = [];
  let id: string | undefined;
  if (rules.missingId === "error") id = reader.string("id", { required: true });
  else {
    if (!reader.has("id")) absent.push("id");
    id = reader.string("id");
  }
  if (rules.type !== "unread") {
    if (!reader.has("type")) absent.push("type");
    if (rules.type === "function-or-custom") {
      const type = reader.take("type");
      if (type === "custom") return readCustomCall(member, reader, id, path, problems);
      if (type !== undefined && type !== "function") {
        problems.error(reader.at("type"), "must be function or custom");
        return undefined;
      }
    } else if (reader.has("type")) reader.oneOf("type", ["function"]);
  }
  const fn = reader.object("function", { required: true });
  if (fn === undefined || (rules.missingId === "error" && id === undefined)) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  let args: unknown;
  if (rules.arguments === "text") args = fnReader.string("arguments", { required: true });
  else if (rules.arguments === "json") args = fnReader.json("arguments", { required: true });
  else args = fnReader.take("arguments");
  if (name === undefined || (rules.arguments !== "text-or-object" && args === undefined)) return undefined;
  const part: ToolCallPart = { type: "tool_call", id: id ?? "", name };
  // A missing id, or an empty one the member does not keep, is made up from where the call is.
  const madeUp = id === undefined || (id === "" && rules.emptyId === "made-up");
  if (madeUp) {
    part.id = syntheticCallId(member, path);
    if (id === undefined && rules.missingId === "reported")
      problems.warn(
        "id-synthesized",
        pointer(path, "id"),
        `a call without an id was given the id ${part.id}, derived from where it is`,
      );
  }
  const shape: ChatShape = {};
  if (typeof args === "string" && rules.arguments !== "json") parseArguments(part, args);
  else if (rules.arguments === "json") part.input = args;
  else if (isJsonObject(args)) {
    part.input = cloneJson(args);
    shape.arguments_object = true;
  } else problems.error(pointer(reader.at("function"), "arguments"), "must be JSON text or an object");
  if (absent.length > 0) shape.absent = absent;
  // The source's own empty id, so it is written back empty.
  if (madeUp && id === "") shape.id = "";
  return withFields(member.provider, part, nest(reader.rest(), "function", fnReader.rest()), shape);
}

/** A custom (grammar) tool's call: `{ id, type: "custom", custom: { name, input } }`, its input a string. */
function readCustomCall(
  member: ChatMember,
  reader: FieldReader,
  id: string | undefined,
  path: string,
  problems: Problems,
): ToolCallPart | undefined {
  const custom = reader.object("custom", { required: true });
  const customReader = custom === undefined ? undefined : new FieldReader(custom, reader.at("custom"), problems);
  const name = customReader?.string("name", { required: true, nonEmpty: true });
  const input = customReader?.string("input", { required: true });
  if (id === undefined || name === undefined || input === undefined) return undefined;
  const part: ToolCallPart = {
    type: "tool_call",
    id: id === "" ? syntheticCallId(member, path) : id,
    name,
    input,
    native_type: "custom",
  };
  return withFields(
    member.provider,
    part,
    nest(reader.rest(), "custom", customReader?.rest()),
    id === "" ? { id: "" } : {},
  );
}

/** The `id-remapped` message for a call or result whose id changed; it names the new id. */
export function idChangeMessage(
  dialect: ChatDialect,
  sourceId: string,
  mapped: CallId,
  what: "call" | "result",
): string {
  const wording = dialect.idChanges;
  if (mapped.change === "rule") return wording.renamed(sourceId, mapped.id);
  const subject =
    what === "call"
      ? `tool call id ${sourceId} is already the id of an earlier call${wording.reusedNote}`
      : `the call this result answers reuses the id ${sourceId} of an earlier call`;
  return wording.reused(subject, mapped.id);
}

/** `arguments` as text: the text the provider sent while it still says what input says, else input as JSON. */
function argumentsText(part: Tolerant.ToolCallPart, path: string, problems: Problems): string {
  if (part.raw_input !== undefined) {
    if (part.input === undefined) return part.raw_input;
    const parsed = parseJsonText(part.raw_input);
    if (parsed.ok && jsonEqual(parsed.value, part.input)) return part.raw_input;
  }
  if (part.input === undefined) {
    problems.warn("value-assumed", pointer(path, "input"), "a call with no arguments is sent with {}");
    return "{}";
  }
  return JSON.stringify(part.input);
}

const mappedCallFields = ["type", "id", "name", "input", "raw_input", "input_error", "native_type", "provider_fields"];

/** A tool call in the member's shape (a custom tool's call in Chat's `custom` shape). */
export function writeToolCall(
  dialect: ChatDialect,
  part: Tolerant.ToolCallPart,
  path: string,
  context: WriteContext,
): JsonObject {
  const { problems } = context;
  const rules = dialect.toolCalls;
  reportUnmapped(part, mappedCallFields, path, dialect.label, problems);
  const own = targetFields(dialect.provider, dialect.label, part.provider_fields, path, problems);
  const shape = shapeOf<ChatShape>(own);
  let id: string;
  if (context.response && rules.emptyId === "made-up" && typeof shape?.id === "string") id = shape.id;
  else if (context.response && dialect.responseCallIds === "as-read") id = part.id;
  else {
    const mapped = context.ids.call(part.id, path);
    if (mapped.change !== undefined)
      problems.warn("id-remapped", pointer(path, "id"), idChangeMessage(dialect, part.id, mapped, "call"));
    id = mapped.id;
  }
  if (part.native_type === "custom") {
    const custom: JsonObject = {
      name: part.name,
      input: typeof part.input === "string" ? part.input : (part.raw_input ?? JSON.stringify(part.input ?? null)),
    };
    fillMissing(custom, keptInner(own, "custom"));
    const native: JsonObject = { id, type: "custom", custom };
    fillMissing(native, own);
    dropAbsent(native, shape);
    return native;
  }
  const fn: JsonObject = {
    name: part.name,
    arguments:
      rules.arguments === "text-or-object" && shape?.arguments_object && isJsonObject(part.input)
        ? cloneJson(part.input)
        : argumentsText(part, path, problems),
  };
  fillMissing(fn, keptInner(own, "function"));
  const native: JsonObject = { id, type: "function", function: fn };
  fillMissing(native, own);
  // A member whose responses may lack an id marks it absent; a request needs one, so it is written there.
  dropAbsent(
    native,
    context.response || rules.missingId === "error"
      ? shape
      : { absent: (shape?.absent ?? []).filter((key) => key !== "id") },
  );
  return native;
}
