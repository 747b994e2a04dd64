/**
 * ajv's errors in plain words. ajv says `must be equal to one of the allowed values`, `must have required property
 * 'parts'` and `must match "then" schema`; a person needs the field, the value and what is allowed:
 * `"narrator" is not a role; expected one of system, developer, user, assistant, tool`, `a message needs "parts"`.
 * The sentences are built from the error's parameters and the value validated (to say what a part's type or a
 * message's role is), so they follow the schema without a table per definition. Summary errors that only repeat
 * their specific errors (`if`, and `anyOf` / `oneOf` with errors of their own below them) are left out; the
 * structured fields (`pointer`, `keyword`, `schemaPath`) stay as ajv's, for tools.
 */
import { escapeControlCharacters } from "./control-characters.js";
import { artifactTypes, costStatuses, partTypes } from "./generated/v1/vocabularies.js";
import type { StandaloneValidatorError } from "./standalone-validator.js";
import { withIndefiniteArticle } from "./wording.js";

/** What an error becomes: the sentence, and the pointer tools and line lookups use. */
export interface PlainError {
  pointer: string;
  message: string;
  keyword: string;
  schemaPath: string;
}

/** Tags whose allowed values are a vocabulary of ours, by the kind of object that carries the tag. */
const taggedVocabularies: Readonly<Record<string, readonly string[]>> = {
  part: partTypes,
  artifact: artifactTypes,
  cost: costStatuses,
};

/** Where a media part may take its bytes from; the schema refuses (`then: false`) a media part with none of them. */
const mediaSourceFields = ["data", "url", "path", "file_id"] as const;
const mediaPartTypes: ReadonlySet<string> = new Set(["image", "audio", "file"]);

/** Array fields whose items have a name of their own ("a message", not "item 3 of messages"). */
const itemNouns: Readonly<Record<string, string>> = {
  messages: "message",
  parts: "part",
  content: "part",
  children: "child run",
  artifacts: "artifact",
  blocks: "block",
  citations: "citation",
  files: "file",
  hunks: "hunk",
  lines: "line",
  declarations: "declaration",
  steps: "step",
};

/**
 * Turns ajv's errors for `root` (validated as `definition`) into plain ones: translated, without the summaries that
 * only repeat their specific errors, and without exact duplicates (tolerant validators report some twice).
 */
