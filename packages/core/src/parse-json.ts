/**
 * The one JSON parser of the toolkit: `JSON.parse`, then a check of the text against the limits every reader shares.
 *
 * - Nesting deeper than the limit (512 by default, see json-limits.ts) is refused, naming the first array or object
 *   beyond it.
 * - Numbers are never changed silently. The toolkit, like I-JSON (RFC 7493) and the canonical form (RFC 8785), holds
 *   numbers as IEEE 754 doubles, so a number is accepted only when the double it parses to is written back as the same
 *   decimal value: `1.0`, `1e2`, `0.1`, `100` and `-5` are fine; `1e400` (beyond the double range),
 *   `9007199254740993` (an integer beyond 2^53 that rounds), `0.1000000000000000055511` (more significant digits than
 *   a double round-trips), `1e-400` (becomes 0) and `-0` (written back as 0) are refused with the number's pointer and
 *   line. A number that must stay exact belongs in a string.
 *
 * The check is one linear pass that lets native `indexOf` jump over string contents (most of a transcript's bytes)
 * and only looks closely at numbers longer than 15 characters or with an exponent: any decimal of at most 15
 * significant digits in the normal range round-trips through a double. On the benchmark corpus it costs about a
 * quarter of `JSON.parse`'s CPU time, what a bare loop of `indexOf('"')` over the same text costs: the native string
 * search per string is the floor of any scan written in JavaScript (a character loop, a regular expression or a
 * search of the UTF-8 bytes each cost more). It cannot move onto the parsed value: a number's digits and a
 * duplicate key's discarded value are only in the text. Pointers, lines and columns are worked out only once
 * something is wrong.
 */
import { abbreviatePointer, defaultMaxDepth, describeTooDeep, type JsonLimits } from "./json-limits.js";
import { describeJsonParseError, lineAndColumn, locateJsonSyntaxError, pointerAtOffset } from "./json-syntax.js";

export type JsonTextErrorCode = "invalid-json" | "too-deep" | "inexact-number";

/** Why JSON text was refused, and where. */
export interface JsonTextError {
  code: JsonTextErrorCode;
  /** One sentence naming the line, column and (for too-deep and inexact-number) JSON pointer. */
  message: string;
  /**
   * What is wrong without the line, column and pointer, for callers that say where in their own terms (a JSONL
   * line, `file:line:column: /pointer`): for invalid-json the parser's own message.
   */
  reason: string;
  /** UTF-16 offset into the text. */
  offset: number;
  /** 1-based line and column (in UTF-16 code units) of `offset`. */
  line: number;
  column: number;
  /** RFC 6901 pointer of the offending value, for too-deep and inexact-number. */
  pointer?: string;
}

export type ParseJsonResult = { ok: true; value: unknown } | { ok: false; error: JsonTextError };

const byteOrderMark = 0xfeff;

/**
 * Parses JSON text under the toolkit's limits. A leading byte order mark is ignored (RFC 8259 §8.1 lets a parser
 * ignore it; offsets, lines and columns still count it). Never throws.
 */
export function parseJson(text: string, limits: JsonLimits = {}): ParseJsonResult {
  const start = text.charCodeAt(0) === byteOrderMark ? 1 : 0;
  const body = start === 0 ? text : text.slice(start);
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch (error) {
    const offset = start + (locateJsonSyntaxError(body) ?? body.length);
    const { line, column } = lineAndColumn(text, offset);
    // The parser's message quotes the text near the error: escape any control character in it.
    const reason = describeJsonParseError(error);
    return {
      ok: false,
      error: {
        code: "invalid-json",
        message: `not valid JSON at line ${line}, column ${column}: ${reason}`,
        reason,
        offset,
        line,
        column,
      },
    };
  }
  const maxDepth = limits.maxDepth ?? defaultMaxDepth;
  const violation = findLimitViolation(body, maxDepth);
  if (violation === undefined) return { ok: true, value };
  const pointer = pointerAtOffset(body, violation.offset) ?? "";
  const offset = start + violation.offset;
  const { line, column } = lineAndColumn(text, offset);
  const where = `line ${line}, column ${column}`;
  if (violation.code === "too-deep") {
    const message = `${describeTooDeep(pointer, maxDepth)} (${where})`;
    const reason = describeTooDeep(undefined, maxDepth);
    return { ok: false, error: { code: "too-deep", message, reason, offset, line, column, pointer } };
  }
  const number = `the number ${abbreviate(violation.token)}`;
  const policy =
    "numbers are IEEE 754 doubles here (I-JSON, RFC 8785), so write a value that must stay exact as a string";
  return {
    ok: false,
    error: {
      code: "inexact-number",
      message: `${number} at ${where} (${abbreviatePointer(pointer)}) ${violation.reason}; ${policy}`,
      reason: `${number} ${violation.reason}; ${policy}`,
      offset,
      line,
      column,
      pointer,
    },
  };
}

type Violation =
  { code: "too-deep"; offset: number } | { code: "inexact-number"; offset: number; token: string; reason: string };

