import { damagedEvent, messageAndToolEvents } from "@agent-transcript/fixtures/event-lines";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateEventTolerant } from "../validators.js";
import { QuickEventCheck } from "./quick-event-check.js";

/** A fresh check each time, so nothing it remembers from one event decides another. */
const isSurelyValidTolerantEvent = (event: unknown): boolean => new QuickEventCheck().isSurelyValid(event);

describe("QuickEventCheck", () => {
  const events = messageAndToolEvents();

  it("accepts the message and tool events of the schema's examples, the AWF example and a sample run", () => {
    expect(events.length).toBeGreaterThanOrEqual(15);
    for (const event of events) {
      expect(validateEventTolerant(event).ok).toBe(true);
      expect(isSurelyValidTolerantEvent(event), JSON.stringify(event)).toBe(true);
    }
  });

  it("never accepts what the full tolerant validator refuses (20,000 damaged events)", () => {
    let refused = 0;
    fc.assert(
      fc.property(damagedEvent(events), (event) => {
        const valid = validateEventTolerant(event).ok;
        if (!valid) refused += 1;
        // Accepted by the shortcut implies accepted by the full validator.
        expect(!isSurelyValidTolerantEvent(event) || valid, JSON.stringify(event)).toBe(true);
      }),
      { numRuns: 20 * fc.readConfigureGlobal().numRuns! },
    );
    // The damage is real: many of the generated events are invalid.
    expect(refused).toBeGreaterThan(4 * fc.readConfigureGlobal().numRuns!);
  });

  it("never accepts what the full validator refuses when one check sees a whole damaged log (remembered fields)", () => {
    fc.assert(
      fc.property(fc.array(damagedEvent(events), { minLength: 1, maxLength: 30 }), (log) => {
        const check = new QuickEventCheck();
        for (const event of log)
          expect(!check.isSurelyValid(event) || validateEventTolerant(event).ok, JSON.stringify(event)).toBe(true);
      }),
    );
  });

  it("leaves other event types, child runs and unusual spellings to the full validator", () => {
    const [message] = events as [Record<string, unknown>];
    const variants: Array<Record<string, unknown>> = [
      { ...message, type: "step.started", payload: { name: "a", kind: "agent" } },
      { ...message, type: "run.paused" },
      { ...message, child_run_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7" },
      { ...message, run_id: "550E8400-E29B-41D4-A716-446655440000" },
      { ...message, timestamp: "2026-01-31T00:00:00Z" },
    ];
    for (const variant of variants) {
      expect(validateEventTolerant(variant).ok, JSON.stringify(variant)).toBe(true);
      expect(isSurelyValidTolerantEvent(variant), JSON.stringify(variant)).toBe(false);
    }
  });
});
