// An event log that grows is indexed from where its last reading stopped, and the index then holds exactly what an
// indexing of the whole log holds: compared table by table (runs, messages and their text, tool calls, statistics and
// call buckets, and the record a later append starts from) for a cut at every line boundary. A log whose earlier
// bytes changed, or that ends inside a line, is read whole.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eventLine } from "@agent-transcript/fixtures/event-lines";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IndexReport } from "../commands/index/run.js";
import type { UsageReport } from "../commands/usage/run.js";
import { dump, growingRun, runId } from "./append.test.helpers.js";
import { cli, comparable, json } from "./run-index.test.helpers.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "run-index-append-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function indexInto(database: string, ...paths: string[]): Promise<IndexReport> {
  return json<IndexReport>("index", ...paths, "--database", database);
}

/** Each offset just past a line's LF, and 0. */
function lineBoundaries(bytes: Buffer): number[] {
  const boundaries = [0];
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) boundaries.push(at + 1);
  return boundaries;
}

/** A real Claude Code session, written as an event log by our own export (usage, thinking, tool use and results). */
async function exportedSession(): Promise<string> {
  const folder = path.join(directory, "exported");
  mkdirSync(folder);
  const session = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
  const result = await cli(
    "export",
    session,
    "--format",
    "jsonl",
    "--no-redact",
    "--output",
    path.join(folder, "short.jsonl"),
    "--quiet",
  );
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(path.join(folder, "short.jsonl"), "utf8");
}

