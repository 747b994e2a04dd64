import { InputData, JSONSchemaInput, JSONSchemaStore, quicktype, type JSONSchema } from "quicktype-core";
import { banner } from "./banner.js";
import type { JsonSchema, SchemaFile } from "./schema-set.js";

/** Serves `$ref`s from the schema set by `$id`; quicktype would otherwise fetch the absolute URLs. */
class LocalSchemaStore extends JSONSchemaStore {
  constructor(private readonly files: readonly SchemaFile[]) {
    super();
  }

  async fetch(address: string): Promise<JSONSchema | undefined> {
    const id = address.split("#", 1)[0] ?? address;
    const file = this.files.find((candidate) => candidate.id === id);
    if (!file) throw new Error(`no schema with $id ${id} in schemas/ (the generators never use the network)`);
    return file.schema as JSONSchema;
  }
}

export type BindingLanguage = "python" | "go" | "rust";

/**
 * Renderer options, chosen so that a value parsed and re-serialised validates under the strict schema:
 * optional fields are left out rather than written as null (Go `omit-empty`, Rust `skip-serializing-none`,
 * Python's full dataclass mode), and the Python classes carry from_dict/to_dict converters.
 */
const rendererOptions: Record<BindingLanguage, (version: string) => Record<string, string>> = {
  python: () => ({ "python-version": "3.7" }),
  go: (version) => ({ package: version, "omit-empty": "true" }),
  rust: () => ({
    "skip-serializing-none": "true",
    "derive-debug": "true",
    "derive-clone": "true",
    "derive-partial-eq": "true",
    visibility: "public",
    "leading-comments": "false",
  }),
};

export interface GeneratedBinding {
  source: string;
  /** Names of the generated types (classes, structs, enums and aliases), read from quicktype's output. */
  typeNames: string[];
}

export async function generateBinding(
  language: BindingLanguage,
  version: string,
  files: readonly SchemaFile[],
): Promise<GeneratedBinding> {
  const versionFiles = files.filter((file) => file.version === version);
  const input = new JSONSchemaInput(new LocalSchemaStore(files));
  for (const file of versionFiles) await input.addSource({ name: file.title, uris: [file.id] });
  // Definitions used only inside if/then (the event payloads) or only as tolerant alternatives (AWF's content
  // blocks) are invisible to quicktype from the top-level entities; naming them as sources gives them types.
  // Maps (ProviderFields) are inlined wherever they are used; as sources they get a name too.
  for (const { file, name } of [...conditionalOnlyDefinitions(versionFiles), ...mapDefinitions(versionFiles)]) {
    await input.addSource({ name, uris: [`${file.id}#/$defs/${name}`] });
  }
  const inputData = new InputData();
  inputData.addInput(input);
  const result = await quicktype({
    inputData,
    lang: language,
    rendererOptions: rendererOptions[language](version),
    // quicktype's own leading comments stay: its Go renderer collects imports only when they are left undefined.
  });
  const rendered = result.lines.join("\n").trimStart();
  const body = language === "go" ? keepEmptyCollections(rendered) : rendered;
  const header = banner(
    versionFiles.map((file) => file.sourcePath),
    language === "python" ? "#" : "//",
  );
  return { source: `${header}\n${body}\n`, typeNames: declaredTypeNames(language, body) };
}

/**
 * Go's `omitempty` leaves out an empty slice or map as well as a missing one, so `"changes": []` read and written
 * again would lose the field, which the format tells apart from its absence (and which a union quicktype flattened
 * into one struct may require in one of its variants). An optional slice or map becomes a pointer to one: nil when
 * absent and left out, empty and written as `[]` or `{}` when present. The padding after the type gives up one space
 * so gofmt's columns stay as they were.
 */
export function keepEmptyCollections(source: string): string {
  return source.replace(
    /^(\t\w+ +)((?:\[\]|map\[)\S*)( *)(`json:"[^"]*,omitempty"`)/gm,
    (_line, name: string, type: string, padding: string, tag: string) =>
      `${name}*${type}${padding.length > 1 ? padding.slice(1) : padding}${tag}`,
  );
}

const declarationPatterns: Record<BindingLanguage, RegExp> = {
  // Python has no alias for a top-level map; its from_dict/to_dict functions stand for the type.
  python: /^(?:class (\w+)\b|def (\w+)_from_dict\()/gm,
  go: /^type (\w+) /gm,
  rust: /^pub (?:struct|enum|type) (\w+)\b/gm,
};

function declaredTypeNames(language: BindingLanguage, source: string): string[] {
  const names = [...source.matchAll(declarationPatterns[language])].map(
    (match) => match[1] ?? pascalCase(match[2] ?? ""),
  );
  return [...new Set(names)].sort();
}

function pascalCase(snake: string): string {
  return snake.replace(/(?:^|_)([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** `$defs` entries that are open maps: an object with no properties of its own and typed additional properties. */
function mapDefinitions(files: readonly SchemaFile[]): Array<{ file: SchemaFile; name: string }> {
  return files.flatMap((file) =>
    Object.entries((file.schema.$defs ?? {}) as Record<string, JsonSchema>)
      .filter(
        ([, schema]) =>
          schema.type === "object" &&
          schema.properties === undefined &&
          typeof schema.additionalProperties === "object",
      )
      .map(([name]) => ({ file, name })),
  );
}

/** `$defs` entries referenced from nowhere but conditional subschemas (if/then/else) of their file. */
export function conditionalOnlyDefinitions(files: readonly SchemaFile[]): Array<{ file: SchemaFile; name: string }> {
  const result: Array<{ file: SchemaFile; name: string }> = [];
  const texts = files.map((file) => ({
    file,
    all: JSON.stringify(file.schema),
    unconditional: JSON.stringify(withoutConditions(file.schema)),
  }));
  for (const file of files) {
    for (const name of file.definitionNames) {
      const references = (other: SchemaFile): string[] =>
        other === file
          ? [`"#/$defs/${name}"`, `"${file.slug}.schema.json#/$defs/${name}"`]
          : [`"${file.slug}.schema.json#/$defs/${name}"`];
      const mentions = (key: "all" | "unconditional"): boolean =>
        texts.some((entry) => references(entry.file).some((reference) => entry[key].includes(reference)));
      if (mentions("all") && !mentions("unconditional")) result.push({ file, name });
    }
  }
  return result;
}

function withoutConditions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutConditions);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([keyword]) => !["if", "then", "else", "x-tolerant-also"].includes(keyword))
      .map(([keyword, value]) => [keyword, withoutConditions(value)]),
  );
}
