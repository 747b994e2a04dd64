/**
 * JSON values as converters handle them: plain objects with own keys only, deep copies that never share objects
 * with the input, keys from input set without touching prototypes, and JSON pointers (RFC 6901).
 */

/** A JSON object as parsed: own enumerable string keys only. */
export type JsonObject = Record<string, unknown>;

/**
 * One reference token of a JSON pointer with `~` and `/` escaped (RFC 6901). Core has the same four lines for its
 * own pointers but does not export them: they are not part of what the format's library offers.
 */
function escapePointerToken(token: string): string {
  // Almost no token needs escaping.
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Appends tokens to a JSON pointer, escaping `~` and `/` (RFC 6901). */
export function pointer(base: string, ...tokens: ReadonlyArray<string | number>): string {
  let result = base;
  for (const token of tokens) result += typeof token === "number" ? `/${token}` : `/${escapePointerToken(token)}`;
  return result;
}

export function isJsonObject(value: unknown): value is JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first place where `value` is not JSON (undefined, a function, a non-finite number, a class instance), or
 * undefined when all of it is. Iterative, so a deeply nested value cannot exhaust the call stack.
 */
export function findNonJson(value: unknown, path: string): { path: string; message: string } | undefined {
  // Inputs are almost always plain JSON: walk values only, and build pointers only once something is wrong.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current === "string" || typeof current === "boolean") continue;
    if (typeof current === "number" && Number.isFinite(current)) continue;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) stack.push(current[index]);
      continue;
    }
    if (isJsonObject(current)) {
      for (const key in current) if (Object.hasOwn(current, key)) stack.push(current[key]);
      continue;
    }
    return locateNonJson(value, path);
  }
  return undefined;
}

function locateNonJson(value: unknown, path: string): { path: string; message: string } | undefined {
  // Each entry links to its parent instead of carrying its pointer: building a pointer for every value costs the
  // square of the depth, and a value can nest a hundred thousand levels. The pointer is built once, when found.
  interface Entry {
    readonly value: unknown;
    readonly token: string | number | undefined;
    readonly parent: Entry | undefined;
  }
  const pointerOf = (entry: Entry): string => {
    const tokens: string[] = [];
    for (let at: Entry | undefined = entry; at?.token !== undefined; at = at.parent) tokens.push(pointer("", at.token));
    return path + tokens.reverse().join("");
  };
  const stack: Entry[] = [{ value, token: undefined, parent: undefined }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const current = next.value;
    if (current === null || typeof current === "string" || typeof current === "boolean") continue;
    if (typeof current === "number") {
      if (!Number.isFinite(current))
        return { path: pointerOf(next), message: "must be a finite number (JSON has no NaN or Infinity)" };
      continue;
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        stack.push({ value: current[index], token: index, parent: next });
      continue;
    }
    if (isJsonObject(current)) {
      for (const [key, item] of Object.entries(current).reverse())
        stack.push({ value: item, token: key, parent: next });
      continue;
    }
    return {
      path: pointerOf(next),
      message: `must be a JSON value, not ${current === undefined ? "undefined" : typeof current}`,
    };
  }
  return undefined;
}

/**
 * A deep copy of a JSON value, so a converted document never shares objects with its input. Strings are immutable
 * and shared; objects and arrays are copied in JavaScript, which for the many small values of a conversation is
 * several times faster than `structuredClone` (a serialisation round trip per call, copying every string's bytes).
 */
export function cloneJson<T>(value: T): T {
  return copyJson(value, 0) as T;
}

/**
 * Beyond this depth the copy continues with an explicit stack, so no input can exhaust the call stack here
 * (`structuredClone`, the fallback before, itself overflows at about 2,000 levels).
 */
const maximumCopyDepth = 256;

function copyJson(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth >= maximumCopyDepth) return copyDeepJson(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) copy[index] = copyJson(value[index], depth + 1);
    return copy;
  }
  if (!isJsonObject(value)) return structuredClone(value);
  const copy: JsonObject = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    setField(copy, key, copyJson(value[key], depth + 1));
  }
  return copy;
}

