/**
 * The fields of a Bedrock Converse request beside `system` and `messages`, both ways.
 *
 * - `toolConfig.tools` → ToolDefinitions: `toolSpec` with name, description, `inputSchema.json` and strict;
 *   `systemTool` (Bedrock's built-in tools, such as `nova_code_interpreter`) with `native_type: "systemTool"`. A list
 *   with an entry that is neither (a `cachePoint` between tools) is kept verbatim in provider_fields instead.
 * - `toolConfig.toolChoice` → ToolChoice (`auto`, `any` → `required`, `tool` → `tool` + name).
 * - every other field (`inferenceConfig`, `additionalModelRequestFields`, `guardrailConfig`, `performanceConfig`,
 *   `promptVariables`, `requestMetadata`, `outputConfig`, `serviceTier`, `modelId` when a caller put it in the body,
 *   and whatever of `toolConfig` is not mapped) → the document's `provider_fields["amazon-bedrock"]`, verbatim.
 *
 * Writing: Bedrock refuses toolUse and toolResult blocks without a `toolConfig`, so a document whose calls name tools
 * it does not define gets a definition per missing name with an empty object schema (`value-assumed`). Tool names
 * that break Bedrock's rule are renamed in the definitions and the calls (`value-converted`). Bedrock has no tool
 * choice `none` and no parallel switch (`field-dropped`). The model is in the URL, not the body, so a document's
 * `model` is not written.
 */
import type { Tolerant, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import {
  cloneJson,
  digest,
  isJsonObject,
  pointer,
  restOf,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  assign,
  blocksOf,
  fieldsOf,
  takeField,
  type FromCanonicalContext,
} from "../../families/content-blocks/index.js";
import { bedrockContent, isServerBlock } from "./content.js";
import { blockFieldsMarker, providerFields } from "./native-fields.js";

/** The native type of a Bedrock built-in tool (`toolConfig.tools[].systemTool`). */
export const systemToolType = "systemTool";

const alphanumeric = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Bedrock's tool-name rule (`^[a-zA-Z0-9_-]+$`, at most 64 characters). */
export const toolNamePattern = /^[\w-]{1,64}$/;

/** A tool name Bedrock accepts, derived deterministically from one it does not. */
function toolNameFor(name: string): string {
  const cleaned = name.replace(/[^\w-]/g, "_");
  if (cleaned.length > 0 && cleaned.length <= 64 && cleaned === name) return name;
  const suffix = digest(name, alphanumeric, 8);
  return `${cleaned.slice(0, 55) || "tool"}_${suffix}`;
}

/** `toolConfig` → the document's tools and tool choice; returns the request fields left for its provider_fields. */
export function fieldsToCanonical(request: JsonObject, document: Transcript, known: string[]): JsonObject | undefined {
  const rest = restOf(request, known) ?? {};
  const toolConfig = rest.toolConfig;
  if (isJsonObject(toolConfig) && Object.keys(toolConfig).length > 0) {
    const configKnown: string[] = [];
    const tools = toolsToCanonical(toolConfig.tools);
    if (tools !== undefined) {
      document.tools = tools;
      configKnown.push("tools");
    }
    const toolChoice = toolChoiceToCanonical(toolConfig.toolChoice);
    if (toolChoice !== undefined) {
      document.tool_choice = toolChoice;
      configKnown.push("toolChoice");
    }
    const configRest = restOf(toolConfig, configKnown);
    if (configRest === undefined) delete rest.toolConfig;
    else rest.toolConfig = configRest;
  }
  return rest;
}

/** Only a member key, and at most the block's own fields beside it, can be a ToolDefinition. */
function toolToCanonical(tool: unknown): ToolDefinition | undefined {
  if (!isJsonObject(tool)) return undefined;
  const outer = restOf(tool, ["toolSpec", "systemTool"]);
  const wrapped = (definition: ToolDefinition, rest: JsonObject | undefined): ToolDefinition => {
    const fields = { ...rest, ...(outer === undefined ? {} : { [blockFieldsMarker]: outer }) };
    const provider = providerFields(fields);
    if (provider !== undefined) definition.provider_fields = provider;
    return definition;
  };
  if (isJsonObject(tool.toolSpec) && tool.systemTool === undefined) {
    const spec = tool.toolSpec;
    if (typeof spec.name !== "string" || spec.name === "") return undefined;
    const definition: ToolDefinition = { name: spec.name };
    const known = ["name"];
    if (typeof spec.description === "string") {
      definition.description = spec.description;
      known.push("description");
    }
    if (
      isJsonObject(spec.inputSchema) &&
      Object.keys(spec.inputSchema).length === 1 &&
      Object.hasOwn(spec.inputSchema, "json")
    ) {
      definition.input_schema = cloneJson(spec.inputSchema.json);
      known.push("inputSchema");
    }
    if (typeof spec.strict === "boolean") {
      definition.strict = spec.strict;
      known.push("strict");
    }
    return wrapped(definition, restOf(spec, known));
  }
  if (isJsonObject(tool.systemTool) && tool.toolSpec === undefined) {
    const system = tool.systemTool;
    if (typeof system.name !== "string" || system.name === "") return undefined;
    return wrapped({ name: system.name, native_type: systemToolType }, restOf(system, ["name"]));
  }
  return undefined;
}

function toolsToCanonical(tools: unknown): ToolDefinition[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  const definitions = tools.map(toolToCanonical);
  return definitions.every((definition) => definition !== undefined) ? (definitions as ToolDefinition[]) : undefined;
}

const choiceModes: Record<string, ToolChoice["mode"]> = { auto: "auto", any: "required", tool: "tool" };

function toolChoiceToCanonical(choice: unknown): ToolChoice | undefined {
  if (!isJsonObject(choice)) return undefined;
  const keys = Object.keys(choice);
  const member = keys[0];
  if (keys.length !== 1 || member === undefined || !Object.hasOwn(choiceModes, member)) return undefined;
  const inner = choice[member];
  if (!isJsonObject(inner)) return undefined;
  const mode = choiceModes[member] as ToolChoice["mode"];
  if (mode === "tool") {
    if (typeof inner.name !== "string" || inner.name === "" || Object.keys(inner).length !== 1) return undefined;
    return { mode, name: inner.name };
  }
  if (Object.keys(inner).length !== 0) return undefined;
  return { mode };
}

/** Renames tool names Bedrock refuses, in the definitions and every call, reporting each place. */
export function renameTools(document: Tolerant.Transcript, context: FromCanonicalContext): void {
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

/** Writes the `toolConfig`. */
export function fieldsFromCanonical(
  document: Tolerant.Transcript,
  request: JsonObject,
  messages: JsonObject[],
  context: FromCanonicalContext,
): void {
  const toolConfig = toolConfigOf(document, request, messages, context);
  if (toolConfig !== undefined) request.toolConfig = toolConfig;
}

/** The toolConfig: the document's tools and tool choice, plus a definition for every called tool it lacks. */
function toolConfigOf(
  document: Tolerant.Transcript,
  request: JsonObject,
  messages: JsonObject[],
  context: FromCanonicalContext,
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
    for (const block of blocksOf(message)) {
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
function toolToNative(
  tool: Tolerant.ToolDefinition,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const { problems } = context;
  const fields = fieldsOf(bedrockContent, tool);
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
  // Bedrock's model makes a description a non-empty string (`NonEmptyString`): an empty one says nothing and is
  // refused, so it is left out.
  if (tool.description === "")
    problems.warn("field-dropped", pointer(path, "description"), "Bedrock refuses an empty tool description");
  else if (tool.description !== undefined) spec.description = tool.description;
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
