import path from "node:path";
import { fileURLToPath } from "node:url";
import { pythonExecutable, runJsonProgram, sameJsonModuloInstants } from "@agent-transcript/codegen/conformance";
import { definitionLocations, loadExamples } from "@agent-transcript/codegen/examples";
import { loadSchemaSet } from "@agent-transcript/codegen/schema-set";
import { tolerantSchema } from "@agent-transcript/codegen/tolerant";
import * as core from "@agent-transcript/core";
import { beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const examples = loadExamples();

function coreValidator(definition: string, mode: "strict" | "tolerant"): (value: unknown) => { ok: boolean } {
  const candidate: unknown = (core as Record<string, unknown>)[mode === "strict" ? `validate${definition}` : `validate${definition}Tolerant`];
  if (typeof candidate !== "function") throw new Error(`@agent-transcript/core has no validator for ${definition}`);
  return candidate as (value: unknown) => { ok: boolean };
}

describe("Python bindings", () => {
  const valid = examples.filter((example) => example.group === "valid");
  let results: Array<{ output?: unknown; error?: string }> = [];
  // Compiling and running the harness can take a while on a cold cache.
  beforeAll(() => {
    results = runJsonProgram(
      pythonExecutable(),
      [path.join(packageRoot, "scripts/roundtrip.py")],
      valid.map((example) => ({ version: example.version, definition: example.definition, value: example.value })),
    ) as typeof results;
  }, 300_000);

  it.each(valid.map((example, index) => [example.file, example, index] as const))(
    "parse and re-serialise %s to JSON that validates strictly and means the same",
    (_file, example, index) => {
      const result = results[index];
      expect(result?.error).toBeUndefined();
      expect(coreValidator(example.definition, "strict")(result?.output)).toMatchObject({ ok: true });
      expect(sameJsonModuloInstants(result?.output, example.value)).toBe(true);
    },
  );
});

describe("python-jsonschema agrees with ajv", () => {
  const files = loadSchemaSet();
  const schemas = [...files.map((file) => file.schema), ...files.map((file) => tolerantSchema(file, files))];
  const locations = new Map(definitionLocations(files).map((location) => [`${location.version}/${location.definition}`, location]));
  const cases = examples.flatMap((example) =>
    (["strict", "tolerant"] as const).map((mode) => {
      const location = locations.get(`${example.version}/${example.definition}`);
      if (!location) throw new Error(`${example.file}: no definition ${example.definition}`);
      return { example, mode, reference: mode === "strict" ? location.strictReference : location.tolerantReference };
    }),
  );
  let verdicts: boolean[] = [];
  beforeAll(() => {
    verdicts = runJsonProgram(pythonExecutable(), [path.join(packageRoot, "scripts/jsonschema_verdicts.py")], {
      schemas,
      items: cases.map((entry) => ({ reference: entry.reference, value: entry.example.value })),
    }) as boolean[];
  }, 300_000);

  it("gives one verdict per example and mode", () => {
    expect(verdicts).toHaveLength(cases.length);
  });

  it.each(cases.map((entry, index) => [`${entry.example.file} (${entry.mode})`, entry, index] as const))(
    "agrees on %s",
    (_name, entry, index) => {
      const ajvVerdict = coreValidator(entry.example.definition, entry.mode)(entry.example.value).ok;
      const expected = entry.example.group === "valid" || (entry.example.group === "newer-minor" && entry.mode === "tolerant");
      expect(ajvVerdict).toBe(expected);
      expect(verdicts[index]).toBe(ajvVerdict);
    },
  );
});
