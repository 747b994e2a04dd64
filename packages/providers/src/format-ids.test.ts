import { describe, expect, it } from "vitest";
import { describeFormat, formatIds, isFormatId } from "./format-ids.js";
import { isProviderFormatId, providerConverters } from "./provider-converters.js";

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

describe("providerConverters", () => {
  it("has the converter of every provider format id, under its own id, and nothing else", () => {
    expect(Object.keys(providerConverters).sort()).toEqual(formatIds.filter((id) => id !== "portable").sort());
    for (const [id, format] of Object.entries(providerConverters)) expect(format.id).toBe(id);
    expect(isProviderFormatId("mistral")).toBe(true);
    expect(isProviderFormatId("portable")).toBe(false);
    expect(isProviderFormatId("__proto__")).toBe(false);
  });
});
