/**
 * Ollama's native chat API (`POST /api/chat`), format id `ollama`, typed with the `ollama` package.
 *
 * Request → canonical: `messages` in order (system, user, assistant, tool); `thinking` → a reasoning part first (no
 * signature: Ollama has none), `content` → a text part (an empty string is no part), `images` (base64) → image
 * parts, `tool_calls` → tool_call parts (`function.arguments` is already an object; `id` when Ollama sent one, else
 * a made-up id marked so it is not written back). A tool message → one tool_result whose name is `tool_name`,
 * paired with the call by `tool_call_id` when present, else with the first unanswered call of that name. `tools`
 * → tool definitions; every other field (model, stream, options, format, think, keep_alive) → the document's
 * `provider_fields.ollama`.
 *
 * Response → one assistant message: created_at, model, `done_reason` → finish_reason (`stop` with tool calls →
 * tool_calls) with the native one kept, the count and duration fields → usage via normalizeUsage("ollama") (raw
 * keeps them verbatim), the rest (`done`, logprobs) in provider_fields.ollama. A stream of NDJSON chunks folds into
 * that response (content and thinking joined, tool calls gathered, the final `done: true` chunk's fields); the
 * intermediate chunks' own `created_at` stamps are timing, not content, and are left out with a warning. An error
 * body (`{ "error": "…" }`) is refused with its message.
 *
 * Canonical → Ollama, from any source: developer → system (`role-mapped`); several text parts joined
 * (`parts-merged`); images need inline data (`media-fallback` otherwise); audio, files, refusals and other parts
 * have no Ollama field (`part-dropped`, refusals as text with `value-converted`); one tool message per result
 * (`results-regrouped`), outputs that are not strings JSON-encoded (`value-converted`), images of a result on the
 * tool message itself, status and error reported (`status-mapped`, `field-dropped`); arguments that are not an
 * object wrapped as `{ "input": … }` (`value-converted`); reasoning per `decideReasoning` for target ollama.
 *
 * Tool messages pair with their call: each carries the call's `tool_name` and `tool_call_id` (the server reads it
 * and returns ids on its calls; the `ollama` package's types lag behind) and goes right after the assistant message
 * with the call. The result of a call that is not sent (provider-executed or built-in) is dropped with it
 * (`part-dropped`), a result with no call before it too (`tool-result-unmatched`); an assistant message right after
 * one whose calls are unanswered joins it (`parts-merged`, parallel calls a source split up); a result separated
 * from its call moves back to it (`order-changed`); a call id already sent gets a fresh deterministic id for its
 * turn, call and results together (`id-remapped`).
 */
import type {
  Message,
  Part,
  Tolerant,
  ToolCallPart,
  ToolDefinition,
  ToolResultPart,
  Transcript,
  Usage,
} from "@agent-transcript/core";
import { formatVersion, isKnownPart, normalizeUsage } from "@agent-transcript/core";
import type { ChatRequest, ChatResponse } from "ollama";
import {
  finishFromCanonical,
  type FromCanonicalResult,
  type FromCanonicalOptions,
  type ProviderConverter,
  type TargetProblem,
} from "../../conversion/index.js";
import { digest } from "../../conversion/index.js";
import { decideReasoning } from "../../conversion/index.js";
import {
  cloneJson,
  FieldReader,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  fingerprint,
  guard,
  isDateTime,
  isJsonObject,
  pointer,
  setField,
  type ToCanonicalResult,
  type JsonObject,
} from "../../conversion/index.js";
import {
  dropAbsent,
  fillMissing,
  ownFields,
  parseJsonText,
  providerEntry,
  shapeOf as sharedShapeOf,
} from "../../conversion/index.js";

/** Ollama's `$shape` markers: fields the writer would add that the source did not have, a source's own empty id. */
interface Shape {
  absent?: string[];
  id?: string;
}

function shapeOf(own: JsonObject | undefined): Shape | undefined {
  return sharedShapeOf<Shape>(own);
}

const provider = "ollama";
const roles = ["system", "user", "assistant", "tool"] as const;
const usageFields = [
  "total_duration",
  "load_duration",
  "prompt_eval_count",
  "prompt_eval_duration",
  "eval_count",
  "eval_duration",
];

function withFields<T extends object>(target: T, rest: JsonObject | undefined, shape: Shape = {}): T {
  const entry = providerEntry(rest, shape);
  if (entry !== undefined)
    (target as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [provider]: entry };
  return target;
}

function syntheticId(position: string): string {
  return `call_${digest(`ollama:${position}`, "abcdefghijklmnopqrstuvwxyz0123456789", 16)}`;
}

// ---------------------------------------------------------------------------------------------- native → canonical

interface PendingCall {
  id: string;
  name: string;
}

