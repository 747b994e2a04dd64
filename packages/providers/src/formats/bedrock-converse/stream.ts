/**
 * Bedrock `converse-stream` events ↔ canonical transcript: Bedrock's event grammar, on the content-blocks family's
 * stream helpers and writer. Each event is `{ "<event type>": payload }`.
 *
 * Reading aggregates the events into the response the same call, unstreamed, would have returned, then converts it
 * like a response (response.ts):
 * - `messageStart` opens the message (its `role`); a stream without one (recorded by some clients) is read the same.
 * - `contentBlockStart` puts a block at its `contentBlockIndex`: `start.toolUse` (id, name, type) or
 *   `start.toolResult` (id, type, status); text and reasoning blocks have no start, or an empty one.
 * - `contentBlockDelta` grows the block at its index: `text` appends; `toolUse.input` collects the JSON text that
 *   becomes the input when the block stops (an empty text is `{}`, as the unstreamed response has it);
 *   `toolResult` appends result content; `reasoningContent.text` appends, `.signature` sets the signature (it arrives
 *   complete, after the text) and `.redactedContent` appends redacted data.
 * - `messageStop` sets `stopReason` and `additionalModelResponseFields`; `metadata` sets `usage`, `metrics` and its
 *   other fields, exactly where the unstreamed response has them.
 * - The `p` field every event of the service carries is padding against length side channels, not content: it is
 *   left out (one `field-dropped` warning for the stream). An exception event (`throttlingException`, …) becomes the
 *   `error` of the message it interrupted.
 *
 * Writing produces `messageStart`, per block a `contentBlockStart` where the block has a start form, the deltas that
 * rebuild it and `contentBlockStop`, then `messageStop` and `metadata`: reading those events back gives the same
 * document.
 */
import {
  cloneJson,
  isJsonObject,
  pointer,
  restOf,
  type JsonObject,
  type Problems,
  append,
} from "../../conversion/index.js";
import type { Message } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import {
  appendText,
  assign,
  blocksOf,
  completeSignature,
  interruptedBy,
  streamConverters,
  StreamedInputs,
  type FromCanonicalContext,
  type StreamDialect,
} from "../../families/content-blocks/index.js";
import { bedrockContent } from "./content.js";
import { providerKey } from "./native-fields.js";
import { messageToCanonical, responseDialect } from "./response.js";
import type { BedrockConverseStreamEvent } from "./types.js";

const streamDialect: StreamDialect = {
  response: responseDialect,
  notAssistant: "a stream carries only the model's message; this one was left out",
  oneMessage: "a Converse stream carries one assistant message; this one was left out",
  readEvents,
  eventsOf,
};

export const { streamToCanonical, streamFromCanonical } = streamConverters<BedrockConverseStreamEvent>(streamDialect);

/** Padding against length side channels that the service adds to every event: not content. */
const paddingKey = "p";
const exceptionTypes = [
  "internalServerException",
  "modelStreamErrorException",
  "serviceUnavailableException",
  "throttlingException",
  "validationException",
];

interface Aggregate {
  message: JsonObject;
  response: JsonObject;
  blocks: Array<JsonObject | undefined>;
  /** Tool input JSON text collected per block index. */
  inputs: StreamedInputs;
  padded: string | undefined;
  error: string | undefined;
  errorEvent: JsonObject | undefined;
}

/**
 * The events → the one message of the response they fill; the document's id is a fingerprint of that response, so a
 * stream and the same response unstreamed get the same one.
 */
function readEvents(
  chunks: readonly unknown[],
  problems: Problems,
): { messages: Message[]; source: unknown } | undefined {
  const state: Aggregate = {
    message: { role: "assistant" },
    response: {},
    blocks: [],
    inputs: new StreamedInputs(),
    padded: undefined,
    error: undefined,
    errorEvent: undefined,
  };
  chunks.forEach((chunk, position) => {
    const path = pointer("", position);
    const keys = isJsonObject(chunk) ? Object.keys(chunk) : [];
    const type = keys[0];
    if (!isJsonObject(chunk) || keys.length !== 1 || type === undefined || !isJsonObject(chunk[type])) {
      problems.error(path, "a stream event must be an object with one event type holding an object");
      return;
    }
    const payload = chunk[type] as JsonObject;
    const eventPath = pointer(path, type);
    if (Object.hasOwn(payload, paddingKey)) state.padded ??= pointer(eventPath, paddingKey);
    applyEvent(state, type, payload, eventPath, problems);
  });
  state.blocks.forEach((_block, index) => stopBlock(state, index, problems));
  if (state.padded !== undefined)
    problems.warn(
      "field-dropped",
      state.padded,
      "the p field of the events is padding against length side channels, not content; it is left out",
    );
  if (problems.errors.length > 0) return undefined;
  const content = state.blocks.filter((block): block is JsonObject => block !== undefined);
  const response = assign({ output: { message: assign(state.message, { content }) } }, state.response);
  const message = messageToCanonical(response, "", problems);
  if (message === undefined) return undefined;
  if (state.error !== undefined) interruptedBy(bedrockContent, message, state.error, state.errorEvent);
  state.inputs.keepRaw((index) => message.parts[content.indexOf(state.blocks[index] as JsonObject)]);
  return { messages: [message], source: response };
}

