/**
 * Reading and writing Gemini JSON objects field by field.
 *
 * The REST API parses protobuf JSON, which accepts every field under its camelCase name and under its original
 * snake_case name (`inlineData` or `inline_data`); real clients use both, even mixed inside one request (pydantic-ai
 * writes `parameters_json_schema` and `thought_signature` next to `functionCall`). The reader therefore looks a
 * field up under both spellings, remembers each snake_case spelling it met as a dotted camelCase path, and the
 * writer renames those fields back, so a round trip keeps the request byte-for-byte in spirit.
 *
 * Fields the converter does not understand are kept verbatim in `provider_fields.google` (nested objects under the
 * camelCase name of their parent field) and deep-merged back on export. The converter's own round-trip markers sit
 * beside them under `x-…` keys: a hyphen is not valid in a protobuf field name, so a marker can never collide with
 * a Gemini field.
 */
import {
  cloneJson,
  findNonJson,
  isJsonObject,
  pointer,
  setField,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";

/** The provider key of Gemini data inside `provider_fields`, and of its issuer. */
export const providerKey = "google";
export const geminiIssuer = { provider: "google", api: "generate-content" } as const;

/** Round-trip markers kept in `provider_fields.google` (never Gemini field names: those have no hyphen). */
export const marker = {
  /** Dotted camelCase paths of fields the source spelled in snake_case. */
  snakeCase: "x-snake-case",
  /** The call (or result) had no id; the canonical one was made up and is not written back. */
  idSynthesized: "x-id-synthesized",
  /** The functionCall had no `args`; the canonical input `{}` is not written back. */
  argsAbsent: "x-args-absent",
  /** The functionResponse had no `response`. */
  responseAbsent: "x-response-absent",
  /** Inline data was URL-safe base64; canonical data holds the standard alphabet. */
  base64url: "x-base64url",
  /** Which key held a function's schema when it was not `parametersJsonSchema` (`parameters`). */
  schemaKey: "x-schema-key",
  /** Index of the native Tool object a definition came from, when the default grouping would differ. */
  toolIndex: "x-tool-index",
  /** snake_case spellings in the native Tool object a function declaration came from. */
  toolSnakeCase: "x-tool-snake-case",
  /** A response candidate's unmapped fields (kept on the message, merged back into the candidate). */
  candidate: "x-candidate",
  /** `tools` was a single object rather than an array. */
  toolsObject: "x-tools-object",
  /** A Content had no `role`. */
  roleAbsent: "x-role-absent",
  /** A Content or candidate had no `parts` (or no `content`). */
  partsAbsent: "x-parts-absent",
  contentAbsent: "x-content-absent",
  /** The response had no candidates at all (a blocked prompt). */
  noCandidates: "x-no-candidates",
  /** Candidates after the first, verbatim (candidateCount > 1). */
  moreCandidates: "x-more-candidates",
  /** The usage object was not a Gemini usage object normalizeUsage accepts, kept verbatim. */
  usageVerbatim: "x-usage-metadata",
} as const;

const markerKeys: ReadonlySet<string> = new Set(Object.values(marker));

const snakeCaseSpellings = new Map<string, string>();

/** `inlineData` → `inline_data`. Only ASCII letters and digits ever occur in Gemini field names. */
export function snakeCase(name: string): string {
  const known = snakeCaseSpellings.get(name);
  if (known !== undefined) return known;
  let out = "";
  for (const char of name) out += char >= "A" && char <= "Z" ? `_${char.toLowerCase()}` : char;
  // Only the converter's own field names are looked up, so the memo stays as small as the Gemini schema.
  if (snakeCaseSpellings.size < 1024) snakeCaseSpellings.set(name, out);
  return out;
}

interface ReaderContext {
  problems: Problems;
  /** Collects dotted camelCase paths spelled in snake_case. */
  snake: string[];
}

/**
 * Reads one native object, field by field, under either spelling; what it does not read, and the snake_case
 * spellings it and its children met, are kept with `keepRest`.
 */
export class NativeReader {
  // A handful of keys per object: an array is cheaper to fill and search than a Set.
  private readonly seen: string[] = [];

  private constructor(
    readonly value: JsonObject,
    readonly path: string,
    private readonly context: ReaderContext,
    private readonly prefix = "",
  ) {}

  /** A reader for a native object at `path`, with spellings of its own. */
  static of(value: JsonObject, path: string, problems: Problems): NativeReader {
    return new NativeReader(value, path, { problems, snake: [] });
  }

  /** A reader for `value`, or undefined, with an error saying it must be `what`, when it is not an object. */
  static open(value: unknown, path: string, problems: Problems, what: string): NativeReader | undefined {
    if (isJsonObject(value)) return NativeReader.of(value, path, problems);
    problems.error(path, `must be an object (${what})`);
    return undefined;
  }

  /** The key under which `name` is present, if it is. */
  private key(name: string): string | undefined {
    if (Object.hasOwn(this.value, name)) return name;
    const snake = snakeCase(name);
    return snake !== name && Object.hasOwn(this.value, snake) ? snake : undefined;
  }

  /** Marks `key` (the spelling found for `name`) read and returns its value. */
  private consume(key: string, name: string): unknown {
    this.seen.push(key);
    if (key !== name) this.context.snake.push(`${this.prefix}${name}`);
    return this.value[key];
  }

  has(name: string): boolean {
    return this.key(name) !== undefined;
  }

  at(name: string): string {
    return pointer(this.path, this.key(name) ?? name);
  }

  /** The raw value, marked as read (its spelling remembered). */
  take(name: string): unknown {
    const key = this.key(name);
    return key === undefined ? undefined : this.consume(key, name);
  }

  /** Peeks without marking the field read. */
  peek(name: string): unknown {
    const key = this.key(name);
    return key === undefined ? undefined : this.value[key];
  }

  string(name: string, required = false): string | undefined {
    const key = this.key(name);
    if (key === undefined) {
      if (required) this.context.problems.error(pointer(this.path, name), "is required");
      return undefined;
    }
    const value = this.consume(key, name);
    if (typeof value === "string") return value;
    this.context.problems.error(pointer(this.path, key), "must be a string");
    return undefined;
  }

  object(name: string): JsonObject | undefined {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const value = this.consume(key, name);
    if (isJsonObject(value)) return value;
    this.context.problems.error(pointer(this.path, key), "must be an object");
    return undefined;
  }

  array(name: string): unknown[] | undefined {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const value = this.consume(key, name);
    if (Array.isArray(value)) return value;
    this.context.problems.error(pointer(this.path, key), "must be an array");
    return undefined;
  }

  /** Any JSON value, deep-copied. */
  json(name: string): unknown {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const value = this.consume(key, name);
    const problem = findNonJson(value, "");
    if (problem !== undefined) {
      this.context.problems.error(pointer(this.path, key) + problem.path, problem.message);
      return undefined;
    }
    return cloneJson(value);
  }

  /** A reader for a nested object field (marked read), whose snake_case paths are prefixed with this field. */
  child(name: string): NativeReader | undefined {
    const key = this.key(name);
    if (key === undefined) return undefined;
    const value = this.object(name);
    if (value === undefined) return undefined;
    return new NativeReader(value, pointer(this.path, key), this.context, `${this.prefix}${name}.`);
  }

  /**
   * Moves the fields not read into `fields` (kept for the way back), with the snake_case spellings this reader and
   * its children met, which an export restores.
   */
  keepRest(fields: JsonObject): void {
    const rest = this.rest();
    if (rest !== undefined) for (const [key, item] of Object.entries(rest)) setField(fields, key, item);
    if (this.context.snake.length > 0) setField(fields, marker.snakeCase, [...this.context.snake]);
  }

  /** The fields not read, verbatim, or undefined when there are none. */
  rest(): JsonObject | undefined {
    let rest: JsonObject | undefined;
    for (const key of Object.keys(this.value)) {
      if (this.seen.includes(key)) continue;
      const item = this.value[key];
      const problem = findNonJson(item, "");
      if (problem !== undefined) {
        this.context.problems.error(pointer(this.path, key) + problem.path, problem.message);
        continue;
      }
      rest ??= {};
      setField(rest, key, cloneJson(item));
    }
    return rest;
  }
}

/** Puts a nested reader's unread fields under `key` of `target`. */
export function nestRest(target: JsonObject, key: string, rest: JsonObject | undefined): void {
  if (rest !== undefined) setField(target, key, rest);
}

/** Deep-merges `source` into `target` (objects merged key by key, anything else replaced), skipping markers. */
export function mergeNative(target: JsonObject, source: JsonObject | undefined): JsonObject {
  if (source === undefined) return target;
  for (const [key, value] of Object.entries(source)) {
    if (markerKeys.has(key)) continue;
    // Own properties only: `target["__proto__"]` is Object.prototype, and merging into it would pollute every object.
    const existing = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isJsonObject(existing) && isJsonObject(value)) {
      mergeNative(existing, value);
      continue;
    }
    setField(target, key, cloneJson(value));
  }
  return target;
}