function importMessage(value: unknown, path: string, problems: Problems, pending: PendingCall[]): Message | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const role = reader.oneOf("role", roles, { required: true });
  const shape: Shape = {};
  const parts: Part[] = [];
  if (typeof value["thinking"] === "string") parts.push({ type: "reasoning", text: reader.string("thinking") ?? "" });
  if (!reader.has("content")) shape.absent = ["content"];
  const content = reader.string("content");
  if (role === "tool") {
    const result: ToolResultPart = { type: "tool_result", call_id: "", status: "ok", output: content ?? "" };
    if (content === undefined) delete result.output;
    const toolName = reader.string("tool_name");
    if (toolName === undefined) shape.absent = [...(shape.absent ?? []), "tool_name"];
    else result.name = toolName;
    const callId = typeof value["tool_call_id"] === "string" ? reader.string("tool_call_id") : undefined;
    // An export writes the paired call's id; a tool message that had none gets none back.
    if (!reader.has("tool_call_id")) shape.absent = [...(shape.absent ?? []), "tool_call_id"];
    const index = pending.findIndex((call) =>
      callId !== undefined ? call.id === callId : toolName === undefined || call.name === toolName,
    );
    const call = index >= 0 ? pending.splice(index, 1)[0] : undefined;
    result.call_id = callId ?? call?.id ?? syntheticId(path);
    parts.push(result);
  } else if (content !== undefined && content !== "") parts.push({ type: "text", text: content });
  // Empty lists are left unread, so they travel in provider_fields and come back exactly.
  const nonEmpty = (key: string): unknown[] | undefined =>
    Array.isArray(value[key]) && value[key].length === 0 ? undefined : reader.array(key);
  const images = nonEmpty("images");
  images?.forEach((image, index) => {
    if (typeof image === "string") parts.push({ type: "image", data: image });
    else problems.error(pointer(reader.at("images"), index), "must be a base64 string");
  });
  const calls = nonEmpty("tool_calls");
  if (calls !== undefined) pending.length = 0;
  calls?.forEach((call, index) => {
    const part = importToolCall(call, pointer(reader.at("tool_calls"), index), problems);
    if (part === undefined) return;
    parts.push(part);
    pending.push({ id: part.id, name: part.name });
  });
  if (role === undefined) return undefined;
  return withFields<Message>({ role, parts }, reader.rest(), shape);
}

function importToolCall(value: unknown, path: string, problems: Problems): ToolCallPart | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const shape: Shape = {};
  let id = reader.has("id") ? reader.string("id") : undefined;
  if (id === undefined || id === "") {
    if (id === "") shape.id = "";
    else shape.absent = ["id"];
    id = syntheticId(path);
  }
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const input = fnReader.json("arguments", { required: true });
  if (name === undefined || input === undefined) return undefined;
  const rest = reader.rest() ?? {};
  const fnRest = fnReader.rest();
  if (fnRest !== undefined) rest["function"] = fnRest;
  return withFields<ToolCallPart>(
    { type: "tool_call", id, name, input },
    Object.keys(rest).length > 0 ? rest : undefined,
    shape,
  );
}

function importTool(value: unknown, path: string, problems: Problems): ToolDefinition | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  if (value["type"] === "function") reader.take("type");
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const description = fnReader.string("description");
  const parameters = fnReader.has("parameters") ? fnReader.json("parameters") : undefined;
  if (name === undefined) return undefined;
  const tool: ToolDefinition = { name };
  if (description !== undefined) tool.description = description;
  if (parameters !== undefined) tool.input_schema = parameters;
  const rest = reader.rest() ?? {};
  const fnRest = fnReader.rest();
  if (fnRest !== undefined) rest["function"] = fnRest;
  return withFields(
    tool,
    Object.keys(rest).length > 0 ? rest : undefined,
    value["type"] === "function" ? {} : { absent: ["type"] },
  );
}

