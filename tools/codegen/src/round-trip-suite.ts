import { beforeAll, describe, expect, it } from "vitest";
import { sameMeaning } from "./conformance.js";
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
  /**
   * Set for Rust: quicktype's Rust output writes absent fields typed as any JSON (or as a union) as null. Such nulls,
   * where the input had no field at all, are dropped before validating; everything else must round-trip as is.
   */
  dropAddedNulls?: boolean;
}): void {
  describe(`${options.language} bindings`, () => {
    const valid = loadExamples().filter((example) => example.group === "valid");
    let results: RoundTripResult[] = [];
    // Compiling and running a harness can take a while on a cold cache.
    beforeAll(() => {
      results = options.run(
        valid.map((example) => ({ version: example.version, definition: example.definition, value: example.value })),
      ) as RoundTripResult[];
    }, 300_000);

    it("answer every example", () => {
      expect(results).toHaveLength(valid.length);
    });

    it.each(valid.map((example, index) => [example.file, example, index] as const))(
      "parse and re-serialise %s to JSON that validates strictly and means the same",
      (_file, example, index) => {
        const result = results[index];
        expect(result?.error).toBeUndefined();
        const output = options.dropAddedNulls ? dropAddedNulls(result?.output, example.value) : result?.output;
        const validate = options.strictValidator(example.definition);
        expect(validate, `a strict validator for ${example.definition}`).toBeDefined();
        expect(validate?.(output)).toMatchObject({ ok: true });
        expect(sameMeaning(output, example.value)).toBe(true);
      },
    );
  });
}

/** Removes object properties that are null in `output` and absent at the same place in `input`. */
export function dropAddedNulls(output: unknown, input: unknown): unknown {
  if (Array.isArray(output))
    return output.map((item, index) => dropAddedNulls(item, Array.isArray(input) ? input[index] : undefined));
  if (typeof output !== "object" || output === null) return output;
  const original =
    typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(output)
      .filter(([key, value]) => value !== null || Object.hasOwn(original, key))
      .map(([key, value]) => [key, dropAddedNulls(value, original[key])]),
  );
}
