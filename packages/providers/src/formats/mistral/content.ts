/**
 * Mistral content chunks ↔ canonical parts, for requests and responses alike.
 *
 * To canonical: `text` → text; `image_url` (a URL string or `{ url, detail }`) → image, a base64 data URI split into
 * data and media_type; `document_url` → file (a data URI split likewise, `document_name` → filename); `file` → file
 * by file_id; `input_audio` → audio with its base64 data; `thinking` → reasoning issued by Mistral (its text chunks
 * joined; any other layout, and `signature`, kept so it comes back exactly); `reference`, `tool_reference` and any
 * chunk type this converter does not know → a native part issued by Mistral, replayed only to Mistral.
 *
 * From canonical: the reverse. A refusal is sent as text (`value-converted`): Mistral has no refusal. Media is sent
 * in user messages only. Reasoning: Mistral's own thinking is replayed whole; reasoning of any other issuer follows
 * the foreignReasoning policy (see {@link writeReasoning}).
 */
import type { Part, ReasoningPart, Tolerant, ToolCallPart } from "@agent-transcript/core";
import { isKnownPart } from "@agent-transcript/core";
import { digest } from "../../conversion/index.js";
import { decideReasoning } from "../../conversion/index.js";
import type { FromCanonicalOptions } from "../../conversion/index.js";
import {
  cloneJson,
  FieldReader,
  isJsonObject,
  pointer,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import type { TurnCallIds } from "../../conversion/index.js";
import { idChangeMessage } from "./id-messages.js";
import {
  fillMissing,
  dropAbsent,
  isMistralIssued,
  jsonEqual,
  mistralIssuer,
  parseJsonText,
  reportFields,
  restOf,
  shapeOf,
  splitDataUri,
  targetFields,
  withFields,
  type Shape,
  type ThinkingLayout,
} from "./native-fields.js";

// ─── To canonical ────────────────────────────────────────────────────────────────────────────────────────────────

export function importChunk(value: unknown, path: string, problems: Problems): Part | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be a content chunk object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const type = reader.string("type", { required: true, nonEmpty: true });
  switch (type) {
    case undefined:
      return undefined;
    case "text": {
      const text = reader.string("text", { required: true });
      return text === undefined ? undefined : withFields<Part>({ type: "text", text }, reader.rest());
    }
    case "image_url": {
      const image = reader.take("image_url");
      const shape: Shape = {};
      let url: string | undefined;
      let detail: string | undefined;
      let inner: JsonObject | undefined;
      if (typeof image === "string") {
        url = image;
        shape.url_string = true;
      } else if (isJsonObject(image)) {
        const imageReader = new FieldReader(image, reader.at("image_url"), problems);
        url = imageReader.string("url", { required: true });
        detail = typeof image["detail"] === "string" ? imageReader.string("detail") : undefined;
        inner = imageReader.rest();
      } else problems.error(reader.at("image_url"), "must be a URL string or an object with a url");
      if (url === undefined) return undefined;
      const split = splitDataUri(url);
      const part: Part =
        split === undefined ? { type: "image", url } : { type: "image", media_type: split.mediaType, data: split.data };
      if (detail !== undefined) part.detail = detail;
      return withFields(part, nest(reader.rest(), "image_url", inner), shape);
    }
    case "document_url": {
      const url = reader.string("document_url", { required: true });
      const name = typeof value["document_name"] === "string" ? reader.string("document_name") : undefined;
      if (url === undefined) return undefined;
      const split = splitDataUri(url);
      const part: Part =
        split === undefined ? { type: "file", url } : { type: "file", media_type: split.mediaType, data: split.data };
      if (name !== undefined) part.filename = name;
      return withFields(part, reader.rest());
    }
    case "file": {
      const fileId = reader.string("file_id", { required: true, nonEmpty: true });
      return fileId === undefined ? undefined : withFields<Part>({ type: "file", file_id: fileId }, reader.rest());
    }
    case "input_audio": {
      const data = reader.string("input_audio", { required: true });
      return data === undefined ? undefined : withFields<Part>({ type: "audio", data }, reader.rest());
    }
    case "thinking":
      return importThinking(reader, problems);
    default:
      return { type: "native", native_type: type, data: cloneJson(value), issuer: { ...mistralIssuer } };
  }
}

function nest(rest: JsonObject | undefined, key: string, inner: JsonObject | undefined): JsonObject | undefined {
  if (inner === undefined) return rest;
  return { ...(rest ?? {}), [key]: inner };
}

