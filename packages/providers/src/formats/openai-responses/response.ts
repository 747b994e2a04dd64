/**
 * Responses (`Response` objects) ↔ canonical documents with one assistant message.
 *
 * Import: `id` → response_id (and the document id); `model`; `created_at` / `completed_at` (epoch seconds) →
 * RFC 3339; `status` → native_finish_reason (for `incomplete`, the `incomplete_details.reason`) and finish_reason;
 * `output` items → the message's parts in order (items.ts); `usage` → normalised usage with the raw object kept;
 * `error.message` → the message's error (the error object itself stays in provider_fields); every other field →
 * the message's `provider_fields.openai`.
 */
import type { FinishReason, Message, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, normalizeUsage } from "@agent-transcript/core";
import {
  cloneJson,
  digest,
  findNonJson,
  fingerprint,
  runFromCanonical,
  idRules,
  isJsonObject,
  pointer,
  Problems,
  reportUnmapped,
  responseMessage,
  responseMessageFields,
  takeStrings,
  toCanonicalFrame,
  ToolCallIdMap,
  withoutForeignOpenaiFields,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type PayloadRead,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { itemsToParts } from "./content-items-to-canonical.js";
import { partsToItems, type FromCanonicalContext } from "./content-items-from-canonical.js";
import {
  absentOf,
  epochToIso,
  isoToEpoch,
  nativeOnly,
  openaiFields,
  restOf,
  spreadInto,
  withAbsent,
  withOpenaiFields,
} from "./native-fields.js";

/** Every `status` a Response has; any other native finish reason is an `incomplete_details.reason`. */
const statuses = new Set(["completed", "failed", "in_progress", "cancelled", "queued", "incomplete"]);

/** Items that wait for the client to run something. */
const clientCallTypes = new Set([
  "function_call",
  "custom_tool_call",
  "local_shell_call",
  "apply_patch_call",
  "computer_call",
  "mcp_approval_request",
]);

function waitsForClient(output: readonly unknown[]): boolean {
  const answered = new Set(
    output.flatMap((item) =>
      isJsonObject(item) &&
      typeof item.type === "string" &&
      item.type.endsWith("_output") &&
      typeof item.call_id === "string"
        ? [item.call_id]
        : [],
    ),
  );
  return output.some((item) => {
    if (!isJsonObject(item) || typeof item.type !== "string") return false;
    if (clientCallTypes.has(item.type)) return true;
    return (
      (item.type === "shell_call" || (item.type === "tool_search_call" && item.execution === "client")) &&
      typeof item.call_id === "string" &&
      !answered.has(item.call_id)
    );
  });
}

function finishOf(
  status: string,
  reason: unknown,
  output: readonly unknown[],
): { finish_reason?: FinishReason; native_finish_reason: string } {
  if (status === "incomplete") {
    const native = typeof reason === "string" ? reason : status;
    return {
      finish_reason:
        native === "max_output_tokens" ? "length" : native === "content_filter" ? "content_filter" : "other",
      native_finish_reason: native,
    };
  }
  switch (status) {
    case "completed":
      return { finish_reason: waitsForClient(output) ? "tool_calls" : "stop", native_finish_reason: status };
    case "failed":
      return { finish_reason: "error", native_finish_reason: status };
    case "in_progress":
    case "queued":
      return { native_finish_reason: status };
    default:
      return { finish_reason: "other", native_finish_reason: status };
  }
}

export function responseToCanonical(response: unknown): ToCanonicalResult {
  return importResponse(response, new Problems());
}

/**
 * Imports a Response object; `problems` may already hold warnings (from a stream's events). `envelope`: the object is
 * a Response as the source had it, so what it lacks is marked absent (a stream without response events has only its
 * items, and no envelope to keep).
 */
export function importResponse(response: unknown, problems: Problems, envelope = true): ToCanonicalResult {
  return toCanonicalFrame(
    response,
    "must be a Response object",
    (object, found) => readResponse(object, found, envelope),
    problems,
  );
}

function readResponse(response: JsonObject, problems: Problems, envelope: boolean): PayloadRead | undefined {
  const nonJson = findNonJson(response, "");
  if (nonJson !== undefined) {
    problems.error(nonJson.path, nonJson.message);
    return undefined;
  }
  // An API error body (`{ "error": { message, type, code, param } }`) answers a request that produced no response:
  // there is no message to convert, so it is refused by name rather than read as an empty Response.
  if (isJsonObject(response.error) && !Object.hasOwn(response, "object") && !Object.hasOwn(response, "output")) {
    const { code, message } = response.error;
    problems.error(
      "/error",
      `an API error body${typeof code === "string" ? ` (${code})` : ""}, not a Response: ${typeof message === "string" ? message : "no message"}`,
    );
    return undefined;
  }
  const consumed: string[] = [];
  const message: Message = { role: "assistant", parts: [] };
  takeStrings(response, { model: "model", id: "response_id" }, message, consumed);
  for (const key of ["created_at", "completed_at"] as const) {
    const iso = epochToIso(response[key]);
    if (iso !== undefined) {
      message[key] = iso;
      consumed.push(key);
    }
  }
  const output = Array.isArray(response.output) ? response.output : undefined;
  if (output !== undefined) {
    itemsToParts(output, "/output", problems, message.parts);
    consumed.push("output");
  } else if (response.output !== undefined) {
    problems.error("/output", "must be an array of items");
  }
  if (typeof response.status === "string") {
    const reason = isJsonObject(response.incomplete_details) ? response.incomplete_details.reason : undefined;
    Object.assign(message, finishOf(response.status, reason, output ?? []));
    consumed.push("status");
  }
  if (isJsonObject(response.error) && typeof response.error.message === "string")
    message.error = response.error.message;
  const usage = normalizeUsage("openai-responses", response.usage);
  if (usage !== undefined) {
    message.usage = usage;
    consumed.push("usage");
  }
  // What the writer fills by default when the document lacks it is marked when the Response lacked it too, so the
  // Response comes back without it.
  const absent = envelope
    ? ["id", "status", "incomplete_details", "output"].filter((key) => !Object.hasOwn(response, key))
    : [];
  Object.assign(message, withOpenaiFields(withAbsent(restOf(response, consumed), absent)));
  const document: Transcript = {
    schema_version: formatVersion,
    id:
      typeof response.id === "string" && response.id !== "" ? response.id : `openai-responses-${fingerprint(response)}`,
    source: { format: "openai-responses" },
    messages: [message],
  };
  return { document };
}

// ─── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

const messageKeys = [...responseMessageFields, "created_at", "completed_at", "error"];

export interface BuiltResponse {
  response: JsonObject;
  /** Whether the message had a response envelope at all (an id, a status or response fields). */
  enveloped: boolean;
  /** The message's error when no error object carries it (a stream sends it as an `error` event). */
  looseError?: string;
}

export function responseFromCanonical(
  document: unknown,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<JsonObject> {
  return runFromCanonical(
    document,
    options,
    (input, problems) => buildResponse(input, options, problems, { synthesize: true })?.response,
  );
}

/**
 * The Response a document's last assistant message stands for. With `synthesize`, fields every Response has (`id`,
 * `object`, `status`) are made up, with a warning, when the document lacks them; a stream export leaves them out
 * instead, so a stream that had no response envelope round-trips as one. Output items always get the `type`, `id`
 * and `status` an output item must have.
 */
export function buildResponse(
  input: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
  mode: { synthesize: boolean },
): BuiltResponse | undefined {
  const document = withoutForeignOpenaiFields(input, "openai-responses", "OpenAI Responses", problems);
  const picked = responseMessage(document, "Response", problems);
  if (picked === undefined) return undefined;
  const { message, path } = picked;
  reportUnmapped(
    document,
    ["schema_version", "id", "source", "messages", "provider_fields", "tools", "tool_choice"],
    "",
    "OpenAI Responses response",
    problems,
  );
  for (const key of ["tools", "tool_choice", "provider_fields"] as const) {
    if (document[key] !== undefined)
      problems.warn("field-dropped", `/${key}`, `the document's ${key} belong to a request, not a Response`);
  }
  reportUnmapped(message, messageKeys, path, "OpenAI Responses response", problems);
  const fields = openaiFields(message.provider_fields);
  const absent = absentOf(fields);
  const enveloped =
    message.response_id !== undefined || message.native_finish_reason !== undefined || fields !== undefined;
  const response: JsonObject = {};
  const assume = (key: string, value: unknown, why: string): void => {
    if (!mode.synthesize || Object.hasOwn(response, key) || absent.includes(key)) return;
    response[key] = value;
    problems.warn("value-assumed", path, `${key} ${why}`);
  };
  if (message.response_id !== undefined) response.id = message.response_id;
  assume(
    "id",
    `resp_${digest(JSON.stringify(message.parts), "0123456789abcdef", 48)}`,
    "made up from the message (it has no response_id)",
  );
  if (fields === undefined && mode.synthesize) response.object = "response";
  for (const key of ["created_at", "completed_at"] as const) {
    const value = message[key];
    if (value === undefined) continue;
    const seconds = isoToEpoch(value);
    if (seconds !== undefined) response[key] = seconds;
    else {
      response[key] = Math.floor(Date.parse(value) / 1000);
      problems.warn("value-converted", pointer(path, key), `${key} rounded down to whole epoch seconds`);
    }
  }
  if (message.model !== undefined) response.model = message.model;
  const status = statusOf(message, fields, path, problems);
  if (status !== undefined) {
    response.status = status.status;
    // Written unless the message keeps the Response's own, or the Response had none and nothing is incomplete.
    const keptDetails = fields !== undefined && Object.hasOwn(fields, "incomplete_details");
    if (!keptDetails && (status.incomplete !== undefined || !absent.includes("incomplete_details")))
      response.incomplete_details = status.incomplete ?? null;
  } else {
    assume("status", "completed", "assumed completed (the message has no finish reason)");
  }
  const context: FromCanonicalContext = {
    problems,
    ids: new ToolCallIdMap(idRules.openaiResponses.isValid, idRules.openaiResponses.make),
    policy: options.foreignReasoning ?? "drop",
    remapped: new Set(),
  };
  const written = partsToItems(message.parts, pointer(path, "parts"), "assistant", undefined, context);
  if (written.length > 0 || !absent.includes("output"))
    response.output = written.map(({ item, path: itemPath }) => completeItem(item, itemPath, problems));
  if (message.usage !== undefined) response.usage = usageOf(message.usage);
  let looseError: string | undefined;
  if (message.error !== undefined && !(fields !== undefined && isJsonObject(fields.error))) {
    if (mode.synthesize) {
      response.error = { code: "server_error", message: message.error };
      problems.warn(
        "value-assumed",
        pointer(path, "error"),
        "the error sent with code server_error (the document has no error code)",
      );
    } else {
      looseError = message.error;
    }
  }
  spreadInto(response, nativeOnly(fields));
  return { response, enveloped, ...(looseError === undefined ? {} : { looseError }) };
}

function statusOf(
  message: Tolerant.Message,
  fields: JsonObject | undefined,
  path: string,
  problems: Problems,
): { status: string; incomplete?: JsonObject } | undefined {
  const native = message.native_finish_reason;
  if (native !== undefined) {
    if (statuses.has(native)) return { status: native };
    return { status: "incomplete", incomplete: { reason: native } };
  }
  if (fields !== undefined && typeof fields.status === "string") return undefined;
  switch (message.finish_reason) {
    case undefined:
      return undefined;
    case "stop":
    case "tool_calls":
    case "refusal":
      return { status: "completed" };
    case "length":
      return { status: "incomplete", incomplete: { reason: "max_output_tokens" } };
    case "content_filter":
      return { status: "incomplete", incomplete: { reason: "content_filter" } };
    case "error":
      return { status: "failed" };
    default:
      problems.warn(
        "value-converted",
        pointer(path, "finish_reason"),
        `finish reason ${message.finish_reason} sent as status completed`,
      );
      return { status: "completed" };
  }
}

/** Adds what a Response output item must have and a foreign document may lack (`type`, `id`, `status`). */
function completeItem(item: JsonObject, path: string, problems: Problems): JsonObject {
  const basis = JSON.stringify(item);
  if (item.type === undefined && item.role === "assistant") {
    problems.warn(
      "value-assumed",
      path,
      "an output message needs type, id and status; written as a completed message with a made-up id",
    );
    return {
      type: "message",
      id: `msg_${digest(basis, "0123456789abcdef", 48)}`,
      status: "completed",
      ...item,
      content:
        typeof item.content === "string"
          ? [{ type: "output_text", text: item.content, annotations: [] }]
          : item.content,
    };
  }
  if (item.type === "function_call" && item.id === undefined) {
    problems.warn("value-assumed", path, "an output function_call needs an item id; made one up");
    return { ...item, id: `fc_${digest(basis, "0123456789abcdef", 48)}`, status: item.status ?? "completed" };
  }
  return item;
}

function usageOf(usage: Tolerant.Usage): JsonObject {
  if (usage.raw?.provider === "openai-responses" && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
  const inputDetails: JsonObject = { cached_tokens: usage.cache_read_tokens ?? 0 };
  if (usage.cache_write_tokens !== undefined) inputDetails.cache_write_tokens = usage.cache_write_tokens;
  return {
    input_tokens: usage.input_tokens,
    input_tokens_details: inputDetails,
    output_tokens: usage.output_tokens,
    output_tokens_details: { reasoning_tokens: usage.reasoning_tokens ?? 0 },
    total_tokens: usage.total_tokens ?? usage.input_tokens + usage.output_tokens,
  };
}
