/**
 * Ollama's native chat requests (`POST /api/chat`) ⇄ canonical documents. Ollama is the member of the
 * chat-completions family whose messages are not Chat-shaped (content.ts): the family reads the request around them
 * (`tools` → tool definitions, every other field — model, stream, options, format, think, keep_alive — → the
 * document's `provider_fields.ollama`) and its tool calls; a request has no tool choice (`field-dropped`).
 *
 * Canonical → Ollama, from any source: developer → system (`role-mapped`); one tool message per result
 * (`results-regrouped`). Tool messages pair with their call: each carries the call's `tool_name` and `tool_call_id`
 * (the server reads it and returns ids on its calls) and goes right after the assistant message with the call. The
 * result of a call that is not sent (provider-executed or built-in) is dropped with it (`part-dropped`), a result
 * with no call before it too (`tool-result-unmatched`); an assistant message right after one whose calls are
 * unanswered joins it (`parts-merged`, parallel calls a source split up); a result separated from its call moves
 * back to it (`order-changed`); a call id already sent gets a fresh deterministic id for its turn, call and results
 * together (`id-remapped`). A document read from Ollama keeps its order: nothing is joined or moved.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  carryRequestSettings,
  ownFields,
  cloneJson,
  dropAbsent,
  fillMissing,
  pointer,
  reportUnmapped,
  runFromCanonical,
  type FromCanonical,
  type FromCanonicalOptions,
  type JsonObject,
  type Problems,
  type ToCanonical,
} from "../../conversion/index.js";
import { nameModel, finishNative, keptInner, readRequest } from "../../families/chat-completions/index.js";
import { ollamaFields, readMessage, writeParts, writeToolResult, type WriteContext } from "./content.js";
import { CallTable, type SentCall } from "./request-call-table.js";
import { ollamaMember } from "./request-member.js";
import { label, provider, shapeOf } from "./native-fields.js";
import type { OllamaChatRequest } from "./types.js";

export const requestToCanonical: ToCanonical<unknown> = (request) => readRequest(ollamaMember, request, readMessage);

/**
 * An assistant message right after one whose tool calls are still unanswered joins it: the results after both must
 * follow the one assistant message holding their calls (a source that splits parallel calls into messages).
 */
function mergeAssistant(into: JsonObject, native: JsonObject, path: string, problems: Problems): void {
  problems.warn(
    "parts-merged",
    path,
    "joined to the assistant message before it, whose tool calls are answered after this one; Ollama pairs tool messages with the assistant message right before them",
  );
  const join = (key: string, separator: string): void => {
    const texts = [into[key], native[key]].filter((text): text is string => typeof text === "string" && text !== "");
    if (texts.length > 0 || Object.hasOwn(into, key) || Object.hasOwn(native, key)) into[key] = texts.join(separator);
  };
  if (Object.hasOwn(native, "thinking")) join("thinking", "\n\n");
  join("content", "");
  for (const key of ["images", "tool_calls"]) {
    const items = [...(Array.isArray(into[key]) ? into[key] : []), ...(Array.isArray(native[key]) ? native[key] : [])];
    if (items.length > 0) into[key] = items;
  }
  for (const [key, value] of Object.entries(native)) if (!Object.hasOwn(into, key)) into[key] = value;
}

/** A tool definition; Ollama has no built-in tools and no `strict`. */
function writeTool(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  // A tool Ollama cannot take is left out whole, so its fields are not reported one by one.
  if (tool.native_type !== undefined) {
    problems.warn(
      "field-dropped",
      path,
      `the ${tool.native_type} tool is another provider's own tool; Ollama has no equivalent`,
    );
    return undefined;
  }
  reportUnmapped(tool, ["name", "description", "input_schema", "provider_fields"], path, label, problems);
  const own = ollamaFields(tool.provider_fields, path, problems);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn["description"] = tool.description;
  if (tool.input_schema !== undefined) fn["parameters"] = cloneJson(tool.input_schema);
  fillMissing(fn, keptInner(own, "function"));
  return finishNative({ type: "function", function: fn }, own);
}

export const requestFromCanonical: FromCanonical<OllamaChatRequest> = (document, options = {}) =>
  runFromCanonical(document, options, (checked, problems) => writeRequest(checked, options, problems));

