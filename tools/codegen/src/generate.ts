import { banner } from "./banner.js";
import { bundleSchema } from "./bundle.js";
import { generateBinding, type BindingLanguage } from "./bindings.js";
import { generatedRoots } from "./paths.js";
import { generatePriceTable } from "./prices.js";
import { loadSchemaSet, type JsonSchema, type SchemaFile } from "./schema-set.js";
import { tolerantSchema } from "./tolerant.js";
import { fastDefinitions, generateFastValidatorModule } from "./fast-validators.js";
import { generateTypes } from "./typescript-types.js";
import { collectVocabularies, vocabulariesModule } from "./vocabularies.js";
import {
  formatsDeclarations,
  formatsModule,
  generateValidatorModule,
  runtimeHelpersUsed,
  runtimeModule,
  validatorReferences,
  type SchemaForValidation,
  type ValidatorVariant,
} from "./validators.js";

/** Everything the generators produce: repository-relative path → file content. Pure: nothing is written here. */
export type GeneratedFiles = Map<string, string>;

export async function generateAll(files: SchemaFile[] = loadSchemaSet()): Promise<GeneratedFiles> {
  const output: GeneratedFiles = new Map();
  const versions = [...new Set(files.map((file) => file.version))];
  for (const version of versions) {
    const versionFiles = files.filter((file) => file.version === version);
    const strict: SchemaForValidation[] = versionFiles.map((file) => ({ file, schema: file.schema }));
    const tolerant: SchemaForValidation[] = versionFiles.map((file) => ({ file, schema: tolerantSchema(file, files) }));
    const tolerantForTypes: SchemaForValidation[] = versionFiles.map((file) => ({
      file,
      schema: tolerantSchema(file, files, "types"),
    }));

    for (const entry of tolerant) {
      const path = `${generatedRoots.derivedSchemas}/${version}/tolerant/${entry.file.slug}.schema.json`;
      const annotated = {
        $comment: `${bannerText(entry.file)} Derived from the strict source by tools/codegen/src/tolerant.ts.`,
        ...entry.schema,
      };
      output.set(path, `${jsonWithVisibleSeparators(annotated)}\n`);
    }

    // One self-contained document per entity and variant, for validators in other languages and for consumers
    // who want a single file: the multi-file set as a 2020-12 compound document (bundle.ts).
    for (const [variant, set] of [
      ["strict", strict],
      ["tolerant", tolerant],
    ] as const) {
      const resources = new Map(set.map((entry) => [String(entry.schema.$id), entry.schema]));
      for (const entry of set) {
        const folder = `${generatedRoots.derivedSchemas}/${version}/${bundledFolder(variant)}`;
        const bundled = {
          $comment: `${bannerText(entry.file)} A compound schema document: every schema it references is embedded under $defs by its $id (tools/codegen/src/bundle.ts).`,
          ...bundleSchema(entry.schema, resources),
        };
        output.set(`${folder}/${entry.file.slug}.schema.json`, `${jsonWithVisibleSeparators(bundled)}\n`);
      }
    }

    const core = `${generatedRoots.core}/${version}`;
    output.set(
      `${core}/types.ts`,
      await generateTypes({
        version,
        files,
        schemasByFileName: byFileName(strict),
        rootTitle: "TopLevelEntity",
        rootDescription: `Any top-level entity of format ${version}, as a writer emits it (strict).`,
        allowUnknownProperties: false,
      }),
    );
    output.set(
      `${core}/tolerant-types.ts`,
      await generateTypes({
        version,
        files,
        schemasByFileName: byFileName(tolerantForTypes),
        rootTitle: "TopLevelEntity",
        rootDescription: `Any top-level entity of format ${version}, as a reader accepts it (tolerant): newer vocabulary members and part types included. Unknown fields are allowed at run time but not typed, so strict types stay assignable to these.`,
        allowUnknownProperties: false,
      }),
    );
    // ajv-runtime.js holds the run-time helpers some validator module of this version imports.
    const helpersUsed = new Set<string>();
    for (const [variant, set] of [
      ["strict", strict],
      ["tolerant", tolerant],
    ] as const) {
      for (const entry of set) {
        const module = generateValidatorModule(entry, set, variant, typesModuleFor(variant));
        for (const name of runtimeHelpersUsed(module.javascript)) helpersUsed.add(name);
        output.set(`${core}/validators/${entry.file.slug}.${variant}.js`, module.javascript);
        output.set(`${core}/validators/${entry.file.slug}.${variant}.d.ts`, module.declarations);
      }
      const fast = generateFastValidatorModule(set, variant);
      if (fast !== undefined) {
        output.set(`${core}/validators/hot-definitions.${variant}.fast.js`, fast.javascript);
        output.set(`${core}/validators/hot-definitions.${variant}.fast.d.ts`, fast.declarations);
      }
    }
    output.set(
      `${core}/validators/ajv-runtime.js`,
      runtimeModule(
        versionFiles.map((file) => file.sourcePath),
        helpersUsed,
      ),
    );
    output.set(`${core}/validators/formats.js`, formatsModule(versionFiles.map((file) => file.sourcePath)));
    output.set(`${core}/validators/formats.d.ts`, formatsDeclarations(versionFiles.map((file) => file.sourcePath)));
    output.set(`${core}/validate.ts`, wrapperModule(versionFiles));
    for (const file of versionFiles) output.set(`${core}/validate/${file.slug}.ts`, entityWrapperModule(file));
    output.set(
      `${core}/vocabularies.ts`,
      vocabulariesModule(
        collectVocabularies(versionFiles, files),
        versionFiles.map((file) => file.sourcePath),
        version,
      ),
    );

    for (const language of ["python", "go", "rust"] as const satisfies readonly BindingLanguage[]) {
      const binding = await generateBinding(language, version, files);
      const registered = bindingRegistry(versionFiles, binding.typeNames);
      for (const [path, content] of bindingFiles(language, version, versionFiles, binding.source, registered))
        output.set(path, content);
    }
  }
  // Core's price table, from the pinned price database and our overrides (prices.ts): not from the schemas, but
  // generated, committed and checked the same way.
  output.set(`${generatedRoots.core}/prices.json`, generatePriceTable());
  return output;
}

