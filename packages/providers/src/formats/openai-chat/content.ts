/**
 * OpenAI Chat content parts ⇄ canonical parts, for requests and responses alike (the family's content codec for
 * OpenAI Chat).
 *
 * To canonical: `text` → text; `image_url` → image (a base64 data URI split into data + media_type, any other URL
 * kept as url, `detail` kept); `input_audio` → audio with media_type `audio/<format>`, mp3 as `audio/mpeg`; `file` →
 * file with file_data split like an image, or file_id; `refusal` → refusal; an unknown entry type → a native part
 * issued by openai chat-completions, replayed only to it.
 *
 * From canonical: the reverse; media goes in user messages only. In an assistant message: a refusal is the `refusal`
 * field (a second one, or one read from the content list, a content entry), citations have no request field
 * (`field-dropped`), and reasoning follows {@link writeReasoning}.
 */
import type { Part, Tolerant } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  dataUrlOf,
  decideReasoning,
  FieldReader,
  fillMissing,
  isJsonObject,
  ownFields,
  pointer,
  readableReasoning,
  reportUnmapped,
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
import { chatIssuer, label, provider, reasoningMessageFields, shapeOf } from "./native-fields.js";

const audioMediaTypes: Record<string, string> = { wav: "audio/wav", mp3: "audio/mpeg" };

function audioMediaType(format: string): string {
  return audioMediaTypes[format] ?? `audio/${format}`;
}

function audioFormat(mediaType: string): string | undefined {
  for (const [format, type] of Object.entries(audioMediaTypes)) if (type === mediaType) return format;
  return mediaType.startsWith("audio/") ? mediaType.slice("audio/".length) : undefined;
}

function own(fields: Record<string, Record<string, unknown>> | undefined, path: string, problems: Problems) {
  return targetFields(provider, label, fields, path, problems);
}

// ─── To canonical ────────────────────────────────────────────────────────────────────────────────────────────────

function readPart(reader: FieldReader, problems: Problems): Part | undefined {
  const type = reader.string("type", { required: true });
  switch (type) {
    case "text": {
      const text = reader.string("text", { required: true });
      return text === undefined ? undefined : withFields<Part>(provider, { type: "text", text }, reader.rest());
    }
    case "refusal": {
      const text = reader.string("refusal", { required: true });
      return text === undefined
        ? undefined
        : withFields<Part>(provider, { type: "refusal", text }, reader.rest(), { in_content: true });
    }
    case "image_url": {
      const image = reader.object("image_url", { required: true });
      if (image === undefined) return undefined;
      const imageReader = new FieldReader(image, reader.at("image_url"), problems);
      const url = imageReader.string("url", { required: true });
      const detail = imageReader.string("detail");
      if (url === undefined) return undefined;
      const split = splitDataUrl(url);
      const part: Part =
        split === undefined ? { type: "image", url } : { type: "image", media_type: split.mediaType, data: split.data };
      if (detail !== undefined) part.detail = detail;
      return withFields(provider, part, nest(reader.rest(), "image_url", imageReader.rest()));
    }
    case "input_audio": {
      const audio = reader.object("input_audio", { required: true });
      if (audio === undefined) return undefined;
      const audioReader = new FieldReader(audio, reader.at("input_audio"), problems);
      const data = audioReader.string("data", { required: true });
      const format = audioReader.string("format", { required: true });
      if (data === undefined || format === undefined) return undefined;
      const inner = audioReader.rest() ?? {};
      const mediaType = audioMediaType(format);
      // A format the media type does not map back to (`mpeg`) is kept as written.
      if (audioFormat(mediaType) !== format) inner["format"] = format;
      return withFields<Part>(
        provider,
        { type: "audio", data, media_type: mediaType },
        nest(reader.rest(), "input_audio", Object.keys(inner).length > 0 ? inner : undefined),
      );
    }
    case "file": {
      const file = reader.object("file", { required: true });
      if (file === undefined) return undefined;
      const fileReader = new FieldReader(file, reader.at("file"), problems);
      const fileData = fileReader.string("file_data");
      const fileId = fileReader.string("file_id");
      const filename = fileReader.string("filename");
      const inner = fileReader.rest() ?? {};
      const part: Part = { type: "file" };
      if (fileData !== undefined) {
        const split = splitDataUrl(fileData);
        if (split === undefined) inner["file_data"] = fileData;
        else {
          part.data = split.data;
          part.media_type = split.mediaType;
        }
      }
      if (fileId !== undefined) part.file_id = fileId;
      if (filename !== undefined) part.filename = filename;
      if (part.data === undefined && part.file_id === undefined) {
        problems.error(reader.at("file"), "needs file_data as a base64 data URI or a file_id");
        return undefined;
      }
      return withFields(provider, part, nest(reader.rest(), "file", Object.keys(inner).length > 0 ? inner : undefined));
    }
    default:
      if (type === undefined) return undefined;
      return { type: "native", native_type: type, data: cloneJson(reader.value), issuer: { ...chatIssuer } };
  }
}

