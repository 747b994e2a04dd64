/**
 * Mistral's structural rules for a request, as its API enforces them (the request validator of `mistral-common`,
 * whose messages the API returns: `invalid_request_message_order`, code 3230, and its siblings):
 * - at least one message, each with role system, user, assistant or tool; a conversation of one message is a user
 *   or system message;
 * - role order: after system comes user, assistant or system; after user: user, assistant or system; after
 *   assistant: assistant, user or tool; after tool: tool or assistant ("Unexpected role 'user' after role 'tool'");
 * - the last message is a user or tool message, or an assistant message with `prefix: true`; `prefix: true` is
 *   allowed on the last message only;
 * - an assistant message has content or tool calls (not neither); a system message has content;
 * - tool-call ids are exactly nine letters and digits, function and tool names match `^[a-zA-Z0-9_-]{1,64}$`,
 *   arguments are JSON text or an object;
 * - every call of an assistant message is answered by exactly one tool message with its `tool_call_id`, in the run
 *   of tool messages right after it; a tool message answers a call of the assistant message before its run.
 * Not checked: whether an assistant message may carry content and tool calls together, which depends on the model
 * (older tokenizers refuse it, newer accept it); which chunk types a model takes.
 */
import { withIndefiniteArticle } from "@agent-transcript/core";
import { idRules, isJsonObject, pointer, type TargetProblem } from "../../conversion/index.js";
import { checkEachMessage, ToolMessageRuns } from "../../families/chat-completions/index.js";
import type { MistralChatRequest } from "./types.js";

const roles = new Set(["system", "user", "assistant", "tool"]);
const next: Record<string, ReadonlySet<string>> = {
  system: new Set(["user", "assistant", "system"]),
  user: new Set(["assistant", "system", "user"]),
  assistant: new Set(["assistant", "user", "tool"]),
  tool: new Set(["assistant", "tool"]),
};
// Linear: one character class, bounded.
const namePattern = /^[\w-]{1,64}$/;

function hasContent(content: unknown): boolean {
  return (typeof content === "string" && content !== "") || (Array.isArray(content) && content.length > 0);
}

export function checkRequest(request: MistralChatRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const messages: unknown = (request as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return [{ path: "/messages", message: "must be a non-empty array of messages" }];
  let previous: string | undefined;
  const runs = new ToolMessageRuns(
    problems,
    "answers no call of the assistant message before its run of tool messages",
  );
  checkEachMessage(messages, roles, "Mistral", problems, (message, role, path, index) => {
    if (role === undefined) return;
    const last = index === messages.length - 1;
    if (previous !== undefined && !next[previous]?.has(role))
      problems.push({
        path: pointer(path, "role"),
        message: `Mistral takes no ${role} message right after ${withIndefiniteArticle(`${previous} message`)}`,
      });
    previous = role;
    if (messages.length === 1 && role !== "user" && role !== "system")
      problems.push({
        path: pointer(path, "role"),
        message: "a conversation of one message must be a user or system message",
      });
    if (
      last &&
      messages.length > 1 &&
      role !== "user" &&
      role !== "tool" &&
      !(role === "assistant" && message["prefix"] === true)
    ) {
      problems.push({
        path: pointer(path, "role"),
        message: "the last message must be a user or tool message, or an assistant message with prefix true",
      });
    }
    if (message["prefix"] === true && !last)
      problems.push({ path: pointer(path, "prefix"), message: "prefix true is allowed on the last message only" });
    if (role === "system" && (message["content"] === null || message["content"] === undefined))
      problems.push({ path: pointer(path, "content"), message: "a system message needs content" });
    if (role === "tool") {
      const id = message["tool_call_id"];
      const name = message["name"];
      if (name !== undefined && name !== null && (typeof name !== "string" || !namePattern.test(name)))
        problems.push({
          path: pointer(path, "name"),
          message: "a tool name must be 1 to 64 letters, digits, underscores or dashes",
        });
      if (typeof id !== "string" || !idRules.mistral.isValid(id)) {
        problems.push({
          path: pointer(path, "tool_call_id"),
          message: "a tool message needs the tool_call_id it answers: nine letters and digits",
        });
        return;
      }
      runs.answer(id, pointer(path, "tool_call_id"));
      return;
    }
    runs.end();
    if (role !== "assistant") return;
    const calls = message["tool_calls"];
    const hasCalls = Array.isArray(calls) && calls.length > 0;
    if (!hasContent(message["content"]) && !hasCalls)
      problems.push({ path, message: "an assistant message needs content or tool calls" });
    if (calls !== undefined && calls !== null && !Array.isArray(calls))
      problems.push({ path: pointer(path, "tool_calls"), message: "must be an array" });
    if (!hasCalls) return;
    runs.start();
    (calls as unknown[]).forEach((call, callIndex) => {
      const callPath = pointer(path, "tool_calls", callIndex);
      if (!isJsonObject(call)) {
        problems.push({ path: callPath, message: "must be an object" });
        return;
      }
      const id = call["id"];
      if (typeof id !== "string" || !idRules.mistral.isValid(id))
        problems.push({
          path: pointer(callPath, "id"),
          message: "a tool call id must be exactly nine letters and digits",
        });
      else if (runs.expects(id))
        problems.push({ path: pointer(callPath, "id"), message: `tool call id ${id} is used twice in one message` });
      else runs.expect(id, callPath);
      const fn = call["function"];
      if (!isJsonObject(fn)) {
        problems.push({ path: pointer(callPath, "function"), message: "must be an object with a name and arguments" });
        return;
      }
      if (typeof fn["name"] !== "string" || !namePattern.test(fn["name"]))
        problems.push({
          path: pointer(callPath, "function", "name"),
          message: "a function name must be 1 to 64 letters, digits, underscores or dashes",
        });
      if (typeof fn["arguments"] !== "string" && !isJsonObject(fn["arguments"]))
        problems.push({
          path: pointer(callPath, "function", "arguments"),
          message: "arguments must be JSON text or an object",
        });
    });
  });
  runs.end();
  const tools: unknown = (request as { tools?: unknown }).tools;
  if (Array.isArray(tools)) {
    tools.forEach((tool: unknown, index) => {
      if (!isJsonObject(tool) || !isJsonObject(tool["function"])) return;
      const name = tool["function"]["name"];
      if (typeof name !== "string" || !namePattern.test(name))
        problems.push({
          path: pointer("", "tools", index, "function", "name"),
          message: "a function name must be 1 to 64 letters, digits, underscores or dashes",
        });
    });
  }
  return problems;
}
