/**
 * Canonical document → portable message list: the inverse of to-canonical.ts. developer becomes system, tool messages
 * a user turn with toolResults, text parts are joined into content, and everything without a portable equivalent is
 * reported as a warning.
 */
import type { Tolerant, ToolCallPart, ToolResultPart } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import type { Problems } from "../../conversion/index.js";
import {
  append,
  cloneJson,
  isJsonObject,
  pointer,
  reportUnmapped,
  documentWriter,
  forEachKnownPart,
  setField,
  type JsonObject,
} from "../../conversion/index.js";
// The conventions to-canonical.ts defines (keys, made-up ids), which this direction inverts.
import { isSyntheticId, providerKey, transcriptIdFor } from "./to-canonical.js";
import type { PortableMessage, PortableRole, PortableToolCall, PortableToolResult } from "./types.js";

// schema_version, source and producer describe the canonical document itself, not the conversation: they are
// not content a portable list could carry, so leaving them out is not reported.
const mappedTranscriptFields = ["schema_version", "id", "source", "producer", "messages"];
const mappedMessageFields = ["role", "parts", "provider_fields"];

/** Converts a canonical transcript to a portable message list (OpenAF portable format). */
export const fromCanonical = documentWriter<PortableMessage[]>("portable", mappedTranscriptFields, writeMessages);

function writeMessages(document: Tolerant.Transcript, problems: Problems): PortableMessage[] {
  const callNames = new Map<string, string>();
  for (const message of document.messages) {
    for (const part of message.parts) if (isPartOfType(part, "tool_call")) callNames.set(part.id, part.name);
  }

  const output: PortableMessage[] = [];
  let toolBatch: PortableMessage | undefined;
  document.messages.forEach((message, messageIndex) => {
    const path = pointer("", "messages", messageIndex);
    reportUnmapped(message, mappedMessageFields, path, "portable", problems);
    const extra = providerFields(message.provider_fields, path, problems);
    if (message.role === "tool") {
      const results = collectParts(message, path, "tool", callNames, problems);
      // The OpenAF portable format batches consecutive tool messages into one user turn: that is the format, not a loss.
      if (toolBatch === undefined) {
        toolBatch = { role: "user", content: null, toolResults: [] };
        output.push(toolBatch);
      }
      if (toolBatch.toolResults) append(toolBatch.toolResults, results.results);
      if (extra !== undefined)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", providerKey),
          "a tool message batched into a user turn keeps no fields of its own",
        );
      return;
    }
    toolBatch = undefined;
    let role: PortableRole;
    if (message.role === "developer") {
      role = "system";
      problems.warn("role-mapped", pointer(path, "role"), "developer has no portable role; written as system");
    } else role = message.role;
    const collected = collectParts(message, path, role, callNames, problems);
    const turn: PortableMessage = { role, content: collected.content };
    if (collected.calls.length > 0) turn.toolCalls = collected.calls;
    if (collected.results.length > 0) turn.toolResults = collected.results;
    output.push(mergeExtra(turn, extra));
  });

  if (document.id !== transcriptIdFor(output)) {
    problems.warn("field-dropped", "/id", "the transcript id has no portable equivalent");
  }
  return output;
}

/** The `portable` entry of provider_fields; entries for other providers are reported as dropped. */
function providerFields(
  fields: Record<string, JsonObject> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (fields === undefined) return undefined;
  for (const key of Object.keys(fields)) {
    if (key !== providerKey)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", key),
        `provider_fields for ${key} have no portable equivalent`,
      );
  }
  return Object.hasOwn(fields, providerKey) ? fields[providerKey] : undefined;
}

/** Fields kept from the source that the computed turn does not set, so a computed value always wins. */
function mergeExtra<T extends object>(target: T, extra: JsonObject | undefined): T {
  if (extra === undefined) return target;
  const merged: JsonObject = Object.fromEntries(Object.entries(target));
  for (const [key, item] of Object.entries(extra)) if (!Object.hasOwn(merged, key)) setField(merged, key, item);
  return merged as T;
}

/** The portable field each tool part is written to, and the roles of the turns that carry it (the first names them). */
const toolPartPlaces: Readonly<
  Record<"tool_call" | "tool_result", { field: string; roles: ReadonlyArray<PortableRole | "tool"> }>
> = {
  tool_call: { field: "toolCalls", roles: ["assistant"] },
  tool_result: { field: "toolResults", roles: ["user", "tool"] },
};

interface Collected {
  content: string | null;
  calls: PortableToolCall[];
  results: PortableToolResult[];
}

