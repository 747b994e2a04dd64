/**
 * The OpenAF portable format: the portable, provider-neutral message list (OpenAF `exportConversation` / `importConversation`):
 *
 * ```json
 * [
 *   { "role": "system" | "user" | "assistant", "content": "string or null" },
 *   { "role": "assistant", "content": null, "toolCalls": [{ "id": "…", "name": "fn", "arguments": { … } }] },
 *   { "role": "user", "content": null, "toolResults": [{ "id": "…", "name": "fn", "result": "string or object" }] }
 * ]
 * ```
 *
 * Rules kept exactly: roles are `system`, `user` and `assistant` only; `arguments` is always a parsed object;
 * `toolCalls` appear only on assistant turns and `toolResults` only on user turns; ids may be empty strings for
 * providers that track none.
 *
 * Import, message for message (portable index i is canonical index i):
 * - `content` → one text part first (null → no text part); `toolCalls[j]` → tool_call parts; `toolResults[k]`
 *   → tool_result parts with status `ok`, in the same user message (as the format places them).
 * - A call id that is absent or empty is replaced by `portable-call-<i>-<j>`. A result with no usable id is paired
 *   with the first unanswered id-less call of the latest assistant turn (same name first), or else given
 *   `portable-result-<i>-<k>`. An empty id, and a real id that happens to start with one of those prefixes, is
 *   kept in the part's `provider_fields.portable.id` so export writes it back; an unmarked id with a synthetic
 *   prefix is one the source did not have, and export leaves it out.
 * - Fields the format does not define are kept in `provider_fields.portable` (of the message, call or result) and
 *   merged back on export, as are empty `toolCalls` / `toolResults` arrays.
 * - The transcript id is `portable-<fingerprint of the list>` unless the caller gives one.
 *
 * Export: developer → system and tool → a user turn with toolResults (consecutive tool messages batched into
 * one turn); text parts joined into `content`; result names looked up from the call ids when the result has none;
 * everything without a portable equivalent reported as a warning.
 */
import type { Message, Part, Tolerant, ToolCallPart, ToolResultPart, Transcript } from "@agent-transcript/core";
import { formatVersion, isKnownPart, isPartOfType } from "@agent-transcript/core";
import {
  cloneJson,
  FieldReader,
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
  type FromCanonicalResult,
  type ToCanonicalOptions,
  type ToCanonicalResult,
  type JsonObject,
  type Provenance,
} from "../../conversion/index.js";

export type PortableRole = "system" | "user" | "assistant";

export interface PortableToolCall {
  /** The call id; may be empty for providers that track none. */
  id?: string;
  name: string;
  /** Always a parsed object, never JSON text. */
  arguments: JsonObject;
}

export interface PortableToolResult {
  /** The id of the call answered. */
  id?: string;
  name: string;
  result: string | JsonObject;
}

export interface PortableMessage {
  role: PortableRole;
  content: string | null;
  /** Only on assistant turns. */
  toolCalls?: PortableToolCall[];
  /** Only on user turns. */
  toolResults?: PortableToolResult[];
}

export interface PortableImportOptions extends ToCanonicalOptions {
  /** The transcript id; default `portable-<fingerprint>` of the list. */
  id?: string;
  /** A human title for the transcript. */
  title?: string;
}

const providerKey = "portable";
const callIdPrefix = "portable-call-";
const resultIdPrefix = "portable-result-";
const roles: readonly PortableRole[] = ["system", "user", "assistant"];

function isSyntheticId(id: string): boolean {
  return id.startsWith(callIdPrefix) || id.startsWith(resultIdPrefix);
}

function transcriptIdFor(value: unknown): string {
  return `portable-${fingerprint(value)}`;
}

interface PendingCall {
  id: string;
  name: string;
  /** The source had no usable id, so a result without one may pair with it. */
  idless: boolean;
  answered: boolean;
}