export function plainErrors(
  errors: readonly StandaloneValidatorError[],
  root: unknown,
  definition: string,
): PlainError[] {
  const context = new MessageContext(root, definition);
  // Pointers that have a specific error at or below them: an anyOf / oneOf summary there adds nothing. Each specific
  // error marks its pointer and every ancestor, so the check stays linear in the errors.
  const coveredPointers = new Set<string>();
  const requiredAt = new Set<string>();
  for (const error of errors) {
    if (!isSummary(error)) {
      let pointer = error.instancePath;
      while (!coveredPointers.has(pointer)) {
        coveredPointers.add(pointer);
        if (pointer === "") break;
        pointer = pointer.slice(0, pointer.lastIndexOf("/"));
      }
    }
    if (error.keyword === "required" && typeof error.params.missingProperty === "string")
      requiredAt.add(`${error.instancePath}\u0000${error.params.missingProperty}`);
  }
  const hasSpecificBelow = (pointer: string): boolean => coveredPointers.has(pointer);

  const seen = new Set<string>();
  const plain: PlainError[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if ((error.keyword === "anyOf" || error.keyword === "oneOf") && error.params.passingSchemas == null) {
      if (hasSpecificBelow(error.instancePath)) continue;
    }
    // A missing tag is already a `required` error of the same object.
    if (
      error.keyword === "discriminator" &&
      error.params.error === "tag" &&
      requiredAt.has(`${error.instancePath}\u0000${String(error.params.tag)}`)
    )
      continue;
    const pointer = pointerOf(error);
    const message = context.describe(error);
    const key = `${pointer}\u0000${error.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    plain.push({ pointer, message, keyword: error.keyword, schemaPath: error.schemaPath });
  }
  // Never an invalid value without a reason: should every error have been a summary, the first one stays.
  const first = errors[0];
  if (plain.length === 0 && first !== undefined)
    plain.push({
      pointer: pointerOf(first),
      message: context.describe(first),
      keyword: first.keyword,
      schemaPath: first.schemaPath,
    });
  return plain;
}

function isSummary(error: StandaloneValidatorError): boolean {
  return error.keyword === "if" || error.keyword === "anyOf" || error.keyword === "oneOf";
}

/** A missing or unknown property is pointed at by its own name, so a line lookup finds its object. */
function pointerOf(error: StandaloneValidatorError): string {
  if (error.keyword === "required" && typeof error.params.missingProperty === "string")
    return `${error.instancePath}/${escapeToken(error.params.missingProperty)}`;
  if (error.keyword === "additionalProperties" && typeof error.params.additionalProperty === "string")
    return `${error.instancePath}/${escapeToken(error.params.additionalProperty)}`;
  return error.instancePath;
}

function escapeToken(token: string): string {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

function unescapeToken(token: string): string {
  if (!token.includes("~")) return token;
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** A name from the schema or the input, quoted and safe to print. */
function quoted(name: string): string {
  return `"${escapeControlCharacters(name)}"`;
}

/** A value from the input, as it would be written in JSON, shortened and safe to print. */
function shownValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "an object";
  if (typeof value === "string") {
    const limit = 60;
    const cut = value.length > limit ? `${value.slice(0, limit)}…` : value;
    return escapeControlCharacters(JSON.stringify(cut));
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return typeof value;
}

/** A list of allowed values, as a reader scans it: bare words when they are words, JSON otherwise. */
function allowedList(values: readonly unknown[]): string {
  return values
    .map((value) =>
      typeof value === "string" && /^[\w.-]+$/.test(value) ? value : escapeControlCharacters(JSON.stringify(value)),
    )
    .join(", ");
}

const typeWords: Readonly<Record<string, string>> = {
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

const formatWords: Readonly<Record<string, string>> = {
  "date-time": "a date-time: expected an RFC 3339 timestamp such as 2026-06-08T08:14:42Z",
  uuid: "a UUID: expected one such as 550e8400-e29b-41d4-a716-446655440000",
};

/** `EventType` → `event type`; `ToolCallPart` → `tool call part`. */
function definitionWords(definition: string): string {
  return definition.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

class MessageContext {
  constructor(
    private readonly root: unknown,
    private readonly definition: string,
  ) {}

  describe(error: StandaloneValidatorError): string {
    const tokens = error.instancePath === "" ? [] : error.instancePath.slice(1).split("/").map(unescapeToken);
    const value = this.valueAt(tokens);
    const params = error.params;
    switch (error.keyword) {
      case "required":
        return `${this.holder(tokens, value)} needs ${quoted(String(params.missingProperty))}`;
      case "additionalProperties":
        return `unknown property ${quoted(String(params.additionalProperty))} (a strict writer emits only the fields its version defines)`;
      case "dependentRequired": {
        const needed = Array.isArray(params.deps)
          ? params.deps.map(String)
          : String(params.deps ?? params.missingProperty).split(", ");
        return `${quoted(String(params.property))} needs ${joinAnd(needed.map(quoted))} beside it`;
      }
      case "enum":
        return `${shownValue(value)} is not ${withIndefiniteArticle(this.fieldNoun(tokens))}; expected one of ${allowedList(
          Array.isArray(params.allowedValues) ? params.allowedValues : [],
        )}`;
      case "const":
        return `${this.subject(tokens)} must be ${shownValue(params.allowedValue)} here, not ${shownValue(value)}`;
      case "type": {
        const expected = String(params.type)
          .split(",")
          .map((type) => typeWords[type] ?? type)
          .join(" or ");
        return `${this.subject(tokens)} must be ${expected}, not ${shownValue(value)}`;
      }
      case "format": {
        const format = String(params.format);
        return `${shownValue(value)} is not ${formatWords[format] ?? withIndefiniteArticle(`valid ${format}`)}`;
      }
      case "pattern":
        return `${shownValue(value)} is not a valid ${this.fieldName(tokens)}: expected text matching ${String(params.pattern)}`;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum": {
        const bound = { ">=": "at least", ">": "more than", "<=": "at most", "<": "less than" }[
          String(params.comparison)
        ];
        return `${this.subject(tokens)} must be ${bound ?? String(params.comparison)} ${String(params.limit)}, not ${shownValue(value)}`;
      }
      case "minLength":
        return params.limit === 1
          ? `${this.subject(tokens)} must not be empty`
          : `${this.subject(tokens)} must be at least ${String(params.limit)} characters long`;
      case "maxLength":
        return `${this.subject(tokens)} must be at most ${String(params.limit)} characters long`;
      case "minItems":
        return params.limit === 1
          ? `${this.subject(tokens)} must not be an empty list`
          : `${this.subject(tokens)} must have at least ${String(params.limit)} items`;
      case "maxItems":
        return `${this.subject(tokens)} must have at most ${String(params.limit)} items`;
      case "discriminator":
        return this.describeTag(tokens, value, params);
      case "false schema":
        return this.describeForbidden(tokens, value);
      case "oneOf":
        return params.passingSchemas == null
          ? `${this.subject(tokens)} has none of the forms allowed here`
          : `${this.subject(tokens)} fits more than one of the forms allowed here, and may fit only one`;
      case "anyOf":
        return `${this.subject(tokens)} has none of the forms allowed here`;
      case "not":
        return `${this.subject(tokens)} has a form that is not allowed here`;
      default:
        return `${this.subject(tokens)} breaks the schema's ${quoted(error.keyword)} rule`;
    }
  }

  private describeTag(tokens: readonly string[], value: unknown, params: Record<string, unknown>): string {
    const tag = String(params.tag);
    const tagValue = isObject(value) ? value[tag] : undefined;
    if (params.error !== "mapping") return `${quoted(tag)} must be a string, not ${shownValue(tagValue)}`;
    const noun = this.itemNoun(tokens);
    const allowed = taggedVocabularies[noun];
    const what = `${noun} ${tag === "type" ? "type" : tag}`;
    return allowed
      ? `${shownValue(tagValue)} is not ${withIndefiniteArticle(what)}; expected one of ${allowedList(allowed)}`
      : `${shownValue(tagValue)} is not a known ${escapeControlCharacters(what)}`;
  }

  private describeForbidden(tokens: readonly string[], value: unknown): string {
    if (isObject(value) && typeof value.type === "string" && mediaPartTypes.has(value.type))
      return `${this.holder(tokens, value)} needs one of ${joinOr(mediaSourceFields.map(quoted))}`;
    return `${this.subject(tokens)} has a combination of fields that is not allowed`;
  }

  private valueAt(tokens: readonly string[]): unknown {
    let current: unknown = this.root;
    for (const token of tokens) {
      if (Array.isArray(current)) current = current[Number(token)];
      else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
      else return undefined;
    }
    return current;
  }

  /**
   * What kind of thing the object at `tokens` is, in words: `message`, `text part`, `usage`. An array item is named
   * by its array (`messages` → `message`), a part or message by its type or role when it has one.
   */
  private itemNoun(tokens: readonly string[]): string {
    const last = tokens.at(-1);
    if (last === undefined) return rootNoun(this.definition, this.root);
    if (/^\d+$/.test(last)) {
      const parent = tokens.at(-2) ?? "";
      return itemNouns[parent] ?? `item of ${quoted(parent)}`;
    }
    return escapeControlCharacters(last);
  }

  /** The object at `tokens` as the subject of a sentence: `an assistant message`, `a text part`, `"usage"`. */
  private holder(tokens: readonly string[], value: unknown): string {
    const last = tokens.at(-1);
    const noun = this.itemNoun(tokens);
    if (last !== undefined && !/^\d+$/.test(last)) return quoted(last);
    if (isObject(value)) {
      if (noun === "message" && typeof value.role === "string" && /^[\w-]+$/.test(value.role))
        return withIndefiniteArticle(`${value.role} message`);
      if (noun === "part" && typeof value.type === "string" && /^[\w-]+$/.test(value.type))
        return withIndefiniteArticle(`${value.type} part`);
    }
    return noun.startsWith("item of ") ? `${noun.replace(/^item/, "an item")}` : withIndefiniteArticle(noun);
  }

  /** The value at `tokens` as the subject of a sentence: `"seq"`, `item 2 of "summary"`, `a message`, `the value`. */
  private subject(tokens: readonly string[]): string {
    const last = tokens.at(-1);
    if (last === undefined) return withIndefiniteArticle(rootNoun(this.definition, this.root));
    if (!/^\d+$/.test(last)) return quoted(last);
    const parent = tokens.at(-2) ?? "";
    return itemNouns[parent] ? withIndefiniteArticle(itemNouns[parent]) : `item ${last} of ${quoted(parent)}`;
  }

  /** The field at `tokens` by name, for "is not a valid …": `"path"`, or the definition's words at the root. */
  private fieldName(tokens: readonly string[]): string {
    const last = tokens.at(-1);
    if (last === undefined) return definitionWords(this.definition);
    return /^\d+$/.test(last) ? `item of ${quoted(tokens.at(-2) ?? "")}` : quoted(last);
  }

  /** What a value of the field at `tokens` is called: `role`, `status`, `block type`, `event type`. */
  private fieldNoun(tokens: readonly string[]): string {
    const last = tokens.at(-1);
    if (last === undefined) return definitionWords(this.definition);
    if (/^\d+$/.test(last)) return `value of ${quoted(tokens.at(-2) ?? "")}`;
    if (last === "type" || last === "kind") return `${this.itemNoun(tokens.slice(0, -1))} ${last}`;
    return escapeControlCharacters(last);
  }
}

/** The validated value itself: `transcript`, `event`, or for a part its type (`tool_call part`). */
function rootNoun(definition: string, root: unknown): string {
  if (definition === "Part" && isObject(root) && typeof root.type === "string" && /^[\w-]+$/.test(root.type))
    return `${root.type} part`;
  return definitionWords(definition);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
