/**
 * Request settings across providers: the model, output limit, sampling, reasoning, output format, tool and stream
 * settings a request carries beside its messages.
 *
 * A request's settings live verbatim in the document's `provider_fields[<provider>]` (every converter keeps what it
 * does not map there), so a same-provider round trip gives them back byte for byte. Writing a document for another
 * provider, the fields kept for its source are read through the source's table (`request-settings-table.ts`) into the
 * neutral {@link RequestSettings}, and each setting is written to the target's equivalent field through the target's
 * table. Nothing goes silently: a kept field no table entry reads, a setting the target has no field for (unless the
 * target always behaves as the value says), and a setting the document already holds for the target itself are each
 * named in a `field-dropped` warning at the kept field's pointer; a value the target spells differently (an effort
 * level it lacks, a JSON schema sent as text) gets a `value-converted` one. Settings a caller passes
 * (`FromCanonicalOptions.settings`, the CLI's `--model` and `--max-tokens`) override the document's.
 */
import type { SourceFormat, Tolerant } from "@agent-transcript/core";
import { isJsonObject, pointer, setField, type JsonObject } from "./json.js";
import type { ConversionWarningCode, Problems } from "./result.js";

/** Reasoning effort levels, from least to most. (`none` is {@link RequestSettings.reasoning} `false`.) */
export const reasoningEfforts = ["minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type ReasoningEffort = (typeof reasoningEfforts)[number];

/** Service tiers: `standard` is OpenAI's `default`, Gemini's `standard` and Anthropic's and Mistral's `standard_only`. */
export type ServiceTier = "auto" | "standard" | "flex" | "priority" | "scale" | "reserved";

/** The neutral view of a request's settings: what a provider's fields mean, named once for every provider. */
export interface RequestSettings {
  model?: string;
  /** The most tokens the model may generate (`max_tokens`, `max_output_tokens`, `maxOutputTokens`, `num_predict`). */
  max_output_tokens?: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  /** Stop sequences (a single string is read as a list of one). */
  stop?: string[];
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  /** How many alternative completions to generate (`n`, `candidateCount`). */
  candidate_count?: number;
  /** Whether the model reasons (thinks) before answering: `false` is effort `none`, thinking disabled, budget 0. */
  reasoning?: boolean;
  reasoning_effort?: ReasoningEffort;
  /** A reasoning budget in tokens (Anthropic `budget_tokens`, Gemini `thinkingBudget`). */
  reasoning_budget?: number;
  /** The output format: plain text, any JSON object, or JSON following `response_schema`. */
  response_format?: "text" | "json_object" | "json_schema";
  /** The JSON Schema the output follows. */
  response_schema?: JsonObject;
  response_schema_name?: string;
  response_schema_description?: string;
  response_schema_strict?: boolean;
  /** Whether the model may call several tools in one turn (when the document has no tool choice saying so). */
  parallel_tool_calls?: boolean;
  stream?: boolean;
  /** Whether a stream reports usage (OpenAI Chat's `stream_options.include_usage`). */
  stream_usage?: boolean;
  service_tier?: ServiceTier;
  /** The end user, as the provider's abuse monitoring knows them. */
  user?: string;
  verbosity?: "low" | "medium" | "high";
  prompt_cache_key?: string;
}

export type SettingName = keyof RequestSettings;

/** How warnings name each setting. */
export const settingLabels: Readonly<Record<SettingName, string>> = {
  model: "the model",
  max_output_tokens: "the output token limit",
  temperature: "the temperature",
  top_p: "top_p",
  top_k: "top_k",
  stop: "the stop sequences",
  seed: "the seed",
  frequency_penalty: "the frequency penalty",
  presence_penalty: "the presence penalty",
  candidate_count: "the number of completions",
  reasoning: "the reasoning switch",
  reasoning_effort: "the reasoning effort",
  reasoning_budget: "the reasoning budget",
  response_format: "the response format",
  response_schema: "the response JSON schema",
  response_schema_name: "the response schema's name",
  response_schema_description: "the response schema's description",
  response_schema_strict: "strict response-schema adherence",
  parallel_tool_calls: "parallel tool calls",
  stream: "streaming",
  stream_usage: "usage in streams",
  service_tier: "the service tier",
  user: "the end-user id",
  verbosity: "the verbosity",
  prompt_cache_key: "the prompt cache key",
};

/** A note a writer adds about how it wrote a setting. */
export interface SettingNote {
  setting: SettingName;
  code: Extract<ConversionWarningCode, "value-converted" | "value-assumed">;
  message: string;
}

/** What a table entry writes: the field's value, the settings it carries, and notes on lossy or assumed values. */
export interface WrittenSetting {
  value: unknown;
  carried: readonly SettingName[];
  notes?: readonly SettingNote[];
}

/** One native request field that holds settings. */
export interface NativeSetting {
  /** Where the field is, as property names from the request's top. */
  readonly path: readonly string[];
  /** The field's value → the settings it holds; undefined when it is not a value the table understands. */
  readonly read: (value: unknown) => RequestSettings | undefined;
  /**
   * The settings → the field's value, or undefined when these settings give the field nothing; absent for a field
   * that is only read (a model-specific field, another field name of the same setting).
   */
  readonly write?: (settings: RequestSettings) => WrittenSetting | undefined;
  /** Other fields of the request holding the same setting: a value there is the target's own, like one here. */
  readonly also?: ReadonlyArray<readonly string[]>;
  /** The object written for the field's parent when the request has none (Anthropic's `tool_choice`). */
  readonly container?: JsonObject;
}

/** A format's request settings. */
export interface FormatSettings {
  /** How warnings name the API. */
  readonly label: string;
  /** The `provider_fields` key its converter keeps request fields under. */
  readonly providerKey: string;
  /** Field names are protobuf JSON: camelCase or snake_case, both read (Gemini). */
  readonly snakeCase: boolean;
  readonly fields: readonly NativeSetting[];
  /** What the API always does where it has no field: such a value is carried by writing nothing. */
  readonly implicit: RequestSettings;
  /** Why the API has no field for a setting, where that is worth saying (a model named in the URL). */
  readonly missing: Partial<Readonly<Record<SettingName, string>>>;
}

/** Where each setting read from a document came from: JSON pointers into the document. */
export type SettingOrigins = Partial<Record<SettingName, string>>;

export interface ReadSettings {
  settings: RequestSettings;
  origins: SettingOrigins;
  /** Pointers of the kept fields no table entry understood. */
  unread: string[];
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The key `object` holds for a field name: the name itself, or (protobuf JSON) its snake_case spelling. */
function keyIn(object: JsonObject, name: string, snake: boolean): string | undefined {
  if (Object.hasOwn(object, name)) return name;
  const other = snake ? snakeCase(name) : name;
  return other !== name && Object.hasOwn(object, other) ? other : undefined;
}

/** The value at `path` and the keys that lead to it, or undefined. */
function find(
  object: JsonObject,
  path: readonly string[],
  snake: boolean,
): { value: unknown; keys: string[] } | undefined {
  let current: unknown = object;
  const keys: string[] = [];
  for (const name of path) {
    if (!isJsonObject(current)) return undefined;
    const key = keyIn(current, name, snake);
    if (key === undefined) return undefined;
    keys.push(key);
    current = current[key];
  }
  return { value: current, keys };
}

/** Sets the value at `path`, creating objects on the way (`container` for the last one), in the spelling found. */
function place(
  object: JsonObject,
  path: readonly string[],
  value: unknown,
  snake: boolean,
  container: JsonObject | undefined,
): void {
  let current = object;
  path.forEach((name, index) => {
    const key = keyIn(current, name, snake) ?? name;
    if (index === path.length - 1) {
      setField(current, key, value);
      return;
    }
    let next = current[key];
    if (!isJsonObject(next)) {
      next = index === path.length - 2 && container !== undefined ? { ...container } : {};
      setField(current, key, next);
    }
    current = next as JsonObject;
  });
}

/** Markers converters keep beside native fields (`$shape`, Gemini's `x-…`): not fields, never reported. */
const isMarker = (key: string): boolean => key.startsWith("$") || key.startsWith("x-");

/**
 * The settings kept fields hold, read through the tables of the formats that may have written them (the first table
 * understanding a field reads it). `base` is the pointer of the fields in the document.
 */
export function readSettings(tables: readonly FormatSettings[], fields: JsonObject, base: string): ReadSettings {
  const settings: RequestSettings = {};
  const origins: SettingOrigins = {};
  const read = new Set<string>();
  for (const table of tables) {
    for (const field of table.fields) {
      const found = find(fields, field.path, table.snakeCase);
      if (found === undefined) continue;
      const at = pointer(base, ...found.keys);
      if (read.has(at)) continue;
      // A null is the API's "not set": read, and nothing to carry.
      const values = found.value === null ? {} : field.read(found.value);
      if (values === undefined) continue;
      read.add(at);
      for (const [name, value] of Object.entries(values) as Array<[SettingName, unknown]>) {
        if (value === undefined || Object.hasOwn(settings, name)) continue;
        (settings as Record<SettingName, unknown>)[name] = value;
        origins[name] = at;
      }
    }
  }
  // A schema makes JSON output schema-bound (Gemini states it with a MIME type and a schema field apart).
  if (settings.response_schema !== undefined && settings.response_format !== "json_schema") {
    settings.response_format = "json_schema";
    origins.response_format ??= origins.response_schema;
  }
  const unread: string[] = [];
  const walk = (value: JsonObject, at: string): void => {
    for (const [key, item] of Object.entries(value)) {
      if (isMarker(key)) continue;
      const child = pointer(at, key);
      if (read.has(child)) continue;
      const inside = [...read].some((done) => done.startsWith(`${child}/`));
      if (inside && isJsonObject(item)) walk(item, child);
      else if (!inside) unread.push(child);
    }
  };
  walk(fields, base);
  return { settings, origins, unread };
}

/** The settings a native request holds, read through its format's table (for tests and callers comparing). */
export function settingsOfRequest(table: FormatSettings, request: unknown): RequestSettings {
  return isJsonObject(request) ? readSettings([table], request, "").settings : {};
}

/** What a foreign document entry is read as: its key and the tables of the formats that may have written it. */
export interface ForeignEntry {
  key: string;
  tables: readonly FormatSettings[];
}

export interface CarryInput {
  target: FormatSettings;
  /** The document's `provider_fields` entries to read, each through its tables (the target's own are not among them). */
  entries: readonly ForeignEntry[];
  document: Tolerant.Transcript;
  /** The request as written so far, the target's own kept fields included; the settings are written into it. */
  request: JsonObject;
  /** Settings the caller passes: they override the document's and the request's own. */
  overrides: RequestSettings | undefined;
  problems: Problems;
}

/** A setting's value as a warning quotes it: a scalar or a list of strings as JSON, an object (a schema) by its kind. */
function describeValue(value: unknown): string {
  if (isJsonObject(value)) return "(an object)";
  if (Array.isArray(value)) return value.length <= 8 ? JSON.stringify(value.map(String)) : `(${value.length} values)`;
  return typeof value === "string" && value.length > 200
    ? `${JSON.stringify(value.slice(0, 200))}…`
    : JSON.stringify(value);
}

/** Reads the foreign entries' settings and writes them, and the overrides, into the request (see the module comment). */
export function carrySettings(input: CarryInput): void {
  const { target, entries, document, request, overrides, problems } = input;
  if (entries.length === 0 && (overrides === undefined || Object.keys(overrides).length === 0)) return;
  const settings: RequestSettings = {};
  const origins: SettingOrigins = {};
  for (const entry of entries) {
    const fields = document.provider_fields?.[entry.key];
    const base = pointer("", "provider_fields", entry.key);
    if (!isJsonObject(fields)) continue;
    if (entry.tables.length === 0) {
      for (const key of Object.keys(fields))
        if (!isMarker(key))
          problems.warn(
            "field-dropped",
            pointer(base, key),
            `${key} is kept for ${entry.key}, whose settings ${target.label} cannot read`,
          );
      continue;
    }
    const read = readSettings(entry.tables, fields, base);
    const source = entry.tables.map((table) => table.label).join(" or ");
    for (const at of read.unread)
      problems.warn(
        "field-dropped",
        at,
        `${at.slice(base.length + 1).replaceAll("/", ".")}, a setting of ${source}, has no ${target.label} equivalent`,
      );
    for (const [name, value] of Object.entries(read.settings) as Array<[SettingName, unknown]>) {
      const at = read.origins[name] as string;
      if (Object.hasOwn(settings, name)) {
        problems.warn(
          "field-dropped",
          at,
          `${settingLabels[name]} is set by ${origins[name]} too; that one was written to ${target.label}`,
        );
        continue;
      }
      (settings as Record<SettingName, unknown>)[name] = value;
      origins[name] = at;
    }
  }
  const overridden = new Set<SettingName>();
  for (const [name, value] of Object.entries(overrides ?? {}) as Array<[SettingName, unknown]>) {
    if (value === undefined) continue;
    (settings as Record<SettingName, unknown>)[name] = value;
    origins[name] = "";
    overridden.add(name);
  }
  const names = Object.keys(settings) as SettingName[];
  if (names.length === 0) return;
  const carried = new Set<SettingName>();
  const kept = new Set<SettingName>();
  for (const field of target.fields) {
    if (field.write === undefined) continue;
    const written = field.write(settings);
    if (written === undefined) continue;
    const pending = written.carried.filter((name) => Object.hasOwn(settings, name) && !carried.has(name));
    if (pending.length === 0) continue;
    const paths = [field.path, ...(field.also ?? [])];
    const own = paths.find((path) => find(request, path, target.snakeCase) !== undefined);
    if (own !== undefined && !pending.some((name) => overridden.has(name))) {
      // The document already holds this setting for the target itself: that value is sent.
      for (const name of pending) kept.add(name);
      continue;
    }
    place(request, own ?? field.path, written.value, target.snakeCase, field.container);
    for (const name of pending) carried.add(name);
    for (const note of written.notes ?? [])
      if (pending.includes(note.setting)) problems.warn(note.code, origins[note.setting] ?? "", note.message);
  }
  for (const name of names) {
    if (carried.has(name)) continue;
    const at = origins[name] ?? "";
    if (kept.has(name) && !carried.has(name)) {
      problems.warn(
        "field-dropped",
        at,
        `${settingLabels[name]} ${describeValue(settings[name])} was not written: the document's own ${target.label} value is sent`,
      );
      continue;
    }
    // What a target always does is a scalar (one completion, usage in streams, text output).
    if (target.implicit[name] !== undefined && target.implicit[name] === settings[name]) continue;
    const why = target.missing[name];
    problems.warn(
      "field-dropped",
      at,
      `${settingLabels[name]} ${describeValue(settings[name])} has no ${target.label} equivalent${why === undefined ? "" : ` (${why})`}`,
    );
  }
}

/** The entries of a document's provider_fields the target does not own, each with the tables it is read through. */
export function foreignEntries(
  document: Tolerant.Transcript,
  target: { format: SourceFormat; providerKey: string },
  tablesByKey: (key: string, source: SourceFormat | undefined) => readonly FormatSettings[],
): ForeignEntry[] {
  const fields = document.provider_fields;
  if (fields === undefined) return [];
  // A tolerant document may name a format this version does not know: it matches no table then.
  const source = document.source?.format as SourceFormat | undefined;
  const entries: ForeignEntry[] = [];
  for (const key of Object.keys(fields)) {
    // The target's own key is its own unless another API sharing it (OpenAI Chat and Responses) wrote it.
    if (key === target.providerKey && (source === undefined || source === target.format || !sharedKeys.has(key)))
      continue;
    entries.push({ key, tables: tablesByKey(key, source) });
  }
  return entries;
}

/** Provider keys two formats write (see provider-fields.ts). */
const sharedKeys: ReadonlySet<string> = new Set(["openai"]);
