// The run index under the faults a user's machine gives it: an indexer killed (SIGKILL) at any point leaves a database
// that opens, answers and re-indexes to the same answers as one never interrupted; two indexers at once do not
// corrupt it. The real command, as separate processes.
import { spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dump, growingRun } from "./append.test.helpers.js";

const bin = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

let directory: string;
let corpus: string;
beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), "run-index-crash-"));
  corpus = path.join(directory, "projects");
  // Ten sessions with sub-agents, 3 MB the largest: enough work that a kill lands while runs are being written.
  cpSync(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"), corpus, { recursive: true });
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function command(...argv: string[]): {
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  kill: () => void;
} {
  const child = spawn(process.execPath, [bin, ...argv], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { done, kill: () => child.kill("SIGKILL") };
}

/** How many files the index holds, read as another process reads it (0 before it has its tables). */
function unitCount(database: string): number {
  try {
    const reader = new SQLite(database, { readonly: true, fileMustExist: true, timeout: 10_000 });
    try {
      return (reader.prepare("SELECT count(*) AS count FROM units").get() as { count: number }).count;
    } finally {
      reader.close();
    }
  } catch {
    return 0;
  }
}

function integrity(database: string): string {
  const reader = new SQLite(database, { fileMustExist: true, timeout: 10_000 });
  try {
    return (reader.pragma("integrity_check") as Array<{ integrity_check: string }>)[0]?.integrity_check ?? "";
  } finally {
    reader.close();
  }
}

async function usageOf(database: string): Promise<unknown> {
  const result = await command(
    "usage",
    "session",
    corpus,
    "--index",
    "--database",
    database,
    "--json",
    "--timezone",
    "UTC",
  ).done;
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** Waits until the condition holds or the process ends, checking again after each turn of the event loop's timers. */
async function until(condition: () => boolean, ended: { value: boolean }): Promise<void> {
  while (!condition() && !ended.value) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Two indexings of `folder` into `database` at once: both succeed and leave a database that is whole. */
async function twoIndexersAtOnce(folder: string, database: string): Promise<void> {
  const [first, second] = await Promise.all([
    command("index", folder, "--database", database).done,
    command("index", folder, "--database", database).done,
  ]);
  expect(first.code, first.stderr).toBe(0);
  expect(second.code, second.stderr).toBe(0);
  expect(integrity(database)).toBe("ok");
}

describe("the run index under faults", () => {
  let clean: unknown;
  beforeAll(async () => {
    const database = path.join(directory, "clean.sqlite");
    const indexed = await command("index", corpus, "--database", database).done;
    if (indexed.code !== 0) throw new Error(`the clean indexing failed: ${indexed.stderr}`);
    clean = await usageOf(database);
  }, 120_000);

  it("survives SIGKILL at any point of an indexing (20 trials)", async () => {
    const files = 10;
    let killedMidway = 0;
    for (let trial = 0; trial < 20; trial += 1) {
      const database = path.join(directory, `killed-${trial}.sqlite`);
      const indexing = command("index", corpus, "--database", database);
      const ended = { value: false };
      void indexing.done.then(() => (ended.value = true));
      // Killed once this many runs are in: from before the first to the last.
      const target = trial % files;
      await until(() => unitCount(database) >= target, ended);
      indexing.kill();
      const result = await indexing.done;
      if (result.code === null) killedMidway += 1;
      // It opens and is whole (when the kill came before it was made, there is nothing to open), it answers a
      // search, and an indexing finishes what was left.
      const made = existsSync(database);
      expect(made ? integrity(database) : "ok").toBe("ok");
      const search = made ? await command("search", "test", "--database", database, "--json").done : undefined;
      // Found, or not found (an index killed before its first run): never an error.
      expect([0, 1, undefined], search?.stderr).toContain(search?.code);
      const again = await command("index", corpus, "--database", database).done;
      expect(again.code, again.stderr).toBe(0);
      expect(await usageOf(database)).toEqual(clean);
      const searched = await command("search", "test", "--database", database, "--json").done;
      expect(searched.code, searched.stderr).toBe(0);
    }
    // Most trials must have killed an indexing that was still working, or the test tested nothing.
    expect(killedMidway).toBeGreaterThanOrEqual(15);
  }, 600_000);

  it("takes two indexers at once without harm", async () => {
    const database = path.join(directory, "two.sqlite");
    await twoIndexersAtOnce(corpus, database);
    expect(await usageOf(database)).toEqual(clean);
    expect(unitCount(database)).toBe(10);
  }, 120_000);

  describe("while grown event logs are read from where they stopped", () => {
    const logCount = 40;
    /** Forty long runs (300 turns each), their ids apart. */
    const runs = Array.from({ length: logCount }, (_, index) =>
      Buffer.from(
        growingRun(`550e8400-e29b-41d4-a716-${String(446655440000 + index).padStart(12, "0")}`, undefined, 300),
      ),
    );
    const firstHalf = (bytes: Buffer) => bytes.indexOf(0x0a, bytes.length >> 1) + 1;
    /** The logs as first indexed (each cut after a line about half way), in a folder of their own. */
    function halfWritten(name: string): string {
      const folder = path.join(directory, name);
      mkdirSync(folder);
      for (const bytes of runs) {
        const id = (JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString()) as { run_id: string }).run_id;
        writeFileSync(path.join(folder, `${id}.jsonl`), bytes.subarray(0, firstHalf(bytes)));
      }
      return folder;
    }
    function grow(folder: string): void {
      for (const bytes of runs) {
        const id = (JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString()) as { run_id: string }).run_id;
        appendFileSync(path.join(folder, `${id}.jsonl`), bytes.subarray(firstHalf(bytes)));
      }
    }
    /** Logs whose whole length the index holds: appends committed. */
    function grownCount(database: string): number {
      try {
        const reader = new SQLite(database, { readonly: true, fileMustExist: true, timeout: 10_000 });
        try {
          return (
            reader.prepare("SELECT count(*) AS count FROM unit_files WHERE size = ?").get(runs[0]?.length) as {
              count: number;
            }
          ).count;
        } finally {
          reader.close();
        }
      } catch {
        return 0;
      }
    }
    /** The dump with the folder's name taken out, to compare indexes of two folders. */
    const dumpOf = (database: string, folder: string) =>
      JSON.parse(JSON.stringify(dump(database)).replaceAll(folder, "<folder>")) as unknown;

    let whole: unknown;
    beforeAll(async () => {
      const folder = halfWritten("grown-whole");
      grow(folder);
      const database = path.join(directory, "grown-whole.sqlite");
      const indexed = await command("index", folder, "--database", database).done;
      if (indexed.code !== 0) throw new Error(`the whole indexing failed: ${indexed.stderr}`);
      whole = dumpOf(database, folder);
    }, 120_000);

    it("survives SIGKILL at any point of the appending (10 trials)", async () => {
      let killedMidway = 0;
      for (let trial = 0; trial < 10; trial += 1) {
        const folder = halfWritten(`grown-${trial}`);
        const database = path.join(directory, `grown-${trial}.sqlite`);
        const first = await command("index", folder, "--database", database).done;
        expect(first.code, first.stderr).toBe(0);
        grow(folder);
        const indexing = command("index", folder, "--database", database);
        const ended = { value: false };
        void indexing.done.then(() => (ended.value = true));
        await until(() => grownCount(database) >= (trial * logCount) / 10, ended);
        indexing.kill();
        const result = await indexing.done;
        if (result.code === null) killedMidway += 1;
        expect(integrity(database)).toBe("ok");
        // What the killed indexing committed is whole; the rest is read on from where each log stopped.
        const done = grownCount(database);
        const again = await command("index", folder, "--database", database, "--json").done;
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(again.stdout)).toMatchObject({ read: logCount - done, appended: logCount - done });
        expect(dumpOf(database, folder)).toEqual(whole);
      }
      expect(killedMidway).toBeGreaterThanOrEqual(7);
    }, 600_000);

    it("takes two indexers appending at once: each log's growth written once", async () => {
      const folder = halfWritten("grown-two");
      const database = path.join(directory, "grown-two.sqlite");
      expect((await command("index", folder, "--database", database).done).code).toBe(0);
      grow(folder);
      await twoIndexersAtOnce(folder, database);
      expect(dumpOf(database, folder)).toEqual(whole);
    }, 120_000);
  });
});