function withoutPadding(payload: JsonObject, known: readonly string[]): JsonObject | undefined {
  return restOf(payload, [...known, paddingKey]);
}

function applyEvent(state: Aggregate, type: string, payload: JsonObject, path: string, problems: Problems): void {
  switch (type) {
    case "messageStart":
      assign(state.message, withoutPadding(payload, []) ?? {});
      return;
    case "contentBlockStart":
    case "contentBlockDelta":
    case "contentBlockStop": {
      const index = payload.contentBlockIndex;
      if (typeof index !== "number" || !Number.isSafeInteger(index) || index < 0) {
        problems.error(pointer(path, "contentBlockIndex"), "must be a non-negative integer");
        return;
      }
      const extra = withoutPadding(payload, ["contentBlockIndex", "start", "delta"]);
      for (const key of Object.keys(extra ?? {}))
        problems.warn(
          "field-dropped",
          pointer(path, key),
          `${key} is not part of ${withIndefiniteArticle(`${type} event`)}; it was left out`,
        );
      if (type === "contentBlockStart") startBlock(state, index, payload.start, pointer(path, "start"), problems);
      else if (type === "contentBlockDelta") applyDelta(state, index, payload.delta, pointer(path, "delta"), problems);
      else stopBlock(state, index, problems);
      return;
    }
    case "messageStop":
    case "metadata":
      assign(state.response, cloneJson(withoutPadding(payload, []) ?? {}));
      return;
    default:
      if (exceptionTypes.includes(type) || type.endsWith("Exception")) {
        const message = typeof payload.message === "string" ? payload.message : "no message";
        state.error = `${type}: ${message}`;
        state.errorEvent = { [type]: cloneJson(payload) };
        return;
      }
      problems.warn("field-dropped", path, `an event of unknown type ${type} was left out`);
  }
}

function startBlock(state: Aggregate, index: number, start: unknown, path: string, problems: Problems): void {
  if (start === undefined || (isJsonObject(start) && Object.keys(start).length === 0)) return;
  if (!isJsonObject(start)) {
    problems.error(path, "must be an object");
    return;
  }
  if (isJsonObject(start.toolUse)) {
    state.blocks[index] = { toolUse: cloneJson(start.toolUse) };
  } else if (isJsonObject(start.toolResult)) {
    state.blocks[index] = { toolResult: assign(cloneJson(start.toolResult), { content: [] }) };
  } else {
    problems.warn(
      "field-dropped",
      path,
      `a block start of kind ${Object.keys(start).join(", ")} is not read by this converter; it was left out`,
    );
  }
}

function applyDelta(state: Aggregate, index: number, delta: unknown, path: string, problems: Problems): void {
  if (!isJsonObject(delta)) {
    problems.error(path, "must be an object");
    return;
  }
  const existing = state.blocks[index];
  if (typeof delta.text === "string") {
    const block = existing ?? {};
    appendText(block, "text", delta.text);
    state.blocks[index] = block;
    return;
  }
  if (isJsonObject(delta.toolUse)) {
    if (!isJsonObject(existing?.toolUse)) {
      problems.error(path, "a toolUse delta for a block that did not start as a toolUse");
      return;
    }
    state.inputs.append(index, delta.toolUse.input);
    return;
  }
  if (Array.isArray(delta.toolResult)) {
    const result = existing?.toolResult;
    if (!isJsonObject(result) || !Array.isArray(result.content)) {
      problems.error(path, "a toolResult delta for a block that did not start as a toolResult");
      return;
    }
    append(result.content, cloneJson(delta.toolResult));
    return;
  }
  if (isJsonObject(delta.reasoningContent)) {
    const reasoning = delta.reasoningContent;
    const block = existing ?? { reasoningContent: {} };
    const content = isJsonObject(block.reasoningContent) ? block.reasoningContent : {};
    block.reasoningContent = content;
    state.blocks[index] = block;
    if (typeof reasoning.redactedContent === "string") {
      appendText(content, "redactedContent", reasoning.redactedContent);
      return;
    }
    const text = isJsonObject(content.reasoningText) ? content.reasoningText : {};
    content.reasoningText = text;
    appendText(text, "text", reasoning.text);
    completeSignature(text, reasoning.signature);
    return;
  }
  problems.warn(
    "field-dropped",
    path,
    `a delta of kind ${Object.keys(delta).join(", ")} is not read by this converter; it was left out`,
  );
}

