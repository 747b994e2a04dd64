// How the live export's thread follows an event log file: every whole line appended after the point it starts from,
// once, in order — across reads that end inside a line or inside a character — and a file that is not the recorder's
// (replaced, a link, a FIFO) or that is cut short under it refused with its name, never read, never waited on.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FollowedFile, type FollowedFileStart } from "./followed-file.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "followed-file-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function startOf(file: string, from = 0): FollowedFileStart {
  const stats = statSync(file);
  return { runId: "run", file, device: stats.dev, inode: stats.ino, from };
}

function readAll(followed: FollowedFile): string[] {
  const lines: string[] = [];
  followed.read((line) => lines.push(line));
  return lines;
}

describe("a followed event log file", () => {
  it("gives each whole line appended after its start once, in order, holding a line until its end is written", () => {
    const file = path.join(folder, "run.jsonl");
    writeFileSync(file, '{"before":1}\n');
    const followed = new FollowedFile(startOf(file, statSync(file).size));
    expect(readAll(followed)).toEqual([]);
    appendFileSync(file, '{"a":1}\n{"b":');
    expect(readAll(followed)).toEqual(['{"a":1}']);
    appendFileSync(file, '"é"}\n');
    expect(readAll(followed)).toEqual(['{"b":"é"}']);
    expect(readAll(followed)).toEqual([]);
    followed.close();
    expect(followed.failure).toBeUndefined();
  });

  it("reads lines longer than one read, with characters cut across reads, exactly (any split of the appends)", () => {
    // Four-byte characters placed so that the 1 MiB reads end inside them, and lines from a few bytes to 2.5 MiB.
    const lines = [
      "short",
      `${"x".repeat(1024 * 1024 - 2)}😀 tail`,
      "😀".repeat(650_000),
      "ÿ€😀",
      `${"y".repeat(3)}😀`,
    ];
    const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(""));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), (cuts) => {
        const file = path.join(folder, `run-${cuts.join("-")}.jsonl`);
        writeFileSync(file, "");
        const followed = new FollowedFile(startOf(file));
        const seen: string[] = [];
        let at = 0;
        for (const cut of [...cuts.sort((a, b) => a - b), bytes.length]) {
          appendFileSync(file, bytes.subarray(at, cut));
          at = cut;
          followed.read((line) => seen.push(line));
        }
        followed.close();
        rmSync(file);
        expect(seen).toEqual(lines);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a file replaced under the recorder, naming it, and reads nothing of it", () => {
    const file = path.join(folder, "run.jsonl");
    writeFileSync(file, '{"a":1}\n');
    const start = startOf(file);
    const other = path.join(folder, "other.jsonl");
    writeFileSync(other, '{"not":"ours"}\n');
    renameSync(other, file);
    const followed = new FollowedFile(start);
    expect(followed.failure).toBe(`could not read ${file}: it is not the file the recorder writes (it was replaced)`);
    expect(readAll(followed)).toEqual([]);
  });

  it("opens neither a link nor a FIFO in the file's place, and does not wait on the FIFO", () => {
    const target = path.join(folder, "target.jsonl");
    writeFileSync(target, '{"a":1}\n');
    const link = path.join(folder, "link.jsonl");
    symlinkSync(target, link);
    const linked = new FollowedFile({ ...startOf(target), file: link });
    expect(linked.failure).toMatch(new RegExp(`^could not read ${link}: .*ELOOP`));
    const fifo = path.join(folder, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    const piped = new FollowedFile({ ...startOf(fifo), file: fifo });
    expect(piped.failure).toBe(`could not read ${fifo}: it is a FIFO, not the file the recorder writes`);
    expect(readAll(piped)).toEqual([]);
  });

  it("stops at a file cut short under it, saying so, and reads it no more", () => {
    const file = path.join(folder, "run.jsonl");
    writeFileSync(file, '{"a":1}\n{"b":2}\n');
    const followed = new FollowedFile(startOf(file));
    expect(readAll(followed)).toEqual(['{"a":1}', '{"b":2}']);
    truncateSync(file, 2);
    expect(readAll(followed)).toEqual([]);
    expect(followed.failure).toBe(`could not read ${file}: it was cut to 2 bytes, from at least 16`);
    appendFileSync(file, '{"c":3}\n'.repeat(3));
    expect(readAll(followed)).toEqual([]);
  });
});
