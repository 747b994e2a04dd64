/**
 * The frame of the document converters' read direction (portable, Warp, devflow: a whole conversation in one native
 * document), the mirror of document-writer.ts: the converter never throws, refuses a value whose top level is not the
 * document's, and hands the document it builds to strict validation, errors named by their source pointer.
 */
import type { Transcript } from "@agent-transcript/core";
import { emptyProvenance, type Provenance } from "./field-reader.js";
import { finishToCanonical, guard } from "./finish.js";
import { Problems, type ConversionError, type ToCanonicalOptions, type ToCanonicalResult } from "./result.js";

/** What reading one document has at hand besides the value. */
export interface DocumentReadContext<Options extends ToCanonicalOptions> {
  problems: Problems;
  /** Where each canonical field, message and part came from, so a validation error names the source pointer. */
  provenance: Provenance;
  options: Options;
}

/** What one document format's read direction states; the frame does the rest. */
export interface DocumentReading<Value, Options extends ToCanonicalOptions> {
  /** Whether a value's top level is the format's document (an object, an array of messages, …). */
  accepts(value: unknown): value is Value;
  /** The error at the root when it is not (`must be …`). */
  notDocument: string;
  /** Turns input given otherwise than as the parsed value (the format's text or bytes) into that value. */
  decode?(input: unknown): { value: unknown } | { errors: ConversionError[] };
  /** Builds the document, reporting through the context's `problems` and recording its `provenance`. */
  read(value: Value, context: DocumentReadContext<Options>): Transcript;
}

/** A document converter's `toCanonical`, made from what its format states. */
export function documentReader<Value, Options extends ToCanonicalOptions>(
  reading: DocumentReading<Value, Options>,
): (input: unknown, options?: Options) => ToCanonicalResult {
  return (input, options = {} as Options) =>
    guard(
      (): ToCanonicalResult => {
        const decoded = reading.decode === undefined ? { value: input } : reading.decode(input);
        if ("errors" in decoded) return { ok: false, errors: decoded.errors, warnings: [] };
        const problems = new Problems();
        if (!reading.accepts(decoded.value)) {
          problems.error("", reading.notDocument);
          return { ok: false, errors: problems.errors, warnings: problems.warnings };
        }
        const provenance = emptyProvenance();
        const document = reading.read(decoded.value, { problems, provenance, options });
        return finishToCanonical(document, provenance, problems);
      },
      (errors) => ({ ok: false, errors, warnings: [] }),
    );
}
