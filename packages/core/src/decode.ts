import { currentVersion, formatVersion, parseVersion } from "./format-version.js";
import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript, validateTranscriptTolerant } from "./generated/v1/validate/transcript.js";
import { escapeControlCharacters } from "./control-characters.js";
import { checkJsonValue, defaultMaxDepth, defaultMaxInputBytes } from "./json-limits.js";
import { migrate } from "./migrations.js";
import { nodeZlib } from "./node-builtins.js";
import { parseJson } from "./parse-json.js";
import { decodeUtf8 } from "./utf8.js";
import type { ValidationError } from "./validation.js";

export type DecodeErrorCode =
  | "too-large"
  | "invalid-gzip"
  | "invalid-utf8"
  | "invalid-json"
  | "too-deep"
  | "inexact-number"
  | "not-an-object"
  | "missing-version"
  | "invalid-version"
  | "unsupported-major"
  | "migration-failed"
  | "schema";

export interface DecodeError {
  code: DecodeErrorCode;
  /** One sentence a person can act on. */
  message: string;
  /**
   * For `invalid-json`, `too-deep`, `inexact-number` and `invalid-utf8`: what is wrong without where, for callers
   * that print the line, column and pointer themselves (`file:line:column: /pointer reason`).
   */
  reason?: string;
  /**
   * 1-based line and column in the JSON text, for `invalid-json`, `too-deep`, `inexact-number` and `invalid-utf8`
   * (whose column counts the characters before the bad byte).
   */
  line?: number;
  column?: number;
  /** 0-based byte offset of the first ill-formed sequence, for `invalid-utf8`. */
  byteOffset?: number;
  /** JSON pointer of the offending value, for version, schema, `too-deep` and `inexact-number` errors. */
  pointer?: string;
  /** Every schema error, for `schema`. */
  errors?: ValidationError[];
}

export interface DecodeWarning {
  pointer: string;
  message: string;
}

/**
 * - `strict`: the document must be exactly what a writer of this version emits.
 * - `tolerant`: accept unknown fields and unknown vocabulary members (a newer minor version's additions).
 * - `auto` (default): strict for documents of this minor version or older, tolerant for a newer minor, whose
 *   additions are then listed as warnings.
 */
export type DecodeMode = "strict" | "tolerant" | "auto";

export interface DecodeOptions {
  mode?: DecodeMode;
  /** Largest accepted input, in bytes after decompression (UTF-16 code units for text). Default 256 MiB. */
  maxBytes?: number;
  /**
   * Most arrays and objects the document may nest, the outermost counting as 1. Default 512: every walk of the
   * toolkit takes at least four times that (see `defaultMaxDepth`).
   */
  maxDepth?: number;
}

export type DecodeResult =
  | {
      ok: true;
      /** Strictly valid documents are also valid tolerant ones, so one type serves both. */
      document: Tolerant.Transcript;
      /** Whether the document passed strict validation: then it is also a `Transcript` of this version. */
      strict: boolean;
      /** The document's own schema_version (before any migration). */
      version: string;
      warnings: DecodeWarning[];
    }
  | { ok: false; error: DecodeError };

/**
 * Decodes a transcript document from gzip or plain bytes, JSON text or an already-parsed value into a typed
 * document, or a typed error saying what is wrong and where. Never throws.
 *
 * Gzip bytes are decompressed with Node's zlib where the runtime provides it; elsewhere (a browser) they are
 * `invalid-gzip` with a message saying to decompress them first: no browser API decompresses synchronously.
 *
 * Bytes must be UTF-8 (`invalid-utf8` names the byte offset, line and column of the first bad sequence); a leading
 * byte order mark is ignored. Text is parsed under the limits of `parseJson`: nesting deeper than `maxDepth` is
 * `too-deep`, and a number a double cannot hold as written (`1e400`, `9007199254740993`, `-0`, more significant
 * digits than a double round-trips) is `inexact-number`, each naming the value's pointer, line and column. An
 * already-parsed value is held to the same depth, and its NaN, infinities and negative zeros (what `JSON.parse`
 * makes of such numbers) are `inexact-number`.
 */
export function decodeTranscript(input: Uint8Array | string | unknown, options: DecodeOptions = {}): DecodeResult {
  try {
    return decodeUnsafe(input, options);
  } catch (error) {
    // Validators and parsers are not expected to throw; this keeps the promise if one ever does.
    return {
      ok: false,
      error: {
        code: "invalid-json",
        message: `could not decode: ${escapeControlCharacters(messageOf(error))}`,
      },
    };
  }
}