/** {@link copyJson} for very deep subtrees: the same copy, with an explicit stack of containers still to fill. */
function copyDeepJson(value: object): unknown {
  const copyOf = (source: object): object => {
    if (Array.isArray(source)) return new Array<unknown>(source.length);
    return isJsonObject(source) ? {} : (structuredClone(source) as object);
  };
  const root = copyOf(value);
  const pending: Array<{ source: object; copy: object }> = [];
  if (Array.isArray(value) || isJsonObject(value)) pending.push({ source: value, copy: root });
  while (pending.length > 0) {
    const { source, copy } = pending.pop() as { source: object; copy: object };
    const place = (item: unknown): unknown => {
      if (typeof item !== "object" || item === null) return item;
      const child = copyOf(item);
      if (Array.isArray(item) || isJsonObject(item)) pending.push({ source: item, copy: child });
      return child;
    };
    if (Array.isArray(source)) {
      const target = copy as unknown[];
      for (let index = 0; index < source.length; index += 1) target[index] = place(source[index]);
    } else {
      const record = source as JsonObject;
      for (const key in record) if (Object.hasOwn(record, key)) setField(copy as JsonObject, key, place(record[key]));
    }
  }
  return root;
}

/**
 * Appends every item to `target`. `target.push(...items)` passes each item as an argument, and an array that comes
 * from input can hold more items than one call takes (V8 throws "Maximum call stack size exceeded" at about 120,000).
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** Sets a property whose key came from input: plain assignment of `__proto__` would change the prototype instead. */
export function setField(target: JsonObject, key: string, value: unknown): void {
  // `__proto__` is the only inherited accessor of a plain object; every other key assigns an own data property, and
  // plain assignment keeps the object's hidden class fast where `defineProperty` does not.
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * A value from input, for a message: strings as they are, anything else as JSON. (`String(value)` throws on an object
 * whose `toString` is not a function, which a JSON object can easily have.)
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** The JSON type name of a value: `object`, `array`, `string`, `number`, `boolean` or `null`. */
export type JsonTypeName = "object" | "array" | "string" | "number" | "boolean" | "null";

export function jsonTypeOf(value: unknown): JsonTypeName | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isJsonObject(value)) return "object";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

// RFC 3339 date-time exactly as the strict validator checks it (ajv-formats `date-time`, full mode), so an
// importer can name the offending source field instead of a canonical one. Both patterns are linear.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;
const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDateTime(text: string): boolean {
  const halves = text.split(/t|\s/i);
  if (halves.length !== 2) return false;
  const date = datePattern.exec(halves[0] ?? "");
  const time = timePattern.exec(halves[1] ?? "");
  if (date === null || time === null) return false;
  const year = Number(date[1]);
  const month = Number(date[2]);
  const day = Number(date[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const lastDay = month === 2 && leap ? 29 : (daysInMonth[month] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return false;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  const second = Number(time[3]);
  const zone = time[4];
  const zoneSign = time[5] === "-" ? -1 : 1;
  const zoneHour = Number(time[6] ?? 0);
  const zoneMinute = Number(time[7] ?? 0);
  if (zone === undefined || zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is valid only at 23:59 UTC.
  const utcMinute = minute - zoneMinute * zoneSign;
  const utcHour = hour - zoneHour * zoneSign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/**
 * A shallow copy of `value` with the keys in `order` first, in that order, and the others after them as they
 * were: written documents then read like their format's own examples. Key order carries no meaning in JSON.
 */
export function orderKeys<T extends object>(value: T, order: readonly string[]): T {
  const source: JsonObject = Object.fromEntries(Object.entries(value));
  const ordered: JsonObject = {};
  for (const key of order) if (Object.hasOwn(source, key)) setField(ordered, key, source[key]);
  for (const [key, item] of Object.entries(source)) if (!Object.hasOwn(ordered, key)) setField(ordered, key, item);
  return ordered as T;
}
