/**
 * Canonical transcript → Bedrock Converse request body, for documents from any source.
 *
 * What Converse requires and how a document is made to fit (each change reported as a warning):
 * - System prompt: system and developer messages become the top-level `system` blocks (developer → `role-mapped`;
 *   one after the conversation started is hoisted, `order-changed`).
 * - Roles: `tool` messages become `user` messages (toolResult blocks belong in user turns). Roles must alternate, so
 *   consecutive messages of one role are merged (`parts-merged` when two canonical messages of the same role are; a
 *   tool message joining a user turn is how Bedrock places results and is not reported).
 * - Tool pairing: every client `toolUse` is answered by `toolResult` blocks at the start of the very next user
 *   message; results found elsewhere are moved there (`results-regrouped`), a missing result is answered with an
 *   error result (`value-assumed`) unless the call is in the last message (a call still pending), and a result whose
 *   call is not in the message right before becomes text (`tool-result-unmatched`). A Bedrock server tool's call and
 *   result (`nova_code_interpreter`) stay together in the assistant message, as Bedrock returned them.
 * - Ids: call ids that break `^[a-zA-Z0-9_-]{1,64}$` (or repeat) are renamed with their results (`id-remapped`);
 *   tool names that break the same rule are renamed in the definitions and the calls (`value-converted`).
 * - `toolConfig`: Bedrock refuses toolUse and toolResult blocks without one, so a document whose calls name tools it
 *   does not define gets a definition per missing name with an empty object schema (`value-assumed`). Bedrock has no
 *   tool choice `none` and no parallel switch (`field-dropped`).
 * - Messages left with no content are dropped (`message-dropped`); a conversation that does not start with a user
 *   message gets a placeholder one (`value-assumed`). The model is in the URL, not the body, so a document's `model`
 *   is not written.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import { finishFromCanonical, type FromCanonicalResult, type FromCanonicalOptions } from "../../conversion/index.js";
import { checkCanonicalInput, guard, pointer, Problems } from "../../conversion/index.js";
import { ExportContext, partToBlocks, toolCallBlock, toolResultBlock } from "./blocks-from-canonical.js";
import {
  asNative,
  assign,
  bedrockFieldsOf,
  blockFieldsMarker,
  isJsonObject,
  takeField,
  toolNameFor,
  toolNamePattern,
  type JsonObject,
} from "./native.js";
import { systemToolType } from "./request-to-canonical.js";
import type { BedrockConverseRequest } from "./types.js";

const placeholderUserText = "Continue.";
const missingResultText = "No result was recorded for this tool call.";

interface NativeMessage {
  role: "user" | "assistant";
  content: JsonObject[];
  /** The canonical roles merged into this message. */
  sources: string[];
  /** The canonical message index of the first source, for warning paths. */
  index: number;
  fields: JsonObject;
}

const messageFieldsHandled = ["role", "parts", "provider_fields"];
const documentFieldsHandled = ["schema_version", "id", "source", "messages", "tools", "tool_choice", "provider_fields"];

