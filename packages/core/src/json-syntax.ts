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
 * 1-based lines and columns of many UTF-16 offsets, in the order given, in one pass over the text: calling
 * {@link lineAndColumn} once per error would read the text once per error.
 */
export function linesAndColumns(text: string, offsets: readonly number[]): Array<{ line: number; column: number }> {
  const order = offsets.map((_offset, index) => index).sort((a, b) => (offsets[a] as number) - (offsets[b] as number));
  const answers = new Array<{ line: number; column: number }>(offsets.length);
  let line = 1;
  let lineStart = 0;
  let nextNewline = text.indexOf("\n");
  for (const index of order) {
    const offset = offsets[index] as number;
    while (nextNewline !== -1 && nextNewline < offset) {
      line += 1;
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf("\n", lineStart);
    }
    answers[index] = { line, column: offset - lineStart + 1 };
  }
  return answers;
}

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const colon = 0x3a;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const openBrace = 0x7b;
const closeBrace = 0x7d;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipWhitespace(text: string, position: number): number {
  let at = position;
  while (at < text.length && isWhitespace(text.charCodeAt(at))) at += 1;
  return at;
}

/** The offset just after the string whose opening quote is at `openQuote`, in valid JSON text. */
export function stringEnd(text: string, openQuote: number): number {
  let end = text.indexOf('"', openQuote + 1);
  // A quote preceded by an odd run of backslashes is escaped; the opening quote stops the count.
  while (end !== -1 && text.charCodeAt(end - 1) === backslash) {
    let backslashes = 1;
    while (text.charCodeAt(end - 1 - backslashes) === backslash) backslashes += 1;
    if (backslashes % 2 === 0) break;
    end = text.indexOf('"', end + 1);
  }
  return end === -1 ? text.length : end + 1;
}

/** The offset just after a number or literal. */
function scalarEnd(text: string, position: number): number {
  let at = position;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === comma || code === closeBracket || code === closeBrace || isWhitespace(code)) break;
    at += 1;
  }
  return at;
}

/** The offset just after the array or object opening at `position`, skipped without looking inside strings. */
function containerEnd(text: string, position: number): number {
  let depth = 0;
  let at = position;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === quote) {
      at = stringEnd(text, at);
      continue;
    }
    at += 1;
    if (code === openBracket || code === openBrace) depth += 1;
    else if ((code === closeBracket || code === closeBrace) && --depth === 0) return at;
  }
  return at;
}

/** The key whose opening quote is at `position`, decoded, and the offset of the member's value. */
function readMemberKey(text: string, position: number): { key: string; valueAt: number } {
  const end = stringEnd(text, position);
  const raw = text.slice(position + 1, end - 1);
  const key = raw.includes("\\") ? (JSON.parse(text.slice(position, end)) as string) : raw;
  let at = skipWhitespace(text, end);
  if (text.charCodeAt(at) === colon) at += 1;
  return { key, valueAt: skipWhitespace(text, at) };
}

/** One node of the tree of wanted pointers: children by unescaped reference token. */
interface PointerNode {
  children: Map<string, PointerNode> | undefined;
  /** The pointer this node answers, when it was asked for. */
  wanted: string | undefined;
  /** Where its value starts, once met. */
  offset: number | undefined;
}

function newNode(): PointerNode {
  return { children: undefined, wanted: undefined, offset: undefined };
}

