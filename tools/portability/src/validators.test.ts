// Another language's validator reads our schemas as ajv does: every definition compiles in python-jsonschema and
// in Go's gojsonschema, and on every example (valid, invalid, newer-minor; strict and tolerant) each gives ajv's
// verdict, except the disagreements listed with their reasons in disagreements.json.
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { draft07Reference, toDraft07 } from "@agent-transcript/codegen/draft-07";
import { loadSchemaSet } from "@agent-transcript/codegen/schema-set";
import { tolerantSchema } from "@agent-transcript/codegen/tolerant";
import { validatorFor } from "@agent-transcript/core/validators";
import { definitionLocations, loadExamples, type Example } from "@agent-transcript/fixtures/examples";
import { beforeAll, describe, expect, it } from "vitest";
import { compareWithList, readDisagreements, type Disagreement, type ValidatorName } from "./disagreements.js";
import {
  goJsonSchema,
  pythonJsonSchemaCompile,
  pythonJsonSchemaVerdicts,
  type CompileResult,
  type GoJsonSchemaAnswer,
} from "./engines.js";

const files = loadSchemaSet();
const documents = [...files.map((file) => file.schema), ...files.map((file) => tolerantSchema(file, files))];
const draft07Documents = documents.map(toDraft07);
const locations = definitionLocations(files);
const references = locations.flatMap((location) => [location.strictReference, location.tolerantReference]);

interface Case {
  example: Example;
  mode: "strict" | "tolerant";
  reference: string;
  ajvVerdict: boolean;
}

const cases: Case[] = loadExamples().flatMap((example) =>
  (["strict", "tolerant"] as const).map((mode) => {
    const location = locations.find(
      (candidate) => candidate.version === example.version && candidate.definition === example.definition,
    );
    const validator = validatorFor(example.definition, mode);
    if (!location || !validator) throw new Error(`${example.file}: no definition ${example.definition}`);
    const reference = mode === "strict" ? location.strictReference : location.tolerantReference;
    return { example, mode, reference, ajvVerdict: validator(example.value).ok };
  }),
);
const items = cases.map((entry) => ({ reference: entry.reference, value: entry.example.value }));

const failures = (results: readonly CompileResult[]): string[] =>
  results.filter((result) => result.error !== null).map((result) => `${result.reference}: ${result.error}`);

function disagreementsOf(validator: ValidatorName, verdicts: readonly (boolean | undefined)[]): Disagreement[] {
  return cases.flatMap((entry, index) => {
    const verdict = verdicts[index];
    if (verdict === undefined || verdict === entry.ajvVerdict) return [];
    return [{ validator, example: entry.example.file, mode: entry.mode, verdict }];
  });
}

describe("the examples and their ajv verdicts", () => {
  it("cover every definition, strict and tolerant, each as its group says", () => {
    // 74 definitions in 1.0.0; each has at least one valid and one invalid example.
    expect(references.length).toBeGreaterThanOrEqual(148);
    expect(new Set(cases.map((entry) => entry.reference))).toEqual(new Set(references));
    for (const entry of cases) {
      const expected =
        entry.example.group === "valid" || (entry.example.group === "newer-minor" && entry.mode === "tolerant");
      expect(entry.ajvVerdict, `${entry.example.file} (${entry.mode})`).toBe(expected);
    }
  });

  it("are the same from ajv's draft-07 validator on the draft-07 translation, which is what gojsonschema reads", () => {
    const ajv = new Ajv({ allErrors: false, strict: false, allowUnionTypes: true, discriminator: true });
    (addFormats as unknown as typeof addFormats.default)(ajv, { mode: "full" });
    for (const document of draft07Documents) ajv.addSchema(document);
    const differences = cases
      .filter((entry) => ajv.validate(draft07Reference(entry.reference), entry.example.value) !== entry.ajvVerdict)
      .map((entry) => `${entry.example.file} (${entry.mode})`);
    expect(differences).toEqual([]);
  });
});

describe("python-jsonschema (Draft 2020-12)", () => {
  let compiled: CompileResult[] = [];
  let verdicts: boolean[] = [];
  beforeAll(() => {
    compiled = pythonJsonSchemaCompile(documents, references);
    verdicts = pythonJsonSchemaVerdicts(documents, items);
  }, 300_000);

  it("compiles every definition, strict and tolerant", () => {
    expect(compiled.map((result) => result.reference)).toEqual(references);
    expect(failures(compiled)).toEqual([]);
  });

  it("gives ajv's verdict on every example, except where listed", () => {
    expect(verdicts).toHaveLength(cases.length);
    const listed = readDisagreements().disagreements.filter((entry) => entry.validator === "python-jsonschema");
    expect(compareWithList(disagreementsOf("python-jsonschema", verdicts), listed)).toEqual({ unlisted: [], gone: [] });
  });
});

describe("Go's gojsonschema (draft-07 translation)", () => {
  let answer: GoJsonSchemaAnswer = { compiled: [], verdicts: [] };
  beforeAll(() => {
    answer = goJsonSchema(
      draft07Documents,
      references.map(draft07Reference),
      items.map((item) => ({ ...item, reference: draft07Reference(item.reference) })),
    );
  }, 300_000);

  it("compiles every definition, strict and tolerant", () => {
    expect(answer.compiled).toHaveLength(references.length);
    expect(failures(answer.compiled)).toEqual([]);
  });

  it("gives ajv's verdict on every example, except where listed", () => {
    expect(answer.verdicts).toHaveLength(cases.length);
    // A definition that did not compile has no verdict, and so could not disagree: none may be missing.
    expect(cases.filter((_entry, index) => answer.verdicts[index] === null).map((entry) => entry.example.file)).toEqual(
      [],
    );
    const listed = readDisagreements().disagreements.filter((entry) => entry.validator === "gojsonschema");
    const verdicts = answer.verdicts.map((verdict) => verdict?.valid);
    expect(compareWithList(disagreementsOf("gojsonschema", verdicts), listed)).toEqual({ unlisted: [], gone: [] });
  });
});

describe("why gojsonschema is given the draft-07 translation", () => {
  it("reads dependentRequired (2019-09) only as the translation's dependencies", () => {
    const entry = cases.find(
      (candidate) =>
        candidate.example.file.endsWith("ToolResultPart/invalid/original-size-without-truncated.json") &&
        candidate.mode === "strict",
    );
    if (!entry) throw new Error("the dependentRequired example is gone");
    const item = { reference: entry.reference, value: entry.example.value };
    const untranslated = goJsonSchema(
      files.map((file) => file.schema),
      [],
      [item],
    );
    const translated = goJsonSchema(draft07Documents, [], [{ ...item, reference: draft07Reference(item.reference) }]);
    expect(entry.ajvVerdict).toBe(false);
    // As it is, gojsonschema skips the keyword it does not know and accepts the example.
    expect(untranslated.verdicts[0]?.valid).toBe(true);
    expect(translated.verdicts[0]?.valid).toBe(false);
  }, 300_000);
});

describe("disagreements.json", () => {
  it("gives every listed disagreement a reason it explains", () => {
    const { reasons, disagreements } = readDisagreements();
    for (const entry of disagreements) expect(reasons[entry.reason], JSON.stringify(entry)).toBeTypeOf("string");
    const used = new Set(disagreements.map((entry) => entry.reason));
    expect(Object.keys(reasons).filter((reason) => !used.has(reason))).toEqual([]);
  });
});
