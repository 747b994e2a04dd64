import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { definitionLocations, loadExamples } from "@agent-transcript/fixtures/examples";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { loadSchemaSet } from "@agent-transcript/codegen/schema-set";
import { tolerantSchema } from "@agent-transcript/codegen/tolerant";
import { validatorFor } from "@agent-transcript/core/validators";
import { systemCommand } from "@agent-transcript/setup";
import { beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Debian's python3, which has python3-jsonschema and python3-dateutil (installed, or unpacked for this user by
// tools/setup and found through PYTHONPATH).
const python = systemCommand("python3");

describeRoundTrips({
  language: "Python",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  run: (requests) =>
    runJsonProgram(python.command, [path.join(packageRoot, "scripts/roundtrip.py")], requests, { env: python.env }),
});

describe("python-jsonschema agrees with ajv", () => {
  const examples = loadExamples();
  const files = loadSchemaSet();
  const schemas = [...files.map((file) => file.schema), ...files.map((file) => tolerantSchema(file, files))];
  const locations = new Map(
    definitionLocations(files).map((location) => [`${location.version}/${location.definition}`, location]),
  );
  const cases = examples.flatMap((example) =>
    (["strict", "tolerant"] as const).map((mode) => {
      const location = locations.get(`${example.version}/${example.definition}`);
      if (!location) throw new Error(`${example.file}: no definition ${example.definition}`);
      return { example, mode, reference: mode === "strict" ? location.strictReference : location.tolerantReference };
    }),
  );
  let verdicts: boolean[] = [];
  beforeAll(() => {
    verdicts = runJsonProgram(
      python.command,
      [path.join(packageRoot, "scripts/jsonschema_verdicts.py")],
      { schemas, items: cases.map((entry) => ({ reference: entry.reference, value: entry.example.value })) },
      { env: python.env },
    ) as boolean[];
  }, 300_000);

  it("gives one verdict per example and mode", () => {
    // With no examples, no verdict would be as many, and the per-example tests below would not run.
    expect(cases.length).toBeGreaterThan(0);
    expect(verdicts).toHaveLength(cases.length);
  });

  it.each(cases.map((entry, index) => [`${entry.example.file} (${entry.mode})`, entry, index] as const))(
    "agrees on %s",
    (_name, entry, index) => {
      const ajvVerdict = validatorFor(entry.example.definition, entry.mode)?.(entry.example.value).ok;
      const expected =
        entry.example.group === "valid" || (entry.example.group === "newer-minor" && entry.mode === "tolerant");
      expect(ajvVerdict).toBe(expected);
      expect(verdicts[index]).toBe(ajvVerdict);
    },
  );
});
