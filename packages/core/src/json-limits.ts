/**
 * The limits every reader of JSON in this toolkit shares, and the check of an in-memory value against them.
 *
 * Nesting depth: JSON itself has no limit, but every walk over a value (the schema validators, `JSON.stringify`,
 * Markdown rendering, the converters) either recurses or keeps a stack, and a hostile file can nest a million arrays
 * in a few megabytes. Measured from an empty stack on Node 20, the weakest walk is tolerant schema validation of
 * tool-result content nested in tool-result content, which overflows at about 2,000 levels; `JSON.stringify` at about
 * 4,100; strict validation of child transcripts at about 2,500. 512 leaves each of them at least four times its
 * depth for the caller's own stack, and is far beyond anything a real transcript, payload or tool input nests.
 */

/** Most arrays and objects one JSON value may nest, the outermost counting as 1. */
export const defaultMaxDepth = 512;

/** 256 MiB: the largest input the readers take by default, counted in bytes after decompression. */
export const defaultMaxInputBytes = 256 * 1024 * 1024;

/** What a reader of JSON enforces. */
export interface JsonLimits {
  /** Most arrays and objects a value may nest, the outermost counting as 1; default {@link defaultMaxDepth}. */
  maxDepth?: number;
}

/**
 * Thrown by the operations on in-memory documents that have no error result of their own (`prepareExport`,
 * `renderMarkdown`, …) when a value nests deeper than the limit, instead of overflowing the call stack.
 */
export class JsonDepthError extends RangeError {
  /** RFC 6901 pointer of the first array or object beyond the limit. */
  readonly pointer: string;
  readonly maxDepth: number;

  constructor(pointer: string, maxDepth: number) {
    super(describeTooDeep(pointer, maxDepth));
    this.name = "JsonDepthError";
    this.pointer = pointer;
    this.maxDepth = maxDepth;
  }
}

/**
 * The sentence every too-deep error uses, so the CLI, the library and the converters read alike; without a pointer,
 * the sentence for callers that print the pointer themselves.
 */
export function describeTooDeep(pointer: string | undefined, maxDepth: number): string {
  const where = pointer === undefined ? "" : ` at ${abbreviatePointer(pointer)}`;
  return `nested deeper than ${maxDepth} arrays and objects${where}; the limit keeps every reader's stack safe`;
}

/**
 * A pointer as a sentence shows it: one hundreds of levels deep keeps its start and end, and says how many tokens it
 * has (the error's `pointer` field always holds it whole).
 */
export function abbreviatePointer(pointer: string): string {
  if (pointer === "") return "the root";
  if (pointer.length <= 120) return pointer;
  const tokens = pointer.split("/").length - 1;
  return `${pointer.slice(0, 60)}…${pointer.slice(-40)} (${tokens} levels)`;
}

/** A problem of an in-memory value, at its JSON pointer. */
export interface JsonValueProblem {
  code: "too-deep" | "inexact-number";
  pointer: string;
  message: string;
}

export interface JsonValueCheckOptions extends JsonLimits {
  /**
   * Also refuse numbers JSON text cannot carry back unchanged: `"finite"` refuses NaN and the infinities (what
   * `JSON.parse` makes of `1e400`; JSON writes them as `null`), `"exact"` negative zero too (written as `0`).
   */
  numbers?: "finite" | "exact";
}

interface Frame {
  readonly container: object;
  /** Own enumerable keys of an object; undefined for an array. */
  readonly keys: readonly string[] | undefined;
  /** The child being visited (already advanced past it). */
  next: number;
}

/**
 * The first place where an in-memory value breaks the limits, or undefined. Iterative and linear: a value nested a
 * million levels deep (or one that contains itself, which is infinitely deep) is answered, not overflowed on, and the
 * pointer is built once, at the end.
 */