function requestToCanonical(request: unknown): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      if (!isJsonObject(request))
        return { ok: false, errors: [{ path: "", message: "must be an Ollama chat request object" }], warnings: [] };
      const reader = new FieldReader(request, "", problems);
      const provenance = emptyProvenance();
      const messages: Message[] = [];
      const pending: PendingCall[] = [];
      (reader.array("messages") ?? []).forEach((value, index) => {
        const path = pointer("", "messages", index);
        const message = importMessage(value, path, problems, pending);
        if (message === undefined) return;
        messages.push(message);
        provenance.messages.push(path);
        provenance.parts.push(message.parts.map(() => ({ path, sameShape: false })));
      });
      const document: Transcript = {
        schema_version: formatVersion,
        id: `ollama-${fingerprint(request)}`,
        source: { format: "ollama" },
        messages,
      };
      const tools = reader.array("tools");
      if (tools !== undefined)
        document.tools = tools.flatMap((tool, index) => importTool(tool, pointer("", "tools", index), problems) ?? []);
      const rest = reader.rest();
      const shape: Shape = reader.has("messages") ? {} : { absent: ["messages"] };
      const entry = providerEntry(rest, shape);
      if (entry !== undefined) document.provider_fields = { [provider]: entry };
      return finishToCanonical(document, provenance, problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function canonicalFinish(native: string, hasCalls: boolean): Message["finish_reason"] {
  if (native === "stop") return hasCalls ? "tool_calls" : "stop";
  if (native === "length") return "length";
  return "other";
}

function responseToCanonical(response: unknown): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      if (!isJsonObject(response))
        return { ok: false, errors: [{ path: "", message: "must be an Ollama chat response object" }], warnings: [] };
      if (Object.hasOwn(response, "error") && !Object.hasOwn(response, "message")) {
        const error = response["error"];
        return {
          ok: false,
          errors: [
            {
              path: "/error",
              message: `an error body, not a response: ${typeof error === "string" ? error : JSON.stringify(error)}`,
            },
          ],
          warnings: [],
        };
      }
      const reader = new FieldReader(response, "", problems);
      const model = reader.string("model");
      const createdAt =
        typeof response["created_at"] === "string" && isDateTime(response["created_at"])
          ? reader.string("created_at")
          : undefined;
      const pending: PendingCall[] = [];
      const nativeMessage = reader.object("message", { required: true });
      const message =
        nativeMessage === undefined ? undefined : importMessage(nativeMessage, reader.at("message"), problems, pending);
      if (message === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      if (message.role !== "assistant")
        problems.error(pointer(reader.at("message"), "role"), "a response message must be an assistant message");
      const messageFields = message.provider_fields?.[provider];
      delete message.provider_fields;
      const doneReason = typeof response["done_reason"] === "string" ? reader.string("done_reason") : undefined;
      if (doneReason !== undefined) {
        message.native_finish_reason = doneReason;
        const canonical = canonicalFinish(
          doneReason,
          message.parts.some((part) => part.type === "tool_call"),
        );
        if (canonical !== undefined) message.finish_reason = canonical;
      }
      if (response["done"] === true) reader.take("done");
      else if (!reader.has("done"))
        problems.warn(
          "input-normalized",
          "/done",
          "done is absent; read as a finished response, and an export writes done: true",
        );
      const usage: Usage | undefined = normalizeUsage("ollama", response);
      if (usage !== undefined) {
        for (const field of usageFields) if (Object.hasOwn(response, field)) reader.take(field);
        message.usage = usage;
      }
      if (model !== undefined) message.model = model;
      if (createdAt !== undefined) message.created_at = createdAt;
      const fields: JsonObject = { ...(reader.rest() ?? {}) };
      if (messageFields !== undefined) fields["message"] = messageFields;
      if (Object.keys(fields).length > 0) message.provider_fields = { [provider]: fields };
      const document: Transcript = {
        schema_version: formatVersion,
        id: `ollama-${fingerprint(response)}`,
        source: { format: "ollama" },
        messages: [message],
      };
      const provenance = emptyProvenance();
      provenance.messages.push("/message");
      provenance.parts.push(message.parts.map(() => ({ path: "/message", sameShape: false })));
      return finishToCanonical(document, provenance, problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/** Folds NDJSON chunks into the response they stand for. */
function foldChunks(chunks: readonly unknown[], problems: Problems): JsonObject | undefined {
  const top: JsonObject = {};
  const message: JsonObject = {};
  const stamps = new Set<unknown>();
  chunks.forEach((chunk, index) => {
    if (!isJsonObject(chunk)) {
      problems.error(pointer("", index), "must be an Ollama chat response chunk object");
      return;
    }
    for (const [key, value] of Object.entries(chunk)) {
      if (key === "created_at") stamps.add(value);
      if (key !== "message") setField(top, key, cloneJson(value));
    }
    const delta = chunk["message"];
    if (!isJsonObject(delta)) return;
    for (const [key, value] of Object.entries(delta)) {
      const previous = message[key];
      if ((key === "content" || key === "thinking") && typeof value === "string")
        message[key] = (typeof previous === "string" ? previous : "") + value;
      else if ((key === "tool_calls" || key === "images") && Array.isArray(value))
        message[key] = [...(Array.isArray(previous) ? previous : []), ...cloneJson(value)];
      else setField(message, key, cloneJson(value));
    }
  });
  if (problems.errors.length > 0) return undefined;
  if (stamps.size > 1)
    problems.warn(
      "field-dropped",
      "/0/created_at",
      `the ${chunks.length - 1} intermediate chunks' created_at stamps are left out; the final chunk's is the response's`,
    );
  return { ...top, message };
}

function streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      if (!Array.isArray(chunks))
        return { ok: false, errors: [{ path: "", message: "must be an array of chunks" }], warnings: [] };
      const response = foldChunks(chunks, problems);
      if (response === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const result = responseToCanonical(response);
      return { ...result, warnings: [...problems.warnings, ...result.warnings] };
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

// ---------------------------------------------------------------------------------------------- canonical → native

interface Context {
  problems: Problems;
  options: FromCanonicalOptions;
  /** The calls sent so far (requests only): what a tool result pairs with. */
  calls?: CallTable;
}

/** A function call as it was sent. */
interface SentCall {
  /** The id written on the call (a fresh one when its source id was already used). */
  id: string;
  name: string;
  /** Whether the call went out with that id (an Ollama call imported without one is written without one). */
  withId: boolean;
  /** The native assistant message carrying the call, once written. */
  owner?: JsonObject;
}

/**
 * Ollama pairs a tool message with a call of the assistant message right before it, by `tool_call_id` (and
 * `tool_name`). The table follows the calls as they are written: each source id maps to its latest occurrence, so a
 * result pairs with the call of its own turn when a source reuses an id (a Gemini history); the later call goes out
 * under a fresh deterministic id (`id-remapped`). A call that is not sent (provider-executed or built-in) is
 * remembered too, so its result is dropped with it.
 */
class CallTable {
  private readonly latest = new Map<string, SentCall | null>();
  private readonly used = new Set<string>();
  /** Calls written into the message being built, given their owner once it is known. */
  private unowned: SentCall[] = [];

  constructor(
    private readonly reserved: ReadonlySet<string>,
    private readonly problems: Problems,
  ) {}

  notSent(id: string): void {
    this.latest.set(id, null);
  }

  /** The id to write for a call at `path` (its own, unless an earlier call already went out with it). */
  send(part: Tolerant.ToolCallPart, path: string, withId: boolean): string {
    let id = part.id;
    if (withId && this.used.has(id)) {
      for (let attempt = 0; ; attempt += 1) {
        id = `call_${digest(`ollama:${part.id}:${path}#${attempt}`, "abcdefghijklmnopqrstuvwxyz0123456789", 16)}`;
        if (!this.used.has(id) && !this.reserved.has(id)) break;
      }
      this.problems.warn(
        "id-remapped",
        pointer(path, "id"),
        `tool-call id ${part.id} is used by an earlier call too; sent as ${id} so each tool message pairs with its own call`,
      );
    }
    this.used.add(id);
    const call: SentCall = { id, name: part.name, withId: withId && id !== "" };
    this.latest.set(part.id, call);
    this.unowned.push(call);
    return id;
  }

  /** The calls written since the last call are in `owner`. */
  own(owner: JsonObject): void {
    for (const call of this.unowned) call.owner = owner;
    this.unowned = [];
  }

  /** The latest call with this source id: sent, not sent (null), or none before (undefined). */
  find(id: string): SentCall | null | undefined {
    return this.latest.get(id);
  }
}

function targetFields(
  fields: Record<string, Record<string, unknown>> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  for (const key of Object.keys(fields ?? {})) {
    if (key !== provider)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", key),
        `provider_fields for ${key} have no Ollama equivalent`,
      );
  }
  return ownFields(fields, provider);
}

function reportFields(value: object, mapped: readonly string[], path: string, problems: Problems): void {
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && !mapped.includes(key))
      problems.warn("field-dropped", pointer(path, key), `${key} has no Ollama equivalent`);
  }
}

function writeToolCall(part: Tolerant.ToolCallPart, path: string, context: Context): JsonObject {
  const { problems } = context;
  reportFields(part, ["type", "id", "name", "input", "raw_input", "input_error", "provider_fields"], path, problems);
  const own = targetFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  const withId = typeof shape?.id !== "string" && !(shape?.absent ?? []).includes("id");
  const id = context.calls === undefined ? part.id : context.calls.send(part, path, withId);
  let args: unknown = part.input;
  if (args === undefined && part.raw_input !== undefined) {
    const parsed = parseJsonText(part.raw_input);
    args = parsed.ok ? parsed.value : undefined;
  }
  if (part.raw_input !== undefined)
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "Ollama arguments are an object; the raw argument text is not sent",
    );
  if (!isJsonObject(args)) {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "Ollama arguments are always an object; the input is wrapped as { input }",
    );
    args = args === undefined ? {} : { input: args };
  }
  const fn: JsonObject = { name: part.name, arguments: cloneJson(args) };
  fillMissing(fn, isJsonObject(own?.["function"]) ? own["function"] : undefined);
  const native: JsonObject = { id: typeof shape?.id === "string" ? shape.id : id, function: fn };
  fillMissing(native, own);
  dropAbsent(native, shape);
  return native;
}

