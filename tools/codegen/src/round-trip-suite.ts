import { beforeAll, describe, expect, it } from "vitest";
import { sameJsonModuloInstants } from "./conformance.js";
import { loadExamples } from "./examples.js";

export interface RoundTripRequest {
  version: string;
  definition: string;
  value: unknown;
}

export interface RoundTripResult {
  output?: unknown;
  error?: string;
}

/**
 * The one round-trip suite every language binding runs: each valid example is parsed with the generated types and
 * serialised again by the language's harness (`run`, given every example at once so a compiler runs once), and the
 * output must validate under the strict schema and mean the same as the input.
 */
export function describeRoundTrips(options: {
  language: string;
  run: (requests: RoundTripRequest[]) => unknown;
  strictValidator: (definition: string) => ((value: unknown) => { ok: boolean }) | undefined;
}): void {
  describe(`${options.language} bindings`, () => {
    const valid = loadExamples().filter((example) => example.group === "valid");
    let results: RoundTripResult[] = [];
    // Compiling and running a harness can take a while on a cold cache.
    beforeAll(() => {
      results = options.run(valid.map((example) => ({ version: example.version, definition: example.definition, value: example.value }))) as RoundTripResult[];
    }, 300_000);

    it("answer every example", () => {
      expect(results).toHaveLength(valid.length);
    });

    it.each(valid.map((example, index) => [example.file, example, index] as const))(
      "parse and re-serialise %s to JSON that validates strictly and means the same",
      (_file, example, index) => {
        const result = results[index];
        expect(result?.error).toBeUndefined();
        const validate = options.strictValidator(example.definition);
        expect(validate, `a strict validator for ${example.definition}`).toBeDefined();
        expect(validate?.(result?.output)).toMatchObject({ ok: true });
        expect(sameJsonModuloInstants(result?.output, example.value)).toBe(true);
      },
    );
  });
}
