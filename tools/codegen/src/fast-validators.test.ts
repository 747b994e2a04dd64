import { describe, expect, it } from "vitest";
import { generateFastValidatorModule } from "./fast-validators.js";
import { generateAll } from "./generate.js";
import type { JsonSchema, SchemaFile } from "./schema-set.js";
import type { SchemaForValidation } from "./validators.js";

/** A one-file schema set whose file is called `part`, so the generator writes its `Part` check. */
function partSet(schema: JsonSchema): SchemaForValidation[] {
  const full = { $id: "https://example.test/part.schema.json", title: "Part", ...schema };
  const file: SchemaFile = {
    version: "v1",
    sourcePath: "schemas/v1/part.schema.json",
    slug: "part",
    id: full.$id,
    title: "Part",
    schema: full,
    definitionNames: [],
  };
  return [{ file, schema: full }];
}

/** The generated `Part` check, loaded from its source text. */
async function partCheck(schema: JsonSchema): Promise<(value: unknown) => boolean> {
  const set = partSet(schema);
  const module = generateFastValidatorModule(set, "strict");
  if (module === undefined) throw new Error("no module");
  const url = `data:text/javascript;base64,${Buffer.from(module.javascript).toString("base64")}`;
  return ((await import(url)) as { Part: (value: unknown) => boolean }).Part;
}

describe("generateFastValidatorModule", () => {
  it("refuses a keyword it does not translate instead of ignoring it", () => {
    const set = partSet({ type: "object", propertyNames: { pattern: "^a" } });
    expect(() => generateFastValidatorModule(set, "strict")).toThrow(/propertyNames is not translated/);
  });

  it("writes nothing for a file without a hot definition", () => {
    const [entry] = partSet({ type: "object" });
    const other = {
      ...(entry as SchemaForValidation),
      file: { ...(entry as SchemaForValidation).file, slug: "usage" },
    };
    expect(generateFastValidatorModule([other], "strict")).toBeUndefined();
  });

  it("gives keywords ajv's meaning: type-specific keywords skip other types, undefined is absent, code points count", async () => {
    const check = await partCheck({
      properties: { a: { type: "string", minLength: 2 }, b: { minimum: 3 }, c: { pattern: "^x" } },
      required: ["a"],
      additionalProperties: false,
    });
    expect(check({ a: "ab" })).toBe(true);
    // One code point in two UTF-16 code units is too short.
    expect(check({ a: "😀" })).toBe(false);
    expect(check({ a: "😀😀" })).toBe(true);
    expect(check({ a: "ab", b: "not a number, so minimum does not apply" })).toBe(true);
    expect(check({ a: "ab", b: 2 })).toBe(false);
    expect(check({ a: "ab", c: 5 })).toBe(true);
    expect(check({ a: "ab", c: "y" })).toBe(false);
    expect(check({ a: undefined })).toBe(false);
    expect(check({ a: "ab", d: 1 })).toBe(false);
    // No type: an array or a string is not an object, so properties and required do not apply.
    expect(check("anything")).toBe(true);
    expect(check([1])).toBe(true);
  });

  it("picks the discriminator's branch by its tag, as ajv does", async () => {
    const check = await partCheck({
      type: "object",
      required: ["type"],
      discriminator: { propertyName: "type" },
      oneOf: [
        { properties: { type: { const: "a" }, n: { type: "integer" } } },
        { properties: { type: { enum: ["b", "c"] }, n: { type: "string" } } },
      ],
    });
    expect(check({ type: "a", n: 1 })).toBe(true);
    expect(check({ type: "a", n: 1.5 })).toBe(false);
    expect(check({ type: "c", n: "x" })).toBe(true);
    expect(check({ type: "c", n: 1 })).toBe(false);
    expect(check({ type: "d" })).toBe(false);
    expect(check({ type: 1 })).toBe(false);
  });

  it("writes each definition's check once for every hot definition that reaches it (one module per variant)", async () => {
    const generated = await generateAll();
    const module = generated.get("packages/core/src/generated/v1/validators/hot-definitions.strict.fast.js") ?? "";
    expect(module).toContain("export const Event = ");
    expect(module).toContain("export const Transcript = ");
    // A Part reached from a Message, an Event and a Transcript is one function: no two functions have one body.
    const bodies = [...module.matchAll(/^function check\d+\(data\) \{\n([\s\S]*?)\n\}$/gm)].map((match) => match[1]);
    expect(bodies.length).toBeGreaterThan(50);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect([...generated.keys()].filter((file) => file.endsWith(".fast.js"))).toEqual([
      "packages/core/src/generated/v1/validators/hot-definitions.strict.fast.js",
      "packages/core/src/generated/v1/validators/hot-definitions.tolerant.fast.js",
    ]);
  });
});