const partRank: Record<string, number> = { reasoning: 0, text: 1, image: 2, tool_call: 3 };

/** One Ollama message from canonical parts other than tool results. */
function writeParts(message: Tolerant.Message, role: string, path: string, context: Context): JsonObject {
  const { problems, options } = context;
  const native: JsonObject = { role };
  const texts: string[] = [];
  const thinking: string[] = [];
  const images: string[] = [];
  const calls: JsonObject[] = [];
  let rank = 0;
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    if (!isKnownPart(part) || part.type === "tool_result") return;
    const partRankValue = partRank[part.type];
    if (partRankValue !== undefined) {
      if (partRankValue < rank)
        problems.warn(
          "order-changed",
          partPath,
          "an Ollama message has thinking, content, images and tool calls in that order",
        );
      rank = Math.max(rank, partRankValue);
    }
    switch (part.type) {
      case "text":
        reportFields(part, ["type", "text"], partPath, problems);
        texts.push(part.text);
        return;
      case "refusal":
        problems.warn("value-converted", partPath, "Ollama has no refusal; sent as text");
        texts.push(part.text);
        return;
      case "reasoning": {
        const decision = decideReasoning(part, { provider }, options.foreignReasoning ?? "drop", partPath);
        if (decision.action === "replay") {
          reportFields(part, ["type", "text", "provider_fields"], partPath, problems);
          if (part.summary !== undefined)
            problems.warn(
              "parts-merged",
              pointer(partPath, "summary"),
              "Ollama thinking is one text; the summary is appended to it",
            );
          thinking.push(
            [part.text, ...(part.summary ?? [])]
              .filter((item): item is string => typeof item === "string")
              .join("\n\n"),
          );
        } else if (decision.action === "as-reasoning") {
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
          thinking.push(
            [decision.part.text, ...(decision.part.summary ?? [])]
              .filter((item): item is string => typeof item === "string")
              .join("\n\n"),
          );
        } else if (decision.action === "as-text") {
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
          texts.push(decision.text);
        } else if (decision.warning !== undefined)
          problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
        return;
      }
      case "image":
        // Without inline data the whole image is left out (one media-fallback), so its fields are not reported one by one.
        reportFields(
          part,
          part.data === undefined ? Object.keys(part) : ["type", "data", "media_type", "provider_fields"],
          partPath,
          problems,
        );
        if (part.data !== undefined) images.push(part.data);
        else
          problems.warn(
            "media-fallback",
            partPath,
            "Ollama takes images as inline base64 only; an image by URL, path or file id is left out",
          );
        return;
      case "tool_call":
        if (role !== "assistant" || part.provider_executed === true || part.native_type !== undefined) {
          problems.warn("part-dropped", partPath, "only the assistant's own function calls have an Ollama form");
          context.calls?.notSent(part.id);
          return;
        }
        calls.push(writeToolCall(part, partPath, context));
        return;
      default:
        problems.warn("part-dropped", partPath, `a ${part.type} part has no Ollama equivalent`);
    }
  });
  if (thinking.length > 0) native["thinking"] = thinking.join("\n\n");
  if (thinking.length > 1)
    problems.warn("parts-merged", path, `${thinking.length} reasoning parts joined into one thinking text`);
  if (texts.length > 1)
    problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
  native["content"] = texts.join("");
  if (images.length > 0) native["images"] = images;
  if (calls.length > 0) native["tool_calls"] = calls;
  return native;
}

