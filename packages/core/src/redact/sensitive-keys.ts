// The sensitive-key list, compiled: which keys' string values are secrets whatever they look like.
import { normalizeKeyName } from "./rules.js";

/**
 * The words of a key: split at `-`, `_`, `.`, spaces and case changes (`xApiToken` → x, api, token;
 * `X-Goog-Api-Key` → x, goog, api, key; `HTTPHeader` → http, header), lower-cased.
 */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_. ]+/)
    .filter((word) => word !== "");
}

/** Longer keys are never sensitive: a key that long is data (an id, a text), not a header or field name. */
export const longestSensitiveKey = 64;

/**
 * The sensitive-key list, compiled. A plain entry matches keys equal to it after lower-casing and dropping `-`, `_`,
 * `.` and spaces (`X-API-Key` = `x_api_key` = `xApiKey`). An entry with `*` matches by words (see {@link keyWords}):
 * `*` stands for one or more words, so `x-*-token` matches `X-Vault-Token` and `xApiToken`, and `*-password`
 * matches `db_password` and `newPassword` but not `password_hash`.
 */
export class SensitiveKeys {
  private readonly exact: ReadonlySet<string>;
  private readonly patterns: readonly (readonly string[])[];

  constructor(entries: readonly string[]) {
    this.exact = new Set(entries.filter((entry) => !entry.includes("*")).map(normalizeKeyName));
    this.patterns = entries
      .filter((entry) => entry.includes("*"))
      .map((entry) =>
        entry
          .split(/[-_. ]+/)
          .filter((word) => word !== "")
          .map((word) => (word === "*" ? "*" : normalizeKeyName(word))),
      );
  }

  has(key: string): boolean {
    if (key.length > longestSensitiveKey) return false;
    if (this.exact.has(normalizeKeyName(key))) return true;
    if (this.patterns.length === 0) return false;
    const words = keyWords(key);
    return this.patterns.some((pattern) => wordsMatch(pattern, 0, words, 0));
  }
}

/** Whether `words[from…]` matches `pattern[at…]`, where `*` stands for one or more words (patterns are short). */
function wordsMatch(pattern: readonly string[], at: number, words: readonly string[], from: number): boolean {
  if (at === pattern.length) return from === words.length;
  const word = pattern[at];
  if (word !== "*") return words[from] === word && wordsMatch(pattern, at + 1, words, from + 1);
  for (let next = from + 1; next <= words.length; next += 1) if (wordsMatch(pattern, at + 1, words, next)) return true;
  return false;
}
