import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { OpenApiValidators, readComponentSchemas } from "./openapi.js";
import { loadSpec } from "./published.js";

const document = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } });

describe("reading OpenAPI component schemas", () => {
  it("reads oneOf as anyOf, and a property named oneOf stays a property", () => {
    const { schemas, readings } = readComponentSchemas(
      document({
        Either: { oneOf: [{ type: "string" }, { type: "string", minLength: 1 }] },
        Named: { type: "object", properties: { oneOf: { type: "integer" } }, required: ["oneOf"] },
      }),
    );
    expect(schemas.Either).toEqual({ anyOf: [{ type: "string" }, { type: "string", minLength: 1 }] });
    expect(schemas.Named).toEqual({ type: "object", properties: { oneOf: { type: "integer" } }, required: ["oneOf"] });
    expect(readings).toEqual({ oneOfAsAnyOf: 1, nullable: 0 });
    const validators = new OpenApiValidators(
      "test",
      document({ Either: { oneOf: [{ type: "string" }, { type: "string", minLength: 1 }] } }),
    );
    // Both branches match "x": a literal oneOf refuses it; the reading accepts it.
    expect(validators.validate("Either", "x")).toEqual([]);
    expect(validators.validate("Either", 1).length).toBeGreaterThan(0);
  });

  it("keeps both a oneOf and an anyOf on one schema (both must hold)", () => {
    const validators = new OpenApiValidators(
      "test",
      document({
        Both: { anyOf: [{ type: "string" }, { type: "integer" }], oneOf: [{ type: "integer" }, { minimum: 0 }] },
      }),
    );
    expect(validators.validate("Both", 3)).toEqual([]);
    expect(validators.validate("Both", "x")).toEqual([]);
    expect(validators.validate("Both", true).length).toBeGreaterThan(0);
  });

  it("honours nullable: true (an OpenAPI 3.0 keyword JSON Schema ignores)", () => {
    const validators = new OpenApiValidators(
      "test",
      document({
        Text: { type: "string", nullable: true },
        Choice: { type: "string", enum: ["a"], nullable: true },
        Ref: { $ref: "#/components/schemas/Plain", nullable: true },
        Plain: { type: "string" },
      }),
    );
    expect(validators.readings.nullable).toBe(3);
    for (const name of ["Text", "Choice", "Ref"]) expect(validators.validate(name, null)).toEqual([]);
    expect(validators.validate("Plain", null).length).toBeGreaterThan(0);
    expect(validators.validate("Choice", "b").length).toBeGreaterThan(0);
  });

  it("needs the reading on OpenAI's own document: a Responses message matches two branches of InputItem", () => {
    const openai = loadSpec("openai") as { components: { schemas: Record<string, unknown> } };
    const message = { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] };
    // Literally, as JSON Schema: EasyInputMessage and Item's InputMessage both match, so `oneOf` fails.
    const literal = new Ajv2020({ strict: false, validateFormats: false });
    literal.addSchema({ $id: "https://literal.invalid/openai", components: openai.components });
    const validateLiteral = literal.getSchema("https://literal.invalid/openai#/components/schemas/InputItem");
    expect(validateLiteral?.(message)).toBe(false);
    const validators = new OpenApiValidators("openai", openai);
    expect(validators.validate("InputItem", message)).toEqual([]);
    expect(validators.readings.oneOfAsAnyOf).toBeGreaterThan(100);
  });

  it("names where a value breaks a rule: the deepest errors, with the rule's schema path", () => {
    const validators = new OpenApiValidators("openai", loadSpec("openai"));
    const problems = validators.validate("CreateResponse", {
      model: "gpt-5",
      tools: [{ type: "function", name: "f", parameters: {} }],
    });
    expect(problems).toContainEqual({
      path: "/tools/0",
      message: "must have required property 'strict'",
      rule: "#/required",
    });
  });

  it("refuses a name that is no component schema", () => {
    const validators = new OpenApiValidators("test", document({ A: { type: "string" } }));
    expect(() => validators.validate("B", "x")).toThrow("the spec defines no component schema B");
    expect(() => readComponentSchemas({})).toThrow("not an OpenAPI document");
  });
});
