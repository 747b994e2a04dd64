import { banner } from "./banner.js";
import type { JsonSchema, SchemaFile } from "./schema-set.js";
import { memberTag } from "./tolerant.js";

/**
 * A closed list of strings the schema defines by name: a string `enum` definition (`SourceFormat`, `Role`), or the
 * tags of a discriminated `oneOf` (the `type` of every `Part`, the `status` of every `Cost`). Code that needs the
 * list imports the generated constant, so a member added to the schema reaches every list by `pnpm generate`.
 *
 * Only named definitions (a file's top-level entity or a `$defs` entry) are vocabularies: an enum written inline in
 * a property has no name to generate from; code that needs such a list gets it promoted to `$defs` first.
 */
export interface Vocabulary {
  /** The constant's name: the definition's title in camelCase and plural (`sourceFormats`, `partTypes`). */
  name: string;
  /** The definition that owns the list (`SourceFormat`; for tags, the union: `Part`). */
  definition: string;
  /** For a tag vocabulary, the discriminator property (`type`, `status`); undefined for a string enum. */
  tag: string | undefined;
  members: string[];
  /** Marked `x-extensible`: a newer minor version may add members, which tolerant readers accept. */
  extensible: boolean;
  /** The schema location, e.g. `schemas/v1/transcript.schema.json#/$defs/SourceFormat`. */
  where: string;
  description: string;
}

/** English plural of a camel- or PascalCase name, by its last word: status → statuses, fidelity → fidelities. */
export function pluralName(name: string): string {
  if (/(?:[sxz]|ch|sh)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
const upperFirst = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** Every vocabulary of one major version's files, in file order, each file's entity before its `$defs`. */
export function collectVocabularies(versionFiles: readonly SchemaFile[], files: readonly SchemaFile[]): Vocabulary[] {
  const vocabularies: Vocabulary[] = [];
  for (const file of versionFiles) {
    const definitions: Array<[string, JsonSchema, string]> = [
      [file.title, file.schema, file.sourcePath],
      ...Object.entries((file.schema.$defs ?? {}) as Record<string, JsonSchema>).map(
        ([name, schema]): [string, JsonSchema, string] => [name, schema, `${file.sourcePath}#/$defs/${name}`],
      ),
    ];
    for (const [definition, schema, where] of definitions) {
      const common = {
        definition,
        extensible: schema["x-extensible"] === true,
        where,
        description: typeof schema.description === "string" ? schema.description : "",
      };
      if (Array.isArray(schema.enum) && schema.enum.every((member) => typeof member === "string")) {
        vocabularies.push({
          ...common,
          name: pluralName(lowerFirst(definition)),
          tag: undefined,
          members: schema.enum as string[],
        });
      }
      const discriminator = schema.discriminator as { propertyName?: unknown } | undefined;
      if (Array.isArray(schema.oneOf) && typeof discriminator?.propertyName === "string") {
        const tag = discriminator.propertyName;
        vocabularies.push({
          ...common,
          name: `${lowerFirst(definition)}${upperFirst(pluralName(tag))}`,
          tag,
          members: schema.oneOf.map((member) => memberTag(member as JsonSchema, tag, file.id, files)),
        });
      }
    }
  }
  const seen = new Map<string, string>();
  for (const vocabulary of vocabularies) {
    const previous = seen.get(vocabulary.name);
    if (previous !== undefined)
      throw new Error(`vocabulary name ${vocabulary.name} is generated for both ${previous} and ${vocabulary.where}`);
    seen.set(vocabulary.name, vocabulary.where);
  }
  return vocabularies;
}

/** The TypeScript type a vocabulary's members belong to, in the generated types module. */
function memberType(vocabulary: Vocabulary): string {
  return vocabulary.tag === undefined
    ? `Types.${vocabulary.definition}`
    : `Types.${vocabulary.definition}[${JSON.stringify(vocabulary.tag)}]`;
}

function documentation(vocabulary: Vocabulary, version: string): string[] {
  const what =
    vocabulary.tag === undefined
      ? `Every member of \`${vocabulary.definition}\``
      : `The \`${vocabulary.tag}\` of every \`${vocabulary.definition}\``;
  const openness = vocabulary.extensible
    ? "Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others."
    : `Closed in ${version}: a new member needs a new major version.`;
  const lines = [`${what} format ${version} defines, in schema order (${vocabulary.where}).`, openness];
  if (vocabulary.description !== "") lines.unshift(vocabulary.description, "");
  return ["/**", ...lines.map((line) => (line === "" ? " *" : ` * ${line.replaceAll("*/", "*\\/")}`)), " */"];
}

/**
 * The vocabularies module: one `as const` array per vocabulary, checked against the generated type it lists, and
 * `VocabularyTypes`, which names that type for each, so a type-level test can check that each array holds all of it.
 */
export function vocabulariesModule(
  vocabularies: readonly Vocabulary[],
  sources: readonly string[],
  version: string,
): string {
  const lines = [banner(sources, "//"), `import type * as Types from "./types.js";`, ""];
  for (const vocabulary of vocabularies) {
    lines.push(
      ...documentation(vocabulary, version),
      `export const ${vocabulary.name} = [${vocabulary.members.map((member) => JSON.stringify(member)).join(", ")}] as const satisfies readonly ${memberType(vocabulary)}[];`,
      "",
    );
  }
  lines.push(
    "/** The generated type each vocabulary lists: a type-level test checks that each constant holds exactly its members. */",
    "export interface VocabularyTypes {",
    ...vocabularies.map((vocabulary) => `  ${vocabulary.name}: ${memberType(vocabulary)};`),
    "}",
  );
  return `${lines.join("\n")}\n`;
}
