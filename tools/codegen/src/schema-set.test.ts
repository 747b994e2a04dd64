import { describe, expect, it } from "vitest";
import { lintSchemaSet, loadSchemaSet, SchemaLintError, type SchemaFile } from "./schema-set.js";
import { crossFileSchemas, writeSchemaTree } from "./test-fixtures.js";

function withEdit(edit: (documents: typeof crossFileSchemas) => void): () => SchemaFile[] {
  const documents = structuredClone(crossFileSchemas);
  edit(documents);
  return () => loadSchemaSet(writeSchemaTree(documents));
}

describe("schema lint", () => {
  it("accepts the repository's schemas", () => {
    expect(lintSchemaSet(loadSchemaSet())).toEqual([]);
  });

  it.each([
    [
      "a property without a description",
      (d: typeof crossFileSchemas) => {
        delete (d["message.schema.json"].properties.role as { description?: string }).description;
      },
      /properties\/role: every property needs a description/,
    ],
    [
      "an $id that does not match the file",
      (d: typeof crossFileSchemas) => {
        d["message.schema.json"].$id = "https://agent-transcript.dev/schemas/v1/other.schema.json";
      },
      /\$id must be https:\/\/agent-transcript.dev\/schemas\/v1\/message.schema.json/,
    ],
    [
      "an absolute $ref",
      (d: typeof crossFileSchemas) => {
        d["message.schema.json"].properties.parts.items.$ref =
          "https://agent-transcript.dev/schemas/v1/part.schema.json";
      },
      /\$ref must be relative/,
    ],
    [
      "x-extensible on a non-enum",
      (d: typeof crossFileSchemas) => {
        (d["message.schema.json"].properties.parts as Record<string, unknown>)["x-extensible"] = true;
      },
      /x-extensible is true on a string enum or a oneOf with a discriminator/,
    ],
    [
      "a $defs title that differs from its name",
      (d: typeof crossFileSchemas) => {
        d["part.schema.json"].$defs.TextPart.title = "Text";
      },
      /title must equal the definition name/,
    ],
    [
      "unevaluatedProperties",
      (d: typeof crossFileSchemas) => {
        (d["message.schema.json"] as Record<string, unknown>).unevaluatedProperties = false;
      },
      /unevaluatedProperties and \$dynamicRef are avoided/,
    ],
    [
      "a pattern with look-ahead (RE2 and Rust's regex have none)",
      (d: typeof crossFileSchemas) => {
        (d["part.schema.json"].$defs.TextPart.properties.text as Record<string, unknown>).pattern = "^(?!/).+$";
      },
      /part\.schema\.json#\/\$defs\/TextPart\/properties\/text\/pattern: "\^\(\?!\/\)\.\+\$" does not compile under RE2/,
    ],
    [
      "a patternProperties key with a back-reference",
      (d: typeof crossFileSchemas) => {
        (d["message.schema.json"] as Record<string, unknown>).patternProperties = { "^(x)\\1$": { type: "string" } };
      },
      /message\.schema\.json#\/patternProperties\/\^\(x\)\\1\$: .*back-references are not in RE2 or Rust's regex/,
    ],
  ])("rejects %s", (_name, edit, message) => {
    const load = withEdit(edit);
    expect(load).toThrow(SchemaLintError);
    expect(load).toThrow(message);
  });
});