/**
 * Which generated type parses each definition: its own, or, for a member of a union that quicktype flattened into
 * one type, the union's. Definitions with neither (an inline map, say) are left out and the round-trip suite says so.
 */
export function bindingRegistry(
  files: readonly SchemaFile[],
  typeNames: readonly string[],
): Array<{ definition: string; type: string }> {
  const hostOf = new Map<string, string>();
  for (const file of files) {
    const owners: Array<[string, JsonSchema]> = [
      [file.title, file.schema],
      ...Object.entries((file.schema.$defs ?? {}) as Record<string, JsonSchema>),
    ];
    for (const [owner, schema] of owners) {
      for (const member of (schema.oneOf ?? []) as JsonSchema[]) {
        const reference = typeof member.$ref === "string" ? member.$ref : "";
        if (reference.startsWith("#/$defs/")) hostOf.set(reference.slice("#/$defs/".length), owner);
      }
    }
  }
  return files
    .flatMap((file) => [file.title, ...file.definitionNames])
    .map((definition) => ({
      definition,
      type: typeNames.includes(definition) ? definition : (hostOf.get(definition) ?? ""),
    }))
    .filter((entry) => typeNames.includes(entry.type));
}

/**
 * Where a variant's bundled documents live under `schemas/generated/<v>/`: the path of the separate files (the
 * strict ones at the top of the version, the tolerant ones under `tolerant/`) with `bundled/` in front, so the
 * layout of the bundles mirrors their `$id`s.
 */
export function bundledFolder(variant: ValidatorVariant): string {
  return variant === "strict" ? "bundled" : "bundled/tolerant";
}

function bannerText(file: SchemaFile): string {
  return `AUTO-GENERATED FILE. DO NOT EDIT. Source: ${file.sourcePath}. Regenerate: pnpm generate.`;
}

