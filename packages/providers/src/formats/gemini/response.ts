/**
 * A Gemini `GenerateContentResponse` (and a `streamGenerateContent` chunk sequence) ↔ a canonical transcript with
 * one assistant message.
 *
 * - `candidates[0].content.parts` → the message's parts (see parts.ts); `finishReason` → finish_reason (STOP with a
 *   function call → `tool_calls`) with the native value kept; `citationMetadata.citations` → citations of the first
 *   text part; everything else of the candidate (safetyRatings, groundingMetadata, urlContextMetadata, avgLogprobs,
 *   index, finishMessage, …) → `provider_fields.google["x-candidate"]`, verbatim.
 * - `usageMetadata` → usage through normalizeUsage("gemini"), with the raw object kept; `modelVersion` → model;
 *   `responseId` → response_id; every other response field (createTime, promptFeedback, …) →
 *   `provider_fields.google`. Candidates after the first are kept verbatim.
 * - An error body (`{ "error": { code, message, status } }`) is not a response: it converts to `{ ok: false }` with
 *   the error's code, status and message, so a caller records a failed call instead of an empty answer.
 *
 * Streams are first aggregated into the response they stand for, then converted like it: text pieces of the same
 * kind (thought or not) are joined, a thought signature arriving on a trailing empty part joins the part before it
 * when that part has none, a function call streamed as `partialArgs` (Vertex `streamFunctionCallArguments`) is
 * rebuilt into its `args`, empty text pieces that carry nothing are left out, the last usage with counters wins and
 * every other field is last-wins. `streamFromCanonical` emits one chunk per part, the last carrying finishReason,
 * usage and the candidate's metadata, which aggregates back to the same document.
 */
