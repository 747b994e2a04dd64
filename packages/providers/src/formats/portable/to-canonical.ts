/**
 * Portable message list → canonical document, message for message (portable index i is canonical index i): content
 * becomes a text part, toolCalls and toolResults tool_call and tool_result parts (see index.ts for the id rules).
 */
import type { Message, Part, ToolCallPart, ToolResultPart, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import {
  documentReader,
  FieldReader,
  fingerprint,
  isJsonObject,
  parseJsonText,
  pointer,
  setField,
  type JsonObject,
  type DocumentReadContext,
  type Problems,
  type Provenance,
} from "../../conversion/index.js";
import type { PortableRole, PortableToCanonicalOptions } from "./types.js";

/** Where native fields the canonical form has no place for are kept: `provider_fields.portable`. */
export const providerKey = "portable";
const callIdPrefix = "portable-call-";
const resultIdPrefix = "portable-result-";
const roles: readonly PortableRole[] = ["system", "user", "assistant"];

/** An id made up here (`portable-call-<i>-<j>`, `portable-result-<i>-<k>`), which from-canonical.ts leaves out. */
export function isSyntheticId(id: string): boolean {
  return id.startsWith(callIdPrefix) || id.startsWith(resultIdPrefix);
}

/** The transcript id of a list that names none: `portable-<fingerprint of the list>`. */
export function transcriptIdFor(value: unknown): string {
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
export const toCanonical = documentReader({
  accepts: (value): value is unknown[] => Array.isArray(value),
  notDocument: "must be an array of portable messages",
  read: readMessages,
});

function readMessages(
  value: unknown[],
  { problems, provenance, options }: DocumentReadContext<PortableToCanonicalOptions>,
): Transcript {
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
        const part = readCall(call, callPath, index, callIndex, problems);
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
        const part = readResult(result, resultPath, index, resultIndex, pending, problems);
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
  return document;
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

function readCall(
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

/** The value JSON text encodes, under core's parse limits (depth, exact numbers); undefined when it has none. */
function parseJson(text: string): unknown {
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed.value : undefined;
}

function readResult(
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
