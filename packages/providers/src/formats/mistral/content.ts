/**
 * Mistral content chunks ⇄ canonical parts, for requests and responses alike (the family's content codec for
 * Mistral).
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
import type { Part, ReasoningPart, Tolerant } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  dataUrlOf,
  decideReasoning,
  FieldReader,
  fillMissing,
  isJsonObject,
  pointer,
  readableReasoning,
  reasoningIssuerName,
  reportUnmapped,
  restOf,
  splitDataUrl,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  contentCodec,
  fileTextEntry,
  finishNative,
  keptInner,
  leaveOutReasoning,
  nest,
  targetFields,
  withFields,
  type AssistantFields,
  type ContentPlace,
  type WriteContext,
} from "../../families/chat-completions/index.js";
import {
  isMistralIssued,
  label,
  mistralIssuer,
  provider,
  shapeOf,
  type Shape,
  type ThinkingLayout,
} from "./native-fields.js";

function own(fields: Record<string, Record<string, unknown>> | undefined, path: string, problems: Problems) {
  return targetFields(provider, label, fields, path, problems);
}

// ─── To canonical ────────────────────────────────────────────────────────────────────────────────────────────────

function readChunk(reader: FieldReader, problems: Problems): Part | undefined {
  const { value } = reader;
  const type = reader.string("type", { required: true, nonEmpty: true });
  switch (type) {
    case undefined:
      return undefined;
    case "text": {
      const text = reader.string("text", { required: true });
      return text === undefined ? undefined : withFields<Part>(provider, { type: "text", text }, reader.rest());
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
      const split = splitDataUrl(url);
      const part: Part =
        split === undefined ? { type: "image", url } : { type: "image", media_type: split.mediaType, data: split.data };
      if (detail !== undefined) part.detail = detail;
      return withFields(provider, part, nest(reader.rest(), "image_url", inner), shape);
    }
    case "document_url": {
      const url = reader.string("document_url", { required: true });
      const name = typeof value["document_name"] === "string" ? reader.string("document_name") : undefined;
      if (url === undefined) return undefined;
      const split = splitDataUrl(url);
      const part: Part =
        split === undefined ? { type: "file", url } : { type: "file", media_type: split.mediaType, data: split.data };
      if (name !== undefined) part.filename = name;
      return withFields(provider, part, reader.rest());
    }
    case "file": {
      const fileId = reader.string("file_id", { required: true, nonEmpty: true });
      return fileId === undefined
        ? undefined
        : withFields<Part>(provider, { type: "file", file_id: fileId }, reader.rest());
    }
    case "input_audio": {
      const data = reader.string("input_audio", { required: true });
      return data === undefined ? undefined : withFields<Part>(provider, { type: "audio", data }, reader.rest());
    }
    case "thinking":
      return readThinking(reader, problems);
    default:
      return { type: "native", native_type: type, data: cloneJson(value), issuer: { ...mistralIssuer } };
  }
}

function readThinking(reader: FieldReader, problems: Problems): ReasoningPart | undefined {
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
  return withFields(provider, part, reader.rest(), plain ? {} : { thinking: layout });
}

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

/** A content chunk for a part, or undefined when the part has no place in a Mistral message of `place`. */
function writeChunk(part: Part, path: string, context: WriteContext, place: ContentPlace): JsonObject | undefined {
  const { problems } = context;
  switch (part.type) {
    case "refusal":
      reportUnmapped(part, ["type", "text", "provider_fields"], path, label, problems);
      own(part.provider_fields, path, problems);
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
      problems.warn("part-dropped", path, `${withIndefiniteArticle(`${part.type} part`)} has no Mistral equivalent`);
      return undefined;
  }
}

