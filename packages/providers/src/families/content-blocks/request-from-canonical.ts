/**
 * Canonical transcript → a member's request, for documents from any source.
 *
 * What the family requires and how a document is made to fit (each change reported as a warning):
 * - System prompt: leading system and developer messages become the top-level system prompt (a string when it was one,
 *   where the member allows it; developer → `role-mapped`). A system message that came from inside `messages` (the
 *   member's `placementMarker`) is written back in place; any other system or developer message in mid-conversation
 *   is hoisted to the system prompt (`order-changed`).
 * - Roles: `tool` messages become `user` messages (tool results belong in user turns), joining the user turn beside
 *   them (how the family places results; not reported). Consecutive messages of one role form one turn: where the
 *   member merges them (`mergeReason`), into one message (`parts-merged`); otherwise each is written as the message it
 *   was, and the turn is paired as one.
 * - Tool pairing: every client tool call is answered by tool-result blocks at the start of the immediately next user
 *   turn; results found elsewhere are moved there (`results-regrouped`), a missing result is answered with an
 *   error result (`value-assumed`) unless the call is in the last message (a call still pending), and a result whose
 *   call is not in the preceding assistant message becomes text (`tool-result-unmatched`). A server tool's result
 *   that is a tool-result block (Bedrock) stays beside its call in the assistant message.
 * - Ids: call ids that break the member's rule (or repeat) are renamed with their results (`id-remapped`).
 * - Reasoning: the member's own is replayed byte-exact; other issuers' follows `options.foreignReasoning`.
 * - Messages left with no content are dropped (`message-dropped`); a conversation that does not start with a user
 *   message gets a placeholder one (`value-assumed`). Tools, tool choice and required defaults are the member's;
 *   request settings kept for other providers are carried to the member's fields (request-settings.ts).
 */