/** Converts a portable message list (OpenAF portable format) to a canonical transcript. */
export function importPortable(value: unknown, options: PortableImportOptions = {}): ToCanonicalResult {
  return guard(
    () => importChecked(value, options),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function importChecked(value: unknown, options: PortableImportOptions): ToCanonicalResult {
  const problems = new Problems();
  const provenance: Provenance = emptyProvenance();
  if (!Array.isArray(value)) {
    problems.error("", "must be an array of portable messages");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const messages: Message[] = [];
  let pending: PendingCall[] = [];
  value.forEach((item: unknown, index) => {
    const path = pointer("", index);
    if (!isJsonObject(item)) {
      problems.error(path, "must be an object");
      return;
    }
    const reader = new FieldReader(item, path, problems);
    const role = reader.oneOf("role", roles, { required: true });
    const parts: Part[] = [];
    const partSources: Provenance["parts"][number] = [];
    if (!reader.has("content")) {
      problems.warn(
        "input-normalized",
        reader.at("content"),
        "content is absent; read as null, and an export writes null",
      );
    }
    const content = reader.nullableString("content");
    if (content !== undefined && content !== null) {
      parts.push({ type: "text", text: content });
      partSources.push({ path: reader.at("content"), sameShape: false });
    }
    const calls = nonEmptyArray(reader, "toolCalls");
    if (calls !== undefined) {
      if (role !== undefined && role !== "assistant")
        problems.error(reader.at("toolCalls"), "toolCalls appear only on assistant turns");
      pending = [];
      calls.forEach((call, callIndex) => {
        const callPath = pointer(reader.at("toolCalls"), callIndex);
        const part = importCall(call, callPath, index, callIndex, problems);
        if (part === undefined) return;
        parts.push(part.part);
        partSources.push({ path: callPath, sameShape: false });
        pending.push({ id: part.part.id, name: part.part.name, idless: part.idless, answered: false });
      });
    }
    const results = nonEmptyArray(reader, "toolResults");
    if (results !== undefined) {
      if (role !== undefined && role !== "user")
        problems.error(reader.at("toolResults"), "toolResults appear only on user turns");
      results.forEach((result, resultIndex) => {
        const resultPath = pointer(reader.at("toolResults"), resultIndex);
        const part = importResult(result, resultPath, index, resultIndex, pending, problems);
        if (part === undefined) return;
        parts.push(part);
        partSources.push({ path: resultPath, sameShape: false });
      });
    }
    if (role === undefined) return;
    const message: Message = { role, parts };
    const rest = reader.rest();
    if (rest !== undefined) message.provider_fields = { [providerKey]: rest };
    messages.push(message);
    provenance.messages.push(path);
    provenance.parts.push(partSources);
  });

  const document: Transcript = {
    schema_version: formatVersion,
    id: options.id ?? transcriptIdFor(value),
    ...(options.title === undefined ? {} : { title: options.title }),
    source: {
      format: "portable",
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
    },
    messages,
  };
  return finishToCanonical(document, provenance, problems);
}

/**
 * The array at `key` when it has items. An empty array is left unread, so it travels in provider_fields and an
 * export writes it back exactly.
 */
function nonEmptyArray(reader: FieldReader, key: string): unknown[] | undefined {
  const raw = reader.value[key];
  if (Array.isArray(raw) && raw.length === 0) return undefined;
  return reader.array(key);
}

/** Reads a call or result id: a usable id, or why there is none (`absent`, or the empty string). */
function readId(reader: FieldReader): { id: string } | { missing: "absent" | "empty" } | undefined {
  if (!reader.has("id")) {
    reader.take("id");
    return { missing: "absent" };
  }
  const id = reader.string("id");
  if (id === undefined) return undefined;
  return id === "" ? { missing: "empty" } : { id };
}

function importCall(
  value: unknown,
  path: string,
  messageIndex: number,
  callIndex: number,
  problems: Problems,
): { part: ToolCallPart; idless: boolean } | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const id = readId(reader);
  const name = reader.string("name", { required: true, nonEmpty: true });
  const input = readArguments(reader, problems);
  const rest = reader.rest() ?? {};
  if (id === undefined || name === undefined || input === undefined) return undefined;
  const part: ToolCallPart = { type: "tool_call", id: "", name, input };
  if ("id" in id) {
    part.id = id.id;
    if (isSyntheticId(id.id)) setField(rest, "id", id.id);
  } else {
    part.id = `${callIdPrefix}${messageIndex}-${callIndex}`;
    if (id.missing === "empty") setField(rest, "id", "");
  }
  if (Object.keys(rest).length > 0) part.provider_fields = { [providerKey]: rest };
  return { part, idless: !("id" in id) };
}

function readArguments(reader: FieldReader, problems: Problems): JsonObject | undefined {
  const raw = reader.take("arguments");
  if (typeof raw === "string") {
    // The format forbids JSON text here; a producer that sent it anyway meant the object it encodes.
    const parsed = parseJson(raw);
    if (isJsonObject(parsed)) {
      problems.warn(
        "input-normalized",
        reader.at("arguments"),
        "arguments is JSON text, not an object; read as the object it encodes, and an export writes the object",
      );
      return parsed;
    }
  }
  if (!reader.has("arguments")) {
    problems.error(reader.at("arguments"), "is required");
    return undefined;
  }
  if (!isJsonObject(raw)) {
    problems.error(reader.at("arguments"), "must be an object (parsed arguments, never JSON text)");
    return undefined;
  }
  const copy = reader.json("arguments");
  return isJsonObject(copy) ? copy : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function importResult(
  value: unknown,
  path: string,
  messageIndex: number,
  resultIndex: number,
  pending: PendingCall[],
  problems: Problems,
): ToolResultPart | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const id = readId(reader);
  const name = reader.string("name");
  const result = reader.json("result", { required: true });
  const rest = reader.rest() ?? {};
  if (id === undefined || result === undefined) return undefined;
  if (typeof result !== "string" && !isJsonObject(result)) {
    problems.warn(
      "input-normalized",
      reader.at("result"),
      "result is neither a string nor an object; kept as is, and an export writes its JSON text",
    );
  }
  let callId: string;
  if ("id" in id) {
    callId = id.id;
    if (isSyntheticId(id.id)) setField(rest, "id", id.id);
    const call = pending.find((candidate) => candidate.id === id.id && !candidate.answered);
    if (call !== undefined) call.answered = true;
  } else {
    const open = pending.filter((candidate) => candidate.idless && !candidate.answered);
    const call = open.find((candidate) => candidate.name === name) ?? open[0];
    if (call === undefined) callId = `${resultIdPrefix}${messageIndex}-${resultIndex}`;
    else {
      call.answered = true;
      callId = call.id;
    }
    if (id.missing === "empty") setField(rest, "id", "");
  }
  const part: ToolResultPart = { type: "tool_result", call_id: callId, status: "ok", output: result };
  if (name === undefined) {
    if (!reader.has("name")) {
      problems.warn(
        "input-normalized",
        reader.at("name"),
        "name is absent; an export writes the name of the call answered",
      );
    }
  } else part.name = name;
  if (Object.keys(rest).length > 0) part.provider_fields = { [providerKey]: rest };
  return part;
}

/** Converts a canonical transcript to a portable message list (OpenAF portable format). */
export function exportPortable(document: Transcript | Tolerant.Transcript): FromCanonicalResult<PortableMessage[]> {
  return guard(
    () => exportChecked(document),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

const mappedTranscriptFields = ["schema_version", "id", "source", "producer", "messages"];
const mappedMessageFields = ["role", "parts", "provider_fields"];

function exportChecked(document: unknown): FromCanonicalResult<PortableMessage[]> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  // schema_version, source and producer describe the canonical document itself, not the conversation: they are
  // not content a portable list could carry, so leaving them out is not reported.
  reportUnmapped(document, mappedTranscriptFields, "", "portable", problems);

  const callNames = new Map<string, string>();
  for (const message of document.messages) {
    for (const part of message.parts) if (isPartOfType(part, "tool_call")) callNames.set(part.id, part.name);
  }

  const output: PortableMessage[] = [];
  let toolBatch: PortableMessage | undefined;
  document.messages.forEach((message, messageIndex) => {
    const path = pointer("", "messages", messageIndex);
    reportUnmapped(message, mappedMessageFields, path, "portable", problems);
    const extra = providerFields(message.provider_fields, path, problems);
    if (message.role === "tool") {
      const results = collectParts(message, path, "tool", callNames, problems);
      // The OpenAF portable format batches consecutive tool messages into one user turn: that is the format, not a loss.
      if (toolBatch === undefined) {
        toolBatch = { role: "user", content: null, toolResults: [] };
        output.push(toolBatch);
      }
      toolBatch.toolResults?.push(...results.results);
      if (extra !== undefined)
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", providerKey),
          "a tool message batched into a user turn keeps no fields of its own",
        );
      return;
    }
    toolBatch = undefined;
    let role: PortableRole;
    if (message.role === "developer") {
      role = "system";
      problems.warn("role-mapped", pointer(path, "role"), "developer has no portable role; written as system");
    } else role = message.role;
    const collected = collectParts(message, path, role, callNames, problems);
    const turn: PortableMessage = { role, content: collected.content };
    if (collected.calls.length > 0) turn.toolCalls = collected.calls;
    if (collected.results.length > 0) turn.toolResults = collected.results;
    output.push(mergeExtra(turn, extra));
  });

  if (document.id !== transcriptIdFor(output)) {
    problems.warn("field-dropped", "/id", "the transcript id has no portable equivalent");
  }
  return { ok: true, value: output, warnings: problems.warnings };
}

/** The `portable` entry of provider_fields; entries for other providers are reported as dropped. */
function providerFields(
  fields: Record<string, JsonObject> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (fields === undefined) return undefined;
  for (const key of Object.keys(fields)) {
    if (key !== providerKey)
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", key),
        `provider_fields for ${key} have no portable equivalent`,
      );
  }
  return Object.hasOwn(fields, providerKey) ? fields[providerKey] : undefined;
}

/** Fields kept from the source that the computed turn does not set, so a computed value always wins. */
function mergeExtra<T extends object>(target: T, extra: JsonObject | undefined): T {
  if (extra === undefined) return target;
  const merged: JsonObject = Object.fromEntries(Object.entries(target));
  for (const [key, item] of Object.entries(extra)) if (!Object.hasOwn(merged, key)) setField(merged, key, item);
  return merged as T;
}

interface Collected {
  content: string | null;
  calls: PortableToolCall[];
  results: PortableToolResult[];
}

function collectParts(
  message: Tolerant.Message,
  path: string,
  role: PortableRole | "tool",
  callNames: ReadonlyMap<string, string>,
  problems: Problems,
): Collected {
  const texts: string[] = [];
  const calls: PortableToolCall[] = [];
  const results: PortableToolResult[] = [];
  let sawTool = false;
  message.parts.forEach((part, partIndex) => {
    const partPath = pointer(path, "parts", partIndex);
    if (!isKnownPart(part)) {
      problems.warn("part-dropped", partPath, `a ${part.type} part has no portable equivalent`);
      return;
    }
    switch (part.type) {
      case "text":
        if (role === "tool") {
          problems.warn("part-dropped", partPath, "text in a tool message has no place in a portable toolResults turn");
          return;
        }
        if (sawTool)
          problems.warn(
            "order-changed",
            partPath,
            "portable content comes before tool calls and results; this text followed one",
          );
        reportUnmapped(part, ["type", "text"], partPath, "portable", problems);
        texts.push(part.text);
        return;
      case "tool_call":
        if (role !== "assistant") {
          problems.warn(
            "part-dropped",
            partPath,
            `portable toolCalls appear only on assistant turns, not ${message.role}`,
          );
          return;
        }
        sawTool = true;
        calls.push(exportCall(part, partPath, problems));
        return;
      case "tool_result":
        if (role !== "user" && role !== "tool") {
          problems.warn(
            "part-dropped",
            partPath,
            `portable toolResults appear only on user turns, not ${message.role}`,
          );
          return;
        }
        sawTool = true;
        results.push(exportResult(part, partPath, callNames, problems));
        return;
      default:
        problems.warn("part-dropped", partPath, `a ${part.type} part has no portable equivalent`);
    }
  });
  if (texts.length > 1)
    problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
  return { content: texts.length === 0 ? null : texts.join(""), calls, results };
}

/** The id to write: the source's own value when kept, none when synthesised on import, else the canonical id. */
function exportId(id: string, extra: JsonObject | undefined): { id?: string } {
  if (extra !== undefined && Object.hasOwn(extra, "id")) {
    const kept = extra["id"];
    if (typeof kept === "string") return { id: kept };
  }
  return isSyntheticId(id) ? {} : { id };
}

function exportCall(part: ToolCallPart, path: string, problems: Problems): PortableToolCall {
  reportUnmapped(part, ["type", "id", "name", "input", "provider_fields"], path, "portable", problems);
  const extra = providerFields(part.provider_fields, path, problems);
  let args: JsonObject;
  if (isJsonObject(part.input)) args = part.input;
  else if (part.input === undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "arguments that are not JSON have no portable form; written as an empty object",
    );
    args = {};
  } else {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "portable arguments are always an object; the input is wrapped as { input }",
    );
    args = { input: part.input };
  }
  const call: PortableToolCall = { ...exportId(part.id, extra), name: part.name, arguments: cloneJson(args) };
  return withOverrides(call, extra);
}