function writeMedia(
  part: Tolerant.ImagePart | Tolerant.AudioPart | Tolerant.FilePart,
  path: string,
  context: WriteContext,
): JsonObject | undefined {
  const { problems } = context;
  const kept = own(part.provider_fields, path, problems);
  const shape = shapeOf(kept);
  if (part.type === "image") {
    if (part.data === undefined && part.url === undefined) {
      problems.warn(
        "media-fallback",
        path,
        "Mistral takes images as URLs or data URIs only; an image by path or file id is left out",
      );
      return undefined;
    }
    reportUnmapped(part, ["type", "media_type", "data", "url", "detail", "provider_fields"], path, label, problems);
    const url =
      part.data !== undefined
        ? dataUrlOf(part.data, part.media_type, path, problems, "image", "image/png")
        : (part.url as string);
    const inner = keptInner(kept, "image_url");
    if (shape?.url_string && part.detail === undefined && inner === undefined)
      return finishNative({ type: "image_url", image_url: url }, kept);
    const image: JsonObject = { url };
    if (part.detail !== undefined) image["detail"] = part.detail;
    fillMissing(image, inner);
    return finishNative({ type: "image_url", image_url: image }, kept);
  }
  if (part.type === "audio") {
    if (part.data === undefined) {
      problems.warn("media-fallback", path, "Mistral takes audio inline (base64) only; this audio is left out");
      return undefined;
    }
    reportUnmapped(part, ["type", "data", "provider_fields"], path, label, problems);
    return finishNative({ type: "input_audio", input_audio: part.data }, kept);
  }
  if (part.data !== undefined || part.url !== undefined) {
    reportUnmapped(part, ["type", "media_type", "data", "url", "filename", "provider_fields"], path, label, problems);
    const url =
      part.data !== undefined
        ? dataUrlOf(part.data, part.media_type, path, problems, "document", "application/pdf")
        : (part.url as string);
    const chunk: JsonObject = { type: "document_url", document_url: url };
    if (part.filename !== undefined) chunk["document_name"] = part.filename;
    return finishNative(chunk, kept);
  }
  if (part.file_id !== undefined) {
    reportUnmapped(part, ["type", "file_id", "provider_fields"], path, label, problems);
    return finishNative({ type: "file", file_id: part.file_id }, kept);
  }
  if (part.text !== undefined) return fileTextEntry(part.text, "Mistral", "chunk", path, problems);
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
function writeReasoning(
  part: Tolerant.ReasoningPart,
  path: string,
  context: WriteContext,
  place: ContentPlace,
): JsonObject | undefined {
  const { problems, options } = context;
  if (isMistralIssued(part)) {
    const kept = own(part.provider_fields, path, problems);
    reportUnmapped(part, ["type", "text", "signature", "issuer", "provider_fields"], path, label, problems);
    const chunk: JsonObject = { type: "thinking", thinking: thinkingList(part.text ?? "", shapeOf(kept)?.thinking) };
    if (part.signature !== undefined) chunk["signature"] = part.signature;
    return finishNative(chunk, kept);
  }
  const policy = options.foreignReasoning ?? "drop";
  const decision = decideReasoning(part, mistralIssuer, policy, path);
  const text = readableReasoning(part);
  const from = reasoningIssuerName(part);
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
  leaveOutReasoning(
    decision,
    `reasoning from ${from} left out: Mistral rejects reasoning input it did not issue (foreignReasoning is ${policy})`,
    path,
    problems,
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

/** A part of an assistant message other than a tool call, as a content chunk. */
function writeAssistantPart(part: Tolerant.Part, path: string, context: WriteContext, fields: AssistantFields): void {
  const { problems } = context;
  if (isKnownPart(part) && part.type === "tool_result") {
    problems.warn("part-dropped", path, "a tool result inside an assistant message has no Mistral equivalent");
    return;
  }
  const chunk = mistralContent.write(part, path, context, "assistant");
  if (chunk === undefined) return;
  if (fields.toolCalls.length > 0)
    problems.warn("order-changed", path, "Mistral puts content before tool calls; this part followed a call");
  fields.content.push(chunk);
}

/** Mistral's content codec. */
export const mistralContent = contentCodec({
  provider,
  label,
  notObject: "must be a content chunk object",
  read: readChunk,
  write: writeChunk,
  writeAssistant: writeAssistantPart,
});
