/**
 * Tool definitions (`{ type: "function", function: { name, description, parameters, strict } }`) and `tool_choice`
 * of the chat-completions family, both ways. `function.parameters` is the canonical input_schema; a built-in tool
 * (a type other than `function`) is kept whole and replayed only to its own API; `tool_choice` and
 * `parallel_tool_calls` are the canonical tool_choice, a native value with no canonical mode kept so it comes back.
 */
import type { Tolerant, ToolChoice, ToolDefinition } from "@agent-transcript/core";
import {
  cloneJson,
  dropAbsent,
  FieldReader,
  fillMissing,
  isJsonObject,
  pointer,
  reportUnmapped,
  shapeOf,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import type { ChatDialect, ChatMember } from "./dialect.js";
import { keptInner, targetFields, withFields, type ChatShape } from "./native-fields.js";

/** A built-in tool's canonical name and type: the name inside its type's field, or its type. */
function builtInTool(member: ChatMember, type: unknown, value: JsonObject): ToolDefinition | undefined {
  const builtIn = member.tools.builtIn;
  if (builtIn === "type-inside" && type !== "function") {
    // Custom (grammar) tools and anything newer, named by the type's own `name` when it has one.
    const inner = typeof type === "string" ? value[type] : undefined;
    const name =
      isJsonObject(inner) && typeof inner["name"] === "string" && inner["name"] !== ""
        ? inner["name"]
        : typeof type === "string" && type !== ""
          ? type
          : "tool";
    return { name, native_type: typeof type === "string" ? type : "unknown" };
  }
  if (builtIn === "type" && type !== undefined && type !== "function") {
    const name = typeof type === "string" && type !== "" ? type : "tool";
    return { name, native_type: name };
  }
  return undefined;
}

/** Reads one tool definition of a request. */
export function readTool(
  member: ChatMember,
  value: unknown,
  path: string,
  problems: Problems,
): ToolDefinition | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, member.tools.notObject);
    return undefined;
  }
  const type = value["type"];
  const builtIn = builtInTool(member, type, value);
  if (builtIn !== undefined) return withFields(member.provider, builtIn, undefined, { tool: cloneJson(value) });
  const reader = new FieldReader(value, path, problems);
  const shape: ChatShape = {};
  if (member.tools.builtIn === "none") {
    if (type === "function") reader.take("type");
    else shape.absent = ["type"];
  } else {
    if (type === undefined) shape.absent = ["type"];
    reader.take("type");
  }
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const description = fnReader.string("description");
  const parameters = fnReader.has("parameters") ? fnReader.json("parameters") : undefined;
  const strict = member.tools.strict && typeof fn["strict"] === "boolean" ? fnReader.boolean("strict") : undefined;
  const rest = reader.rest() ?? {};
  const fnRest = fnReader.rest();
  if (fnRest !== undefined) rest["function"] = fnRest;
  if (name === undefined) return undefined;
  const tool: ToolDefinition = { name };
  if (description !== undefined) tool.description = description;
  if (parameters !== undefined) tool.input_schema = parameters;
  if (strict !== undefined) tool.strict = strict;
  return withFields(member.provider, tool, Object.keys(rest).length > 0 ? rest : undefined, shape);
}

