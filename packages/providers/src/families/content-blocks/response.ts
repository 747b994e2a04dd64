/**
 * A member's response ↔ canonical transcript with one assistant message.
 *
 * To canonical, the member reads its envelope (`ResponseDialect.readResponse`: where the content blocks are, its id
 * and model, its error bodies); the family reads the stop reason (`native_finish_reason` verbatim, `finish_reason`
 * normalised) and the usage (normalised, with the raw object kept).
 *
 * From canonical, the family picks the last assistant message (the others are reported), writes its parts as blocks
 * (a client tool result has no place in the model's turn), the stop reason (the native one back to its own API,
 * otherwise mapped from the finish reason) and the usage (the raw object back to its own API, otherwise computed from
 * the canonical counters, which count cache reads and writes as input where these APIs do not); the member writes
 * the envelope around them.
 */
import type { FinishReason, Message, Tolerant } from "@agent-transcript/core";
import { normalizeUsage } from "@agent-transcript/core";
import {
  cloneJson,
  isJsonObject,
  keptFields,
  pointer,
  providerEntry,
  runToCanonical,
  shapeKey,
  shapeOf,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { messageBlocks, writeFromCanonical, type FromCanonicalContext } from "./content-from-canonical.js";
import type { ResponseDialect, StopReasonSpelling } from "./dialect.js";
import { fieldsOf } from "./native-fields.js";

/**
 * The stop reasons Anthropic defined and Bedrock Converse took over, both ways; each member's table adds its own
 * (`pause_turn`, `guardrail_intervened`, …).
 */
export const sharedStopReasons: Pick<StopReasonSpelling, "toFinish" | "fromFinish"> = {
  toFinish: {
    end_turn: "stop",
    stop_sequence: "stop",
    max_tokens: "length",
    model_context_window_exceeded: "length",
    tool_use: "tool_calls",
  },
  fromFinish: { stop: "end_turn", length: "max_tokens", tool_calls: "tool_use" },
};

export function responseToCanonical(dialect: ResponseDialect, response: unknown): ToCanonicalResult {
  return runToCanonical((problems) => {
    const message = dialect.readResponse(response, problems);
    return message === undefined ? undefined : dialect.documentOf([message], response);
  });
}

/**
 * Keeps what a response has beyond its mapped fields (`rest`) in the message's provider_fields, verbatim, with the
 * fields the API always sends (`alwaysSent`) that this response lacked marked absent: the writer, which fills them in
 * for a message from elsewhere, leaves them out again, so a round trip adds nothing (a proxy's or a test's response
 * may leave out what the API always sends).
 */
export function keepResponseFields(
  dialect: ResponseDialect,
  message: Message,
  response: JsonObject,
  rest: JsonObject,
  alwaysSent: readonly string[],
): Message {
  const absent = alwaysSent.filter((key) => !Object.hasOwn(response, key));
  const fields = keptFields(dialect.content.providerKey, providerEntry(rest, { absent }));
  if (fields !== undefined) message.provider_fields = fields;
  return message;
}

/** A message's kept response fields (a copy, to write the response around), and the fields its response lacked. */
export function responseFieldsOf(
  dialect: ResponseDialect,
  message: Tolerant.Message,
): { fields: JsonObject; absent: string[] } {
  const fields = fieldsOf(dialect.content, message);
  const absent = shapeOf<{ absent?: string[] }>(fields)?.absent ?? [];
  delete fields[shapeKey];
  return { fields, absent };
}

/** The response's stop reason and usage → the message's finish reason and usage; each field read joins `known`. */
export function readStopAndUsage(
  dialect: ResponseDialect,
  value: JsonObject,
  message: Message,
  known: string[],
  path: string,
  problems: Problems,
): void {
  const { stopReasons, usage: spelling } = dialect;
  const stopReason = value[stopReasons.key];
  if (typeof stopReason === "string") {
    message.native_finish_reason = stopReason;
    // An own-key lookup: a stop reason such as `constructor` is unknown, not a member of Object.prototype.
    message.finish_reason = Object.hasOwn(stopReasons.toFinish, stopReason)
      ? (stopReasons.toFinish[stopReason] as FinishReason)
      : "other";
    known.push(stopReasons.key);
  }
  if (Object.hasOwn(value, "usage")) {
    const usage = normalizeUsage(spelling.provider, value.usage);
    if (usage !== undefined) {
      // The raw usage is a copy, so the document never shares objects with the response it came from.
      message.usage = { ...usage, raw: { provider: spelling.provider, usage: cloneJson(value.usage) } };
      known.push("usage");
    } else {
      problems.warn("input-normalized", pointer(path, "usage"), spelling.unreadable);
    }
  }
}

export function responseFromCanonical<Response>(
  dialect: ResponseDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Response> {
  return writeFromCanonical<Response>(dialect.content, document, options, "response", (checked, context) => {
    const { names } = dialect.content;
    const { problems } = context;
    const index = checked.messages.findLastIndex((message) => message.role === "assistant");
    if (index === -1) {
      problems.error("/messages", `${names.response} is one assistant message, and the document has none`);
      return undefined;
    }
    checked.messages.forEach((_message, other) => {
      if (other !== index)
        problems.warn(
          "message-dropped",
          pointer("/messages", other),
          `${names.response} holds one assistant message; this one was left out`,
        );
    });
    const message = checked.messages[index] as Tolerant.Message;
    return messageFromCanonical(dialect, message, pointer("/messages", index), context);
  });
}

/** A canonical assistant message → the member's response object (as JSON); undefined, with an error, for an error. */
export function messageFromCanonical(
  dialect: ResponseDialect,
  message: Tolerant.Message,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const { problems } = context;
  if (message.error !== undefined) {
    problems.error(
      pointer(path, "error"),
      `the message records an error (${message.error}), not a model response; ${dialect.errorCannotCarry}`,
    );
    return undefined;
  }
  for (const [key, value] of Object.entries(message)) {
    if (value !== undefined && !dialect.messageFields.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no place in ${dialect.noun}`);
  }
  const spelling = dialect.content.blocks;
  const content = messageBlocks(dialect.content, message.parts, path, context, "message", (part, partPath) => {
    if (spelling.isServerResult(part)) return spelling.serverResultBlock(part, partPath, context);
    problems.warn(
      "part-dropped",
      partPath,
      "a response is the model's turn and carries no client tool results; the result was left out",
    );
    return undefined;
  });
  return dialect.writeResponse(message, content, path, context);
}

/** The native stop reason for a message: its own back to its own API, otherwise mapped from the finish reason. */
export function stopReasonOf(
  dialect: ResponseDialect,
  message: Tolerant.Message,
  fromSelf: boolean,
  path: string,
  problems: Problems,
): string | undefined {
  const { stopReasons } = dialect;
  const nativeReason = message.native_finish_reason;
  if (nativeReason !== undefined && (fromSelf || Object.hasOwn(stopReasons.toFinish, nativeReason)))
    return nativeReason;
  if (message.finish_reason === undefined) {
    if (stopReasons.missing === undefined) return undefined;
    problems.warn("value-assumed", pointer(path, "finish_reason"), stopReasons.missing);
    return "end_turn";
  }
  const finishReason = String(message.finish_reason);
  if (Object.hasOwn(stopReasons.fromFinish, finishReason)) return stopReasons.fromFinish[finishReason];
  problems.warn(
    "value-converted",
    pointer(path, "finish_reason"),
    `${dialect.content.names.short} has no stop reason for ${finishReason}; end_turn was written`,
  );
  return "end_turn";
}

/**
 * The native usage for a message: its own raw usage back to its own API, otherwise computed from the counters; none
 * for a message without usage whose response had none (`absent`, as `responseFieldsOf` gives it).
 */
export function usageOf(
  dialect: ResponseDialect,
  message: Tolerant.Message,
  absent: readonly string[],
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const spelling = dialect.usage;
  const { problems } = context;
  const usage = message.usage;
  if (usage === undefined && absent.includes("usage")) return undefined;
  if (usage === undefined) {
    // A stream that ended without its usage event has none, and (where the API allows it) is written without one.
    if (
      (spelling.omittedInStreams && context.mode === "stream") ||
      isJsonObject(message.provider_fields?.[dialect.content.providerKey]?.usage)
    )
      return undefined;
    problems.warn("value-assumed", pointer(path, "usage"), "the message has no usage; zero tokens were written");
    const zero: JsonObject = {};
    zero[spelling.input] = 0;
    zero[spelling.output] = 0;
    if (spelling.total !== undefined) zero[spelling.total] = 0;
    return zero;
  }
  if (usage.raw?.provider === spelling.provider && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
  // These APIs count input without cache reads and writes; the canonical input includes them.
  const cacheRead = usage.cache_read_tokens ?? 0;
  const cacheWrite = usage.cache_write_tokens ?? 0;
  const native: JsonObject = {};
  native[spelling.input] = Math.max(0, usage.input_tokens - cacheRead - cacheWrite);
  native[spelling.output] = usage.output_tokens;
  if (spelling.total !== undefined)
    native[spelling.total] = usage.total_tokens ?? usage.input_tokens + usage.output_tokens;
  if (usage.cache_read_tokens !== undefined) native[spelling.cacheRead] = usage.cache_read_tokens;
  if (usage.cache_write_tokens !== undefined) native[spelling.cacheWrite] = usage.cache_write_tokens;
  if (usage.reasoning_tokens !== undefined) {
    const reasoning = spelling.reasoning;
    if (reasoning.kind === "written") native[reasoning.field] = { [reasoning.counter]: usage.reasoning_tokens };
    else problems.warn("field-dropped", pointer(path, "usage", "reasoning_tokens"), reasoning.message);
  }
  return native;
}
