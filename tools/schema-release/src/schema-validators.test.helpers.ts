import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { repositoryRoot } from "./checkout.test.helpers.js";

// ajv-formats is CommonJS: vitest hands over the function itself or the module object, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

/**
 * An ajv instance as a consumer would set one up for our schemas: draft 2020-12, every format checked, the
 * discriminator keyword on, and our annotations (`x-extensible`, `x-tolerant-also`, `tsType`) known so strict mode
 * stays on. It holds exactly the schemas given.
 */
export function consumerAjv(schemas: readonly object[]): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
  });
  ajv.addVocabulary(["x-extensible", "x-tolerant-also", "tsType"]);
  addFormats(ajv, { mode: "full" });
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

export function readSchema(relative: string): { $id: string } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(repositoryRoot, relative), "utf8")) as { $id: string };
}

/** What an error says about the value, independent of where in which document the failing keyword sits. */
export function errorSignature(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)}`).sort();
}