/**
 * The first value of valid JSON text that breaks the limits, in text order. The hot loop compares character codes
 * written as literals (`0x22` is `"`): module constants are loaded from the module's context on every comparison,
 * which made this loop twice as slow.
 */
export function findLimitViolation(text: string, maxDepth: number): Violation | undefined {
  const length = text.length;
  let depth = 0;
  let position = 0;
  while (position < length) {
    const code = text.charCodeAt(position);
    if (code === 0x22) {
      // A string: jump to its closing quote (native search), past any quote escaped by an odd run of backslashes.
      // A string followed by `:"` or `,"` (a key and its string value, or strings in a row: most of a document)
      // goes straight on to the next one, a turn of this loop saved per string.
      for (;;) {
        let end = text.indexOf('"', position + 1);
        while (end !== -1 && text.charCodeAt(end - 1) === 0x5c) {
          let backslashes = 1;
          while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
          if (backslashes % 2 === 0) break;
          end = text.indexOf('"', end + 1);
        }
        if (end === -1) return undefined;
        const next = text.charCodeAt(end + 1);
        if ((next === 0x3a || next === 0x2c) && text.charCodeAt(end + 2) === 0x22) position = end + 2;
        else {
          position = end + 1;
          break;
        }
      }
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return { code: "too-deep", offset: position };
      position += 1;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
      position += 1;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      const start = position;
      let exponent = false;
      position += 1;
      while (position < length) {
        const next = text.charCodeAt(position);
        if ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x2b || next === 0x2d) position += 1;
        else if (next === 0x65 || next === 0x45) {
          exponent = true;
          position += 1;
        } else break;
      }
      // The fast path: at most 15 characters (so at most 15 significant digits, in the normal range), no exponent,
      // and not a negative zero (`-0`, `-0.0`) in disguise.
      if (position - start <= 15 && !exponent && !(code === 0x2d && text.charCodeAt(start + 1) === 0x30)) continue;
      const token = text.slice(start, position);
      const reason = inexactNumberReason(token);
      if (reason !== undefined) return { code: "inexact-number", offset: start, token, reason };
    } else {
      // Colons, commas, literals and whitespace; runs of spaces (the indentation of pretty-printed JSON) in one go.
      position += 1;
      while (text.charCodeAt(position) === 0x20) position += 1;
    }
  }
  return undefined;
}

/**
 * Why the JSON number `token` would not read back as the same value once held as a double, or undefined when it
 * would. The test: the shortest decimal that round-trips the double (what `JSON.stringify` and RFC 8785 write) must
 * be the same decimal value as `token`; trailing zeros, exponent form and `.0` make no difference.
 */
export function inexactNumberReason(token: string): string | undefined {
  const value = Number(token);
  if (!Number.isFinite(value)) return "is beyond the range of a double (about ±1.8e308) and would become null";
  if (value === 0) {
    if (token.charCodeAt(0) === 0x2d) return "is negative zero, which JSON writers and RFC 8785 write back as 0";
    return decimalOf(token).digits === "" ? undefined : "is too small for a double and would become 0";
  }
  const written = decimalOf(token);
  const held = decimalOf(String(value));
  if (written.digits === held.digits && written.exponent === held.exponent) return undefined;
  const isInteger = written.exponent >= written.digits.length;
  if (isInteger && Math.abs(value) > Number.MAX_SAFE_INTEGER)
    return `is an integer beyond ±2^53 (9007199254740992), which a double holds only to about 16 digits: it would be written back as ${String(value)}`;
  return `has more significant digits than a double holds: it would be written back as ${String(value)}`;
}

/**
 * A decimal number as its significant digits (no leading or trailing zeros) and the exponent that places them:
 * value = 0.DIGITS × 10^exponent. The sign is left out: a non-zero double keeps it.
 */
function decimalOf(text: string): { digits: string; exponent: number } {
  let body = text.charCodeAt(0) === 0x2d ? text.slice(1) : text;
  let exponent = 0;
  const exponentAt = body.search(/e/i);
  if (exponentAt !== -1) {
    exponent = Number(body.slice(exponentAt + 1));
    body = body.slice(0, exponentAt);
  }
  const point = body.indexOf(".");
  const integerPart = point === -1 ? body : body.slice(0, point);
  const fraction = point === -1 ? "" : body.slice(point + 1);
  let digits = integerPart + fraction;
  exponent += integerPart.length;
  let leading = 0;
  while (leading < digits.length && digits.charCodeAt(leading) === 0x30) leading += 1;
  let trailing = digits.length;
  while (trailing > leading && digits.charCodeAt(trailing - 1) === 0x30) trailing -= 1;
  digits = digits.slice(leading, trailing);
  return { digits, exponent: exponent - leading };
}

/** A number as a message shows it: a million digits are cut to their first and last few. */
function abbreviate(token: string): string {
  return token.length <= 40 ? token : `${token.slice(0, 20)}…${token.slice(-10)} (${token.length} characters)`;
}
