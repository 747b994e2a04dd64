import { isJsonObject, pointer, type TargetProblem } from "../../conversion/index.js";
import { checkEachMessage } from "../../families/chat-completions/index.js";
import type { OllamaChatRequest } from "./types.js";

const roles = new Set(["system", "user", "assistant", "tool"]);
const base64Pattern = /^[\d+/a-z]*={0,2}$/i;

/**
 * Ollama's rules for a request: known roles; tool-call arguments are objects (never JSON text); images are bare
 * base64 (no data: prefix); a tool message follows an assistant turn with tool calls (or another tool message),
 * names one of those calls' tools in tool_name and, with a tool_call_id, one of their ids — a turn being the
 * consecutive assistant messages before it, over which a source may spread one turn's calls; no two calls share an id
 * (a tool_call_id would be ambiguous).
 */
export function checkRequest(request: OllamaChatRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const messages: unknown = (request as { messages?: unknown }).messages;
  if (messages === undefined) return problems;
  if (!Array.isArray(messages)) return [{ path: "/messages", message: "must be an array" }];
  let callNames: Set<string> | undefined;
  let callIds = new Set<string>();
  const seenIds = new Set<string>();
  let previousRole: string | undefined;
  checkEachMessage(messages, roles, "Ollama", problems, (message, role, path) => {
    const continuesTurn = role === "assistant" && previousRole === "assistant";
    previousRole = role;
    const images = message["images"];
    if (Array.isArray(images)) {
      images.forEach((image: unknown, imageIndex) => {
        if (typeof image !== "string" || !base64Pattern.test(image))
          problems.push({
            path: pointer(path, "images", imageIndex),
            message: "an image must be bare base64, without a data: prefix",
          });
      });
    }
    if (role === "tool") {
      const name = message["tool_name"];
      if (callNames === undefined)
        problems.push({ path, message: "a tool message must follow an assistant message with tool calls" });
      else if (typeof name === "string" && !callNames.has(name))
        problems.push({
          path: pointer(path, "tool_name"),
          message: `no call of the assistant message before names the tool ${name}`,
        });
      const id = message["tool_call_id"];
      if (callNames !== undefined && typeof id === "string" && !callIds.has(id))
        problems.push({
          path: pointer(path, "tool_call_id"),
          message: `no call of the assistant message before has the id ${id}`,
        });
      return;
    }
    if (!continuesTurn) {
      callNames = undefined;
      callIds = new Set();
    }
    const calls = message["tool_calls"];
    if (!Array.isArray(calls) || calls.length === 0) return;
    callNames ??= new Set();
    calls.forEach((call: unknown, callIndex) => {
      const fn = isJsonObject(call) ? call["function"] : undefined;
      const callPath = pointer(path, "tool_calls", callIndex);
      const id = isJsonObject(call) ? call["id"] : undefined;
      if (typeof id === "string" && id !== "") {
        if (seenIds.has(id))
          problems.push({
            path: pointer(callPath, "id"),
            message: `an earlier call has the id ${id} too; a tool message's tool_call_id would be ambiguous`,
          });
        seenIds.add(id);
        callIds.add(id);
      }
      if (!isJsonObject(fn)) {
        problems.push({ path: pointer(callPath, "function"), message: "must be an object" });
        return;
      }
      if (typeof fn["name"] === "string") callNames?.add(fn["name"]);
      if (!isJsonObject(fn["arguments"]))
        problems.push({
          path: pointer(callPath, "function", "arguments"),
          message: "arguments must be an object, not JSON text",
        });
    });
  });
  return problems;
}
