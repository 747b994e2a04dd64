// `tools`, `stats` and `export --format jsonl` read an event log as a stream: their peak memory does not grow with the
// log. Each runs as the built command in a fresh process on a 24 MiB and a 96 MiB log, reporting its peak resident
// memory (getrusage's maxRSS, through a preloaded module, on file descriptor 3). Reading the log whole would add at
// least the 72 MiB the input grows by; streaming adds a few. `pnpm bench` measures the same on 1 GiB against the
// 200 MB target.
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const mebibyte = 1024 * 1024;
// Written to descriptor 3 as the process exits: the peak resident memory in bytes.
const reportPeak = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS * 1024)));",
)}`;

/** An agent's run of about `bytes`: steps, messages and tool calls with their results, a kilobyte or two each. */
function writeEventLog(file: string, bytes: number): void {
  const runId = "9b2f3c1e-4d5a-4e6f-8a7b-1c2d3e4f5a6b";
  const filler = "The quick brown fox jumps over the lazy dog; ünïcödé too. ".repeat(12);
  const descriptor = openSync(file, "w");
  let seq = 0;
  let written = 0;
  let pending: string[] = [];
  const line = (type: string, step: string, payload: unknown): void => {
    seq += 1;
    pending.push(
      `{"seq":${seq},"run_id":"${runId}","type":"${type}","path":"${step}","iteration":0,"timestamp":"2026-06-08T08:14:42.123Z","payload":${JSON.stringify(payload)}}\n`,
    );
    if (pending.length >= 2000) {
      written += writeSync(descriptor, pending.join(""));
      pending = [];
    }
  };
  line("run.started", "", { name: "memory", kind: "workflow", schema_version: "1.0.0" });
  for (let turn = 0; written < bytes; turn += 1) {
    const step = `step_${turn % 50}`;
    line("step.started", step, { name: step, kind: "agent" });
    line("message.user", step, { role: "user", blocks: [{ type: "text", text: `Turn ${turn}: ${filler}` }] });
    line("tool.call", step, {
      name: "Read",
      call_id: `call_${turn}`,
      input: { path: `src/${turn}.ts` },
      fidelity: "router",
    });
    line("tool.result", step, {
      name: "Read",
      call_id: `call_${turn}`,
      output: filler,
      status: "ok",
      fidelity: "router",
    });
    line("message.assistant", step, {
      role: "assistant",
      blocks: [{ type: "text", text: `Answer ${turn}: ${filler}` }],
    });
    line("step.completed", step, { name: step, kind: "agent", status: "completed" });
  }
  line("run.completed", "", { name: "memory", kind: "workflow", status: "completed" });
  writeSync(descriptor, pending.join(""));
  closeSync(descriptor);
}

/** Runs the built command with its stdout into /dev/null; returns its peak resident memory in bytes. */
function peakOf(args: readonly string[]): number {
  const result = spawnSync(process.execPath, ["--import", reportPeak, bin, ...args], {
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
  writeEventLog(logs.small, 24 * mebibyte);
  writeEventLog(logs.large, 96 * mebibyte);
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
