/**
 * Document ids for imports that carry none (a request has no id; some responses lack one): a short fingerprint of
 * the payload, so converting the same payload twice gives the same document without reading a clock or a random
 * source. Key order does not count (a streamed response aggregates its fields in another order than the same
 * response unstreamed, and both must get the same id).
 *
 * It is a summary hash, not a cryptographic digest of the JSON text: sorting keys, serialising and hashing every
 * character cost more than half of a whole request conversion, and base64 media is most of a real request's bytes.
 * It mixes every key, number, boolean and null, the shape of every array and object, and every string's length
 * with all of its characters up to 768, beyond that its first, middle and last 256. Two payloads that differ only
 * inside a long string's unsampled stretches, with the same length, therefore share a fingerprint; callers that
 * need ids unique across such payloads set the document id themselves.
 */

const sampleLength = 256;
/** Below this depth a subtree is hashed by the ordered, stack-based walk, so no input can exhaust the call stack. */
const maximumRecursionDepth = 128;
const float = new Float64Array(1);
const floatWords = new Uint32Array(float.buffer);

const tag = { null: 1, false: 2, true: 3, number: 4, string: 5, array: 6, object: 7, other: 8, key: 9, end: 10, deep: 11 } as const;

/** Two independent 32-bit lanes (FNV-1a style and a multiply-rotate): 64 bits of output. */
class Mixer {
  first = 0x811c9dc5;
  second = 0x9747b28c;

  word(value: number): void {
    this.first = Math.imul(this.first ^ value, 0x01000193) >>> 0;
    const mixed = Math.imul(this.second ^ value, 0x5bd1e995);
    this.second = ((mixed << 13) | (mixed >>> 19)) >>> 0;
  }

  characters(text: string, start: number, end: number): void {
    // Two UTF-16 code units per mixed word: half the multiplications, and still every bit of every character.
    let index = start;
    for (; index + 1 < end; index += 2) this.word((text.charCodeAt(index) << 16) | text.charCodeAt(index + 1));
    if (index < end) this.word(text.charCodeAt(index));
  }

  string(text: string): void {
    const length = text.length;
    this.word(length);
    if (length <= sampleLength * 3) {
      this.characters(text, 0, length);
      return;
    }
    const middle = (length - sampleLength) >>> 1;
    this.characters(text, 0, sampleLength);
    this.characters(text, middle, middle + sampleLength);
    this.characters(text, length - sampleLength, length);
  }

  number(value: number): void {
    float[0] = value;
    this.word(floatWords[0] as number);
    this.word(floatWords[1] as number);
  }

  /** A final avalanche, so that nearby states spread over every output bit (entry hashes are summed). */
  finish(): void {
    let first = this.first ^ (this.second >>> 15);
    first = Math.imul(first ^ (first >>> 16), 0x85ebca6b) >>> 0;
    let second = this.second ^ (first >>> 13);
    second = Math.imul(second ^ (second >>> 13), 0xc2b2ae35) >>> 0;
    this.first = (first ^ (first >>> 16)) >>> 0;
    this.second = (second ^ (second >>> 16)) >>> 0;
  }

  hex(): string {
    return this.first.toString(16).padStart(8, "0") + this.second.toString(16).padStart(8, "0");
  }
}

/** A 16-hex-digit fingerprint of a JSON value; see the module comment for what it does and does not tell apart. */
export function fingerprint(value: unknown): string {
  const mixer = new Mixer();
  mixValue(mixer, value, 0);
  mixer.finish();
  return mixer.hex();
}

function mixValue(mixer: Mixer, value: unknown, depth: number): void {
  if (typeof value === "string") {
    mixer.word(tag.string);
    mixer.string(value);
  } else if (typeof value === "number") {
    mixer.word(tag.number);
    mixer.number(value);
  } else if (value === null) mixer.word(tag.null);
  else if (value === true) mixer.word(tag.true);
  else if (value === false) mixer.word(tag.false);
  else if (typeof value !== "object") mixer.word(tag.other);
  else if (depth >= maximumRecursionDepth) {
    mixer.word(tag.deep);
    mixOrdered(mixer, value);
  } else if (Array.isArray(value)) {
    mixer.word(tag.array);
    mixer.word(value.length);
    for (let index = 0; index < value.length; index += 1) mixValue(mixer, value[index], depth + 1);
  } else {
    // Each entry is hashed on its own and the entry hashes are added up, so the order of keys does not count.
    let first = 0;
    let second = 0;
    let count = 0;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const entry = new Mixer();
      entry.string(key);
      mixValue(entry, record[key], depth + 1);
      entry.finish();
      first = (first + entry.first) >>> 0;
      second = (second + entry.second) >>> 0;
      count += 1;
    }
    mixer.word(tag.object);
    mixer.word(count);
    mixer.word(first);
    mixer.word(second);
  }
}

/** Marks the end of an object's values in the ordered walk (a stack entry no JSON value can be). */
const end = Symbol("end");

/** The same mixing for very deep subtrees, with an explicit stack; here key order counts. */
function mixOrdered(mixer: Mixer, value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === end) mixer.word(tag.end);
    else if (Array.isArray(current)) {
      mixer.word(tag.array);
      mixer.word(current.length);
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push(current[index]);
    } else if (typeof current === "object" && current !== null) {
      // Keys are mixed as they are met, each behind its own tag, then the values, last key's first, then the end mark.
      mixer.word(tag.object);
      stack.push(end);
      const record = current as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        mixer.word(tag.key);
        mixer.string(key);
        stack.push(record[key]);
      }
    } else mixValue(mixer, current, 0);
  }
}
