import { banner } from "./banner.js";
import { jsonSchemaAnnotationKeywords } from "./keywords.js";
import type { JsonSchema } from "./schema-set.js";
import { annotationKeywords, type SchemaForValidation, type ValidatorVariant } from "./validators.js";

/**
 * Yes/no validators for the definitions every reader validates over and over (a document's messages and parts, an
 * event log's events), written out as plain checks instead of ajv's generic code. ajv's validators are compiled with
 * `allErrors` (callers are shown every error) and carry the bookkeeping that needs on every object they visit, even
 * when nothing is wrong; these only answer whether a value is valid and stop at the first doubt. ajv stays the
 * reference: core's wrappers ask these first and, whenever one says no, run ajv for the answer and its errors, so an
 * error is always ajv's, and a property test holds these to ajv's verdict on every schema example and on generated
 * values.
 *
 * Only the keywords our schemas use are translated, each with ajv's meaning (type-specific keywords apply to their
 * type only, `properties` and `required` see a property whose value is `undefined` as absent, `additionalProperties`
 * walks `for…in` keys, numbers must be finite, lengths count code points, patterns run with the `u` flag, the
 * discriminator picks its `oneOf` branch by the tag's `const`/`enum`). Anything else throws here, at generation time,
 * rather than be translated wrongly.
 */

/** The definitions that get a specialised validator, by schema file slug: the hot ones. */
export const fastDefinitions: Readonly<Record<string, readonly string[]>> = {
  transcript: ["Transcript"],
  message: ["Message"],
  part: ["Part"],
  event: ["Event", "MessagePayload", "ToolPayload"],
};

/** Keywords that change nothing about which values pass (ajv treats the content keywords as annotations). */
const ignoredKeywords = new Set<string>([
  ...annotationKeywords,
  ...jsonSchemaAnnotationKeywords,
  "$schema",
  "$id",
  "$defs",
]);

const handledKeywords = new Set<string>([
  "type",
  "$ref",
  "enum",
  "const",
  "pattern",
  "minLength",
  "maxLength",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "properties",
  "required",
  "additionalProperties",
  "dependentRequired",
  "minProperties",
  "items",
  "minItems",
  "maxItems",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "discriminator",
]);

type Schema = JsonSchema | boolean;

interface Located {
  schema: Schema;
  /** The `$id` of the document it lives in: `$ref`s inside resolve against it. */
  base: string;
}

class FastValidatorWriter {
  private readonly functionNames = new Map<Schema, string>();
  private readonly bodies: string[] = [];
  private readonly namesByBody = new Map<string, string>();
  private readonly constants: string[] = [];
  private readonly pending: Array<{ name: string; located: Located }> = [];
  readonly formatsUsed = new Set<string>();
  usesCodePointLength = false;

  constructor(private readonly resources: ReadonlyMap<string, JsonSchema>) {}

  /** The name of the function checking `located`, written once however often it is referred to. */
  functionFor(located: Located): string {
    // A schema that is only a reference is checked by its target's function.
    const { schema } = located;
    if (
      typeof schema === "object" &&
      typeof schema.$ref === "string" &&
      Object.keys(schema).every(
        (keyword) => keyword === "$ref" || ignoredKeywords.has(keyword) || keyword.startsWith("x-"),
      )
    )
      return this.functionFor(this.resolve(schema.$ref, located.base));
    const known = this.functionNames.get(located.schema);
    if (known !== undefined) return known;
    const name = `check${this.functionNames.size}`;
    this.functionNames.set(located.schema, name);
    this.pending.push({ name, located });
    return name;
  }

