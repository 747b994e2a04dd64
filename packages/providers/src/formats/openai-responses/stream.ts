/**
 * Response streams (server-sent `ResponseStreamEvent`s) ↔ canonical documents.
 *
 * Import aggregates the events into the Response they describe and converts that like an unstreamed one:
 * - the envelope (id, model, status, usage, settings) is the `response` of the last `response.*` lifecycle event
 *   (`response.completed` / `incomplete` / `failed` when the stream has one);
 * - each output item is the item of its `response.output_item.done` event: that is where late data arrives
 *   (`encrypted_content`, final statuses), and it is what a streaming client stores. An item without a done event is
 *   taken from the terminal response's output, or else assembled from its `output_item.added` item and the deltas
 *   (text, refusal, annotations, arguments, custom input, code, reasoning summary and text), with a warning;
 * - an `error` event's message becomes the message's error when the response carries none;
 * - progress events (`…in_progress`, `…searching`, `…interpreting`, `…generating`, partial images, shell and patch
 *   deltas) carry nothing the done item does not, and sequence numbers and obfuscation padding are transport.
 * A chunk that is not a JSON object is skipped with a warning, as is an event type this converter does not know.
 *
 * Export emits `response.created`, `response.in_progress`, per item `output_item.added`, its content or argument
 * deltas and dones, `output_item.done`, then the terminal event for the status; importing that gives back the
 * document.
 */
