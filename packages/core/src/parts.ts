import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { partTypes } from "./generated/v1/vocabularies.js";

export type PartType = Strict.Part["type"];
export type PartOfType<T extends PartType> = Extract<Strict.Part, { type: T }>;

// The generated vocabulary, so a part type added to the schema is known here after `pnpm generate`, with nothing
// to remember.
const knownPartTypes: ReadonlySet<string> = new Set<PartType>(partTypes);

/**
 * Narrows a validated part by its tag. Sound because validation checks a known tag against its own member, even
 * in tolerant mode: only parts with an unknown tag escape that check, and they never match a known tag.
 */
export function isPartOfType<T extends PartType>(part: Tolerant.Part | Strict.Part, type: T): part is PartOfType<T> {
  return part.type === type;
}

/** True for part types this version defines; false for those a newer minor version added. */
export function isKnownPart(part: Tolerant.Part | Strict.Part): part is Strict.Part {
  return knownPartTypes.has(part.type);
}
