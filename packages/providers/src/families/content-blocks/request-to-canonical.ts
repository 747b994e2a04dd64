/**
 * A member's request → canonical transcript.
 *
 * - The system prompt → one leading system message: a string (where the member allows one) becomes one text part and
 *   the message is marked (`StringContentSpelling.marker`) so the string form is written back; blocks become parts.
 * - `messages` → messages in order, roles unchanged (tool results stay in the user message that carries them, as the
 *   API places them). String content → one text part plus the same marker; a system message inside `messages` (where
 *   the member allows one) is marked with `placementMarker`, so it is written back in place instead of hoisted.
 * - Tools, tool choice and every other field → the member's `fieldsToCanonical`: mapped fields to the document's
 *   `tools` and `tool_choice`, the rest verbatim to its `provider_fields`.
 */
import type { Message, Part, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import {
  fingerprint,
  isJsonObject,
  keptFields,
  pointer,
  restOf,
  runToCanonical,
  type Problems,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import type { RequestDialect } from "./dialect.js";

export function requestToCanonical(dialect: RequestDialect, request: unknown): ToCanonicalResult {
  return runToCanonical((problems) => convertRequest(dialect, request, problems));
}

function convertRequest(dialect: RequestDialect, request: unknown, problems: Problems): Transcript | undefined {
  const { format, providerKey, names } = dialect.content;
  if (!isJsonObject(request)) {
    problems.error("", `${names.request} must be a JSON object`);
    return undefined;
  }
  if (!Array.isArray(request.messages)) {
    problems.error("/messages", "is required and must be an array");
    return undefined;
  }
  const messages: Message[] = [];
  const known = ["messages"];
  const system = systemToCanonical(dialect, request.system, problems);
  if (system !== undefined) {
    known.push("system");
    messages.push(system);
  }
  request.messages.forEach((item: unknown, index) => {
    const message = messageToCanonical(dialect, item, pointer("/messages", index), problems);
    if (message !== undefined) messages.push(message);
  });
  const document: Transcript = {
    schema_version: formatVersion,
    id: `${format}-request-${fingerprint(request)}`,
    source: { format },
    messages,
  };
  const fields = keptFields(providerKey, dialect.fieldsToCanonical(request, document, known));
  if (fields !== undefined) document.provider_fields = fields;
  return document;
}

/** The system prompt → a system message, or undefined when the request has none the member reads as one. */
function systemToCanonical(dialect: RequestDialect, system: unknown, problems: Problems): Message | undefined {
  const { stringContent } = dialect;
  if (typeof system === "string" && stringContent !== undefined)
    return {
      role: "system",
      parts: [{ type: "text", text: system }],
      provider_fields: { [dialect.content.providerKey]: { [stringContent.marker]: true } },
    };
  // An empty list the member does not read as a prompt stays verbatim in the document's provider_fields.
  if (!Array.isArray(system) || (system.length === 0 && !dialect.emptySystem)) return undefined;
  const read = dialect.content.blocks.blockToPart;
  return {
    role: "system",
    parts: system.map((block: unknown, index) => read(block, pointer("/system", index), problems, "system")),
  };
}

function messageToCanonical(
  dialect: RequestDialect,
  item: unknown,
  path: string,
  problems: Problems,
): Message | undefined {
  if (!isJsonObject(item)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const role = item.role;
  if (!dialect.roles.includes(role as "user")) {
    problems.error(pointer(path, "role"), dialect.roleError);
    return undefined;
  }
  const content = item.content;
  const contentPath = pointer(path, "content");
  const { stringContent } = dialect;
  let parts: Part[];
  const isString = typeof content === "string" && stringContent !== undefined;
  if (isString) parts = [{ type: "text", text: content }];
  else if (Array.isArray(content)) {
    const read = dialect.content.blocks.blockToPart;
    parts = content.map((block: unknown, index) => read(block, pointer(contentPath, index), problems, "message"));
  } else {
    problems.error(
      contentPath,
      stringContent === undefined
        ? "must be an array of content blocks"
        : "must be a string or an array of content blocks",
    );
    return undefined;
  }
  const message: Message = { role: role as Message["role"], parts };
  const rest = restOf(item, ["role", "content"]) ?? {};
  if (isString) rest[stringContent.marker] = true;
  if (role === "system" && dialect.placementMarker !== undefined) rest[dialect.placementMarker] = "messages";
  const fields = keptFields(dialect.content.providerKey, rest);
  if (fields !== undefined) message.provider_fields = fields;
  return message;
}
