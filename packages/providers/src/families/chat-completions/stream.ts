/**
 * Streams of the members whose responses are `choices` (OpenAI Chat, Mistral): chunks `{ …, choices: [{ index,
 * delta, finish_reason }] }` fold into the completion they stand for, which then converts like a response; and a
 * completion is written as chunks that fold back into exactly it.
 *
 * The fold: the fields of the response and the choice as the last chunk that had them, the last string
 * finish_reason, the usage chunk; text deltas joined (content lists entry by entry, consecutive text and thinking
 * entries merged); tool-call deltas joined by `index` (or whole, as the member's stream carries them); what else
 * the member's {@link StreamDialect} says its chunks carry (logprobs joined, obfuscation padding left out).
 */
import type { Tolerant } from "@agent-transcript/core";
import {
  cloneJson,
  fillMissing,
  guard,
  isJsonObject,
  pointer,
  Problems,
  setField,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type ToCanonicalResult,
} from "../../conversion/index.js";
import type { ChatDialect, CompletionDialect, StreamDialect } from "./dialect.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";

/** Folds a stream with `fold` and reads what it folds into with `read`, the fold's warnings first. */
export function readStream(
  chunks: readonly unknown[],
  fold: (chunks: readonly unknown[], problems: Problems) => JsonObject | undefined,
  read: (folded: JsonObject) => ToCanonicalResult,
): ToCanonicalResult {
  return guard(
    () => {
      const problems = new Problems();
      if (!Array.isArray(chunks))
        return { ok: false, errors: [{ path: "", message: "must be an array of chunks" }], warnings: [] };
      const folded = fold(chunks, problems);
      if (folded === undefined) return { ok: false, errors: problems.errors, warnings: problems.warnings };
      const result = read(folded);
      return result.ok
        ? { ...result, warnings: [...problems.warnings, ...result.warnings] }
        : { ok: false, errors: result.errors, warnings: [...problems.warnings, ...result.warnings] };
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

export function streamToCanonical(
  dialect: ChatDialect,
  completion: CompletionDialect,
  stream: StreamDialect,
  chunks: readonly unknown[],
): ToCanonicalResult {
  return readStream(
    chunks,
    (all, problems) => foldChunks(dialect, stream, all, problems),
    (folded) => responseToCanonical(dialect, completion, folded),
  );
}

/** The chunks a server would stream for the document's completion; `Chunk` is the member's native chunk type. */
export function streamFromCanonical<Chunk>(
  dialect: ChatDialect,
  completion: CompletionDialect,
  stream: StreamDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Chunk[]> {
  const result = responseFromCanonical<JsonObject>(dialect, completion, document, options);
  if (!result.ok) return result;
  return { ok: true, value: chunksFor(stream, result.value) as unknown as Chunk[], warnings: result.warnings };
}

/** One tool call being joined from its deltas. */
interface CallEntry {
  call: JsonObject;
  fn: JsonObject;
  name: string | undefined;
  args: string;
  /** Arguments sent as an object (whole, in one delta). */
  objectArgs: JsonObject | undefined;
  /** The index the deltas carried, for the order of the joined calls. */
  index: unknown;
}

/** Content folded from deltas: a string while every delta was one, a list of entries once a delta was a list. */
class ContentFold {
  private text: string | null | undefined;
  private chunks: JsonObject[] | undefined;

  add(value: unknown, path: string, problems: Problems): void {
    if (value === null) {
      if (this.text === undefined && this.chunks === undefined) this.text = null;
      return;
    }
    if (typeof value === "string") {
      if (this.chunks !== undefined) this.appendText(value);
      else this.text = (this.text ?? "") + value;
      return;
    }
    if (!Array.isArray(value)) {
      problems.error(path, "must be a string, a list of content chunks or null");
      return;
    }
    if (this.chunks === undefined) {
      this.chunks = [];
      if (typeof this.text === "string") this.appendText(this.text);
    }
    value.forEach((chunk, index) => {
      if (!isJsonObject(chunk)) {
        problems.error(pointer(path, index), "must be a content chunk object");
        return;
      }
      this.appendChunk(chunk);
    });
  }

  private appendText(text: string): void {
    if (text === "") return;
    this.appendChunk({ type: "text", text });
  }

  private appendChunk(chunk: JsonObject): void {
    const chunks = this.chunks as JsonObject[];
    const last = chunks.at(-1);
    if (
      last !== undefined &&
      last["type"] === "text" &&
      chunk["type"] === "text" &&
      typeof last["text"] === "string" &&
      typeof chunk["text"] === "string"
    ) {
      const { type: _type, text, ...rest } = chunk;
      last["text"] = last["text"] + text;
      fillMissing(last, rest);
      return;
    }
    if (
      last !== undefined &&
      last["type"] === "thinking" &&
      chunk["type"] === "thinking" &&
      Array.isArray(last["thinking"]) &&
      Array.isArray(chunk["thinking"])
    ) {
      const inner = last["thinking"] as JsonObject[];
      for (const piece of chunk["thinking"]) {
        const tail = inner.at(-1);
        if (
          isJsonObject(piece) &&
          piece["type"] === "text" &&
          typeof piece["text"] === "string" &&
          isJsonObject(tail) &&
          tail["type"] === "text" &&
          typeof tail["text"] === "string" &&
          Object.keys(piece).length === 2
        )
          tail["text"] = tail["text"] + piece["text"];
        else inner.push(cloneJson(piece) as JsonObject);
      }
      for (const [key, item] of Object.entries(chunk))
        if (key !== "type" && key !== "thinking") setField(last, key, cloneJson(item));
      return;
    }
    chunks.push(cloneJson(chunk));
  }

  /** The folded content, or undefined when no delta carried any. */
  value(): string | JsonObject[] | null | undefined {
    return this.chunks ?? this.text;
  }
}

/** Folds chunks into the completion they stand for. */
function foldChunks(
  dialect: ChatDialect,
  stream: StreamDialect,
  chunks: readonly unknown[],
  problems: Problems,
): JsonObject | undefined {
  const joinedFields = stream.joinedFields;
  const concatenatedFields = stream.concatenatedFields;
  const listContent = stream.listContent;
  const obfuscation = stream.obfuscation;
  const logprobsJoined = stream.logprobs;
  const objectArguments = dialect.toolCalls.arguments === "text-or-object";
  const top: JsonObject = {};
  const choice: JsonObject = {};
  const message: JsonObject = {};
  /** Joined text fields, in the order they first came. */
  const texts: Record<string, string | null> = {};
  const content = new ContentFold();
  let sawContent = false;
  const calls = new Map<string, CallEntry>();
  const logprobs: unknown[] = [];
  let usage: unknown;
  let obfuscated = 0;
  let choiceIndex: unknown;
  let finishReason: string | null | undefined;
  chunks.forEach((chunk, index) => {
    const path = pointer("", index);
    if (!isJsonObject(chunk)) {
      problems.error(path, "must be a chat completion chunk object");
      return;
    }
    for (const [key, value] of Object.entries(chunk)) {
      if (key === "choices") continue;
      if (key === "usage") {
        if (value !== null) usage = value;
      } else if (obfuscation && key === "obfuscation") obfuscated += 1;
      else if (key === "object") setField(top, key, value === "chat.completion.chunk" ? "chat.completion" : value);
      else setField(top, key, cloneJson(value));
    }
    const choices = chunk["choices"];
    if (!Array.isArray(choices)) {
      if (Object.hasOwn(chunk, "choices")) problems.error(pointer(path, "choices"), "must be an array");
      return;
    }
    choices.forEach((item, position) => {
      const choicePath = pointer(path, "choices", position);
      if (!isJsonObject(item)) {
        problems.error(choicePath, "must be an object");
        return;
      }
      if (choiceIndex !== undefined && item["index"] !== choiceIndex) {
        problems.error(
          pointer(choicePath, "index"),
          "a stream of several choices: convert each choice's chunks on their own",
        );
        return;
      }
      choiceIndex = item["index"];
      for (const [key, value] of Object.entries(item)) {
        if (key === "delta" || key === "index") continue;
        if (key === "finish_reason") {
          if (typeof value === "string" || finishReason === undefined)
            finishReason = typeof value === "string" ? value : null;
        } else if (logprobsJoined && key === "logprobs") logprobs.push(value);
        else setField(choice, key, cloneJson(value));
      }
      const delta = item["delta"];
      if (!isJsonObject(delta)) return;
      for (const [key, value] of Object.entries(delta)) {
        if (listContent && key === "content") {
          sawContent = true;
          content.add(value, pointer(choicePath, "delta", key), problems);
        } else if (joinedFields.includes(key)) {
          if (typeof value === "string") texts[key] = (texts[key] ?? "") + value;
          else if (value === null && !Object.hasOwn(texts, key)) texts[key] = null;
          else if (value !== null) problems.error(pointer(choicePath, "delta", key), "must be a string or null");
        } else if (key === "tool_calls" && Array.isArray(value))
          foldToolCalls(stream, objectArguments, value, pointer(choicePath, "delta", key), calls, problems);
        else if (concatenatedFields.includes(key) && Array.isArray(value) && Array.isArray(message[key]))
          message[key] = [...(message[key] as unknown[]), ...cloneJson(value)];
        else setField(message, key, cloneJson(value));
      }
    });
  });
  if (obfuscated > 0)
    problems.warn(
      "field-dropped",
      "/0/obfuscation",
      `the obfuscation padding of ${obfuscated} chunks is random filler against length side channels, not content; it is left out`,
    );
  if (problems.errors.length > 0) return undefined;
  for (const [key, value] of Object.entries(texts)) setField(message, key, value);
  if (sawContent) setField(message, "content", content.value() ?? null);
  if (calls.size > 0) message["tool_calls"] = joinedCalls(stream, calls);
  if (choiceIndex !== undefined) choice["index"] = choiceIndex;
  if (finishReason !== undefined) choice["finish_reason"] = finishReason;
  if (logprobs.length > 0) choice["logprobs"] = foldLogprobs(logprobs);
  choice["message"] = message;
  const completion: JsonObject = { ...top, choices: [choice] };
  if (usage !== undefined) completion["usage"] = usage;
  return completion;
}

/**
 * Joins tool-call deltas by `index`. With `indexed-or-whole` deltas, one without an index is a whole call of its
 * own, and an index is kept as a field of the call.
 */
function foldToolCalls(
  stream: StreamDialect,
  objectArguments: boolean,
  deltas: unknown[],
  path: string,
  calls: Map<string, CallEntry>,
  problems: Problems,
): void {
  const indexed = stream.toolCalls === "indexed";
  deltas.forEach((delta, position) => {
    if (indexed && (!isJsonObject(delta) || typeof delta["index"] !== "number")) {
      problems.error(pointer(path, position), "must be a tool call delta with an index");
      return;
    }
    if (!isJsonObject(delta)) {
      problems.error(pointer(path, position), "must be a tool call object");
      return;
    }
    const key = typeof delta["index"] === "number" ? `index:${delta["index"]}` : `whole:${calls.size}`;
    let entry = calls.get(key);
    if (entry === undefined) {
      entry = { call: {}, fn: {}, name: undefined, args: "", objectArgs: undefined, index: delta["index"] };
      calls.set(key, entry);
    }
    for (const [field, value] of Object.entries(delta)) {
      if (indexed && field === "index") continue;
      if (field === "function" && isJsonObject(value)) {
        for (const [fnKey, fnValue] of Object.entries(value)) {
          if (fnKey === "arguments" && typeof fnValue === "string") entry.args += fnValue;
          else if (objectArguments && fnKey === "arguments" && isJsonObject(fnValue))
            entry.objectArgs = cloneJson(fnValue);
          else if (fnKey === "name" && typeof fnValue === "string")
            entry.name = entry.name === undefined || entry.name === "" ? fnValue : entry.name;
          else setField(entry.fn, fnKey, cloneJson(fnValue));
        }
      } else if (field === "id") {
        if (typeof value === "string" && (typeof entry.call["id"] !== "string" || entry.call["id"] === ""))
          entry.call["id"] = value;
      } else setField(entry.call, field, cloneJson(value));
    }
  });
}

/**
 * The joined calls: with `indexed` deltas in the order of their index, each with an id (empty when no delta had
 * one, as every call of such a member has one); else in the order they came.
 */
function joinedCalls(stream: StreamDialect, calls: Map<string, CallEntry>): JsonObject[] {
  const entries = [...calls.values()];
  const indexed = stream.toolCalls === "indexed";
  if (indexed) entries.sort((a, b) => (a.index as number) - (b.index as number));
  return entries.map((entry) => {
    const fn: JsonObject = { ...entry.fn, name: entry.name ?? "", arguments: entry.objectArgs ?? entry.args };
    return indexed
      ? { ...entry.call, id: typeof entry.call["id"] === "string" ? entry.call["id"] : "", function: fn }
      : { ...entry.call, function: fn };
  });
}

/** Per-chunk logprobs joined: their `content` and `refusal` lists one after the other. */
function foldLogprobs(values: unknown[]): unknown {
  const objects = values.filter(isJsonObject);
  if (objects.length === 0) return null;
  if (objects.length === 1) return cloneJson(objects[0]);
  const join = (key: string): unknown[] | null => {
    const lists = objects.map((item) => item[key]).filter(Array.isArray);
    return lists.length === 0 ? null : lists.flat().map((item: unknown) => cloneJson(item));
  };
  return { content: join("content"), refusal: join("refusal") };
}

/** The chunks a server would stream for a completion: they fold back into exactly that completion. */
function chunksFor(stream: StreamDialect, completion: JsonObject): JsonObject[] {
  const base: JsonObject = {};
  for (const [key, value] of Object.entries(completion)) {
    if (key === "choices" || key === "usage") continue;
    setField(base, key, key === "object" && value === "chat.completion" ? "chat.completion.chunk" : cloneJson(value));
  }
  const choices = Array.isArray(completion["choices"]) ? completion["choices"] : [];
  const choice = isJsonObject(choices[0]) ? choices[0] : {};
  const message = isJsonObject(choice["message"]) ? choice["message"] : {};
  const index = choice["index"] ?? 0;
  const hasFinish = Object.hasOwn(choice, "finish_reason");
  const chunk = (delta: JsonObject): JsonObject => ({
    ...cloneJson(base),
    choices: [{ index, delta, ...(hasFinish ? { finish_reason: null } : {}) }],
  });
  const chunks: JsonObject[] = [];
  if (stream.listContent) {
    // A string content goes in the first chunk; a list, one chunk per entry after it.
    const first: JsonObject = {};
    for (const [key, value] of Object.entries(message))
      if (key !== "tool_calls" && key !== "content") setField(first, key, cloneJson(value));
    const content = message["content"];
    if (Array.isArray(content) && content.length > 0) {
      chunks.push(chunk(first));
      for (const item of content) chunks.push(chunk({ content: [cloneJson(item)] }));
    } else if (Object.hasOwn(message, "content")) chunks.push(chunk({ ...first, content: cloneJson(content) }));
    else chunks.push(chunk(first));
  } else {
    const ownChunkFields = stream.ownChunkFields;
    const first: JsonObject = {};
    const later: JsonObject[] = [];
    for (const [key, value] of Object.entries(message)) {
      if (key === "tool_calls") continue;
      if (ownChunkFields.includes(key) && typeof value === "string") later.push({ [key]: value });
      else setField(first, key, cloneJson(value));
    }
    chunks.push(chunk(first));
    for (const delta of later) chunks.push(chunk(delta));
  }
  const calls = Array.isArray(message["tool_calls"]) ? message["tool_calls"] : [];
  if (stream.toolCalls === "indexed") {
    // Each call as a head (its arguments empty) and its arguments, as a server streams them.
    calls.forEach((call, position) => {
      if (!isJsonObject(call)) return;
      const fn = isJsonObject(call["function"]) ? call["function"] : {};
      const { arguments: args, ...fnRest } = fn;
      chunks.push(
        chunk({
          tool_calls: [{ ...cloneJson(call), index: position, function: { ...cloneJson(fnRest), arguments: "" } }],
        }),
      );
      if (typeof args === "string" && args !== "")
        chunks.push(chunk({ tool_calls: [{ index: position, function: { arguments: args } }] }));
    });
  } else for (const call of calls) chunks.push(chunk({ tool_calls: [cloneJson(call)] }));
  const closing: JsonObject = {};
  for (const [key, value] of Object.entries(choice))
    if (key !== "message" && key !== "index") setField(closing, key, cloneJson(value));
  const last: JsonObject = { ...cloneJson(base), choices: [{ index, delta: {}, ...closing }] };
  const usage = completion["usage"];
  if (stream.usage === "finish-chunk" && usage !== undefined) last["usage"] = cloneJson(usage);
  chunks.push(last);
  if (stream.usage === "own-chunk" && usage !== undefined)
    chunks.push({ ...cloneJson(base), choices: [], usage: cloneJson(usage) });
  return chunks;
}
