/**
 * The shapes of one direction of a converter, for the code that makes converters (a family binding its folds to a
 * member's dialects, the document writers' frame) rather than writing each by hand.
 */
import type { Tolerant } from "@agent-transcript/core";
import type { FromCanonicalOptions } from "./contracts.js";
import type { FromCanonicalResult, ToCanonicalResult } from "./result.js";

/** Native values → a canonical document. */
export type ToCanonical<Native> = (value: Native) => ToCanonicalResult;

/** A canonical document → one native value. */
export type FromCanonical<Native> = (
  document: Tolerant.Transcript,
  options?: FromCanonicalOptions,
) => FromCanonicalResult<Native>;
