/**
 * The one rule both OpenAI converters (Chat Completions and Responses) apply to `provider_fields.openai`.
 *
 * Both keep the native fields they do not map under the same key, `provider_fields.openai` (document, message,
 * part, citation, tool and tool-choice level), and merge them back on export. The two APIs share the key but not
 * their fields: a Chat message's `name`, or a Responses request's `store` and `include`, are not fields of the other.
 * So a converter merges `provider_fields.openai` back only into a document it imported itself (`source.format` is its
 * own format id); from a document another format produced (the other OpenAI API, or any other importer) the entries
 * are left out, each field reported as `field-dropped` like any other foreign field, at
 * `<object>/provider_fields/openai/<field>`. A document naming no source format was written by hand or by a
 * program for the target (it is how a caller sets `model`); there is no other API's field to leak, so it is read.
 */
import type { SourceFormat, Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import { isJsonObject, pointer, type JsonObject } from "./json.js";
import type { Problems } from "./result.js";

const key = "openai";

/**
 * `document` as the converter for `own` may read it: unchanged when the document came from `own`, otherwise a copy
 * without any `provider_fields.openai`, with a warning for each field left out. The input is never modified. A
 * request writer passes `documentFields: "carried"`: the document's own entry holds request settings, which it carries
 * to their equivalents (request-settings.ts) and reports there, so they are left out here without a warning.
 */
export function withoutForeignOpenaiFields(
  document: Tolerant.Transcript,
  own: SourceFormat,
  label: string,
  problems: Problems,
  documentFields: "reported" | "carried" = "reported",
): Tolerant.Transcript {
  const source = document.source?.format;
  if (source === undefined || source === own) return document;
  const from = withIndefiniteArticle(`${source} document`);
  const strip = <T extends object>(value: T, path: string): T => {
    const fields = (value as { provider_fields?: unknown }).provider_fields;
    if (!isJsonObject(fields) || !Object.hasOwn(fields, key)) return value;
    const kept = fields[key];
    const base = pointer(path, "provider_fields", key);
    if (path === "" && documentFields === "carried") {
      // Reported by the settings carrier.
    } else if (isJsonObject(kept) && Object.keys(kept).length > 0) {
      for (const field of Object.keys(kept))
        problems.warn(
          "field-dropped",
          pointer(base, field),
          `provider_fields.openai.${field} of ${from} is not ${withIndefiniteArticle(`${label} field`)}; only ${withIndefiniteArticle(`${own} document`)}'s are sent back`,
        );
    } else if (!isJsonObject(kept)) {
      problems.warn("field-dropped", base, `provider_fields.openai of ${from} is not sent to ${label}`);
    }
    const { [key]: _dropped, ...others } = fields;
    const copy: JsonObject = { ...(value as JsonObject) };
    if (Object.keys(others).length > 0) copy["provider_fields"] = others;
    else delete copy["provider_fields"];
    return copy as T;
  };
  const part = (value: Tolerant.Part, path: string): Tolerant.Part => {
    let result = strip(value, path);
    const content = (result as { content?: unknown }).content;
    if (result.type === "tool_result" && Array.isArray(content)) {
      result = {
        ...result,
        content: content.map((item: Tolerant.Part, index) => part(item, pointer(path, "content", index))),
      } as Tolerant.Part;
    }
    const citations = (result as { citations?: unknown }).citations;
    if (Array.isArray(citations)) {
      result = {
        ...result,
        citations: citations.map((citation: Tolerant.Citation, index) =>
          isJsonObject(citation) ? strip(citation, pointer(path, "citations", index)) : citation,
        ),
      } as Tolerant.Part;
    }
    return result;
  };
  // A document without top-level openai fields comes back from `strip` as itself: copy it before replacing its
  // messages, so the caller's document is never modified.
  const copy: Tolerant.Transcript = { ...strip(document, "") };
  copy.messages = document.messages.map((message, index) => {
    const path = pointer("", "messages", index);
    const stripped = strip(message, path);
    return {
      ...stripped,
      parts: message.parts.map((item, partIndex) => part(item, pointer(path, "parts", partIndex))),
    };
  });
  if (document.tools !== undefined)
    copy.tools = document.tools.map((tool, index) => strip(tool, pointer("", "tools", index)));
  if (document.tool_choice !== undefined) copy.tool_choice = strip(document.tool_choice, "/tool_choice");
  return copy;
}
