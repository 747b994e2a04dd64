import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineSplitter, type LineHandler } from "./line-splitter.js";

type Seen =
  | { kind: "line"; text: string; line: number; offset: number; terminated: boolean }
  | { kind: "overlong"; line: number; offset: number; length: number; terminated: boolean };

function collector(): { seen: Seen[]; handler: LineHandler } {
  const seen: Seen[] = [];
  return {
    seen,
    handler: {
      lineBytes: (bytes, start, end, line, offset, terminated) =>
        seen.push({ kind: "line", text: bytes.toString("latin1", start, end), line, offset, terminated }),
      overlongLine: (line, offset, length, terminated) =>
        seen.push({ kind: "overlong", line, offset, length, terminated }),
    },
  };
}

function split(chunks: readonly Buffer[], maxLineBytes: number): Seen[] {
  const { seen, handler } = collector();
  const splitter = new LineSplitter(maxLineBytes, handler);
  // One buffer reused for every chunk, as a file reader does: the splitter must copy what it keeps.
  const reused = Buffer.alloc(Math.max(1, ...chunks.map((chunk) => chunk.length)));
  for (const chunk of chunks) {
    chunk.copy(reused);
    splitter.push(reused.subarray(0, chunk.length));
    reused.fill(0x3f);
  }
  splitter.end();
  return seen;
}

/** What the splitter must find, worked out the obvious way on the whole input. */
function expected(input: string, maxLineBytes: number): Seen[] {
  const seen: Seen[] = [];
  const pieces = input.split("\n");
  let offset = 0;
  pieces.forEach((text, index) => {
    const terminated = index < pieces.length - 1;
    if (!terminated && text === "") return;
    const line = index + 1;
    seen.push(
      text.length > maxLineBytes
        ? { kind: "overlong", line, offset, length: text.length, terminated }
        : { kind: "line", text, line, offset, terminated },
    );
    offset += text.length + 1;
  });
  return seen;
}

function chunked(input: string, cuts: readonly number[]): Buffer[] {
  const bytes = Buffer.from(input, "latin1");
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((left, right) => left - right);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

describe("LineSplitter", () => {
  it("hands over each line with its number and offset, and the last one unterminated", () => {
    expect(split([Buffer.from("a\nbb\n\nccc")], 100)).toEqual([
      { kind: "line", text: "a", line: 1, offset: 0, terminated: true },
      { kind: "line", text: "bb", line: 2, offset: 2, terminated: true },
      { kind: "line", text: "", line: 3, offset: 5, terminated: true },
      { kind: "line", text: "ccc", line: 4, offset: 6, terminated: false },
    ]);
  });

  it("skips a line longer than the limit, inside one chunk or across many, and keeps reading", () => {
    const input = `ok\n${"x".repeat(50)}\nfine\n${"y".repeat(30)}`;
    const expectedLines = [
      { kind: "line", text: "ok", line: 1, offset: 0, terminated: true },
      { kind: "overlong", line: 2, offset: 3, length: 50, terminated: true },
      { kind: "line", text: "fine", line: 3, offset: 54, terminated: true },
      { kind: "overlong", line: 4, offset: 59, length: 30, terminated: false },
    ];
    expect(split([Buffer.from(input)], 20)).toEqual(expectedLines);
    expect(split(chunked(input, [5, 9, 13, 40, 52, 53, 60, 70, 80]), 20)).toEqual(expectedLines);
  });

  it("does not keep the bytes of a line once it is known to be too long", () => {
    const { handler } = collector();
    const splitter = new LineSplitter(1000, handler);
    for (let index = 0; index < 100; index += 1) splitter.push(Buffer.alloc(100, 0x61));
    expect(splitter.pendingBytes).toBe(10_000);
    expect(splitter.pendingContent()).toBeUndefined();
  });

  it("forgets an unfinished line on request and goes on at the same line and offset", () => {
    const { seen, handler } = collector();
    const splitter = new LineSplitter(100, handler);
    splitter.push(Buffer.from("one\ntw"));
    expect(splitter.committedOffset).toBe(4);
    expect(splitter.discardPending()).toBe(2);
    splitter.push(Buffer.from("two\n"));
    expect(seen.at(-1)).toEqual({ kind: "line", text: "two", line: 2, offset: 4, terminated: true });
  });

  it("finds the same lines however the input is cut into chunks (2,000 runs)", () => {
    const input = fc.string({ unit: fc.constantFrom("a", "b", "\n", "{", "}", " "), maxLength: 200 });
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { maxLength: 30 }), fc.integer({ min: 1, max: 12 }), (text, cuts, max) => {
        expect(split(chunked(text, cuts), max)).toEqual(expected(text, max));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
