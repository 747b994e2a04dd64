import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { draft07MetaSchema, toDraft07 } from "./draft-07.js";
import { loadSchemaSet, type JsonSchema } from "./schema-set.js";
import { tolerantSchema } from "./tolerant.js";

const id = "https://agent-transcript.dev/schemas/v1/thing.schema.json";

/** Verdicts of ajv on the 2020-12 source and of ajv's draft-07 validator on its translation, value by value. */
function verdicts(source: JsonSchema, values: unknown[]): { draft2020: boolean[]; draft07: boolean[] } {
  const draft2020 = new Ajv2020({ strict: false }).compile(source);
  const draft07 = new Ajv({ strict: false }).compile(toDraft07(source));
  return { draft2020: values.map((value) => draft2020(value)), draft07: values.map((value) => draft07(value)) };
}

describe("toDraft07", () => {
  it("keeps the meaning of a $ref beside other keywords, which draft-07 would ignore", () => {
    const source = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: id,
      $defs: { Named: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
      $ref: "#/$defs/Named",
      properties: { size: { type: "integer" } },
      required: ["size"],
    };
    const values = [{ name: "a", size: 1 }, { name: "a" }, { size: 1 }, { name: "a", size: "big" }];
    const { draft2020, draft07 } = verdicts(source, values);
    expect(draft2020).toEqual([true, false, false, false]);
    expect(draft07).toEqual(draft2020);
    // ajv applies a $ref's siblings in draft-07 too; validators that follow draft-07 (gojsonschema) do not.
    expect(toDraft07(source)).toMatchObject({ allOf: [{ $ref: "#/definitions/Named" }], required: ["size"] });
    expect(toDraft07(source)).not.toHaveProperty("$ref");
  });

  it("writes dependentRequired and dependentSchemas as dependencies", () => {
    const source = {
      $id: id,
      type: "object",
      dependentRequired: { truncation_strategy: ["truncated"] },
      dependentSchemas: { bytes: { required: ["encoding"] } },
    };
    const translated = toDraft07(source);
    expect(translated.dependencies).toEqual({
      truncation_strategy: ["truncated"],
      bytes: { required: ["encoding"] },
    });
    const values = [
      {},
      { truncation_strategy: "head" },
      { truncation_strategy: "head", truncated: true },
      { bytes: 1 },
    ];
    const { draft2020, draft07 } = verdicts(source, values);
    expect(draft2020).toEqual([true, false, true, false]);
    expect(draft07).toEqual(draft2020);
  });

  it("renames $defs and the references into it, here and in other files, but not properties that share a name", () => {
    const translated = toDraft07({
      $id: id,
      properties: {
        $defs: { type: "string" },
        here: { $ref: "#/$defs/A" },
        there: { $ref: "other.schema.json#/$defs/B" },
        whole: { $ref: "other.schema.json" },
      },
      $defs: { A: { type: "string" } },
    });
    expect(translated).toEqual({
      $schema: draft07MetaSchema,
      $id: id,
      properties: {
        $defs: { type: "string" },
        here: { $ref: "#/definitions/A" },
        there: { $ref: "other.schema.json#/definitions/B" },
        whole: { $ref: "other.schema.json" },
      },
      definitions: { A: { type: "string" } },
    });
  });

  it("leaves out our generators' annotations", () => {
    const translated = toDraft07({
      $id: id,
      type: "string",
      enum: ["a"],
      "x-extensible": true,
      tsType: "unknown",
      "x-tolerant-also": [{ $ref: "#/$defs/A" }],
    });
    expect(translated).toEqual({ $id: id, $schema: draft07MetaSchema, type: "string", enum: ["a"] });
  });

  it.each([
    ["prefixItems", { prefixItems: [{ type: "string" }] }, /\/prefixItems: prefixItems has no draft-07 translation/],
    ["unevaluatedProperties", { unevaluatedProperties: false }, /unevaluatedProperties has no draft-07 translation/],
    ["minContains", { properties: { list: { minContains: 2 } } }, /\/properties\/list\/minContains: minContains/],
    ["an items array", { items: [{ type: "string" }] }, /\/items: an items array is not 2020-12/],
    [
      "a property in both dependentRequired and dependentSchemas",
      { dependentRequired: { a: ["b"] }, dependentSchemas: { a: { required: ["c"] } } },
      /\/dependentSchemas\/a: both dependentRequired and dependentSchemas/,
    ],
  ])("refuses %s, naming where, rather than dropping it", (_name, source, message) => {
    expect(() => toDraft07(source)).toThrow(message);
  });

  it("translates every repository schema, strict and tolerant, into documents ajv compiles as draft-07", () => {
    const files = loadSchemaSet();
    const documents = [...files.map((file) => file.schema), ...files.map((file) => tolerantSchema(file, files))];
    const ajv = new Ajv({ strict: false });
    const translated = documents.map(toDraft07);
    // No `$defs` keyword or reference is left anywhere (no description names it either).
    for (const document of translated) expect(JSON.stringify(document)).not.toContain("$defs");
    for (const document of translated) ajv.addSchema(document);
    for (const document of translated) expect(ajv.getSchema(String(document.$id))).toBeTypeOf("function");
  });
});
