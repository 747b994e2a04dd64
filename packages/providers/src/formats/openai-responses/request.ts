/**
 * Requests (`POST /v1/responses` bodies) ↔ canonical documents.
 *
 * Import:
 * - `instructions` (a string) → a first `system` message marked `provider_fields.openai.instructions: true`, so an
 *   export writes it back to `instructions`; a string `input` → one user message marked `input: "string"`.
 * - `input` items, in order: a `user` / `system` / `developer` message item → a message of that role (the item's own
 *   fields, `type`, `id`, `status`, in the message's `provider_fields.openai`); consecutive model-output items
 *   (assistant messages, reasoning, calls, compaction, …) → one assistant message (see items.ts); consecutive result
 *   items (`function_call_output`, …) → one `tool` message; other items → native parts (in a message of their own
 *   role when they have one, else in the assistant run).
 * - `tools`: `function` tools → name, description, input_schema, strict; every other tool → native_type with all its
 *   fields but description in `provider_fields.openai` (present even when empty: it marks an OpenAI tool).
 * - `tool_choice` (+ `parallel_tool_calls`) → ToolChoice; an object choice other than a plain function choice is kept
 *   verbatim in its `provider_fields.openai`.
 * - every other field (model, store, include, reasoning, text, previous_response_id, stream, …) → the document's
 *   `provider_fields.openai`.
 *
 * Export writes any canonical document as a request: see `requestFromCanonical`. `provider_fields.openai` is merged
 * back only into a document this format produced (or one naming no source format); another format's, such as an
 * OpenAI Chat document's, is left out with a `field-dropped` warning per field (conversion/provider-fields.ts).
 */
