/**
 * What the seed converters (Warp export, devflow, portable) share: their result and problem types, a reader that
 * checks a source object field by field and remembers which fields it consumed, JSON value checks, and the final
 * strict validation of an imported document.
 *
 * Every converter is pure and never throws: bad input becomes `{ ok: false, errors }`, each error naming the
 * offending value by JSON pointer, and every loss becomes a structured warning.
 */
import { escapePointerToken, validateTranscript, validateTranscriptTolerant } from "@agent-transcript/core";
import type { Tolerant, Transcript } from "@agent-transcript/core";

/** A reason the input could not be converted. */
export interface ConversionError {
  /** RFC 6901 JSON pointer into the input; "" is the input itself. */
  path: string;
  message: string;
}

/**
 * Why a warning was raised. Import warnings mean the input was not quite what its format defines and was read in
 * a documented way; export warnings mean something of the canonical document has no place in the target format.
 */
export type ConversionWarningCode =
  /** A field has no equivalent in the target and was left out. */
  | "field-dropped"
  /** A whole part or content block has no equivalent in the target and was left out. */
  | "part-dropped"
  /** A whole message has no equivalent in the target and was left out. */
  | "message-dropped"
  /** A role was mapped to a different role (`developer` → `system`). */
  | "role-mapped"
  /** A tool status was mapped to a coarser one (`denied` → `error`). */
  | "status-mapped"
  /** A value changed its JSON type to fit the target (a JSON-encoded string, a wrapped array). */
  | "value-converted"
  /** The target requires a field the document does not have; a stated default was written. */
  | "value-assumed"
  /** Several parts were joined into one field. */
  | "parts-merged"
  /** The order of parts within a message could not be kept. */
  | "order-changed"
  /** A tool result whose call is not in the document. */
  | "tool-result-unmatched"
  /** An input value outside what its format defines, read in a documented, lenient way. */
  | "input-normalized"
  /** Reasoning (or its opaque signature / encrypted data) from another issuer was left out. */
  | "reasoning-dropped"
  /** Reasoning from another issuer was sent as ordinary text or without its opaque data. */
  | "reasoning-demoted"
  /** A tool-call id broke the target's rules and was renamed, together with its result. */
  | "id-remapped"
  /** The source had no tool-call id and one was made up, deterministically. */
  | "id-synthesized"
  /** Media the target cannot carry where it was (an image in a tool result) went by a documented fallback. */
  | "media-fallback"
  /** Several tool results were regrouped into the shape the target requires. */
  | "results-regrouped";

/** Something lost or changed by a conversion, reported instead of dropped silently. */
export interface ConversionWarning {
  code: ConversionWarningCode;
  /** JSON pointer into the converter's input (the source value on import, the canonical document on export). */
  path: string;
  message: string;
}

export type ImportResult =
  | { ok: true; document: Transcript; warnings: ConversionWarning[] }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };

export type ExportResult<T> =
  | { ok: true; value: T; warnings: ConversionWarning[] }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };

/** Provenance a caller may know and the source value does not carry. */
export interface ImportOptions {
  /** The file the value was read from, recorded as `source.path`. */
  path?: string;
  /** When the conversion ran (RFC 3339), recorded as `source.imported_at`; converters never read the clock. */
  importedAt?: string;
}

/** A JSON object as parsed: own enumerable string keys only. */
export type JsonObject = Record<string, unknown>;

/** Collects errors and warnings in the order they are found. */
export class Problems {
  readonly errors: ConversionError[] = [];
  readonly warnings: ConversionWarning[] = [];

  error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  warn(code: ConversionWarningCode, path: string, message: string): void {
    this.warnings.push({ code, path, message });
  }
}

/** Appends tokens to a JSON pointer, escaping `~` and `/` (RFC 6901). */
export function pointer(base: string, ...tokens: ReadonlyArray<string | number>): string {
  let result = base;
  for (const token of tokens) result += typeof token === "number" ? `/${token}` : `/${escapePointerToken(token)}`;
  return result;
}

export function isJsonObject(value: unknown): value is JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first place where `value` is not JSON (undefined, a function, a non-finite number, a class instance), or
 * undefined when all of it is. Iterative, so a deeply nested value cannot exhaust the call stack.
 */
export function findNonJson(value: unknown, path: string): { path: string; message: string } | undefined {
  // Inputs are almost always plain JSON: walk values only, and build pointers only once something is wrong.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current === "string" || typeof current === "boolean") continue;
    if (typeof current === "number" && Number.isFinite(current)) continue;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) stack.push(current[index]);
      continue;
    }
    if (isJsonObject(current)) {
      for (const key in current) if (Object.hasOwn(current, key)) stack.push(current[key]);
      continue;
    }
    return locateNonJson(value, path);
  }
  return undefined;
}

