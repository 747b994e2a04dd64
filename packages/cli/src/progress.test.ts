// The progress bar: on a terminal only, after about a second, gone before any message; never into a pipe, never
// with --quiet or --json; colour as NO_COLOR and FORCE_COLOR say. First in-process with a fake clock, then the built
// command on a pseudo-terminal (`script` from util-linux) and on a pipe.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { meterInput } from "./input/meter.js";
import { progressDelayMs, startProgress } from "./progress.js";

afterEach(() => {
  meterInput(undefined);
  vi.useRealTimers();
});

/** A file being read: 40 of 100 MiB so far. */
function reading(): void {
  meterInput({ file: "big.jsonl", totalBytes: 100 * 1024 * 1024, bytesRead: () => 40 * 1024 * 1024 });
}

describe("startProgress", () => {
  it("draws a bar on a terminal once the work has gone on for a second, and removes it before a message", async () => {
    vi.useFakeTimers();
    reading();
    const captured = captureIo("", { stderrIsTerminal: true });
    const progress = startProgress(captured.io, {}, {});
    // The bar's library is imported when a bar may be drawn (on a terminal): long loaded before the second is up.
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(progressDelayMs - 10);
    expect(captured.stderr()).toBe("");
    vi.advanceTimersByTime(200);
    expect(captured.stderr()).toContain(
      `big.jsonl\u001b[0m [${"#".repeat(16)}${"-".repeat(24)}] 40% 40.0 MiB of 100.0 MiB`,
    );
    const before = captured.stderr().length;
    progress.io.stderr("agent-transcript: wrote out.json\n");
    // The line is cleared (CSI 2K) before the message, which ends the output.
    expect(captured.stderr().slice(before)).toContain("\u001b[2Kagent-transcript: wrote out.json\n");
    vi.advanceTimersByTime(5000);
    expect(captured.stderr()).toMatch(/wrote out\.json\n$/);
    progress.stop();
  });

  it("never draws into a pipe, with --quiet or with --json", () => {
    vi.useFakeTimers();
    reading();
    for (const [terminal, options] of [
      [false, {}],
      [true, { quiet: true }],
      [true, { json: true }],
    ] as const) {
      const captured = captureIo("", { stderrIsTerminal: terminal });
      const progress = startProgress(captured.io, options, {});
      vi.advanceTimersByTime(10 * progressDelayMs);
      progress.stop();
      expect(captured.stderr()).toBe("");
      expect(progress.io).toBe(captured.io);
    }
  });

  it("draws without colour under NO_COLOR, and in colour under FORCE_COLOR", async () => {
    vi.useFakeTimers();
    reading();
    const plain = captureIo("", { stderrIsTerminal: true });
    const stopPlain = startProgress(plain.io, {}, { NO_COLOR: "1" }).stop;
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(2 * progressDelayMs);
    stopPlain();
    expect(plain.stderr()).toMatch(/big\.jsonl \[#/);
    expect(plain.stderr()).not.toContain("\u001b[2m");
    expect(plain.stderr()).not.toContain("\u001b[0m");
    const forced = captureIo("", { stderrIsTerminal: true });
    const stopForced = startProgress(forced.io, {}, { NO_COLOR: "1", FORCE_COLOR: "1" }).stop;
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(2 * progressDelayMs);
    stopForced();
    expect(forced.stderr()).toContain("\u001b[2mbig.jsonl\u001b[0m");
  });

  it("draws nothing when no file with a size is being read (standard input)", () => {
    vi.useFakeTimers();
    const captured = captureIo("", { stderrIsTerminal: true });
    const progress = startProgress(captured.io, {}, {});
    vi.advanceTimersByTime(10 * progressDelayMs);
    progress.stop();
    expect(captured.stderr()).toBe("");
  });
});

describe("the built command's progress", () => {
  const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
  let folder: string;
  let log: string;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "progress-"));
    log = path.join(folder, "run.jsonl");
    const runId = "9b2f3c1e-4d5a-4e6f-8a7b-1c2d3e4f5a6b";
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(60);
    const lines = [
      `{"seq":1,"run_id":"${runId}","type":"run.started","path":"","iteration":0,"timestamp":"2026-06-08T08:14:42.123Z","payload":{"name":"p","kind":"workflow","schema_version":"1.0.0"}}`,
    ];
    for (let seq = 2; seq < 20_000; seq += 1)
      lines.push(
        `{"seq":${seq},"run_id":"${runId}","type":"message.user","path":"s","iteration":0,"timestamp":"2026-06-08T08:14:42.123Z","payload":{"role":"user","blocks":[{"type":"text","text":"${text}"}]}}`,
      );
    writeFileSync(log, `${lines.join("\n")}\n`);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // FORCE_COLOR removed, not emptied: Node 22 and later warn on stderr when it is set beside NO_COLOR.
  const { FORCE_COLOR: _forced, ...inherited } = process.env;
  const environment = { ...inherited, AGENT_TRANSCRIPT_PROGRESS_DELAY_MS: "0", NO_COLOR: "1" };

  it("shows a bar on a pseudo-terminal", () => {
    const transcript = path.join(folder, "terminal.txt");
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} stats ${JSON.stringify(log)}`;
    const result = spawnSync("script", ["-qfec", command, transcript], { env: environment, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(readFileSync(transcript, "utf8")).toMatch(/run\.jsonl \[[#-]{40}\] \d+% /);
  });

  it("writes nothing but the command's own lines into a pipe", () => {
    const result = spawnSync(process.execPath, [bin, "stats", log], { env: environment, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/messages/);
    expect(result.stderr).toBe("");
  });
});
