/**
 * Anthropic `image` and `document` blocks ↔ image and file parts.
 *
 * Reading: base64, url and file sources (and a document's plain-text source) map to the part's data, url, file id or
 * text; a document's `title` is the file's title; source fields beyond the mapped ones travel under
 * `provider_fields.anthropic.source`. Other sources (content sources) stay native blocks.
 *
 * Writing: inline data as a base64 source (a `data:` URL is decoded, `value-converted`), a URL or a file id as such,
 * text as a plain-text document. Anthropic documents are PDF or plain text: a `text/*` file is decoded and sent as
 * plain text, other formats are left out (`part-dropped`); an image part of a non-image type goes as a document.
 */
import type { Part, Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import { isJsonObject, pointer, restOf, splitDataUrl, type JsonObject } from "../../conversion/index.js";
import {
  assign,
  fieldsOf,
  reportUnhandled,
  takeField,
  type FromCanonicalContext,
} from "../../families/content-blocks/index.js";
import { providerFields } from "./native-fields.js";

interface MediaFields {
  media_type?: string;
  data?: string;
  url?: string;
  file_id?: string;
  text?: string;
}

/** Image and document blocks whose source has a canonical equivalent; undefined for others (content sources). */
export function mediaPart(block: JsonObject): Part | undefined {
  const source = block.source;
  if (!isJsonObject(source) || typeof source.type !== "string") return undefined;
  const isImage = block.type === "image";
  const media: MediaFields = {};
  let sourceKnown: string[];
  if (source.type === "base64" && typeof source.data === "string" && typeof source.media_type === "string") {
    media.media_type = source.media_type;
    media.data = source.data;
    sourceKnown = ["type", "data", "media_type"];
  } else if (source.type === "url" && typeof source.url === "string") {
    media.url = source.url;
    sourceKnown = ["type", "url"];
  } else if (source.type === "file" && typeof source.file_id === "string") {
    media.file_id = source.file_id;
    sourceKnown = ["type", "file_id"];
  } else if (
    !isImage &&
    source.type === "text" &&
    typeof source.data === "string" &&
    source.media_type === "text/plain"
  ) {
    media.media_type = source.media_type;
    media.text = source.data;
    sourceKnown = ["type", "data", "media_type"];
  } else {
    return undefined;
  }
  const known = ["type", "source"];
  const title = !isImage && typeof block.title === "string" ? block.title : undefined;
  if (title !== undefined) known.push("title");
  const rest = restOf(block, known) ?? {};
  // Source fields beyond the mapped ones travel under `source`, merged back into the source on export.
  const sourceRest = restOf(source, sourceKnown);
  if (sourceRest !== undefined) rest.source = sourceRest;
  const fields = providerFields(rest);
  const { text, ...binary } = media;
  const part: Part = isImage
    ? { type: "image", ...binary }
    : { type: "file", ...media, ...(title === undefined ? {} : { title }) };
  if (isImage && text !== undefined) return undefined;
  if (fields !== undefined) part.provider_fields = fields;
  return part;
}

const imageMediaTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** An image or file part → an `image` or `document` block, or nothing (left out, with a warning). */
export function mediaBlocks(
  part: Tolerant.ImagePart | Tolerant.FilePart,
  kind: "image" | "file",
  path: string,
  context: FromCanonicalContext,
): JsonObject[] {
  const { problems } = context;
  const fields = fieldsOf(context.dialect, part);
  const sourceExtra = takeField(fields, "source");
  let mediaType = part.media_type;
  let data = part.data;
  let url = part.url;
  const inline = splitDataUrl(url);
  if (inline !== undefined && data === undefined) {
    mediaType = inline.mediaType;
    data = inline.data;
    url = undefined;
    problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as an inline base64 source");
  }
  const text = kind === "file" && "text" in part ? part.text : undefined;
  let source: JsonObject;
  let type: "image" | "document" =
    kind === "image" || (mediaType !== undefined && imageMediaTypes.includes(mediaType)) ? "image" : "document";
  if (text !== undefined) {
    type = "document";
    source = { type: "text", media_type: "text/plain", data: text };
    if (mediaType !== undefined && mediaType !== "text/plain")
      problems.warn(
        "value-converted",
        pointer(path, "media_type"),
        `Anthropic text documents are text/plain; ${mediaType} was sent as text/plain`,
      );
  } else if (data !== undefined) {
    if (mediaType === undefined) {
      problems.warn(
        "value-assumed",
        pointer(path, "media_type"),
        "inline media without a media type; image/png (or application/pdf for a file) assumed",
      );
      mediaType = kind === "image" ? "image/png" : "application/pdf";
    }
    if (type === "document" && mediaType.startsWith("text/")) {
      // Named at the part: the whole part changed form (its base64 data is no longer in the payload as such).
      problems.warn(
        "value-converted",
        path,
        `${withIndefiniteArticle(`${mediaType} file`)} was decoded and sent as a plain-text document`,
      );
      source = { type: "text", media_type: "text/plain", data: Buffer.from(data, "base64").toString("utf8") };
    } else if (type === "document" && mediaType !== "application/pdf") {
      problems.warn(
        "part-dropped",
        path,
        `Anthropic documents are PDF or plain text; ${withIndefiniteArticle(`${mediaType} file`)} was left out`,
      );
      return [];
    } else {
      source = { type: "base64", media_type: mediaType, data };
    }
  } else if (url !== undefined) {
    source = { type: "url", url };
  } else if (part.file_id !== undefined) {
    source = { type: "file", file_id: part.file_id };
  } else {
    problems.warn(
      "part-dropped",
      path,
      "media stored beside the transcript (path only) cannot be sent inline to Anthropic; it was left out",
    );
    return [];
  }
  if (kind === "image" && type === "document") {
    problems.warn("value-converted", path, `an image of type ${mediaType ?? "unknown"} was sent as a document`);
  }
  if (isJsonObject(sourceExtra)) source = assign(assign({}, sourceExtra), source);
  const block = assign({ type }, fields);
  block.source = source;
  const handled = ["type", "media_type", "data", "url", "file_id", "text", "provider_fields"];
  if (kind === "file" && "title" in part && part.title !== undefined) {
    block.title = part.title;
    handled.push("title");
  }
  reportUnhandled(context.dialect, part, handled, path, problems);
  return [block];
}
