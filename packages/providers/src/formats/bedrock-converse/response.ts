/**
 * Bedrock Converse response body ↔ canonical transcript with one assistant message.
 *
 * - `output.message.content` → parts (blocks-to-canonical.ts); `stopReason` → `native_finish_reason` verbatim and
 *   `finish_reason` normalised; `usage` → normalised usage with the raw object kept (`normalizeUsage("bedrock-converse",
 *   …)`: Bedrock's `inputTokens` leaves the cache reads and writes out, the canonical input has them in).
 * - The response has no id and no model (the model is in the request's URL), so the message has neither, and the
 *   document's id is a fingerprint of the response.
 * - `metrics`, `additionalModelResponseFields`, `trace`, `performanceConfig`, `serviceTier` and any other field →
 *   the message's `provider_fields["amazon-bedrock"]`, verbatim; fields beside `message` in `output` and beside
 *   `role` and `content` in the message go there too, under `output` and `message`.
 * - An error body (`{ "message": … }`, what the API returns with a 4xx/5xx status) is not a response: it converts to
 *   `{ ok: false }` with the service's message.
 */
import type { Message, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, isPartOfType, normalizeUsage } from "@agent-transcript/core";
import {
  finishFromCanonical,
  type FromCanonicalResult,
  type FromCanonicalOptions,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import {
  checkCanonicalInput,
  cloneJson,
  fingerprint,
  guard,
  pointer,
  Problems,
  setField,
} from "../../conversion/index.js";
import {
  ExportContext,
  isBedrockServerResult,
  partToBlocks,
  toolCallBlock,
  toolResultBlock,
} from "./blocks-from-canonical.js";
import { blockToPart } from "./blocks-to-canonical.js";
import {
  asNative,
  assign,
  bedrockFieldsOf,
  finishReasonOf,
  hasBedrockFields,
  isJsonObject,
  isKnownStopReason,
  providerFields,
  providerKey,
  restOf,
  stopReasonFor,
  takeField,
  usageProvider,
  type JsonObject,
} from "./native.js";
import { finishProviderDocument } from "../../conversion/index.js";
import type { BedrockConverseResponse } from "./types.js";

/** Message markers: the fields beside `message` in `output`, and beside `role` and `content` in the message. */
const outputFieldsKey = "output";
const messageFieldsKey = "message";

/** The service's message when `value` is an error body rather than a response. */
function errorBodyMessage(value: unknown): string | undefined {
  if (!isJsonObject(value) || value.output !== undefined) return undefined;
  const message = value.message ?? value.Message;
  return typeof message === "string" ? message : undefined;
}

export function responseToCanonical(response: unknown): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      const error = errorBodyMessage(response);
      if (error !== undefined) {
        problems.error("/message", `an error body, not a Converse response: ${error}`);
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      }
      const message = messageToCanonical(response, "", problems);
      if (message === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      return finishProviderDocument(documentOf([message], response), problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/**
 * The transcript holding a converted response. Converse responses have no id, so the document's is a fingerprint of
 * the response with its keys sorted: a stream's events fill the same response in another key order (and in either
 * order of `messageStop` and `metadata`), and it gets the same id as the response unstreamed.
 */
export function documentOf(messages: Message[], response: unknown): Transcript {
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
  const parts = native.content.map((block: unknown, index) =>
    blockToPart(block, pointer(path, "output", "message", "content", index), problems),
  );
  const message: Message = { role: "assistant", parts };
  const known = ["output"];
  if (typeof value.stopReason === "string") {
    message.native_finish_reason = value.stopReason;
    message.finish_reason = finishReasonOf(value.stopReason);
    known.push("stopReason");
  }
  if (Object.hasOwn(value, "usage")) {
    const usage = normalizeUsage(usageProvider, value.usage);
    if (usage !== undefined) {
      message.usage = { ...usage, raw: { provider: usageProvider, usage: cloneJson(value.usage) } };
      known.push("usage");
    } else {
      problems.warn(
        "input-normalized",
        pointer(path, "usage"),
        "the usage object is not one Bedrock's counters can be read from; it was kept verbatim in provider_fields",
      );
    }
  }
  const rest = restOf(value, known) ?? {};
  const outputRest = restOf(output, ["message"]);
  if (outputRest !== undefined) rest[outputFieldsKey] = outputRest;
  const messageRest = restOf(native, ["role", "content"]);
  if (messageRest !== undefined) rest[messageFieldsKey] = messageRest;
  const fields = providerFields(rest);
  if (fields !== undefined) message.provider_fields = fields;
  return message;
}

export function responseFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<BedrockConverseResponse> {
  return guard(
    () => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems))
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const index = document.messages.findLastIndex((message) => message.role === "assistant");
      if (index === -1) {
        problems.error("/messages", "a Bedrock Converse response is one assistant message, and the document has none");
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      }
      document.messages.forEach((_message, other) => {
        if (other !== index)
          problems.warn(
            "message-dropped",
            pointer("/messages", other),
            "a Bedrock Converse response holds one assistant message; this one was left out",
          );
      });
      const context = new ExportContext(
        problems,
        options.foreignReasoning ?? "drop",
        "response",
        document.source?.format === "bedrock-converse",
      );
      const response = responseOf(document.messages[index] as Tolerant.Message, pointer("/messages", index), context);
      if (response === undefined || problems.errors.length > 0)
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      return finishFromCanonical(asNative<BedrockConverseResponse>(response), problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

const messageFieldsHandled = [
  "role",
  "parts",
  "finish_reason",
  "native_finish_reason",
  "usage",
  "provider_fields",
  "error",
];

/** A canonical assistant message → a Converse response object (as JSON); undefined, with an error, for an error. */
export function responseOf(message: Tolerant.Message, path: string, context: ExportContext): JsonObject | undefined {
  const { problems } = context;
  if (message.error !== undefined) {
    problems.error(
      pointer(path, "error"),
      `the message records an error (${message.error}), not a model response; a Converse response cannot carry it`,
    );
    return undefined;
  }
  for (const [key, value] of Object.entries(message)) {
    if (value !== undefined && !messageFieldsHandled.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no place in a Bedrock Converse response`);
  }
  const fields = bedrockFieldsOf(message);
  const outputRest = takeField(fields, outputFieldsKey);
  const messageRest = takeField(fields, messageFieldsKey);
  const content: JsonObject[] = [];
  message.parts.forEach((part, partIndex) => {
    const partPath = pointer(path, "parts", partIndex);
    let blocks: JsonObject[];
    if (isPartOfType(part, "tool_call")) blocks = [toolCallBlock(part, partPath, context) ?? []].flat();
    else if (isPartOfType(part, "tool_result")) {
      if (isBedrockServerResult(part)) blocks = [toolResultBlock(part, partPath, context) ?? []].flat();
      else {
        problems.warn(
          "part-dropped",
          partPath,
          "a response is the model's turn and carries no client tool results; the result was left out",
        );
        blocks = [];
      }
    } else blocks = partToBlocks(part, partPath, context, "message");
    for (const block of blocks) context.paths.set(block, partPath);
    content.push(...blocks);
  });
  const nativeMessage = assign(isJsonObject(messageRest) ? assign({}, messageRest) : {}, {
    role: "assistant",
    content,
  });
  const output = assign(isJsonObject(outputRest) ? assign({}, outputRest) : {}, { message: nativeMessage });
  const response = assign({ output }, fields);
  const stopReason = stopReasonOf(
    message,
    hasBedrockFields(message) || message.usage?.raw?.provider === usageProvider,
    path,
    problems,
  );
  if (stopReason !== undefined) response.stopReason = stopReason;
  const usage = usageOf(message, path, problems, context.mode === "stream");
  if (usage !== undefined) response.usage = usage;
  return response;
}

function stopReasonOf(
  message: Tolerant.Message,
  fromBedrock: boolean,
  path: string,
  problems: Problems,
): string | undefined {
  const nativeReason = message.native_finish_reason;
  if (nativeReason !== undefined && (fromBedrock || isKnownStopReason(nativeReason))) return nativeReason;
  if (message.finish_reason === undefined) {
    problems.warn(
      "value-assumed",
      pointer(path, "finish_reason"),
      "the message has no finish reason; end_turn was written (Bedrock requires a stop reason)",
    );
    return "end_turn";
  }
  const mapped = stopReasonFor(String(message.finish_reason));
  if (mapped !== undefined) return mapped;
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `Bedrock has no stop reason for ${String(message.finish_reason)}; end_turn was written`,
  );
  return "end_turn";
}

function usageOf(
  message: Tolerant.Message,
  path: string,
  problems: Problems,
  streaming: boolean,
): JsonObject | undefined {
  const usage = message.usage;
  if (usage === undefined) {
    // A stream that ended without its metadata event has no usage, and its events are written without one.
    if (streaming || isJsonObject(message.provider_fields?.[providerKey]?.usage)) return undefined;
    problems.warn("value-assumed", pointer(path, "usage"), "the message has no usage; zero tokens were written");
    return { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  }
  if (usage.raw?.provider === usageProvider && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
  // Bedrock counts input without cache reads and writes; the canonical input includes them.
  const cacheRead = usage.cache_read_tokens ?? 0;
  const cacheWrite = usage.cache_write_tokens ?? 0;
  const native: JsonObject = {
    inputTokens: Math.max(0, usage.input_tokens - cacheRead - cacheWrite),
    outputTokens: usage.output_tokens,
    totalTokens: usage.total_tokens ?? usage.input_tokens + usage.output_tokens,
  };
  if (usage.cache_read_tokens !== undefined) native.cacheReadInputTokens = usage.cache_read_tokens;
  if (usage.cache_write_tokens !== undefined) native.cacheWriteInputTokens = usage.cache_write_tokens;
  if (usage.reasoning_tokens !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "usage", "reasoning_tokens"),
      "Bedrock's usage has no reasoning count (it is part of outputTokens)",
    );
  return native;
}
