import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idRules, ToolCallIdMap } from "./tool-call-ids.js";

describe("ToolCallIdMap", () => {
  it("keeps valid ids, remaps invalid ones deterministically, and renames a call and its result together", () => {
    const map = new ToolCallIdMap(idRules.anthropic.isValid, idRules.anthropic.make);
    expect(map.idFor("toolu_01")).toEqual({ id: "toolu_01", remapped: false });
    const remapped = map.idFor("functions.write_todos:0");
    expect(remapped.remapped).toBe(true);
    expect(idRules.anthropic.isValid(remapped.id)).toBe(true);
    expect(map.idFor("functions.write_todos:0")).toEqual(remapped);
    const again = new ToolCallIdMap(idRules.anthropic.isValid, idRules.anthropic.make);
    expect(again.idFor("functions.write_todos:0")).toEqual(remapped);
  });

  it("never gives two source ids the same target id, and always satisfies the target's rule (1,000 runs per target)", () => {
    for (const rule of Object.values(idRules)) {
      fc.assert(
        fc.property(fc.uniqueArray(fc.string({ maxLength: 80 }), { maxLength: 30 }), (ids) => {
          const map = new ToolCallIdMap(rule.isValid, rule.make);
          const targets = ids.map((id) => map.idFor(id).id);
          expect(new Set(targets).size).toBe(ids.length);
          for (const target of targets) expect(rule.isValid(target)).toBe(true);
        }),
      );
    }
  });

  it("synthesises missing ids from their position, the same every time", () => {
    const first = new ToolCallIdMap(idRules.gemini.isValid, idRules.gemini.make);
    const second = new ToolCallIdMap(idRules.gemini.isValid, idRules.gemini.make);
    expect(first.synthesize("/messages/2/parts/0")).toBe(second.synthesize("/messages/2/parts/0"));
    expect(first.synthesize("/messages/2/parts/0")).not.toBe(first.synthesize("/messages/2/parts/1"));
    expect(first.synthesize("/messages/2/parts/0")).toMatch(/^call_[A-Za-z0-9]{16}$/);
  });
});