import type { Tolerant } from "@agent-transcript/core";
import {
  cloneJson,
  runFromCanonical,
  guard,
  isJsonObject,
  Problems,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import { buildResponse, importResponse } from "./response.js";

const lifecycle = new Set(["response.created", "response.in_progress", "response.queued"]);
const terminals = new Set(["response.completed", "response.incomplete", "response.failed"]);

// Events whose content the item's `output_item.done` repeats in full. Linear: fixed alternatives after a prefix.
const progressPattern =
  /^response\.[a-z_]+\.(?:in_progress|searching|interpreting|generating|completed|failed|partial_image)$/;
const supersededPrefixes = [
  "response.shell_call_command.",
  "response.shell_call_output_content.",
  "response.apply_patch_call_operation_diff.",
  "response.audio.",
];

function index(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value < 100_000 ? value : undefined;
}

function listIn(item: JsonObject, key: string): unknown[] {
  const list = item[key];
  if (Array.isArray(list)) return list;
  const fresh: unknown[] = [];
  item[key] = fresh;
  return fresh;
}

function entryAt(
  item: JsonObject,
  key: string,
  position: number | undefined,
  make: () => JsonObject,
): JsonObject | undefined {
  if (position === undefined) return undefined;
  const list = listIn(item, key);
  const existing = list[position];
  if (isJsonObject(existing)) return existing;
  const fresh = make();
  list[position] = fresh;
  return fresh;
}

function appendText(target: JsonObject | undefined, key: string, delta: unknown): void {
  if (target === undefined || typeof delta !== "string") return;
  target[key] = `${typeof target[key] === "string" ? (target[key] as string) : ""}${delta}`;
}

function setText(target: JsonObject | undefined, key: string, value: unknown): void {
  if (target !== undefined && typeof value === "string") target[key] = value;
}

/** The list entry of an item a text event writes into: which list, which event field indexes it, and a fresh one. */
interface ListEntry {
  readonly list: "content" | "summary";
  readonly index: "content_index" | "summary_index";
  readonly fresh: () => JsonObject;
}

const outputTextEntry = contentEntry(() => ({ type: "output_text", text: "", annotations: [] }));

/**
 * Where the text of a `<event>.delta` / `<event>.done` pair goes: the item itself or one entry of its lists, under
 * `key`; a delta appends its `delta`, a done event sets its field named like the key. Looked up by a type read from
 * input, so the table has no prototype (`toString` is no event).
 */
const textEvents: Readonly<Record<string, { readonly entry?: ListEntry; readonly key: string }>> = Object.assign(
  Object.create(null) as Record<string, { readonly entry?: ListEntry; readonly key: string }>,
  {
    "response.output_text": { entry: outputTextEntry, key: "text" },
    "response.refusal": { entry: contentEntry(() => ({ type: "refusal", refusal: "" })), key: "refusal" },
    "response.function_call_arguments": { key: "arguments" },
    "response.mcp_call_arguments": { key: "arguments" },
    "response.custom_tool_call_input": { key: "input" },
    "response.code_interpreter_call_code": { key: "code" },
    "response.reasoning_summary_text": {
      entry: { list: "summary", index: "summary_index", fresh: () => ({ type: "summary_text", text: "" }) },
      key: "text",
    },
    "response.reasoning_text": { entry: contentEntry(() => ({ type: "reasoning_text", text: "" })), key: "text" },
  },
);

function contentEntry(fresh: () => JsonObject): ListEntry {
  return { list: "content", index: "content_index", fresh };
}

/** Applies a text event (`<event>.delta` or `<event>.done` of {@link textEvents}); false when `type` is none. */
function applyTextEvent(type: string, chunk: JsonObject, item: JsonObject | undefined): boolean {
  const dot = type.lastIndexOf(".");
  const phase = type.slice(dot + 1);
  const spec = phase === "delta" || phase === "done" ? textEvents[type.slice(0, dot)] : undefined;
  if (spec === undefined) return false;
  const { entry, key } = spec;
  const target = entry === undefined ? item : item && entryAt(item, entry.list, index(chunk[entry.index]), entry.fresh);
  if (phase === "delta") appendText(target, key, chunk.delta);
  else setText(target, key, chunk[key]);
  return true;
}

export function streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult {
  return guard(
    () => importStream(chunks),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importStream(chunks: readonly unknown[]): ToCanonicalResult {
  const problems = new Problems();
  if (!Array.isArray(chunks)) {
    problems.error("", "must be an array of stream events");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  let envelope: JsonObject | undefined;
  let terminal = false;
  let errorEvent: JsonObject | undefined;
  const partial: Array<JsonObject | undefined> = [];
  const done: Array<JsonObject | undefined> = [];
  chunks.forEach((chunk, position) => {
    const path = `/${position}`;
    if (!isJsonObject(chunk)) {
      problems.warn("input-normalized", path, "a chunk that is not a JSON event object was skipped");
      return;
    }
    const type = typeof chunk.type === "string" ? chunk.type : "";
    const at = index(chunk.output_index);
    const item = at === undefined ? undefined : partial[at];
    if (lifecycle.has(type) || terminals.has(type)) {
      if (isJsonObject(chunk.response)) envelope = cloneJson(chunk.response);
      if (terminals.has(type)) terminal = true;
      return;
    }
    if (applyTextEvent(type, chunk, item)) return;
    switch (type) {
      case "response.output_item.added":
        if (at !== undefined && isJsonObject(chunk.item)) partial[at] = cloneJson(chunk.item);
        return;
      case "response.output_item.done":
        if (at !== undefined && isJsonObject(chunk.item)) done[at] = cloneJson(chunk.item);
        return;
      case "response.content_part.added":
      case "response.content_part.done":
        if (item !== undefined && isJsonObject(chunk.part) && index(chunk.content_index) !== undefined)
          listIn(item, "content")[chunk.content_index as number] = cloneJson(chunk.part);
        return;
      case "response.output_text.annotation.added": {
        const part = item && entryAt(item, "content", index(chunk.content_index), outputTextEntry.fresh);
        const position = index(chunk.annotation_index);
        if (part !== undefined && position !== undefined && chunk.annotation !== undefined)
          listIn(part, "annotations")[position] = cloneJson(chunk.annotation);
        return;
      }
      case "response.reasoning_summary_part.added":
      case "response.reasoning_summary_part.done":
        if (item !== undefined && isJsonObject(chunk.part) && index(chunk.summary_index) !== undefined)
          listIn(item, "summary")[chunk.summary_index as number] = cloneJson(chunk.part);
        return;
      case "error":
        errorEvent = chunk;
        return;
      default:
        if (progressPattern.test(type) || supersededPrefixes.some((prefix) => type.startsWith(prefix))) return;
        problems.warn(
          "input-normalized",
          path,
          `an event of type ${JSON.stringify(type)} is not understood and was skipped`,
        );
    }
  });
  const terminalOutput = terminal && envelope !== undefined && Array.isArray(envelope.output) ? envelope.output : [];
  const count = Math.max(partial.length, done.length, terminalOutput.length);
  const output: JsonObject[] = [];
  for (let position = 0; position < count; position += 1) {
    const fromTerminal = terminalOutput[position];
    const item = done[position] ?? (isJsonObject(fromTerminal) ? cloneJson(fromTerminal) : undefined);
    if (item !== undefined) output.push(item);
    else if (partial[position] !== undefined) {
      problems.warn(
        "input-normalized",
        `/output/${position}`,
        "an item without an output_item.done event was assembled from its added event and deltas",
      );
      output.push(partial[position] as JsonObject);
    }
  }
  if (envelope === undefined && chunks.length > 0)
    problems.warn("input-normalized", "", "the stream has no response event; the document has only the streamed items");
  else if (envelope !== undefined && !terminal)
    problems.warn(
      "input-normalized",
      "",
      "the stream ended without a terminal event; the response is as the last response event left it",
    );
  const response: JsonObject = { ...(envelope ?? {}), output };
  const result = importResponse(response, problems, envelope !== undefined);
  if (!result.ok || errorEvent === undefined) return result;
  const message = result.document.messages[0];
  const details = isJsonObject(errorEvent.error) ? errorEvent.error : errorEvent;
  if (message !== undefined && message.error === undefined && typeof details.message === "string")
    message.error = details.message;
  // What the event says beyond its message (code, type, param) is kept only where the response's error repeats it.
  const kept: JsonObject = isJsonObject(envelope?.error) ? envelope.error : {};
  const lost = Object.keys(details).filter(
    (key) =>
      !(details === errorEvent && (key === "type" || key === "sequence_number")) &&
      key !== "message" &&
      details[key] !== null &&
      kept[key] !== details[key],
  );
  if (lost.length > 0)
    result.warnings.push({
      code: "field-dropped",
      path: "",
      message: `the error event's ${lost.join(", ")} ${lost.length === 1 ? "is" : "are"} not kept (only its message is)`,
    });
  return result;
}

// ─── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

const terminalEvent: Record<string, string> = {
  completed: "response.completed",
  incomplete: "response.incomplete",
  failed: "response.failed",
};

function skeleton(item: JsonObject): JsonObject {
  const started: JsonObject = { ...item };
  if (typeof started.status === "string") started.status = "in_progress";
  switch (item.type) {
    case "message":
      started.content = [];
      break;
    case "function_call":
    case "mcp_call":
      started.arguments = "";
      break;
    case "custom_tool_call":
      started.input = "";
      break;
    case "reasoning":
      started.summary = [];
      delete started.encrypted_content;
      delete started.content;
      break;
    default:
      break;
  }
  return started;
}

function partSkeleton(part: JsonObject): JsonObject {
  if (part.type === "output_text")
    return { ...part, text: "", ...(Array.isArray(part.annotations) ? { annotations: [] } : {}) };
  if (part.type === "refusal") return { ...part, refusal: "" };
  return part;
}

export function streamFromCanonical(
  document: unknown,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<JsonObject[]> {
  return runFromCanonical(document, options, (input, problems) => exportStream(input, options, problems));
}

function exportStream(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions,
  problems: Problems,
): JsonObject[] | undefined {
  const built = buildResponse(document, options, problems, { synthesize: false });
  if (built === undefined) return undefined;
  const { response, enveloped, looseError } = built;
  const events: JsonObject[] = [];
  const emit = (event: JsonObject): void => {
    events.push({ ...event, sequence_number: events.length });
  };
  const output = Array.isArray(response.output) ? (response.output as JsonObject[]) : [];
  const status = typeof response.status === "string" ? response.status : undefined;
  const terminal = status === undefined ? undefined : terminalEvent[status];
  if (enveloped) {
    // With a terminal event the importer takes the envelope from it; without one, from these, so they carry it whole.
    const opening =
      terminal === undefined
        ? { ...response, output: [] }
        : { ...response, status: "in_progress", output: [], usage: null };
    emit({ type: "response.created", response: opening });
    emit({ type: "response.in_progress", response: opening });
  }
  output.forEach((item, outputIndex) => {
    emit({ type: "response.output_item.added", output_index: outputIndex, item: skeleton(item) });
    const itemId = typeof item.id === "string" ? { item_id: item.id } : {};
    const at = { ...itemId, output_index: outputIndex };
    if (item.type === "message" && Array.isArray(item.content)) {
      item.content.forEach((part, contentIndex) => {
        if (!isJsonObject(part)) return;
        const where = { ...at, content_index: contentIndex };
        emit({ type: "response.content_part.added", ...where, part: partSkeleton(part) });
        if (part.type === "output_text" && typeof part.text === "string") {
          emit({ type: "response.output_text.delta", ...where, delta: part.text });
          if (Array.isArray(part.annotations))
            part.annotations.forEach((annotation, annotationIndex) =>
              emit({
                type: "response.output_text.annotation.added",
                ...where,
                annotation_index: annotationIndex,
                annotation,
              }),
            );
          emit({ type: "response.output_text.done", ...where, text: part.text });
        } else if (part.type === "refusal" && typeof part.refusal === "string") {
          emit({ type: "response.refusal.delta", ...where, delta: part.refusal });
          emit({ type: "response.refusal.done", ...where, refusal: part.refusal });
        }
        emit({ type: "response.content_part.done", ...where, part });
      });
    } else if ((item.type === "function_call" || item.type === "mcp_call") && typeof item.arguments === "string") {
      const family = item.type === "function_call" ? "response.function_call_arguments" : "response.mcp_call_arguments";
      emit({ type: `${family}.delta`, ...at, delta: item.arguments });
      emit({ type: `${family}.done`, ...at, arguments: item.arguments });
    } else if (item.type === "custom_tool_call" && typeof item.input === "string") {
      emit({ type: "response.custom_tool_call_input.delta", ...at, delta: item.input });
      emit({ type: "response.custom_tool_call_input.done", ...at, input: item.input });
    } else if (item.type === "reasoning") {
      if (Array.isArray(item.summary)) {
        item.summary.forEach((part, summaryIndex) => {
          if (!isJsonObject(part) || typeof part.text !== "string") return;
          const where = { ...at, summary_index: summaryIndex };
          emit({ type: "response.reasoning_summary_part.added", ...where, part: { ...part, text: "" } });
          emit({ type: "response.reasoning_summary_text.delta", ...where, delta: part.text });
          emit({ type: "response.reasoning_summary_text.done", ...where, text: part.text });
          emit({ type: "response.reasoning_summary_part.done", ...where, part });
        });
      }
      if (Array.isArray(item.content)) {
        item.content.forEach((part, contentIndex) => {
          if (!isJsonObject(part) || typeof part.text !== "string") return;
          const where = { ...at, content_index: contentIndex };
          emit({ type: "response.reasoning_text.delta", ...where, delta: part.text });
          emit({ type: "response.reasoning_text.done", ...where, text: part.text });
        });
      }
    }
    emit({ type: "response.output_item.done", output_index: outputIndex, item });
  });
  if (looseError !== undefined) emit({ type: "error", code: null, message: looseError, param: null });
  if (enveloped && terminal !== undefined) emit({ type: terminal, response });
  return events.map((event) => cloneJson(event));
}
