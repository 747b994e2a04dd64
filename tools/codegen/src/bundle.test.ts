import { describe, expect, it } from "vitest";
import { bundleSchema, referencedResources } from "./bundle.js";
import type { JsonSchema } from "./schema-set.js";

const base = "https://agent-transcript.dev/schemas/v9/";
const resources = new Map<string, JsonSchema>([
  [
    `${base}a.schema.json`,
    { $id: `${base}a.schema.json`, $schema: "x", properties: { b: { $ref: "b.schema.json#/$defs/B" } } },
  ],
  [
    `${base}b.schema.json`,
    {
      $id: `${base}b.schema.json`,
      $comment: "c",
      $defs: { B: { $ref: "c.schema.json" }, Data: { const: { $ref: "nowhere" } } },
    },
  ],
  [`${base}c.schema.json`, { $id: `${base}c.schema.json`, type: "string" }],
  [`${base}d.schema.json`, { $id: `${base}d.schema.json`, $ref: "#/$defs/Self", $defs: { Self: { $ref: "#" } } }],
]);

describe("bundleSchema", () => {
  it("embeds every resource reached through $ref, transitively, by its $id, sorted, without $schema and $comment", () => {
    const bundled = bundleSchema(resources.get(`${base}a.schema.json`) as JsonSchema, resources);
    expect(Object.keys(bundled.$defs as object)).toEqual([`${base}b.schema.json`, `${base}c.schema.json`]);
    expect((bundled.$defs as Record<string, JsonSchema>)[`${base}b.schema.json`]).toEqual({
      $id: `${base}b.schema.json`,
      $defs: { B: { $ref: "c.schema.json" }, Data: { const: { $ref: "nowhere" } } },
    });
    expect(bundled.$schema).toBe("x");
  });

  it("reads a $ref inside data keywords (const, enum, examples) as data, and a self-reference as nothing to embed", () => {
    expect(referencedResources(resources.get(`${base}b.schema.json`) as JsonSchema, resources).size).toBe(1);
    expect(bundleSchema(resources.get(`${base}d.schema.json`) as JsonSchema, resources).$defs).toEqual({
      Self: { $ref: "#" },
    });
  });

  it("refuses a reference to a schema the set does not hold, naming it", () => {
    const broken = { $id: `${base}e.schema.json`, $ref: "missing.schema.json" };
    expect(() => bundleSchema(broken, resources)).toThrow(
      `$ref missing.schema.json in ${base}e.schema.json names no schema of the set`,
    );
  });
});