function collectParts(
  message: Tolerant.Message,
  path: string,
  role: PortableRole | "tool",
  callNames: ReadonlyMap<string, string>,
  problems: Problems,
): Collected {
  const texts: string[] = [];
  const calls: PortableToolCall[] = [];
  const results: PortableToolResult[] = [];
  let sawTool = false;
  forEachKnownPart(message, path, "portable", problems, (part, partPath) => {
    switch (part.type) {
      case "text":
        if (role === "tool") {
          problems.warn("part-dropped", partPath, "text in a tool message has no place in a portable toolResults turn");
          return;
        }
        if (sawTool)
          problems.warn(
            "order-changed",
            partPath,
            "portable content comes before tool calls and results; this text followed one",
          );
        reportUnmapped(part, ["type", "text"], partPath, "portable", problems);
        texts.push(part.text);
        return;
      case "tool_call":
      case "tool_result": {
        const place = toolPartPlaces[part.type];
        if (!place.roles.includes(role)) {
          problems.warn(
            "part-dropped",
            partPath,
            `portable ${place.field} appear only on ${place.roles[0]} turns, not ${message.role}`,
          );
          return;
        }
        sawTool = true;
        if (part.type === "tool_call") calls.push(writeCall(part, partPath, problems));
        else results.push(writeResult(part, partPath, callNames, problems));
        return;
      }
      default:
        return false;
    }
  });
  if (texts.length > 1)
    problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
  return { content: texts.length === 0 ? null : texts.join(""), calls, results };
}

/** The id to write: the source's own value when kept, none when to-canonical.ts made it up, else the canonical id. */
function idToWrite(id: string, extra: JsonObject | undefined): { id?: string } {
  if (extra !== undefined && Object.hasOwn(extra, "id")) {
    const kept = extra["id"];
    if (typeof kept === "string") return { id: kept };
  }
  return isSyntheticId(id) ? {} : { id };
}

function writeCall(part: ToolCallPart, path: string, problems: Problems): PortableToolCall {
  reportUnmapped(part, ["type", "id", "name", "input", "provider_fields"], path, "portable", problems);
  const extra = providerFields(part.provider_fields, path, problems);
  let args: JsonObject;
  if (isJsonObject(part.input)) args = part.input;
  else if (part.input === undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "arguments that are not JSON have no portable form; written as an empty object",
    );
    args = {};
  } else {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "portable arguments are always an object; the input is wrapped as { input }",
    );
    args = { input: part.input };
  }
  const call: PortableToolCall = { ...idToWrite(part.id, extra), name: part.name, arguments: cloneJson(args) };
  return withOverrides(call, extra);
}

function writeResult(
  part: ToolResultPart,
  path: string,
  callNames: ReadonlyMap<string, string>,
  problems: Problems,
): PortableToolResult {
  reportUnmapped(
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    "portable",
    problems,
  );
  const extra = providerFields(part.provider_fields, path, problems);
  if (part.status !== "ok")
    problems.warn("field-dropped", pointer(path, "status"), `status ${part.status} has no portable equivalent`);
  let name = part.name;
  if (name === undefined) {
    name = callNames.get(part.call_id);
    if (name === undefined) {
      problems.warn(
        "tool-result-unmatched",
        pointer(path, "call_id"),
        "no call with this id names the tool; written with an empty name",
      );
      name = "";
    }
  }
  let result: string | JsonObject;
  const output: unknown = part.output;
  if (typeof output === "string" || isJsonObject(output)) result = cloneJson(output);
  else if (output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "a portable result is a string or an object; written as JSON text",
    );
    result = JSON.stringify(output);
  } else {
    const texts = (part.content ?? []).flatMap((item) =>
      item.type === "text" && "text" in item && typeof item.text === "string" ? [item.text] : [],
    );
    result = texts.length > 0 ? texts.join("") : (part.error ?? "");
  }
  if (part.content !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "content"),
      "multimodal result content has no portable equivalent; only its text is kept when there is no output",
    );
  if (part.error !== undefined && (output !== undefined || part.content !== undefined)) {
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no portable field beside a result");
  }
  const toolResult: PortableToolResult = { ...idToWrite(part.call_id, extra), name, result };
  return withOverrides(toolResult, extra);
}

/** Merges the kept source fields of a call or result back: they are the source's own values, so they win. */
function withOverrides<T extends object>(target: T, extra: JsonObject | undefined): T {
  if (extra === undefined) return target;
  const merged: JsonObject = Object.fromEntries(Object.entries(target));
  for (const [key, item] of Object.entries(extra)) setField(merged, key, cloneJson(item));
  return merged as T;
}
