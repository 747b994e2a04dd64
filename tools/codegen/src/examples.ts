import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { schemasRoot } from "./paths.js";
import { loadSchemaSet, type SchemaFile } from "./schema-set.js";
import { tolerantId } from "./tolerant.js";

/**
 * - `valid`: both validators accept it (and every language binding round-trips it).
 * - `invalid`: both validators reject it, with an error at the expected pointer.
 * - `newer-minor`: what a newer minor version of the same major may write: the tolerant validator accepts it,
 *   the strict one rejects it.
 */
export type ExampleGroup = "valid" | "invalid" | "newer-minor";
export const exampleGroups: readonly ExampleGroup[] = ["valid", "invalid", "newer-minor"];

export interface ExpectedError {
  pointer: string;
  keyword: string;
}

export interface Example {
  version: string;
  definition: string;
  group: ExampleGroup;
  /** Repository-relative path of the example file. */
  file: string;
  value: unknown;
  /** Present on invalid examples: the error the validators must report. */
  expected?: ExpectedError;
}

export interface DefinitionLocation {
  version: string;
  definition: string;
  schemaFile: SchemaFile;
  /** `$id` plus fragment of the definition in the strict source and in its tolerant twin. */
  strictReference: string;
  tolerantReference: string;
}

export function definitionLocations(files: readonly SchemaFile[] = loadSchemaSet()): DefinitionLocation[] {
  return files.flatMap((file) =>
    [file.title, ...file.definitionNames].map((definition) => {
      const fragment = definition === file.title ? "" : `#/$defs/${definition}`;
      return {
        version: file.version,
        definition,
        schemaFile: file,
        strictReference: `${file.id}${fragment}`,
        tolerantReference: `${tolerantId(file.id)}${fragment}`,
      };
    }),
  );
}

/** Problems with the examples tree itself: unknown folders, missing or extra expectations. */
export class ExampleTreeError extends Error {}

export function loadExamples(root: string = schemasRoot): Example[] {
  const examples: Example[] = [];
  const relativeToRepository = (absolute: string): string =>
    `schemas/${path.relative(root, absolute).split(path.sep).join("/")}`;
  for (const version of readdirSync(root)
    .filter((name) => /^v[1-9]\d*$/.test(name))
    .sort()) {
    const examplesRoot = path.join(root, version, "examples");
    if (!existsSync(examplesRoot)) continue;
    for (const definition of readdirSync(examplesRoot).sort()) {
      const definitionRoot = path.join(examplesRoot, definition);
      const expectationsPath = path.join(definitionRoot, "invalid.expected.json");
      const expectations: Record<string, ExpectedError> = existsSync(expectationsPath)
        ? (JSON.parse(readFileSync(expectationsPath, "utf8")) as Record<string, ExpectedError>)
        : {};
      for (const entry of readdirSync(definitionRoot).sort()) {
        if (entry === "invalid.expected.json") continue;
        if (!(exampleGroups as readonly string[]).includes(entry)) {
          throw new ExampleTreeError(
            `${relativeToRepository(path.join(definitionRoot, entry))}: expected one of ${exampleGroups.join(", ")}`,
          );
        }
        const group = entry as ExampleGroup;
        for (const name of readdirSync(path.join(definitionRoot, group)).sort()) {
          const absolute = path.join(definitionRoot, group, name);
          const file = relativeToRepository(absolute);
          if (!name.endsWith(".json")) throw new ExampleTreeError(`${file}: examples are .json files`);
          const expected = expectations[name];
          if (group === "invalid" && !expected)
            throw new ExampleTreeError(`${file}: no entry in invalid.expected.json`);
          examples.push({
            version,
            definition,
            group,
            file,
            value: JSON.parse(readFileSync(absolute, "utf8")) as unknown,
            ...(expected ? { expected } : {}),
          });
        }
      }
      for (const name of Object.keys(expectations)) {
        if (!existsSync(path.join(definitionRoot, "invalid", name))) {
          throw new ExampleTreeError(`${relativeToRepository(expectationsPath)}: ${name} has no example file`);
        }
      }
    }
  }
  return examples;
}