/** Renames the fields at the given dotted camelCase paths to their snake_case spelling, deepest first. */
export function applySnakeCase(target: JsonObject, paths: unknown): void {
  if (!Array.isArray(paths)) return;
  const sorted = paths
    .filter((path): path is string => typeof path === "string")
    .sort((a, b) => b.split(".").length - a.split(".").length);
  for (const path of sorted) {
    const names = path.split(".");
    const last = names.pop();
    if (last === undefined) continue;
    let current: unknown = target;
    // The paths come from the document: follow own properties only, never into a prototype.
    for (const name of names)
      current = isJsonObject(current) && Object.hasOwn(current, name) ? current[name] : undefined;
    if (!isJsonObject(current) || !Object.hasOwn(current, last)) continue;
    const entries = Object.entries(current);
    for (const [key] of entries) Reflect.deleteProperty(current, key);
    // Rebuild in the same order so the renamed key keeps its place (key order carries no meaning, but reads better).
    for (const [key, value] of entries) setField(current, key === last ? snakeCase(last) : key, value);
  }
}

/** The Gemini entry of a canonical `provider_fields`, when it is an object. */
export function googleFields(value: { provider_fields?: unknown } | undefined): JsonObject | undefined {
  const fields = value?.provider_fields;
  if (!isJsonObject(fields)) return undefined;
  const google = fields[providerKey];
  return isJsonObject(google) ? google : undefined;
}

