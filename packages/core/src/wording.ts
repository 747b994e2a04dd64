/**
 * English for messages: counts with the right plural ("1 record", "2 records") and the right indefinite article ("an
 * assistant message", "a user message", "an openai-responses request"). Every package's messages name roles, part
 * types and format ids that start with any letter; one helper keeps "a assistant" and "1 records" out of all of them.
 */

/**
 * `1 record`, `2 records`, `0 records`; `describeCount(3, "reply", "replies")` for a plural that is not the noun plus
 * `s`. Large counts are written without separators (`120000 warnings`), as scripts read them.
 */
export function describeCount(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/**
 * The phrase with `a` or `an` before it, chosen by how its first word sounds: `an assistant message`, `an
 * openai-chat request`, `an image part`, `a user message`, `a URL`, `an SSE stream`, `an hour`. A phrase that already
 * starts with an article is returned as it is.
 */
export function withIndefiniteArticle(phrase: string): string {
  if (/^(?:a|an|the)\s/i.test(phrase)) return phrase;
  return `${startsWithVowelSound(phrase) ? "an" : "a"} ${phrase}`;
}

// Letters whose names start with a vowel sound: "an F", "an MCP", "an SSE", "an HTTP".
const vowelSoundLetterNames = new Set("AEFHILMNORSX");
// Initialisms spoken as words, whose first letter is therefore not spelled out.
const spokenAsWords = new Set(["JSON", "JSONL", "JPEG", "GIF", "NASA", "YAML", "TOML"]);
// A "u" that sounds like "you" (user, usage, unique, uuid, URL in lower case), "eu" (a European), "one": consonant
// sounds written with a vowel. Checked on the lower-cased first word.
// "uni" is "you-nee" (union, unit, unique) except in "un-" words (uninstalled, unimportant, unidentified).
const consonantSoundPrefixes = /^(?:u[bcfgklrstv][aeiouy]|uni(?![dmn])|uu|url|utf|eu|ewe|one$|once)/;
// A silent "h": vowel sounds written with a consonant.
const vowelSoundPrefixes = /^(?:hour|honest|honou?r|heir)/;

function startsWithVowelSound(phrase: string): boolean {
  const word = /^[^\s_\-./:,;()]+/.exec(phrase.trim())?.[0] ?? "";
  if (word === "") return false;
  const letters = word.replace(/[^a-z]/gi, "");
  // An initialism in capitals (SSE, MCP, URL, HTML, a single letter) is spelled out letter by letter.
  if (letters !== "" && letters === letters.toUpperCase() && !spokenAsWords.has(letters))
    return vowelSoundLetterNames.has(letters[0] as string);
  // A number sounds like its name: "an 8-bit", "an 80", "an 11-line", "an 18000", but "a 1-line", "a 110".
  const digits = /^\d+/.exec(word)?.[0];
  if (digits !== undefined) return digits.startsWith("8") || /^1[18](?:\d{3})*$/.test(digits);
  const lower = word.toLowerCase();
  if (vowelSoundPrefixes.test(lower)) return true;
  if (consonantSoundPrefixes.test(lower)) return false;
  return /^[aeiou]/.test(lower);
}

/**
 * An integer with commas between groups of three digits, as people read it (`1,200,000`); `en-US` number formatting
 * without Intl, whose first use costs a command some 20 ms of start-up loading locale data. Anything but a safe
 * integer is written as `String` writes it.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * An amount of money as people read it: cents with the thousands grouped from one unit up (`$1,234.56`), four places
 * below it (one model call costs fractions of a cent: `$0.0123`); the dollar sign for USD, else the currency's code
 * before the amount (`EUR 3.10`). The one form of money in every report, page and export.
 */
export function formatMoney(amount: number, currency: string): string {
  const symbol = currency === "USD" ? "$" : `${currency} `;
  if (!Number.isFinite(amount)) return `${symbol}${String(amount)}`;
  const sign = amount < 0 ? "-" : "";
  const size = Math.abs(amount);
  if (size >= 1) {
    const [whole, cents] = size.toFixed(2).split(".") as [string, string];
    return `${sign}${symbol}${groupDigits(Number(whole))}.${cents}`;
  }
  return `${sign}${symbol}${size.toFixed(4)}`;
}

/**
 * A duration in words: `850 ms`, `12.3 s`, `4 min 5 s`, `2 h 3 min`. Each form rounds the whole duration once, so a
 * minute never shows as `4 min 60 s`.
 */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds)) return String(milliseconds);
  if (Math.round(milliseconds) < 1000) return `${Math.round(milliseconds)} ms`;
  const tenths = Math.round(milliseconds / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const minutes = Math.round(milliseconds / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
