// The ring between the recording thread and the export's thread: every write comes out once, whole, in order and
// with its run, across wrap-arounds and refusals; a write that does not fit is refused with nothing written; and the
// waiting reader is woken by the first write into an empty ring (across threads: the live export's tests).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineRingReader, LineRingWriter } from "./line-ring.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function drained(reader: LineRingReader): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  reader.drain((runId, bytes) => out.push([runId, decoder.decode(bytes)]));
  return out;
}

describe("the live export's ring", () => {
  it("gives back each write with its run, a run's name sent once", () => {
    const writer = new LineRingWriter(1024);
    const reader = new LineRingReader(writer.memory);
    const line = (text: string) => encoder.encode(`${text}\n`);
    expect(writer.write("run-a", line("one"), 4)).toBe(true);
    expect(writer.write("run-b", line("two"), 4)).toBe(true);
    // Only the first `length` bytes of the buffer are the write (the recorder's batch buffer is longer).
    const batch = new Uint8Array(64);
    batch.set(line("three"));
    expect(writer.write("run-a", batch, 6)).toBe(true);
    expect(reader.empty).toBe(false);
    expect(drained(reader)).toEqual([
      ["run-a", "one\n"],
      ["run-b", "two\n"],
      ["run-a", "three\n"],
    ]);
    expect(reader.empty).toBe(true);
    expect(writer.used).toBe(0);
  });

  it("refuses a write larger than its free space, writing nothing, and takes it once the reader caught up", () => {
    const writer = new LineRingWriter(64);
    const reader = new LineRingReader(writer.memory);
    expect(writer.write("run", encoder.encode("x".repeat(100)), 100)).toBe(false);
    // The run's name went in before the write was refused: harmless, it reads as a name and nothing else.
    expect(drained(reader)).toEqual([]);
    expect(writer.write("run", encoder.encode("a".repeat(30)), 30)).toBe(true);
    expect(writer.write("run", encoder.encode("b".repeat(30)), 30)).toBe(false);
    expect(writer.used).toBe(40);
    expect(drained(reader)).toEqual([["run", "a".repeat(30)]]);
    expect(writer.write("run", encoder.encode("b".repeat(30)), 30)).toBe(true);
    expect(drained(reader)).toEqual([["run", "b".repeat(30)]]);
  });

  it("keeps every write it took, in order, through any interleaving of writes, refusals and reads (property)", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("write" as const),
        run: fc.integer({ min: 0, max: 3 }),
        text: fc.string({ maxLength: 90 }),
        // Where the bytes sit in their buffer (the ring aligns the copy alike), and what follows them there.
        offset: fc.integer({ min: 0, max: 11 }),
        after: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({ kind: fc.constant("read" as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 300 }), fc.array(step, { maxLength: 80 }), (size, steps) => {
        const writer = new LineRingWriter(size);
        const reader = new LineRingReader(writer.memory);
        const taken: Array<[string, string]> = [];
        const read: Array<[string, string]> = [];
        for (const entry of steps) {
          if (entry.kind === "read") read.push(...drained(reader));
          else {
            const text = encoder.encode(entry.text);
            const buffer = new Uint8Array(entry.offset + text.length + entry.after).fill(0x7c);
            buffer.set(text, entry.offset);
            const bytes = buffer.subarray(entry.offset);
            if (writer.write(`run-${entry.run}`, bytes, text.length)) taken.push([`run-${entry.run}`, entry.text]);
          }
          expect(writer.used).toBeLessThanOrEqual(Math.floor(size / 8) * 8);
        }
        read.push(...drained(reader));
        expect(read).toEqual(taken);
        expect(writer.used).toBe(0);
      }),
    );
  });

  it("wakes a waiting reader at the first write into an empty ring, and answers at once when something waits", async () => {
    const writer = new LineRingWriter(4096);
    const reader = new LineRingReader(writer.memory);
    const line = encoder.encode("hello\n");
    let woken = false;
    const waiting = reader.written().then(() => {
      woken = true;
    });
    await Promise.resolve();
    expect(woken).toBe(false);
    expect(writer.write("run", line, line.length)).toBe(true);
    await waiting;
    expect(woken).toBe(true);
    // Something waits: no wait at all.
    await reader.written();
    expect(drained(reader)).toEqual([["run", "hello\n"]]);
  });

  it("wakes a reader waiting for a write when it stops waiting, with nothing written", async () => {
    const writer = new LineRingWriter(64);
    const reader = new LineRingReader(writer.memory);
    let woken = false;
    const waiting = reader.written().then(() => (woken = true));
    // Still waiting after everything queued has run: only a write or stopWaiting() wakes it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toBe(false);
    reader.stopWaiting();
    await waiting;
    expect(woken).toBe(true);
    expect(reader.empty).toBe(true);
    expect(drained(reader)).toEqual([]);
  });
});
