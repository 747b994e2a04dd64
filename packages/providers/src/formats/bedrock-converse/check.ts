/**
 * Bedrock Converse's structural rules for a request, checked before sending it. Each problem names the offending
 * value by JSON pointer. The rules are the ones the API's validation states:
 * - there is at least one message, the first is a `user` message, roles are `user` or `assistant` and alternate;
 * - every message has non-empty content, every content block holds exactly one member, and no text block is blank;
 * - `system` holds `text`, `cachePoint` and `guardContent` blocks only;
 * - `toolUse` and `reasoningContent` blocks appear only in assistant messages, client `toolResult` blocks only in
 *   user messages (a server tool's result, which has a `type`, sits beside its call in the assistant message);
 * - every client `toolUse` is answered by a `toolResult` in the very next user message, unless the message is the
 *   last one (a call still pending); every `toolResult` there answers a call of the assistant message right before
 *   it, once;
 * - tool-use ids match `[a-zA-Z0-9_.:-]+` and tool names `[a-zA-Z0-9_-]+`, each at most 64 characters;
 * - messages with `toolUse` or `toolResult` blocks need a `toolConfig` with tools; tool names are unique; a
 *   `toolChoice` is one of `auto`, `any` or `tool`, and a `tool` choice names a defined tool.
 */
import { isJsonObject, pointer, type JsonObject, type TargetProblem } from "../../conversion/index.js";
import { blocksOf, checkEachMessage } from "../../families/content-blocks/index.js";
import { isServerBlock, memberKeys, toolUseIdRule } from "./content.js";
import { toolNamePattern } from "./request-tools.js";
import type { BedrockConverseRequest } from "./types.js";

const systemMembers = ["text", "cachePoint", "guardContent"];

export function checkRequest(request: BedrockConverseRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const value: unknown = request;
  if (!isJsonObject(value) || !Array.isArray(value.messages))
    return [{ path: "/messages", message: "messages must be an array" }];
  const messages: unknown[] = value.messages;
  if (messages.length === 0)
    problems.push({ path: "/messages", message: "Bedrock Converse needs at least one message" });
  checkSystem(value.system, problems);
  let usesTools = false;
  checkEachMessage(messages, ["user", "assistant"], problems, (message, role, path, index) => {
    const previous = messages[index - 1];
    if (isJsonObject(previous) && previous.role === role)
      problems.push({
        path: pointer(path, "role"),
        message: `roles must alternate between user and assistant; this ${role} message follows another`,
      });
    if (!Array.isArray(message.content) || message.content.length === 0) {
      problems.push({ path: pointer(path, "content"), message: "content must be a non-empty array of blocks" });
      return;
    }
    message.content.forEach((block: unknown, blockIndex) => {
      const blockPath = pointer(path, "content", blockIndex);
      if (!isJsonObject(block)) {
        problems.push({ path: blockPath, message: "a content block must be an object" });
        return;
      }
      const members = Object.keys(block);
      if (members.length !== 1) {
        problems.push({
          path: blockPath,
          message: `a content block holds exactly one member, not ${members.length === 0 ? "none" : members.join(", ")}`,
        });
        return;
      }
      const member = members[0] as string;
      const inner = block[member];
      if (!(memberKeys as readonly string[]).includes(member) || member === "json")
        problems.push({ path: pointer(blockPath, member), message: `${member} is not a Converse content block` });
      if (member === "text" && (typeof inner !== "string" || inner.trim() === ""))
        problems.push({ path: pointer(blockPath, "text"), message: "a text block must not be blank" });
      if ((member === "toolUse" || member === "reasoningContent") && role !== "assistant")
        problems.push({ path: pointer(blockPath, member), message: `${member} blocks belong in assistant messages` });
      if (member === "toolResult" && isJsonObject(inner) && !isServerBlock(inner) && role !== "user")
        problems.push({ path: pointer(blockPath, member), message: "toolResult blocks belong in user messages" });
      if ((member === "toolUse" || member === "toolResult") && isJsonObject(inner)) {
        usesTools = true;
        const id = inner.toolUseId;
        if (typeof id !== "string" || !toolUseIdRule.isValid(id))
          problems.push({
            path: pointer(blockPath, member, "toolUseId"),
            message: `tool-use id ${JSON.stringify(id)} must match [a-zA-Z0-9_.:-]+ (1 to 64 characters)`,
          });
        if (member === "toolUse" && (typeof inner.name !== "string" || !toolNamePattern.test(inner.name)))
          problems.push({
            path: pointer(blockPath, member, "name"),
            message: `tool name ${JSON.stringify(inner.name)} must match [a-zA-Z0-9_-]+ (1 to 64 characters)`,
          });
      }
    });
  });
  checkPairing(messages, problems);
  checkToolConfig(value.toolConfig, usesTools, problems);
  return problems;
}

function checkSystem(system: unknown, problems: TargetProblem[]): void {
  if (system === undefined) return;
  if (!Array.isArray(system)) {
    problems.push({ path: "/system", message: "system must be an array of blocks" });
    return;
  }
  system.forEach((block: unknown, index) => {
    const path = pointer("/system", index);
    const members = isJsonObject(block) ? Object.keys(block) : [];
    if (members.length !== 1 || !systemMembers.includes(members[0] as string)) {
      problems.push({ path, message: "a system block holds exactly one of text, cachePoint or guardContent" });
      return;
    }
    if (isJsonObject(block) && members[0] === "text" && (typeof block.text !== "string" || block.text.trim() === ""))
      problems.push({ path: pointer(path, "text"), message: "a text block must not be blank" });
  });
}

