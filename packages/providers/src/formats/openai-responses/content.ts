/**
 * Message content parts (`input_text`, `output_text` with annotations, `refusal`, `input_image`, `input_file`, and
 * `input_audio`, read but never written: the specification has no audio input) and tool-output content lists.
 *
 * Import keeps every native field: what a canonical field holds is consumed, the rest goes to the part's
 * `provider_fields.openai`. A text part records its native `type` there only when the default for its message would
 * differ (`output_text` in an assistant message, `input_text` elsewhere) or when it is the only part of a content
 * list, which an export would otherwise write as a plain string.
 */
import type { Citation, Part, Tolerant } from "@agent-transcript/core";
import { isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  dataUrlOf,
  isJsonObject,
  pointer,
  reportUnmapped,
  splitDataUrl,
  takeStrings,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  absentOf,
  isNonEmptyString,
  isNonNegativeInteger,
  issuer,
  nativeOnly,
  withAbsent,
  openaiFields,
  restOf,
  spreadInto,
  withOpenaiFields,
  without,
} from "./native-fields.js";

/** Whose content a list is: assistant output (`output_text`) or input (`input_text`). */
export type ContentSide = "assistant" | "input";

export function defaultTextType(side: ContentSide): string {
  return side === "assistant" ? "output_text" : "input_text";
}

/** Native type of a content-level native part, so an export can tell it from an item-level one. */
const contentNativePrefix = "content:";

/** Keys of `provider_fields.openai` that are markers of this converter, never native content fields. */
const markerKeys = ["item"] as const;

/** A data URL's media as a part's inline fields; undefined for any other URL, which the part keeps as it is. */
function inlineMedia(url: string): { media_type: string; data: string } | undefined {
  const split = splitDataUrl(url);
  return split === undefined ? undefined : { media_type: split.mediaType, data: split.data };
}

function contentNative(value: JsonObject): Part {
  const type = typeof value.type === "string" && value.type !== "" ? value.type : "unknown";
  return { type: "native", native_type: `${contentNativePrefix}${type}`, data: cloneJson(value), issuer: issuer() };
}

export function isContentNative(part: Tolerant.Part): boolean {
  return isPartOfType(part, "native") && part.native_type.startsWith(contentNativePrefix);
}

function annotationToCitation(value: unknown): Citation | undefined {
  if (!isJsonObject(value)) return undefined;
  const citation: Citation = {};
  const consumed: string[] = [];
  if (value.type === "url_citation") {
    citation.kind = "url";
    consumed.push("type");
  } else if (value.type === "file_citation") {
    citation.kind = "file";
    consumed.push("type");
  } else if (value.type === "container_file_citation" || value.type === "file_path") {
    citation.kind = "file";
  }
  takeStrings(value, { url: "url", title: "title", file_id: "file_id" }, citation, consumed);
  for (const key of ["start_index", "end_index"] as const) {
    if (isNonNegativeInteger(value[key])) {
      citation[key] = value[key];
      consumed.push(key);
    }
  }
  const rest = restOf(value, consumed);
  return { ...citation, ...withOpenaiFields(rest) };
}

/**
 * One native content part as a canonical part, or undefined (with an error) when it is not an object. A part whose
 * shape has no canonical equivalent becomes a native part, kept verbatim.
 */
export function contentPartToCanonical(
  value: unknown,
  path: string,
  side: ContentSide,
  problems: Problems,
): Part | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be a content part object");
    return undefined;
  }
  const type = value.type;
  if ((type === "input_text" || type === "output_text") && typeof value.text === "string") {
    const consumed = ["text", "type"];
    let citations: Citation[] | undefined;
    if (Array.isArray(value.annotations)) {
      const converted = value.annotations.map(annotationToCitation);
      if (converted.every((citation): citation is Citation => citation !== undefined)) {
        citations = converted;
        consumed.push("annotations");
      }
    }
    const rest = restOf(value, consumed) ?? {};
    if (type !== defaultTextType(side)) rest.type = type;
    return {
      type: "text",
      text: value.text,
      ...(citations === undefined ? {} : { citations }),
      ...withOpenaiFields(Object.keys(rest).length > 0 ? rest : undefined),
    };
  }
  if (type === "refusal" && typeof value.refusal === "string") {
    return { type: "refusal", text: value.refusal, ...withOpenaiFields(restOf(value, ["type", "refusal"])) };
  }
  if (type === "input_image" && (typeof value.image_url === "string" || typeof value.file_id === "string")) {
    const consumed = ["type"];
    const image: Extract<Part, { type: "image" }> = { type: "image" };
    if (typeof value.image_url === "string") {
      const split = inlineMedia(value.image_url);
      if (split === undefined) image.url = value.image_url;
      else Object.assign(image, split);
      consumed.push("image_url");
    }
    takeStrings(value, { file_id: "file_id", detail: "detail" }, image, consumed);
    // The specification requires `detail` (an export writes "auto", the API's default, when the part has none); a
    // recorded image without one is marked so it is written back without it.
    const absent = Object.hasOwn(value, "detail") ? [] : ["detail"];
    return { ...image, ...withOpenaiFields(withAbsent(restOf(value, consumed), absent)) };
  }
  if (type === "input_file") {
    const consumed = ["type"];
    const file: Extract<Part, { type: "file" }> = { type: "file" };
    const split = typeof value.file_data === "string" ? inlineMedia(value.file_data) : undefined;
    if (split !== undefined) {
      Object.assign(file, split);
      consumed.push("file_data");
    }
    takeStrings(value, { file_id: "file_id", file_url: "url", filename: "filename" }, file, consumed);
    if (file.data === undefined && file.file_id === undefined && file.url === undefined) return contentNative(value);
    return { ...file, ...withOpenaiFields(restOf(value, consumed)) };
  }
  if (
    type === "input_audio" &&
    isJsonObject(value.input_audio) &&
    typeof value.input_audio.data === "string" &&
    isNonEmptyString(value.input_audio.format)
  ) {
    const inner = restOf(value.input_audio, ["data", "format"]);
    const rest = restOf(value, ["type", "input_audio"]) ?? {};
    if (inner !== undefined) rest.input_audio = inner;
    return {
      type: "audio",
      data: value.input_audio.data,
      media_type: `audio/${value.input_audio.format}`,
      ...withOpenaiFields(Object.keys(rest).length > 0 ? rest : undefined),
    };
  }
  return contentNative(value);
}

