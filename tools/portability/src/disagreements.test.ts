import { describe, expect, it } from "vitest";
import { compareWithList, type Disagreement } from "./disagreements.js";

const listed: Disagreement = {
  validator: "gojsonschema",
  example: "schemas/v1/examples/Source/invalid/imported-at-not-date-time.json",
  mode: "strict",
  verdict: true,
};

describe("compareWithList", () => {
  it("passes when the disagreements seen are the ones listed", () => {
    expect(compareWithList([listed], [listed])).toEqual({ unlisted: [], gone: [] });
  });

  it("names a disagreement that is not listed", () => {
    const seen = { ...listed, validator: "python-jsonschema" as const, mode: "tolerant" as const };
    expect(compareWithList([listed, seen], [listed])).toEqual({
      unlisted: [`python-jsonschema says valid: ${listed.example} (tolerant)`],
      gone: [],
    });
  });

  it("names a listed disagreement that no longer happens, so the list stays true", () => {
    expect(compareWithList([], [listed])).toEqual({
      unlisted: [],
      gone: [`gojsonschema says valid: ${listed.example} (strict)`],
    });
  });

  it("tells a verdict that turned around from the one listed", () => {
    const turned = { ...listed, verdict: false };
    expect(compareWithList([turned], [listed])).toEqual({
      unlisted: [`gojsonschema says invalid: ${listed.example} (strict)`],
      gone: [`gojsonschema says valid: ${listed.example} (strict)`],
    });
  });
});