import type { Message, Part, Tolerant, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion, withIndefiniteArticle } from "@agent-transcript/core";
import {
  append,
  carryRequestSettings,
  nameRequestModel,
  cloneJson,
  findNonJson,
  fingerprint,
  runFromCanonical,
  idRules,
  isJsonObject,
  pointer,
  reportUnmapped,
  toCanonicalFrame,
  ToolCallIdMap,
  withoutForeignOpenaiFields,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type PayloadRead,
  type Problems,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { contentListToParts } from "./content.js";
import { itemKind, itemToParts } from "./content-items-to-canonical.js";
import {
  canFollowReasoning,
  partsToItems,
  type FromCanonicalContext,
  type WrittenItem,
} from "./content-items-from-canonical.js";
import {
  absentOf,
  isNonEmptyString,
  issuer,
  nativeOnly,
  withAbsent,
  openaiFields,
  providerKey,
  restOf,
  spreadInto,
  withOpenaiFields,
  without,
} from "./native-fields.js";

const inputRoles = new Set(["user", "system", "developer"]);
const toolModes = new Set(["auto", "none", "required"]);

export function requestToCanonical(request: unknown): ToCanonicalResult {
  return toCanonicalFrame(request, "must be a Responses request object", importRequest);
}

function importRequest(request: JsonObject, problems: Problems): PayloadRead | undefined {
  const nonJson = findNonJson(request, "");
  if (nonJson !== undefined) {
    problems.error(nonJson.path, nonJson.message);
    return undefined;
  }
  const consumed: string[] = [];
  const messages: Message[] = [];
  if (typeof request.instructions === "string") {
    messages.push({
      role: "system",
      parts: [{ type: "text", text: request.instructions }],
      provider_fields: { [providerKey]: { instructions: true } },
    });
    consumed.push("instructions");
  }
  const input = request.input;
  if (typeof input === "string") {
    messages.push({
      role: "user",
      parts: [{ type: "text", text: input }],
      provider_fields: { [providerKey]: { input: "string" } },
    });
    consumed.push("input");
  } else if (Array.isArray(input)) {
    importItems(input, "/input", messages, problems);
    consumed.push("input");
  } else if (input !== undefined) {
    problems.error("/input", "must be a string or an array of items");
  }
  const document: Transcript = {
    schema_version: formatVersion,
    id: `openai-responses-${fingerprint(request)}`,
    source: { format: "openai-responses" },
    messages,
  };
  if (Array.isArray(request.tools)) {
    const tools = importTools(request.tools, problems);
    if (tools !== undefined) {
      document.tools = tools;
      consumed.push("tools");
    }
  }
  const choice = importToolChoice(request.tool_choice, request.parallel_tool_calls);
  if (choice !== undefined) {
    document.tool_choice = choice;
    consumed.push("tool_choice");
    if (typeof request.parallel_tool_calls === "boolean") consumed.push("parallel_tool_calls");
  }
  const rest = restOf(request, consumed);
  if (rest !== undefined) document.provider_fields = { [providerKey]: rest };
  return { document };
}

/** Groups input items into canonical messages (see the module comment). */
function importItems(items: readonly unknown[], path: string, messages: Message[], problems: Problems): void {
  let run: { kind: "assistant" | "tool"; message: Message } | undefined;
  const runOf = (kind: "assistant" | "tool"): Message => {
    if (run?.kind !== kind) {
      run = { kind, message: { role: kind, parts: [] } };
      messages.push(run.message);
    }
    return run.message;
  };
  items.forEach((item, index) => {
    const itemPath = pointer(path, index);
    if (!isJsonObject(item)) {
      problems.error(itemPath, "must be an item object");
      return;
    }
    const kind = itemKind(item);
    if (
      kind === "message" &&
      typeof item.role === "string" &&
      inputRoles.has(item.role) &&
      (typeof item.content === "string" || Array.isArray(item.content))
    ) {
      const parts: Part[] =
        typeof item.content === "string"
          ? [{ type: "text", text: item.content }]
          : contentListToParts(item.content, pointer(itemPath, "content"), "input", problems);
      messages.push({
        role: item.role as "user" | "system" | "developer",
        parts,
        ...withOpenaiFields(restOf(item, ["role", "content"])),
      });
      run = undefined;
      return;
    }
    if (kind === "output") {
      const message = runOf("assistant");
      append(message.parts, itemToParts(item, itemPath, message.parts.at(-1), problems));
      return;
    }
    if (kind === "result") {
      const message = runOf("tool");
      append(message.parts, itemToParts(item, itemPath, message.parts.at(-1), problems));
      return;
    }
    const native: Part = {
      type: "native",
      native_type: isNonEmptyString(item.type) ? item.type : "unknown",
      data: cloneJson(item),
      issuer: issuer(),
    };
    if (typeof item.role === "string" && inputRoles.has(item.role)) {
      messages.push({ role: item.role as "user" | "system" | "developer", parts: [native] });
      run = undefined;
    } else {
      runOf("assistant").parts.push(native);
    }
  });
}

/** The fields the specification requires of a function tool that recorded requests may leave out. */
const functionToolRequired = ["parameters", "strict"] as const;

function importTools(tools: readonly unknown[], problems: Problems): ToolDefinition[] | undefined {
  const result: ToolDefinition[] = [];
  for (const [index, tool] of tools.entries()) {
    if (!isJsonObject(tool)) {
      problems.error(pointer("/tools", index), "must be a tool object");
      return undefined;
    }
    const type = isNonEmptyString(tool.type) ? tool.type : "unknown";
    if (type === "function" && isNonEmptyString(tool.name)) {
      const definition: ToolDefinition = { name: tool.name };
      const consumed = ["type", "name"];
      if (typeof tool.description === "string") {
        definition.description = tool.description;
        consumed.push("description");
      }
      // `parameters: null` is "no parameters", what an export writes for a tool without a schema.
      if (Object.hasOwn(tool, "parameters") && tool.parameters !== null) {
        definition.input_schema = cloneJson(tool.parameters);
        consumed.push("parameters");
      } else if (tool.parameters === null) consumed.push("parameters");
      if (typeof tool.strict === "boolean") {
        definition.strict = tool.strict;
        consumed.push("strict");
      }
      // The specification requires `strict` and `parameters`, so an export writes them; a recorded request that left
      // them out (the API takes it) is marked, so it is written back as it was.
      const absent = functionToolRequired.filter((key) => !Object.hasOwn(tool, key));
      result.push({ ...definition, ...withOpenaiFields(withAbsent(restOf(tool, consumed), absent)) });
      continue;
    }
    // A built-in tool keeps every field but its description (even its name) in provider_fields, which an export
    // writes back whole; the canonical name is for readers.
    const name = isNonEmptyString(tool.name)
      ? tool.name
      : isNonEmptyString(tool.server_label)
        ? tool.server_label
        : type;
    const definition: ToolDefinition = { name, native_type: type };
    const consumed = ["type"];
    if (typeof tool.description === "string") {
      definition.description = tool.description;
      consumed.push("description");
    }
    // A tool without a type (which the API requires) is read as one of type "unknown", and written back without one.
    const absent = Object.hasOwn(tool, "type") ? [] : ["type"];
    definition.provider_fields = { [providerKey]: withAbsent(restOf(tool, consumed), absent) ?? {} };
    result.push(definition);
  }
  return result;
}

function importToolChoice(choice: unknown, parallel: unknown): ToolChoice | undefined {
  const parallelField = typeof parallel === "boolean" ? { parallel } : {};
  if (typeof choice === "string" && toolModes.has(choice))
    return { mode: choice as ToolChoice["mode"], ...parallelField };
  if (!isJsonObject(choice)) return undefined;
  if (choice.type === "function" && isNonEmptyString(choice.name) && Object.keys(choice).length === 2)
    return { mode: "tool", name: choice.name, ...parallelField };
  const mode =
    typeof choice.mode === "string" && toolModes.has(choice.mode) ? (choice.mode as ToolChoice["mode"]) : "tool";
  const name = isNonEmptyString(choice.name) ? choice.name : isNonEmptyString(choice.type) ? choice.type : "tool";
  return {
    mode,
    ...(mode === "tool" ? { name } : {}),
    ...parallelField,
    provider_fields: { [providerKey]: cloneJson(choice) },
  };
}

// ─── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

const documentKeys = ["schema_version", "id", "source", "messages", "tools", "tool_choice", "provider_fields"];

/** The request a canonical document stands for, as a JSON object (typed by the caller). */
export function requestFromCanonical(
  document: unknown,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<JsonObject> {
  return runFromCanonical(document, options, (input, problems) => exportRequest(input, options, problems));
}

function exportRequest(input: Tolerant.Transcript, options: FromCanonicalOptions, problems: Problems): JsonObject {
  const document = withoutForeignOpenaiFields(input, "openai-responses", "OpenAI Responses", problems, "carried");
  reportUnmapped(document, documentKeys, "", "OpenAI Responses request", problems);
  const context: FromCanonicalContext = {
    problems,
    ids: new ToolCallIdMap(idRules.openaiResponses.isValid, idRules.openaiResponses.make),
    policy: options.foreignReasoning ?? "drop",
    remapped: new Set(),
    splitPlainAssistantText: true,
  };
  const request: JsonObject = {};
  spreadInto(request, openaiFields(document.provider_fields));
  let instructions: string | undefined;
  const written: WrittenItem[] = [];
  let stringInput: string | undefined;
  const others = document.messages.filter(
    (message) => !(message.role === "system" && openaiFields(message.provider_fields)?.instructions === true),
  );
  document.messages.forEach((message, index) => {
    const path = pointer("/messages", index);
    const fields = openaiFields(message.provider_fields);
    const onlyText =
      message.parts.length === 1 && message.parts[0]?.type === "text"
        ? (message.parts[0] as Tolerant.TextPart)
        : undefined;
    if (
      message.role === "system" &&
      fields?.instructions === true &&
      instructions === undefined &&
      onlyText !== undefined &&
      Object.keys(onlyText).length === 2
    ) {
      instructions = onlyText.text;
      return;
    }
    if (
      message.role === "user" &&
      fields?.input === "string" &&
      others.length === 1 &&
      onlyText !== undefined &&
      Object.keys(onlyText).length === 2
    ) {
      stringInput = onlyText.text;
      return;
    }
    exportMessage(message, path, context, written);
  });
  if (instructions !== undefined) request.instructions = instructions;
  if (stringInput !== undefined) request.input = stringInput;
  else if (written.length > 0 || others.length > 0)
    request.input = dropDanglingReasoning(written, problems).map((entry) => entry.item);
  if (document.tools !== undefined) {
    const tools = document.tools
      .map((tool, index) => exportTool(tool, pointer("/tools", index), problems))
      .filter((tool): tool is JsonObject => tool !== undefined);
    request.tools = tools;
  }
  if (document.tool_choice !== undefined) exportToolChoice(document.tool_choice, request, problems);
  // Request settings recorded for another provider (OpenAI Chat's included) go to their Responses fields, or are
  // reported.
  carryRequestSettings("openai-responses", input, request, options, problems);
  // A stored prompt (`prompt`) may name the model itself; otherwise the request needs one.
  if (request.prompt === undefined)
    nameRequestModel(input, request, { label: "OpenAI Responses", missing: "absent" }, options, problems);
  return request;
}

function exportMessage(
  message: Tolerant.Message,
  path: string,
  context: FromCanonicalContext,
  written: WrittenItem[],
): void {
  const { problems } = context;
  reportUnmapped(message, ["role", "parts", "provider_fields"], path, "OpenAI Responses input item", problems);
  const fields = without(openaiFields(message.provider_fields), ["instructions", "input"]);
  const partsPath = pointer(path, "parts");
  switch (message.role) {
    case "user":
    case "system":
    case "developer": {
      if (message.parts.length === 0) {
        written.push({
          item: spreadInto(spreadInto({}, without(fields, ["role"])), { role: message.role, content: [] }),
          path,
        });
        return;
      }
      append(written, partsToItems(message.parts, partsPath, message.role, fields, context));
      return;
    }
    case "assistant": {
      if (fields !== undefined)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", providerKey),
          `response fields (${Object.keys(fields).join(", ")}) have no place in a request`,
        );
      append(written, partsToItems(message.parts, partsPath, "assistant", undefined, context));
      return;
    }
    case "tool": {
      if (fields !== undefined)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", providerKey),
          "a tool message's own fields have no place in a request",
        );
      const items = partsToItems(message.parts, partsPath, "user", undefined, context);
      if (items.some((entry) => itemKind(entry.item) === "message"))
        problems.warn(
          "role-mapped",
          path,
          "content of a tool message sent as a user message (Responses tool results carry only their output)",
        );
      append(written, items);
      return;
    }
    default: {
      problems.warn(
        "message-dropped",
        path,
        `${withIndefiniteArticle(`${String(message.role)} message`)} has no OpenAI Responses equivalent`,
      );
    }
  }
}

