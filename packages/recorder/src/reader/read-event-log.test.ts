import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readEventLog } from "./read-event-log.js";
import { chunksOf, cut, eventLine, outline, readAll, sampleRun } from "./reader.test.helpers.js";

const directory = mkdtempSync(path.join(os.tmpdir(), "event-log-reader-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
function file(content: string | Buffer, extension = ".jsonl"): string {
  fileCount += 1;
  const name = path.join(directory, `log-${fileCount}${extension}`);
  writeFileSync(name, content);
  return name;
}

const sample = `${sampleRun().join("\n")}\n`;

describe("readEventLog", () => {
  it("yields every event of a valid log with its line and byte offset, and sums up", async () => {
    const { items, summary } = await readAll(file(sample));
    const lines = sampleRun();
    expect(items.map((item) => item.kind)).toEqual(lines.map(() => "event"));
    let offset = 0;
    lines.forEach((line, index) => {
      expect(items[index]).toEqual({ kind: "event", line: index + 1, offset, event: JSON.parse(line) });
      offset += Buffer.byteLength(line) + 1;
    });
    expect(summary).toEqual({
      lines: 8,
      events: 8,
      warnings: 0,
      problems: 0,
      bytes: Buffer.byteLength(sample),
      compressed: false,
      highestSeq: 8,
      end: "end-of-input",
    });
  });

  it("reads a path, a file URL, a Readable, an async iterable of bytes and one of strings alike", async () => {
    const expected = outline((await readAll(file(sample))).items);
    const bytes = Buffer.from(sample);
    for (const source of [
      pathToFileURL(file(sample)),
      Readable.from([bytes]),
      chunksOf([new Uint8Array(bytes)]),
      Readable.from(sample.split("\n").map((line) => `${line}\n`)),
    ])
      expect(outline((await readAll(source)).items)).toEqual(expected);
  });

  it("warns about event types of a newer minor version when tolerant, and refuses them when strict", async () => {
    const text = [eventLine(1), eventLine(2, { type: "run.paused", payload: null }), eventLine(3)].join("\n") + "\n";
    const tolerant = await readAll(file(text));
    expect(tolerant.items.filter((item) => item.kind !== "event")).toEqual([
      {
        kind: "warning",
        code: "unknown-event-type",
        line: 2,
        offset: eventLine(1).length + 1,
        seq: 2,
        pointer: "/type",
        message: 'unknown event type "run.paused" (from a newer minor version); read as it is',
      },
    ]);
    expect(tolerant.summary.events).toBe(3);
    const strict = await readAll(file(text), { mode: "strict" });
    expect(strict.items.filter((item) => item.kind !== "event")).toEqual([
      expect.objectContaining({ kind: "problem", code: "invalid-event", line: 2, seq: 2, pointer: "/type" }),
    ]);
    expect(strict.summary.events).toBe(2);
  });

  it("warns about content block types it does not know, at their pointer, nested ones included", async () => {
    const blocks = [
      { type: "text", text: "a" },
      { type: "hologram", data: "…" },
      { type: "tool_result", call_id: "c1", status: "ok", content: [{ type: "text", text: "x" }, { type: "smell" }] },
      { type: "thinking", thinking: "AWF's own block" },
    ];
    const text =
      eventLine(1, { type: "message.assistant", payload: { role: "assistant", blocks } }) +
      "\n" +
      eventLine(2, {
        type: "tool.result",
        payload: { name: "n", call_id: "c", output: null, fidelity: "router", content: [{ type: "x" }] },
      }) +
      "\n";
    const { items } = await readAll(file(text));
    expect(
      items.filter((item) => item.kind !== "event").map((item) => [item.code, item.line, item.seq, item.pointer]),
    ).toEqual([
      ["unknown-block-type", 1, 1, "/payload/blocks/1/type"],
      ["unknown-block-type", 1, 1, "/payload/blocks/2/content/1/type"],
      ["unknown-block-type", 2, 2, "/payload/content/0/type"],
    ]);
    expect(items.filter((item) => item.kind === "event")).toHaveLength(2);
  });

  it("reports garbage lines and lines that break the limits by number, and reads on", async () => {
    const lines = [
      eventLine(1),
      "garbage }{",
      "",
      eventLine(2, { payload: { name: "n", kind: "agent", result: 0 } }).replace('"result":0', '"result":1e400'),
      `{"seq":3,"x":${"[".repeat(20)}${"]".repeat(20)}}`,
      eventLine(4),
    ];
    const { items, summary } = await readAll(file(`${lines.join("\n")}\n`), { limits: { maxDepth: 10 } });
    const offsets = lines.map((_, index) => lines.slice(0, index).join("\n").length + (index > 0 ? 1 : 0));
    expect(outline(items)).toEqual([
      "1@0 event seq 1",
      expect.stringMatching(new RegExp(`^2@${offsets[1]} problem invalid-json  not JSON: .+ \\(column 1\\)$`)),
      expect.stringMatching(new RegExp(`^4@${offsets[3]} problem inexact-number /payload/result the number 1e400 `)),
      expect.stringMatching(new RegExp(`^5@${offsets[4]} problem too-deep /x(?:/0){9} nested deeper than 10 `)),
      `6@${offsets[5]} problem seq-gap /seq seq 4 skips 2: a gap means lost lines`,
      `6@${offsets[5]} event seq 4`,
    ]);
    expect(summary).toMatchObject({ lines: 6, events: 2, problems: 4, warnings: 0, highestSeq: 4 });
  });

  it("refuses numbers a double cannot hold, naming their pointer", async () => {
    const line = `{"seq":1,"run_id":"${"550e8400-e29b-41d4-a716-446655440000"}","type":"step.started","path":"a","iteration":0,"timestamp":"2026-06-08T08:14:42Z","payload":{"name":"a","kind":"agent","result":9007199254740993}}`;
    const { items } = await readAll(file(`${line}\n`));
    expect(items).toEqual([
      expect.objectContaining({ kind: "problem", code: "inexact-number", line: 1, pointer: "/payload/result" }),
    ]);
  });

  it("reports invalid UTF-8 with the byte offset of the bad sequence, and reads on", async () => {
    const first = Buffer.from(`${eventLine(1)}\n`);
    const bad = Buffer.from(eventLine(2, { payload: { name: "caf__", kind: "agent" } }));
    const at = bad.indexOf("__");
    bad[at] = 0xc3;
    bad[at + 1] = 0x28;
    const { items } = await readAll(file(Buffer.concat([first, bad, Buffer.from(`\n${eventLine(3)}\n`)])));
    // The refused line's seq is not read (as checkEventLog), so the next line shows a gap.
    expect(items.filter((item) => item.kind !== "event")).toEqual([
      {
        kind: "problem",
        code: "invalid-utf8",
        line: 2,
        offset: first.length + at,
        pointer: "",
        message: `not valid UTF-8 at byte ${first.length + at}: 0xc3 0x28 0x22 0x2c is not a well-formed sequence`,
      },
      expect.objectContaining({ code: "seq-gap", line: 3 }),
    ]);
    expect(items.filter((item) => item.kind === "event").map((item) => item.line)).toEqual([1, 3]);
  });

  it("reads U+FFFD written as valid UTF-8 as text, not as an error", async () => {
    const text = `${eventLine(1, { payload: { name: "\ufffd", kind: "agent" } })}\n`;
    const { items } = await readAll(file(text));
    expect(items.map((item) => item.kind)).toEqual(["event"]);
  });

  it("skips a line over maxLineBytes without reading it, and reads the lines around it", async () => {
    const long = eventLine(2, { payload: { name: "x".repeat(5000), kind: "agent" } });
    const text = [eventLine(1), long, eventLine(3)].join("\n") + "\n";
    const bytes = Buffer.from(text);
    for (const source of [file(text), chunksOf(cut(bytes, [7, 300, 1]))]) {
      const { items } = await readAll(source, { maxLineBytes: 1000 });
      expect(outline(items)).toEqual([
        "1@0 event seq 1",
        `2@${eventLine(1).length + 1} problem line-too-long  line is longer than the limit of 1000 bytes (${long.length} bytes); skipped without reading it`,
        expect.stringMatching(/ problem seq-gap \/seq seq 3 skips 2/),
        expect.stringMatching(/ event seq 3$/),
      ]);
    }
  });

  it("keeps no more than a chunk and maxLineBytes in memory for a gigantic line (a 64 MiB line, 1 KiB limit)", async () => {
    const block = Buffer.alloc(1024 * 1024, 0x61);
    async function* endless(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${eventLine(1)}\n`);
      for (let index = 0; index < 64; index += 1) yield block;
      yield Buffer.from(`\n${eventLine(2)}\n`);
    }
    const before = process.memoryUsage().arrayBuffers;
    let most = 0;
    const reader = readEventLog(endless(), { maxLineBytes: 1024 });
    const items = [];
    for await (const item of reader) {
      items.push(item);
      most = Math.max(most, process.memoryUsage().arrayBuffers - before);
    }
    expect(outline(items)).toEqual([
      "1@0 event seq 1",
      expect.stringContaining("problem line-too-long  line is longer than the limit of 1024 bytes (67108864 bytes)"),
      expect.stringMatching(/ event seq 2$/),
    ]);
    expect(most).toBeLessThan(16 * 1024 * 1024);
  });

  it("gives the same items however the bytes are cut: single bytes, two chunks cut at every offset, random sizes", async () => {
    const messy = Buffer.concat([
      Buffer.from(sample),
      Buffer.from("not json\n\n"),
      Buffer.from(`${eventLine(9, { type: "run.paused" })}\n`),
      Buffer.from([0xe2, 0x82, 0x0a]),
      Buffer.from(eventLine(10).slice(0, 30)),
    ]);
    const whole = outline((await readAll(chunksOf([messy]))).items);
    expect(whole).toHaveLength(13);
    expect(outline((await readAll(chunksOf(cut(messy, [1])))).items)).toEqual(whole);
    for (let at = 1; at < messy.length; at += 1)
      expect(
        outline((await readAll(chunksOf([messy.subarray(0, at), messy.subarray(at)]))).items),
        `cut at ${at}`,
      ).toEqual(whole);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }), async (sizes) => {
        expect(outline((await readAll(chunksOf(cut(messy, sizes)))).items)).toEqual(whole);
      }),
    );
  });

  it("reports a file it cannot open as a problem, without throwing", async () => {
    const { items, summary } = await readAll(path.join(directory, "missing.jsonl"));
    expect(items).toEqual([
      {
        kind: "problem",
        code: "read-failed",
        pointer: "",
        message: expect.stringMatching(/^cannot open .*missing\.jsonl: .*\(ENOENT\)$/),
      },
    ]);
    expect(summary.end).toBe("input-problem");
  });

  it("refuses a FIFO or a device given as a path at once, without waiting on it or reading it", async () => {
    const fifo = path.join(directory, "fifo.jsonl");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    for (const [special, kind] of [
      [fifo, "a FIFO"],
      ["/dev/zero", "a character device"],
    ] as const)
      for (const follow of [false, true]) {
        const { items, summary } = await readAll(special, { follow });
        expect(items).toEqual([
          {
            kind: "problem",
            code: "read-failed",
            pointer: "",
            message: `cannot read ${special}: it is ${kind}, not a regular file (pass a stream of its bytes to read it as one)`,
          },
        ]);
        expect(summary.end).toBe("input-problem");
      }
  });

  it("reports a stream that fails midway after the lines it delivered", async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${eventLine(1)}\n${eventLine(2).slice(0, 10)}`);
      throw new Error("connection reset");
    }
    const { items, summary } = await readAll(failing());
    expect(outline(items)).toEqual([
      "1@0 event seq 1",
      `2@${eventLine(1).length + 11} problem read-failed  reading failed: connection reset; reading stopped after line 1; the 10 bytes of line 2 read so far are not used`,
    ]);
    expect(summary.end).toBe("input-problem");
  });

  it("reads once: a second iteration is a usage error", async () => {
    const reader = readEventLog(file(sample));
    for await (const item of reader) expect(item.kind).toBe("event");
    expect(() => reader[Symbol.asyncIterator]()).toThrow(/reads its input once/);
  });

  it("serves calls to next made without waiting, in order", async () => {
    const iterator = readEventLog(chunksOf(cut(Buffer.from(sample), [100])))[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 10 }, () => iterator.next()));
    expect(results.map((result) => (result.done ? "done" : result.value.line))).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      "done",
      "done",
    ]);
  });

  it("refuses options out of range when called", () => {
    expect(() => readEventLog("x", { maxLineBytes: 0 })).toThrow(/maxLineBytes must be a whole number from 1/);
    expect(() => readEventLog("x", { follow: { pollIntervalMs: -1 } })).toThrow(/follow.pollIntervalMs/);
  });

  it("stops when the caller stops, and when the signal aborts", async () => {
    const reader = readEventLog(file(sample));
    for await (const item of reader) if (item.kind === "event" && item.line === 2) break;
    expect(reader.summary).toMatchObject({ events: 2, end: "stopped" });
    const controller = new AbortController();
    controller.abort();
    const aborted = await readAll(file(sample), { signal: controller.signal });
    expect(aborted.summary.end).toBe("aborted");
  });
});

