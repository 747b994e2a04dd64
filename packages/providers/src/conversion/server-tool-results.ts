/**
 * A server tool's result block (`web_search_tool_result`, `code_execution_tool_result`, …): Anthropic's Messages API
 * writes it, and Claude Code's sessions keep the API's blocks as they came, so both readers meet it.
 */
import type { ToolResultPart } from "@agent-transcript/core";
import { isJsonObject, type JsonObject } from "./json.js";

/**
 * The block as a tool_result part the provider ran: failed when the block says `is_error` or its content is an
 * `*_error` object; none when it names no call (`tool_use_id`). The caller keeps the content as it reads it.
 */
export function serverToolResult(block: JsonObject): ToolResultPart | undefined {
  if (typeof block.tool_use_id !== "string" || block.tool_use_id === "") return undefined;
  const content = block.content;
  const failed =
    block.is_error === true ||
    (isJsonObject(content) && typeof content.type === "string" && content.type.endsWith("_error"));
  return {
    type: "tool_result",
    call_id: block.tool_use_id,
    status: failed ? "error" : "ok",
    provider_executed: true,
    native_type: String(block.type),
  };
}
