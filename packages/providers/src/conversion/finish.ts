/**
 * The last step of every conversion: strict validation of a document a converter built (errors reported where the
 * source field was, or at the canonical pointer), the tolerant check of a document handed to a converter, the
 * `strict` option, and the guard that keeps a conversion from ever throwing.
 */
import { validateTranscript, validateTranscriptTolerant } from "@agent-transcript/core/validators";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { sourcePointer, type Provenance } from "./field-reader.js";
import {
  Problems,
  type ConversionError,
  type ConversionWarning,
  type FromCanonicalResult,
  type ToCanonicalResult,
} from "./result.js";
import type { FromCanonicalOptions } from "./contracts.js";

/**
 * Validates an imported document strictly. The importers check every source field they map, so a failure here
 * is a constraint they do not check themselves (a blocked plan step without a reason); it is reported at the
 * source field it came from, naming the canonical rule.
 */
export function finishToCanonical(document: Transcript, provenance: Provenance, problems: Problems): ToCanonicalResult {
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const result = validateTranscript(document);
  if (!result.ok) {
    for (const error of result.errors) {
      // A failed `if`/`then` is reported twice by ajv: the broken rule, and a summary at its parent. Keep the rule.
      if (error.keyword === "if") continue;
      const where = error.pointer === "" ? "the document" : error.pointer;
      problems.error(
        sourcePointer(error.pointer, provenance),
        `${error.message} (canonical ${where}, rule ${error.keyword})`,
      );
    }
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  return { ok: true, document, warnings: problems.warnings };
}

/**
 * Validates a document a provider converter built, strictly, reporting any failure at its canonical pointer (the
 * provider converters keep no source map: their documents mirror the payload closely enough to find the field).
 */
export function finishProviderDocument(document: Transcript, problems: Problems): ToCanonicalResult {
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors, warnings: problems.warnings };
  const result = validateTranscript(document);
  if (!result.ok) {
    for (const error of result.errors) {
      if (error.keyword === "if") continue;
      problems.error(
        error.pointer,
        `the converted document breaks the canonical schema: ${error.message} (rule ${error.keyword})`,
      );
    }
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  return { ok: true, document, warnings: problems.warnings };
}

/**
 * Checks a document handed to an exporter. Tolerant, so a document of a newer minor version exports too: its
 * unknown fields and parts are reported as dropped rather than rejected.
 */
export function checkCanonicalInput(document: unknown, problems: Problems): document is Tolerant.Transcript {
  const result = validateTranscriptTolerant(document);
  if (result.ok) return true;
  for (const error of result.errors) problems.error(error.pointer, error.message);
  return false;
}

/**
 * Runs a conversion, turning anything it throws (a value nested deeper than the call stack allows, a bug) into
 * an error result, so the public functions never throw.
 */
export function guard<R>(run: () => R, failed: (errors: ConversionError[]) => R): R {
  try {
    return run();
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    return failed([{ path: "", message: `conversion failed: ${reason}` }]);
  }
}

/** Applies `strict`: with it, any warning fails the conversion, each warning becoming an error at the same path. */
export function finishFromCanonical<T>(
  value: T,
  warnings: ConversionWarning[],
  options: FromCanonicalOptions = {},
): FromCanonicalResult<T> {
  if (options.strict && warnings.length > 0) {
    return {
      ok: false,
      errors: warnings.map((warning) => ({ path: warning.path, message: `${warning.code}: ${warning.message}` })),
      warnings,
    };
  }
  return { ok: true, value, warnings };
}

/** The result of a conversion that errors stopped, with the warnings found before. */
function stopped(problems: Problems): { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] } {
  return { ok: false, errors: problems.errors, warnings: problems.warnings };
}

/**
 * Runs a conversion to the canonical form, the frame every reader shares: `read` builds the document, reporting to
 * the problems it is given (undefined when an error stops it); the document is validated strictly, each failure
 * reported at the source field a provenance maps it to or, for a document returned without one, at its canonical
 * pointer (`finishToCanonical`, `finishProviderDocument`). Nothing `read` throws escapes. `problems` may already hold
 * what an earlier step found (a stream's events).
 */
export function runToCanonical(
  read: (problems: Problems) => Transcript | { document: Transcript; provenance: Provenance } | undefined,
  problems: Problems = new Problems(),
): ToCanonicalResult {
  return guard(
    () => {
      const built = read(problems);
      if (built === undefined) return stopped(problems);
      return "provenance" in built
        ? finishToCanonical(built.document, built.provenance, problems)
        : finishProviderDocument(built, problems);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

/**
 * Runs a conversion from the canonical form, the frame every writer shares: a document that is not a (tolerant)
 * transcript is refused before `write` sees it; `write` builds the native value, reporting to the problems it is
 * given (undefined, or any error, stops the conversion); `strict` applies to the warnings. Nothing `write` throws
 * escapes.
 */
export function runFromCanonical<T>(
  document: unknown,
  options: FromCanonicalOptions,
  write: (document: Tolerant.Transcript, problems: Problems) => T | undefined,
): FromCanonicalResult<T> {
  return guard(
    () => {
      const problems = new Problems();
      if (!checkCanonicalInput(document, problems)) return stopped(problems);
      const value = write(document, problems);
      if (value === undefined || problems.errors.length > 0) return stopped(problems);
      return finishFromCanonical(value, problems.warnings, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}
