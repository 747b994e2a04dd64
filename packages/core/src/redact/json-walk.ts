// The walk over a JSON value: copies of objects and arrays with their strings and keys redacted, sensitive keys'
// values replaced whole, in constant stack depth and without touching a prototype.
/** A key that holds a secret itself: its redacted form and what was counted for it. */
interface RedactedKey {
  readonly key: string;
  readonly counts: readonly (readonly [string, number])[];
}

/** What the walk needs to know about a key, decided once per distinct key. */
export interface KeyInfo {
  /** Its string values are secrets whatever they look like. */
  readonly sensitive: boolean;
  /** Null for most keys. */
  readonly redacted: RedactedKey | null;
}

interface WalkActions {
  redactText(text: string): string;
  redactField(text: string): string;
  keyInfo(key: string): KeyInfo;
  /** Counts a redacted key's redactions (once per key written) and returns the key. */
  countKey(redacted: RedactedKey): string;
  isSensitiveKey(key: string): boolean;
  /** Keys shorter than this cannot hold a match of any rule: they are not looked up. */
  readonly shortestKeyMatch: number;
  /** Whether Object.prototype has enumerable properties (a polluted environment): then `for…in` would visit them. */
  readonly inheritsEnumerableKeys: boolean;
}

type Container = unknown[] | Record<string, unknown>;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The walk recurses (plain recursion is much faster than an explicit stack) down to this many containers; deeper
 * subtrees are walked by {@link walkDeep}, which keeps its own stack, so nesting cannot exhaust the call stack.
 */
const recursionLimit = 64;

export function walk(value: unknown, actions: WalkActions): unknown {
  if (typeof value === "string") return actions.redactText(value);
  if (typeof value !== "object" || value === null || !(Array.isArray(value) || isPlainObject(value))) return value;
  return copyContainer(value as Container, false, [], actions);
}

/** What an object's walk needs besides its keys: which entries are secrets because of their siblings. */
interface ObjectContext {
  /** `"value"` in a header-list entry `{ "name": "Authorization", "value": "…" }`. */
  readonly sensitiveValueKey: string | undefined;
  /** True in a log-probability record, where `token` is a model's output token. */
  readonly tokenRecord: boolean;
}

/** The context of an object with neither a `value` nor a `token` key: the usual case, shared. */
const plainContext: ObjectContext = Object.freeze({ sensitiveValueKey: undefined, tokenRecord: false });

function objectContext(source: Record<string, unknown>, actions: WalkActions): ObjectContext {
  const hasValue = Object.hasOwn(source, "value");
  const hasToken = Object.hasOwn(source, "token");
  if (!hasValue && !hasToken) return plainContext;
  return {
    sensitiveValueKey: hasValue ? headerListValueKey(source, actions) : undefined,
    tokenRecord: hasToken && isTokenRecord(source),
  };
}

/** For arrays: which strings are secrets. `all` under a sensitive key; `pairs` for a list of name/value strings. */
type ArrayMode = "all" | "pairs" | "none";

/**
 * A list of an even number of strings is read as name/value pairs (`["Authorization", "Bearer …"]`, or Node's flat
 * `rawHeaders`): the value after a sensitive name is a secret.
 */
function arrayMode(source: readonly unknown[], sensitive: boolean): ArrayMode {
  if (sensitive) return "all";
  const length = source.length;
  if (length < 2 || length % 2 !== 0 || typeof source[0] !== "string") return "none";
  for (let index = 1; index < length; index += 1) if (typeof source[index] !== "string") return "none";
  return "pairs";
}

function isSensitiveElement(source: readonly unknown[], index: number, mode: ArrayMode, actions: WalkActions): boolean {
  if (mode === "all") return true;
  return mode === "pairs" && index % 2 === 1 && actions.isSensitiveKey(source[index - 1] as string);
}

/**
 * A fresh copy of an array or plain object with its strings redacted. `path` holds the containers being copied
 * above this one (a short list, scanned plainly): meeting one again means a cycle, which JSON cannot express.
 * `sensitive` says, for an array, that its strings are values of a sensitive key.
 */
function copyContainer(source: Container, sensitive: boolean, path: Container[], actions: WalkActions): Container {
  const depth = path.length;
  for (let index = 0; index < depth; index += 1) if (path[index] === source) throw cycleError();
  if (depth >= recursionLimit) return walkDeep(source, sensitive, new Set(path), actions);
  path.push(source);
  let result: Container;
  if (Array.isArray(source)) {
    const copy: unknown[] = [];
    const mode = arrayMode(source, sensitive);
    for (let index = 0; index < source.length; index += 1)
      copy.push(copyChild(source[index], isSensitiveElement(source, index, mode, actions), path, actions));
    result = copy;
  } else {
    const copy: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    const context = objectContext(source, actions);
    if (actions.inheritsEnumerableKeys)
      for (const key of Object.keys(source)) copyEntry(source, copy, key, context, path, actions);
    // `for…in` walks V8's cached key list instead of allocating one per object; with nothing enumerable on
    // Object.prototype (checked per walk), it visits exactly the own enumerable string keys, in Object.keys order.
    else for (const key in source) copyEntry(source, copy, key, context, path, actions);
    result = copy;
  }
  path.pop();
  return result;
}

