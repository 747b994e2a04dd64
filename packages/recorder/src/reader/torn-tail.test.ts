// What a crash leaves at the end of a log, read back: a valid log cut at every byte offset, and with NUL or garbage
// bytes after the cut (file systems that grow a file before its data lands leave zeros: Kafka's "nonsense block").
// The reader returns exactly the events of the complete lines, plus one torn-tail warning for the line that was cut,
// and never throws.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { EventLogItem } from "@agent-transcript/core";
import { chunksOf, cut, readAll, sampleRun } from "./reader.test.helpers.js";

const lines = sampleRun();
const log = Buffer.from(`${lines.join("\n")}\n`);
/** Where each line starts and where its LF is. */
const layout = lines.map((line, index) => {
  const start = lines.slice(0, index).reduce((sum, previous) => sum + Buffer.byteLength(previous) + 1, 0);
  return { start, newline: start + Buffer.byteLength(line) };
});

/**
 * What reading `log[0, length)` followed by `tail` (no LF in it) must give: the events of the lines whose LF is in
 * the prefix, the line the cut falls in when its content is all there and nothing follows it, and otherwise a
 * torn-tail warning for the last line.
 */
function expected(
  length: number,
  tail: Buffer,
): Array<Pick<EventLogItem, "kind" | "line" | "offset"> & { code?: string }> {
  const items: Array<Pick<EventLogItem, "kind" | "line" | "offset"> & { code?: string }> = [];
  for (const [index, { start, newline }] of layout.entries()) {
    const line = index + 1;
    if (newline < length || (newline === length && tail.length === 0))
      items.push({ kind: "event", line, offset: start });
    else if (start < length || (start === length && tail.length > 0))
      items.push({ kind: "warning", code: "torn-tail", line, offset: start });
  }
  if (length === log.length && tail.length > 0)
    items.push({ kind: "warning", code: "torn-tail", line: lines.length + 1, offset: log.length });
  return items;
}

function shape(
  items: readonly EventLogItem[],
): Array<Pick<EventLogItem, "kind" | "line" | "offset"> & { code?: string }> {
  return items.map((item) =>
    item.kind === "event"
      ? { kind: item.kind, line: item.line, offset: item.offset }
      : { kind: item.kind, code: item.code, line: item.line, offset: item.offset },
  );
}

const directory = mkdtempSync(path.join(os.tmpdir(), "event-log-torn-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Bytes that are never part of JSON text, in a string or out of it, and that `trim()` does not take for blank. */
const neverJson = fc.constantFrom(0x00, 0x01, 0x07, 0x08, 0x0e, 0x1b, 0x1f);

describe("a log cut short", () => {
  it("at every byte offset, bare or followed by NUL bytes or garbage: the complete prefix and one torn-tail warning", async () => {
    const file = path.join(directory, "cut.jsonl");
    const tails = [Buffer.alloc(0), Buffer.alloc(4096), Buffer.from("\u0000garbage\u0007 ünï {]")];
    for (let length = 0; length <= log.length; length += 1) {
      for (const tail of tails) {
        writeFileSync(file, Buffer.concat([log.subarray(0, length), tail]));
        const { items, summary } = await readAll(file);
        expect(shape(items), `first ${length} bytes + ${tail.length} tail bytes`).toEqual(expected(length, tail));
        expect(summary.end).toBe("end-of-input");
      }
    }
  });

  it("keeps the events whole: each is the complete line's value", async () => {
    const { items } = await readAll(chunksOf([log.subarray(0, layout[5]?.start ?? 0), Buffer.alloc(8)]));
    expect(items.filter((item) => item.kind === "event").map((item) => item.event)).toEqual(
      lines.slice(0, 5).map((line) => JSON.parse(line)),
    );
    expect(items.at(-1)).toEqual({
      kind: "warning",
      code: "torn-tail",
      line: 6,
      offset: layout[5]?.start,
      pointer: "",
      message: expect.stringMatching(/^incomplete last line \(no newline; a write was cut short\): /),
    });
  });

  it("with generated tails, fed in generated chunk sizes (1,000 runs)", async () => {
    const tail = fc
      .tuple(
        fc
          .uint8Array({ maxLength: 300 })
          .map((bytes) => Buffer.from(bytes.map((byte) => (byte === 0x0a ? 0x20 : byte)))),
        neverJson,
        fc.nat(),
      )
      .map(([bytes, bad, at]) => {
        // One byte that can never be JSON makes sure the last line is torn, not some other problem.
        const position = at % (bytes.length + 1);
        return Buffer.concat([bytes.subarray(0, position), Buffer.from([bad]), bytes.subarray(position)]);
      });
    const nulRun = fc.integer({ min: 1, max: 8192 }).map((length) => Buffer.alloc(length));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: log.length }),
        fc.oneof(tail, nulRun),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
        async (length, garbage, sizes) => {
          const bytes = Buffer.concat([log.subarray(0, length), garbage]);
          const { items, summary } = await readAll(chunksOf(cut(bytes, sizes)));
          expect(shape(items)).toEqual(expected(length, garbage));
          expect(summary).toMatchObject({ warnings: 1, problems: 0, end: "end-of-input" });
        },
      ),
    );
  });
});
