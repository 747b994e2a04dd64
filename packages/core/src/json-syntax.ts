import { escapeControlCharacters } from "./control-characters.js";

/**
 * The message of a `JSON.parse` error, safe to print. V8 quotes an excerpt of the text it failed on (`Unexpected
 * token '…', "{"a": …" is not valid JSON`), and that text is untrusted input: its control characters (an escape
 * sequence, a carriage return, a line feed that would split the message) are escaped.
 */
export function describeJsonParseError(error: unknown): string {
  return escapeControlCharacters(error instanceof Error ? error.message : String(error));
}

/**
 * Finds where JSON text stops being valid, for error messages: V8's JSON.parse names a position for some errors
 * and not for others. A linear scanner over the grammar (RFC 8259), building nothing; iterative, so deeply nested
 * input cannot overflow the stack.
 */
export function locateJsonSyntaxError(text: string): number | undefined {
  let position = 0;
  const skipWhitespace = (): void => {
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
      position += 1;
    }
  };
  const scanString = (): boolean => {
    position += 1;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code === 0x22) {
        position += 1;
        return true;
      }
      if (code < 0x20) return false;
      if (code === 0x5c) {
        const escape = text[position + 1];
        if (escape === "u") {
          if (!/^[0-9a-f]{4}$/i.test(text.slice(position + 2, position + 6))) return false;
          position += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) return false;
        position += 2;
        continue;
      }
      position += 1;
    }
    return false;
  };
  const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/iy;
  const scanScalar = (): boolean => {
    const character = text[position];
    if (character === '"') return scanString();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, position)) {
        position += literal.length;
        return true;
      }
    }
    numberPattern.lastIndex = position;
    if (numberPattern.test(text)) {
      position = numberPattern.lastIndex;
      return true;
    }
    return false;
  };

  // Each open container remembers whether it is an object; `expectValue` is true where a value must come next.
  const stack: boolean[] = [];
  skipWhitespace();
  for (;;) {
    skipWhitespace();
    const character = text[position];
    if (character === "{" || character === "[") {
      stack.push(character === "{");
      position += 1;
      skipWhitespace();
      const closing = character === "{" ? "}" : "]";
      if (text[position] === closing) {
        stack.pop();
        position += 1;
      } else if (character === "{") {
        if (text[position] !== '"' || !scanString()) return position;
        skipWhitespace();
        if (text[position] !== ":") return position;
        position += 1;
        continue;
      } else {
        continue;
      }
    } else if (!scanScalar()) {
      return position;
    }
    // After a value: close containers or move to the next member.
    for (;;) {
      skipWhitespace();
      if (stack.length === 0) {
        return position < text.length ? position : undefined;
      }
      const inObject = stack[stack.length - 1] as boolean;
      const character = text[position];
      if (character === (inObject ? "}" : "]")) {
        stack.pop();
        position += 1;
        continue;
      }
      if (character !== ",") return position;
      position += 1;
      skipWhitespace();
      if (inObject) {
        if (text[position] !== '"' || !scanString()) return position;
        skipWhitespace();
        if (text[position] !== ":") return position;
        position += 1;
      }
      break;
    }
  }
}

/** 1-based line and column of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Offsets of the values at the given JSON pointers in valid JSON text, found in one pass, so errors reported by
 * pointer can also name a line. Pointers that name nothing (for example a missing required property) are left out;
 * callers fall back to the nearest existing ancestor.
 */
export function locatePointers(text: string, pointers: readonly string[]): Map<string, number> {
  const wanted = new Set(pointers);
  const found = new Map<string, number>();
  // One frame per open container; `segment` is the escaped key or index of the child being read.
  const frames: Array<{ isObject: boolean; index: number; segment: string }> = [];
  let position = 0;
  const skipWhitespace = (): void => {
    while (position < text.length && " \n\r\t".includes(text[position] as string)) position += 1;
  };
  const readKey = (): string => {
    const start = position;
    position += 1;
    while (position < text.length && text[position] !== '"') position += text[position] === "\\" ? 2 : 1;
    position += 1;
    const key = JSON.parse(text.slice(start, position)) as string;
    skipWhitespace();
    position += 1; // the colon
    return key.replaceAll("~", "~0").replaceAll("/", "~1");
  };
  const note = (): void => {
    const pointer = frames.map((frame) => `/${frame.segment}`).join("");
    if (wanted.has(pointer) && !found.has(pointer)) found.set(pointer, position);
  };
  try {
    for (;;) {
      // Read one value at `position`.
      skipWhitespace();
      note();
      const character = text[position];
      if (character === "{" || character === "[") {
        position += 1;
        skipWhitespace();
        const closing = character === "{" ? "}" : "]";
        if (text[position] === closing) {
          position += 1;
        } else {
          frames.push({ isObject: character === "{", index: 0, segment: character === "{" ? readKey() : "0" });
          continue;
        }
      } else if (character === '"') {
        readKey();
        position -= 1; // readKey also consumed the character after the string; a value string has no colon
      } else {
        while (position < text.length && !",}] \n\r\t".includes(text[position] as string)) position += 1;
      }
      // After a value: close finished containers, or move to the next member.
      for (;;) {
        skipWhitespace();
        const frame = frames[frames.length - 1];
        if (!frame || found.size === wanted.size) return found;
        const next = text[position];
        position += 1;
        if (next === ",") {
          skipWhitespace();
          frame.index += 1;
          frame.segment = frame.isObject ? readKey() : String(frame.index);
          break;
        }
        frames.pop();
      }
    }
  } catch {
    // Invalid JSON: return what was found before the error.
    return found;
  }
}