function writeRequest(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
): OllamaChatRequest {
  reportUnmapped(
    document,
    ["schema_version", "id", "source", "producer", "messages", "tools", "tool_choice", "provider_fields"],
    "",
    label,
    problems,
  );
  const calls = new CallTable(problems);
  const context: WriteContext = { problems, options, calls };
  const messages: JsonObject[] = [];
  // A document read from Ollama is in an order Ollama took: its messages are written as they were, none joined or
  // moved (a turn's calls spread over consecutive assistant messages, their results after the last of them).
  const asRead = document.source?.format === "ollama";
  /** A tool message goes right after its call's assistant message and the tool messages already there. */
  const place = (native: JsonObject, call: SentCall, path: string): void => {
    if (asRead) {
      messages.push(native);
      return;
    }
    let at = call.owner === undefined ? -1 : messages.lastIndexOf(call.owner);
    if (at < 0) at = messages.length;
    else for (at += 1; at < messages.length && messages[at]?.["role"] === "tool"; at += 1);
    if (at < messages.length)
      problems.warn(
        "order-changed",
        path,
        "sent right after the assistant message with its call, before the messages between them",
      );
    messages.splice(at, 0, native);
  };
  const writeResult = (part: Tolerant.ToolResultPart, path: string, own: JsonObject | undefined): void => {
    if (part.provider_executed === true) {
      problems.warn(
        "part-dropped",
        path,
        "a result of a provider-executed tool has no Ollama form (Ollama runs no tools itself)",
      );
      return;
    }
    const call = calls.find(part.call_id);
    if (call === undefined) {
      problems.warn(
        "tool-result-unmatched",
        path,
        `no call before it has the id ${part.call_id}; Ollama takes a tool message only after its call, so the result is left out`,
      );
      return;
    }
    if (call === null) {
      problems.warn(
        "part-dropped",
        path,
        `its call ${part.call_id} is not sent (a provider-executed or built-in call), so neither is the result`,
      );
      return;
    }
    const native = writeToolResult(part, path, call, context);
    place(own === undefined ? native : finishNative(native, own), call, path);
  };
  document.messages.forEach((message, index) => {
    const path = pointer("", "messages", index);
    reportUnmapped(message, ["role", "parts", "provider_fields"], path, label, problems);
    const own = ollamaFields(message.provider_fields, path, problems);
    let role: string = message.role;
    if (role === "developer") {
      role = "system";
      problems.warn("role-mapped", pointer(path, "role"), "Ollama has no developer role; written as system");
    }
    const results = message.parts.flatMap((part, partIndex) =>
      isKnownPart(part) && part.type === "tool_result" ? [{ part, path: pointer(path, "parts", partIndex) }] : [],
    );
    if (results.length > 1)
      problems.warn(
        "results-regrouped",
        path,
        `${results.length} tool results split into one Ollama tool message each`,
      );
    const writeResults = (): void => {
      for (const result of results)
        writeResult(result.part, result.path, results.length === 1 && role === "tool" ? own : undefined);
    };
    if (role === "tool") {
      writeResults();
      message.parts.forEach((part, partIndex) => {
        if (!(isKnownPart(part) && part.type === "tool_result"))
          problems.warn(
            "part-dropped",
            pointer(path, "parts", partIndex),
            `${withIndefiniteArticle(`${part.type} part`)} beside tool results has no place in an Ollama tool message`,
          );
      });
      return;
    }
    // A user message's results answer calls before it; an assistant message's results answer its own calls.
    if (role !== "assistant") writeResults();
    if (results.length === 0 || results.length < message.parts.length) {
      const native = finishNative(writeParts(message, role, path, context), own);
      const previous = messages.at(-1);
      if (
        !asRead &&
        role === "assistant" &&
        previous?.["role"] === "assistant" &&
        Array.isArray(previous["tool_calls"]) &&
        previous["tool_calls"].length > 0
      ) {
        mergeAssistant(previous, native, path, problems);
        calls.own(previous);
      } else {
        messages.push(native);
        calls.own(native);
      }
    }
    if (role === "assistant") writeResults();
  });
  const request: JsonObject = { messages };
  // Other providers' request settings are carried to Ollama's fields (or reported) below.
  const own = ownFields(document.provider_fields, provider);
  if (document.tools !== undefined)
    request["tools"] = document.tools.flatMap(
      (tool, index) => writeTool(tool, pointer("", "tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) problems.warn("field-dropped", "/tool_choice", "Ollama has no tool choice");
  fillMissing(request, own);
  dropAbsent(request, shapeOf(own));
  carryRequestSettings("ollama", document, request, options, problems);
  nameModel(ollamaMember, document, request, options, problems);
  return request as unknown as OllamaChatRequest;
}
