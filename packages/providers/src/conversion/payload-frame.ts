/**
 * The to-canonical frame for a provider payload that must be a JSON object: a value of any other kind is refused
 * before the body sees it, and the rest is the frame every conversion runs in (`runToCanonical`: never throws, the
 * document validated strictly, errors reported at their source fields).
 */
import type { Transcript } from "@agent-transcript/core";
import { emptyProvenance, type Provenance } from "./field-reader.js";
import { runToCanonical } from "./finish.js";
import { isJsonObject, type JsonObject } from "./json.js";
import { Problems, type ToCanonicalResult } from "./result.js";

/** The document a payload became, with where its messages came from (to name source fields in errors). */
export interface PayloadRead {
  document: Transcript;
  provenance?: Provenance;
}

/**
 * A payload → canonical conversion around `read`: a payload that is not a JSON object is refused (`notAnObject`
 * says what it must be); `read` reports through `problems` and returns undefined when it cannot go on. `problems`
 * may already hold what an earlier step found (a stream's events).
 */
export function toCanonicalFrame(
  payload: unknown,
  notAnObject: string,
  read: (payload: JsonObject, problems: Problems) => PayloadRead | undefined,
  problems: Problems = new Problems(),
): ToCanonicalResult {
  return runToCanonical((found) => {
    if (!isJsonObject(payload)) {
      found.error("", notAnObject);
      return undefined;
    }
    const result = read(payload, found);
    return result === undefined
      ? undefined
      : { document: result.document, provenance: result.provenance ?? emptyProvenance() };
  }, problems);
}
