/**
 * Canonical transcript → Anthropic `MessageCreateParams`, for documents from any source.
 *
 * What Anthropic requires and how a document is made to fit (each change reported as a warning):
 * - System prompt: leading system and developer messages become the top-level `system` (a string when it was one,
 *   see the `string_content` marker; developer → `role-mapped`). A system message that came from inside `messages`
 *   (`placement: "messages"`) is written back in place; any other system or developer message in mid-conversation is
 *   hoisted to `system` (`order-changed`).
 * - Roles: `tool` messages become `user` messages (tool_result blocks belong in user turns). Consecutive messages of
 *   one role are merged into one message (`parts-merged` when two canonical messages of the same role are merged; a
 *   tool message joining a user turn is how Anthropic places results and is not reported).
 * - Tool pairing: every client `tool_use` is answered by `tool_result` blocks at the start of the immediately next
 *   user message; results found elsewhere are moved there (`results-regrouped`), a missing result is answered with an
 *   error result (`value-assumed`) unless the call is in the last message (a call still pending), and a result whose
 *   call is not in the preceding assistant message becomes text (`tool-result-unmatched`).
 * - Ids: call ids that break `^[a-zA-Z0-9_-]+$` (or repeat) are renamed with their results (`id-remapped`).
 * - Reasoning: Anthropic's own is replayed byte-exact; other issuers' follows `options.foreignReasoning`.
 * - Messages left with no content are dropped (`message-dropped`); a conversation that does not start with a user
 *   message gets a placeholder one (`value-assumed`); `model` and `max_tokens`, when the document has none, are
 *   assumed (`value-assumed`).
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import type { MessageCreateParams } from "@anthropic-ai/sdk/resources/messages";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
import { checkCanonicalInput, guard, pointer, Problems } from "../../conversion/index.js";
import {
  ExportContext,
  partToBlocks,
  serverResultBlock,
  toolCallBlock,
  toolResultBlock,
} from "./blocks-from-canonical.js";
import { anthropicFieldsOf, asNative, assign, isJsonObject, takeField, type JsonObject } from "./native.js";
import { placementMarker, stringContentMarker } from "./request-to-canonical.js";

export const defaultModel = "claude-sonnet-4-5";
export const defaultMaxTokens = 4096;
const placeholderUserText = "Continue.";
const missingResultText = "No result was recorded for this tool call.";

interface NativeMessage {
  role: "user" | "assistant" | "system";
  content: JsonObject[];
  /** The canonical roles merged into this message. */
  sources: string[];
  /** The canonical message index of the first source, for warning paths. */
  index: number;
  stringContent: boolean;
  fields: JsonObject;
}

/** Message fields a request has no place for: they describe a response or the transcript, not the prompt. */
const messageFieldsHandled = ["role", "parts", "provider_fields"];
const documentFieldsHandled = ["schema_version", "id", "source", "messages", "tools", "tool_choice", "provider_fields"];