/**
 * Responses rejects a reasoning item that is not followed by the item it belongs to ("…was provided without its
 * required following item"), so one that would be sent last, or before a non-output item, is left out with a warning.
 */
function dropDanglingReasoning(written: WrittenItem[], problems: Problems): WrittenItem[] {
  const kept: WrittenItem[] = [];
  for (let index = written.length - 1; index >= 0; index -= 1) {
    const entry = written[index] as WrittenItem;
    if (entry.item.type === "reasoning" && !canFollowReasoning(kept[0]?.item)) {
      problems.warn(
        "reasoning-dropped",
        entry.path,
        "a reasoning item must be followed by the output item it belongs to (Responses rejects it otherwise); left out",
      );
      continue;
    }
    kept.unshift(entry);
  }
  return kept;
}

function exportTool(tool: Tolerant.ToolDefinition, path: string, problems: Problems): JsonObject | undefined {
  const fields = openaiFields(tool.provider_fields);
  if (tool.native_type !== undefined) {
    if (fields === undefined) {
      problems.warn(
        "field-dropped",
        path,
        `the ${tool.native_type} tool is another provider's built-in tool; OpenAI Responses does not offer it`,
      );
      return undefined;
    }
    reportUnmapped(
      tool,
      ["name", "description", "native_type", "provider_fields"],
      path,
      "OpenAI Responses tool",
      problems,
    );
    const native: JsonObject = absentOf(fields).includes("type") ? {} : { type: tool.native_type };
    if (tool.description !== undefined) native.description = tool.description;
    return spreadInto(native, nativeOnly(fields));
  }
  reportUnmapped(
    tool,
    ["name", "description", "input_schema", "strict", "provider_fields"],
    path,
    "OpenAI Responses tool",
    problems,
  );
  const native: JsonObject = { type: "function", name: tool.name };
  if (tool.description !== undefined) native.description = tool.description;
  const absent = absentOf(fields);
  if (tool.input_schema !== undefined) native.parameters = cloneJson(tool.input_schema);
  else if (!absent.includes("parameters")) native.parameters = null;
  // A tool that does not say it is strict is not (Chat's, Mistral's, Anthropic's default); Responses requires the
  // field, so the meaning is written out.
  if (tool.strict !== undefined) native.strict = tool.strict;
  else if (!absent.includes("strict")) native.strict = false;
  return spreadInto(native, nativeOnly(fields));
}

function exportToolChoice(choice: Tolerant.ToolChoice, request: JsonObject, problems: Problems): void {
  const fields = openaiFields(choice.provider_fields);
  if (fields !== undefined && typeof fields.type === "string") request.tool_choice = cloneJson(fields);
  else if (choice.mode === "tool") request.tool_choice = { type: "function", name: choice.name ?? "" };
  else if (toolModes.has(choice.mode)) request.tool_choice = choice.mode;
  else
    problems.warn(
      "field-dropped",
      "/tool_choice/mode",
      `tool choice ${choice.mode} has no OpenAI Responses equivalent`,
    );
  if (choice.parallel !== undefined) request.parallel_tool_calls = choice.parallel;
}
