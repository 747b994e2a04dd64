/**
 * Anthropic `MessageCreateParams` → canonical transcript.
 *
 * - `system` → one leading system message (a string becomes one text part, and the message is marked
 *   `provider_fields.anthropic.string_content` so the string form is written back; text blocks keep their
 *   `cache_control` in their parts' provider_fields).
 * - `messages` → messages in order, roles unchanged. String content → one text part plus the same marker; block
 *   content → parts (blocks-to-canonical.ts). A `system` message inside `messages` (the API accepts them mid-way) is
 *   marked `provider_fields.anthropic.placement: "messages"`, so it is written back in place instead of hoisted.
 * - `tools` → ToolDefinitions: custom tools with name, description, input_schema and strict; server tools
 *   (`web_search_20250305`, `code_execution_*`, …) with native_type = their type. Other tool fields (type `custom`,
 *   cache_control, defer_loading, max_uses, …) stay in the definition's provider_fields. An entry without a name
 *   cannot be a ToolDefinition: then the whole `tools` list is kept verbatim in the document's provider_fields.
 * - `tool_choice` → ToolChoice (`auto`, `any` → `required`, `tool` → `tool` + name, `none`;
 *   `disable_parallel_tool_use` → `parallel` negated).
 * - every other field (model, max_tokens, stream, thinking, temperature, metadata, betas, container,
 *   context_management, output_config, mcp_servers, …) → the document's `provider_fields.anthropic`, verbatim.
 */
import type { Message, Part, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import type { ToCanonicalResult } from "../../conversion/index.js";
import { cloneJson, finishProviderDocument, fingerprint, guard, pointer, Problems } from "../../conversion/index.js";
import { blockToPart } from "./blocks-to-canonical.js";
import { isJsonObject, providerFields, providerKey, restOf, type JsonObject } from "./native.js";

/** Message marker: the native content was a string, not a list of blocks. */
export const stringContentMarker = "string_content";
/** Message marker: a system message that sat inside `messages` rather than in the top-level `system`. */
export const placementMarker = "placement";

export function requestToCanonical(request: unknown): ToCanonicalResult {
  return guard(
    () => convert(request),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/** Native content (a string or blocks) → parts, with the string marker when it was a string. */
export function contentToParts(
  content: unknown,
  path: string,
  problems: Problems,
): { parts: Part[]; stringContent: boolean } | undefined {
  if (typeof content === "string") return { parts: [{ type: "text", text: content }], stringContent: true };
  if (Array.isArray(content))
    return {
      parts: content.map((block, index) => blockToPart(block, pointer(path, index), problems)),
      stringContent: false,
    };
  problems.error(path, "must be a string or an array of content blocks");
  return undefined;
}

function convert(request: unknown): ToCanonicalResult {
  const problems = new Problems();
  if (!isJsonObject(request)) {
    problems.error("", "an Anthropic request must be a JSON object");
    return { ok: false, errors: problems.errors, warnings: [] };
  }
  if (!Array.isArray(request.messages)) {
    problems.error("/messages", "is required and must be an array");
    return { ok: false, errors: problems.errors, warnings: [] };
  }
  const messages: Message[] = [];
  const known = ["messages"];
  if (Object.hasOwn(request, "system") && (typeof request.system === "string" || Array.isArray(request.system))) {
    known.push("system");
    const converted = contentToParts(request.system, "/system", problems);
    if (converted !== undefined) {
      const message: Message = { role: "system", parts: converted.parts };
      if (converted.stringContent) message.provider_fields = { [providerKey]: { [stringContentMarker]: true } };
      messages.push(message);
    }
  }
  request.messages.forEach((item: unknown, index) => {
    const message = messageToCanonical(item, pointer("/messages", index), problems);
    if (message !== undefined) messages.push(message);
  });
  const document: Transcript = {
    schema_version: formatVersion,
    id: `anthropic-request-${fingerprint(request)}`,
    source: { format: "anthropic" },
    messages,
  };
  const tools = toolsToCanonical(request.tools);
  if (tools !== undefined) {
    document.tools = tools;
    known.push("tools");
  }
  const toolChoice = toolChoiceToCanonical(request.tool_choice);
  if (toolChoice !== undefined) {
    document.tool_choice = toolChoice;
    known.push("tool_choice");
  }
  const fields = providerFields(restOf(request, known));
  if (fields !== undefined) document.provider_fields = fields;
  return finishProviderDocument(document, problems);
}

function messageToCanonical(item: unknown, path: string, problems: Problems): Message | undefined {
  if (!isJsonObject(item)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const role = item.role;
  if (role !== "user" && role !== "assistant" && role !== "system") {
    problems.error(pointer(path, "role"), 'must be "user", "assistant" or "system"');
    return undefined;
  }
  const converted = contentToParts(item.content, pointer(path, "content"), problems);
  if (converted === undefined) return undefined;
  const message: Message = { role, parts: converted.parts };
  const rest = restOf(item, ["role", "content"]) ?? {};
  if (converted.stringContent) rest[stringContentMarker] = true;
  if (role === "system") rest[placementMarker] = "messages";
  const fields = providerFields(rest);
  if (fields !== undefined) message.provider_fields = fields;
  return message;
}

function toolsToCanonical(tools: unknown): ToolDefinition[] | undefined {
  if (
    !Array.isArray(tools) ||
    !tools.every((tool) => isJsonObject(tool) && typeof tool.name === "string" && tool.name !== "")
  )
    return undefined;
  return tools.map((tool: JsonObject) => {
    const definition: ToolDefinition = { name: String(tool.name) };
    const known = ["name"];
    const custom = tool.type === undefined || tool.type === "custom";
    if (!custom && typeof tool.type === "string") {
      definition.native_type = tool.type;
      known.push("type");
    }
    if (typeof tool.description === "string") {
      definition.description = tool.description;
      known.push("description");
    }
    if (Object.hasOwn(tool, "input_schema")) {
      definition.input_schema = cloneJson(tool.input_schema);
      known.push("input_schema");
    }
    if (typeof tool.strict === "boolean") {
      definition.strict = tool.strict;
      known.push("strict");
    }
    const fields = providerFields(restOf(tool, known));
    if (fields !== undefined) definition.provider_fields = fields;
    return definition;
  });
}

const choiceModes: Record<string, ToolChoice["mode"]> = { auto: "auto", any: "required", tool: "tool", none: "none" };

function toolChoiceToCanonical(choice: unknown): ToolChoice | undefined {
  if (!isJsonObject(choice) || typeof choice.type !== "string" || !Object.hasOwn(choiceModes, choice.type))
    return undefined;
  const mode = choiceModes[choice.type] as ToolChoice["mode"];
  if (mode === "tool" && (typeof choice.name !== "string" || choice.name === "")) return undefined;
  const result: ToolChoice = { mode };
  const known = ["type"];
  if (mode === "tool") {
    result.name = String(choice.name);
    known.push("name");
  }
  if (typeof choice.disable_parallel_tool_use === "boolean") {
    result.parallel = !choice.disable_parallel_tool_use;
    known.push("disable_parallel_tool_use");
  }
  const fields = providerFields(restOf(choice, known));
  if (fields !== undefined) result.provider_fields = fields;
  return result;
}
