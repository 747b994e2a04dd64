import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generatedRoots, repositoryRoot } from "./paths.js";

/** A scratch checkout holding copies of schemas/ and every generated root, for tests that edit them. */
export function copyCheckout(): string {
  const root = mkdtempSync(path.join(tmpdir(), "codegen-checkout-"));
  for (const relative of ["schemas", ...Object.values(generatedRoots)]) {
    cpSync(path.join(repositoryRoot, relative), path.join(root, relative), { recursive: true });
  }
  return root;
}

/** Writes schema documents into `<root>/schemas/v1/` and returns the schemas folder. */
export function writeSchemaTree(documents: Record<string, unknown>): string {
  const schemas = path.join(mkdtempSync(path.join(tmpdir(), "codegen-schemas-")), "schemas");
  mkdirSync(path.join(schemas, "v1"), { recursive: true });
  for (const [name, document] of Object.entries(documents)) {
    writeFileSync(path.join(schemas, "v1", name), JSON.stringify(document, null, 2));
  }
  return schemas;
}

const base = "https://agent-transcript.dev/schemas/v1/";

/** Two files joined by cross-file `$ref`s, with an extensible discriminated union: the shapes the format grows into. */
export const crossFileSchemas = {
  "part.schema.json": {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `${base}part.schema.json`,
    title: "Part",
    description: "One content part.",
    type: "object",
    discriminator: { propertyName: "type" },
    oneOf: [{ $ref: "#/$defs/TextPart" }, { $ref: "#/$defs/ImagePart" }],
    required: ["type"],
    "x-extensible": true,
    $defs: {
      TextPart: {
        title: "TextPart",
        description: "Text.",
        type: "object",
        properties: {
          type: { description: "Tag.", const: "text" },
          text: { description: "The text.", type: "string" },
        },
        required: ["type", "text"],
        additionalProperties: false,
      },
      ImagePart: {
        title: "ImagePart",
        description: "An image.",
        type: "object",
        properties: {
          type: { description: "Tag.", const: "image" },
          url: { description: "Where the image is.", type: "string", format: "uri" },
          detail: { description: "Rendering detail.", type: "string", enum: ["low", "high"], "x-extensible": true },
        },
        required: ["type", "url"],
        additionalProperties: false,
      },
    },
  },
  "message.schema.json": {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `${base}message.schema.json`,
    title: "Message",
    description: "A message made of parts.",
    type: "object",
    properties: {
      role: { description: "Who speaks.", type: "string", enum: ["user", "assistant"] },
      parts: { description: "The parts, in order.", type: "array", items: { $ref: "part.schema.json" } },
      first: { $ref: "part.schema.json#/$defs/TextPart" },
    },
    required: ["role", "parts"],
    additionalProperties: false,
  },
};