/**
 * A native content list as canonical parts. In a message (`markLoneText`), a list holding a single plain text part
 * is marked with its native type, since an export writes a message's lone plain text part as a string; a tool
 * output has no such ambiguity (a string output is `output`, a list is `content`).
 */
export function contentListToParts(
  list: readonly unknown[],
  path: string,
  side: ContentSide,
  problems: Problems,
  markLoneText = true,
): Part[] {
  const parts: Part[] = [];
  list.forEach((value, index) => {
    const part = contentPartToCanonical(value, pointer(path, index), side, problems);
    if (part !== undefined) parts.push(part);
  });
  const only = parts.length === 1 ? parts[0] : undefined;
  if (markLoneText && only !== undefined && only.type === "text" && isPlainText(only) && isJsonObject(list[0])) {
    only.provider_fields = { openai: { type: list[0].type } };
  } else if (
    markLoneText &&
    side === "assistant" &&
    parts.length > 1 &&
    parts.length === list.length &&
    parts.every(isPlainText)
  ) {
    // A request writes plain assistant text parts in a row as one easy message each: marking them keeps a recorded
    // list of them one list.
    parts.forEach((part, index) => {
      const value = list[index];
      if (part.type === "text" && isJsonObject(value)) part.provider_fields = { openai: { type: value.type } };
    });
  }
  return parts;
}

/** A text part an export may write as a plain string: no citations, signature or OpenAI fields. */
export function isPlainText(part: Tolerant.Part): boolean {
  if (!isPartOfType(part, "text")) return false;
  const fields = without(openaiFields(part.provider_fields), markerKeys);
  return part.citations === undefined && part.signature === undefined && fields === undefined;
}

/**
 * A text part a request writes as a plain string: plain text, or one whose only extra is a signature (another
 * provider's opaque data, left out with a warning).
 */
export function isWrittenAsPlainText(part: Tolerant.Part): boolean {
  return isPartOfType(part, "text") && isPlainText({ ...part, signature: undefined });
}

const contentPartTypes = new Set(["text", "refusal", "image", "file", "audio"]);

/** Whether a canonical part is message content (as opposed to an item of its own). */
export function isContentPart(part: Tolerant.Part): boolean {
  return contentPartTypes.has(part.type) || isContentNative(part);
}

function citationToAnnotation(citation: Tolerant.Citation, path: string, problems: Problems): JsonObject | undefined {
  const fields = openaiFields(citation.provider_fields);
  const type =
    typeof fields?.type === "string"
      ? fields.type
      : citation.kind === "url"
        ? "url_citation"
        : citation.kind === "file"
          ? "file_citation"
          : undefined;
  if (type === undefined) {
    problems.warn(
      "field-dropped",
      path,
      `${withIndefiniteArticle(`${citation.kind ?? "kindless"} citation`)} has no OpenAI Responses annotation type`,
    );
    return undefined;
  }
  reportUnmapped(
    citation,
    ["kind", "url", "title", "file_id", "start_index", "end_index", "provider_fields"],
    path,
    "OpenAI Responses annotation",
    problems,
  );
  const annotation: JsonObject = { type };
  if (citation.url !== undefined) annotation.url = citation.url;
  if (citation.title !== undefined) annotation.title = citation.title;
  if (citation.file_id !== undefined) annotation.file_id = citation.file_id;
  if (citation.start_index !== undefined) annotation.start_index = citation.start_index;
  if (citation.end_index !== undefined) annotation.end_index = citation.end_index;
  return spreadInto(annotation, without(fields, ["type"]));
}

