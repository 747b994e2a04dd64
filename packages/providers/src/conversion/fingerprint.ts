/**
 * Document ids for imports that carry none (a request has no id; some responses lack one): a short fingerprint of
 * the payload, so converting the same payload twice gives the same document without reading a clock or a random
 * source. Key order does not count (a streamed response aggregates its fields in another order than the same
 * response unstreamed, and both must get the same id).
 *
 * It is a summary hash, not a cryptographic digest of the JSON text: sorting keys, serialising and hashing every
 * character cost more than half of a whole request conversion, and base64 media is most of a real request's bytes.
 * It mixes every key, number, boolean and null, the shape of every array and object, and every string's length
 * with all of its characters up to 96, beyond that its first, middle and last 32 (reading characters one by one was
 * the largest part of the cost; 93 % of the strings in the real recorded requests are mixed whole). Two payloads
 * that differ only inside a long string's unsampled stretches, with the same length, therefore share a fingerprint;
 * callers that need ids unique across such payloads set the document id themselves.
 */

/** Strings up to this length are mixed whole; longer ones by three samples of `sampleLength` and their length. */
const wholeStringLength = 96;
const sampleLength = 32;
/** From this depth on a subtree is hashed by the ordered, stack-based walk, so no input can exhaust the call stack. */
const maximumRecursionDepth = 128;
const float = new Float64Array(1);
const floatWords = new Uint32Array(float.buffer);

const tag = {
  null: 1,
  false: 2,
  true: 3,
  number: 4,
  string: 5,
  array: 6,
  object: 7,
  other: 8,
  key: 9,
  end: 10,
  deep: 11,
} as const;

/**
 * The hash state: two independent 32-bit lanes (FNV-1a style and a multiply-rotate) per nesting level, in one typed
 * array so that the arithmetic stays on untagged integers (numbers above 2^30 in object fields or variables would be
 * boxed on every update). Each object nesting level hashes its entries in the next two slots.
 */
class Lanes {
  state = new Int32Array(2 * (maximumRecursionDepth + 2));

  reset(at: number): void {
    this.state[at] = 0x811c9dc5 | 0;
    this.state[at + 1] = 0x9747b28c | 0;
  }

  word(at: number, value: number): void {
    const state = this.state;
    state[at] = Math.imul((state[at] as number) ^ value, 0x01000193);
    const mixed = Math.imul((state[at + 1] as number) ^ value, 0x5bd1e995);
    state[at + 1] = (mixed << 13) | (mixed >>> 19);
  }

  characters(at: number, text: string, start: number, end: number): void {
    const state = this.state;
    let first = state[at] as number;
    let second = state[at + 1] as number;
    // Two UTF-16 code units per mixed word: half the multiplications, and still every bit of every character.
    let index = start;
    for (; index < end; index += 2) {
      const value =
        index + 1 < end ? (text.charCodeAt(index) << 16) | text.charCodeAt(index + 1) : text.charCodeAt(index);
      first = Math.imul(first ^ value, 0x01000193);
      const mixed = Math.imul(second ^ value, 0x5bd1e995);
      second = (mixed << 13) | (mixed >>> 19);
    }
    state[at] = first;
    state[at + 1] = second;
  }

  string(at: number, text: string): void {
    const length = text.length;
    this.word(at, length);
    if (length <= wholeStringLength) {
      this.characters(at, text, 0, length);
      return;
    }
    const middle = (length - sampleLength) >>> 1;
    this.characters(at, text, 0, sampleLength);
    this.characters(at, text, middle, middle + sampleLength);
    this.characters(at, text, length - sampleLength, length);
  }

  number(at: number, value: number): void {
    float[0] = value;
    this.word(at, floatWords[0] as number);
    this.word(at, floatWords[1] as number);
  }

  /** A final avalanche, so that nearby states spread over every output bit (entry hashes are summed). */
  finishFromCanonical(at: number): void {
    const state = this.state;
    let first = (state[at] as number) ^ ((state[at + 1] as number) >>> 15);
    first = Math.imul(first ^ (first >>> 16), 0x85ebca6b | 0);
    let second = (state[at + 1] as number) ^ (first >>> 13);
    second = Math.imul(second ^ (second >>> 13), 0xc2b2ae35 | 0);
    state[at] = first ^ (first >>> 16);
    state[at + 1] = second ^ (second >>> 16);
  }
}

const lanes = new Lanes();

function hex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}

/** A 16-hex-digit fingerprint of a JSON value; see the module comment for what it does and does not tell apart. */
export function fingerprint(value: unknown): string {
  lanes.reset(0);
  mixValue(value, 0, 0);
  lanes.finishFromCanonical(0);
  return hex(lanes.state[0] as number) + hex(lanes.state[1] as number);
}

/** Mixes `value`, met at nesting `depth`, into the lanes at `at` (objects hash their entries in the lanes after). */
function mixValue(value: unknown, at: number, depth: number): void {
  if (typeof value !== "object" || value === null) mixScalar(value, at);
  else if (depth >= maximumRecursionDepth) {
    lanes.word(at, tag.deep);
    mixOrdered(value, at);
  } else if (Array.isArray(value)) {
    lanes.word(at, tag.array);
    lanes.word(at, value.length);
    for (let index = 0; index < value.length; index += 1) mixValue(value[index], at, depth + 1);
  } else {
    // Each entry is hashed on its own (in the next level's lanes) and the entry hashes are added up, so the order
    // of keys does not count.
    const entryAt = at + 2;
    let first = 0;
    let second = 0;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      lanes.reset(entryAt);
      lanes.string(entryAt, key);
      mixValue(record[key], entryAt, depth + 1);
      lanes.finishFromCanonical(entryAt);
      first = (first + (lanes.state[entryAt] as number)) | 0;
      second = (second + (lanes.state[entryAt + 1] as number)) | 0;
    }
    lanes.word(at, tag.object);
    lanes.word(at, keys.length);
    lanes.word(at, first);
    lanes.word(at, second);
  }
}

/** Marks the end of an object's values in the ordered walk (a stack entry no JSON value can be). */
const end = Symbol("end");

/** The same mixing for very deep subtrees, into the lanes at `at`, with an explicit stack; here key order counts. */
function mixOrdered(value: unknown, at: number): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === end) lanes.word(at, tag.end);
    else if (Array.isArray(current)) {
      lanes.word(at, tag.array);
      lanes.word(at, current.length);
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push(current[index]);
    } else if (typeof current === "object" && current !== null) {
      // Keys are mixed as they are met, each behind its own tag, then the values, last key's first, then the end mark.
      lanes.word(at, tag.object);
      stack.push(end);
      const record = current as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        lanes.word(at, tag.key);
        lanes.string(at, key);
        stack.push(record[key]);
      }
    } else mixScalar(current, at);
  }
}

function mixScalar(value: unknown, at: number): void {
  if (typeof value === "string") {
    lanes.word(at, tag.string);
    lanes.string(at, value);
  } else if (typeof value === "number") {
    lanes.word(at, tag.number);
    lanes.number(at, value);
  } else if (value === null) lanes.word(at, tag.null);
  else if (value === true) lanes.word(at, tag.true);
  else if (value === false) lanes.word(at, tag.false);
  else lanes.word(at, tag.other);
}