function importThinking(reader: FieldReader, problems: Problems): ReasoningPart | undefined {
  const list = reader.array("thinking", { required: true });
  if (list === undefined) return undefined;
  const texts: string[] = [];
  const layout: ThinkingLayout[] = [];
  list.forEach((item, index) => {
    if (!isJsonObject(item)) {
      problems.error(pointer(reader.at("thinking"), index), "must be a chunk object");
      return;
    }
    if (item["type"] === "text" && typeof item["text"] === "string") {
      texts.push(item["text"]);
      const fields = restOf(item, ["type", "text"]);
      layout.push(fields === undefined ? item["text"].length : { length: item["text"].length, fields });
    } else layout.push({ chunk: cloneJson(item) });
  });
  const part: ReasoningPart = { type: "reasoning", text: texts.join(""), issuer: { ...mistralIssuer } };
  if (typeof reader.value["signature"] === "string") part.signature = reader.string("signature");
  const plain = layout.length === 1 && typeof layout[0] === "number";
  return withFields(part, reader.rest(), plain ? {} : { thinking: layout });
}

/** Ids made up for calls the source sent without one, by position, so reruns agree. */
export function syntheticCallId(position: string): string {
  return digest(`mistral:${position}`, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 9);
}

export function importToolCall(value: unknown, path: string, problems: Problems): ToolCallPart | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be a tool call object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const shape: Shape = {};
  const absent: string[] = [];
  if (!reader.has("id")) absent.push("id");
  const id = reader.string("id");
  if (!reader.has("type")) absent.push("type");
  else reader.oneOf("type", ["function"]);
  const fn = reader.object("function", { required: true });
  if (fn === undefined) return undefined;
  const fnReader = new FieldReader(fn, reader.at("function"), problems);
  const name = fnReader.string("name", { required: true, nonEmpty: true });
  const args = fnReader.take("arguments");
  if (name === undefined) return undefined;
  const part: ToolCallPart = { type: "tool_call", id: id ?? syntheticCallId(path), name };
  if (id === undefined)
    problems.warn(
      "id-synthesized",
      pointer(path, "id"),
      `a call without an id was given the id ${part.id}, derived from where it is`,
    );
  if (typeof args === "string") {
    const parsed = parseJsonText(args);
    if (parsed.ok) {
      part.input = parsed.value;
      if (JSON.stringify(parsed.value) !== args) part.raw_input = args;
    } else {
      part.raw_input = args;
      part.input_error = parsed.reason;
    }
  } else if (isJsonObject(args)) {
    part.input = cloneJson(args);
    shape.arguments_object = true;
  } else problems.error(pointer(reader.at("function"), "arguments"), "must be JSON text or an object");
  if (absent.length > 0) shape.absent = absent;
  return withFields(part, nest(reader.rest(), "function", fnReader.rest()), shape);
}

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

export interface WriteContext {
  problems: Problems;
  options: FromCanonicalOptions;
  ids: TurnCallIds;
  /** Writing a response: ids are written as the server sent them, not remapped to the request rule. */
  response: boolean;
}

export type ChunkPlace = "system" | "user" | "assistant" | "tool";

function finishChunk(native: JsonObject, own: JsonObject | undefined, skip: readonly string[] = []): JsonObject {
  fillMissing(native, own, skip);
  dropAbsent(native, shapeOf(own));
  return native;
}

/** A content chunk for a part, or undefined when the part has no place in a Mistral message of `place`. */
export function writeChunk(
  part: Tolerant.Part,
  path: string,
  context: WriteContext,
  place: ChunkPlace,
): JsonObject | undefined {
  const { problems } = context;
  if (!isKnownPart(part)) {
    problems.warn("part-dropped", path, `a ${part.type} part has no Mistral equivalent`);
    return undefined;
  }
  switch (part.type) {
    case "text": {
      reportFields(part, ["type", "text", "provider_fields"], path, problems);
      return finishChunk({ type: "text", text: part.text }, targetFields(part.provider_fields, path, problems));
    }
    case "refusal":
      reportFields(part, ["type", "text", "provider_fields"], path, problems);
      targetFields(part.provider_fields, path, problems);
      problems.warn("value-converted", path, "Mistral has no refusal; the refusal is sent as text");
      return { type: "text", text: part.text };
    case "reasoning":
      return writeReasoning(part, path, context, place);
    case "native":
      if (isMistralIssued(part) && isJsonObject(part.data)) return cloneJson(part.data);
      problems.warn(
        "part-dropped",
        path,
        `a native ${part.native_type} part of ${part.issuer.provider} has no Mistral equivalent`,
      );
      return undefined;
    case "image":
    case "audio":
    case "file":
      if (place !== "user") {
        problems.warn(
          "part-dropped",
          path,
          `Mistral takes ${part.type}s in user messages only; this ${place} ${part.type} is left out`,
        );
        return undefined;
      }
      return writeMedia(part, path, context);
    default:
      problems.warn("part-dropped", path, `a ${part.type} part has no Mistral equivalent`);
      return undefined;
  }
}