import type { Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import {
  carryRequestSettings,
  isSettingsFormat,
  pointer,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  append,
} from "../../conversion/index.js";
import { messageBlocks, writeFromCanonical, type FromCanonicalContext } from "./content-from-canonical.js";
import type { ContentBlocksDialect, RequestDialect } from "./dialect.js";
import { assign, fieldsOf, takeField } from "./native-fields.js";

const placeholderUserText = "Continue.";
const missingResultText = "No result was recorded for this tool call.";

interface NativeMessage {
  role: "user" | "assistant" | "system";
  content: JsonObject[];
  /** The canonical roles merged into this message. */
  sources: string[];
  /** The canonical message index of the first source, for warning paths. */
  index: number;
  /** The content was a string and is written back as one, if it still is one plain text block. */
  stringContent: boolean;
  fields: JsonObject;
  /**
   * Where the member keeps the boundaries of a turn's messages (no `mergeReason`): the messages this turn combines, in
   * order, this one first. Each block is written in the message that owns it (`Owners`).
   */
  turn?: NativeMessage[];
}

/** The message each block was written for, so a turn of several messages can be written back as those messages. */
type Owners = WeakMap<JsonObject, NativeMessage>;

/** Message fields a request has no place for: they describe a response or the transcript, not the prompt. */
const messageFieldsHandled = ["role", "parts", "provider_fields"];

/**
 * Whether a message is a response's (it states how the response ended, its id or its usage): its kept fields are
 * then the response's (`usage`, `metrics`, `stop_sequence`, …), which a request message has no place for and the
 * APIs refuse as unknown members.
 */
function responseMessage(message: Tolerant.Message): boolean {
  return (
    message.finish_reason !== undefined ||
    message.native_finish_reason !== undefined ||
    message.response_id !== undefined ||
    message.usage !== undefined
  );
}

/** A response message's kept fields, each named as left out; nothing of them goes into the request message. */
function responseFieldsDropped(
  message: Tolerant.Message,
  path: string,
  content: ContentBlocksDialect,
  problems: Problems,
): JsonObject {
  for (const key of Object.keys(fieldsOf(content, message)))
    problems.warn(
      "field-dropped",
      pointer(path, "provider_fields", content.providerKey, key),
      `${key} is a field of the response, not of a request message`,
    );
  return {};
}
const documentFieldsHandled = ["schema_version", "id", "source", "messages", "tools", "tool_choice", "provider_fields"];

export function requestFromCanonical<Request>(
  dialect: RequestDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Request> {
  return writeFromCanonical<Request>(dialect.content, document, options, "request", (checked, context) =>
    convertDocument(dialect, checked, options, context),
  );
}

function convertDocument(
  dialect: RequestDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const { content } = dialect;
  const { names } = content;
  const { problems } = context;
  for (const [key, value] of Object.entries(document)) {
    if (value !== undefined && !documentFieldsHandled.includes(key))
      problems.warn(
        "field-dropped",
        pointer("", key),
        `${key} describes the transcript; ${names.request} has no place for it`,
      );
  }
  const request = fieldsOf(content, document);
  dialect.prepare?.(document, context);
  const { system, messages } = convertMessages(dialect, document.messages, context);
  if (system !== undefined) request.system = system;
  if (messages.length === 0) {
    problems.error("/messages", `${names.api} needs at least one message, and the document has none that can be sent`);
    return undefined;
  }
  request.messages = messages;
  dialect.fieldsFromCanonical(document, request, messages, context);
  // Other providers' request settings (and the caller's) go to the member's fields, or are reported.
  if (isSettingsFormat(content.format)) carryRequestSettings(content.format, document, request, options, problems);
  dialect.requiredFields?.(document, request, context);
  return request;
}

function convertMessages(
  dialect: RequestDialect,
  source: readonly Tolerant.Message[],
  context: FromCanonicalContext,
): { system: string | JsonObject[] | undefined; messages: JsonObject[] } {
  const { problems } = context;
  const { names, providerKey } = dialect.content;
  const stringMarker = dialect.stringContent?.marker;
  const { placementMarker } = dialect;
  const systemBlocks: JsonObject[] = [];
  /** Per message that joined the system prompt: whether its content was a string. */
  const systemSources: boolean[] = [];
  let native: NativeMessage[] = [];
  const owners: Owners = new WeakMap();
  let conversationStarted = false;
  source.forEach((message, index) => {
    const path = pointer("/messages", index);
    for (const [key, value] of Object.entries(message)) {
      if (value !== undefined && !messageFieldsHandled.includes(key))
        problems.warn("field-dropped", pointer(path, key), `${key} has no place in ${names.request} message`);
    }
    const fields = responseMessage(message)
      ? responseFieldsDropped(message, path, dialect.content, problems)
      : fieldsOf(dialect.content, message);
    const stringContent = stringMarker !== undefined && takeField(fields, stringMarker) === true;
    const placement = placementMarker === undefined ? undefined : takeField(fields, placementMarker);
    const role = String(message.role);
    if (role === "system" || role === "developer") {
      if (role === "system" && placement === "messages") {
        // The API accepts more than text here (tool_addition blocks), so the blocks are read as a message's.
        native.push({
          role: "system",
          content: blocksOf(dialect, message, path, context, "message"),
          sources: ["system"],
          index,
          stringContent,
          fields,
        });
        return;
      }
      if (role === "developer")
        problems.warn(
          "role-mapped",
          pointer(path, "role"),
          `${names.short} has no developer role; the message joined the system prompt`,
        );
      if (conversationStarted)
        problems.warn(
          "order-changed",
          path,
          `${withIndefiniteArticle(`${role} message`)} in mid-conversation was moved to the top-level system prompt`,
        );
      const blocks = blocksOf(dialect, message, path, context, "system");
      append(systemBlocks, blocks);
      systemSources.push(stringContent);
      for (const key of Object.keys(fields))
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", providerKey, key),
          `${key} has no place in the top-level system prompt`,
        );
      return;
    }
    conversationStarted = true;
    if (role !== "user" && role !== "assistant" && role !== "tool") {
      problems.warn("message-dropped", path, `${names.short} has no ${role} role; the message was left out`);
      return;
    }
    native.push({
      role: role === "assistant" ? "assistant" : "user",
      content: blocksOf(dialect, message, path, context, "message"),
      sources: [role],
      index,
      stringContent,
      fields,
    });
  });
  for (const message of native) for (const block of message.content) owners.set(block, message);
  native = native.filter((message) => {
    if (message.content.length > 0) return true;
    const why =
      source[message.index]?.parts.length === 0
        ? `${names.short} does not accept a message with empty content`
        : `nothing in the message can be sent to ${names.short}`;
    problems.warn("message-dropped", pointer("/messages", message.index), `${why}; the message was left out`);
    return false;
  });
  native = mergeRuns(dialect, native, problems, owners);
  pairToolResults(dialect, native, context);
  // Regrouping can leave a message that held only moved results empty; its neighbours may then be of one role.
  native = mergeRuns(
    dialect,
    native.filter((message) => message.content.length > 0),
    problems,
    owners,
  );
  if (native.length > 0 && native[0]?.role !== "user") {
    problems.warn(
      "value-assumed",
      "/messages/0",
      `${names.short} conversations start with a user message; a placeholder user message (${JSON.stringify(placeholderUserText)}) was added`,
    );
    native.unshift({
      role: "user",
      content: [dialect.content.blocks.text(placeholderUserText)],
      sources: ["user"],
      index: 0,
      stringContent: false,
      fields: {},
    });
  }
  const write = toNativeMessage(dialect);
  return {
    system: systemOf(dialect, systemBlocks, systemSources),
    messages: native.flatMap((message) => messagesOfTurn(message, owners).map(write)),
  };
}

/** The system prompt: a string when it was one (one source, one plain text block), else its blocks, if any. */
function systemOf(
  dialect: RequestDialect,
  blocks: JsonObject[],
  sources: readonly boolean[],
): string | JsonObject[] | undefined {
  if (sources.length === 0 || (blocks.length === 0 && !dialect.emptySystem)) return undefined;
  const only = sources.length === 1 && sources[0] === true && blocks.length === 1 ? blocks[0] : undefined;
  const text = only === undefined ? undefined : dialect.stringContent?.plainText(only);
  return text ?? blocks;
}

function blocksOf(
  dialect: RequestDialect,
  message: Tolerant.Message,
  path: string,
  context: FromCanonicalContext,
  place: "message" | "system",
): JsonObject[] {
  const { content } = dialect;
  const spelling = content.blocks;
  return messageBlocks(content, message.parts, path, context, place, (part, partPath) =>
    part.provider_executed === true
      ? spelling.serverResultBlock(part, partPath, context)
      : spelling.toolResultBlock(part, partPath, context),
  );
}

/**
 * Joins consecutive user (or assistant) messages into one turn; system messages inside `messages` stay on their own.
 * Messages of one canonical role are merged (`parts-merged`) where the member requires alternating roles, and kept
 * as the turn's messages otherwise; a tool message always joins the user message beside it.
 */
function mergeRuns(
  dialect: RequestDialect,
  messages: NativeMessage[],
  problems: Problems,
  owners: Owners,
): NativeMessage[] {
  const merged: NativeMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last === undefined || last.role !== message.role || message.role === "system") {
      merged.push(message);
      continue;
    }
    const sameRole = last.sources.some((role) => message.sources.includes(role) && role !== "tool");
    append(last.content, message.content);
    if (sameRole && dialect.mergeReason === undefined) {
      last.turn = [...(last.turn ?? [last]), ...(message.turn ?? [message])];
      continue;
    }
    if (sameRole)
      problems.warn(
        "parts-merged",
        pointer("/messages", message.index),
        `consecutive ${message.role} messages were merged into one (${dialect.mergeReason})`,
      );
    // The message joins the turn's last message: its blocks are written there.
    const tail = last.turn?.at(-1) ?? last;
    for (const block of message.content) owners.set(block, tail);
    append(tail.sources, message.sources);
    tail.stringContent = false;
    assign(tail.fields, message.fields);
  }
  return merged;
}