function clientCalls(message: unknown): Map<string, string> {
  const calls = new Map<string, string>();
  if (!isJsonObject(message) || message.role !== "assistant") return calls;
  blocksOf(message).forEach((block, index) => {
    if (isJsonObject(block.toolUse) && !isServerBlock(block.toolUse) && typeof block.toolUse.toolUseId === "string")
      calls.set(block.toolUse.toolUseId, `${index}`);
  });
  return calls;
}

function checkPairing(messages: unknown[], problems: TargetProblem[]): void {
  messages.forEach((message, index) => {
    if (!isJsonObject(message)) return;
    if (message.role === "assistant") {
      const calls = clientCalls(message);
      const next = messages[index + 1];
      if (calls.size === 0 || next === undefined) return;
      const answered = new Set(
        isJsonObject(next) && next.role === "user"
          ? blocksOf(next).flatMap((block) => (isJsonObject(block.toolResult) ? [block.toolResult.toolUseId] : []))
          : [],
      );
      for (const [id, blockIndex] of calls) {
        if (!answered.has(id))
          problems.push({
            path: pointer("/messages", index, "content", blockIndex),
            message: `toolUse ${id} has no toolResult in the very next user message`,
          });
      }
      return;
    }
    if (message.role !== "user") return;
    const calls = clientCalls(messages[index - 1]);
    const seen = new Set<unknown>();
    blocksOf(message).forEach((block, blockIndex) => {
      if (!isJsonObject(block.toolResult) || isServerBlock(block.toolResult)) return;
      const id = block.toolResult.toolUseId;
      const path = pointer("/messages", index, "content", blockIndex, "toolResult", "toolUseId");
      if (typeof id !== "string" || !calls.has(id))
        problems.push({
          path,
          message: `toolResult ${String(id)} answers no toolUse of the assistant message right before it`,
        });
      else if (seen.has(id)) problems.push({ path, message: `toolUse ${id} is answered twice` });
      seen.add(id);
    });
  });
}

function toolNameOf(tool: JsonObject): unknown {
  if (isJsonObject(tool.toolSpec)) return tool.toolSpec.name;
  if (isJsonObject(tool.systemTool)) return tool.systemTool.name;
  return undefined;
}

function checkToolConfig(config: unknown, usesTools: boolean, problems: TargetProblem[]): void {
  if (config === undefined) {
    if (usesTools)
      problems.push({ path: "/toolConfig", message: "messages with toolUse or toolResult blocks need a toolConfig" });
    return;
  }
  if (!isJsonObject(config)) {
    problems.push({ path: "/toolConfig", message: "toolConfig must be an object" });
    return;
  }
  const tools = Array.isArray(config.tools) ? config.tools.filter(isJsonObject) : [];
  if (!Array.isArray(config.tools) || config.tools.length === 0)
    problems.push({ path: "/toolConfig/tools", message: "toolConfig needs at least one tool" });
  const names = new Set<unknown>();
  tools.forEach((tool, index) => {
    const path = pointer("/toolConfig/tools", index);
    const members = Object.keys(tool);
    if (members.length !== 1 || !["toolSpec", "systemTool", "cachePoint"].includes(members[0] as string)) {
      problems.push({ path, message: "a tool holds exactly one of toolSpec, systemTool or cachePoint" });
      return;
    }
    if (members[0] === "cachePoint") return;
    const name = toolNameOf(tool);
    const namePath = pointer(path, members[0] as string, "name");
    if (typeof name !== "string" || !toolNamePattern.test(name))
      problems.push({
        path: namePath,
        message: `tool name ${JSON.stringify(name)} must match [a-zA-Z0-9_-]+ (1 to 64 characters)`,
      });
    else if (names.has(name)) problems.push({ path: namePath, message: `tool name ${name} is defined twice` });
    names.add(name);
    // The model's ToolSpecification takes a description of at least one character (`NonEmptyString`).
    if (isJsonObject(tool.toolSpec) && tool.toolSpec.description === "")
      problems.push({
        path: pointer(path, "toolSpec", "description"),
        message: "a tool description must not be empty",
      });
    if (
      isJsonObject(tool.toolSpec) &&
      !(isJsonObject(tool.toolSpec.inputSchema) && Object.hasOwn(tool.toolSpec.inputSchema, "json"))
    )
      problems.push({
        path: pointer(path, "toolSpec", "inputSchema"),
        message: "a toolSpec needs an inputSchema with json",
      });
  });
  const choice = config.toolChoice;
  if (choice === undefined) return;
  const members = isJsonObject(choice) ? Object.keys(choice) : [];
  if (!isJsonObject(choice) || members.length !== 1 || !["auto", "any", "tool"].includes(members[0] as string)) {
    problems.push({ path: "/toolConfig/toolChoice", message: "toolChoice holds exactly one of auto, any or tool" });
    return;
  }
  if (isJsonObject(choice.tool) && !names.has(choice.tool.name))
    problems.push({
      path: "/toolConfig/toolChoice/tool/name",
      message: `toolChoice names ${JSON.stringify(choice.tool.name)}, which toolConfig does not define`,
    });
}
