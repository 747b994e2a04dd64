// A day's bounds in a time zone, which search's --since and --until turn into times: every time falls within its own
// day's bounds, in zones whose offsets are whole hours, half and quarter hours, and whose daylight saving moves by
// half an hour.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DayOfCall } from "./days.js";

const zones = ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Apia"];

describe("DayOfCall's day bounds", () => {
  it.each(zones)("hold every time of the day and none of the days around it: %s", (zone) => {
    const days = new DayOfCall(zone);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }), (time) => {
        const day = days.ofTime(time);
        const start = days.startOf(day);
        const end = days.endOf(day);
        expect(start).toBeLessThanOrEqual(time);
        expect(time).toBeLessThan(end);
        expect(days.ofTime(start)).toBe(day);
        expect(days.ofTime(start - 1) < day).toBe(true);
        expect(days.ofTime(end) > day).toBe(true);
        expect(days.ofTime(end - 1)).toBe(day);
      }),
    );
  });
});
