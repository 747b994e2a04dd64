import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { schemaBaseUrl, schemasRoot } from "./paths.js";
import { portablePatternProblems } from "./portable-pattern.js";

export type JsonSchema = { [keyword: string]: unknown };

export interface SchemaFile {
  /** Major version folder, e.g. `v1`. */
  version: string;
  /** Repository-relative path, e.g. `schemas/v1/event.schema.json`. */
  sourcePath: string;
  /** File name without `.schema.json`, e.g. `event` (kebab-case). */
  slug: string;
  /** The `$id`. */
  id: string;
  /** The top-level entity's name (its `title`), e.g. `Event`. */
  title: string;
  schema: JsonSchema;
  /** Names of the file's `$defs`, each of which is a definition with examples and a validator. */
  definitionNames: string[];
}

export class SchemaLintError extends Error {
  constructor(readonly problems: string[]) {
    super(`schema lint failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

const versionFolderPattern = /^v[1-9]\d*$/;
const titlePattern = /^[A-Z][A-Za-z0-9]*$/;

/** Every `*.schema.json` in a version folder (`schemas/v1/…`); examples and generated output are not sources. */
export function loadSchemaSet(root: string = schemasRoot): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const version of readdirSync(root).sort()) {
    const folder = path.join(root, version);
    if (!versionFolderPattern.test(version) || !statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith(".schema.json")) continue;
      const absolutePath = path.join(folder, name);
      const schema = JSON.parse(readFileSync(absolutePath, "utf8")) as JsonSchema;
      const definitions = (schema.$defs ?? {}) as Record<string, JsonSchema>;
      files.push({
        version,
        // Named as it is in the repository whichever checkout it was read from, so banners are stable.
        sourcePath: `schemas/${version}/${name}`,
        slug: name.slice(0, -".schema.json".length),
        id: String(schema.$id),
        title: String(schema.title),
        schema,
        definitionNames: Object.keys(definitions),
      });
    }
  }
  const problems = lintSchemaSet(files);
  if (problems.length > 0) throw new SchemaLintError(problems);
  return files;
}

/** The house rules every source schema follows; each is a contract other generators and readers rely on. */
export function lintSchemaSet(files: SchemaFile[]): string[] {
  const problems: string[] = [];
  const titles = new Map<string, string>();
  for (const file of files) {
    const where = file.sourcePath;
    const expectedId = `${schemaBaseUrl}${file.version}/${file.slug}.schema.json`;
    if (file.schema.$schema !== "https://json-schema.org/draft/2020-12/schema") {
      problems.push(`${where}: $schema must be https://json-schema.org/draft/2020-12/schema`);
    }
    if (file.id !== expectedId) problems.push(`${where}: $id must be ${expectedId}`);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(file.slug)) problems.push(`${where}: file names are kebab-case`);
    if (!titlePattern.test(file.title)) problems.push(`${where}: title must be a PascalCase type name`);
    if (typeof file.schema.description !== "string")
      problems.push(`${where}: the top-level entity needs a description`);
    const names = [file.title, ...file.definitionNames];
    for (const name of names) {
      const previous = titles.get(`${file.version}/${name}`);
      if (previous) problems.push(`${where}: definition name ${name} is already used in ${previous}`);
      titles.set(`${file.version}/${name}`, where);
    }
    for (const [name, definition] of Object.entries((file.schema.$defs ?? {}) as Record<string, JsonSchema>)) {
      if (!titlePattern.test(name)) problems.push(`${where}#/$defs/${name}: definition names are PascalCase`);
      if (definition.title !== name) problems.push(`${where}#/$defs/${name}: title must equal the definition name`);
      if (typeof definition.description !== "string") problems.push(`${where}#/$defs/${name}: needs a description`);
    }
    walkSchema(file.schema, "", (schema, pointer) => lintSubschema(schema, `${where}#${pointer}`, problems));
  }
  return problems;
}

function lintSubschema(schema: JsonSchema, where: string, problems: string[]): void {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  // Conditions (if/then/else/not) restate properties declared elsewhere; the declaration carries the description.
  const isCondition = /\/(?:if|then|else|not)(?:\/|$)/.test(where);
  if (properties && !isCondition) {
    for (const [name, property] of Object.entries(properties)) {
      const isReference = typeof property.$ref === "string";
      if (!isReference && typeof property.description !== "string") {
        problems.push(`${where}/properties/${name}: every property needs a description`);
      }
    }
  }
  if (schema["x-extensible"] !== undefined) {
    const isStringEnum = Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string");
    const isDiscriminatedUnion = Array.isArray(schema.oneOf) && isDiscriminator(schema.discriminator);
    if (schema["x-extensible"] !== true || !(isStringEnum || isDiscriminatedUnion)) {
      problems.push(`${where}: x-extensible is true on a string enum or a oneOf with a discriminator, nothing else`);
    }
  }
  if (schema["x-tolerant-also"] !== undefined) {
    const alternatives = schema["x-tolerant-also"];
    if (
      !Array.isArray(alternatives) ||
      alternatives.length === 0 ||
      !alternatives.every((item) => typeof item === "object" && item !== null)
    ) {
      problems.push(`${where}: x-tolerant-also is a non-empty list of schemas a tolerant reader accepts as well`);
    }
  }
  if (typeof schema.$ref === "string" && /^[a-z]+:/i.test(schema.$ref)) {
    problems.push(`${where}: $ref must be relative (resolved locally against $id), not ${schema.$ref}`);
  }
  // Every validator of every language must read a pattern the same way (schemas/README.md, Portability).
  if (schema.pattern !== undefined) {
    if (typeof schema.pattern !== "string") problems.push(`${where}/pattern: a pattern is a string`);
    else
      for (const problem of portablePatternProblems(schema.pattern))
        problems.push(`${where}/pattern: ${JSON.stringify(schema.pattern)} ${problem}`);
  }
  for (const key of Object.keys((schema.patternProperties ?? {}) as Record<string, unknown>)) {
    for (const problem of portablePatternProblems(key))
      problems.push(`${where}/patternProperties/${escapePointer(key)}: ${JSON.stringify(key)} ${problem}`);
  }
  if ("unevaluatedProperties" in schema || "$dynamicRef" in schema) {
    problems.push(`${where}: unevaluatedProperties and $dynamicRef are avoided (generators drop them; ajv is slower)`);
  }
}

function isDiscriminator(value: unknown): value is { propertyName: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { propertyName?: unknown }).propertyName === "string"
  );
}

const schemaMapKeywords = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;
const schemaKeywords = [
  "items",
  "additionalProperties",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
] as const;
const schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/** Visits every subschema (pre-order) with its JSON pointer from the document root. */
export function walkSchema(
  schema: unknown,
  pointer: string,
  visit: (schema: JsonSchema, pointer: string) => void,
): void {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
  const node = schema as JsonSchema;
  visit(node, pointer);
  for (const keyword of schemaMapKeywords) {
    const map = node[keyword] as Record<string, unknown> | undefined;
    if (map)
      for (const [key, child] of Object.entries(map))
        walkSchema(child, `${pointer}/${keyword}/${escapePointer(key)}`, visit);
  }
  for (const keyword of schemaKeywords) walkSchema(node[keyword], `${pointer}/${keyword}`, visit);
  for (const keyword of schemaArrayKeywords) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((child, index) => walkSchema(child, `${pointer}/${keyword}/${index}`, visit));
  }
}

export function escapePointer(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