function writeMedia(
  part: Tolerant.ImagePart | Tolerant.AudioPart | Tolerant.FilePart,
  path: string,
  context: WriteContext,
): JsonObject | undefined {
  const { problems } = context;
  const own = targetFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  if (part.type === "image") {
    if (part.data === undefined && part.url === undefined) {
      problems.warn(
        "media-fallback",
        path,
        "Mistral takes images as URLs or data URIs only; an image by path or file id is left out",
      );
      return undefined;
    }
    reportFields(part, ["type", "media_type", "data", "url", "detail", "provider_fields"], path, problems);
    let url: string;
    if (part.data !== undefined) {
      if (part.media_type === undefined)
        problems.warn(
          "value-assumed",
          pointer(path, "media_type"),
          "an inline image without a media type is sent as image/png",
        );
      url = `data:${part.media_type ?? "image/png"};base64,${part.data}`;
    } else url = part.url as string;
    const inner = isJsonObject(own?.["image_url"]) ? own["image_url"] : undefined;
    if (shape?.url_string && part.detail === undefined && inner === undefined)
      return finishChunk({ type: "image_url", image_url: url }, own);
    const image: JsonObject = { url };
    if (part.detail !== undefined) image["detail"] = part.detail;
    fillMissing(image, inner);
    return finishChunk({ type: "image_url", image_url: image }, own);
  }
  if (part.type === "audio") {
    if (part.data === undefined) {
      problems.warn("media-fallback", path, "Mistral takes audio inline (base64) only; this audio is left out");
      return undefined;
    }
    reportFields(part, ["type", "data", "provider_fields"], path, problems);
    return finishChunk({ type: "input_audio", input_audio: part.data }, own);
  }
  if (part.data !== undefined || part.url !== undefined) {
    reportFields(part, ["type", "media_type", "data", "url", "filename", "provider_fields"], path, problems);
    let url: string;
    if (part.data !== undefined) {
      if (part.media_type === undefined)
        problems.warn(
          "value-assumed",
          pointer(path, "media_type"),
          "an inline document without a media type is sent as application/pdf",
        );
      url = `data:${part.media_type ?? "application/pdf"};base64,${part.data}`;
    } else url = part.url as string;
    const chunk: JsonObject = { type: "document_url", document_url: url };
    if (part.filename !== undefined) chunk["document_name"] = part.filename;
    return finishChunk(chunk, own);
  }
  if (part.file_id !== undefined) {
    reportFields(part, ["type", "file_id", "provider_fields"], path, problems);
    return finishChunk({ type: "file", file_id: part.file_id }, own);
  }
  if (part.text !== undefined) {
    problems.warn(
      "value-converted",
      path,
      "Mistral has no plain-text document chunk; the document's text is sent as a text chunk",
    );
    return { type: "text", text: part.text };
  }
  problems.warn(
    "media-fallback",
    path,
    "Mistral takes documents inline, by URL or by file id only; this file is left out",
  );
  return undefined;
}

/**
 * Reasoning. Mistral's own thinking (issuer mistral) is replayed as the thinking chunk it came from, signature
 * included. Any other reasoning is foreign: Mistral answers reasoning input it does not expect with "Reasoning input
 * is not enabled", so even plain thinking text of another provider follows the policy:
 * - `drop` (default): left out, `reasoning-dropped`;
 * - `text`: its readable text as a text chunk, `reasoning-demoted`;
 * - `keep`: its readable text as a Mistral thinking chunk without any opaque data, `reasoning-demoted`. Mistral
 *   accepts thinking chunks in the history of its reasoning models (Magistral, or `prompt_mode: "reasoning"`); other
 *   models reject them, so `keep` is for a reasoning model only.
 */