/**
 * An assistant message right after one whose tool calls are still unanswered joins it: the results after both must
 * follow the one assistant message holding their calls (a source that splits parallel calls into messages).
 */
function mergeAssistant(into: JsonObject, native: JsonObject, path: string, problems: Problems): void {
  problems.warn(
    "parts-merged",
    path,
    "joined to the assistant message before it, whose tool calls are answered after this one; Ollama pairs tool messages with the assistant message right before them",
  );
  const join = (key: string, separator: string): void => {
    const texts = [into[key], native[key]].filter((text): text is string => typeof text === "string" && text !== "");
    if (texts.length > 0 || Object.hasOwn(into, key) || Object.hasOwn(native, key)) into[key] = texts.join(separator);
  };
  if (Object.hasOwn(native, "thinking")) join("thinking", "\n\n");
  join("content", "");
  for (const key of ["images", "tool_calls"]) {
    const items = [...(Array.isArray(into[key]) ? into[key] : []), ...(Array.isArray(native[key]) ? native[key] : [])];
    if (items.length > 0) into[key] = items;
  }
  for (const [key, value] of Object.entries(native)) if (!Object.hasOwn(into, key)) into[key] = value;
}

function finishMessage(native: JsonObject, own: JsonObject | undefined): JsonObject {
  fillMissing(native, own);
  dropAbsent(native, shapeOf(own));
  return native;
}

