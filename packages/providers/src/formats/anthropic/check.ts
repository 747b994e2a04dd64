/**
 * Anthropic's structural rules for a Messages request, checked before sending it. Each problem names the offending
 * value by JSON pointer.
 *
 * The API combines consecutive messages of one role into one turn, so the rules are about turns:
 * - there is at least one message, and the first is a `user` message;
 * - roles are `user`, `assistant` or `system` (a system message inside `messages` is accepted in mid-conversation,
 *   never first and never between tool calls and their results);
 * - no message has empty content;
 * - every client `tool_use` of an assistant turn is answered by a `tool_result` in the immediately next user turn,
 *   unless the turn is the last one (a call still pending); server tools (`server_tool_use`, `mcp_tool_use`) are
 *   answered inside the assistant turn and need no result;
 * - `tool_result` blocks appear only in user turns, and only for a call of the assistant turn right before;
 * - tool-call ids match `^[a-zA-Z0-9_-]+$` (the API accepts an id used again in a later turn: a recorded request
 *   replaying Gemini calls does, so repeats are not a problem);
 * - `thinking`, `redacted_thinking` and `tool_use` blocks appear only in assistant messages.
 */
import type { AnthropicRequest } from "./types.js";
import { idRules, isJsonObject, pointer, type TargetProblem } from "../../conversion/index.js";
import { blocksOf, checkEachMessage } from "../../families/content-blocks/index.js";

interface Turn {
  role: string;
  /** Indexes of the messages the turn combines. */
  indexes: number[];
}

const assistantOnly = ["thinking", "redacted_thinking", "tool_use", "server_tool_use", "mcp_tool_use"];

export function checkRequest(request: AnthropicRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const value: unknown = request;
  if (!isJsonObject(value) || !Array.isArray(value.messages))
    return [{ path: "/messages", message: "messages must be an array" }];
  const messages: unknown[] = value.messages;
  if (messages.length === 0) problems.push({ path: "/messages", message: "Anthropic needs at least one message" });
  const turns: Turn[] = [];
  checkEachMessage(messages, ["user", "assistant", "system"], problems, (message, role, path, index) => {
    const content = message.content;
    if (content === "" || (Array.isArray(content) && content.length === 0))
      problems.push({ path: pointer(path, "content"), message: "content must not be empty" });
    else if (typeof content !== "string" && !Array.isArray(content))
      problems.push({ path: pointer(path, "content"), message: "content must be a string or an array of blocks" });
    blocksOf(message).forEach((block, blockIndex) => {
      const blockPath = pointer(path, "content", blockIndex);
      if (typeof block.type === "string" && assistantOnly.includes(block.type) && role !== "assistant") {
        problems.push({
          path: pointer(blockPath, "type"),
          message: `${block.type} blocks belong in assistant messages`,
        });
      }
      if (block.type === "tool_result" && role !== "user")
        problems.push({ path: pointer(blockPath, "type"), message: "tool_result blocks belong in user messages" });
      const id =
        block.type === "tool_use" || block.type === "server_tool_use" || block.type === "mcp_tool_use"
          ? block.id
          : block.type === "tool_result"
            ? block.tool_use_id
            : undefined;
      const idPath = pointer(blockPath, block.type === "tool_result" ? "tool_use_id" : "id");
      if (id !== undefined && (typeof id !== "string" || !idRules.anthropic.isValid(id))) {
        problems.push({
          path: idPath,
          message: `tool-call id ${JSON.stringify(id)} must match ^[a-zA-Z0-9_-]+$ (1 to 128 characters)`,
        });
      }
    });
    const last = turns.at(-1);
    if (last !== undefined && last.role === role && role !== "system") last.indexes.push(index);
    else turns.push({ role, indexes: [index] });
  });
  checkPairing(messages, turns, problems);
  return problems;
}

function callsOf(messages: unknown[], turn: Turn): Map<string, string> {
  const calls = new Map<string, string>();
  for (const index of turn.indexes) {
    const message = messages[index];
    if (!isJsonObject(message)) continue;
    blocksOf(message).forEach((block, blockIndex) => {
      if (block.type === "tool_use" && typeof block.id === "string")
        calls.set(block.id, pointer("/messages", index, "content", blockIndex));
    });
  }
  return calls;
}

function resultsOf(messages: unknown[], turn: Turn | undefined): Array<{ id: unknown; path: string }> {
  if (turn === undefined) return [];
  return turn.indexes.flatMap((index) => {
    const message = messages[index];
    if (!isJsonObject(message)) return [];
    return blocksOf(message).flatMap((block, blockIndex) =>
      block.type === "tool_result"
        ? [{ id: block.tool_use_id, path: pointer("/messages", index, "content", blockIndex, "tool_use_id") }]
        : [],
    );
  });
}

function checkPairing(messages: unknown[], turns: Turn[], problems: TargetProblem[]): void {
  turns.forEach((turn, position) => {
    const next = turns[position + 1];
    if (turn.role === "assistant") {
      const calls = callsOf(messages, turn);
      if (calls.size === 0 || next === undefined) return;
      const answered = new Set(next.role === "user" ? resultsOf(messages, next).map((result) => result.id) : []);
      for (const [id, path] of calls) {
        if (!answered.has(id))
          problems.push({ path, message: `tool_use ${id} has no tool_result in the immediately next user message` });
      }
      return;
    }
    if (turn.role !== "user") return;
    const previous = turns[position - 1];
    const calls = previous?.role === "assistant" ? callsOf(messages, previous) : new Map<string, string>();
    const seen = new Set<unknown>();
    for (const result of resultsOf(messages, turn)) {
      if (!calls.has(String(result.id)))
        problems.push({
          path: result.path,
          message: `tool_result ${String(result.id)} answers no tool_use of the assistant message right before it`,
        });
      else if (seen.has(result.id))
        problems.push({ path: result.path, message: `tool_use ${String(result.id)} is answered twice` });
      seen.add(result.id);
    }
  });
}
