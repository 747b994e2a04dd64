import { describe, expect, expectTypeOf, it } from "vitest";
import {
  isDefinitionName,
  validateEvent,
  validateEventTolerant,
  validateSnapshotDeclaration,
  validateTranscript,
  validatorFor,
} from "./validators.js";
import type { Event, SnapshotDeclaration, Tolerant } from "./index.js";

describe("typed validator wrappers", () => {
  it("narrow the value to the generated type on success", () => {
    const result = validateSnapshotDeclaration({ version: 1, kind: "repo", path: "/workspace/repo" });
    expect(result.ok).toBe(true);
    if (!result.ok) throw new Error("unreachable: ok asserted above");
    expectTypeOf(result.value).toEqualTypeOf<SnapshotDeclaration>();
    expect(result.value.kind).toBe("repo");
    // Checked by the compiler only: what the success branch of each wrapper's result holds.
    expectTypeOf<Extract<ReturnType<typeof validateEvent>, { ok: true }>["value"]>().toEqualTypeOf<Event>();
    expectTypeOf<
      Extract<ReturnType<typeof validateEventTolerant>, { ok: true }>["value"]
    >().toEqualTypeOf<Tolerant.Event>();
  });

  it("escape JSON pointer tokens of property names that contain / and ~", () => {
    const result = validateSnapshotDeclaration({ version: 1, kind: "file", path: "/x", "a/b~c": true });
    expect(result).toEqual({ ok: false, errors: [expect.objectContaining({ pointer: "/a~1b~0c" })] });
  });

  it("never throw on hostile values", () => {
    const hostile: unknown[] = [
      undefined,
      Symbol("x"),
      () => 1,
      Object.create(null),
      JSON.parse('{"__proto__": {"polluted": true}}'),
      [[[]]],
      10n,
    ];
    for (const value of hostile) {
      expect(() => validateEvent(value)).not.toThrow();
      expect(validateEvent(value).ok).toBe(false);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("validatorFor", () => {
  it("finds every definition's validators by name", () => {
    expect(validatorFor("Event", "strict")).toBe(validateEvent);
    expect(validatorFor("Event", "tolerant")).toBe(validateEventTolerant);
    expect(validatorFor("Event", "strict")?.definition).toBe("Event");
  });

  it("answers undefined for unknown names, including inherited property names", () => {
    for (const name of ["Nope", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(isDefinitionName(name)).toBe(false);
      expect(validatorFor(name, "strict")).toBeUndefined();
    }
  });
});

describe("validators on many errors", () => {
  it("report 200,000 invalid messages without slowing down with the square of the errors", () => {
    // ajv's generated code concatenated every error found so far for each failing item; the generator now appends.
    const messages = Array.from({ length: 200_000 }, () => ({ role: "nobody", parts: [] }));
    const result = validateTranscript({ schema_version: "1.0.0", id: "e", messages });
    expect(result.ok ? 0 : result.errors.filter((error) => error.keyword === "enum").length).toBe(200_000);
  });
});
