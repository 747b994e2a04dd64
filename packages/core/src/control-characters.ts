/**
 * Characters that act instead of being seen, and so must never reach a terminal (or a reader) from content:
 *
 * - C0 controls, U+0000–U+001F: escape (the start of every CSI and OSC sequence: clear screen, window title,
 *   clipboard writes), bell, backspace and carriage return (overwrite what was printed), line feed and tab;
 * - DEL, U+007F;
 * - C1 controls, U+0080–U+009F, among them the 8-bit CSI U+009B and OSC U+009D that some terminals obey;
 * - the bidirectional embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069, which reorder the text
 *   around them so that what is shown is not what is there ("Trojan Source").
 *
 * The bidirectional marks (U+200E, U+200F, U+061C) are left alone: they only nudge neutral characters, and
 * right-to-left text uses them legitimately.
 */
export function isControlCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export interface EscapeControlCharactersOptions {
  /**
   * Keep line feed and tab as they are (for multi-line text such as a document written to a terminal). By default
   * they are escaped too, so that a quoted value can never break a one-line message.
   */
  keepLineFeedsAndTabs?: boolean;
}

/**
 * Shows every control character (see `isControlCharacter`) as a JSON-style escape, `\u` and four lowercase hex
 * digits: ESC becomes `\u001b`, the 8-bit CSI `\u009b`, a right-to-left override `\u202e`. The notation is stable,
 * copies into JSON and JavaScript as the same character, and is plain printable ASCII; a backslash already in the
 * text is left as it is. Text without control characters is returned unchanged (the same string), so escaping is
 * idempotent and costs one scan. Linear in the length of the text.
 */
export function escapeControlCharacters(text: string, options: EscapeControlCharactersOptions = {}): string {
  const keep = options.keepLineFeedsAndTabs === true;
  let result = "";
  let copiedUpTo = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isControlCharacter(code) || (keep && (code === 0x0a || code === 0x09))) continue;
    result += `${text.slice(copiedUpTo, index)}\\u${code.toString(16).padStart(4, "0")}`;
    copiedUpTo = index + 1;
  }
  return copiedUpTo === 0 ? text : result + text.slice(copiedUpTo);
}
