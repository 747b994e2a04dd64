/**
 * OpenAI Chat's structural rules for a request, checked before sending it:
 * - every message has a role Chat knows (system, developer, user, assistant, tool, and the legacy function);
 * - tool-call `arguments` are strings (JSON text), and tool-call ids are 1–64 characters and unique;
 * - an assistant message with tool_calls is followed right away by exactly one tool message per call, answering
 *   its ids and nothing else;
 * - a tool message answers a call of the assistant message right before its run of tool messages.
 */
import { idRules, isJsonObject, pointer, type TargetProblem } from "../../conversion/index.js";
import { checkEachMessage, ToolMessageRuns } from "../../families/chat-completions/index.js";
import type { OpenAIChatRequest } from "./types.js";

const roles = new Set(["system", "developer", "user", "assistant", "tool", "function"]);

export function checkRequest(request: OpenAIChatRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const messages: unknown = (request as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return [{ path: "/messages", message: "must be an array of messages" }];
  const seenIds = new Set<string>();
  const runs = new ToolMessageRuns(problems, "answers no call of the assistant message right before it");
  checkEachMessage(messages, roles, "Chat", problems, (message, role, path) => {
    if (role === undefined) return;
    if (role === "tool") {
      const id = message["tool_call_id"];
      if (typeof id !== "string")
        problems.push({
          path: pointer(path, "tool_call_id"),
          message: "a tool message needs the tool_call_id it answers",
        });
      else runs.answer(id, pointer(path, "tool_call_id"));
      // The specification (and the API) take a tool message's content as a string or a non-empty list of parts.
      if (Array.isArray(message["content"]) && message["content"].length === 0)
        problems.push({
          path: pointer(path, "content"),
          message: "a tool message's content must be a string or a non-empty list",
        });
      return;
    }
    runs.end();
    if (role !== "assistant" || message["tool_calls"] === undefined || message["tool_calls"] === null) return;
    const calls = message["tool_calls"];
    if (!Array.isArray(calls)) {
      problems.push({ path: pointer(path, "tool_calls"), message: "must be an array" });
      return;
    }
    if (calls.length === 0) return;
    runs.start();
    calls.forEach((call: unknown, callIndex) => {
      const callPath = pointer(path, "tool_calls", callIndex);
      if (!isJsonObject(call)) {
        problems.push({ path: callPath, message: "must be an object" });
        return;
      }
      const id = call["id"];
      if (typeof id !== "string" || !idRules.openaiChat.isValid(id))
        problems.push({
          path: pointer(callPath, "id"),
          message: "a tool call id must be a string of 1 to 64 characters",
        });
      else if (seenIds.has(id))
        problems.push({ path: pointer(callPath, "id"), message: `tool call id ${id} is used twice` });
      else {
        seenIds.add(id);
        runs.expect(id, callPath);
      }
      const fn = call["function"];
      if (call["type"] === "custom") return;
      if (!isJsonObject(fn) || typeof fn["arguments"] !== "string")
        problems.push({
          path: pointer(callPath, "function", "arguments"),
          message: "arguments must be a string of JSON text",
        });
    });
  });
  runs.end();
  return problems;
}