// ─── From canonical ──────────────────────────────────────────────────────────────────────────────────────────────

/** A content part for a message of `place` (media in user messages only), or undefined when Chat has none there. */
function writePart(part: Part, path: string, context: WriteContext, place: ContentPlace): JsonObject | undefined {
  const { problems } = context;
  if (
    part.type === "native" &&
    part.issuer.provider === chatIssuer.provider &&
    (part.issuer.api === undefined || part.issuer.api === chatIssuer.api) &&
    isJsonObject(part.data)
  ) {
    return cloneJson(part.data);
  }
  if (place !== "user" || (part.type !== "image" && part.type !== "audio" && part.type !== "file")) {
    problems.warn(
      "part-dropped",
      path,
      `${withIndefiniteArticle(`${part.type} part`)} has no place in this OpenAI Chat message`,
    );
    return undefined;
  }
  const kept = own(part.provider_fields, path, problems);
  if (part.type === "image") {
    // An image Chat cannot take is left out whole (one media-fallback), so its fields are not reported one by one.
    if (part.data !== undefined || part.url !== undefined)
      reportUnmapped(part, ["type", "media_type", "data", "url", "detail", "provider_fields"], path, label, problems);
    let url: string;
    if (part.data !== undefined) url = dataUrlOf(part.data, part.media_type, path, problems, "image", "image/png");
    else if (part.url !== undefined) url = part.url;
    else {
      problems.warn(
        "media-fallback",
        path,
        "Chat takes images as URLs or data URIs only; an image by path or file id is left out",
      );
      return undefined;
    }
    const imageUrl: JsonObject = { url };
    if (part.detail !== undefined) imageUrl["detail"] = part.detail;
    fillMissing(imageUrl, keptInner(kept, "image_url"));
    return finishNative({ type: "image_url", image_url: imageUrl }, kept);
  }
  if (part.type === "audio") {
    reportUnmapped(part, ["type", "media_type", "data", "provider_fields"], path, label, problems);
    const inner = keptInner(kept, "input_audio");
    const format =
      typeof inner?.["format"] === "string"
        ? inner["format"]
        : part.media_type === undefined
          ? undefined
          : audioFormat(part.media_type);
    if (part.data === undefined || format === undefined) {
      problems.warn(
        "media-fallback",
        path,
        "Chat takes audio inline with a wav or mp3 format only; this audio is left out",
      );
      return undefined;
    }
    const audio: JsonObject = { data: part.data, format };
    fillMissing(audio, inner);
    return finishNative({ type: "input_audio", input_audio: audio }, kept);
  }
  reportUnmapped(part, ["type", "media_type", "data", "file_id", "filename", "provider_fields"], path, label, problems);
  const file: JsonObject = {};
  if (part.data !== undefined)
    file["file_data"] = dataUrlOf(part.data, part.media_type, path, problems, "file", "application/octet-stream");
  if (part.file_id !== undefined) file["file_id"] = part.file_id;
  if (part.filename !== undefined) file["filename"] = part.filename;
  fillMissing(file, keptInner(kept, "file"));
  if (file["file_data"] === undefined && file["file_id"] === undefined) {
    if (part.text !== undefined) return fileTextEntry(part.text, "Chat", "part", path, problems);
    problems.warn("media-fallback", path, "Chat takes files inline or by file id only; this file is left out");
    return undefined;
  }
  return finishNative({ type: "file", file }, kept);
}

