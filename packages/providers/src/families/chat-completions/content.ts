/**
 * What the members' content codecs share: the frame around each member's entry grammar (an entry that is not an
 * object is refused, a part of a kind this version does not know is left out, a text part is a text entry), a
 * file's plain text sent as a text entry, and reasoning the member cannot send left out (inline media is written by
 * conversion/data-url.ts).
 */
import type { Part, Tolerant } from "@agent-transcript/core";
import { isKnownPart, withIndefiniteArticle } from "@agent-transcript/core";
import {
  FieldReader,
  isJsonObject,
  reportUnmapped,
  type JsonObject,
  type Problems,
  type ReasoningDecision,
} from "../../conversion/index.js";
import type { AssistantFields, ContentCodec, ContentPlace, WriteContext } from "./dialect.js";
import { finishNative, targetFields } from "./native-fields.js";

/** A member's content entries: who it is, and its entry grammar beyond what every member's shares. */
export interface ContentEntries {
  /** The key of the member's fields in every `provider_fields`. */
  readonly provider: string;
  /** The member as warnings name it: `OpenAI Chat`, `Mistral`. */
  readonly label: string;
  /** The error for an entry that is not an object. */
  readonly notObject: string;
  /** One entry (an object, its fields read through `reader`) → a canonical part, or undefined when it is refused. */
  readonly read: (reader: FieldReader, problems: Problems) => Part | undefined;
  /**
   * A part of a kind this version knows, other than text → an entry of a message of `place`, or undefined (with a
   * warning) when it has none.
   */
  readonly write: (part: Part, path: string, context: WriteContext, place: ContentPlace) => JsonObject | undefined;
  readonly writeAssistant: (part: Tolerant.Part, path: string, context: WriteContext, fields: AssistantFields) => void;
}

/** The member's content codec: its entry grammar inside the frame every member's shares. */
export function contentCodec(entries: ContentEntries): ContentCodec {
  const { provider, label } = entries;
  return {
    read(value, path, problems) {
      if (!isJsonObject(value)) {
        problems.error(path, entries.notObject);
        return undefined;
      }
      return entries.read(new FieldReader(value, path, problems), problems);
    },
    write(part, path, context, place) {
      const { problems } = context;
      if (!isKnownPart(part)) {
        problems.warn("part-dropped", path, `${withIndefiniteArticle(`${part.type} part`)} has no ${label} equivalent`);
        return undefined;
      }
      if (part.type === "text") {
        reportUnmapped(part, ["type", "text", "provider_fields"], path, label, problems);
        return finishNative(
          { type: "text", text: part.text },
          targetFields(provider, label, part.provider_fields, path, problems),
        );
      }
      return entries.write(part, path, context, place);
    },
    writeAssistant: entries.writeAssistant,
  };
}

/**
 * A file part that has only its plain text (no data, URL or id) goes as a text entry (`value-converted`: these APIs
 * have no plain-text document entry); `entry` is what the member calls an entry in the warning (`part`, `chunk`).
 */
export function fileTextEntry(
  text: string,
  label: string,
  entry: string,
  path: string,
  problems: Problems,
): JsonObject {
  problems.warn(
    "value-converted",
    path,
    `${label} has no plain-text document ${entry}; the document's text is sent as a text ${entry}`,
  );
  return { type: "text", text };
}

/**
 * Leaves out reasoning the member does not send: with the warning the foreign-reasoning decision made, when it made
 * one, else `reasoning-dropped` saying `why`.
 */
export function leaveOutReasoning(decision: ReasoningDecision, why: string, path: string, problems: Problems): void {
  if (decision.action === "drop" && decision.warning !== undefined)
    problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
  else problems.warn("reasoning-dropped", path, why);
}