/** `{ google: fields }`, or undefined when there is nothing to keep. */
export function providerFields(fields: JsonObject): { google: JsonObject } | undefined {
  return Object.keys(fields).length === 0 ? undefined : { google: fields };
}

const urlSafeAlphabet = /^[\w-]*={0,2}$/;

/**
 * Standard base64 for canonical `data`: URL-safe input (`-` and `_`, which pydantic-ai writes) is translated and
 * marked so export restores it. Input holding both alphabets, or neither marker character, is kept as it is.
 */
export function toStandardBase64(data: string): { data: string; urlSafe: boolean } {
  if (!data.includes("-") && !data.includes("_")) return { data, urlSafe: false };
  if (data.includes("+") || data.includes("/")) return { data, urlSafe: false };
  const translated = recode(data, "base64url", "base64");
  if (translated !== undefined) return { data: translated, urlSafe: true };
  if (!urlSafeAlphabet.test(data)) return { data, urlSafe: false };
  return { data: data.replaceAll("-", "+").replaceAll("_", "/"), urlSafe: true };
}

export function fromStandardBase64(data: string, urlSafe: boolean): string {
  if (!urlSafe) return data;
  if (!data.includes("-") && !data.includes("_")) {
    const translated = recode(data, "base64", "base64url");
    if (translated !== undefined) return translated;
  }
  return data.replaceAll("+", "-").replaceAll("/", "_");
}

const twin: Readonly<Record<string, string>> = { "-": "+", _: "/", "+": "-", "/": "_" };

/**
 * The same text in the other base64 alphabet, character for character (padding kept as it was), by decoding and
 * re-encoding natively: media is most of a request's bytes, and two `replaceAll` passes plus a validating regex were
 * a quarter of a Gemini conversion. Undefined when that would not be a plain character swap: characters the decoder
 * skips (the lengths then differ), non-ASCII text, or a last character carrying non-zero spare bits (the encoder would clear them).
 */
function recode(data: string, from: "base64" | "base64url", to: "base64" | "base64url"): string | undefined {
  let end = data.length;
  if (data.endsWith("=")) end -= data.endsWith("==") ? 2 : 1;
  const body = end === data.length ? data : data.slice(0, end);
  // The decoder reads a UTF-16 code unit by its low byte (`ĭ` as `-`): only all-ASCII text is what it seems.
  if (Buffer.byteLength(body, "utf8") !== body.length) return undefined;
  let recoded = Buffer.from(body, from).toString(to);
  if (recoded.endsWith("=")) recoded = recoded.slice(0, recoded.endsWith("==") ? -2 : -1);
  if (recoded.length !== body.length) return undefined;
  const last = body.at(-1);
  if (last !== undefined && recoded.at(-1) !== (twin[last] ?? last)) return undefined;
  return end === data.length ? recoded : recoded + data.slice(end);
}
