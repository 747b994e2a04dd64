import { InputData, JSONSchemaInput, JSONSchemaStore, quicktype, type JSONSchema } from "quicktype-core";
import { banner } from "./banner.js";
import type { SchemaFile } from "./schema-set.js";

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
  python: () => ({ "python-version": "3.7", "nice-property-names": "false" }),
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
  /** Names of the generated types (classes, structs and enums), read from quicktype's own type graph. */
  typeNames: string[];
}

export async function generateBinding(language: BindingLanguage, version: string, files: readonly SchemaFile[]): Promise<GeneratedBinding> {
  const versionFiles = files.filter((file) => file.version === version);
  const input = new JSONSchemaInput(new LocalSchemaStore(files));
  for (const file of versionFiles) await input.addSource({ name: file.title, uris: [file.id] });
  const inputData = new InputData();
  inputData.addInput(input);
  const result = await quicktype({
    inputData,
    lang: language,
    rendererOptions: rendererOptions[language](version),
    // quicktype's own leading comments stay: its Go renderer collects imports only when they are left undefined.
  });
  const body = result.lines.join("\n").trimStart();
  const header = banner(
    versionFiles.map((file) => file.sourcePath),
    language === "python" ? "#" : "//",
  );
  return { source: `${header}\n${body}\n`, typeNames: declaredTypeNames(language, body) };
}

const declarationPatterns: Record<BindingLanguage, RegExp> = {
  python: /^class (\w+)\b/gm,
  go: /^type (\w+) /gm,
  rust: /^pub (?:struct|enum) (\w+)\b/gm,
};

function declaredTypeNames(language: BindingLanguage, source: string): string[] {
  return [...source.matchAll(declarationPatterns[language])].map((match) => match[1] as string).sort();
}
