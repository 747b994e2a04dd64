import { describe, expect, it } from "vitest";
import { keepEmptyCollections } from "./bindings.js";

describe("keepEmptyCollections (Go)", () => {
  it("turns optional slices and maps into pointers, keeping required fields and gofmt's columns", () => {
    const source = [
      "type Run struct {",
      '\tChildren []ChildRun             `json:"children,omitempty"`',
      '\tMetadata map[string]interface{} `json:"metadata,omitempty"`',
      '\tFindings []Finding              `json:"findings"`',
      '\tTitle    *string                `json:"title,omitempty"`',
      "}",
    ].join("\n");
    expect(keepEmptyCollections(source).split("\n")).toEqual([
      "type Run struct {",
      '\tChildren *[]ChildRun            `json:"children,omitempty"`',
      '\tMetadata *map[string]interface{} `json:"metadata,omitempty"`',
      '\tFindings []Finding              `json:"findings"`',
      '\tTitle    *string                `json:"title,omitempty"`',
      "}",
    ]);
  });
});
