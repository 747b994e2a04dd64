// File names for exported transcripts. Titles come from conversations, so they are untrusted: the name must stay a
// single, portable path segment on every file system whatever the title holds (separators, `..`, control and bidi
// characters, Windows device names, arbitrary length).

export interface ExportFileNameInput {
  /** Human title; the id is used when it is absent or sanitises to nothing. */
  title?: string;
  id: string;
  /** When the transcript was exported or recorded; written as UTC `YYYYMMDDTHHMMSSZ`. */
  timestamp: Date | string;
  /** Without the leading dot: letters and digits, dot-separated (`json`, `md`, `json.gz`). */
  extension: string;
}

/** The longest file name common file systems accept (ext4 and APFS count 255 bytes, NTFS 255 UTF-16 units). */
const maxFileNameBytes = 255;
const maxExtensionLength = 32;
const fallbackBase = "transcript";

// Dot-separated runs of ASCII letters and digits: every dot has a character on each side, so no `..` and no hidden file.
const extensionPattern = /^[a-z0-9]+(?:\.[a-z0-9]+)*$/i;
// Windows reserves these device names, with or without an extension and in any case (also COM¹ to LPT³).
const windowsDeviceName = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const keptCharacter = /^[\p{L}\p{M}\p{N}_]$/u;
// Tabs, line breaks and other spaces separate words: they become `-` like any separator, not dropped like controls.
const whitespaceCharacter = /^\p{White_Space}$/u;
// Control, format (bidi overrides, zero-width joiners), surrogate, private-use and unassigned code points, and the
// characters Windows forbids in names: dropped without a trace rather than turned into a separator.
const droppedCharacter = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}<>:"|?*]$/u;

const encoder = new TextEncoder();

/**
 * `<title-or-id>-<timestamp>.<extension>`, for example `Fix-the-build-20260608T081442Z.json`.
 *
 * The title is NFC-normalised; letters, marks and digits of any script and `_` are kept; whitespace becomes `-`;
 * control, format (bidi) and unassigned characters and `<>:"|?*` are dropped; every other character (`/`, `\`,
 * punctuation, symbols, emoji) becomes `-`. Runs of separators collapse to one `-` (a lone `.` between two kept
 * characters stays, as in `v1.2`), and leading or trailing `-` and `.` are trimmed. An empty result falls back to the id, then to
 * `transcript`; a Windows device name gets a `_` prefix; the name is cut at a code point boundary to fit 255 UTF-8
 * bytes. The result never contains `/`, `\`, `..` or a control character.
 *
 * Throws a RangeError for an invalid timestamp (or a year outside 0000–9999) and a TypeError for an extension that is
 * not dot-separated letters and digits (at most 32 characters).
 */
export function exportFileName(input: ExportFileNameInput): string {
  const extension = checkedExtension(input.extension);
  const timestamp = compactUtcTimestamp(input.timestamp);
  const suffix = `-${timestamp}.${extension}`;
  const budget = maxFileNameBytes - byteLength(suffix);
  let base = "";
  for (const candidate of [input.title, input.id]) {
    base = typeof candidate === "string" ? truncateToBytes(sanitizeNamePart(candidate), budget) : "";
    if (base !== "") break;
  }
  if (base === "") base = fallbackBase;
  // Windows treats everything before the first dot as the device name.
  if (windowsDeviceName.test(base.split(".", 1)[0] ?? "")) base = `_${truncateToBytes(base, budget - 1)}`;
  return `${base}${suffix}`;
}

function checkedExtension(extension: unknown): string {
  if (typeof extension !== "string" || extension.length > maxExtensionLength || !extensionPattern.test(extension)) {
    throw new TypeError(
      `export file extension must be dot-separated letters and digits, got ${JSON.stringify(String(extension).slice(0, 40))}`,
    );
  }
  return extension;
}

function compactUtcTimestamp(timestamp: Date | string): string {
  const date =
    timestamp instanceof Date ? timestamp : typeof timestamp === "string" ? new Date(timestamp) : new Date(Number.NaN);
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("export file timestamp is not a valid date");
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`export file timestamp year ${year} is outside 0000-9999`);
  const two = (value: number): string => String(value).padStart(2, "0");
  const day = `${String(year).padStart(4, "0")}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
  return `${day}T${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
}

/** The title or id reduced to kept characters, single `-` separators and lone inner dots. */
function sanitizeNamePart(text: string): string {
  let result = "";
  // Separators seen since the last kept character: "" (none), "." (exactly one dot) or "-" (anything else).
  let pending = "";
  for (const character of text.normalize("NFC")) {
    if (keptCharacter.test(character)) {
      if (pending !== "" && result !== "") result += pending;
      result += character;
      pending = "";
    } else if (whitespaceCharacter.test(character)) {
      pending = "-";
    } else if (droppedCharacter.test(character)) {
      continue;
    } else if (character === "." && pending === "") {
      pending = ".";
    } else {
      pending = "-";
    }
  }
  // Dropping a character can bring two marks together that NFC orders or composes differently (U+1CD0, NUL, U+1CD4):
  // normalise what is left, so the name is NFC whatever was dropped.
  return result.normalize("NFC");
}

function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** The longest prefix of `text` that fits in `budget` UTF-8 bytes, cut between code points, without a trailing `-` or `.`. */
function truncateToBytes(text: string, budget: number): string {
  if (byteLength(text) <= budget) return text;
  let result = "";
  let used = 0;
  for (const character of text) {
    const size = byteLength(character);
    if (used + size > budget) break;
    result += character;
    used += size;
  }
  let end = result.length;
  while (end > 0 && (result[end - 1] === "-" || result[end - 1] === ".")) end -= 1;
  // A prefix of an NFC string may not be NFC (a base cut from its marks recomposes differently): normalise, and
  // should that ever grow it past the budget, cut one more code point.
  const normal = result.slice(0, end).normalize("NFC");
  if (byteLength(normal) <= budget || end === 0) return normal;
  // Cut by code point: slicing one UTF-16 unit off an astral character would leave a lone surrogate in the name.
  return truncateToBytes(Array.from(normal).slice(0, -1).join(""), budget);
}