describe("gzip", () => {
  const compressed = gzipSync(sample);

  it("decompresses input whose first bytes are gzip's, from a file or a stream in any chunk size", async () => {
    const plain = outline((await readAll(file(sample))).items);
    expect(plain).toHaveLength(8);
    const fromFile = await readAll(file(compressed, ".jsonl.gz"));
    expect(outline(fromFile.items)).toEqual(plain);
    expect(fromFile.summary).toMatchObject({ compressed: true, bytes: Buffer.byteLength(sample), end: "end-of-input" });
    // Named .jsonl, still gzip: the bytes decide.
    expect(outline((await readAll(file(compressed))).items)).toEqual(plain);
    expect(outline((await readAll(chunksOf(cut(compressed, [1])))).items)).toEqual(plain);
    expect(outline((await readAll(chunksOf(cut(compressed, [3, 50, 7])))).items)).toEqual(plain);
  });

  it("reads gzip members written one after the other as one input", async () => {
    const half = sample.indexOf(eventLine(5).slice(0, 20));
    const members = Buffer.concat([gzipSync(sample.slice(0, half)), gzipSync(sample.slice(half))]);
    expect(outline((await readAll(file(members, ".jsonl.gz"))).items)).toEqual(
      outline((await readAll(file(sample))).items),
    );
  });

  it("reports damaged and cut-short gzip data after the lines decoded before it", async () => {
    const damaged = Buffer.from(compressed);
    damaged.fill(0xff, 40, 60);
    const broken = await readAll(file(damaged, ".jsonl.gz"));
    expect(broken.items.at(-1)).toEqual(
      expect.objectContaining({
        kind: "problem",
        code: "invalid-gzip",
        message: expect.stringContaining("gzip data is damaged"),
      }),
    );
    const short = await readAll(file(compressed.subarray(0, compressed.length - 30), ".jsonl.gz"));
    expect(short.items.at(-1)).toEqual(expect.objectContaining({ kind: "problem", code: "invalid-gzip" }));
    expect(short.summary.end).toBe("input-problem");
  });

  it("stops at maxDecompressedBytes with a problem, after the complete lines within it", async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from(sample), Buffer.alloc(50 * 1024 * 1024, 0x20)]));
    const { items, summary } = await readAll(file(bomb, ".jsonl.gz"), { maxDecompressedBytes: 1000 });
    let total = 0;
    const ends = sampleRun().map((line) => (total += Buffer.byteLength(line) + 1));
    const within = ends.filter((end) => end <= 1000).length;
    expect(within).toBe(4);
    expect(items.filter((item) => item.kind === "event")).toHaveLength(within);
    expect(items.at(-1)).toEqual(
      expect.objectContaining({
        kind: "problem",
        code: "decompressed-too-large",
        message: expect.stringContaining("more than 1000 bytes (maxDecompressedBytes)"),
      }),
    );
    expect(summary).toMatchObject({ end: "input-problem", bytes: 1000 });
  });

  it("takes gzip bytes as they are with compression none, and refuses plain text with compression gzip", async () => {
    const raw = await readAll(file(compressed), { compression: "none" });
    expect(raw.summary).toMatchObject({ compressed: false, events: 0, bytes: compressed.length });
    expect(raw.summary.problems + raw.summary.warnings).toBeGreaterThan(0);
    const forced = await readAll(file(sample), { compression: "gzip" });
    expect(forced.items).toEqual([expect.objectContaining({ kind: "problem", code: "invalid-gzip" })]);
  });
});
