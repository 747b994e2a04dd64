// The run index as a user meets it, through the command line: the same answers as reading the files (on every real
// session fixture's folder), an indexing that reads only what changed, search that finds exactly what a scan of the
// same messages finds, and a database that is refused, not overwritten, when it is not ours.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, comparable, json } from "./run-index.test.helpers.js";
import type { RunsReport } from "../commands/runs/run.js";
import type { SearchReport } from "../commands/search/run.js";
import type { IndexReport } from "../commands/index/run.js";
import type { UsageReport } from "../commands/usage/run.js";
import { openStore } from "./open-store.js";
import { parseQuery } from "./search.js";

let directory: string;
let database: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "run-index-"));
  database = path.join(directory, "index.sqlite");
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function indexOnce(...paths: string[]): Promise<IndexReport> {
  return json<IndexReport>("index", ...paths, "--database", database);
}

/** A usage report from the test's index, days in UTC. */
async function indexedUsage(report: string, ...inputs: string[]): Promise<UsageReport> {
  return json<UsageReport>("usage", report, ...inputs, "--index", "--database", database, "--timezone", "UTC");
}

const sessionFolders = [
  ...new Set(
    loadRealFixtures()
      .filter(
        (fixture) =>
          fixture.classification.category === "agent-session" && fixture.classification.role !== "prompt-log",
      )
      .map((fixture) => path.dirname(fixture.file)),
  ),
].sort();

describe("usage and runs from the index", () => {
  it("has real session folders to compare on", () => {
    expect(sessionFolders.length).toBeGreaterThanOrEqual(3);
  });

  it.each(sessionFolders)("give the answers a reading of the files gives: %s", async (folder) => {
    const input = path.join(realFixturesRoot(), folder);
    for (const report of ["session", "daily"]) {
      const direct = await json<UsageReport>("usage", report, input, "--timezone", "UTC");
      const indexed = await indexedUsage(report, input);
      expect(comparable(indexed)).toEqual(comparable(direct));
    }
    const direct = await json<RunsReport>("runs", input, "--timezone", "UTC");
    const indexed = await json<RunsReport>("runs", input, "--index", "--database", database, "--timezone", "UTC");
    expect(indexed.runs.length).toBeGreaterThan(0);
    expect(comparable(indexed)).toEqual(comparable(direct));
  });
});

