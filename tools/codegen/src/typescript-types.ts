import path from "node:path";
import { compile, type Options } from "json-schema-to-typescript";
import { banner } from "./banner.js";
import type { JsonSchema, SchemaFile } from "./schema-set.js";

interface TypeGenerationInput {
  version: string;
  /** The schemas to compile, keyed by file name (`event.schema.json`), already in the variant (strict or tolerant) wanted. */
  schemasByFileName: Map<string, JsonSchema>;
  files: readonly SchemaFile[];
  rootTitle: string;
  rootDescription: string;
  /** Whether objects without explicit `additionalProperties` get an index signature (never, today: see generate.ts). */
  allowUnknownProperties: boolean;
}

/**
 * One TypeScript module per major version and variant. The root is a union of every top-level entity, so every
 * definition is reachable and named after its `title`, and nothing synthetic is emitted.
 */
export async function generateTypes(input: TypeGenerationInput): Promise<string> {
  const root = {
    title: input.rootTitle,
    description: input.rootDescription,
    anyOf: [...input.schemasByFileName.keys()].map((fileName) => ({ $ref: fileName })),
  };
  const folder = `/${input.version}/`;
  const options: Partial<Options> = {
    bannerComment: "",
    cwd: folder,
    additionalProperties: input.allowUnknownProperties,
    unreachableDefinitions: true,
    unknownAny: true,
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: false,
    format: false,
    $refOptions: {
      resolve: {
        file: false,
        http: false,
        local: {
          order: 1,
          canRead: true,
          read: (file: { url: string }) => {
            const schema = input.schemasByFileName.get(path.posix.basename(file.url));
            if (!schema)
              throw new Error(`unresolvable $ref to ${file.url}: only files in schemas/${input.version}/ resolve`);
            return JSON.stringify(schema);
          },
        },
      },
    } as Options["$refOptions"],
  };
  const body = await compile(root as Parameters<typeof compile>[0], input.rootTitle, options);
  const sources = input.files.filter((file) => file.version === input.version).map((file) => file.sourcePath);
  return `${banner(sources, "//")}\n${body.trimStart()}`;
}