function exportResult(
  part: ToolResultPart,
  path: string,
  callNames: ReadonlyMap<string, string>,
  problems: Problems,
): PortableToolResult {
  reportUnmapped(
    part,
    ["type", "call_id", "name", "status", "output", "content", "error", "provider_fields"],
    path,
    "portable",
    problems,
  );
  const extra = providerFields(part.provider_fields, path, problems);
  if (part.status !== "ok")
    problems.warn("field-dropped", pointer(path, "status"), `status ${part.status} has no portable equivalent`);
  let name = part.name;
  if (name === undefined) {
    name = callNames.get(part.call_id);
    if (name === undefined) {
      problems.warn(
        "tool-result-unmatched",
        pointer(path, "call_id"),
        "no call with this id names the tool; written with an empty name",
      );
      name = "";
    }
  }
  let result: string | JsonObject;
  const output: unknown = part.output;
  if (typeof output === "string" || isJsonObject(output)) result = cloneJson(output);
  else if (output !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "output"),
      "a portable result is a string or an object; written as JSON text",
    );
    result = JSON.stringify(output);
  } else {
    const texts = (part.content ?? []).flatMap((item) =>
      item.type === "text" && "text" in item && typeof item.text === "string" ? [item.text] : [],
    );
    result = texts.length > 0 ? texts.join("") : (part.error ?? "");
  }
  if (part.content !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "content"),
      "multimodal result content has no portable equivalent; only its text is kept when there is no output",
    );
  if (part.error !== undefined && (output !== undefined || part.content !== undefined)) {
    problems.warn("field-dropped", pointer(path, "error"), "the error text has no portable field beside a result");
  }
  const toolResult: PortableToolResult = { ...exportId(part.call_id, extra), name, result };
  return withOverrides(toolResult, extra);
}

/** Merges the kept source fields of a call or result back: they are the source's own values, so they win. */
function withOverrides<T extends object>(target: T, extra: JsonObject | undefined): T {
  if (extra === undefined) return target;
  const merged: JsonObject = Object.fromEntries(Object.entries(target));
  for (const [key, item] of Object.entries(extra)) setField(merged, key, cloneJson(item));
  return merged as T;
}