/**
 * The messages a turn is written as: itself, or (kept boundaries) one message per run of blocks with the same owner.
 * A block owned by no message of the turn (a result moved here, an error result made up) joins the run it is in, or
 * the turn's first message when it leads.
 */
function messagesOfTurn(message: NativeMessage, owners: Owners): NativeMessage[] {
  const turn = message.turn;
  if (turn === undefined) return [message];
  const written: NativeMessage[] = [];
  let current: { owner: NativeMessage; message: NativeMessage } | undefined;
  for (const block of message.content) {
    const owner = owners.get(block);
    const own = owner !== undefined && turn.includes(owner) ? owner : (current?.owner ?? (turn[0] as NativeMessage));
    if (current === undefined || current.owner !== own) {
      const { turn: _turn, ...fields } = own;
      current = { owner: own, message: { ...fields, content: [] } };
      written.push(current.message);
    }
    current.message.content.push(block);
  }
  return written;
}

/** Puts every call's results at the start of the next user message, and turns unmatched results into text. */
function pairToolResults(dialect: RequestDialect, messages: NativeMessage[], context: FromCanonicalContext): void {
  const { problems } = context;
  const { short } = dialect.content.names;
  const { clientCallId, clientResultId, serverCallId, serverResultId, missingResult, unmatchedResultAsText } =
    dialect.content.blocks;
  const where = (block: JsonObject | undefined, message: NativeMessage): string =>
    (block === undefined ? undefined : context.paths.get(block)) ?? pointer("/messages", message.index);
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as NativeMessage;
    if (message.role !== "assistant") continue;
    const ids = idsOf(message.content, clientCallId);
    if (ids.length === 0) continue;
    const next = messages[index + 1];
    const inNext = next?.role === "user" ? idsOf(next.content, clientResultId) : [];
    const leading =
      next?.role === "user"
        ? next.content.slice(0, ids.length).every((block) => clientResultId(block) !== undefined)
        : false;
    if (ids.every((id) => inNext.includes(id)) && leading) continue;
    if (
      next === undefined &&
      ids.every((id) => !messages.some((other) => other.content.some((block) => clientResultId(block) === id)))
    )
      continue;
    // Collect each call's result from wherever it is (the first one found), in the order of the calls.
    const results: JsonObject[] = [];
    let moved = false;
    for (const id of ids) {
      let found: JsonObject | undefined;
      for (let later = index + 1; later < messages.length && found === undefined; later += 1) {
        const candidate = messages[later] as NativeMessage;
        const position = candidate.content.findIndex((block) => clientResultId(block) === id);
        if (position === -1) continue;
        found = candidate.content.splice(position, 1)[0];
        if (later !== index + 1) moved = true;
      }
      if (found === undefined) {
        problems.warn(
          "value-assumed",
          pointer("/messages", message.index),
          `tool call ${id} has no result; ${short} needs one in the next message, so an error result was added`,
        );
        found = missingResult(id, missingResultText);
      }
      results.push(found);
    }
    if (next?.role === "user") {
      const wasOrdered = inNext.length === ids.length && leading;
      next.content = [...results, ...next.content];
      // Results made up for calls without one are reported as such (value-assumed); only real ones are regrouped.
      if (moved || (!wasOrdered && results.some((block) => context.paths.has(block))))
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            next,
          ),
          `tool results were moved to the start of the user message right after their calls, as ${short} requires`,
        );
    } else {
      messages.splice(index + 1, 0, {
        role: "user",
        content: results,
        sources: ["tool"],
        index: message.index,
        stringContent: false,
        fields: {},
      });
      if (moved)
        problems.warn(
          "results-regrouped",
          where(
            results.find((block) => context.paths.has(block)),
            message,
          ),
          `tool results were moved into a user message right after their calls, as ${short} requires`,
        );
    }
  }
  // Results that still do not answer a call of the message right before them cannot be sent as results. A server
  // tool's result block answers the call beside it in the same assistant message.
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const calls = previous?.role === "assistant" ? idsOf(previous.content, clientCallId) : [];
    const serverCalls = serverCallId === undefined ? undefined : new Set(idsOf(message.content, serverCallId));
    // Most messages answer as they should: their content is rebuilt only from the first result that does not.
    let kept: JsonObject[] | undefined;
    message.content.forEach((block, position) => {
      const serverId = serverResultId === undefined ? undefined : serverResultId(block);
      const id = clientResultId(block) ?? serverId;
      const answers =
        id === undefined ||
        (serverId !== undefined
          ? message.role === "assistant" && serverCalls?.has(serverId) === true
          : message.role === "user" && calls.includes(id));
      if (answers) {
        kept?.push(block);
        return;
      }
      kept ??= message.content.slice(0, position);
      problems.warn(
        "tool-result-unmatched",
        where(block, message),
        `the result of tool call ${id} answers no call in the message before it; it was sent as text`,
      );
      append(kept, unmatchedResultAsText(block, id));
    });
    if (kept !== undefined) message.content = kept;
  });
}

/** The ids `read` finds in `blocks`, in order. */
function idsOf(blocks: readonly JsonObject[], read: (block: JsonObject) => string | undefined): string[] {
  const ids: string[] = [];
  for (const block of blocks) {
    const id = read(block);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

function toNativeMessage(dialect: RequestDialect): (message: NativeMessage) => JsonObject {
  const plainText = dialect.stringContent?.plainText;
  return (message) => {
    const native = assign({}, message.fields);
    native.role = message.role;
    const only = message.content.length === 1 ? message.content[0] : undefined;
    const text =
      message.stringContent && message.sources.length === 1 && only !== undefined && plainText !== undefined
        ? plainText(only)
        : undefined;
    native.content = text ?? message.content;
    return native;
  };
}
