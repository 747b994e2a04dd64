import { describe, expect, it } from "vitest";
import { loadSpec } from "./published.js";
import { SmithyTranslation, SmithyValidators } from "./smithy.js";

/** A small model with every shape kind and constraint trait the translation handles. */
const model = {
  smithy: "2.0",
  shapes: {
    "test#Request": {
      type: "structure",
      members: {
        id: { target: "test#Id", traits: { "smithy.api#httpLabel": {}, "smithy.api#required": {} } },
        name: {
          target: "smithy.api#String",
          traits: { "smithy.api#required": {}, "smithy.api#length": { min: 1, max: 3 } },
        },
        count: { target: "smithy.api#Integer", traits: { "smithy.api#range": { min: 1, max: 5 } } },
        small: { target: "smithy.api#Byte" },
        ratio: { target: "smithy.api#Float" },
        flag: { target: "smithy.api#Boolean" },
        kind: { target: "test#Kind" },
        level: { target: "test#Level" },
        items: { target: "test#Items" },
        sparse: { target: "test#SparseItems" },
        labels: { target: "test#Labels" },
        choice: { target: "test#Choice" },
        payload: { target: "smithy.api#Document" },
        data: { target: "smithy.api#Blob", traits: { "smithy.api#length": { min: 1, max: 3 } } },
        at: { target: "smithy.api#Timestamp" },
        when: { target: "test#IsoTime" },
        renamed: { target: "smithy.api#String", traits: { "smithy.api#jsonName": "Renamed" } },
        next: { target: "test#Request" },
      },
    },
    "test#Id": { type: "string", traits: { "smithy.api#pattern": "^[a-z]+$" } },
    "test#Kind": {
      type: "enum",
      members: {
        ONE: { target: "smithy.api#Unit", traits: { "smithy.api#enumValue": "one" } },
        TWO: { target: "smithy.api#Unit" },
      },
    },
    "test#Level": {
      type: "intEnum",
      members: { LOW: { target: "smithy.api#Unit", traits: { "smithy.api#enumValue": 1 } } },
    },
    "test#Items": { type: "list", member: { target: "test#Id" }, traits: { "smithy.api#length": { max: 2 } } },
    "test#SparseItems": { type: "list", member: { target: "smithy.api#String" }, traits: { "smithy.api#sparse": {} } },
    "test#Labels": {
      type: "map",
      key: { target: "smithy.api#String", traits: { "smithy.api#pattern": "^[a-z]+$" } },
      value: { target: "smithy.api#String" },
      traits: { "smithy.api#length": { min: 1 } },
    },
    "test#Choice": {
      type: "union",
      members: { text: { target: "smithy.api#String" }, number: { target: "smithy.api#Integer" } },
    },
    "test#IsoTime": { type: "timestamp", traits: { "smithy.api#timestampFormat": "date-time" } },
  },
};

const validators = new SmithyValidators(model, ["test#Request"]);
const check = (value: unknown) =>
  validators.validate("test#Request", value).map((problem) => `${problem.path} ${problem.message}`);
const valid = {
  name: "abc",
  count: 5,
  small: -128,
  ratio: 0.5,
  flag: true,
  kind: "TWO",
  level: 1,
  items: ["a", "b"],
  sparse: ["x", null],
  labels: { key: "value" },
  choice: { text: "hi" },
  payload: { any: [1, "json", null] },
  data: "AAEC",
  at: 1700000000.5,
  when: "2025-01-02T03:04:05Z",
  Renamed: "x",
  next: { name: "a" },
};