function byFileName(set: readonly SchemaForValidation[]): Map<string, JsonSchema> {
  return new Map(set.map((entry) => [`${entry.file.slug}.schema.json`, entry.schema]));
}

function typesModuleFor(variant: ValidatorVariant): string {
  return variant === "strict" ? "../types.js" : "../tolerant-types.js";
}

function camelIdentifier(slug: string): string {
  return slug.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Typed wrappers, one module per schema file (`validate/<file>.ts`): `validateX` (strict, what a writer may emit) and
 * `validateXTolerant` (what a reader accepts). A caller that needs one entity's validators imports its module and
 * loads that file's compiled validators only (reading an event log needs the event's ~0.7 MB, not all 3.3 MB).
 */
function entityWrapperModule(file: SchemaFile): string {
  const identifier = camelIdentifier(file.slug);
  const lines = [
    banner([file.sourcePath], "//"),
    `import { createValidator } from "../../../validation.js";`,
    `import type * as Strict from "../types.js";`,
    `import type * as Tolerant from "../tolerant-types.js";`,
    `import * as ${identifier}Strict from "../validators/${file.slug}.strict.js";`,
    `import * as ${identifier}Tolerant from "../validators/${file.slug}.tolerant.js";`,
  ];
  const fast = new Set(fastDefinitions[file.slug] ?? []);
  if (fast.size > 0)
    lines.push(
      `import * as StrictFast from "../validators/hot-definitions.strict.fast.js";`,
      `import * as TolerantFast from "../validators/hot-definitions.tolerant.fast.js";`,
    );
  lines.push("");
  for (const name of Object.keys(validatorReferences(file, file.id))) {
    const where = name === file.title ? file.sourcePath : `${file.sourcePath}#/$defs/${name}`;
    lines.push(
      `/** Validates a value as \`${name}\` the way a writer must emit it: closed vocabularies, no unknown fields (${where}). */`,
      `export const validate${name} = createValidator<Strict.${name}>("${name}", "strict", ${identifier}Strict.${name}${fast.has(name) ? `, StrictFast.${name}` : ""});`,
      `/** Validates a value as \`${name}\` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (${where}). */`,
      `export const validate${name}Tolerant = createValidator<Tolerant.${name}>("${name}", "tolerant", ${identifier}Tolerant.${name}${fast.has(name) ? `, TolerantFast.${name}` : ""});`,
      "",
    );
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/**
 * Every file's wrappers in one module, and the table of all of them by definition name. The table's type is written
 * out, so that declarations (and the API report) name `Strict.X` and `Tolerant.X` as the wrappers do.
 */
function wrapperModule(files: readonly SchemaFile[]): string {
  const lines = [
    banner(
      files.map((file) => file.sourcePath),
      "//",
    ),
    `import type { Validator } from "../../validation.js";`,
    `import type * as Strict from "./types.js";`,
    `import type * as Tolerant from "./tolerant-types.js";`,
  ];
  for (const file of files) {
    lines.push(`import * as ${camelIdentifier(file.slug)} from "./validate/${file.slug}.js";`);
  }
  lines.push("");
  for (const file of files) lines.push(`export * from "./validate/${file.slug}.js";`);
  lines.push("");
  const types: string[] = [];
  const registry: string[] = [];
  for (const file of files) {
    const identifier = camelIdentifier(file.slug);
    for (const name of Object.keys(validatorReferences(file, file.id))) {
      types.push(
        `  readonly ${name}: { readonly strict: Validator<Strict.${name}>; readonly tolerant: Validator<Tolerant.${name}> };`,
      );
      registry.push(
        `  ${name}: { strict: ${identifier}.validate${name}, tolerant: ${identifier}.validate${name}Tolerant },`,
      );
    }
  }
  lines.push(
    "/** Every definition's validators by name, for callers that choose the definition at run time. */",
    "export const validators: {",
    ...types,
    "} = {",
    ...registry,
    "};",
    "",
    "export type DefinitionName = keyof typeof validators;",
  );
  return `${lines.join("\n").trimEnd()}\n`;
}

function bindingFiles(
  language: BindingLanguage,
  version: string,
  files: readonly SchemaFile[],
  source: string,
  registered: ReadonlyArray<{ definition: string; type: string }>,
): Array<[string, string]> {
  const sources = files.map((file) => file.sourcePath);
  switch (language) {
    case "python":
      return [
        [`${generatedRoots.python}/__init__.py`, banner(sources, "#")],
        [`${generatedRoots.python}/${version}.py`, source],
        [`${generatedRoots.python}/${version}_registry.py`, pythonRegistry(version, sources, registered, source)],
      ];
    case "go":
      return [
        [`${generatedRoots.go}/${version}/${version}.go`, source],
        [`${generatedRoots.go}/${version}/registry.go`, goRegistry(version, sources, registered)],
      ];
    case "rust":
      return [
        [`${generatedRoots.rust}/mod.rs`, `${banner(sources, "//")}\npub mod ${version};\n`],
        [`${generatedRoots.rust}/${version}.rs`, `${source}\n${rustRegistry(registered)}`],
      ];
  }
}

function pythonRegistry(
  version: string,
  sources: readonly string[],
  entries: ReadonlyArray<{ definition: string; type: string }>,
  source: string,
): string {
  const snake = (name: string): string =>
    name.replace(/[A-Z]/g, (letter, offset: number) => `${offset === 0 ? "" : "_"}${letter.toLowerCase()}`);
  const lines = entries.map(({ definition, type }) => {
    // quicktype's top-level functions handle top-level entities, classes their own methods, enums their values.
    if (source.includes(`def ${snake(type)}_from_dict(`))
      return `    "${definition}": (${version}.${snake(type)}_from_dict, ${version}.${snake(type)}_to_dict),`;
    if (source.includes(`class ${type}(Enum):`))
      return `    "${definition}": (${version}.${type}, lambda value: value.value),`;
    return `    "${definition}": (${version}.${type}.from_dict, lambda value: value.to_dict()),`;
  });
  return `${banner(sources, "#")}
"""How to parse and serialise each definition: (from JSON value, to JSON value). A union member is parsed by its
flattened union's type."""

from . import ${version}

CONVERTERS = {
${lines.join("\n")}
}
`;
}

function goRegistry(
  version: string,
  sources: readonly string[],
  entries_: ReadonlyArray<{ definition: string; type: string }>,
): string {
  const entries = entries_.map(({ definition, type }) => `\t"${definition}": roundTrip[${type}],`).join("\n");
  return `${banner(sources, "//")}
package ${version}

import "encoding/json"

// RoundTrip parses JSON as the named definition and serialises the parsed value again.
var RoundTrip = map[string]func([]byte) ([]byte, error){
${entries}
}

func roundTrip[T any](data []byte) ([]byte, error) {
\tvar value T
\tif err := json.Unmarshal(data, &value); err != nil {
\t\treturn nil, err
\t}
\treturn json.Marshal(&value)
}
`;
}

function rustRegistry(entries: ReadonlyArray<{ definition: string; type: string }>): string {
  const arms = entries
    .map(({ definition, type }) => `        "${definition}" => Some(round_trip_as::<${type}>(data)),`)
    .join("\n");
  return `/// Parses JSON as the named definition and serialises the parsed value again; None for an unknown name.
pub fn round_trip(name: &str, data: &str) -> Option<Result<String, serde_json::Error>> {
    match name {
${arms}
        _ => None,
    }
}

fn round_trip_as<T: serde::de::DeserializeOwned + serde::Serialize>(data: &str) -> Result<String, serde_json::Error> {
    let value: T = serde_json::from_str(data)?;
    serde_json::to_string(&value)
}
`;
}

/**
 * JSON as `JSON.stringify` writes it, but with U+2028 and U+2029 escaped as the sources write them (the path
 * patterns exclude both): raw, they are invisible, and editors and diff tools break lines at them.
 */
function jsonWithVisibleSeparators(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u2028\u2029]/g,
    (separator) => `\\u${separator.charCodeAt(0).toString(16)}`,
  );
}
