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
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(position + 2, position + 6))) return false;
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
  const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
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