export function requestFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<BedrockConverseRequest> {
  return guard(
    () => convert(document, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convert(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
): FromCanonicalResult<BedrockConverseRequest> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const context = new ExportContext(
    problems,
    options.foreignReasoning ?? "drop",
    "request",
    document.source?.format === "bedrock-converse",
  );
  for (const [key, value] of Object.entries(document)) {
    if (value !== undefined && !documentFieldsHandled.includes(key))
      problems.warn(
        "field-dropped",
        pointer("", key),
        `${key} describes the transcript; a Bedrock Converse request has no place for it`,
      );
  }
  const request = bedrockFieldsOf(document);
  renameTools(document, context);
  const { system, messages } = convertMessages(document.messages, context);
  if (system.length > 0) request.system = system;
  if (messages.length === 0) {
    problems.error(
      "/messages",
      "Bedrock Converse needs at least one message, and the document has none that can be sent",
    );
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  request.messages = messages;
  const toolConfig = toolConfigOf(document, request, messages, context);
  if (toolConfig !== undefined) request.toolConfig = toolConfig;
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  return finishFromCanonical(asNative<BedrockConverseRequest>(request), problems.warnings, options);
}

/** Renames tool names Bedrock refuses, in the definitions and every call, reporting each place. */
function renameTools(document: Tolerant.Transcript, context: ExportContext): void {
  const names = new Set<string>([...(document.tools ?? []).map((tool) => tool.name)]);
  document.messages.forEach((message) =>
    message.parts.forEach((part) => isPartOfType(part, "tool_call") && names.add(part.name)),
  );
  for (const name of names) if (!toolNamePattern.test(name)) context.toolNames.set(name, toolNameFor(name));
  if (context.toolNames.size === 0) return;
  document.messages.forEach((message, messageIndex) =>
    message.parts.forEach((part, partIndex) => {
      if (!isPartOfType(part, "tool_call") || !context.toolNames.has(part.name)) return;
      context.problems.warn(
        "value-converted",
        pointer("/messages", messageIndex, "parts", partIndex, "name"),
        `tool name ${JSON.stringify(part.name)} breaks Bedrock's rule ^[a-zA-Z0-9_-]{1,64}$; sent as ${String(context.toolNames.get(part.name))}`,
      );
    }),
  );
}

function convertMessages(
  source: readonly Tolerant.Message[],
  context: ExportContext,
): { system: JsonObject[]; messages: JsonObject[] } {
  const { problems } = context;
  const system: JsonObject[] = [];
  let native: NativeMessage[] = [];
  let conversationStarted = false;
  source.forEach((message, index) => {
    const path = pointer("/messages", index);
    for (const [key, value] of Object.entries(message)) {
      if (value !== undefined && !messageFieldsHandled.includes(key))
        problems.warn("field-dropped", pointer(path, key), `${key} has no place in a Bedrock Converse request message`);
    }
    const fields = bedrockFieldsOf(message);
    const role = String(message.role);
    if (role === "system" || role === "developer") {
      if (role === "developer")
        problems.warn(
          "role-mapped",
          pointer(path, "role"),
          "Bedrock has no developer role; the message joined the system prompt",
        );
      if (conversationStarted)
        problems.warn(
          "order-changed",
          path,
          `a ${role} message in mid-conversation was moved to the top-level system prompt`,
        );
      system.push(...blocksOf(message, path, context, "system"));
      for (const key of Object.keys(fields))
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", "amazon-bedrock", key),
          `${key} has no place in the top-level system prompt`,
        );
      return;
    }
    conversationStarted = true;
    if (role !== "user" && role !== "assistant" && role !== "tool") {
      problems.warn("message-dropped", path, `Bedrock has no ${role} role; the message was left out`);
      return;
    }
    native.push({
      role: role === "assistant" ? "assistant" : "user",
      content: blocksOf(message, path, context, "message"),
      sources: [role],
      index,
      fields,
    });
  });
  native = native.filter((message) => {
    if (message.content.length > 0) return true;
    const why =
      source[message.index]?.parts.length === 0
        ? "Bedrock does not accept a message with empty content"
        : "nothing in the message can be sent to Bedrock";
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
      `Bedrock conversations start with a user message; a placeholder user message (${JSON.stringify(placeholderUserText)}) was added`,
    );
    native.unshift({ role: "user", content: [{ text: placeholderUserText }], sources: ["user"], index: 0, fields: {} });
  }
  return {
    system,
    messages: native.map((message) =>
      assign(assign({}, message.fields), { role: message.role, content: message.content }),
    ),
  };
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
      const block = toolResultBlock(part, partPath, context);
      if (block !== undefined) converted.push(block);
    } else {
      converted.push(...partToBlocks(part, partPath, context, place));
    }
    for (const block of converted) context.paths.set(block, partPath);
    blocks.push(...converted);
  });
  return blocks;
}

/** Merges consecutive messages of one role: Converse requires the roles to alternate. */
function mergeRuns(messages: NativeMessage[], problems: Problems): NativeMessage[] {
  const merged: NativeMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last === undefined || last.role !== message.role) {
      merged.push(message);
      continue;
    }
    const sameRole = last.sources.some((role) => message.sources.includes(role) && role !== "tool");
    if (sameRole)
      problems.warn(
        "parts-merged",
        pointer("/messages", message.index),
        `consecutive ${message.role} messages were merged into one (Bedrock requires the roles to alternate)`,
      );
    last.content.push(...message.content);
    last.sources.push(...message.sources);
    assign(last.fields, message.fields);
  }
  return merged;
}

function isServerBlock(inner: JsonObject): boolean {
  return typeof inner.type === "string" && inner.type !== "tool_use";
}

function clientCallId(block: JsonObject): string | undefined {
  const inner = block.toolUse;
  return isJsonObject(inner) && typeof inner.toolUseId === "string" && !isServerBlock(inner)
    ? inner.toolUseId
    : undefined;
}

function clientResultId(block: JsonObject): string | undefined {
  const inner = block.toolResult;
  return isJsonObject(inner) && typeof inner.toolUseId === "string" && typeof inner.type !== "string"
    ? inner.toolUseId
    : undefined;
}

function serverResultId(block: JsonObject): string | undefined {
  const inner = block.toolResult;
  return isJsonObject(inner) && typeof inner.toolUseId === "string" && typeof inner.type === "string"
    ? inner.toolUseId
    : undefined;
}

