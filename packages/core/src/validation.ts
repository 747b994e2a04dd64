import { escapeControlCharacters } from "./control-characters.js";
import { checkJsonValue, defaultMaxDepth } from "./json-limits.js";
import type { StandaloneValidator, StandaloneValidatorError } from "./standalone-validator.js";

/** `strict`: what a writer may emit. `tolerant`: what a reader of the same major version accepts. */
export type ValidationMode = "strict" | "tolerant";

export interface ValidationError {
  /** JSON pointer (RFC 6901) to the offending value; "" is the document root. */
  pointer: string;
  /** A sentence naming what is wrong, for example `must have required property 'seq'`. */
  message: string;
  /** The schema keyword that failed (`required`, `enum`, `additionalProperties`, …). */
  keyword: string;
  /** Where the rule lives in the schema, for tools that want to explain it. */
  schemaPath: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

export interface Validator<T> {
  (value: unknown): ValidationResult<T>;
  /** The definition validated, for example `Event`. */
  readonly definition: string;
  readonly mode: ValidationMode;
}

export function createValidator<T>(
  definition: string,
  mode: ValidationMode,
  validate: StandaloneValidator<T>,
): Validator<T> {
  const run = (value: unknown): ValidationResult<T> => {
    let valid: boolean;
    try {
      valid = validate(value);
    } catch (error) {
      // The generated validators recurse once per nesting level of recursive definitions (parts in tool results,
      // plan sub-steps, child transcripts): a value nested far beyond what any parser here accepts overflows the
      // stack. Answer with an error at the value's deepest point instead of throwing.
      if (!(error instanceof RangeError)) throw error;
      return { ok: false, errors: [tooDeepError(value)] };
    }
    if (valid) return { ok: true, value: value as T };
    return { ok: false, errors: (validate.errors ?? []).map(toValidationError) };
  };
  return Object.assign(run, { definition, mode });
}

function tooDeepError(value: unknown): ValidationError {
  const problem = checkJsonValue(value, { maxDepth: defaultMaxDepth });
  const pointer = problem?.pointer ?? "";
  return {
    pointer,
    message: problem?.message ?? "nested too deeply to validate on the call stack that was left",
    keyword: "maxDepth",
    schemaPath: "",
  };
}

function toValidationError(error: StandaloneValidatorError): ValidationError {
  const pointer =
    error.keyword === "required" && typeof error.params.missingProperty === "string"
      ? `${error.instancePath}/${escapePointerToken(error.params.missingProperty)}`
      : error.keyword === "additionalProperties" && typeof error.params.additionalProperty === "string"
        ? `${error.instancePath}/${escapePointerToken(error.params.additionalProperty)}`
        : error.instancePath;
  return {
    pointer,
    message: describe(error),
    keyword: error.keyword,
    schemaPath: error.schemaPath,
  };
}

function describe(error: StandaloneValidatorError): string {
  const base = error.message ?? `fails ${error.keyword}`;
  if (error.keyword === "enum" && Array.isArray(error.params.allowedValues)) {
    return `${base}: ${error.params.allowedValues.map((value) => JSON.stringify(value)).join(", ")}`;
  }
  if (error.keyword === "additionalProperties" && typeof error.params.additionalProperty === "string") {
    // The name comes from the input: shown with its control characters escaped, never raw (see control-characters.ts).
    return `unknown property '${escapeControlCharacters(error.params.additionalProperty)}' (a strict writer emits only the fields its version defines)`;
  }
  return base;
}

export function escapePointerToken(token: string): string {
  // Almost no token needs escaping, and converters build a pointer for every value they read.
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
