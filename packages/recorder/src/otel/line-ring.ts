/**
 * The live export's way from the recording thread to the export's thread: a ring of shared memory. The recording
 * thread copies each write into it and moves one shared counter; the export's thread reads what the counter says is
 * there when it next looks and moves the counter back. Nothing is allocated, posted, timed or answered per write — the
 * cost of a message (a copy, a wake-up of the other thread, its answer waking this one) is what made the export cost
 * the recording thread more than its 5%.
 *
 * Layout: `control` holds the bytes in use (written, not yet read: records, their padding and wrap markers); `data` the
 * records, each a header of two 32-bit words — the payload's length and the run — then the payload, padded to 8 bytes.
 * The payload starts at the same offset modulo 8 as the bytes it copies (the skew, in the length word's top 3 bits):
 * a copy into shared memory is word by word only when both sides are aligned alike, and byte by byte, 6× slower,
 * otherwise.
 * A run is a small number: the first record of a run names it (the run's word is `-1 - number`, the payload its id in
 * UTF-8), every later one carries its number. A record never wraps: when it does not fit before the end, a marker
 * (length `0xFFFFFFFF`) gives the rest of the ring up and the record starts at 0.
 *
 * One writer and one reader. Each keeps its own position; the shared counter is the only thing both change, with
 * `Atomics`, which also orders the payload bytes before it: what the reader sees counted is written.
 */

/** The slots of `control`. */
const inUse = 0;
const headerBytes = 8;
const wrapMarker = 0xffffffff;

/** Memory the two threads share: made by the writer, handed to the reader's thread in its start-up data. */
export interface LineRingMemory {
  readonly control: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
}

const padded = (length: number): number => (length + 7) & ~7;
/** The payload's length in the length word's low 29 bits (a record never exceeds the ring), its skew in the top 3. */
const lengthBits = 0x1fffffff;

/** `Atomics.waitAsync` (ES2024; every Node this package supports has it), typed here while the build's lib is ES2023. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: "not-equal" | "timed-out" } | { async: true; value: Promise<"ok" | "timed-out"> };
  }
).waitAsync.bind(Atomics);

/** The recording thread's end. */
export class LineRingWriter {
  readonly memory: LineRingMemory;
  private readonly control: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly words: Uint32Array;
  private readonly size: number;
  private position = 0;
  private readonly runs = new Map<string, number>();
  private readonly encoder = new TextEncoder();

  /** `size`: the ring's bytes, rounded down to a multiple of 8, at most 512 MiB (a ring too small for any record takes none). */
  constructor(size: number) {
    this.size = Math.max(0, Math.floor(Math.min(size, lengthBits + 1) / 8) * 8);
    this.memory = { control: new SharedArrayBuffer(4), data: new SharedArrayBuffer(this.size) };
    this.control = new Int32Array(this.memory.control);
    this.bytes = new Uint8Array(this.memory.data);
    this.words = new Uint32Array(this.memory.data);
  }

  /** Bytes written and not yet read (records, padding, markers). */
  get used(): number {
    return Atomics.load(this.control, inUse);
  }

  /**
   * Copies `bytes[0, length)` of `runId` into the ring. False, with nothing written, when it does not fit in the free
   * space now (the reader is behind, or the write is larger than the ring).
   */
  write(runId: string, bytes: Uint8Array, length: number): boolean {
    let run = this.runs.get(runId);
    if (run === undefined) {
      // A run's name goes first, once: when its lines then do not fit, the name stays, read as a name and nothing else.
      const name = this.encoder.encode(runId);
      if (!this.put(-1 - this.runs.size, name, name.length)) return false;
      run = this.runs.size;
      this.runs.set(runId, run);
    }
    return this.put(run, bytes, length);
  }

  private put(run: number, bytes: Uint8Array, length: number): boolean {
    const skew = bytes.byteOffset & 7;
    const need = headerBytes + padded(skew + length);
    const free = this.size - this.used;
    const tail = this.size - this.position;
    let taken = 0;
    if (need > tail) {
      if (tail + need > free) return false;
      this.words[this.position / 4] = wrapMarker;
      taken = tail;
      this.position = 0;
    } else if (need > free) return false;
    this.words[this.position / 4] = (length | (skew << 29)) >>> 0;
    this.words[this.position / 4 + 1] = run >>> 0;
    this.bytes.set(length === bytes.length ? bytes : bytes.subarray(0, length), this.position + headerBytes + skew);
    this.position += need;
    if (this.position === this.size) this.position = 0;
    // The first bytes after the reader emptied the ring wake it (it waits for them in `written()`); later ones do not.
    if (Atomics.add(this.control, inUse, taken + need) === 0) Atomics.notify(this.control, inUse);
    return true;
  }
}

/** The export's thread's end. */
export class LineRingReader {
  private readonly control: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly words: Uint32Array;
  private readonly size: number;
  private position = 0;
  private readonly runs: string[] = [];
  private readonly decoder = new TextDecoder();

  constructor(memory: LineRingMemory) {
    this.control = new Int32Array(memory.control);
    this.bytes = new Uint8Array(memory.data);
    this.words = new Uint32Array(memory.data);
    this.size = memory.data.byteLength;
  }

  /** True when nothing waits. */
  get empty(): boolean {
    return Atomics.load(this.control, inUse) === 0;
  }

  /**
   * Hands every record written so far to `read` (its run's id and a view of its bytes, valid only during the call)
   * and frees their space; returns the bytes freed.
   */
  drain(read: (runId: string, bytes: Uint8Array) => void): number {
    const available = Atomics.load(this.control, inUse);
    let consumed = 0;
    while (consumed < available) {
      if (this.words[this.position / 4] === wrapMarker) {
        consumed += this.size - this.position;
        this.position = 0;
        continue;
      }
      const word = this.words[this.position / 4] as number;
      const skew = word >>> 29;
      const length = word & lengthBits;
      const run = (this.words[this.position / 4 + 1] as number) | 0;
      const start = this.position + headerBytes + skew;
      const payload = this.bytes.subarray(start, start + length);
      if (run < 0) this.runs[-1 - run] = this.decoder.decode(payload);
      else read(this.runs[run] as string, payload);
      const need = headerBytes + padded(skew + length);
      consumed += need;
      this.position += need;
      if (this.position === this.size) this.position = 0;
    }
    if (consumed > 0) Atomics.sub(this.control, inUse, consumed);
    return consumed;
  }

  /**
   * Resolves once something is written (at once if something waits): the export's thread waits here between reads,
   * with no timer of its own, woken by the first write into an empty ring.
   */
  async written(): Promise<void> {
    const waited = waitAsync(this.control, inUse, 0);
    if (waited.async) await waited.value;
  }

  /** Wakes a `written()` that waits, as a write would: for a reader that stops reading, so nothing waits forever. */
  stopWaiting(): void {
    Atomics.notify(this.control, inUse);
  }
}
