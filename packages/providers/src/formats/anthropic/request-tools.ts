/**
 * The fields of an Anthropic request beside `system` and `messages`, both ways.
 *
 * - `tools` → ToolDefinitions: custom tools with name, description, input_schema and strict; server tools
 *   (`web_search_20250305`, `code_execution_*`, …) with native_type = their type. Other tool fields (type `custom`,
 *   cache_control, defer_loading, max_uses, …) stay in the definition's provider_fields. An entry without a name
 *   cannot be a ToolDefinition: then the whole `tools` list is kept verbatim in the document's provider_fields.
 * - `tool_choice` → ToolChoice (`auto`, `any` → `required`, `tool` → `tool` + name, `none`;
 *   `disable_parallel_tool_use` → `parallel` negated).
 * - every other field (model, max_tokens, stream, thinking, temperature, metadata, betas, container,
 *   context_management, output_config, mcp_servers, …) → the document's `provider_fields.anthropic`, verbatim.
 * Writing, `model` and `max_tokens`, when the document has none and no other provider's settings give them, are
 * assumed (`value-assumed`): Anthropic requires both.
 */
import type { Tolerant, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { cloneJson, isJsonObject, pointer, restOf, type JsonObject, type Problems } from "../../conversion/index.js";
import { assign, fieldsOf, type FromCanonicalContext } from "../../families/content-blocks/index.js";
import { anthropicContent } from "./content.js";
import { providerFields } from "./native-fields.js";

export const defaultModel = "claude-sonnet-4-5";
export const defaultMaxTokens = 4096;

/** Tools and tool choice → the document's; returns the request fields left for its provider_fields. */
export function fieldsToCanonical(request: JsonObject, document: Transcript, known: string[]): JsonObject | undefined {
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
  return restOf(request, known);
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

/** Writes `tools` and `tool_choice`. */
export function fieldsFromCanonical(
  document: Tolerant.Transcript,
  request: JsonObject,
  _messages: JsonObject[],
  context: FromCanonicalContext,
): void {
  const { problems } = context;
  if (document.tools !== undefined)
    request.tools = document.tools.flatMap(
      (tool, index) => toolToNative(tool, pointer("/tools", index), problems) ?? [],
    );
  if (document.tool_choice !== undefined) request.tool_choice = toolChoiceToNative(document.tool_choice, problems);
}

/**
 * The `model` and `max_tokens` Anthropic requires, when neither the document's Anthropic fields nor the settings
 * carried from another provider (or passed by the caller) gave them: the latest Claude model an assistant message
 * names, else a default, and a default limit, each with a warning.
 */
export function requiredFields(
  document: Tolerant.Transcript,
  request: JsonObject,
  context: FromCanonicalContext,
): void {
  const { problems } = context;
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
}

/** A tool definition: a custom tool, or a server tool named by its native type. */
function toolToNative(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  const fields = fieldsOf(anthropicContent, tool);
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
  const native = fieldsOf(anthropicContent, choice);
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
