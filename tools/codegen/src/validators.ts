import { Ajv2020, _ } from "ajv/dist/2020.js";
import equal from "ajv/dist/runtime/equal.js";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import uri from "ajv/dist/runtime/uri.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { banner } from "./banner.js";
import { walkSchema, type JsonSchema, type SchemaFile } from "./schema-set.js";

/**
 * ajv's standalone output loads its run-time helpers (string length in code points for minLength, deep equality,
 * URI resolution) with `require(...)`, even in ESM mode, which breaks `import` under plain Node (ajv#2209). Each
 * helper carries the code ajv emits for it in a `code` property; pointing that at an identifier imported from a
 * generated ESM module (`ajv-runtime.js`, which imports the helpers' CommonJS modules with plain `import`
 * statements) makes the output real ESM with no Node built-in, loaded the same way by Node, bundlers and browsers.
 * Only the helpers a module uses are imported, and `ajv-runtime.js` holds only the helpers some module uses.
 */
const runtimeHelpers = [
  { helper: commonJsDefault(ucs2length), name: "ucs2length", module: "ajv/dist/runtime/ucs2length.js" },
  { helper: commonJsDefault(equal), name: "equal", module: "ajv/dist/runtime/equal.js" },
  { helper: commonJsDefault(uri), name: "uri", module: "ajv/dist/runtime/uri.js" },
] as const;
const runtimeIdentifier = (name: string): string => `ajvRuntime_${name}`;

/** A CommonJS module's `exports.default`: Node hands ESM importers `module.exports`, bundlers (vitest) the default itself. */
function commonJsDefault(imported: unknown): { code?: unknown } {
  const isModuleObject =
    typeof imported === "object" && imported !== null && "__esModule" in imported && "default" in imported;
  const candidate: unknown = isModuleObject ? (imported as { default: unknown }).default : imported;
  if (candidate === null || (typeof candidate !== "function" && typeof candidate !== "object"))
    throw new Error("unexpected shape of an ajv module");
  return candidate as { code?: unknown };
}
for (const { helper, name } of runtimeHelpers) (helper as { code: string }).code = runtimeIdentifier(name);

/**
 * The formats module the validators import: ajv-formats' full formats, with a fast path for date-time. Timestamps
 * are the most common formatted value in a transcript, and ajv-formats' check (a split, two capturing regular
 * expressions and number conversions) was a third of all validation time. The fast path accepts only the shape
 * writers emit, with one capture-free regular expression and a days-in-month check; anything else falls back to
 * the full check, so the accepted set is exactly ajv-formats' (a property test compares them).
 */
export function formatsModule(sources: readonly string[]): string {
  return `${banner(sources, "//")}import { fullFormats } from "ajv-formats/dist/formats.js";

const fullDateTime = fullFormats["date-time"];
const commonDateTime = /^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt ](?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$/;
const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (text, index) => text.charCodeAt(index) - 48;

export function dateTime(text) {
  if (!commonDateTime.test(text)) return fullDateTime.validate(text);
  const day = digit(text, 8) * 10 + digit(text, 9);
  if (day <= 28) return true;
  const month = digit(text, 5) * 10 + digit(text, 6);
  if (month !== 2) return day <= daysInMonth[month];
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  return day <= (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28);
}

export const formats = { ...fullFormats, "date-time": { ...fullDateTime, validate: dateTime } };
`;
}

export function formatsDeclarations(sources: readonly string[]): string {
  return `${banner(sources, "//")}/** RFC 3339 date-time with a time zone, exactly as ajv-formats' full mode accepts it. */
export declare function dateTime(text: string): boolean;
/** ajv-formats' full formats with the fast date-time check. */
export declare const formats: Record<string, unknown>;
`;
}

/**
 * The ESM module the validator modules import ajv's run-time helpers from, holding the helpers they use (`used`, by
 * name). ajv's helper modules are CommonJS with `exports.default` and `__esModule`: Node hands an ESM default import
 * the whole `module.exports` (`{ __esModule, default }`), while bundlers that honour `__esModule` (Vite, vitest)
 * hand over `exports.default` itself. The emitted `commonJsDefault` takes the helper out of either shape; its calls
 * are marked pure so that a bundler drops a helper nobody imports.
 */
export function runtimeModule(sources: readonly string[], used: ReadonlySet<string>): string {
  const helpers = runtimeHelpers.filter(({ name }) => used.has(name));
  const imports = helpers.map(({ name, module }) => `import ${name}Module from "${module}";`);
  const exports = helpers.map(({ name }) => `export const ${name} = /* @__PURE__ */ commonJsDefault(${name}Module);`);
  return `${banner(sources, "//")}${imports.join("\n")}

/** A CommonJS module's \`exports.default\`, from what Node (\`module.exports\`) or a bundler (the default) hands over. */
function commonJsDefault(imported) {
  const isModuleObject =
    typeof imported === "object" && imported !== null && imported.__esModule === true && "default" in imported;
  const helper = isModuleObject ? imported.default : imported;
  if (typeof helper !== "function") throw new Error("unexpected shape of an ajv run-time helper module");
  return helper;
}

${exports.join("\n")}
`;
}

