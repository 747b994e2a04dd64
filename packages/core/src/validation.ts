import { checkJsonValue, defaultMaxDepth } from "./json-limits.js";
import type { StandaloneValidator } from "./standalone-validator.js";
import { plainErrors } from "./validation-messages.js";

/** `strict`: what a writer may emit. `tolerant`: what a reader of the same major version accepts. */
export type ValidationMode = "strict" | "tolerant";

export interface ValidationError {
  /**
   * JSON pointer (RFC 6901) to the offending value; "" is the document root. A missing or unknown property is
   * pointed at by its own name (`/messages/0/parts`).
   */
  pointer: string;
  /**
   * What is wrong, in plain words that name the field, the value and what is allowed: `a message needs "parts"`,
   * `"narrator" is not a role; expected one of system, developer, user, assistant, tool`. Values and property names
   * from the input are quoted with their control characters escaped.
   */
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

/**
 * `isSurelyValid`, where given, is the definition's specialised check (tools/codegen/src/fast-validators.ts): a yes
 * is final, a no (or a throw) hands the value to ajv, whose answer and errors are then the result.
 */
export function createValidator<T>(
  definition: string,
  mode: ValidationMode,
  validate: StandaloneValidator<T>,
  isSurelyValid?: (value: unknown) => boolean,
): Validator<T> {
  const run = (value: unknown): ValidationResult<T> => {
    if (isSurelyValid !== undefined && passes(isSurelyValid, value)) return { ok: true, value: value as T };
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
    return { ok: false, errors: plainErrors(validate.errors ?? [], value, definition) };
  };
  return Object.assign(run, { definition, mode });
}

function passes(check: (value: unknown) => boolean, value: unknown): boolean {
  try {
    return check(value);
  } catch {
    // A value nested deeper than the stack allows: ajv's path says so with a pointer.
    return false;
  }
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

export function escapePointerToken(token: string): string {
  // Almost no token needs escaping, and converters build a pointer for every value they read.
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