describe("an event log that grows", () => {
  it.each([
    ["a recorded run whose later lines reach back", async () => growingRun()],
    ["a real Claude Code session exported as an event log", exportedSession],
  ])("is indexed from where it stopped, to what the whole log gives, cut at every line: %s", async (_name, make) => {
    const bytes = Buffer.from(await make());
    const logs = path.join(directory, "logs");
    mkdirSync(logs);
    const log = path.join(logs, `${runId}.jsonl`);
    writeFileSync(log, bytes);
    const wholeDatabase = path.join(directory, "whole.sqlite");
    await indexInto(wholeDatabase, logs);
    const whole = dump(wholeDatabase) as { stats: Array<{ resume: string | null }> };
    // The whole log's reading keeps where it stopped: the record an append starts from.
    expect(whole.stats[0]?.resume).toEqual(expect.stringContaining('"offset":'));
    // Its output and exit code (1 when nothing matches).
    const search = (database: string, query: string) =>
      cli("search", query, "--database", database, "--limit", "50", "--json");
    const boundaries = lineBoundaries(bytes);
    expect(boundaries.length).toBeGreaterThan(6);
    for (const cut of boundaries.slice(1, -1)) {
      const database = path.join(directory, `cut-${cut}.sqlite`);
      writeFileSync(log, bytes.subarray(0, cut));
      expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 0 });
      appendFileSync(log, bytes.subarray(cut));
      expect(await indexInto(database, logs), `cut at byte ${cut}`).toMatchObject({
        read: 1,
        appended: 1,
        unchanged: 0,
      });
      expect(dump(database), `cut at byte ${cut}`).toEqual(whole);
      for (const query of ["auth", "token", "go test", "fixed"])
        expect(await search(database, query), `${query}, cut at byte ${cut}`).toEqual(
          await search(wholeDatabase, query),
        );
      rmSync(database);
    }
    writeFileSync(log, bytes);
  });

  it("appends again and again, as a recorder writes, and answers as the files do", async () => {
    const bytes = Buffer.from(growingRun());
    const logs = path.join(directory, "live");
    mkdirSync(logs);
    const log = path.join(logs, `${runId}.jsonl`);
    const database = path.join(directory, "index.sqlite");
    const boundaries = lineBoundaries(bytes);
    writeFileSync(log, bytes.subarray(0, boundaries[1]));
    await indexInto(database, logs);
    let appended = 0;
    for (const [index, cut] of boundaries.slice(2).entries()) {
      appendFileSync(log, bytes.subarray(boundaries[index + 1], cut));
      appended += (await indexInto(database, logs)).appended;
      const usage = (...extra: string[]) => json<UsageReport>("usage", "daily", logs, "--timezone", "UTC", ...extra);
      expect(comparable(await usage("--index", "--database", database))).toEqual(comparable(await usage()));
    }
    expect(appended).toBe(boundaries.length - 2);
    const wholeDatabase = path.join(directory, "whole.sqlite");
    await indexInto(wholeDatabase, logs);
    expect(dump(database)).toEqual(dump(wholeDatabase));
  });

  it("keeps a child log's appended messages its parent's in search, where the log is indexed on its own too", async () => {
    const parentId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    const line = (seq: number, type: string, extra: object, payload: unknown) =>
      eventLine(seq, { run_id: parentId, type, path: "", timestamp: "2026-06-08T23:49:00.000Z", ...extra, payload });
    const parent = `${[
      line(1, "run.started", {}, { name: "release", kind: "workflow" }),
      line(
        2,
        "step.call_workflow.started",
        { child_run_id: runId, path: "fix" },
        { name: "fix-auth", kind: "call_workflow" },
      ),
      line(
        3,
        "step.call_workflow.completed",
        { child_run_id: runId, path: "fix" },
        { name: "fix-auth", kind: "call_workflow" },
      ),
      line(4, "run.completed", {}, { name: "release", kind: "workflow" }),
    ].join("\n")}\n`;
    const child = Buffer.from(growingRun(runId, parentId));
    const logs = path.join(directory, "family");
    mkdirSync(logs);
    const parentLog = path.join(logs, `${parentId}.jsonl`);
    writeFileSync(parentLog, parent);
    const childLog = path.join(logs, `${runId}.jsonl`);
    const half = lineBoundaries(child)[10] as number;
    writeFileSync(childLog, child.subarray(0, half));
    const database = path.join(directory, "index.sqlite");
    // The parent's log (read with its child log beside it) and the child log on its own: a unit of its own, which
    // search leaves out by its messages' ids (its messages are its parent's).
    await indexInto(database, parentLog, childLog);
    // A second indexer's file between the two readings: the child log's new messages get ids apart from its first.
    await indexInto(database, await copyOfGrowingRun());
    appendFileSync(childLog, child.subarray(half));
    // The parent reads its child log whole again; the child log's own unit is read on from where it stopped.
    expect(await indexInto(database, parentLog, childLog)).toMatchObject({ read: 2, appended: 1 });
    const wholeDatabase = path.join(directory, "whole.sqlite");
    await indexInto(wholeDatabase, parentLog, childLog);
    await indexInto(wholeDatabase, path.join(directory, "other"));
    expect(dump(database)).toEqual(dump(wholeDatabase));
    for (const query of ["token", "fixed", "auth"]) {
      // The hits as a set: equal messages in two runs rank alike, and ties fall by the order the rows were written.
      const hits = async (file: string) =>
        (
          await json<{ hits: Array<{ file: string; place: string }> }>(
            "search",
            query,
            "--database",
            file,
            "--limit",
            "50",
          )
        ).hits
          .map(({ file: hitFile, place }) => `${hitFile}#${place}`)
          .sort();
      const found = await hits(database);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await hits(wholeDatabase));
      // None from the child log's own copy: each from the parent's reading, or from the other folder.
      expect(found.filter((hit) => hit.startsWith(`${childLog}#`))).toEqual([]);
    }
  });

  it("reads a log whole when its stored record is damaged or hostile, and never takes a prototype from it", async () => {
    const bytes = Buffer.from(growingRun());
    const logs = path.join(directory, "damaged");
    mkdirSync(logs);
    const log = path.join(logs, `${runId}.jsonl`);
    const database = path.join(directory, "index.sqlite");
    const half = lineBoundaries(bytes)[9] as number;
    const stored = (): string => {
      const db = new SQLite(database, { readonly: true });
      try {
        return (db.prepare("SELECT resume FROM unit_stats").get() as { resume: string }).resume;
      } finally {
        db.close();
      }
    };
    const damaged = (record: string): string[] => {
      const swaps = JSON.parse(record) as { resume: { stats: { stats: Record<string, unknown> } } };
      const withProto = record.replace('"messagesByRole":{', '"messagesByRole":{"__proto__":{"polluted":1},');
      return [
        "not json",
        JSON.stringify({ ...JSON.parse(record), version: 2 }),
        JSON.stringify({ ...swaps, resume: { ...swaps.resume, stats: { ...swaps.resume.stats, pending: "x" } } }),
        record.replace('"count":', '"count":-'),
        withProto,
      ];
    };
    writeFileSync(log, bytes.subarray(0, half));
    await indexInto(database, logs);
    for (const record of damaged(stored())) {
      writeFileSync(log, bytes.subarray(0, half));
      await indexInto(database, logs);
      const db = new SQLite(database);
      db.prepare("UPDATE unit_stats SET resume = ?").run(record);
      db.close();
      appendFileSync(log, bytes.subarray(half));
      expect(await indexInto(database, logs), record.slice(0, 60)).toMatchObject({ read: 1, appended: 0 });
      expect(dump(database)).toEqual(await dumpOfWhole(log));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("is read whole when its earlier bytes changed, when it ends inside a line, or when it shrank", async () => {
    const text = growingRun();
    const logs = path.join(directory, "changed");
    mkdirSync(logs);
    const log = path.join(logs, `${runId}.jsonl`);
    const database = path.join(directory, "index.sqlite");
    const lines = text.split("\n");
    writeFileSync(log, `${lines.slice(0, 8).join("\n")}\n`);
    await indexInto(database, logs);
    // The first line rewritten (same length), and lines appended: what was read before is not there any more.
    writeFileSync(log, `${lines.slice(0, 8).join("\n").replace("Fix the failing", "Fix the FAILING")}\n${lines[8]}\n`);
    expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 0 });
    expect(dump(database)).toEqual(await dumpOfWhole(log));
    // A last line without its LF (a writer mid-line): read whole, and no record kept, so the next growth is read
    // whole too (the unfinished line was read as it stood).
    appendFileSync(log, lines[9] as string);
    expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 1 });
    appendFileSync(log, `\n${lines[10]}\n`);
    expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 0 });
    expect(dump(database)).toEqual(await dumpOfWhole(log));
    // Cut back (a repaired torn tail) and grown past its old size with other lines.
    writeFileSync(log, `${lines.slice(0, 5).join("\n")}\n`);
    expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 0 });
    writeFileSync(log, `${lines.slice(0, 12).join("\n")}\n`);
    expect(await indexInto(database, logs)).toMatchObject({ read: 1, appended: 1 });
    expect(dump(database)).toEqual(await dumpOfWhole(log));
  });
});

/** Another folder with the run's whole log, indexed into the same database. */
async function copyOfGrowingRun(): Promise<string> {
  const folder = path.join(directory, "other");
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95.jsonl"),
    growingRun("9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95"),
  );
  return folder;
}

let wholeCount = 0;

/** The dump of a fresh index of the log's folder as it is now. */
async function dumpOfWhole(log: string): Promise<unknown> {
  wholeCount += 1;
  const database = path.join(directory, `whole-${wholeCount}.sqlite`);
  await indexInto(database, path.dirname(log));
  return dump(database);
}
