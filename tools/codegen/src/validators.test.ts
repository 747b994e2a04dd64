import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "./schema-set.js";
import { withoutAnnotations } from "./validators.js";

describe("withoutAnnotations: the schemas the standalone validators are compiled from", () => {
  it("drops prose at schema positions and keeps properties named like it", () => {
    const schema: JsonSchema = {
      $id: "https://example.test/thing.schema.json",
      title: "Thing",
      description: "A thing.",
      type: "object",
      properties: {
        title: { description: "The thing's title.", type: "string", examples: ["x"] },
        description: { type: "string", $comment: "free text" },
        kind: { description: "Its kind.", enum: ["a", "b"] },
      },
      required: ["title", "description"],
      allOf: [{ if: { description: "when a", properties: { kind: { const: "a" } } }, then: { title: "then" } }],
      $defs: { Inner: { title: "Inner", type: "array", items: { description: "each", type: "number" } } },
    };
    expect(withoutAnnotations(schema)).toEqual({
      $id: "https://example.test/thing.schema.json",
      type: "object",
      properties: {
        title: { type: "string" },
        description: { type: "string" },
        kind: { enum: ["a", "b"] },
      },
      required: ["title", "description"],
      allOf: [{ if: { properties: { kind: { const: "a" } } }, then: {} }],
      $defs: { Inner: { type: "array", items: { type: "number" } } },
    });
    // The input is left as it was.
    expect(schema.title).toBe("Thing");
  });

  it("leaves every example's verdict as it was, and no prose in the schemas", () => {
    const schemaFolder = new URL("../../../schemas/v1/", import.meta.url);
    const schemas = readdirSync(schemaFolder)
      .filter((name) => name.endsWith(".schema.json"))
      .map((name) => JSON.parse(readFileSync(new URL(name, schemaFolder), "utf8")) as JsonSchema);
    const compiled = (all: readonly JsonSchema[]) => {
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      for (const schema of all) ajv.addSchema(schema as object);
      return ajv;
    };
    const stripped = schemas.map(withoutAnnotations);
    expect(JSON.stringify(stripped)).not.toMatch(/"(?:description|title|examples)":"/);
    const original = compiled(schemas);
    const withoutProse = compiled(stripped);
    const examplesFolder = new URL("examples/", schemaFolder);
    let checked = 0;
    for (const definition of readdirSync(examplesFolder)) {
      const schema = schemas.find(
        (candidate) => candidate.title === definition || Object.hasOwn(candidate.$defs ?? {}, definition),
      );
      if (schema === undefined) throw new Error(`no schema defines ${definition}`);
      const reference = schema.title === definition ? String(schema.$id) : `${String(schema.$id)}#/$defs/${definition}`;
      const before = original.getSchema(reference);
      const after = withoutProse.getSchema(reference);
      if (before === undefined || after === undefined) throw new Error(`${reference} did not compile`);
      for (const kind of ["valid", "invalid", "newer-minor"]) {
        const folder = new URL(`${definition}/${kind}/`, examplesFolder);
        if (!existsSync(folder)) continue;
        for (const name of readdirSync(folder).filter((file) => file.endsWith(".json"))) {
          const example = JSON.parse(readFileSync(new URL(name, folder), "utf8")) as unknown;
          expect(after(example), `${definition}/${kind}/${name}`).toBe(before(example));
          checked += 1;
        }
      }
    }
    // Every example there is (some 500), not a handful.
    expect(checked).toBeGreaterThan(400);
  });
});