function locateNonJson(value: unknown, path: string): { path: string; message: string } | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const current = next.value;
    if (current === null || typeof current === "string" || typeof current === "boolean") continue;
    if (typeof current === "number") {
      if (!Number.isFinite(current))
        return { path: next.path, message: "must be a finite number (JSON has no NaN or Infinity)" };
      continue;
    }
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: pointer(next.path, index) }));
      continue;
    }
    if (isJsonObject(current)) {
      for (const [key, item] of Object.entries(current)) stack.push({ value: item, path: pointer(next.path, key) });
      continue;
    }
    return {
      path: next.path,
      message: `must be a JSON value, not ${current === undefined ? "undefined" : typeof current}`,
    };
  }
  return undefined;
}

/**
 * A deep copy of a JSON value, so a converted document never shares objects with its input. Strings are immutable
 * and shared; objects and arrays are copied in JavaScript, which for the many small values of a conversation is
 * several times faster than `structuredClone` (a serialisation round trip per call, copying every string's bytes).
 */
export function cloneJson<T>(value: T): T {
  return copyJson(value, 0) as T;
}

/** Beyond this depth the copy continues in `structuredClone`, so no input can exhaust the call stack here. */
const maximumCopyDepth = 256;

function copyJson(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth >= maximumCopyDepth) return structuredClone(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) copy[index] = copyJson(value[index], depth + 1);
    return copy;
  }
  if (!isJsonObject(value)) return structuredClone(value);
  const copy: JsonObject = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    setField(copy, key, copyJson(value[key], depth + 1));
  }
  return copy;
}

/** Sets a property whose key came from input: plain assignment of `__proto__` would change the prototype instead. */
export function setField(target: JsonObject, key: string, value: unknown): void {
  // `__proto__` is the only inherited accessor of a plain object; every other key assigns an own data property, and
  // plain assignment keeps the object's hidden class fast where `defineProperty` does not.
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * A value from input, for a message: strings as they are, anything else as JSON. (`String(value)` throws on an object
 * whose `toString` is not a function, which a JSON object can easily have.)
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** The JSON type name of a value: `object`, `array`, `string`, `number`, `boolean` or `null`. */
export type JsonTypeName = "object" | "array" | "string" | "number" | "boolean" | "null";

export function jsonTypeOf(value: unknown): JsonTypeName | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isJsonObject(value)) return "object";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

// RFC 3339 date-time exactly as the strict validator checks it (ajv-formats `date-time`, full mode), so an
// importer can name the offending source field instead of a canonical one. Both patterns are linear.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;
const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDateTime(text: string): boolean {
  const halves = text.split(/t|\s/i);
  if (halves.length !== 2) return false;
  const date = datePattern.exec(halves[0] ?? "");
  const time = timePattern.exec(halves[1] ?? "");
  if (date === null || time === null) return false;
  const year = Number(date[1]);
  const month = Number(date[2]);
  const day = Number(date[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const lastDay = month === 2 && leap ? 29 : (daysInMonth[month] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return false;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  const second = Number(time[3]);
  const zone = time[4];
  const zoneSign = time[5] === "-" ? -1 : 1;
  const zoneHour = Number(time[6] ?? 0);
  const zoneMinute = Number(time[7] ?? 0);
  if (zone === undefined || zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is valid only at 23:59 UTC.
  const utcMinute = minute - zoneMinute * zoneSign;
  const utcHour = hour - zoneHour * zoneSign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

interface FieldOptions {
  required?: boolean;
}

/**
 * Reads the fields of one source object, reporting a missing or mistyped field as an error at its pointer, and
 * remembers which fields were read: `rest()` then holds exactly the fields the converter did not understand,
 * which it keeps (for a later export) or reports, never drops silently.
 */
export class FieldReader {
  private readonly seen = new Set<string>();

  constructor(
    readonly value: JsonObject,
    readonly path: string,
    private readonly problems: Problems,
  ) {}

  has(key: string): boolean {
    return Object.hasOwn(this.value, key);
  }

  at(key: string): string {
    return pointer(this.path, key);
  }

  /** The raw value, marked as read. */
  take(key: string): unknown {
    this.seen.add(key);
    return this.has(key) ? this.value[key] : undefined;
  }

  private present(key: string, options: FieldOptions): boolean {
    this.seen.add(key);
    if (this.has(key)) return true;
    if (options.required === true) this.problems.error(this.at(key), "is required");
    return false;
  }

  string(key: string, options: FieldOptions & { nonEmpty?: boolean } = {}): string | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (typeof value !== "string") return this.mistyped(key, "a string");
    if (options.nonEmpty === true && value.length === 0) return this.mistyped(key, "a non-empty string");
    return value;
  }

  /** A string or null; undefined when absent or mistyped. */
  nullableString(key: string, options: FieldOptions = {}): string | null | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (value === null || typeof value === "string") return value;
    return this.mistyped(key, "a string or null");
  }

  dateTime(key: string, options: FieldOptions = {}): string | undefined {
    const value = this.string(key, options);
    if (value !== undefined && !isDateTime(value)) return this.mistyped(key, "an RFC 3339 date-time with a time zone");
    return value;
  }

  integer(key: string, options: FieldOptions & { minimum?: number } = {}): number | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (typeof value !== "number" || !Number.isSafeInteger(value)) return this.mistyped(key, "an integer");
    if (options.minimum !== undefined && value < options.minimum)
      return this.mistyped(key, `an integer of at least ${options.minimum}`);
    return value;
  }

  number(key: string, options: FieldOptions & { minimum?: number } = {}): number | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (typeof value !== "number" || !Number.isFinite(value)) return this.mistyped(key, "a finite number");
    if (options.minimum !== undefined && value < options.minimum)
      return this.mistyped(key, `a number of at least ${options.minimum}`);
    return value;
  }

  boolean(key: string, options: FieldOptions = {}): boolean | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (typeof value !== "boolean") return this.mistyped(key, "a boolean");
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], options: FieldOptions = {}): T | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
    return this.mistyped(key, `one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}`);
  }

  array(key: string, options: FieldOptions = {}): unknown[] | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (!Array.isArray(value)) return this.mistyped(key, "an array");
    return value;
  }

  object(key: string, options: FieldOptions = {}): JsonObject | undefined {
    if (!this.present(key, options)) return undefined;
    const value = this.value[key];
    if (!isJsonObject(value)) return this.mistyped(key, "an object");
    return value;
  }

  /** Any JSON value, deep-copied; undefined when absent or not JSON. */
  json(key: string, options: FieldOptions = {}): unknown {
    if (!this.present(key, options)) return undefined;
    const problem = findNonJson(this.value[key], this.at(key));
    if (problem !== undefined) {
      this.problems.error(problem.path, problem.message);
      return undefined;
    }
    return cloneJson(this.value[key]);
  }

  /** The fields not read so far, deep-copied, or undefined when there are none. */
  rest(): JsonObject | undefined {
    const rest: JsonObject = {};
    let any = false;
    for (const [key, item] of Object.entries(this.value)) {
      if (this.seen.has(key)) continue;
      const problem = findNonJson(item, this.at(key));
      if (problem !== undefined) {
        this.problems.error(problem.path, problem.message);
        continue;
      }
      setField(rest, key, cloneJson(item));
      any = true;
    }
    return any ? rest : undefined;
  }

  private mistyped(key: string, expected: string): undefined {
    this.problems.error(this.at(key), `must be ${expected}`);
    return undefined;
  }
}