import type { Citation, Message, Part, Tolerant, Transcript } from "@agent-transcript/core";
import { formatVersion, isPartOfType, normalizeUsage } from "@agent-transcript/core";
import {
  cloneJson,
  emptyProvenance,
  fingerprint,
  runFromCanonical,
  isJsonObject,
  pointer,
  reportUnmapped,
  responseMessage,
  responseMessageFields,
  setField,
  toCanonicalFrame,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { contentToCanonical } from "./content.js";
import { NativeReader, applySnakeCase, googleFields, marker, mergeNative, providerFields } from "./native-fields.js";
import { registerIds, type PartToCanonicalContext } from "./content-parts-to-canonical.js";
import { partFromCanonical, type PartFromCanonicalContext } from "./content-parts-from-canonical.js";
import { newIdMap } from "./request.js";
import type { GeminiResponse } from "./types.js";

/** Where the candidate's unmapped fields are kept (a marker-style key: no Gemini response field has a hyphen). */
const candidateKey = marker.candidate;
const moreCandidatesKey = marker.moreCandidates;
const noCandidatesKey = marker.noCandidates;

const finishReasons: Record<string, Message["finish_reason"]> = {
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  IMAGE_SAFETY: "content_filter",
  IMAGE_PROHIBITED_CONTENT: "content_filter",
  IMAGE_RECITATION: "content_filter",
  MALFORMED_FUNCTION_CALL: "error",
  UNEXPECTED_TOOL_CALL: "error",
  TOO_MANY_TOOL_CALLS: "error",
  MISSING_THOUGHT_SIGNATURE: "error",
  MALFORMED_RESPONSE: "error",
  LANGUAGE: "other",
  OTHER: "other",
  NO_IMAGE: "other",
  IMAGE_OTHER: "other",
  FINISH_REASON_UNSPECIFIED: "other",
};

const nativeFinish: Record<string, string> = {
  stop: "STOP",
  length: "MAX_TOKENS",
  tool_calls: "STOP",
  content_filter: "SAFETY",
  refusal: "SAFETY",
  error: "OTHER",
  other: "OTHER",
  pause: "OTHER",
};

export function errorBody(value: unknown): string | undefined {
  if (!isJsonObject(value) || !isJsonObject(value.error) || Object.hasOwn(value, "candidates")) return undefined;
  const { code, status, message } = value.error;
  return `Gemini returned an error${typeof code === "number" ? ` ${code}` : ""}${typeof status === "string" ? ` ${status}` : ""}${typeof message === "string" ? `: ${message}` : ""}`;
}

/** A Gemini response as a transcript with one assistant message. */
export function responseToCanonical(value: unknown): ToCanonicalResult {
  return toCanonicalFrame(value, "must be a JSON object (a Gemini GenerateContentResponse)", (response, problems) => {
    const error = errorBody(response);
    if (error !== undefined) {
      problems.error("/error", error);
      return undefined;
    }
    const reader = NativeReader.of(response, "", problems);
    const fields: JsonObject = {};
    const candidates = reader.peek("candidates");
    let message: Message = { role: "assistant", parts: [] };
    if (Array.isArray(candidates) && candidates.length > 0) {
      reader.take("candidates");
      const ids = newIdMap();
      registerIds(
        candidates.map((candidate) => (isJsonObject(candidate) ? candidate.content : undefined)),
        ids,
      );
      const context: PartToCanonicalContext = { problems, ids, pending: [] };
      message = importCandidate(candidates[0], pointer(reader.at("candidates"), 0), context) ?? message;
      if (candidates.length > 1) setField(fields, moreCandidatesKey, cloneJson(candidates.slice(1)));
    } else if (candidates === undefined) {
      setField(fields, noCandidatesKey, true);
    }
    const model = reader.string("modelVersion");
    if (model !== undefined) message.model = model;
    const responseId = reader.string("responseId");
    if (responseId !== undefined) message.response_id = responseId;
    const usage = normalizeUsage("gemini", reader.peek("usageMetadata"));
    if (usage !== undefined) {
      reader.take("usageMetadata");
      message.usage = usage;
    }
    reader.keepRest(fields);
    const messageFields = googleFields(message) ?? {};
    for (const [key, item] of Object.entries(fields)) setField(messageFields, key, item);
    const kept = providerFields(messageFields);
    if (kept !== undefined) message.provider_fields = kept;
    const document: Transcript = {
      schema_version: formatVersion,
      id: responseId ?? `gemini-${fingerprint(response)}`,
      source: { format: "gemini" },
      messages: [message],
    };
    const provenance = emptyProvenance();
    provenance.messages.push("/candidates/0/content");
    return { document, provenance };
  });
}

function importCandidate(value: unknown, path: string, context: PartToCanonicalContext): Message | undefined {
  const reader = NativeReader.open(value, path, context.problems, "a Candidate");
  if (reader === undefined) return undefined;
  const candidateFields: JsonObject = {};
  let message: Message = { role: "assistant", parts: [] };
  if (reader.has("content")) {
    message = contentToCanonical(reader.take("content"), reader.at("content"), context, "candidate") ?? message;
    // The content's own unmapped fields belong under the candidate's content.
    const contentFields = googleFields(message);
    if (contentFields !== undefined) {
      setField(candidateFields, "content", contentFields);
      delete message.provider_fields;
    }
  } else setField(candidateFields, marker.contentAbsent, true);
  message.issuer = { provider: "google", api: "generate-content" };
  const reason = reader.string("finishReason");
  if (reason !== undefined) {
    message.native_finish_reason = reason;
    const calls = message.parts.some((part) => isPartOfType(part, "tool_call") && part.native_type === undefined);
    message.finish_reason = reason === "STOP" && calls ? "tool_calls" : (finishReasons[reason] ?? "other");
  }
  const citations = reader.peek("citationMetadata");
  const firstText = message.parts.find((part) => isPartOfType(part, "text"));
  if (
    isJsonObject(citations) &&
    Array.isArray(citations.citations) &&
    Object.keys(citations).length === 1 &&
    firstText !== undefined &&
    isPartOfType(firstText, "text")
  ) {
    reader.take("citationMetadata");
    firstText.citations = citations.citations.map(importCitation);
  }
  reader.keepRest(candidateFields);
  if (Object.keys(candidateFields).length > 0)
    message.provider_fields = { google: { [candidateKey]: candidateFields } };
  return message;
}

function importCitation(value: unknown): Citation {
  const citation: Citation = { kind: "url" };
  if (!isJsonObject(value))
    return { ...citation, provider_fields: { google: { value: cloneJson(value) as JsonObject } } };
  const rest: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "uri" && typeof item === "string") citation.url = item;
    else if (key === "title" && typeof item === "string") citation.title = item;
    else if (key === "startIndex" && Number.isSafeInteger(item) && (item as number) >= 0)
      citation.start_index = item as number;
    else if (key === "endIndex" && Number.isSafeInteger(item) && (item as number) >= 0)
      citation.end_index = item as number;
    else setField(rest, key, cloneJson(item));
  }
  if (Object.keys(rest).length > 0) citation.provider_fields = { google: rest };
  return citation;
}

function exportCitation(citation: Tolerant.Citation): JsonObject {
  const native: JsonObject = {};
  if (citation.start_index !== undefined) native.startIndex = citation.start_index;
  if (citation.end_index !== undefined) native.endIndex = citation.end_index;
  if (citation.url !== undefined) native.uri = citation.url;
  if (citation.title !== undefined) native.title = citation.title;
  mergeNative(native, googleFields(citation));
  return native;
}