function copyEntry(
  source: Record<string, unknown>,
  copy: Record<string, unknown>,
  key: string,
  context: ObjectContext,
  path: Container[],
  actions: WalkActions,
): void {
  const child = source[key];
  // Only strings and arrays care whether their key is sensitive: objects are walked whatever their key. A key too
  // short for any rule to match is not looked up when its value does not care either.
  const stringOrArray = typeof child === "string" || Array.isArray(child);
  if (!stringOrArray && key.length < actions.shortestKeyMatch) {
    defineEntry(copy, key, copyChild(child, false, path, actions));
    return;
  }
  const info = actions.keyInfo(key);
  const sensitive = stringOrArray && isSensitiveEntry(key, info, context);
  defineEntry(
    copy,
    info.redacted === null ? key : freeKey(source, copy, actions.countKey(info.redacted)),
    copyChild(child, sensitive, path, actions),
  );
}

function isSensitiveEntry(key: string, info: KeyInfo, context: ObjectContext): boolean {
  return key === context.sensitiveValueKey || (info.sensitive && !(context.tokenRecord && key === "token"));
}

/**
 * Where a redacted key goes: the redacted key itself, or, when that is already taken (another key of the object, or
 * one of its original keys), the first free of `<key> (2)`, `<key> (3)`, …, so no entry overwrites another.
 */
function freeKey(source: Record<string, unknown>, copy: Record<string, unknown>, redacted: string): string {
  let candidate = redacted;
  for (let suffix = 2; Object.hasOwn(copy, candidate) || Object.hasOwn(source, candidate); suffix += 1)
    candidate = `${redacted} (${suffix})`;
  return candidate;
}

function copyChild(child: unknown, sensitive: boolean, path: Container[], actions: WalkActions): unknown {
  if (typeof child === "string") return sensitive ? actions.redactField(child) : actions.redactText(child);
  if (typeof child !== "object" || child === null) return child;
  if (Array.isArray(child)) return copyContainer(child, sensitive, path, actions);
  return isPlainObject(child) ? copyContainer(child, false, path, actions) : child;
}

function cycleError(): TypeError {
  return new TypeError("redactValue: the value contains a cycle, so it is not JSON");
}

interface Frame {
  readonly source: Container;
  readonly result: Container;
  /** Object keys, or null for arrays. */
  readonly keys: readonly string[] | null;
  index: number;
  /** For arrays: which of their strings are secrets. */
  readonly mode: ArrayMode;
  /** For objects: which entries are secrets because of their siblings. */
  readonly context: ObjectContext | undefined;
}

/**
 * {@link copyContainer} for subtrees below the recursion limit: the same copy, made with an explicit stack.
 * `onPath` starts with the containers above `value`.
 */
function walkDeep(value: Container, sensitive: boolean, onPath: Set<unknown>, actions: WalkActions): Container {
  const stack: Frame[] = [];
  const open = (source: Container, sensitiveArray: boolean): Container => {
    if (onPath.has(source)) throw cycleError();
    onPath.add(source);
    if (Array.isArray(source)) {
      const result: unknown[] = [];
      stack.push({ source, result, keys: null, index: 0, mode: arrayMode(source, sensitiveArray), context: undefined });
      return result;
    }
    const result: Record<string, unknown> =
      Object.getPrototypeOf(source) === null ? (Object.create(null) as Record<string, unknown>) : {};
    stack.push({
      source,
      result,
      keys: Object.keys(source),
      index: 0,
      mode: "none",
      context: objectContext(source, actions),
    });
    return result;
  };
  const root = open(value, sensitive);

  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { keys } = frame;
    const count = keys === null ? (frame.source as unknown[]).length : keys.length;
    if (frame.index >= count) {
      stack.pop();
      onPath.delete(frame.source);
      continue;
    }
    const index = frame.index;
    frame.index += 1;
    const key = keys === null ? undefined : (keys[index] as string);
    const child =
      key === undefined ? (frame.source as unknown[])[index] : (frame.source as Record<string, unknown>)[key];
    const info = key === undefined ? undefined : actions.keyInfo(key);
    const sensitiveChild =
      key === undefined || info === undefined
        ? isSensitiveElement(frame.source as unknown[], index, frame.mode, actions)
        : isSensitiveEntry(key, info, frame.context as ObjectContext);

    let result: unknown;
    if (typeof child === "string") result = sensitiveChild ? actions.redactField(child) : actions.redactText(child);
    else if (Array.isArray(child)) result = open(child, sensitiveChild);
    else if (typeof child === "object" && child !== null && isPlainObject(child)) result = open(child, false);
    else result = child;

    if (key === undefined || info === undefined) (frame.result as unknown[]).push(result);
    else {
      const source = frame.source as Record<string, unknown>;
      const target = frame.result as Record<string, unknown>;
      defineEntry(
        target,
        info.redacted === null ? key : freeKey(source, target, actions.countKey(info.redacted)),
        result,
      );
    }
  }
  return root;
}

/** Writes an own, enumerable data property, even for `__proto__` (which plain assignment would treat as the prototype). */
function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** For `{ "name": "Authorization", "value": "…" }` (HAR) or `{ "key": "X-Api-Key", "value": "…" }` (Postman): `"value"`. */
function headerListValueKey(source: Record<string, unknown>, actions: WalkActions): string | undefined {
  const name = Object.hasOwn(source, "name") ? source.name : Object.hasOwn(source, "key") ? source.key : undefined;
  return typeof name === "string" && actions.isSensitiveKey(name) ? "value" : undefined;
}

/** The sibling keys that make an object with a `token` a log-probability record (OpenAI, Gemini, vLLM, TGI). */
const tokenRecordKeys = ["logprob", "logProbability", "log_probability", "top_logprobs", "topLogprobs", "bytes"];

function isTokenRecord(source: Record<string, unknown>): boolean {
  for (const key of tokenRecordKeys) if (Object.hasOwn(source, key)) return true;
  return false;
}
