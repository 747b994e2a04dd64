/**
 * An OpenAPI 3.1 document's component schemas, read as JSON Schema 2020-12 (which they are, by OpenAPI 3.1) with two
 * readings of what the documents' authors mean rather than what they literally wrote, each counted so a report can
 * say how often it applied:
 *
 * - `oneOf` is read as `anyOf`. Both OpenAI's and Mistral's documents are generated from type unions and use `oneOf`
 *   for a union whose branches overlap: a Responses user message `{ role: "user", content: "…" }` matches both
 *   `EasyInputMessage` and the `Item` union's `InputMessage`, so a literal `oneOf` (exactly one branch) refuses
 *   requests the API takes and the SDKs send. Deciding per `oneOf` whether its branches can overlap is undecidable
 *   in general; every union in these documents means "one of these shapes", which is `anyOf`.
 * - `nullable: true` (an OpenAPI 3.0 keyword, still written about a hundred times in OpenAI's 3.1 document) adds
 *   `null` to the schema's values: JSON Schema ignores the keyword, which would refuse the `null` the authors allow.
 *
 * Everything else is taken as written: `required`, `enum`, `additionalProperties: false`, lengths and ranges.
 * Formats are checked with ajv-formats; a format it does not know (`unixtime`) is an annotation only.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under Node's ESM (and tsx) its default import is the module object, whose `default` is
// the function; under a bundler it is the function itself.
type AddFormats = typeof addFormatsModule.default;
const addFormats: AddFormats =
  typeof addFormatsModule === "function"
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords whose value is one subschema. */
const schemaKeywords = new Set([
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
]);
/** Keywords whose value is an array of subschemas. */
const schemaArrayKeywords = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** Keywords whose value maps names to subschemas (the names are data, never keywords). */
const schemaMapKeywords = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

export interface Readings {
  /** How many `oneOf`s were read as `anyOf`. */
  oneOfAsAnyOf: number;
  /** How many `nullable: true` were read as allowing `null`. */
  nullable: number;
}

/** One schema, rewritten as described above; walks keywords only, so a property named `oneOf` stays a name. */
function rewrite(schema: unknown, readings: Readings): unknown {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    let target = key;
    let next: unknown = value;
    if (schemaKeywords.has(key)) next = rewrite(value, readings);
    else if (schemaArrayKeywords.has(key) && Array.isArray(value)) {
      next = value.map((item) => rewrite(item, readings));
      if (key === "oneOf") {
        target = "anyOf";
        readings.oneOfAsAnyOf += 1;
      }
    } else if (schemaMapKeywords.has(key) && isObject(value))
      next = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, rewrite(item, readings)]));
    if (target === "anyOf" && out.anyOf !== undefined) {
      // Both `oneOf` and `anyOf` on one schema: both must hold.
      out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { anyOf: next }];
      continue;
    }
    Object.defineProperty(out, target, { value: next, enumerable: true, writable: true, configurable: true });
  }
  if (out.nullable === true) {
    readings.nullable += 1;
    delete out.nullable;
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && !out.type.includes("null")) out.type = [...out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined) return { anyOf: [{ type: "null" }, out] };
  }
  return out;
}

/** The component schemas of an OpenAPI document, rewritten, and how often each reading applied. */
export function readComponentSchemas(document: unknown): { schemas: Record<string, unknown>; readings: Readings } {
  const schemas = isObject(document) && isObject(document.components) ? document.components.schemas : undefined;
  if (!isObject(schemas)) throw new Error("not an OpenAPI document: no components.schemas");
  const readings: Readings = { oneOfAsAnyOf: 0, nullable: 0 };
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas))
    Object.defineProperty(out, name, { value: rewrite(schema, readings), enumerable: true });
  return { schemas: out, readings };
}

/** A problem with a value: where in the value (JSON pointer), what, and which rule of the spec says so. */
export interface SpecProblem {
  path: string;
  message: string;
  /** Where the rule is, in the spec's terms (a schema path, or a Smithy shape and member). */
  rule: string;
}

/**
 * ajv's errors as problems. A failed `anyOf` lists every branch's errors, so two rules keep what says what is wrong:
 * - a branch whose `type` tag does not match (an `enum` or `const` error at a `…/type`) is another kind of object,
 *   not a near miss: those errors are left out when others exist;
 * - an error at a place where a deeper error was also found is a branch that failed early (a string was expected
 *   where an object is): only the deepest errors of each place are kept. A missing or unexpected property counts as
 *   at that property, so independent problems (an unknown top-level field, a wrong nested value) are all reported.
 */
export function problemsOf(errors: readonly ErrorObject[] | null | undefined): SpecProblem[] {
  if (!errors || errors.length === 0) return [];
  const isTagMismatch = (error: ErrorObject) =>
    (error.keyword === "enum" || error.keyword === "const") && error.instancePath.endsWith("/type");
  const relevant = errors.filter((error) => !isTagMismatch(error) && error.keyword !== "anyOf");
  const chosen = relevant.length > 0 ? relevant : errors;
  const at = (error: ErrorObject): string => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const property = params.missingProperty ?? params.additionalProperty;
    return property === undefined ? error.instancePath : `${error.instancePath}/${property}`;
  };
  const places = chosen.map(at);
  const seen = new Set<string>();
  const problems: SpecProblem[] = [];
  chosen.forEach((error, index) => {
    const place = places[index] as string;
    if (places.some((other) => other.startsWith(`${place}/`))) return;
    const params = error.keyword === "additionalProperties" ? ` (${JSON.stringify(error.params)})` : "";
    const message =
      error.keyword === "enum" ? `${error.message}: ${JSON.stringify(error.params)}` : `${error.message}${params}`;
    const key = `${error.instancePath} ${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ path: error.instancePath, message: message ?? error.keyword, rule: error.schemaPath });
  });
  return problems;
}

/** A new ajv for specs: 2020-12, every error (for the deepest-error report), formats checked where known. */
export function specAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // Formats the specs use that ajv-formats does not define: annotations (OpenAI's `unixtime` is an integer).
  for (const format of ["unixtime"]) ajv.addFormat(format, true);
  return ajv;
}

/** Validators of one OpenAPI document's component schemas, compiled on first use. */
export class OpenApiValidators {
  readonly readings: Readings;
  readonly schemas: Readonly<Record<string, unknown>>;
  private readonly ajv = specAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly id: string;

  constructor(name: string, document: unknown) {
    const { schemas, readings } = readComponentSchemas(document);
    this.schemas = schemas;
    this.readings = readings;
    this.id = `https://specs.agent-transcript.invalid/${encodeURIComponent(name)}`;
    this.ajv.addSchema({ $id: this.id, components: { schemas } });
  }

  /** Whether the document defines this component schema. */
  has(component: string): boolean {
    return Object.hasOwn(this.schemas, component);
  }

  validate(component: string, value: unknown): SpecProblem[] {
    if (!this.has(component)) throw new Error(`the spec defines no component schema ${component}`);
    let validate = this.compiled.get(component);
    if (validate === undefined) {
      const found = this.ajv.getSchema(
        `${this.id}#/components/schemas/${component.replaceAll("~", "~0").replaceAll("/", "~1")}`,
      );
      if (found === undefined) throw new Error(`ajv could not compile ${component}`);
      validate = found;
      this.compiled.set(component, validate);
    }
    return validate(value) ? [] : problemsOf(validate.errors);
  }
}
