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
import type { FromCanonicalResult, FromCanonicalOptions, ToCanonicalResult } from "../../conversion/index.js";
import { finishFromCanonical } from "../../conversion/index.js";
import {
  cloneJson,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  fingerprint,
  guard,
  isJsonObject,
  pointer,
  reportUnmapped,
  setField,
  type JsonObject,
} from "../../conversion/index.js";
import { importContent } from "./contents.js";
import {
  NativeReader,
  applySnakeCase,
  googleFields,
  keepSpelling,
  marker,
  mergeNative,
  providerFields,
} from "./native.js";
import { exportPart, type PartExportContext, type PartImportContext } from "./parts.js";
import { newIdMap, registerIds } from "./request.js";
import type { GeminiResponse, GeminiStreamChunk } from "./types.js";

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

function errorBody(value: unknown): string | undefined {
  if (!isJsonObject(value) || !isJsonObject(value.error) || Object.hasOwn(value, "candidates")) return undefined;
  const { code, status, message } = value.error;
  return `Gemini returned an error${typeof code === "number" ? ` ${code}` : ""}${typeof status === "string" ? ` ${status}` : ""}${typeof message === "string" ? `: ${message}` : ""}`;
}

/** A Gemini response as a transcript with one assistant message. */
export function responseToCanonical(response: unknown): ToCanonicalResult {
  return guard(
    (): ToCanonicalResult => {
      const problems = new Problems();
      const error = errorBody(response);
      if (error !== undefined) return { ok: false, errors: [{ path: "/error", message: error }], warnings: [] };
      if (!isJsonObject(response)) {
        problems.error("", "must be a JSON object (a Gemini GenerateContentResponse)");
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      }
      const snake: string[] = [];
      const reader = new NativeReader(response, "", { problems, snake });
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
        const context: PartImportContext = { problems, ids, pending: [] };
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
      const rest = reader.rest();
      if (rest !== undefined) for (const [key, item] of Object.entries(rest)) setField(fields, key, item);
      keepSpelling(fields, snake);
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
      return finishToCanonical(document, provenance, problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importCandidate(value: unknown, path: string, context: PartImportContext): Message | undefined {
  const { problems } = context;
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object (a Candidate)");
    return undefined;
  }
  const snake: string[] = [];
  const reader = new NativeReader(value, path, { problems, snake });
  const candidateFields: JsonObject = {};
  let message: Message = { role: "assistant", parts: [] };
  if (reader.has("content")) {
    message = importContent(reader.take("content"), reader.at("content"), context, "candidate") ?? message;
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
  const rest = reader.rest();
  if (rest !== undefined) for (const [key, item] of Object.entries(rest)) setField(candidateFields, key, item);
  keepSpelling(candidateFields, snake);
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
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<GeminiResponse> {
  return guard(
    (): FromCanonicalResult<GeminiResponse> => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems))
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      let index = -1;
      document.messages.forEach((message, position) => {
        if (message.role === "assistant") index = position;
      });
      document.messages.forEach((_message, position) => {
        if (position !== index)
          problems.warn(
            "message-dropped",
            pointer("", "messages", position),
            "a Gemini response holds only the model's answer (the last assistant message)",
          );
      });
      const message = document.messages[index];
      if (message === undefined) {
        problems.error("/messages", "has no assistant message to write as a response");
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      }
      const path = pointer("", "messages", index);
      reportUnmapped(
        message,
        [
          "role",
          "parts",
          "provider_fields",
          "issuer",
          "model",
          "response_id",
          "finish_reason",
          "native_finish_reason",
          "usage",
        ],
        path,
        "Gemini response",
        problems,
      );
      const context: PartExportContext = {
        problems,
        policy: options.foreignReasoning ?? "drop",
        ids: newIdMap(),
        callNames: new Map(),
        response: true,
      };
      const parts = message.parts.flatMap((part, partIndex) =>
        exportPart(part, pointer(path, "parts", partIndex), context),
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
      return finishFromCanonical(response as GeminiResponse, problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Streams

/** Parses an RFC 9535 JSON path of the simple form Gemini streams (`$.a.b[0].c`) into keys and indices. */
export function parseJsonPath(path: string): Array<string | number> | undefined {
  if (!path.startsWith("$")) return undefined;
  const steps: Array<string | number> = [];
  let index = 1;
  while (index < path.length) {
    const char = path[index];
    if (char === ".") {
      let end = index + 1;
      while (end < path.length && path[end] !== "." && path[end] !== "[") end += 1;
      if (end === index + 1) return undefined;
      steps.push(path.slice(index + 1, end));
      index = end;
    } else if (char === "[") {
      const end = path.indexOf("]", index);
      if (end < 0) return undefined;
      const inner = path.slice(index + 1, end);
      if (/^\d+$/.test(inner)) steps.push(Number(inner));
      else if (inner.length >= 2 && (inner.startsWith("'") || inner.startsWith('"')) && inner.endsWith(inner[0] ?? ""))
        steps.push(inner.slice(1, -1));
      else return undefined;
      index = end + 1;
    } else return undefined;
  }
  return steps;
}

function setAtPath(root: JsonObject, steps: Array<string | number>, update: (previous: unknown) => unknown): boolean {
  let current: unknown = root;
  for (let index = 0; index < steps.length - 1; index += 1) {
    const step = steps[index] as string | number;
    const nextIsIndex = typeof steps[index + 1] === "number";
    const container = current as Record<string | number, unknown>;
    if (typeof step === "number" ? !Array.isArray(current) : !isJsonObject(current)) return false;
    if (container[step] === undefined) {
      if (typeof step === "string") setField(current as JsonObject, step, nextIsIndex ? [] : {});
      else container[step] = nextIsIndex ? [] : {};
    }
    current = container[step];
  }
  const last = steps[steps.length - 1];
  if (last === undefined) return false;
  if (typeof last === "number" ? !Array.isArray(current) : !isJsonObject(current)) return false;
  const container = current as Record<string | number, unknown>;
  const value = update(container[last]);
  if (typeof last === "string") setField(current as JsonObject, last, value);
  else container[last] = value;
  return true;
}

interface OpenCall {
  args: JsonObject;
  continuing: Set<string>;
}

const textKeys = new Set(["text", "thought", "thoughtSignature"]);

function isPlainText(part: JsonObject): boolean {
  return typeof part.text === "string" && Object.keys(part).every((key) => textKeys.has(key));
}

/** Folds one chunk's parts into the aggregated part list of its candidate. */
function foldParts(
  parts: JsonObject[],
  incoming: unknown[],
  open: { call?: OpenCall },
  problems: Problems,
  path: string,
): void {
  incoming.forEach((item, index) => {
    if (!isJsonObject(item)) {
      problems.error(pointer(path, index), "must be an object (a Gemini Part)");
      return;
    }
    const call = item.functionCall;
    if (isJsonObject(call) && open.call !== undefined && call.name === undefined) {
      // A continuation of the call being streamed: partial arguments, a bare willContinue, or the closing `{}`.
      const partial = call.partialArgs;
      if (Array.isArray(partial)) {
        partial.forEach((argument, argumentIndex) =>
          applyPartialArg(
            argument,
            open.call as OpenCall,
            problems,
            pointer(path, index, "functionCall", "partialArgs", argumentIndex),
          ),
        );
      }
      if (call.willContinue !== true) open.call = undefined;
      return;
    }
    open.call = undefined;
    if (isJsonObject(call) && typeof call.name === "string" && call.willContinue === true) {
      const { willContinue: _continues, partialArgs, ...whole } = call;
      const args: JsonObject = {};
      const started: OpenCall = { args, continuing: new Set() };
      if (Array.isArray(partialArgs))
        partialArgs.forEach((argument, argumentIndex) =>
          applyPartialArg(
            argument,
            started,
            problems,
            pointer(path, index, "functionCall", "partialArgs", argumentIndex),
          ),
        );
      parts.push({ ...item, functionCall: { ...whole, args } });
      open.call = started;
      return;
    }
    const previous = parts[parts.length - 1];
    if (isPlainText(item)) {
      const signature = item.thoughtSignature;
      if (item.text === "" && signature === undefined) return;
      if (
        previous !== undefined &&
        isPlainText(previous) &&
        (previous.thought === true) === (item.thought === true) &&
        !(previous.thoughtSignature !== undefined && signature !== undefined)
      ) {
        previous.text = `${String(previous.text)}${String(item.text)}`;
        if (signature !== undefined) previous.thoughtSignature = signature;
        return;
      }
    }
    parts.push(cloneJson(item));
  });
}

function applyPartialArg(argument: unknown, call: OpenCall, problems: Problems, path: string): void {
  if (!isJsonObject(argument) || typeof argument.jsonPath !== "string") {
    problems.error(path, "must be a PartialArg with a jsonPath");
    return;
  }
  const jsonPath = argument.jsonPath;
  const steps = parseJsonPath(jsonPath);
  if (steps === undefined || steps.length === 0) {
    problems.error(pointer(path, "jsonPath"), `cannot be read as a JSON path: ${jsonPath}`);
    return;
  }
  const continuing = call.continuing.has(jsonPath);
  let update: (previous: unknown) => unknown;
  if (typeof argument.stringValue === "string") {
    const text = argument.stringValue;
    update = (previous) => (continuing && typeof previous === "string" ? previous + text : text);
  } else if (typeof argument.numberValue === "number") update = () => argument.numberValue;
  else if (typeof argument.boolValue === "boolean") update = () => argument.boolValue;
  else if (Object.hasOwn(argument, "nullValue")) update = () => null;
  else {
    problems.error(path, "carries no value");
    return;
  }
  if (!setAtPath(call.args, steps, update))
    problems.error(pointer(path, "jsonPath"), `does not fit the arguments built so far: ${jsonPath}`);
  if (argument.willContinue === true) call.continuing.add(jsonPath);
  else call.continuing.delete(jsonPath);
}

/** The response a chunk sequence stands for. */
export function aggregateChunks(chunks: readonly unknown[], problems: Problems): JsonObject {
  const response: JsonObject = {};
  const candidates: Array<{
    candidate: JsonObject;
    parts: JsonObject[];
    open: { call?: OpenCall };
    content: JsonObject;
    sawContent: boolean;
  }> = [];
  let usage: unknown;
  chunks.forEach((chunk, chunkIndex) => {
    const path = `/${chunkIndex}`;
    if (!isJsonObject(chunk)) {
      problems.error(
        path,
        typeof chunk === "string"
          ? `a stream chunk that is not JSON: ${chunk.slice(0, 60)}`
          : "must be an object (a GenerateContentResponse chunk)",
      );
      return;
    }
    const error = errorBody(chunk);
    if (error !== undefined) {
      problems.error(pointer(path, "error"), error);
      return;
    }
    for (const [key, value] of Object.entries(chunk)) {
      if (key === "candidates") continue;
      if (key === "usageMetadata") {
        if (
          usage === undefined ||
          normalizeUsage("gemini", value) !== undefined ||
          normalizeUsage("gemini", usage) === undefined
        )
          usage = value;
        continue;
      }
      setField(response, key, cloneJson(value));
    }
    const list = chunk.candidates;
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      problems.error(pointer(path, "candidates"), "must be an array");
      return;
    }
    list.forEach((candidate, position) => {
      const candidatePath = pointer(path, "candidates", position);
      if (!isJsonObject(candidate)) {
        problems.error(candidatePath, "must be an object (a Candidate)");
        return;
      }
      const slot = typeof candidate.index === "number" ? candidate.index : position;
      candidates[slot] ??= { candidate: {}, parts: [], open: {}, content: {}, sawContent: false };
      const state = candidates[slot];
      for (const [key, value] of Object.entries(candidate)) {
        if (key !== "content") setField(state.candidate, key, cloneJson(value));
      }
      const content = candidate.content;
      if (isJsonObject(content)) {
        state.sawContent = true;
        for (const [key, value] of Object.entries(content))
          if (key !== "parts") setField(state.content, key, cloneJson(value));
        if (Array.isArray(content.parts))
          foldParts(state.parts, content.parts, state.open, problems, pointer(candidatePath, "content", "parts"));
      }
    });
  });
  if (candidates.length > 0) {
    response.candidates = candidates.map((state) => {
      if (state === undefined) return {};
      return state.sawContent
        ? { ...state.candidate, content: { ...state.content, parts: state.parts } }
        : state.candidate;
    });
  }
  if (usage !== undefined) response.usageMetadata = usage;
  return response;
}

/** A stream of chunks as the transcript the unstreamed response would give. */
export function streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult {
  return guard(
    (): ToCanonicalResult => {
      const problems = new Problems();
      if (!Array.isArray(chunks))
        return { ok: false, errors: [{ path: "", message: "must be an array of chunks" }], warnings: [] };
      const response = aggregateChunks(chunks, problems);
      if (problems.errors.length > 0) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const result = responseToCanonical(response);
      return result.ok ? { ...result, warnings: [...problems.warnings, ...result.warnings] } : result;
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/** Chunks that aggregate back to the document: one per part, the last with finishReason, usage and metadata. */
export function streamFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<GeminiStreamChunk[]> {
  const result = responseFromCanonical(document, options);
  if (!result.ok) return result;
  const response = result.value as JsonObject;
  const { candidates, usageMetadata, ...top } = response;
  const shared: JsonObject = {};
  for (const key of ["responseId", "modelVersion", "createTime"])
    if (top[key] !== undefined) setField(shared, key, top[key]);
  const first = Array.isArray(candidates) && isJsonObject(candidates[0]) ? candidates[0] : undefined;
  const chunks: JsonObject[] = [];
  const content = first !== undefined && isJsonObject(first.content) ? first.content : undefined;
  const parts = content !== undefined && Array.isArray(content.parts) ? content.parts : [];
  const { parts: _parts, ...contentRest } = content ?? {};
  for (const part of parts.slice(0, -1))
    chunks.push({ candidates: [{ content: { ...contentRest, parts: [part] } }], ...shared });
  const last: JsonObject = { ...top };
  if (candidates !== undefined) {
    const lastParts = parts.length > 0 ? parts.slice(-1) : [];
    const finalCandidate =
      first === undefined
        ? undefined
        : { ...first, ...(content === undefined ? {} : { content: { ...contentRest, parts: lastParts } }) };
    last.candidates = [
      ...(finalCandidate === undefined ? [] : [finalCandidate]),
      ...(Array.isArray(candidates) ? candidates.slice(1) : []),
    ];
  }
  if (usageMetadata !== undefined) last.usageMetadata = usageMetadata;
  chunks.push(last);
  return { ok: true, value: chunks as GeminiStreamChunk[], warnings: result.warnings };
}

export type { Part };