/** The usage object for a response: the raw Gemini one when there is one, otherwise rebuilt from the counters. */
function exportUsage(usage: Tolerant.Usage, path: string, problems: Problems): JsonObject {
  if (usage.raw?.provider === "gemini" && isJsonObject(usage.raw.usage)) return cloneJson(usage.raw.usage);
  const reasoning = usage.reasoning_tokens ?? 0;
  const native: JsonObject = {
    promptTokenCount: usage.input_tokens,
    candidatesTokenCount: Math.max(0, usage.output_tokens - reasoning),
  };
  if (usage.cache_read_tokens !== undefined) native.cachedContentTokenCount = usage.cache_read_tokens;
  if (usage.reasoning_tokens !== undefined) native.thoughtsTokenCount = usage.reasoning_tokens;
  native.totalTokenCount = usage.total_tokens ?? usage.input_tokens + usage.output_tokens;
  if (usage.cache_write_tokens !== undefined)
    problems.warn("field-dropped", pointer(path, "cache_write_tokens"), "Gemini usage has no cache-write counter");
  if (usage.raw !== undefined)
    problems.warn(
      "value-converted",
      pointer(path, "raw"),
      `the ${usage.raw.provider} usage object was rebuilt as usageMetadata from the normalised counters`,
    );
  return native;
}

/** A canonical transcript's last assistant message as a Gemini response. */
export function responseFromCanonical(
  input: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<GeminiResponse> {
  return runFromCanonical(input, options, (document, problems): GeminiResponse | undefined => {
    const picked = responseMessage(document, "Gemini response", problems);
    if (picked === undefined) return undefined;
    const { message, path } = picked;
    reportUnmapped(message, [...responseMessageFields, "issuer"], path, "Gemini response", problems);
    const context: PartFromCanonicalContext = {
      problems,
      policy: options.foreignReasoning ?? "drop",
      ids: newIdMap(),
      callNames: new Map(),
      response: true,
    };
    const parts = message.parts.flatMap((part, partIndex) =>
      partFromCanonical(part, pointer(path, "parts", partIndex), context),
    );
    const google = googleFields(message) ?? {};
    const candidateFields = isJsonObject(google[candidateKey]) ? google[candidateKey] : undefined;
    const candidate: JsonObject = {};
    if (candidateFields?.[marker.contentAbsent] !== true)
      candidate.content = { parts: parts.map((part) => part.native), role: "model" };
    const reason =
      message.native_finish_reason !== undefined && finishReasons[message.native_finish_reason] !== undefined
        ? message.native_finish_reason
        : message.finish_reason === undefined
          ? undefined
          : nativeFinish[message.finish_reason];
    if (reason !== undefined) candidate.finishReason = reason;
    else if (message.finish_reason !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "finish_reason"),
        `finish reason ${message.finish_reason} has no Gemini equivalent`,
      );
    const citations = message.parts.flatMap((part) => (isPartOfType(part, "text") ? (part.citations ?? []) : []));
    if (citations.length > 0) candidate.citationMetadata = { citations: citations.map(exportCitation) };
    const contentFields = isJsonObject(candidateFields?.content) ? candidateFields.content : undefined;
    if (contentFields?.[marker.partsAbsent] === true && parts.length === 0 && isJsonObject(candidate.content))
      delete candidate.content.parts;
    if (contentFields?.[marker.roleAbsent] === true && isJsonObject(candidate.content)) delete candidate.content.role;
    mergeNative(candidate, candidateFields);
    if (isJsonObject(candidate.content)) applySnakeCase(candidate.content, contentFields?.[marker.snakeCase]);
    applySnakeCase(candidate, candidateFields?.[marker.snakeCase]);
    const response: JsonObject = {};
    if (google[noCandidatesKey] !== true)
      response.candidates = [
        candidate,
        ...(Array.isArray(google[moreCandidatesKey]) ? cloneJson(google[moreCandidatesKey]) : []),
      ];
    if (message.usage !== undefined)
      response.usageMetadata = exportUsage(message.usage, pointer(path, "usage"), problems);
    if (message.model !== undefined) response.modelVersion = message.model;
    if (message.response_id !== undefined) response.responseId = message.response_id;
    const responseFields: JsonObject = {};
    for (const [key, item] of Object.entries(google))
      if (key !== candidateKey && key !== moreCandidatesKey) setField(responseFields, key, item);
    mergeNative(response, responseFields);
    applySnakeCase(response, google[marker.snakeCase]);
    return response as GeminiResponse;
  });
}

export type { Part };