/** Puts every call's results at the start of the next user message, and turns unmatched results into text. */
function pairToolResults(messages: NativeMessage[], context: ExportContext): void {
  const { problems } = context;
  const where = (block: JsonObject | undefined, message: NativeMessage): string =>
    (block === undefined ? undefined : context.paths.get(block)) ?? pointer("/messages", message.index);
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as NativeMessage;
    if (message.role !== "assistant") continue;
    const ids = message.content.flatMap((block) => clientCallId(block) ?? []);
    if (ids.length === 0) continue;
    const next = messages[index + 1];
    const inNext = next?.role === "user" ? next.content.flatMap((block) => clientResultId(block) ?? []) : [];
    const leading =
      next?.role === "user"
        ? next.content.slice(0, ids.length).every((block) => clientResultId(block) !== undefined)
        : false;
    if (ids.every((id) => inNext.includes(id)) && leading) continue;
    if (
      next === undefined &&
      ids.every((id) => !messages.some((other) => other.content.some((block) => clientResultId(block) === id)))
    )
      continue;
    const results: JsonObject[] = [];
    let moved = false;
    for (const id of ids) {
      let found: JsonObject | undefined;
      for (let later = index + 1; later < messages.length && found === undefined; later += 1) {
        const candidate = messages[later] as NativeMessage;
        const position = candidate.content.findIndex((block) => clientResultId(block) === id);
        if (position === -1) continue;
        found = candidate.content.splice(position, 1)[0];
        if (later !== index + 1) moved = true;
      }
      if (found === undefined) {
        problems.warn(
          "value-assumed",
          pointer("/messages", message.index),
          `tool call ${id} has no result; Bedrock needs one in the next message, so an error result was added`,
        );
        found = { toolResult: { toolUseId: id, content: [{ text: missingResultText }], status: "error" } };
      }
      results.push(found);
    }
    if (next?.role === "user") {
      const wasOrdered = inNext.length === ids.length && leading;
      next.content.unshift(...results);
      if (moved || (!wasOrdered && results.some((block) => context.paths.has(block))))
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            next,
          ),
          "tool results were moved to the start of the user message right after their calls, as Bedrock requires",
        );
    } else {
      messages.splice(index + 1, 0, {
        role: "user",
        content: results,
        sources: ["tool"],
        index: message.index,
        fields: {},
      });
      if (moved)
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            message,
          ),
          "tool results were moved into a user message right after their calls, as Bedrock requires",
        );
    }
  }
  // Results that still do not answer a call of the message right before them cannot be sent as results.
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const calls = previous?.role === "assistant" ? previous.content.flatMap((block) => clientCallId(block) ?? []) : [];
    const serverCalls = new Set(
      message.content.flatMap((block) =>
        isJsonObject(block.toolUse) && isServerBlock(block.toolUse) && typeof block.toolUse.toolUseId === "string"
          ? [block.toolUse.toolUseId]
          : [],
      ),
    );
    message.content = message.content.flatMap((block) => {
      const serverId = serverResultId(block);
      if (serverId !== undefined && message.role === "assistant" && serverCalls.has(serverId)) return [block];
      const id = clientResultId(block) ?? serverId;
      if (id === undefined || (serverId === undefined && message.role === "user" && calls.includes(id))) return [block];
      problems.warn(
        "tool-result-unmatched",
        where(block, message),
        `the result of tool call ${id} answers no call in the message before it; it was sent as text`,
      );
      const inner = block.toolResult as JsonObject;
      const content = Array.isArray(inner.content) ? inner.content.filter(isJsonObject) : [];
      const label: JsonObject = { text: `Result of tool call ${id}${inner.status === "error" ? " (error)" : ""}:` };
      return [
        label,
        ...content.map((item) => (Object.hasOwn(item, "json") ? { text: JSON.stringify(item.json) } : item)),
      ];
    });
  });
}

