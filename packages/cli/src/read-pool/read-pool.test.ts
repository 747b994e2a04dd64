// Reading on several threads gives what reading on one gives, to the byte: every real fixture (sessions of every agent
// with their sub-agents, documents, event logs, payloads, files that are no run and files that cannot be read) read by
// the built command with one thread and with three, `stats`, `usage` and `runs`, stdout and stderr alike.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterAll, describe, expect, it, vi } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { run } from "../cli.js";
import { readThreads, readThreadsVariable } from "./threads.js";
import { restoredRead } from "./read-pool.js";
import type { RunFileRead } from "../collect-runs.js";

const bin = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "read-pool-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function command(threads: number, ...argv: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...argv], {
    encoding: "utf8",
    env: { ...process.env, [readThreadsVariable]: String(threads), NO_COLOR: "1", TZ: "UTC" },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("reading on several threads", () => {
  it.each([
    ["stats", "--json"],
    ["usage", "session", "--json"],
    ["usage", "daily", "--timezone", "UTC"],
    ["runs", "--tree", "--timezone", "UTC"],
  ])("gives what one thread gives on every real fixture: %s %s", (...argv) => {
    const folder = realFixturesRoot();
    const one = command(1, ...argv, folder);
    const three = command(3, ...argv, folder);
    expect(one.status).toBe(three.status);
    expect(one.stdout.length).toBeGreaterThan(1_000);
    expect(three.stdout).toBe(one.stdout);
    expect(three.stderr).toBe(one.stderr);
  });

  it("says how many threads read, with --verbose, and reads on one when told", () => {
    const folder = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
    expect(command(3, "stats", folder, "--verbose").stderr).toMatch(/read \d+ files on 3 threads/);
    expect(command(1, "stats", folder, "--verbose").stderr).not.toMatch(/threads/);
  });

  it("reads a file that is not a run, an unreadable one and a damaged one as one thread does, in their place", () => {
    const folder = path.join(scratch, "mixed");
    cpSync(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"), folder, { recursive: true });
    writeFileSync(path.join(folder, "notes.json"), '{"not": "a run"}');
    writeFileSync(path.join(folder, "broken.json"), '{"schema_version": "1.0.0", "messages": [');
    writeFileSync(path.join(folder, "latin1.jsonl"), Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]));
    for (const argv of [["stats", "--json"], ["stats"], ["usage", "session", "--verbose"]]) {
      const one = command(1, ...argv, folder);
      const three = command(3, ...argv, folder);
      // --verbose also says how many threads read: the one line that may differ.
      three.stderr = three.stderr.replace(/^agent-transcript: read \d+ files on 3 threads\n/m, "");
      expect(three, argv.join(" ")).toEqual(one);
    }
  });

  it("works from the sources too (a worker run through tsx), with the same answer", async () => {
    const folder = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
    const answer = async (threads: number) => {
      vi.stubEnv(readThreadsVariable, String(threads));
      try {
        const captured = captureIo();
        const code = await run(["usage", "session", folder, "--json", "--verbose"], captured.io);
        return { code, stdout: captured.stdout(), stderr: captured.stderr() };
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const one = await answer(1);
    const two = await answer(2);
    expect(two.stderr).toMatch(/on 2 threads/);
    expect(two.stdout).toBe(one.stdout);
  });
});

describe("readThreads", () => {
  it("takes the variable's number, else one per core for many files and one for a few", () => {
    expect(readThreads(1_000, { [readThreadsVariable]: "1" })).toBe(1);
    expect(readThreads(3, { [readThreadsVariable]: "4" })).toBe(4);
    expect(readThreads(1_000, { [readThreadsVariable]: "0" })).toBe(1);
    // Not a number of threads it takes: as if unset.
    expect(readThreads(1_000, { [readThreadsVariable]: "9999" })).toBe(readThreads(1_000, {}));
    expect(readThreads(1_000, { [readThreadsVariable]: "two" })).toBe(readThreads(1_000, {}));
    expect(readThreads(3, {})).toBe(1);
    expect(readThreads(1_000, {})).toBeGreaterThanOrEqual(1);
    expect(readThreads(1_000, {})).toBeLessThanOrEqual(8);
  });
});

describe("restoredRead", () => {
  it("gives a worker's records their null prototype back, keeping every own key", () => {
    const copied = structuredClone({
      runs: [
        {
          messagesByRole: { assistant: 2 },
          toolsByName: {},
          models: { ["__proto__"]: 1, constructor: 2 },
          own: { unpricedCalls: {} },
          includingChildren: { unpricedCalls: {} },
          buckets: [{ unpricedCalls: { toString: 1 } }],
          children: [
            {
              messagesByRole: {},
              toolsByName: {},
              models: {},
              own: { unpricedCalls: {} },
              includingChildren: { unpricedCalls: {} },
              children: [],
            },
          ],
        },
      ],
    }) as unknown as RunFileRead;
    const [runStats] = restoredRead(copied).runs;
    expect(Object.getPrototypeOf(runStats?.models)).toBeNull();
    expect(Object.keys(runStats?.models ?? {})).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(runStats?.buckets?.[0]?.unpricedCalls)).toBeNull();
    expect(Object.getPrototypeOf(runStats?.children[0]?.models)).toBeNull();
    // A key that is not there is not found on a prototype.
    expect((runStats?.messagesByRole as Record<string, unknown>).toString).toBeUndefined();
  });
});