const textKeys = ["type", "text", "citations", "provider_fields"];
const mediaKeys = ["type", "media_type", "data", "url", "file_id", "provider_fields"];

/**
 * A canonical content part as a native content part, or undefined (with a warning) when the part cannot be sent.
 * `side` picks the default text type; a text part's own recorded type wins.
 */
export function partToContent(
  part: Tolerant.Part,
  path: string,
  side: ContentSide,
  problems: Problems,
): JsonObject | undefined {
  const fields = without(
    openaiFields("provider_fields" in part ? (part.provider_fields as Tolerant.ProviderFields | undefined) : undefined),
    markerKeys,
  );
  if (isPartOfType(part, "text")) {
    reportUnmapped(part, [...textKeys, "signature", "issuer"], path, "OpenAI Responses", problems);
    if (part.signature !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "signature"),
        "a text signature is opaque data of another provider; OpenAI Responses has no place for it",
      );
    const type = typeof fields?.type === "string" ? fields.type : defaultTextType(side);
    const content: JsonObject = { type, text: part.text };
    if (part.citations !== undefined) {
      if (type === "output_text") {
        const annotations: JsonObject[] = [];
        part.citations.forEach((citation, index) => {
          const annotation = citationToAnnotation(citation, pointer(path, "citations", index), problems);
          if (annotation !== undefined) annotations.push(annotation);
        });
        content.annotations = annotations;
      } else if (part.citations.length > 0) {
        problems.warn(
          "field-dropped",
          pointer(path, "citations"),
          `${type} content carries no annotations; citations left out`,
        );
      }
    }
    return spreadInto(content, without(fields, ["type"]));
  }
  if (isPartOfType(part, "refusal")) {
    reportUnmapped(part, ["type", "text", "provider_fields"], path, "OpenAI Responses", problems);
    return spreadInto({ type: "refusal", refusal: part.text }, fields);
  }
  if (isPartOfType(part, "image")) {
    reportUnmapped(part, [...mediaKeys, "detail"], path, "OpenAI Responses", problems);
    const image: JsonObject = { type: "input_image" };
    const url = mediaUrl(part, path, "image/png", problems);
    if (url !== undefined) image.image_url = url;
    if (part.file_id !== undefined) image.file_id = part.file_id;
    if (url === undefined && part.file_id === undefined) {
      problems.warn(
        "part-dropped",
        path,
        "an image stored beside the transcript (path only) cannot be sent to OpenAI Responses",
      );
      return undefined;
    }
    if (part.detail !== undefined) image.detail = part.detail;
    else if (!absentOf(fields).includes("detail")) image.detail = "auto";
    return spreadInto(image, nativeOnly(fields));
  }
  if (isPartOfType(part, "file")) {
    reportUnmapped(part, [...mediaKeys, "filename", "text"], path, "OpenAI Responses", problems);
    const file: JsonObject = { type: "input_file" };
    if (part.data !== undefined)
      file.file_data = dataUrlOf(part.data, part.media_type, path, problems, "file", "application/octet-stream");
    if (part.file_id !== undefined) file.file_id = part.file_id;
    if (part.url !== undefined) file.file_url = part.url;
    if (part.filename !== undefined) file.filename = part.filename;
    if (part.data === undefined && part.file_id === undefined && part.url === undefined) {
      if (part.text !== undefined) {
        problems.warn("value-converted", path, "a plain-text document sent as input_text");
        return { type: "input_text", text: part.text };
      }
      problems.warn(
        "part-dropped",
        path,
        "a file stored beside the transcript (path only) cannot be sent to OpenAI Responses",
      );
      return undefined;
    }
    if (part.text !== undefined)
      problems.warn("field-dropped", pointer(path, "text"), "input_file has no text field beside its data");
    return spreadInto(file, fields);
  }
  if (isPartOfType(part, "audio")) {
    // The request's message content is text, images and files (`InputContent` in OpenAI's specification; audio
    // input is a Chat Completions feature). A recorded `input_audio` is still read, never written.
    problems.warn(
      "part-dropped",
      path,
      "OpenAI Responses takes no audio input (a request's content is text, images and files)",
    );
    return undefined;
  }
  if (isPartOfType(part, "native") && isContentNative(part))
    return isJsonObject(part.data) ? cloneJson(part.data) : undefined;
  problems.warn(
    "part-dropped",
    path,
    `${withIndefiniteArticle(`${part.type} part`)} has no OpenAI Responses content equivalent`,
  );
  return undefined;
}

function mediaUrl(
  part: Tolerant.ImagePart,
  path: string,
  fallbackType: string,
  problems: Problems,
): string | undefined {
  if (part.url !== undefined) {
    if (part.data !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "data"),
        "an image has one image_url; the URL was sent and the inline copy left out",
      );
    return part.url;
  }
  if (part.data === undefined) return undefined;
  return dataUrlOf(part.data, part.media_type, path, problems, "image", fallbackType);
}
