/**
 * The frame around a provider converter's body, in both directions, so each converter writes only what is its own:
 * the conversion never throws, a value of the wrong kind is refused before the body sees it, a document read is
 * validated strictly, and `strict` applies to every warning of a document written.
 */
import type { Tolerant, Transcript } from "@agent-transcript/core";
import type { FromCanonicalOptions } from "./contracts.js";
import { emptyProvenance, type Provenance } from "./field-reader.js";
import { checkCanonicalInput, finishFromCanonical, finishToCanonical, guard } from "./finish.js";
import { isJsonObject, type JsonObject } from "./json.js";
import {
  Problems,
  type ConversionError,
  type ConversionWarning,
  type FromCanonicalResult,
  type ToCanonicalResult,
} from "./result.js";

/** The document a payload became, with where its messages came from (to name source fields in errors). */
export interface PayloadRead {
  document: Transcript;
  provenance?: Provenance;
}

function failed(problems: Problems): { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] } {
  return { ok: false, errors: problems.errors, warnings: problems.warnings };
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
  return guard(
    () => {
      if (!isJsonObject(payload)) {
        problems.error("", notAnObject);
        return failed(problems);
      }
      const result = read(payload, problems);
      if (result === undefined) return failed(problems);
      return finishToCanonical(result.document, result.provenance ?? emptyProvenance(), problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/**
 * A canonical → payload conversion around `write`: a document that is not a (tolerant) transcript is refused before
 * `write` sees it; `write` reports through `problems`, and any error it reports fails the conversion.
 */
export function fromCanonicalFrame<T>(
  document: unknown,
  options: FromCanonicalOptions,
  write: (document: Tolerant.Transcript, problems: Problems) => T | undefined,
  problems: Problems = new Problems(),
): FromCanonicalResult<T> {
  return guard(
    () => {
      if (!checkCanonicalInput(document, problems)) return failed(problems);
      const value = write(document, problems);
      if (value === undefined || problems.errors.length > 0) return failed(problems);
      return finishFromCanonical(value, problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}