function decodeUnsafe(input: unknown, options: DecodeOptions): DecodeResult {
  const maxBytes = options.maxBytes ?? defaultMaxInputBytes;
  const maxDepth = options.maxDepth ?? defaultMaxDepth;
  let value: unknown = input;
  if (input instanceof Uint8Array) {
    let bytes = input;
    if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const zlib = nodeZlib();
      if (zlib === undefined)
        return fail(
          "invalid-gzip",
          "gzip bytes are decompressed only where Node's zlib is available: decompress them first (in a browser with DecompressionStream) and pass the result",
        );
      try {
        bytes = zlib.gunzipSync(bytes, { maxOutputLength: maxBytes });
      } catch (error) {
        const tooLarge =
          error instanceof RangeError ||
          (error instanceof Error && "code" in error && error.code === "ERR_BUFFER_TOO_LARGE");
        return fail(
          tooLarge ? "too-large" : "invalid-gzip",
          tooLarge ? `decompressed document exceeds ${maxBytes} bytes` : `not valid gzip: ${messageOf(error)}`,
        );
      }
    }
    if (bytes.length > maxBytes)
      return fail("too-large", `document is ${bytes.length} bytes, more than the ${maxBytes} allowed`);
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) {
      const { message, reason, line, column, offset } = decoded.error;
      return { ok: false, error: { code: "invalid-utf8", message, reason, line, column, byteOffset: offset } };
    }
    value = decoded.text;
  }
  if (typeof value === "string") {
    if (value.length > maxBytes) return fail("too-large", `document is longer than the ${maxBytes} bytes allowed`);
    const parsed = parseJson(value, { maxDepth });
    if (!parsed.ok) {
      const { code, message, reason, line, column, pointer } = parsed.error;
      const error: DecodeError = { code, message, reason, line, column };
      if (pointer !== undefined) error.pointer = pointer;
      return { ok: false, error };
    }
    value = parsed.value;
  } else if (value === input) {
    // A value handed over already parsed: no text to check, so hold the value itself to the same rules.
    const problem = checkJsonValue(value, { maxDepth, numbers: "exact" });
    if (problem) return fail(problem.code, problem.message, problem.pointer);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("not-an-object", `a transcript document is a JSON object, not ${describeType(value)}`, "");
  }
  const document = value as Record<string, unknown>;
  if (!Object.hasOwn(document, "schema_version"))
    return fail("missing-version", "the document has no schema_version", "/schema_version");
  const declared = document.schema_version;
  const version = typeof declared === "string" ? parseVersion(declared) : undefined;
  if (typeof declared !== "string" || !version) {
    return fail(
      "invalid-version",
      `schema_version ${escapeControlCharacters(JSON.stringify(declared) ?? String(declared))} is not a semantic version (major.minor.patch)`,
      "/schema_version",
    );
  }
  if (version.major !== currentVersion.major) {
    return fail(
      "unsupported-major",
      `schema_version ${declared} is major version ${version.major}; this reader supports ${currentVersion.major}.x (format ${formatVersion})`,
      "/schema_version",
    );
  }
  const isNewerMinor = version.minor > currentVersion.minor;
  const mode = options.mode ?? "auto";
  const tolerant = mode === "tolerant" || (mode === "auto" && isNewerMinor);

  let candidate: Record<string, unknown> = document;
  if (version.minor < currentVersion.minor) {
    const migrated = migrate(document);
    if (!migrated.ok) return fail("migration-failed", migrated.message, "/schema_version");
    candidate = migrated.document;
  }
  const strictResult = validateTranscript(candidate);
  if (strictResult.ok) return { ok: true, document: strictResult.value, strict: true, version: declared, warnings: [] };
  if (!tolerant) {
    return {
      ok: false,
      error: {
        code: "schema",
        message: summarise(strictResult.errors),
        errors: strictResult.errors,
        pointer: strictResult.errors[0]?.pointer ?? "",
      },
    };
  }
  const tolerantResult = validateTranscriptTolerant(candidate);
  if (!tolerantResult.ok) {
    return {
      ok: false,
      error: {
        code: "schema",
        message: summarise(tolerantResult.errors),
        errors: tolerantResult.errors,
        pointer: tolerantResult.errors[0]?.pointer ?? "",
      },
    };
  }
  // What strict validation rejects and tolerant accepts is exactly what a newer writer added.
  const warnings = strictResult.errors
    .filter(
      (error) =>
        error.keyword === "additionalProperties" ||
        error.keyword === "enum" ||
        error.keyword === "const" ||
        error.keyword === "oneOf" ||
        error.keyword === "discriminator",
    )
    .map((error) => ({
      pointer: error.pointer,
      message: `kept from a newer format version (${declared}): ${error.message}`,
    }));
  return { ok: true, document: tolerantResult.value, strict: false, version: declared, warnings: dedupe(warnings) };
}

/** Narrows a decoded document to the strict type when it passed strict validation. */
export function isStrictTranscript(
  result: Extract<DecodeResult, { ok: true }>,
): result is Extract<DecodeResult, { ok: true }> & { document: Strict.Transcript } {
  return result.strict;
}

function fail(code: DecodeErrorCode, message: string, pointer?: string): DecodeResult {
  return { ok: false, error: { code, message, ...(pointer === undefined ? {} : { pointer }) } };
}

function summarise(errors: readonly ValidationError[]): string {
  const first = errors[0];
  if (!first) return "the document does not match the schema";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  // The pointer names properties of the input; the message (validation.ts) already escapes what it quotes.
  return `${escapeControlCharacters(first.pointer) || "/"}: ${first.message}${more}`;
}

function dedupe(warnings: DecodeWarning[]): DecodeWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.pointer}\u0000${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