function stopBlock(state: Aggregate, index: number, problems: Problems): void {
  const block = state.blocks[index];
  if (!isJsonObject(block) || !isJsonObject(block.toolUse) || Object.hasOwn(block.toolUse, "input")) return;
  // No text (or an empty one) is `{}`, as the unstreamed response has it; so is a text that is not JSON.
  const input = state.inputs.take(index, pointer("", "contentBlock", index), problems);
  block.toolUse.input = input === undefined ? {} : input.value;
}

/** The events that stream one response object. */
function eventsOf(response: JsonObject, context: FromCanonicalContext, path: string): JsonObject[] {
  const output = isJsonObject(response.output) ? response.output : {};
  const message = isJsonObject(output.message) ? output.message : {};
  const content = blocksOf(message);
  for (const key of Object.keys(output))
    if (key !== "message")
      context.problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", providerKey, "output", key),
        `${key} beside the message has no place in a Converse stream`,
      );
  const start = restOf(message, ["content"]) ?? {};
  const events: JsonObject[] = [{ messageStart: start }];
  content.forEach((block, index) => {
    const blockPath = context.paths.get(block) ?? path;
    const rendered = streamBlock(block, context.partialInputs, blockPath, context.problems);
    if (rendered === undefined) return;
    if (rendered.start !== undefined)
      events.push({ contentBlockStart: { contentBlockIndex: index, start: rendered.start } });
    for (const delta of rendered.deltas) events.push({ contentBlockDelta: { contentBlockIndex: index, delta } });
    events.push({ contentBlockStop: { contentBlockIndex: index } });
  });
  const stop: JsonObject = {};
  if (response.stopReason !== undefined) stop.stopReason = response.stopReason;
  if (response.additionalModelResponseFields !== undefined)
    stop.additionalModelResponseFields = response.additionalModelResponseFields;
  events.push({ messageStop: stop });
  const metadata = restOf(response, ["output", "stopReason", "additionalModelResponseFields"]);
  if (metadata !== undefined) events.push({ metadata });
  return events;
}

/** A block's start form (if it has one) and the deltas that grow it back to the whole block. */
function streamBlock(
  block: JsonObject,
  partial: WeakMap<JsonObject, string>,
  path: string,
  problems: Problems,
): { start?: JsonObject; deltas: JsonObject[] } | undefined {
  const keys = Object.keys(block);
  if (keys.length !== 1)
    problems.warn(
      "field-dropped",
      path,
      `fields beside the ${keys.join(", ")} block have no place in a Converse stream`,
    );
  if (typeof block.text === "string") return { deltas: [{ text: block.text }] };
  if (isJsonObject(block.toolUse)) {
    const { input, ...opening } = block.toolUse;
    const text = partial.get(block.toolUse) ?? JSON.stringify(input);
    return { start: { toolUse: opening }, deltas: [{ toolUse: { input: text } }] };
  }
  if (isJsonObject(block.toolResult)) {
    const { content, ...opening } = block.toolResult;
    return {
      start: { toolResult: opening },
      deltas: Array.isArray(content) && content.length > 0 ? [{ toolResult: content }] : [],
    };
  }
  if (isJsonObject(block.reasoningContent)) {
    const reasoning = block.reasoningContent;
    if (typeof reasoning.redactedContent === "string")
      return { deltas: [{ reasoningContent: { redactedContent: reasoning.redactedContent } }] };
    const text = isJsonObject(reasoning.reasoningText) ? reasoning.reasoningText : {};
    const deltas: JsonObject[] = [];
    if (typeof text.text === "string") deltas.push({ reasoningContent: { text: text.text } });
    if (typeof text.signature === "string") deltas.push({ reasoningContent: { signature: text.signature } });
    if (deltas.length === 0) deltas.push({ reasoningContent: { text: "" } });
    return { deltas };
  }
  problems.warn(
    "part-dropped",
    path,
    `${withIndefiniteArticle(`${keys.join(", ")} block`)} has no form in a Converse stream; it was left out`,
  );
  return undefined;
}