  /**
   * Writes every function reachable from the ones asked for so far. Schemas written alike in many places (a string
   * property's `{ "type": "string" }`, a shared shape repeated) make the same body: it is written once, and the other
   * names are that function.
   */
  drain(): void {
    for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift()) {
      const body = this.statements(next.located);
      const same = this.namesByBody.get(body);
      if (same !== undefined) this.bodies.push(`const ${next.name} = ${same};`);
      else {
        this.namesByBody.set(body, next.name);
        this.bodies.push(`function ${next.name}(data) {\n${body}\n}`);
      }
    }
  }

  module(): string {
    return [...this.constants, ...this.bodies].join("\n");
  }

  resolve(reference: string, base: string): Located {
    const url = new URL(reference, base);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ""));
    url.hash = "";
    const document = this.resources.get(url.href);
    if (document === undefined) throw new Error(`fast validators: cannot resolve $ref ${reference} from ${base}`);
    let schema: unknown = document;
    if (fragment !== "") {
      if (!fragment.startsWith("/")) throw new Error(`fast validators: unsupported $ref fragment ${reference}`);
      for (const token of fragment.slice(1).split("/")) {
        const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
        schema = (schema as Record<string, unknown> | undefined)?.[key];
      }
    }
    if (typeof schema !== "boolean" && (typeof schema !== "object" || schema === null))
      throw new Error(`fast validators: $ref ${reference} from ${base} points at nothing`);
    return { schema: schema as Schema, base: url.href };
  }

  private readonly constantNames = new Map<string, string>();

  /** A module-level constant (a compiled pattern, a set of names), shared by every check that needs the same one. */
  private constant(prefix: string, expression: string): string {
    const known = this.constantNames.get(expression);
    if (known !== undefined) return known;
    const name = `${prefix}${this.constants.length}`;
    this.constantNames.set(expression, name);
    this.constants.push(`const ${name} = ${expression};`);
    return name;
  }

  /** The body of a function `(data) => boolean` for one schema. */
  private statements({ schema, base }: Located): string {
    if (schema === true) return "  return true;";
    if (schema === false) return "  return false;";
    for (const keyword of Object.keys(schema)) {
      if (ignoredKeywords.has(keyword) || keyword.startsWith("x-")) continue;
      if (!handledKeywords.has(keyword)) throw new Error(`fast validators: keyword ${keyword} is not translated`);
    }
    if (schema.$id !== undefined && schema.$id !== base)
      throw new Error(`fast validators: a nested $id (${String(schema.$id)}) is not supported`);
    const lines: string[] = [];
    const fail = (condition: string): void => {
      lines.push(`  if (${condition}) return false;`);
    };
    const sub = (child: unknown): string => this.functionFor({ schema: child as Schema, base });

    const types = schema.type === undefined ? undefined : ([] as string[]).concat(schema.type as string | string[]);
    if (types !== undefined) fail(`!(${typesCheck(types)})`);
    const only = (type: string): boolean => types !== undefined && types.length === 1 && types[0] === type;

    if (typeof schema.$ref === "string") fail(`!${this.functionFor(this.resolve(schema.$ref, base))}(data)`);

    if (schema.const !== undefined) fail(`data !== ${primitiveLiteral(schema.const)}`);
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.map(primitiveLiteral);
      if (values.length <= 4) fail(`!(${values.map((value) => `data === ${value}`).join(" || ")})`);
      else fail(`!${this.constant("members", `new Set([${values.join(", ")}])`)}.has(data)`);
    }

    const stringChecks: string[] = [];
    if (typeof schema.pattern === "string") {
      const pattern = this.constant("pattern", `new RegExp(${JSON.stringify(schema.pattern)}, "u")`);
      stringChecks.push(`!${pattern}.test(data)`);
    }
    if (typeof schema.minLength === "number") {
      const minimum = schema.minLength;
      this.usesCodePointLength = true;
      // A string has at least half as many code points as UTF-16 code units, and at most as many.
      stringChecks.push(`(data.length < ${2 * minimum} && codePointLength(data) < ${minimum})`);
    }
    if (typeof schema.maxLength === "number") {
      const maximum = schema.maxLength;
      this.usesCodePointLength = true;
      stringChecks.push(`(data.length > ${maximum} && codePointLength(data) > ${maximum})`);
    }
    if (typeof schema.format === "string") {
      this.formatsUsed.add(schema.format);
      stringChecks.push(`!${formatIdentifier(schema.format)}(data)`);
    }
    this.guarded(lines, only("string"), "string", stringChecks);

    const numberChecks: string[] = [];
    if (typeof schema.minimum === "number") numberChecks.push(`data < ${schema.minimum}`);
    if (typeof schema.maximum === "number") numberChecks.push(`data > ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number") numberChecks.push(`data <= ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === "number") numberChecks.push(`data >= ${schema.exclusiveMaximum}`);
    this.guarded(lines, only("number") || only("integer"), "number", numberChecks);

    const objectLines: string[] = [];
    const objectFail = (condition: string): void => {
      objectLines.push(`  if (${condition}) return false;`);
    };
    for (const name of (schema.required ?? []) as string[]) objectFail(`data[${JSON.stringify(name)}] === undefined`);
    if (typeof schema.minProperties === "number") objectFail(`Object.keys(data).length < ${schema.minProperties}`);
    for (const [name, needs] of Object.entries((schema.dependentRequired ?? {}) as Record<string, string[]>)) {
      if (needs.length === 0) continue;
      const missing = needs.map((need) => `data[${JSON.stringify(need)}] === undefined`).join(" || ");
      objectFail(`data[${JSON.stringify(name)}] !== undefined && (${missing})`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const names = Object.keys(properties);
    for (const name of names)
      if (name in Object.prototype) throw new Error(`fast validators: property ${name} is also Object.prototype's`);
    const additional = schema.additionalProperties as Schema | undefined;
    if (names.length > 3 || (additional !== undefined && additional !== true)) {
      // One pass over the keys the object has, each looked up among the schema's, instead of a lookup of every
      // property the schema names (most of them absent: a message has five of its twenty): what ajv reads as
      // absent (an undefined value) is skipped, and keys of a prototype other than Object's are ajv's to judge.
      const unknown =
        additional === undefined || additional === true
          ? "break;"
          : additional === false
            ? "return false;"
            : `if (!${sub(additional)}(value)) return false; break;`;
      const cases = names.map((name) => {
        const child = properties[name] as Schema;
        const check = child === true ? "" : ` if (value !== undefined && !${sub(child)}(value)) return false;`;
        return `      case ${JSON.stringify(name)}:${check} break;`;
      });
      objectLines.push(
        "  const prototype = Object.getPrototypeOf(data);",
        "  if (prototype !== Object.prototype && prototype !== null) return false;",
        "  for (const key in data) {",
        "    const value = data[key];",
        "    switch (key) {",
        ...cases,
        `      default: ${unknown}`,
        "    }",
        "  }",
      );
    } else {
      for (const [name, child] of Object.entries(properties)) {
        if (child === true) continue;
        const value = `data[${JSON.stringify(name)}]`;
        objectFail(`${value} !== undefined && !${sub(child)}(${value})`);
      }
    }
    if (schema.discriminator !== undefined) objectLines.push(...this.discriminator(schema, base));
    if (objectLines.length > 0) {
      if (only("object")) lines.push(...objectLines);
      else lines.push(`  if (${typesCheck(["object"])}) {`, ...objectLines.map((line) => `  ${line}`), "  }");
    }

    const arrayChecks: string[] = [];
    if (typeof schema.minItems === "number") arrayChecks.push(`data.length < ${schema.minItems}`);
    if (typeof schema.maxItems === "number") arrayChecks.push(`data.length > ${schema.maxItems}`);
    const items = schema.items as Schema | undefined;
    const arrayLines = arrayChecks.map((check) => `  if (${check}) return false;`);
    if (items !== undefined && items !== true) {
      if (items === false) arrayLines.push("  if (data.length > 0) return false;");
      else {
        const item = sub(items);
        arrayLines.push(
          `  for (let index = 0; index < data.length; index += 1) if (!${item}(data[index])) return false;`,
        );
      }
    }
    if (arrayLines.length > 0) {
      if (only("array")) lines.push(...arrayLines);
      else lines.push("  if (Array.isArray(data)) {", ...arrayLines.map((line) => `  ${line}`), "  }");
    }

    for (const child of (schema.allOf ?? []) as Schema[]) fail(`!${sub(child)}(data)`);
    if (Array.isArray(schema.anyOf)) fail(`!(${schema.anyOf.map((child) => `${sub(child)}(data)`).join(" || ")})`);
    if (Array.isArray(schema.oneOf) && schema.discriminator === undefined) {
      lines.push("  let matched = 0;");
      for (const child of schema.oneOf) lines.push(`  if (${sub(child)}(data)) matched += 1;`);
      fail("matched !== 1");
    }
    if (schema.not !== undefined) fail(`${sub(schema.not)}(data)`);
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      const then = schema.then === undefined ? "true" : `${sub(schema.then)}(data)`;
      const otherwise = schema.else === undefined ? "true" : `${sub(schema.else)}(data)`;
      fail(`!(${sub(schema.if)}(data) ? ${then} : ${otherwise})`);
    }
    lines.push("  return true;");
    return lines.join("\n");
  }

  /** Checks that apply to one type only, guarded by that type unless `type` already proved it. */
  private guarded(lines: string[], proven: boolean, type: string, checks: readonly string[]): void {
    if (checks.length === 0) return;
    const condition = checks.join(" || ");
    if (proven) lines.push(`  if (${condition}) return false;`);
    else lines.push(`  if (${typesCheck([type])} && (${condition})) return false;`);
  }

  /** ajv's discriminator: the tag must be a string naming a branch, and that branch alone decides. */
  private discriminator(schema: JsonSchema, base: string): string[] {
    const { propertyName, mapping } = schema.discriminator as { propertyName?: unknown; mapping?: unknown };
    if (typeof propertyName !== "string" || mapping !== undefined || !Array.isArray(schema.oneOf))
      throw new Error("fast validators: a discriminator needs propertyName and oneOf, and no mapping");
    const entries: string[] = [];
    for (const branch of schema.oneOf as Schema[]) {
      let target: Located = { schema: branch, base };
      if (typeof branch === "object" && typeof branch.$ref === "string" && Object.keys(branch).length === 1)
        target = this.resolve(branch.$ref, base);
      const tagSchema =
        typeof target.schema === "object"
          ? ((target.schema.properties ?? {}) as Record<string, JsonSchema>)[propertyName]
          : undefined;
      const tags = tagSchema?.const !== undefined ? [tagSchema.const] : (tagSchema?.enum as unknown[] | undefined);
      if (tags === undefined) throw new Error(`fast validators: a discriminator branch has no const or enum tag`);
      const check = this.functionFor({ schema: branch, base });
      for (const tag of tags) entries.push(`[${primitiveLiteral(tag)}, ${check}]`);
    }
    const branches = this.constant("branches", `new Map([${entries.join(", ")}])`);
    const lines = [
      `  const branch = typeof data[${JSON.stringify(propertyName)}] === "string" ? ${branches}.get(data[${JSON.stringify(propertyName)}]) : undefined;`,
      "  if (branch === undefined || !branch(data)) return false;",
    ];
    return lines;
  }
}