export function requestFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<MessageCreateParams> {
  return guard(
    () => convert(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convert(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
): FromCanonicalResult<MessageCreateParams> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const context = new ExportContext(problems, options.foreignReasoning ?? "drop");
  for (const [key, value] of Object.entries(document)) {
    if (value !== undefined && !documentFieldsHandled.includes(key))
      problems.warn(
        "field-dropped",
        pointer("", key),
        `${key} describes the transcript; an Anthropic request has no place for it`,
      );
  }
  const request = anthropicFieldsOf(document);
  const { system, messages } = convertMessages(document.messages, context);
  if (system !== undefined) request.system = system;
  if (messages.length === 0) {
    problems.error("/messages", "Anthropic needs at least one message, and the document has none that can be sent");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  request.messages = messages;
  if (document.tools !== undefined)
    request.tools = document.tools.flatMap(
      (tool, index) => toolToNative(tool, pointer("/tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) request.tool_choice = toolChoiceToNative(document.tool_choice, problems);
  if (typeof request.model !== "string") {
    const model = [...document.messages]
      .reverse()
      .find((message) => typeof message.model === "string" && message.model.startsWith("claude"))?.model;
    request.model = model ?? defaultModel;
    problems.warn(
      "value-assumed",
      "/provider_fields",
      `the document names no Anthropic model; ${String(request.model)} assumed`,
    );
  }
  if (typeof request.max_tokens !== "number") {
    request.max_tokens = defaultMaxTokens;
    problems.warn(
      "value-assumed",
      "/provider_fields",
      `the document has no max_tokens, which Anthropic requires; ${defaultMaxTokens} assumed`,
    );
  }
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  return finishFromCanonical(asNative<MessageCreateParams>(request), problems.warnings, options);
}

function convertMessages(
  source: readonly Tolerant.Message[],
  context: ExportContext,
): { system: string | JsonObject[] | undefined; messages: JsonObject[] } {
  const { problems } = context;
  const systemBlocks: JsonObject[] = [];
  const systemSources: Array<{ stringContent: boolean; count: number }> = [];
  let native: NativeMessage[] = [];
  let conversationStarted = false;
  source.forEach((message, index) => {
    const path = pointer("/messages", index);
    reportMessageFields(message, path, problems);
    const fields = anthropicFieldsOf(message);
    const stringContent = takeField(fields, stringContentMarker) === true;
    const placement = takeField(fields, placementMarker);
    const role = String(message.role);
    if (role === "system" || role === "developer") {
      if (role === "system" && placement === "messages") {
        // The API accepts more than text here (tool_addition blocks), so the blocks are read as a message's.
        native.push({
          role: "system",
          content: blocksOf(message, path, context, "message"),
          sources: ["system"],
          index,
          stringContent,
          fields,
        });
        return;
      }
      if (role === "developer")
        problems.warn(
          "role-mapped",
          pointer(path, "role"),
          "Anthropic has no developer role; the message joined the system prompt",
        );
      if (conversationStarted)
        problems.warn(
          "order-changed",
          path,
          `a ${role} message in mid-conversation was moved to the top-level system prompt`,
        );
      const blocks = blocksOf(message, path, context, "system");
      systemBlocks.push(...blocks);
      systemSources.push({ stringContent, count: blocks.length });
      for (const key of Object.keys(fields))
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", "anthropic", key),
          `${key} has no place in the top-level system prompt`,
        );
      return;
    }
    conversationStarted = true;
    if (role !== "user" && role !== "assistant" && role !== "tool") {
      problems.warn("message-dropped", path, `Anthropic has no ${role} role; the message was left out`);
      return;
    }
    native.push({
      role: role === "assistant" ? "assistant" : "user",
      content: blocksOf(message, path, context, "message"),
      sources: [role],
      index,
      stringContent,
      fields,
    });
  });
  native = native.filter((message) => {
    if (message.content.length > 0) return true;
    const why =
      source[message.index]?.parts.length === 0
        ? "Anthropic does not accept a message with empty content"
        : "nothing in the message can be sent to Anthropic";
    problems.warn("message-dropped", pointer("/messages", message.index), `${why}; the message was left out`);
    return false;
  });
  native = mergeRuns(native, problems);
  pairToolResults(native, context);
  // Regrouping can leave a message that held only moved results empty; its neighbours may then be of one role.
  native = mergeRuns(
    native.filter((message) => message.content.length > 0),
    problems,
  );
  if (native.length > 0 && native[0]?.role !== "user") {
    problems.warn(
      "value-assumed",
      "/messages/0",
      `Anthropic conversations start with a user message; a placeholder user message (${JSON.stringify(placeholderUserText)}) was added`,
    );
    native.unshift({
      role: "user",
      content: [{ type: "text", text: placeholderUserText }],
      sources: ["user"],
      index: 0,
      stringContent: false,
      fields: {},
    });
  }
  let system: string | JsonObject[] | undefined;
  if (systemSources.length > 0) {
    const only =
      systemSources.length === 1 && systemSources[0]?.stringContent === true && systemBlocks.length === 1
        ? systemBlocks[0]
        : undefined;
    system = only !== undefined && isPlainText(only) ? String(only.text) : systemBlocks;
  }
  return { system, messages: native.map(toNativeMessage) };
}

function reportMessageFields(message: Tolerant.Message, path: string, problems: Problems): void {
  for (const [key, value] of Object.entries(message)) {
    if (value !== undefined && !messageFieldsHandled.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no place in an Anthropic request message`);
  }
}

function blocksOf(
  message: Tolerant.Message,
  path: string,
  context: ExportContext,
  place: "message" | "system",
): JsonObject[] {
  const blocks: JsonObject[] = [];
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    const converted: JsonObject[] = [];
    if (place === "message" && isPartOfType(part, "tool_call")) {
      const block = toolCallBlock(part, partPath, context);
      if (block !== undefined) converted.push(block);
    } else if (place === "message" && isPartOfType(part, "tool_result")) {
      const block =
        part.provider_executed === true
          ? serverResultBlock(part, partPath, context)
          : toolResultBlock(part, partPath, context);
      if (block !== undefined) converted.push(block);
    } else {
      converted.push(...partToBlocks(part, partPath, context, place));
    }
    for (const block of converted) context.paths.set(block, partPath);
    blocks.push(...converted);
  });
  return blocks;
}

function isPlainText(block: JsonObject): boolean {
  return block.type === "text" && typeof block.text === "string" && Object.keys(block).length === 2;
}

/** Merges consecutive user (or assistant) messages; system messages inside `messages` stay on their own. */
function mergeRuns(messages: NativeMessage[], problems: Problems): NativeMessage[] {
  const merged: NativeMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last === undefined || last.role !== message.role || message.role === "system") {
      merged.push(message);
      continue;
    }
    const sameRole = last.sources.some((role) => message.sources.includes(role) && role !== "tool");
    if (sameRole)
      problems.warn(
        "parts-merged",
        pointer("/messages", message.index),
        `consecutive ${message.role} messages were merged into one (Anthropic combines consecutive turns of one role)`,
      );
    last.content.push(...message.content);
    last.sources.push(...message.sources);
    last.stringContent = false;
    assign(last.fields, message.fields);
  }
  return merged;
}

function isClientToolUse(block: JsonObject): boolean {
  return block.type === "tool_use" && typeof block.id === "string";
}

function isToolResult(block: JsonObject): boolean {
  return block.type === "tool_result" && typeof block.tool_use_id === "string";
}

/** Puts every call's results at the start of the next user message, and turns unmatched results into text. */
function pairToolResults(messages: NativeMessage[], context: ExportContext): void {
  const { problems } = context;
  const where = (block: JsonObject | undefined, message: NativeMessage): string =>
    (block === undefined ? undefined : context.paths.get(block)) ?? pointer("/messages", message.index);
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as NativeMessage;
    if (message.role !== "assistant") continue;
    const ids = message.content.filter(isClientToolUse).map((block) => String(block.id));
    if (ids.length === 0) continue;
    const next = messages[index + 1];
    const inNext =
      next?.role === "user" ? next.content.filter(isToolResult).map((block) => String(block.tool_use_id)) : [];
    const leading = next?.role === "user" ? next.content.slice(0, ids.length).every(isToolResult) : false;
    if (ids.every((id) => inNext.includes(id)) && leading) continue;
    if (
      next === undefined &&
      ids.every(
        (id) =>
          !messages.some((other) => other.content.some((block) => isToolResult(block) && block.tool_use_id === id)),
      )
    )
      continue;
    // Collect each call's result from wherever it is (the first one found), in the order of the calls.
    const results: JsonObject[] = [];
    let moved = false;
    for (const id of ids) {
      let found: JsonObject | undefined;
      for (let later = index + 1; later < messages.length && found === undefined; later += 1) {
        const candidate = messages[later] as NativeMessage;
        const position = candidate.content.findIndex((block) => isToolResult(block) && block.tool_use_id === id);
        if (position === -1) continue;
        found = candidate.content.splice(position, 1)[0];
        if (later !== index + 1) moved = true;
      }
      if (found === undefined) {
        problems.warn(
          "value-assumed",
          pointer("/messages", message.index),
          `tool call ${id} has no result; Anthropic needs one in the next message, so an error result was added`,
        );
        found = { type: "tool_result", tool_use_id: id, is_error: true, content: missingResultText };
      }
      results.push(found);
    }
    if (next?.role === "user") {
      const wasOrdered = inNext.length === ids.length && leading;
      next.content.unshift(...results);
      // Results made up for calls without one are reported as such (value-assumed); only real ones are regrouped.
      if (moved || (!wasOrdered && results.some((block) => context.paths.has(block))))
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            next,
          ),
          "tool results were moved to the start of the user message right after their calls, as Anthropic requires",
        );
    } else {
      messages.splice(index + 1, 0, {
        role: "user",
        content: results,
        sources: ["tool"],
        index: message.index,
        stringContent: false,
        fields: {},
      });
      if (moved)
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            message,
          ),
          "tool results were moved into a user message right after their calls, as Anthropic requires",
        );
    }
  }
  // Results that still do not answer a call of the message right before them cannot be sent as results.
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const calls =
      previous?.role === "assistant" ? previous.content.filter(isClientToolUse).map((block) => String(block.id)) : [];
    message.content = message.content.flatMap((block) => {
      if (!isToolResult(block) || (message.role === "user" && calls.includes(String(block.tool_use_id))))
        return [block];
      problems.warn(
        "tool-result-unmatched",
        where(block, message),
        `the result of tool call ${String(block.tool_use_id)} answers no call in the message before it; it was sent as text`,
      );
      const content = block.content;
      const label: JsonObject = {
        type: "text",
        text: `Result of tool call ${String(block.tool_use_id)}${block.is_error === true ? " (error)" : ""}:${typeof content === "string" ? ` ${content}` : ""}`,
      };
      return Array.isArray(content) ? [label, ...content.filter(isJsonObject)] : [label];
    });
  });
}

function toNativeMessage(message: NativeMessage): JsonObject {
  const native = assign({}, message.fields);
  native.role = message.role;
  const only = message.content.length === 1 ? message.content[0] : undefined;
  native.content =
    message.stringContent && message.sources.length === 1 && only !== undefined && isPlainText(only)
      ? only.text
      : message.content;
  return native;
}

/** A tool definition: a custom tool, or a server tool named by its native type. */
function toolToNative(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  const fields = anthropicFieldsOf(tool);
  if (tool.native_type !== undefined) {
    // Anthropic's own tool types are versioned `<name>_<yyyymmdd>`; another provider's built-in tools cannot be offered.
    if (
      tool.provider_fields?.anthropic === undefined &&
      !/^\d{8}$/.test(tool.native_type.slice(tool.native_type.lastIndexOf("_") + 1))
    ) {
      problems.warn(
        "field-dropped",
        path,
        `${tool.native_type} is another provider's built-in tool; Anthropic cannot offer it, and it was left out`,
      );
      return undefined;
    }
    const native = assign(assign({}, fields), { type: tool.native_type, name: tool.name });
    if (tool.description !== undefined) native.description = tool.description;
    if (tool.input_schema !== undefined) native.input_schema = tool.input_schema;
    if (tool.strict !== undefined) native.strict = tool.strict;
    return native;
  }
  const native = assign({}, fields);
  native.name = tool.name;
  if (tool.description !== undefined) native.description = tool.description;
  if (tool.input_schema !== undefined) native.input_schema = tool.input_schema;
  else {
    problems.warn(
      "value-assumed",
      pointer(path, "input_schema"),
      "Anthropic custom tools need an input schema; an empty object schema was assumed",
    );
    native.input_schema = { type: "object", properties: {} };
  }
  if (tool.strict !== undefined) native.strict = tool.strict;
  return native;
}

function toolChoiceToNative(choice: Tolerant.ToolChoice, problems: Problems): JsonObject {
  const native = anthropicFieldsOf(choice);
  const mode = String(choice.mode);
  const types: Record<string, string> = { auto: "auto", required: "any", tool: "tool", none: "none" };
  native.type = types[mode] ?? "auto";
  if (types[mode] === undefined)
    problems.warn("value-converted", "/tool_choice/mode", `Anthropic has no tool choice ${mode}; auto was sent`);
  if (mode === "tool" && choice.name !== undefined) native.name = choice.name;
  if (choice.parallel !== undefined) {
    if (native.type === "none")
      problems.warn("field-dropped", "/tool_choice/parallel", "Anthropic's tool choice none takes no parallel setting");
    else native.disable_parallel_tool_use = !choice.parallel;
  }
  return native;
}
