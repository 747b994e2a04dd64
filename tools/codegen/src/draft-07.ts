import { escapePointer, type JsonSchema } from "./schema-set.js";

export const draft07MetaSchema = "http://json-schema.org/draft-07/schema#";

/**
 * One of our draft 2020-12 schema documents rewritten as draft-07, for validators that stop there (Go's
 * gojsonschema reads draft-04, -06 and -07 only). It accepts exactly the same values: every keyword we use either
 * means the same in draft-07 or has a draft-07 spelling.
 * - `$defs` becomes `definitions`, and every `$ref` fragment `#/$defs/…` becomes `#/definitions/…`;
 * - `dependentRequired` and `dependentSchemas` (2019-09) become `dependencies`, which held both before;
 * - a `$ref` beside other keywords moves into an `allOf`: draft-07 ignores a `$ref`'s siblings, 2019-09 and later
 *   apply them too;
 * - `$schema` names draft-07;
 * - our generators' annotations (`x-extensible`, `x-tolerant-also`, `tsType`) are left out: they validate nothing,
 *   and `x-tolerant-also` holds `$defs` references of the source.
 * A keyword with no draft-07 equivalent (`prefixItems`, `unevaluatedProperties`, `minContains`, …) or that this
 * function does not know throws, naming it and where it is, rather than being dropped: dropping a keyword
 * silently would widen what the schema accepts.
 */
export function toDraft07(document: JsonSchema): JsonSchema {
  const translated = translate(document, "") as JsonSchema;
  translated.$schema = draft07MetaSchema;
  return translated;
}

/** Keywords that mean the same in draft-07 and 2020-12 (or are annotations that validate nothing). */
const sameMeaning = new Set([
  "$id",
  "$schema",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
  "contentEncoding",
  "contentMediaType",
  "type",
  "enum",
  "const",
  "format",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "required",
  "minProperties",
  "maxProperties",
  "minItems",
  "maxItems",
  "uniqueItems",
]);
/** ajv's `discriminator` (OpenAPI's): an annotation to other validators, and true of the `oneOf` it sits on. */
const annotations = new Set(["discriminator"]);
/** Annotations only our generators read. */
const generatorAnnotations = new Set(["x-extensible", "x-tolerant-also", "tsType"]);
const subschema = new Set(["additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "items"]);
const subschemaList = new Set(["allOf", "anyOf", "oneOf"]);
const subschemaMap = new Set(["properties", "patternProperties"]);

function translate(node: unknown, pointer: string): unknown {
  if (typeof node === "boolean") return node;
  if (typeof node !== "object" || node === null || Array.isArray(node))
    throw new Error(`${pointer || "/"}: a schema is an object or a boolean`);
  const schema = node as JsonSchema;
  const result: JsonSchema = {};
  const dependencies: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${pointer}/${keyword}`;
    if (generatorAnnotations.has(keyword)) continue;
    if (sameMeaning.has(keyword) || annotations.has(keyword)) result[keyword] = value;
    else if (keyword === "$ref") result.$ref = draft07Reference(String(value));
    else if (keyword === "$defs") result.definitions = translateMap(value, at);
    else if (subschemaMap.has(keyword)) result[keyword] = translateMap(value, at);
    else if (subschema.has(keyword)) {
      if (keyword === "items" && Array.isArray(value))
        throw new Error(`${at}: an items array is not 2020-12 (prefixItems is), and has no draft-07 translation here`);
      result[keyword] = translate(value, at);
    } else if (subschemaList.has(keyword)) {
      if (!Array.isArray(value)) throw new Error(`${at}: ${keyword} is a list of schemas`);
      result[keyword] = value.map((child, index) => translate(child, `${at}/${index}`));
    } else if (keyword === "dependentRequired" || keyword === "dependentSchemas") {
      const entries = keyword === "dependentRequired" ? (value as Record<string, unknown>) : translateMap(value, at);
      for (const [property, dependency] of Object.entries(entries)) {
        // draft-07's dependencies holds one of the two per property.
        if (property in dependencies)
          throw new Error(`${at}/${escapePointer(property)}: both dependentRequired and dependentSchemas`);
        dependencies[property] = dependency;
      }
    } else throw new Error(`${at}: ${keyword} has no draft-07 translation`);
  }
  if (Object.keys(dependencies).length > 0) result.dependencies = dependencies;
  if (typeof result.$ref === "string" && Object.keys(result).some((keyword) => keyword !== "$ref")) {
    const { $ref, ...siblings } = result;
    const allOf = Array.isArray(siblings.allOf) ? siblings.allOf : [];
    return { ...siblings, allOf: [{ $ref }, ...allOf] };
  }
  return result;
}

function translateMap(value: unknown, pointer: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${pointer}: expected an object of schemas`);
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => [name, translate(child, `${pointer}/${escapePointer(name)}`)]),
  );
}

/** A `$ref` (relative or absolute) into a 2020-12 document, as it reads in the draft-07 translation. */
export function draft07Reference(reference: string): string {
  const hash = reference.indexOf("#");
  if (hash === -1) return reference;
  const fragment = reference.slice(hash + 1);
  return `${reference.slice(0, hash)}#${fragment.replace(/^\/\$defs(?=\/|$)/, "/definitions")}`;
}
