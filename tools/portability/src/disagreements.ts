// The checked-in list of where another language's validator and ajv give different verdicts on a schema example,
// each with its reason (disagreements.json), and the comparison the validator test makes against it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type ValidatorName = "python-jsonschema" | "gojsonschema";

export interface Disagreement {
  validator: ValidatorName;
  /** Repository-relative path of the example. */
  example: string;
  mode: "strict" | "tolerant";
  /** What the other validator says (ajv says the opposite). */
  verdict: boolean;
}

export interface ListedDisagreement extends Disagreement {
  /** A key of `reasons`. */
  reason: string;
}

export interface DisagreementList {
  reasons: Record<string, string>;
  disagreements: ListedDisagreement[];
}

export const disagreementsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../disagreements.json");

export function readDisagreements(file: string = disagreementsFile): DisagreementList {
  return JSON.parse(readFileSync(file, "utf8")) as DisagreementList;
}

const key = (entry: Disagreement): string =>
  `${entry.validator} says ${entry.verdict ? "valid" : "invalid"}: ${entry.example} (${entry.mode})`;

/**
 * What differs between the disagreements seen and the ones listed: each must be listed (a new one is a regression
 * or needs its reason written down), and each listed one must still happen (a fixed one is taken off the list, so
 * the list stays true).
 */
export function compareWithList(
  seen: readonly Disagreement[],
  listed: readonly Disagreement[],
): { unlisted: string[]; gone: string[] } {
  const seenKeys = new Set(seen.map(key));
  const listedKeys = new Set(listed.map(key));
  return {
    unlisted: [...seenKeys].filter((entry) => !listedKeys.has(entry)).sort(),
    gone: [...listedKeys].filter((entry) => !seenKeys.has(entry)).sort(),
  };
}
