/**
 * The bundled documents (schemas/generated/v1/bundled/) are the multi-file schemas in one file each: every example,
 * valid, invalid or newer-minor, gets the same verdict and the same errors from a bundled document loaded alone as
 * from the whole set of files, strict and tolerant.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { loadSchemaSet } from "@agent-transcript/codegen/schema-set";
import { tolerantId, tolerantSchema } from "@agent-transcript/codegen/tolerant";
import { definitionLocations, loadExamples } from "@agent-transcript/fixtures/examples";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./checkout.test.helpers.js";
import { consumerAjv, errorSignature, readSchema } from "./schema-validators.test.helpers.js";

const files = loadSchemaSet().filter((file) => file.version === "v1");
const examples = loadExamples().filter((example) => example.version === "v1");
const locations = new Map(definitionLocations(files).map((location) => [location.definition, location] as const));

const variants = [
  { variant: "strict", folder: "schemas/generated/v1/bundled", schemas: files.map((file) => file.schema) },
  {
    variant: "tolerant",
    folder: "schemas/generated/v1/bundled/tolerant",
    schemas: files.map((file) => tolerantSchema(file, files)),
  },
] as const;

describe.each(variants)("the $variant bundled documents", ({ variant, folder, schemas }) => {
  const multiFile = consumerAjv(schemas);
  // One ajv per bundled document, each holding that document alone, compiled once for all its examples.
  const bundles = new Map<string, ReturnType<typeof consumerAjv>>();
  const bundleFor = (slug: string): ReturnType<typeof consumerAjv> => {
    let ajv = bundles.get(slug);
    if (!ajv) bundles.set(slug, (ajv = consumerAjv([readSchema(`${folder}/${slug}.schema.json`)])));
    return ajv;
  };

  it("are one per entity, each holding every schema it references and nothing to fetch", () => {
    const names = readdirSync(path.join(repositoryRoot, folder)).filter((name) => name.endsWith(".schema.json"));
    expect(names.sort()).toEqual(files.map((file) => `${file.slug}.schema.json`).sort());
    for (const name of names) {
      const bundled = readSchema(`${folder}/${name}`);
      const file = files.find((candidate) => `${candidate.slug}.schema.json` === name);
      expect(bundled.$id).toBe(variant === "strict" ? file?.id : tolerantId(String(file?.id)));
      // Compiling resolves every $ref; a reference to a document the bundle does not hold throws here.
      expect(consumerAjv([bundled]).getSchema(bundled.$id), name).toBeTypeOf("function");
    }
  });

  it.each(examples.map((example) => [example.file.replace("schemas/v1/examples/", ""), example] as const))(
    "judge %s as the multi-file schemas do",
    (_label, example) => {
      const location = locations.get(example.definition);
      if (!location) throw new Error(`no definition ${example.definition}`);
      const reference = variant === "strict" ? location.strictReference : location.tolerantReference;
      const fromBundle = bundleFor(location.schemaFile.slug).getSchema(reference);
      const fromFiles = multiFile.getSchema(reference);
      if (!fromBundle || !fromFiles) throw new Error(`${reference} does not compile`);
      const expected = fromFiles(example.value);
      expect(fromBundle(example.value)).toBe(expected);
      expect(errorSignature(fromBundle.errors)).toEqual(errorSignature(fromFiles.errors));
      // The examples' own verdicts, so a bundle and a set that both went wrong the same way fail too.
      const shouldPass = example.group === "valid" || (example.group === "newer-minor" && variant === "tolerant");
      expect(expected).toBe(shouldPass);
    },
  );
});