export function checkJsonValue(value: unknown, options: JsonValueCheckOptions = {}): JsonValueProblem | undefined {
  const maxDepth = options.maxDepth ?? defaultMaxDepth;
  const numbers = options.numbers === "exact" ? 2 : options.numbers === "finite" ? 1 : 0;
  // The fast answer for the usual value: a recursion no deeper than the limit (so no deeper than the walks it
  // protects), allocating nothing. The explicit-stack walk below runs only to name the pointer, or for a limit set
  // so high that recursing to it could itself overflow.
  const fast =
    typeof value === "object" && value !== null
      ? maxDepth <= recursionLimit && !breaksLimits(value, maxDepth, numbers)
      : numbers === 0 || typeof value !== "number" || !breaksNumber(value, numbers);
  if (fast) return undefined;
  const stack: Frame[] = [];
  let current: unknown = value;
  for (;;) {
    if (typeof current === "object" && current !== null) {
      if (stack.length >= maxDepth)
        return { code: "too-deep", pointer: pointerOf(stack), message: describeTooDeep(pointerOf(stack), maxDepth) };
      stack.push({ container: current, keys: Array.isArray(current) ? undefined : Object.keys(current), next: 0 });
    } else if (numbers !== 0 && typeof current === "number" && breaksNumber(current, numbers)) {
      const pointer = pointerOf(stack);
      return {
        code: "inexact-number",
        pointer,
        message: `the number ${Object.is(current, -0) ? "-0" : String(current)} at ${abbreviatePointer(pointer)} has no JSON form that reads back as the same number (JSON writes it as ${JSON.stringify(current)})`,
      };
    }
    // Move to the next value: the next child of the innermost container that has one left.
    let found = false;
    while (!found) {
      const frame = stack.at(-1);
      if (frame === undefined) return undefined;
      const size = frame.keys === undefined ? (frame.container as unknown[]).length : frame.keys.length;
      if (frame.next < size) {
        current =
          frame.keys === undefined
            ? (frame.container as unknown[])[frame.next]
            : (frame.container as Record<string, unknown>)[frame.keys[frame.next] as string];
        frame.next += 1;
        found = true;
      } else stack.pop();
    }
  }
}

/** The deepest limit the fast check recurses to; every walk it protects takes at least twice that. */
const recursionLimit = 1024;

/** Whether `number` breaks the number rule: 1 finite, 2 exact (finite and not negative zero). */
function breaksNumber(number: number, rule: number): boolean {
  return !Number.isFinite(number) || (rule === 2 && Object.is(number, -0));
}

/**
 * Whether the container `value` nests deeper than `remaining` more levels, or holds a number breaking the rule
 * (0 none). Scalars are tested in place rather than by a call each: most of a transcript's values are strings.
 * `for…in` walks V8's cached key list without allocating one; an inherited enumerable key (a polluted prototype) is
 * merely checked too, and the explicit-stack walk, which reads own keys only, has the last word.
 */
function breaksLimits(value: object, remaining: number, numbers: number): boolean {
  if (remaining === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const child: unknown = value[index];
      if (typeof child === "object" && child !== null) {
        if (breaksLimits(child, remaining - 1, numbers)) return true;
      } else if (numbers !== 0 && typeof child === "number" && breaksNumber(child, numbers)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (typeof child === "object" && child !== null) {
      if (breaksLimits(child, remaining - 1, numbers)) return true;
    } else if (numbers !== 0 && typeof child === "number" && breaksNumber(child, numbers)) return true;
  }
  return false;
}

/** Throws a {@link JsonDepthError} when `value` nests deeper than `maxDepth`. */
export function assertWithinDepth(value: unknown, maxDepth: number = defaultMaxDepth): void {
  const problem = checkJsonValue(value, { maxDepth });
  if (problem) throw new JsonDepthError(problem.pointer, maxDepth);
}

/** The pointer of the value being visited: each frame's `next` has already moved past it. */
function pointerOf(stack: readonly Frame[]): string {
  let pointer = "";
  for (const frame of stack) {
    const index = frame.next - 1;
    pointer += `/${frame.keys === undefined ? String(index) : escapeToken(frame.keys[index] ?? "")}`;
  }
  return pointer;
}

function escapeToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