/** A part of an assistant message other than a tool call: content, the refusal field or a reasoning field. */
function writeAssistantPart(part: Tolerant.Part, path: string, context: WriteContext, fields: AssistantFields): void {
  const { problems } = context;
  if (!isKnownPart(part)) return;
  if (fields.toolCalls.length > 0 && (part.type === "text" || part.type === "refusal"))
    problems.warn("order-changed", path, "Chat puts content before tool calls; this part followed a call");
  if (part.type === "reasoning") {
    writeReasoning(part, path, context, fields);
    return;
  }
  if (part.type === "refusal") {
    reportUnmapped(part, ["type", "text", "provider_fields"], path, label, problems);
    const kept = own(part.provider_fields, path, problems);
    if (shapeOf(kept)?.in_content || fields.refusal !== undefined) {
      fields.content.push(finishNative({ type: "refusal", refusal: part.text }, kept));
      fields.needsList = true;
    } else fields.refusal = part.text;
    return;
  }
  if (part.type === "text") {
    const citations = part.citations;
    const { citations: _citations, ...plain } = part;
    const native = chatContent.write(plain, path, context, "assistant");
    if (native !== undefined) fields.content.push(native);
    if (citations !== undefined && !context.response)
      problems.warn("field-dropped", pointer(path, "citations"), "a Chat request has no citations");
    return;
  }
  if (part.type === "native") {
    const native = writePart(part, path, context, "assistant");
    if (native !== undefined) {
      fields.content.push(native);
      fields.needsList = true;
    }
    return;
  }
  problems.warn("part-dropped", path, `an assistant ${part.type} part has no OpenAI Chat equivalent`);
}

/**
 * Reasoning. Chat has no reasoning input: a reasoning part read from a Chat message field (compatible servers'
 * `reasoning` / `reasoning_content`) goes back there; any other follows `decideReasoning` for target openai
 * chat-completions and the foreignReasoning policy: `drop` (default, `reasoning-dropped`), `text` (a text part,
 * `reasoning-demoted`), `keep` (the readable text in the `reasoning` field compatible servers read,
 * `reasoning-demoted`); opaque data (signatures, encrypted content) is never sent.
 */
function writeReasoning(
  part: Tolerant.ReasoningPart,
  path: string,
  context: WriteContext,
  fields: AssistantFields,
): void {
  const { problems, options } = context;
  // The marker comes from a document anyone may have edited: only a field reasoning is written to names one.
  const marked: unknown = shapeOf(ownFields(part.provider_fields, provider))?.field;
  const field = typeof marked === "string" && reasoningMessageFields.includes(marked) ? marked : undefined;
  const opaque =
    part.signature !== undefined || part.encrypted_content !== undefined || part.redacted_data !== undefined;
  if (field !== undefined && !opaque && typeof part.text === "string") {
    reportUnmapped(part, ["type", "text", "provider_fields"], path, label, problems);
    fields.reasoning.push({ field, text: part.text });
    return;
  }
  const policy = options.foreignReasoning ?? "drop";
  const decision = decideReasoning(part, chatIssuer, policy, path);
  // Chat never accepts reasoning input: even reasoning decideReasoning would replay (no opaque data) is foreign here.
  const text = readableReasoning(part);
  if (decision.action === "as-text" || (decision.action === "replay" && policy === "text" && text !== "")) {
    fields.content.push({ type: "text", text: decision.action === "as-text" ? decision.text : text });
    problems.warn(
      "reasoning-demoted",
      path,
      decision.action === "as-text"
        ? decision.warning.message
        : "Chat has no reasoning input; the reasoning is sent as text",
    );
    return;
  }
  if (decision.action === "as-reasoning" || (decision.action === "replay" && policy === "keep" && text !== "")) {
    fields.reasoning.push({ field: "reasoning", text });
    problems.warn(
      "reasoning-demoted",
      path,
      decision.action === "as-reasoning"
        ? decision.warning.message
        : "Chat has no reasoning input; the text is sent in the `reasoning` field compatible servers read, which OpenAI ignores or rejects",
    );
    return;
  }
  leaveOutReasoning(
    decision,
    "Chat has no reasoning input; the reasoning is left out (foreignReasoning is drop)",
    path,
    problems,
  );
}

/** OpenAI Chat's content codec. */
export const chatContent = contentCodec({
  provider,
  label,
  notObject: "must be an object",
  read: readPart,
  write: writePart,
  writeAssistant: writeAssistantPart,
});
