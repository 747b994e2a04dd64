/**
 * Bedrock `image` and `document` blocks ↔ image and file parts.
 *
 * Reading: `image` with `source.bytes` and a known `format` → image part (`format` ↔ `image/<format>`); `document`
 * with `source.bytes` or `source.text` → file part (`format` ↔ media type, `name` ↔ `title`; `context` and
 * `citations` stay in provider_fields). S3 sources stay native blocks.
 *
 * Writing: images with inline bytes, in messages and in tool results alike; a `data:` URL is decoded
 * (`value-converted`). Bedrock takes no image by URL or file id, and only PNG, JPEG, GIF and WebP: anything else is
 * left out (`media-fallback`). Files → `document` with inline bytes or text; the `name` Bedrock requires is the title
 * (or file name), reduced to the characters Bedrock allows (`value-converted`), or `Document <n>` (`value-assumed`).
 * Formats outside Bedrock's list, and files by URL or id, are left out (`media-fallback`).
 */
import type { FilePart, ImagePart, Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import { isJsonObject, pointer, splitDataUrl, type JsonObject, type Problems } from "../../conversion/index.js";
import {
  assign,
  fieldsOf,
  reportUnhandled,
  type BlockPlace,
  type FromCanonicalContext,
} from "../../families/content-blocks/index.js";
import { outerOf, withFields, wrap } from "./native-fields.js";

/** Image formats Bedrock takes, by media type. */
const imageFormats: Readonly<Record<string, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** Document formats Bedrock takes, by media type. */
const documentFormats: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  csv: "text/csv",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  html: "text/html",
  txt: "text/plain",
  md: "text/markdown",
};

/** The format name for a media type in one of the tables above, or undefined. */
function formatFor(table: Readonly<Record<string, string>>, mediaType: string | undefined): string | undefined {
  if (mediaType === undefined) return undefined;
  const wanted = mediaType === "image/jpg" ? "image/jpeg" : mediaType;
  return Object.keys(table).find((format) => table[format] === wanted);
}

export function imagePart(value: JsonObject, block: JsonObject): ImagePart | undefined {
  const source = value.source;
  const mediaType = typeof value.format === "string" ? imageFormats[value.format] : undefined;
  if (
    mediaType === undefined ||
    !isJsonObject(source) ||
    typeof source.bytes !== "string" ||
    Object.keys(source).length !== 1
  )
    return undefined;
  return withFields<ImagePart>(
    { type: "image", media_type: mediaType, data: source.bytes },
    value,
    ["format", "source"],
    block,
    "image",
  );
}

export function documentPart(value: JsonObject, block: JsonObject): FilePart | undefined {
  const source = value.source;
  if (!isJsonObject(source) || Object.keys(source).length !== 1 || typeof value.name !== "string") return undefined;
  const part: FilePart = { type: "file" };
  const known = ["source", "name"];
  if (value.format !== undefined) {
    const mediaType = typeof value.format === "string" ? documentFormats[value.format] : undefined;
    if (mediaType === undefined) return undefined;
    part.media_type = mediaType;
    known.push("format");
  }
  if (typeof source.bytes === "string") part.data = source.bytes;
  else if (typeof source.text === "string") part.text = source.text;
  else return undefined;
  part.title = value.name;
  return withFields(part, value, known, block, "document");
}

/** Inline data and media type of an image or file part, decoding a data: URL; undefined when it has no inline data. */
function inlineOf(
  part: Tolerant.ImagePart | Tolerant.FilePart,
  path: string,
  problems: Problems,
): { data: string; mediaType: string | undefined } | undefined {
  if (part.data !== undefined) return { data: part.data, mediaType: part.media_type };
  const inline = splitDataUrl(part.url);
  if (inline === undefined) return undefined;
  problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as inline bytes");
  return inline;
}