/** ajv's type checks (numbers finite, as its strict mode has it). */
function typesCheck(types: readonly string[]): string {
  return types
    .map((type) => {
      switch (type) {
        case "object":
          return `(typeof data === "object" && data !== null && !Array.isArray(data))`;
        case "array":
          return "Array.isArray(data)";
        case "string":
          return `typeof data === "string"`;
        case "number":
          return `(typeof data === "number" && isFinite(data))`;
        case "integer":
          return "Number.isInteger(data)";
        case "boolean":
          return `typeof data === "boolean"`;
        case "null":
          return "data === null";
        default:
          throw new Error(`fast validators: unknown type ${type}`);
      }
    })
    .join(" || ");
}

function primitiveLiteral(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean" || typeof value === "number")
    return JSON.stringify(value);
  throw new Error("fast validators: only primitive const and enum values are translated");
}

function formatIdentifier(format: string): string {
  return `format_${format.replaceAll(/[^a-z0-9]/gi, "_")}`;
}

/**
 * The module of specialised validators for one variant (`validators/hot-definitions.<variant>.fast.js`): every hot definition of
 * every schema file (`fastDefinitions`), each definition's check written once for all of them — a Part's check is the
 * same function whether a Message, an Event or a Transcript reaches it — or undefined when the set has no hot
 * definition.
 */