describe("Smithy shapes as JSON Schema", () => {
  it("accepts a value that follows every rule (recursion, sparse lists, documents, epoch and ISO timestamps)", () => {
    expect(check(valid)).toEqual([]);
  });

  it("enforces @required and refuses members the model does not define; an HTTP-bound member is not in the body", () => {
    expect(check({})).toEqual([" must have required property 'name'"]);
    expect(check({ ...valid, unknown: 1 })).toEqual([
      ' must NOT have additional properties ({"additionalProperty":"unknown"})',
    ]);
    expect(check({ ...valid, id: "abc" })).toEqual([
      ' must NOT have additional properties ({"additionalProperty":"id"})',
    ]);
    expect(check({ ...valid, renamed: "x" })).toEqual([
      ' must NOT have additional properties ({"additionalProperty":"renamed"})',
    ]);
  });

  it("enforces @length on strings, lists, maps and blobs (bytes, as base64), and @range and integer widths", () => {
    expect(check({ ...valid, name: "" })).toEqual(["/name must NOT have fewer than 1 characters"]);
    expect(check({ ...valid, name: "abcd" })).toEqual(["/name must NOT have more than 3 characters"]);
    expect(check({ ...valid, items: ["a", "b", "c"] })).toEqual(["/items must NOT have more than 2 items"]);
    expect(check({ ...valid, labels: {} })).toEqual(["/labels must NOT have fewer than 1 properties"]);
    expect(check({ ...valid, data: "" })).toEqual(["/data must NOT have fewer than 4 characters"]);
    expect(check({ ...valid, data: "AAECAwQ=" })).toEqual(["/data must NOT have more than 4 characters"]);
    expect(check({ ...valid, count: 6 })).toEqual(["/count must be <= 5"]);
    expect(check({ ...valid, count: 1.5 })).toEqual(["/count must be integer"]);
    expect(check({ ...valid, small: 128 })).toEqual(["/small must be <= 127"]);
  });

  it("enforces @pattern, on map keys too, and base64 for blobs", () => {
    expect(check({ ...valid, items: ["A"] })).toEqual(['/items/0 must match pattern "^[a-z]+$"']);
    expect(check({ ...valid, labels: { Key: "v" } })).toContain('/labels must match pattern "^[a-z]+$"');
    expect(check({ ...valid, data: "not base64!" }).length).toBeGreaterThan(0);
  });

  it("takes enum values (the @enumValue, else the member name) and intEnum values", () => {
    expect(check({ ...valid, kind: "one" })).toEqual([]);
    expect(check({ ...valid, kind: "ONE" })).toEqual([
      '/kind must be equal to one of the allowed values: {"allowedValues":["one","TWO"]}',
    ]);
    expect(check({ ...valid, level: 2 })).toEqual([
      '/level must be equal to one of the allowed values: {"allowedValues":[1]}',
    ]);
  });

  it("takes exactly one member of a union, and nulls only in a @sparse list", () => {
    expect(check({ ...valid, choice: {} })).toEqual(["/choice must NOT have fewer than 1 properties"]);
    expect(check({ ...valid, choice: { text: "a", number: 1 } })).toEqual([
      "/choice must NOT have more than 1 properties",
    ]);
    expect(check({ ...valid, items: [null] })).toEqual(["/items/0 must be string"]);
    expect(check({ ...valid, at: "2025-01-02T03:04:05Z" })).toEqual(["/at must be number"]);
    expect(check({ ...valid, when: "yesterday" })).toEqual(['/when must match format "date-time"']);
  });

  it("lists the shapes a root reaches, and refuses a model or shape it does not know", () => {
    const translation = new SmithyTranslation(model, ["test#Choice"]);
    expect(translation.reached).toEqual(["test#Choice", "smithy.api#String", "smithy.api#Integer"]);
    expect(() => new SmithyTranslation({}, [])).toThrow("not a Smithy JSON model");
    expect(() => new SmithyTranslation(model, ["test#Missing"])).toThrow("the model has no shape test#Missing");
    expect(() => validators.validate("test#Kind2", {})).toThrow("is not among the roots' shapes");
  });

  it("reads Bedrock Runtime's model: a Converse request's modelId is in the URL, messages and tools follow the model", () => {
    const bedrock = new SmithyValidators(loadSpec("bedrock-runtime"), ["com.amazonaws.bedrockruntime#ConverseRequest"]);
    const request = "com.amazonaws.bedrockruntime#ConverseRequest";
    const ok = {
      messages: [{ role: "user", content: [{ text: "hi" }] }],
      toolConfig: { tools: [{ toolSpec: { name: "get_weather", inputSchema: { json: { type: "object" } } } }] },
    };
    expect(bedrock.validate(request, ok)).toEqual([]);
    expect(bedrock.validate(request, { ...ok, modelId: "anthropic.claude" }).map((problem) => problem.message)).toEqual(
      ['must NOT have additional properties ({"additionalProperty":"modelId"})'],
    );
    expect(
      bedrock
        .validate(request, {
          messages: [{ role: "user", content: [{ text: "a", image: { format: "png", source: { bytes: "AAAA" } } }] }],
        })
        .map((problem) => `${problem.path} ${problem.message}`),
    ).toEqual(["/messages/0/content/0 must NOT have more than 1 properties"]);
    expect(
      bedrock
        .validate(request, {
          toolConfig: { tools: [{ toolSpec: { name: "get weather", inputSchema: { json: {} } } }] },
        })
        .map((problem) => problem.path),
    ).toEqual(["/toolConfig/tools/0/toolSpec/name"]);
  });
});
