/**
 * What an event says, in a few words on one line: the view `tail` prints an event in, and `timeline` a conversation's
 * messages and tool calls.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isFailedResult, payloadOf } from "./input/event-log.js";

/** Text on one line: runs of white space (line breaks included) become one space, and long text is cut. */
export function oneLine(text: string, width = 100): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export function compact(value: unknown): string {
  if (value === undefined || value === null) return "";
  return oneLine(typeof value === "string" ? value : JSON.stringify(value));
}

/** What an event says, in a few words: a message's text, a tool call's name and input, a step's name. */
export function summarizeEvent(event: Tolerant.Event): string {
  const payload = payloadOf(event);
  switch (event.type) {
    case "message.system":
    case "message.user":
    case "message.assistant": {
      const blocks = Array.isArray(payload.blocks) ? (payload.blocks as unknown[]) : [];
      const words = blocks
        .map((block) => {
          const { type, text, thinking, name, tool_name: toolName } = (block ?? {}) as Record<string, unknown>;
          if (type === "text" && typeof text === "string") return text;
          if (
            (type === "reasoning" || type === "thinking") &&
            (typeof text === "string" || typeof thinking === "string")
          )
            return `(thinking) ${String(text ?? thinking)}`;
          if (type === "tool_call" || type === "tool_use") return `(calls ${String(name ?? toolName ?? "a tool")})`;
          return typeof type === "string" ? `(${type})` : "";
        })
        .filter((words) => words !== "");
      return oneLine(words.join(" "));
    }
    case "tool.call":
      return `${String(payload.name ?? "?")} ${compact(payload.input)}`.trim();
    case "tool.result": {
      const failed = isFailedResult(payload);
      return `${String(payload.name ?? "")} ${failed ? `error: ${compact(payload.error ?? payload.output)}` : compact(payload.output)}`.trim();
    }
    case "step.call_workflow.started":
    case "step.call_workflow.completed":
      return `${String(payload.name ?? "")} child ${String(event.child_run_id ?? "?")}${payload.status === undefined ? "" : ` ${String(payload.status)}`}`;
    default:
      return [payload.name, payload.kind, payload.status, payload.error]
        .filter((value) => value !== undefined && value !== null)
        .map(String)
        .join(" ");
  }
}