describe("index", () => {
  const spotter = () => path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");

  it("reads only what changed: nothing, a touched file, an appended one, a deleted one", async () => {
    const folder = path.join(directory, "projects");
    cpSync(spotter(), folder, { recursive: true });
    const first = await indexOnce(folder);
    expect(first).toMatchObject({ ok: true, read: 10, unchanged: 0, removed: 0 });
    expect(await indexOnce(folder)).toMatchObject({ read: 0, unchanged: 10, removed: 0 });

    // A new time on the same bytes is no change: the SHA-256 says so.
    const session = path.join(folder, "fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
    utimesSync(session, new Date(), new Date(Date.now() + 60_000));
    expect(await indexOnce(folder)).toMatchObject({ read: 0, unchanged: 10 });

    // An appended turn is read, and the index answers as the files do.
    const short = path.join(folder, "short.jsonl");
    const lines = readFileSync(short, "utf8").trimEnd().split("\n");
    appendFileSync(short, `${lines.at(-1) as string}\n`);
    expect(await indexOnce(folder)).toMatchObject({ read: 1, unchanged: 9 });
    const usage = (...extra: string[]) => json<UsageReport>("usage", "session", folder, "--timezone", "UTC", ...extra);
    expect(comparable(await usage("--index", "--database", database))).toEqual(comparable(await usage()));

    // A deleted session takes its run with it.
    rmSync(short);
    expect(await indexOnce(folder)).toMatchObject({ read: 0, removed: 1, unchanged: 9 });
    expect(comparable(await usage("--index", "--database", database))).toEqual(comparable(await usage()));
  });

  it("remembers what it indexed: with no path it brings those folders up to date", async () => {
    const folder = path.join(directory, "logs");
    cpSync(spotter(), folder, { recursive: true });
    await indexOnce(folder);
    rmSync(path.join(folder, "short.jsonl"));
    const again = await json<IndexReport>("index", "--database", database);
    expect(again.paths).toContain(folder);
    expect(again.removed).toBe(1);
  });

  it("reads a file once where roots overlap: a folder, then a folder inside it, then both", async () => {
    const outer = path.join(directory, "home");
    const inner = path.join(outer, "projects");
    cpSync(spotter(), inner, { recursive: true });
    expect(await indexOnce(outer)).toMatchObject({ read: 10, unchanged: 0 });
    // The runs are found by their files, whichever root read them: nothing is read again, back and forth.
    expect(await indexOnce(inner)).toMatchObject({ read: 0, unchanged: 10, removed: 0 });
    expect(await indexOnce(outer, inner)).toMatchObject({ read: 0, unchanged: 20, removed: 0 });
    const short = path.join(inner, "short.jsonl");
    appendFileSync(short, `${readFileSync(short, "utf8").trimEnd().split("\n").at(-1) as string}\n`);
    expect(await indexOnce(outer)).toMatchObject({ read: 1 });
    expect(await indexOnce(inner)).toMatchObject({ read: 0 });
    // Each run once, as a reading of the outer folder gives them.
    const direct = await json<UsageReport>("usage", "session", outer, "--timezone", "UTC");
    const indexed = await indexedUsage("session", outer, inner);
    expect(comparable(indexed)).toEqual(comparable(direct));
  });

  it("forgets a path that is gone: its runs removed, the path no longer remembered, an error when it was named", async () => {
    const folder = path.join(directory, "logs");
    cpSync(spotter(), folder, { recursive: true });
    await indexOnce(folder);
    rmSync(folder, { recursive: true });
    const gone = await cli("index", folder, "--database", database, "--json");
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`${folder}: no such file or folder`);
    expect(JSON.parse(gone.stdout)).toMatchObject({ ok: false, missingRoots: [folder], removed: 10, runs: 0 });
    const never = path.join(directory, "never-there");
    expect((await cli("index", never, "--database", database)).code).toBe(1);
    const store = await openStore(database, { create: false, readOnly: true });
    try {
      expect(await store.roots()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("passes over a FIFO and links out of the folder without opening them, and indexes the rest", async () => {
    const folder = path.join(directory, "projects");
    mkdirSync(folder);
    cpSync(path.join(spotter(), "short.jsonl"), path.join(folder, "short.jsonl"));
    // A session outside the folder, with a word no file inside holds: a link to it is not followed.
    const outside = path.join(directory, "outside.jsonl");
    const lines = readFileSync(path.join(spotter(), "short.jsonl"), "utf8").replaceAll("test", "zanzibarword");
    writeFileSync(outside, lines);
    symlinkSync(outside, path.join(folder, "linked-out.jsonl"));
    symlinkSync("/dev/zero", path.join(folder, "zeros.jsonl"));
    execFileSync("mkfifo", [path.join(folder, "pipe.jsonl")]);
    // Were the FIFO opened for reading, the command would wait for a writer forever.
    const report = await indexOnce(folder);
    expect(report).toMatchObject({ ok: true, read: 1, runs: 1 });
    const passedOver = Object.fromEntries(report.passedOver.map((file) => [path.basename(file.path), file.kind]));
    expect(passedOver).toEqual({
      "linked-out.jsonl": "link out of the folder",
      "pipe.jsonl": "special file",
      "zeros.jsonl": "link out of the folder",
    });
    expect((await cli("search", "zanzibarword", "--database", database)).code).toBe(1);
  });

  it("refuses a database that is a link, a folder or a FIFO, and leaves each as it was", async () => {
    const target = path.join(directory, "elsewhere.sqlite");
    await indexOnce(spotter());
    cpSync(database, target);
    const link = path.join(directory, "link.sqlite");
    symlinkSync(target, link);
    const fifo = path.join(directory, "pipe.sqlite");
    execFileSync("mkfifo", [fifo]);
    const folder = path.join(directory, "folder.sqlite");
    mkdirSync(folder);
    const before = readFileSync(target);
    for (const [named, says] of [
      [link, "a symbolic link"],
      [fifo, "not a regular file"],
      [folder, "not a regular file"],
    ] as const)
      for (const command of [
        ["index", spotter()],
        ["search", "test"],
        ["usage", "daily", "--index"],
      ]) {
        const result = await cli(...command, "--database", named);
        expect(result.code, `${command.join(" ")} --database ${named}`).toBe(1);
        expect(result.stderr).toContain(`${named}: ${says}`);
      }
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("costs an unreadable or corrupt file only that file, with a warning", async () => {
    const folder = path.join(directory, "projects");
    mkdirSync(folder);
    cpSync(path.join(spotter(), "short.jsonl"), path.join(folder, "short.jsonl"));
    // A Claude Code session whose every line is damaged: it is in the session's format by its name only.
    writeFileSync(path.join(folder, "broken.jsonl"), "\u0000\u0001garbage{{{\n".repeat(50));
    const result = await cli("index", folder, "--database", database);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("skipped 1 file");
    expect(result.stdout).toContain("1 run read");
    // Passed over until it changes: the next indexing does not read it again.
    expect(await indexOnce(folder)).toMatchObject({ read: 0, unchanged: 2 });
    const direct = await json<RunsReport>("runs", folder);
    const runs = await json<RunsReport>("runs", folder, "--index", "--database", database);
    expect(runs.runs).toHaveLength(1);
    expect(runs.runs.map((each) => each.runId)).toEqual(direct.runs.map((each) => each.runId));
    expect(runs.skipped.map((each) => path.basename(each.path))).toEqual(["broken.jsonl"]);
  });

  it("refuses a database that is not a run index, and leaves it as it was", async () => {
    writeFileSync(database, "not a database, but the user's file\n".repeat(200));
    const before = readFileSync(database);
    const result = await cli("index", spotter(), "--database", database);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${database}: not a run index`);
    expect(readFileSync(database).equals(before)).toBe(true);
    const search = await cli("search", "test", "--database", database);
    expect(search.code).toBe(1);
    expect(search.stderr).toContain("not a run index");
  });

  it("names a damaged row of the index, and the way out, instead of crashing", async () => {
    const folder = path.join(directory, "projects");
    cpSync(spotter(), folder, { recursive: true });
    await indexOnce(folder);
    const { default: SQLite } = await import("better-sqlite3");
    const file = new SQLite(database);
    for (const [column, value] of [
      ["buckets", '{"shapes":[],"prices":[],"lists":[[[7,1]]]}'],
      ["stats", "{not json"],
    ] as const) {
      file
        .prepare(`UPDATE unit_stats SET ${column} = ? WHERE unit_id = (SELECT min(unit_id) FROM unit_stats)`)
        .run(value);
      const result = await cli("usage", "daily", folder, "--index", "--database", database);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/the run index's statistics of .+\.jsonl are damaged/);
      expect(result.stderr).toContain("run `agent-transcript index` again");
    }
    file.close();
  });

  it("says there is no index to search, without making one", async () => {
    const result = await cli("search", "anything", "--database", database);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`no run index at ${database}`);
  });
});

describe("search", () => {
  it("finds a sub-agent's message, names its run and message, and opens it in the viewer", async () => {
    await indexOnce(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"));
    const report = await json<SearchReport>(
      "search",
      "sync_transcripts_test",
      "--database",
      database,
      "--agent",
      "claude-code",
    );
    expect(report.total).toBeGreaterThan(0);
    const inChild = report.hits.find((hit) => hit.depth > 0);
    expect(inChild).toBeDefined();
    expect(inChild?.place).toMatch(/^r=\d+(\.\d+)*&m=\d+$/);
    expect(inChild?.view).toBe(`agent-transcript view ${inChild?.file} --at '${inChild?.place}'`);
    for (const hit of report.hits) {
      const [start, end] = hit.highlights[0] as [number, number];
      expect(hit.snippet.slice(start, end).toLowerCase()).toContain("sync_transcripts_test".split("_")[0]);
    }
    // A sub-agent's file is read with its session and also found on its own: its messages are found once.
    const unfiltered = await json<SearchReport>(
      "search",
      "sync_transcripts_test",
      "--database",
      database,
      "--limit",
      "1000",
    );
    expect(unfiltered.total).toBe(report.total);
    const ids = unfiltered.hits.flatMap((hit) => (hit.messageId === null ? [] : [hit.messageId]));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    // Each filter narrows: an agent that did not run, a tool the hit did not call.
    expect((await cli("search", "sync_transcripts_test", "--database", database, "--agent", "codex")).code).toBe(1);
    const withTool = await json<SearchReport>(
      "search",
      "sync_transcripts_test",
      "--database",
      database,
      "--tool",
      "Read",
    );
    expect(withTool.total).toBeLessThan(report.total);
    expect(withTool.total).toBeGreaterThan(0);
  });

  it("treats punctuation in a query as text, never as FTS5 syntax", async () => {
    await indexOnce(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"));
    for (const query of ['"unbalanced', "a:b", "NEAR(x y)", "-x", "*", "col:text ^start", "((", "AND OR NOT"]) {
      const result = await cli("search", query, "--database", database, "--json");
      // Found or not, or a usage error for a query of punctuation alone: never an FTS5 error.
      expect([0, 1, 2], `${query}: ${result.stderr}`).toContain(result.code);
      expect(result.stderr).not.toMatch(/fts5|syntax error/i);
    }
  });
});

/** The words of the generated corpora: few, so that queries hit. */
const vocabulary = ["alpha", "beta", "gamma", "delta", "auth", "go", "test", "fails", "edit", "build"];

/**
 * Which messages a query matches, by a scan of the words: a message holds a phrase when the phrase's words stand in a
 * row in it (the last as a word's beginning for a prefix); terms are all needed, and OR, which binds loosest in FTS5,
 * takes either side: `a b OR c` is (a and b) or c.
 */
function bruteForce(messages: ReadonlyArray<{ key: string; text: string }>, query: string): string[] {
  const words = (text: string): string[] =>
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== "");
  const alternatives: Array<Array<{ words: string[]; prefix: boolean }>> = [[]];
  for (const term of parseQuery(query)) {
    if (term === "OR") alternatives.push([]);
    else alternatives.at(-1)?.push({ words: words(term.text), prefix: term.prefix });
  }
  const holds = (tokens: string[], phrase: { words: string[]; prefix: boolean }): boolean =>
    tokens.some((_, start) =>
      phrase.words.every((word, offset) => {
        const token = tokens[start + offset];
        if (token === undefined) return false;
        return phrase.prefix && offset === phrase.words.length - 1 ? token.startsWith(word) : token === word;
      }),
    );
  return messages
    .filter(({ text }) => {
      const tokens = words(text);
      return alternatives.some((phrases) => phrases.every((phrase) => holds(tokens, phrase)));
    })
    .map(({ key }) => key)
    .sort();
}

describe("search against a scan of the same messages", () => {
  it("finds exactly the messages that hold the query, on generated corpora", async () => {
    const word = fc.constantFrom(...vocabulary);
    const text = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(" "));
    const corpus = fc.array(fc.array(text, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 });
    const term = fc.oneof(
      word,
      word.map((each) => `${each.slice(0, 2)}*`),
      fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
      word.map((each) => `${each}.go`),
    );
    const query = fc
      .array(fc.tuple(term, fc.boolean()), { minLength: 1, maxLength: 3 })
      .map((terms) => terms.map(([each, or], index) => (index > 0 && or ? `OR ${each}` : each)).join(" "));
    // Indexing a corpus is most of a trial's time: forty generated corpora (as many as the property once made) are
    // indexed once, and each run searches one of them, so a thousand runs try a thousand queries for the price of forty
    // indexings. The corpora's seed is named in every failure, to make them again.
    const corpusSeed = Date.now() % 2 ** 31;
    const corpora: Array<{ database: string; messages: Array<{ key: string; text: string }> }> = [];
    for (const [trial, runs] of fc.sample(corpus, { numRuns: 40, seed: corpusSeed }).entries()) {
      const folder = path.join(directory, `corpus-${trial}`);
      mkdirSync(folder, { recursive: true });
      const messages: Array<{ key: string; text: string }> = [];
      runs.forEach((texts, runIndex) => {
        const file = path.join(folder, `run-${runIndex}.json`);
        writeFileSync(
          file,
          JSON.stringify({
            schema_version: "1.0.0",
            id: `run-${runIndex}`,
            messages: texts.map((each, messageIndex) => ({
              id: `m${messageIndex}`,
              role: messageIndex % 2 === 0 ? "user" : "assistant",
              parts: [{ type: "text", text: each }],
            })),
          }),
        );
        texts.forEach((each, messageIndex) => messages.push({ key: `${file}#${messageIndex}`, text: each }));
      });
      const trialDatabase = path.join(folder, "index.sqlite");
      const indexed = await cli("index", folder, "--database", trialDatabase, "--json");
      expect(indexed.code, indexed.stderr).toBe(0);
      corpora.push({ database: trialDatabase, messages });
    }
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: corpora.length - 1 }), query, async (which, each) => {
        const { database: trialDatabase, messages } = corpora[which]!;
        const named = `${each} (corpus ${which}, corpus seed ${corpusSeed})`;
        const result = await cli("search", each, "--database", trialDatabase, "--limit", "1000", "--json");
        const expected = bruteForce(messages, each);
        expect(result.code, `${named}: ${result.stderr}`).toBe(expected.length > 0 ? 0 : 1);
        const report = JSON.parse(result.stdout) as SearchReport;
        expect(report.hits.map((hit) => `${hit.file}#${hit.position}`).sort(), named).toEqual(expected);
        expect(report.total, named).toBe(expected.length);
        // Each highlight marks a word of the query (or the beginning of one, for a prefix).
        const queried = each
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((word) => word !== "" && word !== "or");
        for (const hit of report.hits)
          for (const [start, end] of hit.highlights)
            expect(
              queried.some((word) => hit.snippet.slice(start, end).toLowerCase().startsWith(word)),
              named,
            ).toBe(true);
      }),
    );
  });
});
