/**
 * Bedrock Converse request body → canonical transcript.
 *
 * - `system` (a non-empty list of blocks) → one leading system message: text blocks → text parts, `cachePoint` and
 *   `guardContent` → native parts in place. An empty `system` list stays verbatim in the document's provider_fields.
 * - `messages` → messages in order, roles unchanged (tool results stay in the user message that carries them, as
 *   Bedrock places them); blocks → parts (blocks-to-canonical.ts); other message fields → the message's
 *   provider_fields.
 * - `toolConfig.tools` → ToolDefinitions: `toolSpec` with name, description, `inputSchema.json` and strict;
 *   `systemTool` (Bedrock's built-in tools, such as `nova_code_interpreter`) with `native_type: "systemTool"`. A list
 *   with an entry that is neither (a `cachePoint` between tools) is kept verbatim in provider_fields instead.
 * - `toolConfig.toolChoice` → ToolChoice (`auto`, `any` → `required`, `tool` → `tool` + name).
 * - every other field (`inferenceConfig`, `additionalModelRequestFields`, `guardrailConfig`, `performanceConfig`,
 *   `promptVariables`, `requestMetadata`, `outputConfig`, `serviceTier`, `modelId` when a caller put it in the body,
 *   and whatever of `toolConfig` is not mapped) → the document's `provider_fields["amazon-bedrock"]`, verbatim.
 */
import type { Message, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import type { ToCanonicalResult } from "../../conversion/index.js";
import { cloneJson, finishProviderDocument, fingerprint, guard, pointer, Problems } from "../../conversion/index.js";
import { blockToPart } from "./blocks-to-canonical.js";
import { blockFieldsMarker, isJsonObject, providerFields, restOf, type JsonObject } from "./native.js";

/** The native type of a Bedrock built-in tool (`toolConfig.tools[].systemTool`). */
export const systemToolType = "systemTool";

export function requestToCanonical(request: unknown): ToCanonicalResult {
  return guard(
    () => convert(request),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function convert(request: unknown): ToCanonicalResult {
  const problems = new Problems();
  if (!isJsonObject(request)) {
    problems.error("", "a Bedrock Converse request must be a JSON object");
    return { ok: false, errors: problems.errors, warnings: [] };
  }
  if (!Array.isArray(request.messages)) {
    problems.error("/messages", "is required and must be an array");
    return { ok: false, errors: problems.errors, warnings: [] };
  }
  const messages: Message[] = [];
  const known = ["messages"];
  if (Array.isArray(request.system) && request.system.length > 0) {
    known.push("system");
    messages.push({
      role: "system",
      parts: request.system.map((block: unknown, index) =>
        blockToPart(block, pointer("/system", index), problems, "system"),
      ),
    });
  }
  request.messages.forEach((item: unknown, index) => {
    const message = messageToCanonical(item, pointer("/messages", index), problems);
    if (message !== undefined) messages.push(message);
  });
  const document: Transcript = {
    schema_version: formatVersion,
    id: `bedrock-converse-request-${fingerprint(request)}`,
    source: { format: "bedrock-converse" },
    messages,
  };
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
  const fields = providerFields(rest);
  if (fields !== undefined) document.provider_fields = fields;
  return finishProviderDocument(document, problems);
}

function messageToCanonical(item: unknown, path: string, problems: Problems): Message | undefined {
  if (!isJsonObject(item)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const role = item.role;
  if (role !== "user" && role !== "assistant") {
    problems.error(pointer(path, "role"), 'must be "user" or "assistant"');
    return undefined;
  }
  if (!Array.isArray(item.content)) {
    problems.error(pointer(path, "content"), "must be an array of content blocks");
    return undefined;
  }
  const parts = item.content.map((block: unknown, index) =>
    blockToPart(block, pointer(path, "content", index), problems),
  );
  const message: Message = { role, parts };
  const fields = providerFields(restOf(item, ["role", "content"]));
  if (fields !== undefined) message.provider_fields = fields;
  return message;
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
