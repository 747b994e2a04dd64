import { findNonJson, cloneJson, isDateTime, isJsonObject, pointer, setField, type JsonObject } from "./json.js";
import type { Problems } from "./result.js";

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

export function sourcePointer(canonical: string, provenance: Provenance): string {
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
