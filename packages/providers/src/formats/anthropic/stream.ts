/**
 * Anthropic server-sent events ↔ canonical transcript: Anthropic's event grammar, on the content-blocks family's stream
 * helpers and writer.
 *
 * Reading aggregates the events into the `Message` the same call, unstreamed, would have returned, then converts it
 * like a response (response.ts):
 * - `message_start` opens a message (its `content` may already hold blocks); `content_block_start` puts a block at its
 *   index; `content_block_delta` grows it: `text_delta` and `thinking_delta` append, `input_json_delta` collects the
 *   partial JSON that replaces the start block's `input` when the block stops, `signature_delta` sets the signature
 *   (it arrives complete, after the thinking), `citations_delta` appends a citation, `compaction_delta` appends to the
 *   compaction's content.
 * - `message_delta` sets `stop_reason`, `stop_sequence` and the other fields of its `delta` (and any field beside it,
 *   such as `context_management`); its `usage` counters are cumulative and overwrite those of `message_start`.
 * - `message_stop` ends the message. A stream may hold several messages (programmatic tool calling, one step after
 *   another): each becomes one assistant message, in order. A `message_start` before the previous `message_stop`
 *   ends the previous message where it was (reported). `ping` carries nothing; an `error` event becomes the `error`
 *   of the message it interrupted (or of a message of its own).
 *
 * Writing produces, per assistant message, `message_start` (the message with empty content and a null stop reason),
 * each block as `content_block_start` with its empty form, the deltas that rebuild it, and `content_block_stop`, then
 * `message_delta` and `message_stop`: reading those events back gives the same document.
 */
import type { Message } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import type { AnthropicStreamEvent } from "./types.js";
import {
  cloneJson,
  describeValue,
  isJsonObject,
  pointer,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  appendText,
  assign,
  blocksOf,
  completeSignature,
  interruptedBy,
  streamConverters,
  StreamedInputs,
  type StreamDialect,
} from "../../families/content-blocks/index.js";
import { anthropicContent } from "./content.js";
import { providerKey } from "./native-fields.js";
import { messageToCanonical, responseDialect } from "./response.js";

const streamDialect: StreamDialect = {
  response: responseDialect,
  notAssistant: "a stream carries only the model's messages; this one was left out",
  oneMessage: undefined,
  readEvents,
  eventsOf: (message, context) => eventsOf(message, context.partialInputs),
};

export const { streamToCanonical, streamFromCanonical } = streamConverters<AnthropicStreamEvent>(streamDialect);

interface OpenMessage {
  message: JsonObject;
  content: unknown[];
  /** Partial JSON collected per block index, replacing the block's input when it stops. */
  inputs: StreamedInputs;
  path: string;
}

/** The events → the messages they stand for; the document's id is a fingerprint of the events. */
function readEvents(chunks: readonly unknown[], problems: Problems): { messages: Message[]; source: unknown } {
  const messages: Message[] = [];
  let open: OpenMessage | undefined;
  const close = (): Message | undefined => {
    if (open === undefined) return undefined;
    for (const index of open.inputs.pending()) stopBlock(open, index, problems);
    open.message.content = open.content;
    const message = messageToCanonical(open.message, open.path, problems);
    // Content blocks and parts correspond one to one: a call whose input never became JSON keeps the text as raw_input.
    open.inputs.keepRaw((index) => message?.parts[index]);
    open = undefined;
    if (message !== undefined) messages.push(message);
    return message;
  };
  chunks.forEach((chunk, position) => {
    const path = pointer("", position);
    if (!isJsonObject(chunk) || typeof chunk.type !== "string") {
      problems.error(path, "a stream event must be a JSON object with a type");
      return;
    }
    if (chunk.type === "ping") return;
    if (chunk.type === "message_start") {
      if (open !== undefined) {
        problems.warn(
          "input-normalized",
          path,
          "a new message started before the previous one stopped; the previous message ends where it was",
        );
        close();
      }
      if (!isJsonObject(chunk.message)) {
        problems.error(pointer(path, "message"), "must be an object");
        return;
      }
      const message = cloneJson(chunk.message);
      open = {
        message,
        content: Array.isArray(message.content) ? message.content : [],
        inputs: new StreamedInputs(),
        path: pointer(path, "message"),
      };
      return;
    }
    if (chunk.type === "error") {
      const error = isJsonObject(chunk.error) ? chunk.error : {};
      const text = `${typeof error.type === "string" ? error.type : "error"}: ${typeof error.message === "string" ? error.message : "no message"}`;
      const interrupted = close();
      if (interrupted !== undefined) interruptedBy(anthropicContent, interrupted, text, chunk);
      else {
        messages.push({
          role: "assistant",
          parts: [],
          error: text,
          finish_reason: "error",
          provider_fields: { [providerKey]: { stream_error: cloneJson(chunk) } },
        });
      }
      return;
    }
    if (open === undefined) {
      problems.error(
        path,
        `${withIndefiniteArticle(`${chunk.type} event`)} outside a message (no message_start before it)`,
      );
      return;
    }
    applyEvent(open, chunk, path, problems);
    if (chunk.type === "message_stop") close();
  });
  if (open !== undefined) {
    problems.warn("input-normalized", "", "the stream ended before message_stop; the last message ends where it was");
    close();
  }
  if (messages.length === 0 && problems.errors.length === 0) problems.error("", "the stream holds no message");
  return { messages, source: chunks };
}

