/**
 * A Gemini request body ↔ a canonical transcript.
 *
 * - `systemInstruction` → a leading `system` message; `contents` → messages (see contents.ts).
 * - `tools[]`: each `functionDeclarations[]` entry → a ToolDefinition (`parametersJsonSchema`, or `parameters`
 *   marked, → input_schema); each built-in (`googleSearch`, `urlContext`, `codeExecution`, `fileSearch`, …) → a
 *   ToolDefinition named and typed by its field, its configuration kept in `provider_fields.google`. Consecutive
 *   functions share one Tool and each built-in has its own; any other grouping is marked per definition.
 * - `toolConfig.functionCallingConfig`: AUTO → auto, NONE → none, ANY → required, ANY with one allowed name → tool.
 *   Other modes (VALIDATED) and every other toolConfig field stay in `provider_fields.google.toolConfig`.
 * - `generationConfig` (thinkingConfig included), `safetySettings`, `cachedContent`, `labels` and any other field
 *   are kept verbatim in the document's `provider_fields.google`; another provider's request settings are carried to
 *   their Gemini fields on export (conversion/request-settings.ts).
 */
import type { Message, ToolChoice, ToolDefinition, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import {
  carryRequestSettings,
  cloneJson,
  emptyProvenance,
  fingerprint,
  runFromCanonical,
  idRules,
  isJsonObject,
  pointer,
  reportUnmapped,
  setField,
  toCanonicalFrame,
  ToolCallIdMap,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { exportContents, contentToCanonical } from "./content.js";
import {
  NativeReader,
  applySnakeCase,
  googleFields,
  marker,
  mergeNative,
  nestRest,
  providerFields,
} from "./native-fields.js";
import { registerIds, type PartToCanonicalContext } from "./content-parts-to-canonical.js";
import type { PartFromCanonicalContext } from "./content-parts-from-canonical.js";
import type { GeminiRequest } from "./types.js";

/** Built-in Tool fields of the Gemini API and Vertex AI (a definition with another native_type is not Gemini's). */
export const builtinTools: ReadonlySet<string> = new Set([
  "googleSearch",
  "googleSearchRetrieval",
  "codeExecution",
  "urlContext",
  "fileSearch",
  "retrieval",
  "googleMaps",
  "computerUse",
  "enterpriseWebSearch",
  "mcpServers",
  "exaAiSearch",
  "parallelAiSearch",
]);

const toolSnakeCase = marker.toolSnakeCase;

function camelCase(name: string): string {
  let out = "";
  let upper = false;
  for (const char of name) {
    if (char === "_") {
      upper = true;
      continue;
    }
    out += upper ? char.toUpperCase() : char;
    upper = false;
  }
  return out;
}

export function newIdMap(): ToolCallIdMap {
  return new ToolCallIdMap(idRules.gemini.isValid, idRules.gemini.make);
}

function importTools(value: unknown, path: string, problems: Problems, documentFields: JsonObject): ToolDefinition[] {
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (isJsonObject(value)) {
    // Seen in the wild (pydantic-ai through an OpenAI-compatible path): one Tool object instead of a list.
    problems.warn(
      "input-normalized",
      path,
      "tools is one Tool object rather than a list; read as a list of one and written back as it was",
    );
    setField(documentFields, marker.toolsObject, true);
    list = [value];
  } else {
    problems.error(path, "must be an array of Tool objects");
    return [];
  }
  const definitions: ToolDefinition[] = [];
  const actual: number[] = [];
  let usedTools = 0;
  list.forEach((tool, toolIndex) => {
    const toolPath = Array.isArray(value) ? pointer(path, toolIndex) : path;
    if (!isJsonObject(tool)) {
      problems.error(toolPath, "must be an object (a Gemini Tool)");
      return;
    }
    const before = definitions.length;
    for (const [key, config] of Object.entries(tool)) {
      const name = camelCase(key);
      const keyPath = pointer(toolPath, key);
      if (name === "functionDeclarations") {
        if (!Array.isArray(config)) {
          problems.error(keyPath, "must be an array");
          continue;
        }
        config.forEach((declaration, index) => {
          const definition = importDeclaration(declaration, pointer(keyPath, index), problems);
          if (definition === undefined) return;
          if (key !== name) {
            const fields = definition.provider_fields?.google ?? {};
            setField(fields, toolSnakeCase, [name]);
            definition.provider_fields = { google: fields };
          }
          definitions.push(definition);
          actual.push(usedTools);
        });
        continue;
      }
      const fields: JsonObject = {};
      setField(fields, name, cloneJson(config));
      if (key !== name) setField(fields, marker.snakeCase, [name]);
      definitions.push({ name, native_type: name, provider_fields: { google: fields } });
      actual.push(usedTools);
    }
    if (definitions.length === before)
      problems.warn("input-normalized", toolPath, "an empty Tool declares nothing and was left out");
    else usedTools += 1;
  });
  // Keep the grouping only when it is not the default one (functions together, each built-in alone).
  const expected: number[] = [];
  let group = -1;
  definitions.forEach((definition, index) => {
    const previous = definitions[index - 1];
    if (index === 0 || definition.native_type !== undefined || previous?.native_type !== undefined) group += 1;
    expected.push(group);
  });
  if (expected.some((item, index) => item !== actual[index])) {
    definitions.forEach((definition, index) => {
      const fields = definition.provider_fields?.google ?? {};
      setField(fields, marker.toolIndex, actual[index]);
      definition.provider_fields = { google: fields };
    });
  }
  return definitions;
}

function importDeclaration(value: unknown, path: string, problems: Problems): ToolDefinition | undefined {
  const reader = NativeReader.open(value, path, problems, "a FunctionDeclaration");
  if (reader === undefined) return undefined;
  const name = reader.string("name", true);
  const description = reader.string("description");
  const fields: JsonObject = {};
  let schema: unknown;
  if (reader.has("parametersJsonSchema")) schema = reader.json("parametersJsonSchema");
  else if (reader.has("parameters")) {
    schema = reader.json("parameters");
    setField(fields, marker.schemaKey, "parameters");
  }
  reader.keepRest(fields);
  if (name === undefined || name === "") {
    if (name === "") problems.error(reader.at("name"), "must be a non-empty string");
    return undefined;
  }
  const definition: ToolDefinition = { name };
  if (description !== undefined) definition.description = description;
  if (schema !== undefined) definition.input_schema = schema;
  const kept = providerFields(fields);
  if (kept !== undefined) definition.provider_fields = kept;
  return definition;
}

function importToolConfig(
  reader: NativeReader,
  problems: Problems,
  documentFields: JsonObject,
): ToolChoice | undefined {
  const toolConfig = reader.child("toolConfig");
  if (toolConfig === undefined) return undefined;
  let choice: ToolChoice | undefined;
  const config = toolConfig.peek("functionCallingConfig");
  const mode = isJsonObject(config) ? config.mode : undefined;
  if (mode === "AUTO" || mode === "ANY" || mode === "NONE") {
    const calling = toolConfig.child("functionCallingConfig");
    if (calling !== undefined) {
      calling.take("mode");
      const names = calling.peek("allowedFunctionNames");
      if (
        mode === "ANY" &&
        Array.isArray(names) &&
        names.length === 1 &&
        typeof names[0] === "string" &&
        names[0] !== ""
      ) {
        calling.take("allowedFunctionNames");
        choice = { mode: "tool", name: names[0] };
      } else choice = { mode: mode === "AUTO" ? "auto" : mode === "ANY" ? "required" : "none" };
      const rest = calling.rest();
      if (rest !== undefined) choice.provider_fields = { google: rest };
    }
  }
  nestRest(documentFields, "toolConfig", toolConfig.rest());
  if (problems.errors.length > 0) return undefined;
  return choice;
}

/** A Gemini request body as a canonical transcript. */
export function requestToCanonical(value: unknown): ToCanonicalResult {
  return toCanonicalFrame(
    value,
    "must be a JSON object (a Gemini generateContent request body)",
    (request, problems) => {
      const reader = NativeReader.of(request, "", problems);
      const ids = newIdMap();
      const contents = reader.array("contents");
      if (contents === undefined) problems.error("/contents", "is required");
      registerIds(contents ?? [], ids);
      const context: PartToCanonicalContext = { problems, ids, pending: [] };
      const messages: Message[] = [];
      const provenance = emptyProvenance();
      const system = reader.take("systemInstruction");
      if (system !== undefined) {
        const message = contentToCanonical(system, reader.at("systemInstruction"), context, "system");
        if (message !== undefined) {
          messages.push(message);
          provenance.messages.push(reader.at("systemInstruction"));
        }
      }
      contents?.forEach((content, index) => {
        const path = pointer(reader.at("contents"), index);
        const message = contentToCanonical(content, path, context, "content");
        if (message === undefined) return;
        messages.push(message);
        provenance.messages.push(path);
      });
      const documentFields: JsonObject = {};
      const tools = reader.has("tools")
        ? importTools(reader.take("tools"), reader.at("tools"), problems, documentFields)
        : undefined;
      const toolChoice = importToolConfig(reader, problems, documentFields);
      reader.keepRest(documentFields);
      const document: Transcript = {
        schema_version: formatVersion,
        id: `gemini-${fingerprint(request)}`,
        source: { format: "gemini" },
        messages,
      };
      if (tools !== undefined) document.tools = tools;
      if (toolChoice !== undefined) document.tool_choice = toolChoice;
      const kept = providerFields(documentFields);
      if (kept !== undefined) document.provider_fields = kept;
      return { document, provenance };
    },
  );
}

function exportTools(tools: readonly Tolerant.ToolDefinition[], problems: Problems): JsonObject[] {
  const groups: Array<{ key: number; tool: JsonObject; snake?: unknown }> = [];
  let defaultGroup = -1;
  tools.forEach((definition, index) => {
    const path = pointer("", "tools", index);
    const google = googleFields(definition);
    const previous = tools[index - 1];
    if (index === 0 || definition.native_type !== undefined || previous?.native_type !== undefined) defaultGroup += 1;
    const marked = google?.[marker.toolIndex];
    const key = typeof marked === "number" ? marked : defaultGroup;
    let group = groups.find((entry) => entry.key === key);
    if (group === undefined) {
      group = { key, tool: {} };
      groups.push(group);
    }
    if (definition.native_type !== undefined) {
      const known =
        builtinTools.has(definition.native_type) ||
        (google !== undefined && Object.hasOwn(google, definition.native_type));
      if (!known) {
        problems.warn(
          "field-dropped",
          path,
          `the built-in tool ${definition.native_type} of another provider has no Gemini equivalent`,
        );
        if (Object.keys(group.tool).length === 0) groups.splice(groups.indexOf(group), 1);
        return;
      }
      reportUnmapped(
        definition,
        ["name", "native_type", "provider_fields", "description", "input_schema"],
        path,
        "Gemini",
        problems,
      );
      if (definition.description !== undefined)
        problems.warn("field-dropped", pointer(path, "description"), "a Gemini built-in tool takes no description");
      if (definition.input_schema !== undefined)
        problems.warn("field-dropped", pointer(path, "input_schema"), "a Gemini built-in tool takes no input schema");
      const tool: JsonObject = { [definition.native_type]: {} };
      mergeNative(tool, google);
      applySnakeCase(tool, google?.[marker.snakeCase]);
      Object.assign(group.tool, tool);
      return;
    }
    reportUnmapped(definition, ["name", "description", "input_schema", "provider_fields"], path, "Gemini", problems);
    const declaration: JsonObject = { name: definition.name };
    if (definition.description !== undefined) declaration.description = definition.description;
    if (definition.input_schema !== undefined) {
      const schemaKey = google?.[marker.schemaKey] === "parameters" ? "parameters" : "parametersJsonSchema";
      setField(declaration, schemaKey, cloneJson(definition.input_schema));
    }
    mergeNative(declaration, google);
    applySnakeCase(declaration, google?.[marker.snakeCase]);
    const list = group.tool.functionDeclarations;
    if (Array.isArray(list)) list.push(declaration);
    else group.tool.functionDeclarations = [declaration];
    group.snake ??= google?.[toolSnakeCase];
  });
  return groups.map((group) => {
    applySnakeCase(group.tool, group.snake);
    return group.tool;
  });
}

function exportToolChoice(choice: Tolerant.ToolChoice, problems: Problems): JsonObject | undefined {
  const path = "/tool_choice";
  reportUnmapped(choice, ["mode", "name", "parallel", "provider_fields"], path, "Gemini", problems);
  if (choice.parallel !== undefined)
    problems.warn("field-dropped", pointer(path, "parallel"), "Gemini has no switch for parallel calls");
  const modes: Record<string, string> = { auto: "AUTO", none: "NONE", required: "ANY", tool: "ANY" };
  const mode = modes[choice.mode];
  if (mode === undefined) {
    problems.warn("field-dropped", pointer(path, "mode"), `tool choice ${choice.mode} has no Gemini mode`);
    return undefined;
  }
  const config: JsonObject = { mode };
  if (choice.mode === "tool" && choice.name !== undefined) config.allowedFunctionNames = [choice.name];
  mergeNative(config, googleFields(choice));
  return config;
}

/** Any canonical transcript as a Gemini request body. */
export function requestFromCanonical(
  input: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<GeminiRequest> {
  return runFromCanonical(input, options, (document, problems): GeminiRequest | undefined => {
    reportUnmapped(
      document,
      [
        "schema_version",
        "id",
        "source",
        "producer",
        "created_at",
        "updated_at",
        "export",
        "messages",
        "tools",
        "tool_choice",
        "provider_fields",
      ],
      "",
      "Gemini request",
      problems,
    );
    const context: PartFromCanonicalContext = {
      problems,
      policy: options.foreignReasoning ?? "drop",
      ids: newIdMap(),
      callNames: new Map(),
    };
    const { contents, systemInstruction } = exportContents(document.messages, context);
    if (contents.length === 0) {
      // Gemini rejects a request without contents; there is nothing to send in its place.
      problems.error(
        "/messages",
        "has no user, assistant or tool message: a Gemini request needs at least one Content",
      );
      return undefined;
    }
    const request: JsonObject = { contents };
    if (systemInstruction !== undefined) request.systemInstruction = systemInstruction;
    const google = googleFields(document);
    if (document.tools !== undefined) {
      const tools = exportTools(document.tools, problems);
      request.tools = google?.[marker.toolsObject] === true && tools.length === 1 ? tools[0] : tools;
    }
    if (document.tool_choice !== undefined) {
      const config = exportToolChoice(document.tool_choice, problems);
      if (config !== undefined) request.toolConfig = { functionCallingConfig: config };
    }
    mergeNative(request, google);
    applySnakeCase(request, google?.[marker.snakeCase]);
    // Request settings recorded for another provider go to their Gemini fields (generationConfig, …), or are reported.
    carryRequestSettings("gemini", document, request, options, problems);
    return request as unknown as GeminiRequest;
  });
}