export function imageBlocks(
  part: Tolerant.ImagePart,
  path: string,
  context: FromCanonicalContext,
  place: BlockPlace,
): JsonObject[] {
  const { problems } = context;
  const inline = inlineOf(part, path, problems);
  if (inline === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock takes images as inline bytes only; an image by ${part.url !== undefined ? "URL" : part.file_id !== undefined ? "file id" : "path"} was left out${place === "tool_result" ? " of the tool result" : ""}`,
    );
    return [];
  }
  const format = formatFor(imageFormats, inline.mediaType);
  if (format === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock takes PNG, JPEG, GIF and WebP images only; an image of type ${inline.mediaType ?? "unknown"} was left out`,
    );
    return [];
  }
  const fields = fieldsOf(context.dialect, part);
  const outer = outerOf(fields);
  reportUnhandled(context.dialect, part, ["type", "media_type", "data", "url", "provider_fields"], path, problems);
  const inner = assign(assign({}, fields), { format, source: { bytes: inline.data } });
  return [wrap("image", inner, outer)];
}

/** Characters Bedrock allows in a document name: letters, digits, single spaces, hyphens, parentheses, brackets. */
function documentName(name: string): string {
  return name
    .replace(/[^a-z0-9\s\-()[\]]/gi, "-")
    .replace(/\s+/g, " ")
    .trim();
}

export function documentBlocks(
  part: Tolerant.FilePart,
  path: string,
  context: FromCanonicalContext,
  place: BlockPlace,
): JsonObject[] {
  const { problems } = context;
  const fields = fieldsOf(context.dialect, part);
  const outer = outerOf(fields);
  let source: JsonObject;
  let mediaType = part.media_type;
  if (part.text !== undefined) {
    source = { text: part.text };
  } else {
    const inline = inlineOf(part, path, problems);
    if (inline === undefined) {
      problems.warn(
        "media-fallback",
        path,
        `Bedrock takes documents as inline bytes or text only; a file by ${part.url !== undefined ? "URL" : part.file_id !== undefined ? "file id" : "path"} was left out${place === "tool_result" ? " of the tool result" : ""}`,
      );
      return [];
    }
    mediaType = inline.mediaType;
    if (mediaType !== undefined && mediaType.startsWith("image/") && formatFor(imageFormats, mediaType) !== undefined) {
      problems.warn("value-converted", path, `a file of type ${mediaType} was sent as an image`);
      return [wrap("image", { format: formatFor(imageFormats, mediaType), source: { bytes: inline.data } }, {})];
    }
    source = { bytes: inline.data };
  }
  const format = formatFor(documentFormats, mediaType);
  if (mediaType !== undefined && format === undefined) {
    problems.warn(
      "media-fallback",
      path,
      `Bedrock documents are PDF, CSV, DOC(X), XLS(X), HTML, TXT or Markdown; ${withIndefiniteArticle(`${mediaType} file`)} was left out`,
    );
    return [];
  }
  let name = part.title ?? part.filename;
  if (name === undefined) {
    name = context.documentName();
    problems.warn("value-assumed", path, `Bedrock documents need a name; ${JSON.stringify(name)} was used`);
  } else if (documentName(name) !== name || name === "") {
    const cleaned = documentName(name) || context.documentName();
    problems.warn(
      "value-converted",
      pointer(path, part.title !== undefined ? "title" : "filename"),
      `Bedrock document names allow letters, digits, single spaces, hyphens, parentheses and brackets; ${JSON.stringify(name)} was sent as ${JSON.stringify(cleaned)}`,
    );
    name = cleaned;
  }
  const handled = [
    "type",
    "media_type",
    "data",
    "url",
    "text",
    "title",
    "provider_fields",
    ...(part.title !== undefined ? [] : ["filename"]),
  ];
  reportUnhandled(context.dialect, part, handled, path, problems);
  const inner = assign({}, fields);
  if (format !== undefined) inner.format = format;
  inner.name = name;
  inner.source = source;
  return [wrap("document", inner, outer)];
}