/** The names of the run-time helpers a generated validator module imports. */
export function runtimeHelpersUsed(javascript: string): string[] {
  return runtimeHelpers.filter(({ name }) => javascript.includes(runtimeIdentifier(name))).map(({ name }) => name);
}

/**
 * ajv's standalone code gathers a sub-schema's errors with `vErrors = vErrors.concat(validateN.errors)`: a new array
 * holding every error found so far, for each failing item. A document with 100,000 invalid messages took minutes
 * (the time grows with the square of the errors). The errors are appended in place instead, by a helper each module
 * defines; ajv already pushes its own errors onto the same array, so nothing else can hold it.
 */
export function appendErrorsInPlace(code: string): string {
  const rewritten = code.replaceAll(/vErrors\.concat\(([\w$.]+)\)/g, "appendErrors(vErrors, $1)");
  if (rewritten === code) return code;
  return `${rewritten}
/** Appends \`errors\` to \`target\` in place (see appendErrorsInPlace in tools/codegen/src/validators.ts). */
function appendErrors(target, errors) {
  for (let index = 0; index < errors.length; index += 1) target.push(errors[index]);
  return target;
}`;
}

/** Keywords that annotate schemas for our generators; ajv must know them to stay in strict mode. */
export const annotationKeywords = ["x-extensible", "x-tolerant-also", "tsType"] as const;

export type ValidatorVariant = "strict" | "tolerant";

export interface SchemaForValidation {
  file: SchemaFile;
  /** The schema as compiled: the source for strict, its tolerant twin for tolerant. */
  schema: JsonSchema;
}

/**
 * One ajv instance holding every schema of one variant, so cross-file `$ref`s resolve locally by `$id`.
 * The same options serve the tests, the drift check and the standalone output, so all three agree.
 */
export function createAjv(schemas: readonly JsonSchema[], options: { forStandalone: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
    // We never use unevaluatedProperties or unevaluatedItems (the schema lint forbids them); without them ajv drops
    // the bookkeeping of evaluated properties it otherwise does in every validator.
    unevaluated: false,
    // Standalone code must import ajv-formats itself; the default emits a CommonJS require (ajv-formats#68).
    code: options.forStandalone ? { source: true, esm: true, formats: _`formats` } : { source: false },
  });
  ajv.addVocabulary([...annotationKeywords]);
  (commonJsDefault(addFormats) as typeof addFormats.default)(ajv, { mode: "full" });
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/** Exported validator names: the entity's title and every `$defs` name, each bound to its schema pointer. */
export function validatorReferences(file: SchemaFile, id: string): Record<string, string> {
  const references: Record<string, string> = { [file.title]: id };
  for (const name of file.definitionNames) references[name] = `${id}#/$defs/${name}`;
  return references;
}

/** Keywords that say what a value means and change nothing about which values pass. */
const proseKeywords = ["title", "description", "examples", "$comment"] as const;

/**
 * The schema less its prose (titles, descriptions, examples, comments), at every schema position and nowhere else (a
 * property called `description` stays). The standalone code embeds the schema objects it points into (the allowed
 * values an `enum` error lists): the prose was an eighth of the event validators' bytes (305 KB where they were
 * 351), parsed by every command that loads them, and no error message uses it.
 */
export function withoutAnnotations(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  walkSchema(copy, "", (node) => {
    for (const keyword of proseKeywords) delete node[keyword];
  });
  return copy;
}

export function generateValidatorModule(
  target: SchemaForValidation,
  all: readonly SchemaForValidation[],
  variant: ValidatorVariant,
  typesModule: string,
): { javascript: string; declarations: string } {
  const ajv = createAjv(
    all.map((entry) => withoutAnnotations(entry.schema)),
    { forStandalone: true },
  );
  const references = validatorReferences(target.file, String(target.schema.$id));
  const code = appendErrorsInPlace((commonJsDefault(standaloneCode) as typeof standaloneCode.default)(ajv, references));
  const header = banner([target.file.sourcePath], "//") + `// Variant: ${variant}\n`;
  const moduleImports = [
    `import { formats } from "./formats.js";`,
    ...runtimeHelpers
      .filter(({ name }) => code.includes(runtimeIdentifier(name)))
      .map(({ name }) => `import { ${name} as ${runtimeIdentifier(name)} } from "./ajv-runtime.js";`),
  ];
  const javascript = `${header}${moduleImports.join("\n")}\n${code}\n`;
  const declarationLines = Object.keys(references).map(
    (name) =>
      `/** Validates a value against \`${name}\` (${variant}). */\nexport declare const ${name}: StandaloneValidator<Types.${name}>;`,
  );
  const imports = [
    `import type { StandaloneValidator } from "../../../standalone-validator.js";`,
    `import type * as Types from "${typesModule}";`,
  ];
  const declarations = `${header}${imports.join("\n")}\n\n${declarationLines.join("\n\n")}\n`;
  return { javascript, declarations };
}
