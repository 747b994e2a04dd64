// `tools`, `stats` and `export --format jsonl` read an event log as a stream: their peak memory does not grow with the
// log. Each runs as the built command in a fresh process on a 24 MiB and a 96 MiB log, reporting its peak resident
// memory (getrusage's maxRSS, through a preloaded module, on file descriptor 3). Reading the log whole would add at
// least the 72 MiB the input grows by; streaming adds a few. `pnpm bench` measures the same on 1 GiB against the
// 200 MB target.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeLargeEventLog } from "@agent-transcript/fixtures/large-event-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const mebibyte = 1024 * 1024;
// Written to descriptor 3 as the process exits: the peak resident memory in bytes.
const reportPeak = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS * 1024)));",
)}`;

/** Runs the built command with its stdout into /dev/null; returns its peak resident memory in bytes. */
function peakOf(args: readonly string[]): number {
  // The heap held to sizes that would end the process if the log were kept (the large one is 96 MiB), so the peaks
  // compare what reading costs, not when the collector chose to run: unbounded, Node 24 lets garbage grow the old
  // generation by tens of MiB before collecting it (`export --format jsonl` of the large log peaked anywhere from
  // 125 to 250 MiB) and grows the young generation to 64 MiB per semi-space, where Node 20 stops at 16.
  const heap = ["--max-semi-space-size=16", "--max-old-space-size=64"];
  const result = spawnSync(process.execPath, [...heap, "--import", reportPeak, bin, ...args], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited with ${result.status}: ${result.stderr}`);
  return Number(result.output[3]);
}

let folder: string;
const logs = { small: "", large: "" };

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "constant-memory-"));
  logs.small = path.join(folder, "small.jsonl");
  logs.large = path.join(folder, "large.jsonl");
  writeLargeEventLog(logs.small, 24 * mebibyte);
  writeLargeEventLog(logs.large, 96 * mebibyte);
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("constant memory on a growing event log", () => {
  it.each([
    ["tools", ["tools", "--json", "--quiet"]],
    ["stats", ["stats", "--json"]],
    ["export --format jsonl", ["export", "--format", "jsonl", "--quiet"]],
  ])(
    "%s: a log four times larger costs a few MiB more, not the 72 MiB it grew by",
    (_name, args) => {
      const [command, ...options] = args as [string, ...string[]];
      const small = peakOf([command, logs.small, ...options]);
      const large = peakOf([command, logs.large, ...options]);
      expect(small).toBeGreaterThan(10 * mebibyte);
      expect(large - small).toBeLessThan(24 * mebibyte);
      expect(large).toBeLessThan(200 * 1000 * 1000);
    },
    120_000,
  );
});
