import { nodeBuffer } from "./node-builtins.js";
import { escapePointerToken } from "./validation.js";

/** Why a value has no RFC 8785 canonical form, and where in it the problem is. */
export class CanonicalJsonError extends Error {
  /** RFC 6901 JSON pointer of the offending value; "" is the root. */
  readonly pointer: string;

  constructor(problem: string, pointer: string) {
    super(
      `cannot canonicalize ${problem} at JSON pointer ${JSON.stringify(pointer)}${pointer === "" ? " (the root)" : ""}`,
    );
    this.name = "CanonicalJsonError";
    this.pointer = pointer;
  }
}

interface ArrayFrame {
  readonly kind: "array";
  readonly container: readonly unknown[];
  next: number;
}

interface ObjectFrame {
  readonly kind: "object";
  readonly container: Readonly<Record<string, unknown>>;
  readonly keys: readonly string[];
  next: number;
}

type Frame = ArrayFrame | ObjectFrame;

const flattenThreshold = 16_384;

const loneSurrogate = /\p{Cs}/u;
// Node 20 has String.prototype.isWellFormed (several times faster than the regex), but the ES2023 lib does not declare it.
const nativeIsWellFormed: unknown = Reflect.get(String.prototype, "isWellFormed");
const isWellFormed: (text: string) => boolean =
  typeof nativeIsWellFormed === "function"
    ? (text) => nativeIsWellFormed.call(text) === true
    : (text) => !loneSurrogate.test(text);

/**
 * The RFC 8785 (JCS) canonical JSON text of `value`: keys sorted by UTF-16 code units, no whitespace,
 * ECMAScript number and string serialisation. Objects must be plain (prototype null or Object.prototype) and only their
 * own enumerable string keys count. Throws a {@link CanonicalJsonError} for anything JSON cannot hold: undefined,
 * functions, symbols, bigints, NaN and infinities, lone surrogates, cycles and other kinds of object.
 */
export function canonicalize(value: unknown): string {
  // An explicit stack rather than recursion: hostile input may nest far deeper than the call stack allows.
  const stack: Frame[] = [];
  const ancestors = new Set<object>();
  // Appending to one string builds a rope of millions of nodes that the garbage collector keeps tracing;
  // flattening a bounded chunk now and then and joining the chunks at the end is several times faster.
  const chunks: string[] = [];
  let output = "";
  let current: unknown = value;
  for (;;) {
    if (typeof current === "string") {
      output += serializeString(current, stack, "a string containing a lone surrogate");
    } else if (typeof current === "number") {
      if (!Number.isFinite(current))
        throw new CanonicalJsonError(`a non-finite number (${String(current)})`, pointerOf(stack));
      // String(-0) is "0", as JCS requires.
      output += String(current);
    } else if (typeof current === "boolean") {
      output += current ? "true" : "false";
    } else if (current === null) {
      output += "null";
    } else if (typeof current === "object") {
      if (ancestors.has(current))
        throw new CanonicalJsonError("a cycle (a value that contains itself)", pointerOf(stack));
      if (Array.isArray(current)) {
        stack.push({ kind: "array", container: current, next: 0 });
        output += "[";
      } else if (isPlainObject(current)) {
        // The default sort compares UTF-16 code units, which is exactly the JCS order.
        stack.push({ kind: "object", container: current, keys: Object.keys(current).sort(), next: 0 });
        output += "{";
      } else {
        throw new CanonicalJsonError(
          `an object that is not a plain object or an array (${Object.prototype.toString.call(current)})`,
          pointerOf(stack),
        );
      }
      ancestors.add(current);
    } else {
      throw new CanonicalJsonError(describeUnsupported(current), pointerOf(stack));
    }

    if (output.length > flattenThreshold) {
      // charCodeAt flattens a rope in V8.
      output.charCodeAt(0);
      chunks.push(output);
      output = "";
    }
    let descended = false;
    while (!descended) {
      const frame = stack.at(-1);
      if (frame === undefined) return chunks.length === 0 ? output : chunks.join("") + output;
      if (frame.kind === "array") {
        if (frame.next < frame.container.length) {
          if (frame.next > 0) output += ",";
          current = frame.container[frame.next];
          frame.next += 1;
          descended = true;
        } else {
          output += "]";
        }
      } else {
        const key = frame.keys[frame.next];
        if (key !== undefined) {
          if (frame.next > 0) output += ",";
          frame.next += 1;
          output += serializeString(key, stack, "a property name containing a lone surrogate") + ":";
          current = frame.container[key];
          descended = true;
        } else {
          output += "}";
        }
      }
      if (!descended) {
        stack.pop();
        ancestors.delete(frame.container);
      }
    }
  }
}

/** The number of UTF-8 bytes in {@link canonicalize}'s output for `value`. */
export function canonicalByteLength(value: unknown): number {
  return utf8ByteLength(canonicalize(value));
}

/** The UTF-8 length of well-formed text: Node's native count where there is one, else counted here. */
const nativeBuffer = nodeBuffer?.Buffer;
export const utf8ByteLength: (text: string) => number = nativeBuffer
  ? (text) => nativeBuffer.byteLength(text, "utf8")
  : countUtf8Bytes;

/** The UTF-8 length of well-formed text (canonicalize refuses lone surrogates), without encoding it. */
export function countUtf8Bytes(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // One UTF-16 code unit is one byte up to U+007F, two up to U+07FF, three above; a surrogate pair (two units) is
    // four bytes, so each half adds one.
    if (code >= 0x80) bytes += code < 0x800 ? 1 : code >= 0xd800 && code <= 0xdfff ? 1 : 2;
  }
  return bytes;
}

function serializeString(text: string, stack: readonly Frame[], problem: string): string {
  if (!isWellFormed(text)) throw new CanonicalJsonError(problem, pointerOf(stack));
  // For well-formed strings JSON.stringify escapes exactly as RFC 8785 section 3.2.2.2 requires.
  return JSON.stringify(text);
}

function isPlainObject(value: object): value is Readonly<Record<string, unknown>> {
  const prototype: unknown = Object.getPrototypeOf(value);
  // Accepts Object.prototype of any realm and null-prototype objects; rejects Date, Map, class instances, boxed primitives.
  return prototype === null || (typeof prototype === "object" && Object.getPrototypeOf(prototype) === null);
}

function describeUnsupported(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "bigint":
      return "a bigint";
    default:
      return `a value of type ${typeof value}`;
  }
}

/** The pointer of the value being visited: each frame's `next` has already moved past it. */
function pointerOf(stack: readonly Frame[]): string {
  let pointer = "";
  for (const frame of stack) {
    const position = frame.next - 1;
    pointer += "/" + (frame.kind === "array" ? String(position) : escapePointerToken(frame.keys[position] ?? ""));
  }
  return pointer;
}
