import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generateAll } from "./generate.js";
import { loadSchemaSet } from "./schema-set.js";
import { crossFileSchemas, writeSchemaTree } from "./test-fixtures.js";
import { tolerantId, tolerantSchema } from "./tolerant.js";
import { createAjv } from "./validators.js";

describe("the pipeline on several files joined by cross-file $refs", () => {
  const files = loadSchemaSet(writeSchemaTree(crossFileSchemas));
  const networkAttempts: string[] = [];

  beforeEach(() => {
    vi.stubGlobal("fetch", (url: unknown) => {
      networkAttempts.push(String(url));
      throw new Error("no network in codegen");
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("generates every artifact without touching the network", async () => {
    const output = await generateAll(files);
    expect(networkAttempts).toEqual([]);
    const types = output.get("packages/core/src/generated/v1/types.ts") ?? "";
    expect(types).toMatch(/export type Part = \(?TextPart \| ImagePart\)?/);
    expect(types).toMatch(/parts: Part\[\]/);
    expect(types).toMatch(/first\?: TextPart/);
    expect(types).toMatch(/type: "text"/);
    expect(types).not.toContain("[k: string]: unknown");
    const tolerantTypes = output.get("packages/core/src/generated/v1/tolerant-types.ts") ?? "";
    expect(tolerantTypes).toMatch(/export type Part = \(?TextPart \| ImagePart \| UnknownPart\)?/);
    expect(tolerantTypes).toMatch(/detail\?: string/);
    for (const language of [
      "packages/bindings-python/src/agent_transcript/generated/v1.py",
      "packages/bindings-go/generated/v1/v1.go",
      "packages/bindings-rust/src/generated/v1.rs",
    ]) {
      expect(output.get(language), language).toMatch(/Message/);
    }
    for (const [file, content] of output) {
      expect(
        content.startsWith("// AUTO-GENERATED FILE. DO NOT EDIT.") ||
          content.startsWith("# AUTO-GENERATED FILE. DO NOT EDIT.") ||
          content.includes('"$comment": "AUTO-GENERATED FILE. DO NOT EDIT.'),
        file,
      ).toBe(true);
      expect(content, file).toContain("pnpm generate");
    }
  });

  it("compiles strict and tolerant validators that resolve the cross-file references", () => {
    const strict = createAjv(
      files.map((file) => file.schema),
      { forStandalone: false },
    );
    const tolerant = createAjv(
      files.map((file) => tolerantSchema(file, files)),
      { forStandalone: false },
    );
    const strictMessage = strict.getSchema("https://agent-transcript.dev/schemas/v1/message.schema.json");
    const tolerantMessage = tolerant.getSchema("https://agent-transcript.dev/schemas/v1/tolerant/message.schema.json");
    if (!strictMessage || !tolerantMessage) throw new Error("validators not compiled");

    const known = {
      role: "user",
      parts: [
        { type: "text", text: "hi" },
        { type: "image", url: "https://example.com/a.png", detail: "high" },
      ],
    };
    expect(strictMessage(known)).toBe(true);
    expect(tolerantMessage(known)).toBe(true);

    const newerMinor = {
      role: "user",
      parts: [
        { type: "audio", data: "UklGRg==" },
        { type: "image", url: "https://example.com/a.png", detail: "ultra", alt: "x" },
      ],
    };
    expect(strictMessage(newerMinor)).toBe(false);
    expect(tolerantMessage(newerMinor)).toBe(true);

    // A known member stays fully checked: the unknown-member branch never swallows a broken known one.
    const brokenKnown = { role: "user", parts: [{ type: "text", text: 42 }] };
    expect(strictMessage(brokenKnown)).toBe(false);
    expect(tolerantMessage(brokenKnown)).toBe(false);
    // Closed vocabularies stay closed in both.
    expect(tolerantMessage({ ...known, role: "narrator" })).toBe(false);
  });

  it("keeps the strict source untouched when deriving the tolerant twin", () => {
    const before = JSON.stringify(files.map((file) => file.schema));
    for (const file of files) tolerantSchema(file, files);
    expect(JSON.stringify(files.map((file) => file.schema))).toBe(before);
  });

  it("produces tolerant schemas that an independent ajv instance accepts as draft 2020-12", () => {
    const ajv = new Ajv2020({ strict: false });
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) ajv.addSchema(tolerantSchema(file, files));
    // Adding only stores a schema; compiling checks it and resolves every cross-file $ref, and throws on a bad one.
    for (const file of files) expect(ajv.getSchema(tolerantId(file.id)), file.id).toBeTypeOf("function");
  });
});

describe("the derived schema files", () => {
  it.each([
    ["tolerant", "schemas/generated/v1/tolerant/part.schema.json"],
    ["bundled", "schemas/generated/v1/bundled/part.schema.json"],
    ["bundled tolerant", "schemas/generated/v1/bundled/tolerant/part.schema.json"],
  ])(
    "%s: write a pattern's line and paragraph separators as escapes, as the sources do, and keep its meaning",
    async (_label, generated) => {
      const documents = structuredClone(crossFileSchemas);
      const pattern = "^[^\n\r\u2028\u2029]+$";
      (documents["part.schema.json"].$defs.TextPart.properties.text as Record<string, unknown>).pattern = pattern;
      const output = await generateAll(loadSchemaSet(writeSchemaTree(documents)));
      const written = output.get(generated) ?? "";
      expect(written).toContain(String.raw`[^\n\r\u2028\u2029]`);
      expect(written).not.toMatch(/[\u2028\u2029]/);
      // Parsed back, the pattern is the same string.
      expect(JSON.stringify(JSON.parse(written))).toContain(JSON.stringify(pattern));
    },
  );
});