function writeToolResult(part: Tolerant.ToolResultPart, path: string, call: SentCall, context: Context): JsonObject {
  const { problems } = context;
  reportFields(
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    problems,
  );
  targetFields(part.provider_fields, path, problems);
  const native: JsonObject = { role: "tool" };
  const texts: string[] = [];
  if (typeof part.output === "string") texts.push(part.output);
  else if (part.output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "Ollama tool messages are text; the output is sent as JSON text",
    );
    texts.push(JSON.stringify(part.output));
  }
  const images: string[] = [];
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isKnownPart(item) && item.type === "text") texts.push(item.text);
    else if (isKnownPart(item) && item.type === "image" && item.data !== undefined) images.push(item.data);
    else
      problems.warn(
        "media-fallback",
        itemPath,
        `a ${item.type} in a tool result has no Ollama form (tool messages carry text and inline images)`,
      );
  });
  if (texts.length === 0 && part.error !== undefined) texts.push(part.error);
  else if (part.error !== undefined)
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no Ollama field beside the output");
  if (texts.length > 1) problems.warn("parts-merged", path, "the result's texts are joined into one content string");
  if (part.status !== "ok")
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `Ollama tool messages have no status; a ${part.status} result is sent as its text only`,
    );
  native["content"] = texts.join("");
  if (images.length > 0) native["images"] = images;
  // Ollama matches a tool message to its call by the call's name and id.
  if (part.name !== undefined && part.name !== call.name)
    problems.warn(
      "value-converted",
      pointer(path, "name"),
      `the result names the tool ${part.name}; sent with its call's name ${call.name}`,
    );
  native["tool_name"] = call.name;
  if (call.withId) native["tool_call_id"] = call.id;
  if (call.id !== part.call_id)
    problems.warn(
      "id-remapped",
      pointer(path, "call_id"),
      `sent with tool_call_id ${call.id}, the id its call ${part.call_id} went out under`,
    );
  return native;
}

function requestFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatRequest> {
  return guard(
    () => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems))
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      reportFields(
        document,
        ["schema_version", "id", "source", "producer", "messages", "tools", "tool_choice", "provider_fields"],
        "",
        problems,
      );
      const reserved = new Set<string>();
      for (const message of document.messages)
        for (const part of message.parts) if (isKnownPart(part) && part.type === "tool_call") reserved.add(part.id);
      const calls = new CallTable(reserved, problems);
      const context: Context = { problems, options, calls };
      const messages: JsonObject[] = [];
      /** A tool message goes right after its call's assistant message and the tool messages already there. */
      const place = (native: JsonObject, call: SentCall, path: string): void => {
        let at = call.owner === undefined ? -1 : messages.lastIndexOf(call.owner);
        if (at < 0) at = messages.length;
        else for (at += 1; at < messages.length && messages[at]?.["role"] === "tool"; at += 1);
        if (at < messages.length)
          problems.warn(
            "order-changed",
            path,
            "sent right after the assistant message with its call, before the messages between them",
          );
        messages.splice(at, 0, native);
      };
      const writeResult = (part: Tolerant.ToolResultPart, path: string, own: JsonObject | undefined): void => {
        if (part.provider_executed === true) {
          problems.warn(
            "part-dropped",
            path,
            "a result of a provider-executed tool has no Ollama form (Ollama runs no tools itself)",
          );
          return;
        }
        const call = calls.find(part.call_id);
        if (call === undefined) {
          problems.warn(
            "tool-result-unmatched",
            path,
            `no call before it has the id ${part.call_id}; Ollama takes a tool message only after its call, so the result is left out`,
          );
          return;
        }
        if (call === null) {
          problems.warn(
            "part-dropped",
            path,
            `its call ${part.call_id} is not sent (a provider-executed or built-in call), so neither is the result`,
          );
          return;
        }
        const native = writeToolResult(part, path, call, context);
        place(own === undefined ? native : finishMessage(native, own), call, path);
      };
      document.messages.forEach((message, index) => {
        const path = pointer("", "messages", index);
        reportFields(message, ["role", "parts", "provider_fields"], path, problems);
        const own = targetFields(message.provider_fields, path, problems);
        let role: string = message.role;
        if (role === "developer") {
          role = "system";
          problems.warn("role-mapped", pointer(path, "role"), "Ollama has no developer role; written as system");
        }
        const results = message.parts.flatMap((part, partIndex) =>
          isKnownPart(part) && part.type === "tool_result" ? [{ part, path: pointer(path, "parts", partIndex) }] : [],
        );
        if (results.length > 1)
          problems.warn(
            "results-regrouped",
            path,
            `${results.length} tool results split into one Ollama tool message each`,
          );
        const writeResults = (): void => {
          for (const result of results)
            writeResult(result.part, result.path, results.length === 1 && role === "tool" ? own : undefined);
        };
        if (role === "tool") {
          writeResults();
          message.parts.forEach((part, partIndex) => {
            if (!(isKnownPart(part) && part.type === "tool_result"))
              problems.warn(
                "part-dropped",
                pointer(path, "parts", partIndex),
                `a ${part.type} part beside tool results has no place in an Ollama tool message`,
              );
          });
          return;
        }
        // A user message's results answer calls before it; an assistant message's results answer its own calls.
        if (role !== "assistant") writeResults();
        if (results.length === 0 || results.length < message.parts.length) {
          const native = finishMessage(writeParts(message, role, path, context), own);
          const previous = messages.at(-1);
          if (
            role === "assistant" &&
            previous?.["role"] === "assistant" &&
            Array.isArray(previous["tool_calls"]) &&
            previous["tool_calls"].length > 0
          ) {
            mergeAssistant(previous, native, path, problems);
            calls.own(previous);
          } else {
            messages.push(native);
            calls.own(native);
          }
        }
        if (role === "assistant") writeResults();
      });
      const request: JsonObject = { messages };
      const own = targetFields(document.provider_fields, "", problems);
      if (own?.["model"] === undefined) {
        problems.warn(
          "value-assumed",
          "/provider_fields",
          "the document names no Ollama model (provider_fields.ollama.model); model is written empty, to be set before sending",
        );
        request["model"] = "";
      }
      if (document.tools !== undefined) {
        request["tools"] = document.tools.flatMap((tool, index) => {
          const toolPath = pointer("", "tools", index);
          if (tool.native_type !== undefined) {
            problems.warn(
              "field-dropped",
              toolPath,
              `the ${tool.native_type} tool is another provider's own tool; Ollama has no equivalent`,
            );
            return [];
          }
          reportFields(tool, ["name", "description", "input_schema", "provider_fields"], toolPath, problems);
          const toolOwn = targetFields(tool.provider_fields, toolPath, problems);
          const fn: JsonObject = { name: tool.name };
          if (tool.description !== undefined) fn["description"] = tool.description;
          if (tool.input_schema !== undefined) fn["parameters"] = cloneJson(tool.input_schema);
          fillMissing(fn, isJsonObject(toolOwn?.["function"]) ? toolOwn["function"] : undefined);
          const native: JsonObject = { type: "function", function: fn };
          fillMissing(native, toolOwn);
          dropAbsent(native, shapeOf(toolOwn));
          return [native];
        });
      }
      if (document.tool_choice !== undefined)
        problems.warn("field-dropped", "/tool_choice", "Ollama has no tool choice");
      fillMissing(request, own);
      dropAbsent(request, shapeOf(own));
      return finishFromCanonical(request as unknown as ChatRequest, problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function responseFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatResponse> {
  return guard(
    () => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems))
        return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const index = document.messages.findLastIndex((message) => message.role === "assistant");
      const message = document.messages[index];
      if (message === undefined)
        return {
          ok: false,
          errors: [{ path: "/messages", message: "holds no assistant message to write as a response" }],
          warnings: [],
        };
      document.messages.forEach((_, other) => {
        if (other !== index)
          problems.warn(
            "message-dropped",
            pointer("", "messages", other),
            "a response holds one assistant message; this message is not part of it",
          );
      });
      reportFields(document, ["schema_version", "id", "source", "producer", "messages"], "", problems);
      const path = pointer("", "messages", index);
      reportFields(
        message,
        ["role", "parts", "model", "created_at", "finish_reason", "native_finish_reason", "usage", "provider_fields"],
        path,
        problems,
      );
      const own = targetFields(message.provider_fields, path, problems);
      const context: Context = { problems, options };
      const nativeMessage = finishMessage(
        writeParts(message, "assistant", path, context),
        isJsonObject(own?.["message"]) ? own["message"] : undefined,
      );
      const response: JsonObject = {
        model: message.model ?? "",
        created_at: message.created_at ?? new Date(0).toISOString(),
        message: nativeMessage,
      };
      if (message.model === undefined)
        problems.warn("value-assumed", pointer(path, "model"), "the message names no model; model is written empty");
      if (message.created_at === undefined && own?.["created_at"] === undefined)
        problems.warn(
          "value-assumed",
          pointer(path, "created_at"),
          "the message has no time; created_at is written as the Unix epoch",
        );
      if (message.created_at === undefined && own?.["created_at"] !== undefined) delete response["created_at"];
      const reason =
        message.native_finish_reason ??
        (message.finish_reason === "length" ? "length" : message.finish_reason === undefined ? undefined : "stop");
      if (reason !== undefined) response["done_reason"] = reason;
      if (message.usage !== undefined) {
        if (message.usage.raw?.provider === "ollama" && isJsonObject(message.usage.raw.usage))
          Object.assign(response, cloneJson(message.usage.raw.usage));
        else {
          response["prompt_eval_count"] = message.usage.input_tokens;
          response["eval_count"] = message.usage.output_tokens;
          if (message.usage.cache_read_tokens !== undefined || message.usage.cache_write_tokens !== undefined)
            problems.warn("field-dropped", pointer(path, "usage"), "Ollama reports no cache counts");
        }
      }
      const top: JsonObject = {};
      for (const [key, item] of Object.entries(own ?? {})) if (key !== "message") setField(top, key, item);
      fillMissing(response, top);
      if (!Object.hasOwn(response, "done")) response["done"] = true;
      return finishFromCanonical(response as unknown as ChatResponse, problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function streamFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<ChatResponse[]> {
  const result = responseFromCanonical(document, options);
  if (!result.ok) return result;
  const response = result.value as unknown as JsonObject;
  const message = isJsonObject(response["message"]) ? response["message"] : {};
  const head: JsonObject = {};
  for (const key of ["model", "created_at"]) if (Object.hasOwn(response, key)) head[key] = response[key];
  const role = message["role"];
  const chunk = (delta: JsonObject): JsonObject => ({
    ...cloneJson(head),
    message: { ...(role === undefined ? {} : { role }), ...delta },
    done: false,
  });
  const hasContent = Object.hasOwn(message, "content");
  const chunks: JsonObject[] = [];
  if (typeof message["thinking"] === "string")
    chunks.push(chunk({ ...(hasContent ? { content: "" } : {}), thinking: message["thinking"] }));
  if (typeof message["content"] === "string" && message["content"] !== "")
    chunks.push(chunk({ content: message["content"] }));
  if (Array.isArray(message["tool_calls"]) && message["tool_calls"].length > 0)
    chunks.push(chunk({ ...(hasContent ? { content: "" } : {}), tool_calls: cloneJson(message["tool_calls"]) }));
  const last: JsonObject = {};
  for (const [key, value] of Object.entries(message)) {
    if (key === "thinking" || (key === "tool_calls" && Array.isArray(value) && value.length > 0)) continue;
    setField(last, key, key === "content" ? "" : cloneJson(value));
  }
  chunks.push({ ...cloneJson(response), message: last });
  return { ok: true, value: chunks as unknown as ChatResponse[], warnings: result.warnings };
}

// ---------------------------------------------------------------------------------------------- checker

const base64Pattern = /^[\d+/a-z]*={0,2}$/i;

/**
 * Ollama's rules for a request: known roles; tool-call arguments are objects (never JSON text); images are bare
 * base64 (no data: prefix); a tool message follows an assistant message with tool calls (or another tool message),
 * names one of those calls' tools in tool_name and, with a tool_call_id, one of their ids; no two calls share an id
 * (a tool_call_id would be ambiguous).
 */
function checkRequest(request: ChatRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const messages: unknown = (request as { messages?: unknown }).messages;
  if (messages === undefined) return problems;
  if (!Array.isArray(messages)) return [{ path: "/messages", message: "must be an array" }];
  let callNames: Set<string> | undefined;
  let callIds = new Set<string>();
  const seenIds = new Set<string>();
  messages.forEach((message: unknown, index) => {
    const path = pointer("", "messages", index);
    if (!isJsonObject(message)) {
      problems.push({ path, message: "must be an object" });
      return;
    }
    const role = message["role"];
    if (typeof role !== "string" || !(roles as readonly string[]).includes(role))
      problems.push({ path: pointer(path, "role"), message: `role ${JSON.stringify(role)} is not one Ollama knows` });
    const images = message["images"];
    if (Array.isArray(images)) {
      images.forEach((image: unknown, imageIndex) => {
        if (typeof image !== "string" || !base64Pattern.test(image))
          problems.push({
            path: pointer(path, "images", imageIndex),
            message: "an image must be bare base64, without a data: prefix",
          });
      });
    }
    if (role === "tool") {
      const name = message["tool_name"];
      if (callNames === undefined)
        problems.push({ path, message: "a tool message must follow an assistant message with tool calls" });
      else if (typeof name === "string" && !callNames.has(name))
        problems.push({
          path: pointer(path, "tool_name"),
          message: `no call of the assistant message before names the tool ${name}`,
        });
      const id = message["tool_call_id"];
      if (callNames !== undefined && typeof id === "string" && !callIds.has(id))
        problems.push({
          path: pointer(path, "tool_call_id"),
          message: `no call of the assistant message before has the id ${id}`,
        });
      return;
    }
    callNames = undefined;
    callIds = new Set();
    const calls = message["tool_calls"];
    if (!Array.isArray(calls) || calls.length === 0) return;
    callNames = new Set();
    calls.forEach((call: unknown, callIndex) => {
      const fn = isJsonObject(call) ? call["function"] : undefined;
      const callPath = pointer(path, "tool_calls", callIndex);
      const id = isJsonObject(call) ? call["id"] : undefined;
      if (typeof id === "string" && id !== "") {
        if (seenIds.has(id))
          problems.push({
            path: pointer(callPath, "id"),
            message: `an earlier call has the id ${id} too; a tool message's tool_call_id would be ambiguous`,
          });
        seenIds.add(id);
        callIds.add(id);
      }
      if (!isJsonObject(fn)) {
        problems.push({ path: pointer(callPath, "function"), message: "must be an object" });
        return;
      }
      if (typeof fn["name"] === "string") callNames?.add(fn["name"]);
      if (!isJsonObject(fn["arguments"]))
        problems.push({
          path: pointer(callPath, "function", "arguments"),
          message: "arguments must be an object, not JSON text",
        });
    });
  });
  return problems;
}

/**
 * The ollama package types `created_at` as a Date, but the client never revives it: on the wire and in what the
 * client returns it is an RFC 3339 string, which is what these converters read and write.
 */
export const ollamaConverter: ProviderConverter<ChatRequest, ChatResponse, ChatResponse> = {
  id: "ollama",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
};
