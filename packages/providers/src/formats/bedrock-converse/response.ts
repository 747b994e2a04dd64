/**
 * Bedrock Converse response body ⇄ canonical transcript with one assistant message: the content-blocks family's
 * response folds with Bedrock's response dialect.
 *
 * - `output.message.content` → parts (content.ts); `stopReason` → `native_finish_reason` verbatim and
 *   `finish_reason` normalised; `usage` → normalised usage with the raw object kept (`normalizeUsage("bedrock-converse",
 *   …)`: Bedrock's `inputTokens` leaves the cache reads and writes out, the canonical input has them in).
 * - The response has no id and no model (the model is in the request's URL), so the message has neither, and the
 *   document's id is a fingerprint of the response.
 * - `metrics`, `additionalModelResponseFields`, `trace`, `performanceConfig`, `serviceTier` and any other field →
 *   the message's `provider_fields["amazon-bedrock"]`, verbatim; fields beside `message` in `output` and beside
 *   `role` and `content` in the message go there too, under `output` and `message`.
 * - Bedrock requires a stop reason: a message without a finish reason gets `end_turn` (`value-assumed`). Its usage has
 *   no reasoning count (`field-dropped`: it is part of `outputTokens`).
 * - An error body (`{ "message": … }`, what the API returns with a 4xx/5xx status) is not a response: it converts to
 *   `{ ok: false }` with the service's message.
 */
import type { Message, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import {
  fingerprint,
  isJsonObject,
  pointer,
  restOf,
  setField,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  assign,
  keepResponseFields,
  readStopAndUsage,
  responseConverters,
  responseFieldsOf,
  sharedStopReasons,
  stopReasonOf,
  takeField,
  usageOf,
  type FromCanonicalContext,
  type ResponseDialect,
} from "../../families/content-blocks/index.js";
import { bedrockContent } from "./content.js";
import { messageFieldsMarker, outputFieldsMarker, providerKey } from "./native-fields.js";
import type { BedrockConverseResponse } from "./types.js";

/** The usage shape `normalizeUsage` reads, and the `raw.provider` of a normalised usage. */
const usageProvider = "bedrock-converse";

export const responseDialect: ResponseDialect = {
  content: bedrockContent,
  stopReasons: {
    key: "stopReason",
    toFinish: {
      ...sharedStopReasons.toFinish,
      guardrail_intervened: "content_filter",
      content_filtered: "content_filter",
      malformed_model_output: "error",
      malformed_tool_use: "error",
    },
    fromFinish: { ...sharedStopReasons.fromFinish, content_filter: "content_filtered" },
    missing: "the message has no finish reason; end_turn was written (Bedrock requires a stop reason)",
  },
  usage: {
    provider: usageProvider,
    unreadable:
      "the usage object is not one Bedrock's counters can be read from; it was kept verbatim in provider_fields",
    input: "inputTokens",
    output: "outputTokens",
    total: "totalTokens",
    cacheRead: "cacheReadInputTokens",
    cacheWrite: "cacheWriteInputTokens",
    reasoning: { kind: "dropped", message: "Bedrock's usage has no reasoning count (it is part of outputTokens)" },
    omittedInStreams: true,
  },
  noun: "a Bedrock Converse response",
  messageFields: ["role", "parts", "finish_reason", "native_finish_reason", "usage", "provider_fields", "error"],
  errorCannotCarry: "a Converse response cannot carry it",
  readResponse: (value, problems) => {
    const error = errorBodyMessage(value);
    if (error === undefined) return messageToCanonical(value, "", problems);
    problems.error("/message", `an error body, not a Converse response: ${error}`);
    return undefined;
  },
  documentOf,
  writeResponse,
};

export const { responseToCanonical, responseFromCanonical } =
  responseConverters<BedrockConverseResponse>(responseDialect);

/** The service's message when `value` is an error body rather than a response. */
function errorBodyMessage(value: unknown): string | undefined {
  if (!isJsonObject(value) || value.output !== undefined) return undefined;
  const message = value.message ?? value.Message;
  return typeof message === "string" ? message : undefined;
}

/**
 * The transcript holding a converted response. Converse responses have no id, so the document's is a fingerprint of
 * the response with its keys sorted: a stream's events fill the same response in another key order (and in either
 * order of `messageStop` and `metadata`), and it gets the same id as the response unstreamed.
 */
function documentOf(messages: Message[], response: unknown): Transcript {
  return {
    schema_version: formatVersion,
    id: `bedrock-converse-response-${fingerprint(sortedKeys(response))}`,
    source: { format: "bedrock-converse" },
    messages,
  };
}

/** A copy of a JSON value with every object's keys in sorted order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) setField(sorted, key, sortedKeys(value[key]));
  return sorted;
}

/** One Converse response object (a response, or a stream's aggregated one) → a canonical assistant message. */
export function messageToCanonical(value: unknown, path: string, problems: Problems): Message | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "a Bedrock Converse response must be a JSON object");
    return undefined;
  }
  const output = value.output;
  const native = isJsonObject(output) ? output.message : undefined;
  if (!isJsonObject(output) || !isJsonObject(native)) {
    problems.error(pointer(path, "output", "message"), "is required and must be an object");
    return undefined;
  }
  if (native.role !== "assistant") problems.error(pointer(path, "output", "message", "role"), 'must be "assistant"');
  if (!Array.isArray(native.content))
    problems.error(pointer(path, "output", "message", "content"), "is required and must be an array of content blocks");
  if (problems.errors.length > 0 || !Array.isArray(native.content)) return undefined;
  const read = bedrockContent.blocks.blockToPart;
  const parts = native.content.map((block: unknown, index) =>
    read(block, pointer(path, "output", "message", "content", index), problems, "message"),
  );
  const message: Message = { role: "assistant", parts };
  const known = ["output"];
  readStopAndUsage(responseDialect, value, message, known, path, problems);
  const rest = restOf(value, known) ?? {};
  const outputRest = restOf(output, ["message"]);
  if (outputRest !== undefined) rest[outputFieldsMarker] = outputRest;
  const messageRest = restOf(native, ["role", "content"]);
  if (messageRest !== undefined) rest[messageFieldsMarker] = messageRest;
  return keepResponseFields(responseDialect, message, value, rest, ["stopReason", "usage"]);
}

/** The Converse response object (`output.message`, `stopReason`, `usage`) around an assistant message's blocks. */
function writeResponse(
  message: Tolerant.Message,
  content: JsonObject[],
  path: string,
  context: FromCanonicalContext,
): JsonObject {
  const { fields, absent } = responseFieldsOf(responseDialect, message);
  const outputRest = takeField(fields, outputFieldsMarker);
  const messageRest = takeField(fields, messageFieldsMarker);
  const nativeMessage = assign(isJsonObject(messageRest) ? assign({}, messageRest) : {}, {
    role: "assistant",
    content,
  });
  const output = assign(isJsonObject(outputRest) ? assign({}, outputRest) : {}, { message: nativeMessage });
  const response = assign({ output }, fields);
  const fromBedrock =
    isJsonObject(message.provider_fields?.[providerKey]) || message.usage?.raw?.provider === usageProvider;
  const noStopReason =
    message.native_finish_reason === undefined && message.finish_reason === undefined && absent.includes("stopReason");
  const stopReason = noStopReason
    ? undefined
    : stopReasonOf(responseDialect, message, fromBedrock, path, context.problems);
  if (stopReason !== undefined) response.stopReason = stopReason;
  const usage = usageOf(responseDialect, message, absent, path, context);
  if (usage !== undefined) response.usage = usage;
  return response;
}
