/**
 * The OpenAI Chat (and Ollama) converters' markers in `provider_fields[<provider>].$shape`; the helpers that keep
 * native fields are shared with the other JSON-over-HTTP formats (`src/native-fields.ts`).
 */
import { shapeOf as sharedShapeOf } from "../../conversion/index.js";
import type { JsonObject } from "../../conversion/index.js";

export {
  dropAbsent,
  fillMissing,
  jsonEqual,
  ownFields,
  parseJsonText,
  providerEntry,
  restOf,
  shapeKey,
  splitDataUri,
} from "../../conversion/index.js";

export interface Shape {
  /** Fields the source object did not have that the writer fills by default; the writer leaves them out. */
  absent?: string[];
  /** Content was a list of parts although one text part would be written as a string. */
  content_parts?: true;
  /** The message field a reasoning part came from (`reasoning`, `reasoning_content`). */
  field?: string;
  /** The source's own id, when the canonical id had to be made up (an empty or missing id). */
  id?: string;
  /** A refusal part that sat inside the content list rather than in the `refusal` field. */
  in_content?: true;
  /** The verbatim tool definition for a tool type other than `function`. */
  tool?: JsonObject;
}

/** The `$shape` marker of a provider entry. */
export function shapeOf(own: JsonObject | undefined): Shape | undefined {
  return sharedShapeOf<Shape>(own);
}
