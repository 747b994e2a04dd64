import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { definitionLocations, exampleGroups, loadExamples, type Example } from "@agent-transcript/fixtures/examples";
import { describe, expect, it } from "vitest";
import * as api from "./validators.js";
import { validatorFor as registeredValidator } from "./validator-lookup.js";
import type { Validator } from "./validation.js";

const examples = loadExamples();
const locations = definitionLocations().filter((location) => location.version === "v1");

function validatorFor(definition: string, mode: "strict" | "tolerant"): Validator<unknown> {
  const validator = registeredValidator(definition, mode);
  if (!validator) throw new Error(`no generated ${mode} validator for ${definition}`);
  return validator;
}

const label = (example: Example): string => example.file.replace(/^schemas\/v1\/examples\//, "");

describe("schema examples", () => {
  it("gives every definition at least one valid and one invalid example, and no example an unknown definition", () => {
    const definitions = locations.map((location) => location.definition).sort();
    // With no definitions found, the loop and the comparison below would hold trivially.
    expect(definitions.length).toBeGreaterThan(0);
    for (const definition of definitions) {
      const groups = new Set(
        examples.filter((example) => example.definition === definition).map((example) => example.group),
      );
      expect(groups, definition).toContain("valid");
      expect(groups, definition).toContain("invalid");
    }
    expect([...new Set(examples.map((example) => example.definition))].sort()).toEqual(definitions);
    // Every group has examples: none of the tests below runs over an empty list.
    expect(new Set(examples.map((example) => example.group))).toEqual(new Set(exampleGroups));
  });

  it.each(examples.filter((example) => example.group === "valid").map((example) => [label(example), example] as const))(
    "accepts valid %s strictly and tolerantly",
    (_label, example) => {
      expect(validatorFor(example.definition, "strict")(example.value)).toEqual({ ok: true, value: example.value });
      expect(validatorFor(example.definition, "tolerant")(example.value)).toEqual({ ok: true, value: example.value });
    },
  );

  it.each(
    examples.filter((example) => example.group === "invalid").map((example) => [label(example), example] as const),
  )("rejects invalid %s in both modes with the expected error", (_label, example) => {
    for (const mode of ["strict", "tolerant"] as const) {
      const result = validatorFor(example.definition, mode)(example.value);
      expect(result.ok, mode).toBe(false);
      if (result.ok) continue;
      expect(result.errors, mode).toContainEqual(
        expect.objectContaining({ pointer: example.expected?.pointer, keyword: example.expected?.keyword }),
      );
      for (const error of result.errors) expect(error.message.length).toBeGreaterThan(0);
    }
  });

  it.each(
    examples.filter((example) => example.group === "newer-minor").map((example) => [label(example), example] as const),
  )("accepts newer-minor %s tolerantly and rejects it strictly", (_label, example) => {
    expect(validatorFor(example.definition, "strict")(example.value).ok).toBe(false);
    expect(validatorFor(example.definition, "tolerant")(example.value)).toEqual({ ok: true, value: example.value });
  });
});

describe("strict and tolerant validators from one schema", () => {
  const line = {
    seq: 1,
    run_id: "550e8400-e29b-41d4-a716-446655440000",
    type: "run.started",
    path: "",
    iteration: 0,
    timestamp: "2026-06-08T08:14:42.123Z",
    payload: { schema_version: "1.0.0", name: "code-review", kind: "workflow" },
  };

  it("rejects an unknown field strictly, naming it with a pointer, and accepts it tolerantly", () => {
    const withUnknownField = { ...line, trace_id: "4bf92f3577b34da6a3ce929d0e0e4736" };
    const strict = api.validateEvent(withUnknownField);
    expect(strict).toEqual({
      ok: false,
      errors: [
        expect.objectContaining({
          pointer: "/trace_id",
          keyword: "additionalProperties",
          message: expect.stringContaining("trace_id"),
        }),
      ],
    });
    expect(api.validateEventTolerant(withUnknownField).ok).toBe(true);
  });

  it("still enforces known members tolerantly: a known event type with a bad payload fails in both modes", () => {
    const bad = { ...line, type: "step.started", payload: null };
    expect(api.validateEvent(bad).ok).toBe(false);
    expect(api.validateEventTolerant(bad).ok).toBe(false);
  });

  it("reports every error, each with a JSON pointer and a message", () => {
    const result = api.validateEvent({ ...line, seq: 0, iteration: -1, timestamp: "yesterday" });
    expect(result.ok).toBe(false);
    if (result.ok) throw new Error("unreachable: failure asserted above");
    expect(result.errors.map((error) => error.pointer).sort()).toEqual(["/iteration", "/seq", "/timestamp"]);
  });
});

describe("generated validator modules", () => {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "generated/v1/validators");
  const modules = readdirSync(folder).filter((name) => /\.(?:strict|tolerant)\.js$/.test(name));

  it("come in strict and tolerant pairs, one pair per schema file", () => {
    const stems = modules.map((name) => name.replace(/\.(strict|tolerant)\.js$/, ""));
    // Also what keeps the import test below from running over an empty list.
    expect(new Set(stems)).toEqual(new Set(locations.map((location) => location.schemaFile.slug)));
    for (const stem of new Set(stems)) {
      expect(modules).toContain(`${stem}.strict.js`);
      expect(modules).toContain(`${stem}.tolerant.js`);
    }
  });

  it.each(modules)("%s imports under plain Node ESM with no build step", (name) => {
    const url = new URL(`file://${path.join(folder, name)}`).href;
    const output = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(url)}); console.log(Object.keys(m).join(","));`,
      ],
      { encoding: "utf8" },
    );
    expect(output.trim().split(",").length).toBeGreaterThan(0);
    expect(output.trim()).not.toBe("");
  });
});
