/**
 * The role order of a member that validates it (Mistral, whose API answers a request out of order with
 * `invalid_request_message_order`), kept by the smallest change, each with a warning:
 * - an assistant message left with neither content nor tool calls is left out (`message-dropped`);
 * - a system message after an assistant or tool message, or at the end, is sent as a user message (`role-mapped`);
 * - an assistant message with the bridge text goes between tool messages and a following user message
 *   (`value-assumed`; pydantic-ai does the same);
 * - the final assistant message is sent with `prefix: true`, for the model to continue it (`value-assumed`), and
 *   `prefix` on an earlier one is removed (`value-converted`);
 * - a history that does not open with a user or system message (a response document) gets a placeholder user
 *   message first (`value-assumed`), and a request with no message at all is refused.
 */
import { withIndefiniteArticle } from "@agent-transcript/core";
import { pointer, type JsonObject, type Problems } from "../../conversion/index.js";
import type { ChatDialect, RoleOrder } from "./dialect.js";
import type { NativeMessage } from "./tool-messages.js";

function hasContent(message: JsonObject): boolean {
  const content = message["content"];
  return (typeof content === "string" && content !== "") || (Array.isArray(content) && content.length > 0);
}

/** The messages in an order the member accepts, or undefined (with an error) when none is left to send. */
export function keepRoleOrder(
  dialect: ChatDialect,
  order: RoleOrder,
  natives: NativeMessage[],
  problems: Problems,
): JsonObject[] | undefined {
  const label = dialect.label;
  const output: NativeMessage[] = [];
  for (const entry of natives) {
    const message = entry.message;
    const previous = output.at(-1)?.message["role"];
    if (message["role"] === "assistant" && !hasContent(message) && !Array.isArray(message["tool_calls"])) {
      problems.warn(
        "message-dropped",
        entry.path,
        `${label} rejects an assistant message with neither content nor tool calls; it is left out`,
      );
      continue;
    }
    if (message["role"] === "system" && (previous === "assistant" || previous === "tool")) {
      problems.warn(
        "role-mapped",
        entry.path,
        `${label} takes no system message after an ${previous} message; it is sent as a user message`,
      );
      message["role"] = "user";
    }
    if (message["role"] === "user" && previous === "tool") {
      problems.warn(
        "value-assumed",
        entry.path,
        `${label} takes no user message right after tool messages; an assistant message "${order.bridgeText}" is put before it`,
      );
      output.push({ message: { role: "assistant", content: order.bridgeText }, path: entry.path });
    }
    output.push(entry);
  }
  const final = output.at(-1);
  if (final !== undefined && output.length > 1 && final.message["role"] === "system") {
    problems.warn(
      "role-mapped",
      final.path,
      `${label} serves a conversation that ends with a user or tool message; the final system message is sent as a user message`,
    );
    final.message["role"] = "user";
  }
  output.forEach((entry, index) => {
    const message = entry.message;
    if (message["role"] !== "assistant") return;
    const last = index === output.length - 1;
    if (last && message["prefix"] !== true) {
      problems.warn(
        "value-assumed",
        entry.path,
        `${label} serves a conversation that ends with a user or tool message or a prefix assistant message; the final assistant message is sent with prefix true, for the model to continue`,
      );
      message["prefix"] = true;
    } else if (!last && message["prefix"] === true) {
      problems.warn(
        "value-converted",
        pointer(entry.path, "provider_fields", dialect.provider, "prefix"),
        `${label} takes prefix only on the final message; it is sent as false`,
      );
      message["prefix"] = false;
    }
  });
  const messages = output.map((entry) => entry.message);
  if (messages.length === 0) {
    problems.error(
      "/messages",
      `this document holds no message ${label} can send, and ${withIndefiniteArticle(`${label} request`)} needs one`,
    );
    return undefined;
  }
  const first = messages[0]?.["role"];
  if (first !== "user" && first !== "system") {
    // A response used alone, as the Anthropic and Gemini converters do: the conversation it answered is not there.
    problems.warn(
      "value-assumed",
      "/messages/0",
      `${label} serves a conversation that starts with a user or system message; a placeholder user message (${JSON.stringify(order.placeholderUserText)}) was added`,
    );
    messages.unshift({ role: "user", content: order.placeholderUserText });
  }
  return messages;
}