/** The toolConfig: the document's tools and tool choice, plus a definition for every called tool it lacks. */
function toolConfigOf(
  document: Tolerant.Transcript,
  request: JsonObject,
  messages: JsonObject[],
  context: ExportContext,
): JsonObject | undefined {
  const { problems } = context;
  const existing = takeField(request, "toolConfig");
  const config: JsonObject = isJsonObject(existing) ? assign({}, existing) : {};
  // A tool list kept verbatim (it holds an entry that is no ToolDefinition) is written back as it was.
  let tools: unknown[] | undefined = Array.isArray(config.tools) ? config.tools : undefined;
  if (document.tools !== undefined)
    tools = document.tools.flatMap((tool, index) => toolToNative(tool, pointer("/tools", index), context) ?? []);
  const defined = new Set(
    (tools ?? [])
      .filter(isJsonObject)
      .flatMap((tool) =>
        isJsonObject(tool.toolSpec) && typeof tool.toolSpec.name === "string"
          ? [tool.toolSpec.name]
          : isJsonObject(tool.systemTool) && typeof tool.systemTool.name === "string"
            ? [tool.systemTool.name]
            : [],
      ),
  );
  const missing = new Map<string, boolean>();
  for (const message of messages) {
    for (const block of Array.isArray(message.content) ? message.content.filter(isJsonObject) : []) {
      if (!isJsonObject(block.toolUse) || typeof block.toolUse.name !== "string" || defined.has(block.toolUse.name))
        continue;
      missing.set(block.toolUse.name, isServerBlock(block.toolUse));
    }
  }
  if (missing.size > 0) {
    const names = [...missing.keys()];
    problems.warn(
      "value-assumed",
      "/tools",
      `Bedrock needs a toolConfig defining every tool the messages call; ${names.join(", ")} ${names.length === 1 ? "was" : "were"} defined${[...missing.values()].some((server) => !server) ? " with an empty object schema" : ""}`,
    );
    const added = [...missing].map(([name, server]) =>
      server
        ? { systemTool: { name } }
        : { toolSpec: { name, inputSchema: { json: { type: "object", properties: {} } } } },
    );
    tools = [...(tools ?? []), ...added];
  }
  // Bedrock refuses an empty tool list; a document that offers no tools (Ollama's clients send `tools: []`) has none.
  if (tools !== undefined && tools.length > 0) config.tools = tools;
  if (document.tool_choice !== undefined) {
    const choice = toolChoiceToNative(document.tool_choice, problems, context.toolNames);
    if (choice !== undefined) config.toolChoice = choice;
  }
  if (config.toolChoice !== undefined && !Array.isArray(config.tools)) {
    problems.warn(
      "field-dropped",
      "/tool_choice",
      "Bedrock takes a tool choice only with tools to choose from; the document defines none, so it was left out",
    );
    delete config.toolChoice;
  }
  if (Object.keys(config).length === 0) return isJsonObject(existing) ? config : undefined;
  return config;
}

/** A tool definition: a `toolSpec`, or a Bedrock built-in `systemTool`. */
function toolToNative(tool: Tolerant.ToolDefinition, path: string, context: ExportContext): JsonObject | undefined {
  const { problems } = context;
  const fields = bedrockFieldsOf(tool);
  const outer = takeField(fields, blockFieldsMarker);
  const block: JsonObject = isJsonObject(outer) ? assign({}, outer) : {};
  const name = context.toolNames.get(tool.name) ?? tool.name;
  if (name !== tool.name)
    problems.warn(
      "value-converted",
      pointer(path, "name"),
      `tool name ${JSON.stringify(tool.name)} breaks Bedrock's rule ^[a-zA-Z0-9_-]{1,64}$; sent as ${name}`,
    );
  if (tool.native_type !== undefined) {
    if (tool.native_type !== systemToolType) {
      problems.warn(
        "part-dropped",
        path,
        `${tool.native_type} is another provider's built-in tool; Bedrock cannot offer it, and it was left out`,
      );
      return undefined;
    }
    reportToolFields(tool, ["name", "native_type", "provider_fields"], path, problems);
    return assign(block, { systemTool: assign(fields, { name }) });
  }
  const spec = assign({}, fields);
  spec.name = name;
  if (tool.description !== undefined) spec.description = tool.description;
  if (tool.input_schema !== undefined) spec.inputSchema = { json: tool.input_schema };
  else if (!Object.hasOwn(spec, "inputSchema")) {
    problems.warn(
      "value-assumed",
      pointer(path, "input_schema"),
      "Bedrock tools need an input schema; an empty object schema was assumed",
    );
    spec.inputSchema = { json: { type: "object", properties: {} } };
  }
  if (tool.strict !== undefined) spec.strict = tool.strict;
  return assign(block, { toolSpec: spec });
}

function reportToolFields(
  tool: Tolerant.ToolDefinition,
  handled: readonly string[],
  path: string,
  problems: Problems,
): void {
  for (const [key, value] of Object.entries(tool)) {
    if (value !== undefined && !handled.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no place in a Bedrock system tool`);
  }
}

function toolChoiceToNative(
  choice: Tolerant.ToolChoice,
  problems: Problems,
  names: ReadonlyMap<string, string>,
): JsonObject | undefined {
  const mode = String(choice.mode);
  if (choice.parallel !== undefined)
    problems.warn("field-dropped", "/tool_choice/parallel", "Bedrock's tool choice has no parallel setting");
  if (mode === "auto") return { auto: {} };
  if (mode === "required") return { any: {} };
  if (mode === "tool" && choice.name !== undefined) return { tool: { name: names.get(choice.name) ?? choice.name } };
  problems.warn(
    "field-dropped",
    "/tool_choice",
    `Bedrock has no tool choice ${mode}; the choice was left out (the model decides)`,
  );
  return undefined;
}
