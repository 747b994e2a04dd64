import { gunzipSync } from "node:zlib";
import { currentVersion, formatVersion, parseVersion } from "./format-version.js";
import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript, validateTranscriptTolerant } from "./generated/v1/validate.js";
import { escapeControlCharacters } from "./control-characters.js";
import { describeJsonParseError, lineAndColumn, locateJsonSyntaxError } from "./json-syntax.js";
import { migrate } from "./migrations.js";
import type { ValidationError } from "./validation.js";

export type DecodeErrorCode =
  | "too-large"
  | "invalid-gzip"
  | "invalid-utf8"
  | "invalid-json"
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
  /** 1-based line and column in the JSON text, for syntax errors. */
  line?: number;
  column?: number;
  /** JSON pointer of the offending value, for version and schema errors. */
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
  /** Largest accepted input, in bytes after decompression. Default 1 GiB. */
  maxBytes?: number;
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

const defaultMaxBytes = 1024 * 1024 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes a transcript document from gzip or plain bytes, JSON text or an already-parsed value into a typed
 * document, or a typed error saying what is wrong and where. Never throws.
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
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  let value: unknown = input;
  if (input instanceof Uint8Array) {
    let bytes = input;
    if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
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
    try {
      value = utf8.decode(bytes);
    } catch {
      return fail("invalid-utf8", "document is not valid UTF-8");
    }
  }
  if (typeof value === "string") {
    const text = value.charCodeAt(0) === 0xfeff ? value.slice(1) : value;
    if (text.length > maxBytes) return fail("too-large", `document is longer than the ${maxBytes} bytes allowed`);
    try {
      value = JSON.parse(text) as unknown;
    } catch (error) {
      const offset = locateJsonSyntaxError(text) ?? text.length;
      const { line, column } = lineAndColumn(text, offset);
      return {
        ok: false,
        error: {
          code: "invalid-json",
          message: `not valid JSON at line ${line}, column ${column}: ${describeJsonParseError(error)}`,
          line,
          column,
        },
      };
    }
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