export function writeReasoning(
  part: Tolerant.ReasoningPart,
  path: string,
  context: WriteContext,
  place: ChunkPlace,
): JsonObject | undefined {
  const { problems, options } = context;
  if (isMistralIssued(part)) {
    const own = targetFields(part.provider_fields, path, problems);
    reportFields(part, ["type", "text", "signature", "issuer", "provider_fields"], path, problems);
    const chunk: JsonObject = { type: "thinking", thinking: thinkingList(part.text ?? "", shapeOf(own)?.thinking) };
    if (part.signature !== undefined) chunk["signature"] = part.signature;
    return finishChunk(chunk, own);
  }
  const policy = options.foreignReasoning ?? "drop";
  const decision = decideReasoning(part, mistralIssuer, policy, path);
  const text = [part.text, ...(part.summary ?? [])]
    .filter((entry): entry is string => typeof entry === "string" && entry !== "")
    .join("\n\n");
  const from = part.issuer
    ? `${part.issuer.provider}${part.issuer.api ? ` ${part.issuer.api}` : ""}`
    : "another provider";
  if (policy === "text" && text !== "") {
    problems.warn(
      "reasoning-demoted",
      path,
      decision.action === "as-text"
        ? decision.warning.message
        : `reasoning from ${from} sent as text: Mistral takes no reasoning input it did not issue`,
    );
    return { type: "text", text };
  }
  if (policy === "keep" && text !== "" && place === "assistant") {
    problems.warn(
      "reasoning-demoted",
      path,
      `reasoning from ${from} sent as a Mistral thinking chunk without its opaque data; only Mistral reasoning models accept thinking input`,
    );
    return { type: "thinking", thinking: [{ type: "text", text }] };
  }
  if (decision.action === "drop" && decision.warning !== undefined)
    problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
  else
    problems.warn(
      "reasoning-dropped",
      path,
      `reasoning from ${from} left out: Mistral rejects reasoning input it did not issue (foreignReasoning is ${policy})`,
    );
  return undefined;
}

/** The thinking chunk's list: its recorded layout when the text still fits it, else one text chunk. */
function thinkingList(text: string, layout: ThinkingLayout[] | undefined): JsonObject[] {
  if (layout === undefined || !Array.isArray(layout)) return [{ type: "text", text }];
  const lengths = layout.map((entry) => (typeof entry === "number" ? entry : "length" in entry ? entry.length : 0));
  const fits = lengths.reduce((sum, length) => sum + length, 0) === text.length;
  const list: JsonObject[] = [];
  let offset = 0;
  if (!fits && text !== "") list.push({ type: "text", text });
  for (const entry of layout) {
    if (typeof entry === "number") {
      if (fits) list.push({ type: "text", text: text.slice(offset, offset + entry) });
      offset += entry;
    } else if ("chunk" in entry) list.push(cloneJson(entry.chunk));
    else {
      if (fits)
        list.push({ type: "text", text: text.slice(offset, offset + entry.length), ...cloneJson(entry.fields) });
      offset += entry.length;
    }
  }
  return list;
}

/** A tool call in Mistral's shape. */
export function writeToolCall(part: Tolerant.ToolCallPart, path: string, context: WriteContext): JsonObject {
  const { problems } = context;
  reportFields(part, ["type", "id", "name", "input", "raw_input", "input_error", "provider_fields"], path, problems);
  const own = targetFields(part.provider_fields, path, problems);
  const shape = shapeOf(own);
  let id = part.id;
  if (!context.response) {
    const mapped = context.ids.call(part.id, path);
    if (mapped.change !== undefined)
      problems.warn("id-remapped", pointer(path, "id"), idChangeMessage(part.id, mapped, "call"));
    id = mapped.id;
  }
  const fn: JsonObject = {
    name: part.name,
    arguments:
      shape?.arguments_object && isJsonObject(part.input) ? cloneJson(part.input) : argumentsText(part, path, problems),
  };
  fillMissing(fn, isJsonObject(own?.["function"]) ? own["function"] : undefined);
  const call: JsonObject = { id, type: "function", function: fn };
  fillMissing(call, own);
  // In a request the id is required; a response may have been sent without one.
  dropAbsent(call, context.response ? shape : { absent: (shape?.absent ?? []).filter((key) => key !== "id") });
  return call;
}

function argumentsText(part: Tolerant.ToolCallPart, path: string, problems: Problems): string {
  if (part.raw_input !== undefined) {
    if (part.input === undefined) return part.raw_input;
    const parsed = parseJsonText(part.raw_input);
    if (parsed.ok && jsonEqual(parsed.value, part.input)) return part.raw_input;
  }
  if (part.input === undefined) {
    problems.warn("value-assumed", pointer(path, "input"), "a call with no arguments is sent with {}");
    return "{}";
  }
  return JSON.stringify(part.input);
}

/** Content as Mistral writes it: a string for one plain text chunk, a list otherwise, undefined for none. */
export function contentValue(chunks: JsonObject[], shape: Shape | undefined): string | JsonObject[] | undefined {
  if (chunks.length === 0) return shape?.content_list ? [] : undefined;
  const only = chunks[0];
  if (
    !shape?.content_list &&
    chunks.length === 1 &&
    only !== undefined &&
    only["type"] === "text" &&
    Object.keys(only).length === 2 &&
    typeof only["text"] === "string"
  )
    return only["text"];
  return chunks;
}