/** Reads `tool_choice` and `parallel_tool_calls`; undefined when the request has no tool choice or it is refused. */
export function readToolChoice(dialect: ChatDialect, reader: FieldReader, problems: Problems): ToolChoice | undefined {
  if (!reader.has("tool_choice")) return undefined;
  const rules = dialect.toolChoice;
  const raw = reader.take("tool_choice");
  const parallel =
    typeof reader.value["parallel_tool_calls"] === "boolean" ? reader.boolean("parallel_tool_calls") : undefined;
  let choice: ToolChoice;
  if (raw === "auto" || raw === "none" || raw === "required") choice = { mode: raw };
  else if (rules.requiredSynonym !== undefined && raw === rules.requiredSynonym)
    choice = withFields(dialect.provider, { mode: "required" }, { tool_choice: raw });
  else {
    const named =
      isJsonObject(raw) &&
      isJsonObject(raw["function"]) &&
      typeof raw["function"]["name"] === "string" &&
      raw["function"]["name"] !== "";
    const name = named ? ((raw["function"] as JsonObject)["name"] as string) : "";
    if (
      named &&
      raw["type"] === "function" &&
      Object.keys(raw).length === 2 &&
      Object.keys(raw["function"] as JsonObject).length === 1
    )
      choice = { mode: "tool", name };
    else if (named && rules.inexactFunction === "tool")
      choice = withFields(dialect.provider, { mode: "tool", name }, { tool_choice: cloneJson(raw) });
    else if (isJsonObject(raw) && rules.otherObjects === "closest") {
      // allowed_tools, custom tools: the closest mode, with the native choice kept whole.
      const allowed = isJsonObject(raw["allowed_tools"]) ? raw["allowed_tools"]["mode"] : undefined;
      choice = withFields(
        dialect.provider,
        { mode: allowed === "required" ? "required" : "auto" },
        { tool_choice: cloneJson(raw) },
      );
    } else {
      problems.error(reader.at("tool_choice"), rules.expected);
      return undefined;
    }
  }
  if (parallel !== undefined) choice.parallel = parallel;
  return choice;
}

/** A tool definition in the member's shape, or undefined (with a warning) for another provider's built-in tool. */
export function writeTool(
  dialect: ChatDialect,
  tool: Tolerant.ToolDefinition,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  const own = targetFields(dialect.provider, dialect.label, tool.provider_fields, path, problems);
  const shape = shapeOf<ChatShape>(own);
  if (tool.native_type !== undefined) {
    if (isJsonObject(shape?.tool)) return cloneJson(shape.tool);
    problems.warn(
      "field-dropped",
      path,
      `the ${tool.native_type} tool is another provider's own tool; ${dialect.shortLabel} has no equivalent`,
    );
    return undefined;
  }
  reportUnmapped(
    tool,
    ["name", "description", "input_schema", "strict", "provider_fields"],
    path,
    dialect.label,
    problems,
  );
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn["description"] = tool.description;
  if (tool.input_schema !== undefined) fn["parameters"] = cloneJson(tool.input_schema);
  else if (dialect.parametersRequired) {
    problems.warn(
      "value-assumed",
      pointer(path, "input_schema"),
      `${dialect.shortLabel} requires parameters; a tool without an input schema is sent with an empty object schema`,
    );
    fn["parameters"] = { type: "object", properties: {} };
  }
  if (tool.strict !== undefined) fn["strict"] = tool.strict;
  fillMissing(fn, keptInner(own, "function"));
  const native: JsonObject = { type: "function", function: fn };
  fillMissing(native, own);
  // A member that reads a tool without `type` marks it absent, and writes it back so.
  if (dialect.tools.builtIn === "type") dropAbsent(native, shape);
  return native;
}

/** Writes `tool_choice` and `parallel_tool_calls` into `request`. */
export function writeToolChoice(
  dialect: ChatDialect,
  choice: Tolerant.ToolChoice,
  request: JsonObject,
  problems: Problems,
): void {
  const rules = dialect.toolChoice;
  const own = targetFields(dialect.provider, dialect.label, choice.provider_fields, "/tool_choice", problems);
  const kept = own?.["tool_choice"];
  const keptFits = !rules.keptMustFit
    ? own !== undefined && Object.hasOwn(own, "tool_choice")
    : (choice.mode === "required" && rules.requiredSynonym !== undefined && kept === rules.requiredSynonym) ||
      (choice.mode === "tool" &&
        isJsonObject(kept) &&
        isJsonObject(kept["function"]) &&
        kept["function"]["name"] === choice.name);
  if (keptFits) request["tool_choice"] = cloneJson(kept);
  else if (choice.mode === "tool") request["tool_choice"] = { type: "function", function: { name: choice.name ?? "" } };
  else if (choice.mode === "auto" || choice.mode === "none" || choice.mode === "required")
    request["tool_choice"] = choice.mode;
  else {
    problems.warn(
      "value-assumed",
      "/tool_choice/mode",
      `tool choice ${String(choice.mode)} has no ${dialect.shortLabel} equivalent; written as auto`,
    );
    request["tool_choice"] = "auto";
  }
  if (choice.parallel !== undefined) request["parallel_tool_calls"] = choice.parallel;
}
