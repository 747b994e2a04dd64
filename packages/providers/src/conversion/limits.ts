/**
 * The nesting limit every converter keeps, applied at the edge of each converter rather than inside the formats:
 * a value handed in deeper than core's `defaultMaxDepth` (512) is refused with `{ ok: false, errors }` naming the
 * first array or object beyond it, and so is a result that would nest deeper (a converter parses JSON strings, such
 * as tool-call arguments, into values) or hold NaN or an infinity (which JSON would write as null). Inside the limit every walk of the toolkit is safe: the converters' own
 * recursion, the schema validators, `cloneJson` and `JSON.stringify` all take at least four times as much.
 */
import { defaultMaxDepth, type Tolerant } from "@agent-transcript/core";
import { checkJsonValue } from "@agent-transcript/core/json";
import type { DocumentConverter, FromCanonicalOptions, ProviderConverter, TargetProblem } from "./contracts.js";
import type { ConversionError, FromCanonicalResult, ToCanonicalOptions, ToCanonicalResult } from "./result.js";

/**
 * The first place where `value` (or, for a stream, one of its chunks) nests deeper than the limit; with `finite`, or
 * holds NaN or an infinity (which JSON would write as null: a result built by `JSON.parse` of `1e400`).
 */
function tooDeep(value: unknown, chunks: boolean, finite = false): ConversionError | undefined {
  if (chunks && Array.isArray(value)) {
    // A stream's chunks are read one by one (a JSON line, a server-sent event each): each gets the whole limit.
    for (let index = 0; index < value.length; index += 1) {
      const problem = tooDeep(value[index], false, finite);
      if (problem) return { path: `/${index}${problem.path}`, message: problem.message };
    }
    return undefined;
  }
  const problem = checkJsonValue(value, { maxDepth: defaultMaxDepth, ...(finite ? { numbers: "finite" } : {}) });
  return problem && { path: problem.pointer, message: problem.message };
}

function refusedInput(error: ConversionError): { ok: false; errors: ConversionError[]; warnings: [] } {
  return { ok: false, errors: [error], warnings: [] };
}

/** The result, unless what it built nests too deep, or holds a number JSON cannot write, to be written and read back. */
function checkedToCanonical(result: ToCanonicalResult): ToCanonicalResult {
  if (!result.ok) return result;
  const problem = tooDeep(result.document, false, true);
  if (!problem) return result;
  return {
    ok: false,
    errors: [{ path: problem.path, message: `in the converted document: ${problem.message}` }],
    warnings: result.warnings,
  };
}

function checkedFromCanonical<T>(result: FromCanonicalResult<T>, chunks: boolean): FromCanonicalResult<T> {
  if (!result.ok) return result;
  const problem = tooDeep(result.value, chunks, true);
  if (!problem) return result;
  return {
    ok: false,
    errors: [{ path: problem.path, message: `in the converted value: ${problem.message}` }],
    warnings: result.warnings,
  };
}

/** `converter` with the nesting limit applied to every value it takes and every value it returns. */
export function withNestingLimit<Request, Response, Chunk>(
  converter: ProviderConverter<Request, Response, Chunk>,
): ProviderConverter<Request, Response, Chunk> {
  const toCanonical =
    (convert: (value: unknown) => ToCanonicalResult, chunks: boolean) =>
    (value: unknown): ToCanonicalResult => {
      const problem = tooDeep(value, chunks);
      return problem ? refusedInput(problem) : checkedToCanonical(convert(value));
    };
  const fromCanonical =
    <T>(
      convert: (document: Tolerant.Transcript, options?: FromCanonicalOptions) => FromCanonicalResult<T>,
      chunks: boolean,
    ) =>
    (document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<T> => {
      const problem = tooDeep(document, false);
      return problem ? refusedInput(problem) : checkedFromCanonical(convert(document, options), chunks);
    };
  return {
    id: converter.id,
    requestToCanonical: toCanonical((value) => converter.requestToCanonical(value), false),
    responseToCanonical: toCanonical((value) => converter.responseToCanonical(value), false),
    streamToCanonical: toCanonical((value) => converter.streamToCanonical(value as readonly unknown[]), true),
    requestFromCanonical: fromCanonical(
      (document, options) => converter.requestFromCanonical(document, options),
      false,
    ),
    responseFromCanonical: fromCanonical(
      (document, options) => converter.responseFromCanonical(document, options),
      false,
    ),
    streamFromCanonical: fromCanonical((document, options) => converter.streamFromCanonical(document, options), true),
    checkRequest: (request: Request): TargetProblem[] => {
      const problem = tooDeep(request, false);
      return problem ? [problem] : converter.checkRequest(request);
    },
  };
}

/** A document converter with the nesting limit applied to every value it takes and every value it returns. */
export function withDocumentNestingLimit<Native, Options extends ToCanonicalOptions>(
  converter: DocumentConverter<Native, Options>,
): DocumentConverter<Native, Options> {
  return {
    id: converter.id,
    toCanonical: (value: unknown, options?: Options): ToCanonicalResult => {
      const problem = tooDeep(value, false);
      return problem ? refusedInput(problem) : checkedToCanonical(converter.toCanonical(value, options));
    },
    fromCanonical: (document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<Native> => {
      const problem = tooDeep(document, false);
      return problem ? refusedInput(problem) : checkedFromCanonical(converter.fromCanonical(document, options), false);
    },
  };
}