/** A pointer's reference tokens, unescaped (RFC 6901); undefined for a string that is not a pointer. */
function referenceTokens(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

export interface LocatePointersOptions {
  /**
   * For a pointer that names nothing (a missing required property, an index past the end), answer the offset of its
   * nearest existing ancestor instead of leaving it out; the root always exists, so every pointer is answered.
   */
  nearestAncestor?: boolean;
}

/**
 * Offsets of the values at the given JSON pointers in valid JSON text, so errors reported by pointer can also name a
 * line. One pass, linear in the text whatever the nesting or the number of pointers: the wanted pointers form a tree
 * that the walk follows, subtrees no pointer enters are skipped without decoding their keys, and no pointer string is
 * built for the values met. Pointers that name nothing are left out unless `nearestAncestor` is set.
 */
export function locatePointers(
  text: string,
  pointers: readonly string[],
  options: LocatePointersOptions = {},
): Map<string, number> {
  const root = newNode();
  let remaining = 0;
  const tokensOfWanted: Array<[string, string[]]> = [];
  for (const pointer of pointers) {
    const tokens = referenceTokens(pointer);
    if (tokens === undefined) continue;
    let node = root;
    for (const token of tokens) {
      node.children ??= new Map();
      let child = node.children.get(token);
      if (child === undefined) {
        child = newNode();
        node.children.set(token, child);
      }
      node = child;
    }
    if (node.wanted === undefined) {
      node.wanted = pointer;
      remaining += 1;
      tokensOfWanted.push([pointer, tokens]);
    }
  }
  if (remaining > 0) walkToPointers(text, root, remaining);

  const found = new Map<string, number>();
  for (const [pointer, tokens] of tokensOfWanted) {
    let node: PointerNode | undefined = root;
    let nearest = root.offset;
    for (const token of tokens) {
      node = node?.children?.get(token);
      if (node?.offset === undefined) break;
      nearest = node.offset;
    }
    if (node?.offset !== undefined) found.set(pointer, node.offset);
    else if (options.nearestAncestor && nearest !== undefined) found.set(pointer, nearest);
  }
  return found;
}

/** What a walk over JSON text is told, value by value in text order (see {@link walkJsonText}). */
interface JsonTextVisitor {
  /**
   * At the start of a value: go on into it (`enter`; a scalar is simply passed), pass over it whole without decoding
   * what it holds (`skip`), or end the walk (`stop`).
   */
  value(position: number): "enter" | "skip" | "stop";
  /** The next value is the first of a container just entered: the member `key`, or the element `"0"`. */
  open(key: string, isObject: boolean): void;
  /** The next value is the innermost container's next one: the member `key`, or the element of that index. */
  next(key: string, isObject: boolean): void;
  /** The innermost container ended. */
  close(): void;
}

/**
 * The one walk over valid JSON text that both pointer lookups make: each value's start, in text order, with the
 * member key or element index that leads to it; containers the visitor skips are passed over without decoding their
 * keys. Linear in the text. Throws on a key that does not decode (invalid JSON).
 */
function walkJsonText(text: string, visitor: JsonTextVisitor): void {
  const frames: Array<{ isObject: boolean; index: number }> = [];
  let position = skipWhitespace(text, 0);
  for (;;) {
    const action = visitor.value(position);
    if (action === "stop") return;
    const code = text.charCodeAt(position);
    if (code === openBrace || code === openBracket) {
      if (action === "skip") {
        position = containerEnd(text, position);
      } else {
        position = skipWhitespace(text, position + 1);
        if (text.charCodeAt(position) === (code === openBrace ? closeBrace : closeBracket)) {
          position += 1;
        } else {
          const isObject = code === openBrace;
          frames.push({ isObject, index: 0 });
          if (isObject) {
            const member = readMemberKey(text, position);
            visitor.open(member.key, true);
            position = member.valueAt;
          } else visitor.open("0", false);
          continue;
        }
      }
    } else if (code === quote) {
      position = stringEnd(text, position);
    } else {
      position = Math.max(scalarEnd(text, position), position + 1);
    }
    // After a value: close finished containers, or move to the next member.
    for (;;) {
      position = skipWhitespace(text, position);
      const frame = frames.at(-1);
      if (frame === undefined || position >= text.length) return;
      const next = text.charCodeAt(position);
      position += 1;
      if (next === comma) {
        frame.index += 1;
        position = skipWhitespace(text, position);
        if (frame.isObject) {
          const member = readMemberKey(text, position);
          visitor.next(member.key, true);
          position = member.valueAt;
        } else visitor.next(String(frame.index), false);
        break;
      }
      frames.pop();
      visitor.close();
    }
  }
}

/** Records in the tree where each of its values starts; stops once every wanted pointer is met. */
function walkToPointers(text: string, root: PointerNode, wanted: number): void {
  let remaining = wanted;
  // The tree node of each open container's pointer; `node` is the next value's (undefined where no pointer goes).
  const containers: PointerNode[] = [];
  let node: PointerNode | undefined = root;
  try {
    walkJsonText(text, {
      value(position) {
        if (node !== undefined && node.offset === undefined) {
          node.offset = position;
          if (node.wanted !== undefined && --remaining === 0) return "stop";
        }
        return node?.children === undefined ? "skip" : "enter";
      },
      open(key) {
        // Only a container whose node has children is entered.
        const container = node as PointerNode;
        containers.push(container);
        node = container.children?.get(key);
      },
      next(key) {
        node = containers.at(-1)?.children?.get(key);
      },
      close() {
        containers.pop();
      },
    });
  } catch {
    // Invalid JSON (a key that does not decode): keep what was found before it.
  }
}

/**
 * The JSON pointer of the value that starts at `offset` in valid JSON text, or undefined when no value starts there.
 * One pass up to the offset; the pointer is built once, when found.
 */
export function pointerAtOffset(text: string, offset: number): string | undefined {
  const segments: string[] = [];
  const escape = (key: string, isObject: boolean): string =>
    isObject ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key;
  let found: string | undefined;
  try {
    walkJsonText(text, {
      value(position) {
        if (position === offset) found = segments.map((segment) => `/${segment}`).join("");
        return position >= offset ? "stop" : "enter";
      },
      open(key, isObject) {
        segments.push(escape(key, isObject));
      },
      next(key, isObject) {
        segments[segments.length - 1] = escape(key, isObject);
      },
      close() {
        segments.pop();
      },
    });
  } catch {
    return undefined;
  }
  return found;
}
