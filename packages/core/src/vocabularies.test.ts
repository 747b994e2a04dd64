import { loadSchemaSet } from "@agent-transcript/codegen/schema-set";
import { collectVocabularies } from "@agent-transcript/codegen/vocabularies";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as vocabularies from "./generated/v1/vocabularies.js";
import type { VocabularyTypes } from "./generated/v1/vocabularies.js";
import * as api from "./vocabularies.js";
import { validatorFor } from "./validator-lookup.js";
import type { Validator } from "./validation.js";

const files = loadSchemaSet().filter((file) => file.version === "v1");
const schemaVocabularies = collectVocabularies(files, files);
type Constants = typeof vocabularies;

function validator(definition: string, mode: "strict" | "tolerant"): Validator<unknown> {
  const found = validatorFor(definition, mode);
  if (!found) throw new Error(`no ${mode} validator for ${definition}`);
  return found;
}

const notAMember = "no-such-member-in-any-version";

describe("the generated vocabularies", () => {
  it("each hold exactly the members of the generated type they list", () => {
    // Checked by the compiler (the typecheck task): a member missing from a constant, or one the type lacks, fails.
    expectTypeOf<{ -readonly [Name in keyof Constants]: Constants[Name][number] }>().toEqualTypeOf<VocabularyTypes>();
  });

  it("are exported by the package, one per vocabulary of the schemas", () => {
    // Both kinds exist, so neither list the tests below run over is empty.
    expect(schemaVocabularies.filter((vocabulary) => vocabulary.tag === undefined).length).toBeGreaterThan(0);
    expect(schemaVocabularies.filter((vocabulary) => vocabulary.tag !== undefined).length).toBeGreaterThan(0);
    expect(Object.keys(vocabularies).sort()).toEqual(schemaVocabularies.map((vocabulary) => vocabulary.name).sort());
    for (const { name, members } of schemaVocabularies) {
      expect(vocabularies[name as keyof Constants], name).toEqual(members);
      expect(api[name as keyof Constants], name).toBe(vocabularies[name as keyof Constants]);
    }
  });

  it.each(schemaVocabularies.filter((vocabulary) => vocabulary.tag === undefined).map((v) => [v.name, v] as const))(
    "%s: every member validates as its definition, and another string only tolerantly when it is extensible",
    (_name, { definition, members, extensible }) => {
      for (const member of members) expect(validator(definition, "strict")(member).ok, member).toBe(true);
      expect(validator(definition, "strict")(notAMember).ok).toBe(false);
      expect(validator(definition, "tolerant")(notAMember).ok).toBe(extensible);
    },
  );

  it.each(schemaVocabularies.filter((vocabulary) => vocabulary.tag !== undefined).map((v) => [v.name, v] as const))(
    "%s: every member is a tag the strict validator dispatches on, and no other tag is",
    (_name, { definition, tag, members, extensible }) => {
      const key = tag as string;
      const isUnknownTag = (value: unknown): boolean => {
        const result = validator(definition, "strict")(value);
        return !result.ok && result.errors.some((error) => error.pointer === "" && error.keyword === "discriminator");
      };
      // A bare tag may be no complete member, but a known one is checked as its member, never refused as a tag.
      for (const member of members) expect(isUnknownTag({ [key]: member }), member).toBe(false);
      expect(isUnknownTag({ [key]: notAMember })).toBe(true);
      expect(validator(definition, "tolerant")({ [key]: notAMember }).ok).toBe(extensible);
    },
  );
});
