/**
 * Gemini streams (`streamGenerateContent`): each chunk is a partial `GenerateContentResponse`; the chunks aggregate
 * into the response they stand for (text and thoughts concatenated, function-call arguments assembled from their
 * partial values), which converts like an unstreamed response.
 */
import type { Tolerant } from "@agent-transcript/core";
import { normalizeUsage } from "@agent-transcript/core";
import type { FromCanonicalResult, FromCanonicalOptions, ToCanonicalResult } from "../../conversion/index.js";
import {
  cloneJson,
  Problems,
  guard,
  isJsonObject,
  pointer,
  setField,
  type JsonObject,
} from "../../conversion/index.js";
import type { GeminiStreamChunk } from "./types.js";
import { errorBody, responseFromCanonical, responseToCanonical } from "./response.js";

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
