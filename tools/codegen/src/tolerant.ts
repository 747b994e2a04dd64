import { schemaBaseUrl } from "./paths.js";
import type { JsonSchema, SchemaFile } from "./schema-set.js";

/**
 * The tolerant twin of a source schema: what a reader of this major version accepts from a writer of any newer
 * minor version. It differs from the strict source in exactly three ways:
 * - objects accept unknown properties (`additionalProperties: false` is dropped);
 * - string enums marked `x-extensible` accept any string;
 * - discriminated unions marked `x-extensible` accept an object whose tag is not one of the known members,
 *   while a known tag must still match its own member.
 * - a schema marked `x-tolerant-also: [alternatives]` also accepts each alternative: shapes another system writes
 *   where our writers are stricter (AWF's own content blocks, its null run.started payload), which readers fold in.
 * Everything else (types, required fields, formats, the major version) stays as strict as the source.
 */
/**
 * `validation` (the default) dispatches an extensible union on its tag: a known tag is checked against its own
 * member only (ajv's discriminator, as fast as the strict twin), any other tag against the unknown-member schema.
 * `types` writes the same union as a plain `anyOf`, which is what json-schema-to-typescript turns into a union type
 * (it ignores if/then/else). Both accept exactly the same values.
 */
export type TolerantShape = "validation" | "types";

export function tolerantSchema(
  file: SchemaFile,
  files: readonly SchemaFile[],
  shape: TolerantShape = "validation",
): JsonSchema {
  const transformed = transform(file.schema, file.id, files, shape) as JsonSchema;
  transformed.$id = tolerantId(file.id);
  return transformed;
}

export function tolerantId(id: string): string {
  if (!id.startsWith(schemaBaseUrl)) throw new Error(`not one of our schema ids: ${id}`);
  const [version, ...rest] = id.slice(schemaBaseUrl.length).split("/");
  return `${schemaBaseUrl}${version}/tolerant/${rest.join("/")}`;
}

function transform(node: unknown, baseId: string, files: readonly SchemaFile[], shape: TolerantShape): unknown {
  if (Array.isArray(node)) return node.map((child) => transform(child, baseId, files, shape));
  if (typeof node !== "object" || node === null) return node;
  const schema = node as JsonSchema;
  const alternatives = schema["x-tolerant-also"];
  if (Array.isArray(alternatives)) {
    const { "x-tolerant-also": _alternatives, ...own } = schema;
    return {
      anyOf: [
        transform(own, baseId, files, shape),
        ...alternatives.map((alternative) => transform(alternative, baseId, files, shape)),
      ],
    };
  }
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "additionalProperties" && value === false) continue;
    if (keyword === "x-extensible") continue;
    // A closed union keeps its discriminator; an extensible one gets its own dispatch below.
    if (keyword === "discriminator" && schema["x-extensible"] === true) continue;
    // Keyword values that are data, not subschemas, are copied as they are.
    result[keyword] =
      keyword === "enum" || keyword === "const" || keyword === "examples"
        ? value
        : transform(value, baseId, files, shape);
  }
  if (schema["x-extensible"] === true && Array.isArray(schema.enum)) {
    delete result.enum;
    result.type = "string";
  }
  if (schema["x-extensible"] === true && Array.isArray(schema.oneOf)) {
    const tag = (schema.discriminator as { propertyName: string }).propertyName;
    const knownTags = schema.oneOf.map((member) => memberTag(member as JsonSchema, tag, baseId, files));
    const members = result.oneOf as unknown[];
    delete result.oneOf;
    const unknownMember = {
      title: `Unknown${String(schema.title ?? "Member")}`,
      description: `A member added by a newer minor version: its \`${tag}\` is none of the known values. Readers keep it unchanged.`,
      type: "object",
      properties: { [tag]: { description: "The member's tag.", type: "string", not: { enum: knownTags } } },
      required: [tag],
    };
    if (shape === "types") {
      result.anyOf = [...members, unknownMember];
    } else {
      result.if = { type: "object", properties: { [tag]: { enum: knownTags } }, required: [tag] };
      result.then = { oneOf: members, discriminator: { propertyName: tag } };
      result.else = unknownMember;
    }
  }
  return result;
}

/** The tag value (`const`) of one member of a discriminated union, its `$ref` resolved within the schema set. */
export function memberTag(member: JsonSchema, tag: string, baseId: string, files: readonly SchemaFile[]): string {
  const resolved = typeof member.$ref === "string" ? resolveReference(member.$ref, baseId, files) : member;
  const tagSchema = (resolved.properties as Record<string, JsonSchema> | undefined)?.[tag];
  if (typeof tagSchema?.const !== "string")
    throw new Error(`union member has no string const ${tag}: ${JSON.stringify(member)}`);
  return tagSchema.const;
}

/** Resolves a relative `$ref` against the schema set only: no network, ever. */
export function resolveReference(reference: string, baseId: string, files: readonly SchemaFile[]): JsonSchema {
  const url = new URL(reference, baseId);
  const fragment = decodeURIComponent(url.hash.replace(/^#/, ""));
  url.hash = "";
  const file = files.find((candidate) => candidate.id === url.href);
  if (!file) throw new Error(`$ref ${reference} from ${baseId} names no schema in schemas/`);
  let target: unknown = file.schema;
  for (const token of fragment.split("/").slice(1)) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    target = (target as Record<string, unknown> | undefined)?.[key];
  }
  if (typeof target !== "object" || target === null)
    throw new Error(`$ref ${reference} from ${baseId} points at nothing`);
  return target as JsonSchema;
}
