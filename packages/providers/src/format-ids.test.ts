import { describe, expect, it } from "vitest";
import { describeFormat, formatIds, isFormatId } from "./format-ids.js";

describe("format ids", () => {
  it("recognise exactly the supported formats", () => {
    expect(formatIds.every(isFormatId)).toBe(true);
    expect(isFormatId("openai")).toBe(false);
    expect(isFormatId("toString")).toBe(false);
    expect(isFormatId("__proto__")).toBe(false);
  });

  it("describe every format", () => {
    for (const id of formatIds) expect(describeFormat(id).length).toBeGreaterThan(10);
  });
});
