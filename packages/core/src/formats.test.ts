import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateTime } from "./generated/v1/validators/formats.js";

const reference = (fullFormats["date-time"] as { validate: (text: string) => boolean }).validate;

describe("the validators' fast date-time check", () => {
  it.each([
    ["2026-06-08T08:14:42.123Z", true],
    ["2026-06-08t08:14:42z", true],
    ["2026-06-08 08:14:42+02:00", true],
    ["2024-02-29T00:00:00Z", true],
    ["2023-02-29T00:00:00Z", false],
    ["2000-02-29T00:00:00Z", true],
    ["1900-02-29T00:00:00Z", false],
    ["2026-04-31T00:00:00Z", false],
    ["2026-06-08T08:14:42", false],
    ["2026-06-08T24:00:00Z", false],
    ["2016-12-31T23:59:60Z", true],
    ["2026-06-08T08:14:42+0200", true],
    ["2026-13-01T00:00:00Z", false],
  ])("judges %s as ajv-formats does (%s)", (text, expected) => {
    expect(dateTime(text)).toBe(expected);
    expect(reference(text)).toBe(expected);
  });

  it("accepts exactly what ajv-formats' full date-time accepts (10,000 generated strings)", () => {
    const twoDigits = fc.integer({ min: 0, max: 99 }).map((value) => String(value).padStart(2, "0"));
    const dateTimeLike = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((value) => String(value).padStart(4, "0")),
        twoDigits,
        twoDigits,
        fc.constantFrom("T", "t", " ", "_"),
        twoDigits,
        twoDigits,
        twoDigits,
        fc.constantFrom("", ".5", ".123456789", "."),
        fc.constantFrom("Z", "z", "", "+02:00", "-23:59", "+24:00", "+0530", "+05", "-00:60"),
      )
      .map(
        ([year, month, day, separator, hour, minute, second, fraction, zone]) =>
          `${year}-${month}-${day}${separator}${hour}:${minute}:${second}${fraction}${zone}`,
      );
    fc.assert(
      fc.property(fc.oneof(dateTimeLike, fc.string({ maxLength: 30 })), (text) => {
        expect(dateTime(text)).toBe(reference(text));
      }),
      { numRuns: 10 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