export function generateFastValidatorModule(
  all: readonly SchemaForValidation[],
  variant: ValidatorVariant,
): { javascript: string; declarations: string; names: readonly string[] } | undefined {
  const resources = new Map(all.map((entry) => [String(entry.schema.$id), entry.schema]));
  const writer = new FastValidatorWriter(resources);
  const names: string[] = [];
  const exported: string[] = [];
  const sources: string[] = [];
  for (const target of all) {
    const hot = fastDefinitions[target.file.slug];
    if (hot === undefined) continue;
    sources.push(target.file.sourcePath);
    const id = String(target.schema.$id);
    for (const name of hot) {
      const located =
        name === target.file.title
          ? { schema: target.schema as Schema, base: id }
          : writer.resolve(`#/$defs/${name}`, id);
      names.push(name);
      exported.push(`export const ${name} = ${writer.functionFor(located)};`);
    }
  }
  if (names.length === 0) return undefined;
  writer.drain();
  const header =
    banner(sources, "//") + `// Variant: ${variant} (specialised yes/no checks; ajv's validator is the reference)\n`;
  const imports: string[] = [];
  const helpers: string[] = [];
  if (writer.formatsUsed.size > 0) {
    imports.push(`import { formats } from "./formats.js";`);
    helpers.push(
      "/** A format of ajv-formats as a test: a regular expression, a function, or an object with `validate`. */",
      "function formatTest(format) {",
      `  const check = typeof format === "object" && format !== null && !(format instanceof RegExp) ? format.validate : format;`,
      "  return check instanceof RegExp ? (text) => check.test(text) : check;",
      "}",
      ...[...writer.formatsUsed].map(
        (format) => `const ${formatIdentifier(format)} = formatTest(formats[${JSON.stringify(format)}]);`,
      ),
    );
  }
  helpers.push("/** A property whose schema accepts anything. */", "function accept() {", "  return true;", "}");
  if (writer.usesCodePointLength)
    helpers.push(
      "/** Length in code points, as ajv counts minLength and maxLength (a surrogate pair is one). */",
      "function codePointLength(text) {",
      "  let length = 0;",
      "  for (let index = 0; index < text.length; index += 1) {",
      "    length += 1;",
      "    const code = text.charCodeAt(index);",
      "    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {",
      "      const next = text.charCodeAt(index + 1);",
      "      if ((next & 0xfc00) === 0xdc00) index += 1;",
      "    }",
      "  }",
      "  return length;",
      "}",
    );
  const javascript = `${header}${imports.join("\n")}\n${helpers.join("\n")}\n${writer.module()}\n${exported.join("\n")}\n`;
  const declarations = `${header}${names
    .map(
      (name) =>
        `/** Whether a value is a valid \`${name}\` (${variant}); no errors: ask the ajv validator for those. */\nexport declare function ${name}(value: unknown): boolean;`,
    )
    .join("\n\n")}\n`;
  return { javascript, declarations, names };
}