/** Where each canonical message and part came from in the source, to name source fields in validation errors. */
export interface Provenance {
  /** Source pointer per canonical message, by canonical index. */
  messages: string[];
  /**
   * Source pointer per canonical part, by canonical message and part index. `sameShape` parts copy their source
   * block field for field, so a pointer inside the part maps to the same pointer inside the block.
   */
  parts: Array<Array<{ path: string; sameShape: boolean }>>;
  /** Source pointer per top-level canonical field (`run` → `/metadata`). */
  fields: Record<string, string>;
}

export function emptyProvenance(): Provenance {
  return { messages: [], parts: [], fields: {} };
}

function parsePointer(text: string): string[] {
  if (text === "") return [];
  return text
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function sourcePointer(canonical: string, provenance: Provenance): string {
  const tokens = parsePointer(canonical);
  const [field, messageToken, partsToken, partToken, ...inner] = tokens;
  if (field === "messages" && messageToken !== undefined) {
    const messageIndex = Number(messageToken);
    const part =
      partsToken === "parts" && partToken !== undefined
        ? provenance.parts[messageIndex]?.[Number(partToken)]
        : undefined;
    if (part !== undefined) return part.sameShape ? pointer(part.path, ...inner) : part.path;
    return provenance.messages[messageIndex] ?? "";
  }
  return field === undefined ? "" : (provenance.fields[field] ?? "");
}

/**
 * Validates an imported document strictly. The importers check every source field they map, so a failure here
 * is a constraint they do not check themselves (a blocked plan step without a reason); it is reported at the
 * source field it came from, naming the canonical rule.
 */
export function finishImport(document: Transcript, provenance: Provenance, problems: Problems): ImportResult {
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
export function finishDocument(document: Transcript, problems: Problems): ImportResult {
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
export function checkExportInput(document: unknown, problems: Problems): document is Tolerant.Transcript {
  const result = validateTranscriptTolerant(document);
  if (result.ok) return true;
  for (const error of result.errors) problems.error(error.pointer, error.message);
  return false;
}

/** Reports every present field of `value` outside `mapped` as dropped, naming what the target lacks. */
export function reportUnmapped(
  value: object,
  mapped: readonly string[],
  path: string,
  target: string,
  problems: Problems,
): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || mapped.includes(key)) continue;
    problems.warn("field-dropped", pointer(path, key), `${key} has no ${target} equivalent`);
  }
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

export { fingerprint } from "./fingerprint.js";

/**
 * A shallow copy of `value` with the keys in `order` first, in that order, and the others after them as they
 * were: written documents then read like their format's own examples. Key order carries no meaning in JSON.
 */
export function orderKeys<T extends object>(value: T, order: readonly string[]): T {
  const source: JsonObject = Object.fromEntries(Object.entries(value));
  const ordered: JsonObject = {};
  for (const key of order) if (Object.hasOwn(source, key)) setField(ordered, key, source[key]);
  for (const [key, item] of Object.entries(source)) if (!Object.hasOwn(ordered, key)) setField(ordered, key, item);
  return ordered as T;
}
