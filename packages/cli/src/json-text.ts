/**
 * JSON text written piece by piece: exactly what `JSON.stringify(value, null, indent)` returns, as a sequence of
 * strings of about `chunkLength` characters. A document whose JSON is longer than the longest string Node.js can
 * hold (512 MiB, "Invalid string length") can then still be written, and writing one never holds its whole text:
 * only the value and one piece.
 *
 * The walk keeps its own stack instead of recursing, so any depth the value has is fine, and it gives the same answer
 * as `JSON.stringify` for everything that function accepts: `toJSON` methods (called with the key), boxed primitives,
 * `undefined`, functions and symbols left out of objects and written as `null` in arrays, non-finite numbers as
 * `null`, keys in `Object.keys` order; a `BigInt` or a cycle throws the same `TypeError`.
 */

/** How long each piece is, in UTF-16 code units: large enough that writing it costs little, small enough to bound memory. */
export const defaultChunkLength = 64 * 1024;

export interface JsonTextOptions {
  /** Spaces per level, as `JSON.stringify`'s third argument (0 or undefined: no whitespace). At most 10, as there. */
  indent?: number;
  /** About how many characters each piece holds (a long string is cut into pieces this long). */
  chunkLength?: number;
}

type Frame =
  | { kind: "array"; value: readonly unknown[]; index: number; indent: string }
  | { kind: "object"; value: object; keys: string[]; index: number; indent: string; wroteMember: boolean };

/** The pieces of `JSON.stringify(value, null, indent)`; nothing at all where that returns undefined. */
export function* jsonTextChunks(value: unknown, options: JsonTextOptions = {}): Generator<string> {
  const indentUnit = " ".repeat(Math.max(0, Math.min(10, Math.floor(options.indent ?? 0))));
  const chunkLength = options.chunkLength ?? defaultChunkLength;
  const stack: Frame[] = [];
  // The objects being written, for JSON.stringify's cycle check.
  const open = new Set<object>();
  let buffer = "";

  /** Writes a value that is already resolved (toJSON applied); containers push a frame instead. */
  const begin = (resolved: unknown, indent: string): Generator<string> | undefined => {
    if (resolved === null) buffer += "null";
    else if (typeof resolved === "string") return writeString(resolved);
    else if (typeof resolved === "number") buffer += Number.isFinite(resolved) ? String(resolved) : "null";
    else if (typeof resolved === "boolean") buffer += resolved ? "true" : "false";
    else if (typeof resolved === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
    else if (typeof resolved === "object") {
      if (open.has(resolved)) throw new TypeError("Converting circular structure to JSON");
      open.add(resolved);
      if (Array.isArray(resolved)) {
        if (resolved.length === 0) {
          buffer += "[]";
          open.delete(resolved);
        } else {
          buffer += "[";
          stack.push({ kind: "array", value: resolved, index: 0, indent });
        }
      } else {
        buffer += "{";
        stack.push({
          kind: "object",
          value: resolved,
          keys: Object.keys(resolved),
          index: 0,
          indent,
          wroteMember: false,
        });
      }
    }
    return undefined;
  };

  // A long string is escaped slice by slice, never cutting a surrogate pair (JSON.stringify would escape a lone half).
  function* writeString(text: string): Generator<string> {
    if (text.length <= chunkLength) {
      buffer += JSON.stringify(text);
      return;
    }
    buffer += '"';
    for (let start = 0; start < text.length;) {
      let end = Math.min(text.length, start + chunkLength);
      // Keep a pair together: end before its high half, or after its low half when the slice is that half alone. A lone
      // high half is not a pair: moving the end past it could split the real pair that follows.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)))
        end += end - 1 > start ? -1 : 1;
      buffer += JSON.stringify(text.slice(start, end)).slice(1, -1);
      start = end;
      if (buffer.length >= chunkLength) {
        yield buffer;
        buffer = "";
      }
    }
    buffer += '"';
  }

  const root = resolve("", value);
  if (!isWritten(root)) return;
  const rootString = begin(root, "");
  if (rootString) yield* rootString;

  while (stack.length > 0) {
    if (buffer.length >= chunkLength) {
      yield buffer;
      buffer = "";
    }
    const frame = stack[stack.length - 1] as Frame;
    const inner = frame.indent + indentUnit;
    if (frame.kind === "array") {
      if (frame.index === frame.value.length) {
        stack.pop();
        open.delete(frame.value);
        buffer += indentUnit === "" ? "]" : `\n${frame.indent}]`;
        continue;
      }
      const index = frame.index;
      frame.index += 1;
      if (index > 0) buffer += ",";
      if (indentUnit !== "") buffer += `\n${inner}`;
      const item = resolve(String(index), frame.value[index]);
      if (!isWritten(item)) {
        buffer += "null";
        continue;
      }
      const written = begin(item, inner);
      if (written) yield* written;
      continue;
    }
    if (frame.index === frame.keys.length) {
      stack.pop();
      open.delete(frame.value);
      buffer += indentUnit === "" || !frame.wroteMember ? "}" : `\n${frame.indent}}`;
      continue;
    }
    const key = frame.keys[frame.index] as string;
    frame.index += 1;
    const member = resolve(key, (frame.value as Record<string, unknown>)[key]);
    if (!isWritten(member)) continue;
    if (frame.wroteMember) buffer += ",";
    frame.wroteMember = true;
    if (indentUnit !== "") buffer += `\n${inner}`;
    buffer += JSON.stringify(key);
    buffer += indentUnit === "" ? ":" : ": ";
    const written = begin(member, inner);
    if (written) yield* written;
  }
  if (buffer !== "") yield buffer;
}

/** What JSON.stringify serialises in place of a value: its toJSON result, and boxed primitives unboxed. */
function resolve(key: string, value: unknown): unknown {
  let resolved = value;
  if ((typeof resolved === "object" && resolved !== null) || typeof resolved === "bigint") {
    const toJSON = (resolved as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") resolved = (toJSON as (key: string) => unknown).call(resolved, key);
  }
  if (resolved instanceof Number) return Number(resolved);
  if (resolved instanceof String) return String(resolved);
  if (resolved instanceof Boolean) return resolved.valueOf();
  if (typeof resolved === "object" && resolved !== null && isBigIntObject(resolved))
    throw new TypeError("Do not know how to serialize a BigInt");
  return resolved;
}

function isBigIntObject(value: object): boolean {
  return Object.prototype.toString.call(value) === "[object BigInt]";
}

/** JSON.stringify leaves out undefined, functions and symbols (as members), writing null for them in arrays. */
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

/** JSON lines: each value on one line of compact JSON (`JSON.stringify(value)` and a line feed), piece by piece. */
export function* jsonLinesChunks(
  values: Iterable<unknown>,
  options: Omit<JsonTextOptions, "indent"> = {},
): Generator<string> {
  for (const value of values) {
    yield* jsonTextChunks(value, options);
    yield "\n";
  }
}

/** A value as a file of JSON: two-space indentation, as `JSON.stringify(value, null, 2)`, and a final line feed. */
export function* jsonFileChunks(value: unknown): Generator<string> {
  yield* jsonTextChunks(value, { indent: 2 });
  yield "\n";
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