function applyEvent(open: OpenMessage, event: JsonObject, path: string, problems: Problems): void {
  switch (event.type) {
    case "content_block_start": {
      const index = event.index;
      if (
        typeof index !== "number" ||
        !Number.isSafeInteger(index) ||
        index < 0 ||
        !isJsonObject(event.content_block)
      ) {
        problems.error(path, "content_block_start needs an index and a content_block");
        return;
      }
      open.content[index] = cloneJson(event.content_block);
      return;
    }
    case "content_block_delta": {
      const index = event.index;
      const block = typeof index === "number" ? open.content[index] : undefined;
      if (typeof index !== "number" || !isJsonObject(block) || !isJsonObject(event.delta)) {
        problems.error(path, "content_block_delta needs the index of a started block and a delta");
        return;
      }
      applyDelta(open, index, block, event.delta, pointer(path, "delta"), problems);
      return;
    }
    case "content_block_stop":
      if (typeof event.index === "number") stopBlock(open, event.index, problems);
      return;
    case "message_delta": {
      if (isJsonObject(event.delta)) assign(open.message, cloneJson(event.delta));
      if (isJsonObject(event.usage))
        open.message.usage = assign(isJsonObject(open.message.usage) ? open.message.usage : {}, cloneJson(event.usage));
      for (const [key, value] of Object.entries(event))
        if (key !== "type" && key !== "delta" && key !== "usage") open.message[key] = cloneJson(value);
      return;
    }
    case "message_stop":
      return;
    default:
      problems.warn("field-dropped", path, `an event of unknown type ${describeValue(event.type)} was left out`);
  }
}

function applyDelta(
  open: OpenMessage,
  index: number,
  block: JsonObject,
  delta: JsonObject,
  path: string,
  problems: Problems,
): void {
  switch (delta.type) {
    case "text_delta":
      return appendText(block, "text", delta.text);
    case "thinking_delta":
      return appendText(block, "thinking", delta.thinking);
    case "signature_delta":
      return completeSignature(block, delta.signature);
    case "input_json_delta":
      open.inputs.append(index, delta.partial_json);
      return;
    case "citations_delta":
      if (!Array.isArray(block.citations)) block.citations = [];
      (block.citations as unknown[]).push(cloneJson(delta.citation));
      return;
    case "compaction_delta":
      return appendText(block, "content", delta.content);
    default:
      problems.warn("field-dropped", path, `a delta of unknown type ${describeValue(delta.type)} was left out`);
  }
}

function stopBlock(open: OpenMessage, index: number, problems: Problems): void {
  const input = open.inputs.take(index, pointer(open.path, "content", index), problems);
  const block = open.content[index];
  if (input !== undefined && isJsonObject(block)) block.input = input.value;
}

/** The events that stream one native message. */
function eventsOf(message: JsonObject, partial: WeakMap<JsonObject, string>): JsonObject[] {
  const content = blocksOf(message);
  const start = assign({}, message);
  start.content = [];
  start.stop_reason = null;
  if (Object.hasOwn(message, "stop_sequence")) start.stop_sequence = null;
  const events: JsonObject[] = [{ type: "message_start", message: start }];
  content.forEach((block, index) => {
    const { opening, deltas } = streamBlock(block, partial.get(block));
    events.push({ type: "content_block_start", index, content_block: opening });
    for (const delta of deltas) events.push({ type: "content_block_delta", index, delta });
    events.push({ type: "content_block_stop", index });
  });
  const delta: JsonObject = { stop_reason: message.stop_reason ?? null };
  if (Object.hasOwn(message, "stop_sequence")) delta.stop_sequence = message.stop_sequence;
  const messageDelta: JsonObject = { type: "message_delta", delta };
  if (isJsonObject(message.usage)) messageDelta.usage = cloneJson(message.usage);
  events.push(messageDelta, { type: "message_stop" });
  return events;
}

/** A block's opening form and the deltas that grow it back to the whole block. */
function streamBlock(
  block: JsonObject,
  partialJson: string | undefined,
): { opening: JsonObject; deltas: JsonObject[] } {
  const opening = cloneJson(block);
  const deltas: JsonObject[] = [];
  switch (block.type) {
    case "text":
      opening.text = "";
      if (Array.isArray(block.citations) && block.citations.length > 0) {
        opening.citations = [];
        for (const citation of block.citations) deltas.push({ type: "citations_delta", citation: cloneJson(citation) });
      }
      if (typeof block.text === "string" && block.text !== "") deltas.push({ type: "text_delta", text: block.text });
      break;
    case "thinking":
      opening.thinking = "";
      if (typeof block.thinking === "string" && block.thinking !== "")
        deltas.push({ type: "thinking_delta", thinking: block.thinking });
      if (typeof block.signature === "string") {
        opening.signature = "";
        if (block.signature !== "") deltas.push({ type: "signature_delta", signature: block.signature });
      }
      break;
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      opening.input = {};
      if (partialJson !== undefined) deltas.push({ type: "input_json_delta", partial_json: partialJson });
      else if (!(isJsonObject(block.input) && Object.keys(block.input).length === 0))
        deltas.push({ type: "input_json_delta", partial_json: JSON.stringify(block.input) });
      break;
    case "compaction":
      if (typeof block.content === "string") {
        opening.content = null;
        deltas.push({ type: "compaction_delta", content: block.content });
      }
      break;
    default:
      break;
  }
  return { opening, deltas };
}
