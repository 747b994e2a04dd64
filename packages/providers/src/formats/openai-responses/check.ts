/**
 * The structural rules of a Responses request that the API enforces and a converter can break, checked before
 * sending: reasoning adjacency, tool-result pairing, call-id length, message roles and content part types.
 */
import { withIndefiniteArticle } from "@agent-transcript/core";
import type { TargetProblem } from "../../conversion/index.js";
import { isJsonObject, pointer } from "../../conversion/index.js";
import { canFollowReasoning } from "./content-items-from-canonical.js";

/** Result item types and the call item type whose `call_id` each answers. */
const answers: Record<string, string> = {
  function_call_output: "function_call",
  custom_tool_call_output: "custom_tool_call",
  shell_call_output: "shell_call",
  apply_patch_call_output: "apply_patch_call",
  computer_call_output: "computer_call",
  tool_search_output: "tool_search_call",
};

const messageRoles = new Set(["user", "assistant", "system", "developer"]);
const maxCallIdLength = 64;

function describe(item: unknown): string {
  if (!isJsonObject(item)) return "nothing";
  if (typeof item.type === "string") return `${withIndefiniteArticle(`${item.type} item`)}`;
  return typeof item.role === "string" ? `${withIndefiniteArticle(`${item.role} message`)}` : "an untyped item";
}

/** Every rule the request breaks, each at its JSON pointer; empty when it is fine. */
export function checkRequest(request: unknown): TargetProblem[] {
  const problems: TargetProblem[] = [];
  if (!isJsonObject(request)) return [{ path: "", message: "a request must be an object" }];
  const input = request.input;
  if (input === undefined || typeof input === "string") return problems;
  if (!Array.isArray(input)) return [{ path: "/input", message: "input must be a string or an array of items" }];
  // A result may answer a call stored server-side, which the request names only by reference.
  const storedContext =
    request.previous_response_id != null ||
    request.conversation != null ||
    input.some((item) => isJsonObject(item) && item.type === "item_reference");
  const calls = new Map<string, string[]>();
  input.forEach((item, index) => {
    const path = pointer("/input", index);
    if (!isJsonObject(item)) {
      problems.push({ path, message: "an input item must be an object" });
      return;
    }
    if (item.type === undefined || item.type === "message") {
      if (typeof item.role !== "string" || !messageRoles.has(item.role))
        problems.push({
          path: pointer(path, "role"),
          message: `a message's role must be user, assistant, system or developer, not ${JSON.stringify(item.role)}`,
        });
      else if (item.type === "message" && item.role !== "assistant" && typeof item.content === "string")
        problems.push({
          path: pointer(path, "content"),
          message: "an input message item of type message takes a content list, not a string",
        });
      if (typeof item.content !== "string" && !Array.isArray(item.content))
        problems.push({
          path: pointer(path, "content"),
          message: "a message's content must be a string or a list of content parts",
        });
      // A request's message content is text, images and files (the specification's InputContent): no audio.
      if (Array.isArray(item.content))
        item.content.forEach((part, partIndex) => {
          if (isJsonObject(part) && part.type === "input_audio")
            problems.push({
              path: pointer(path, "content", partIndex, "type"),
              message: "a Responses message takes no input_audio part (audio input is a Chat Completions feature)",
            });
        });
    }
    if (item.type === "reasoning") {
      const next = input[index + 1];
      if (!canFollowReasoning(next)) {
        const id = typeof item.id === "string" ? ` ${item.id}` : "";
        problems.push({
          path,
          message: `reasoning item${id} must be followed by the output item it belongs to, but is followed by ${describe(next)}`,
        });
      }
    }
    // Server-run tool searches carry `call_id: null`; only a present id is checked.
    if (Object.hasOwn(item, "call_id") && item.call_id !== null) {
      const callId = item.call_id;
      if (typeof callId !== "string" || callId.length === 0)
        problems.push({ path: pointer(path, "call_id"), message: "call_id must be a non-empty string" });
      else if (callId.length > maxCallIdLength)
        problems.push({
          path: pointer(path, "call_id"),
          message: `call_id is ${callId.length} characters; the limit is ${maxCallIdLength}`,
        });
      if (typeof callId === "string" && typeof item.type === "string") {
        const answered = answers[item.type];
        if (answered === undefined) calls.set(callId, [...(calls.get(callId) ?? []), item.type]);
        else if (!storedContext && !(calls.get(callId) ?? []).includes(answered)) {
          problems.push({
            path: pointer(path, "call_id"),
            message: `${item.type} answers call ${JSON.stringify(callId)}, but no earlier ${answered} has that call_id`,
          });
        }
      }
    }
  });
  return problems;
}
