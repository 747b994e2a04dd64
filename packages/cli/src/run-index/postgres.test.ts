// The shared run index in PostgreSQL gives the answers SQLite gives on the same files: the same usage and runs
// reports, the same messages for a search (ranked by another measure, so compared as sets). The server is a real
// PostgreSQL from Debian's packages, a throwaway cluster the test makes and starts on 127.0.0.1 and stops after.
import { spawnSync } from "node:child_process";
import { appendFileSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { hostname, tmpdir, userInfo } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { postgresBinaries } from "@agent-transcript/setup";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, comparable, json } from "./run-index.test.helpers.js";
import type { RunsReport } from "../commands/runs/run.js";
import type { SearchReport } from "../commands/search/run.js";
import type { IndexReport } from "../commands/index/run.js";
import type { UsageReport } from "../commands/usage/run.js";
import { growingRun } from "./append.test.helpers.js";
import { tsQuery } from "./postgres-store.js";
import { parseQuery, searchIndex } from "./search.js";
import { openStore } from "./open-store.js";
import type { RunIndexStore } from "./store.js";

let directory: string;
let cluster: string;
let url: string;
let sqlite: string;
let stopServer: (() => void) | undefined;

/** A free port on 127.0.0.1, for the server to listen on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Runs a server program: as the postgres user when this is root (PostgreSQL refuses to run as root). */
function asServer(program: string, args: string[]): void {
  const root = userInfo().uid === 0;
  const result = root
    ? spawnSync("runuser", ["-u", "postgres", "--", program, ...args], { encoding: "utf8" })
    : spawnSync(program, args, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${path.basename(program)} ${args.join(" ")} failed: ${result.stderr || result.error?.message}`);
}

beforeAll(async () => {
  const binaries = postgresBinaries();
  if (binaries === undefined)
    throw new Error(
      "PostgreSQL's server is not installed: run `node tools/setup/system-deps.mjs` (Debian's postgresql)",
    );
  directory = mkdtempSync(path.join(tmpdir(), "run-index-postgres-"));
  cluster = path.join(directory, "cluster");
  const sockets = path.join(directory, "sockets");
  mkdirSync(cluster, { mode: 0o700 });
  mkdirSync(sockets);
  if (userInfo().uid === 0) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    for (const folder of [directory, cluster, sockets])
      chownSync(folder, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  asServer(path.join(binaries, "initdb"), ["-D", cluster, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  asServer(path.join(binaries, "pg_ctl"), [
    "-D",
    cluster,
    "-l",
    path.join(cluster, "server.log"),
    "-o",
    `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off`,
    // Waits until the server accepts connections.
    "-w",
    "start",
  ]);
  stopServer = () => asServer(path.join(binaries, "pg_ctl"), ["-D", cluster, "-m", "immediate", "-w", "stop"]);
  url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  sqlite = path.join(directory, "index.sqlite");
}, 120_000);

afterAll(() => {
  stopServer?.();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

/** The messages a search finds, as a set: ranking differs between the two databases (bm25, ts_rank_cd). */
function found(report: SearchReport): string[] {
  return report.hits.map((hit) => `${hit.file}#${hit.place}`).sort();
}

describe("the run index in PostgreSQL", () => {
  const folders = () => [
    path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"),
    path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples"),
  ];

  it("gives the answers SQLite gives: usage, runs and search on the same sessions", async () => {
    const inPostgres = await json<IndexReport>("index", ...folders(), "--database", url);
    const inSqlite = await json<IndexReport>("index", ...folders(), "--database", sqlite);
    expect(inPostgres.read).toBe(inSqlite.read);
    expect(inPostgres.runs).toBe(inSqlite.runs);
    expect(inPostgres.database).toBe(url);
    for (const report of ["daily", "session", "monthly"]) {
      const each = async (database: string) =>
        comparable(
          await json<UsageReport>(
            "usage",
            report,
            ...folders(),
            "--index",
            "--database",
            database,
            "--timezone",
            "UTC",
          ),
        );
      expect(await each(url)).toEqual(await each(sqlite));
    }
    const runs = async (database: string) =>
      comparable(await json<RunsReport>("runs", ...folders(), "--index", "--database", database, "--tree"));
    expect(await runs(url)).toEqual(await runs(sqlite));
    let withHits = 0;
    for (const query of [
      ["sync_transcripts"],
      ["test", "--tool", "Bash"],
      ["module", "OR", "migration", "--role", "assistant"],
      ["transcri*", "--agent", "claude-code", "--since", "2026-02-12", "--until", "2026-02-12"],
      ["auth.go"],
      ['"no errors"'],
    ]) {
      const search = async (database: string): Promise<SearchReport> => {
        const result = await cli(
          "search",
          ...query,
          "--database",
          database,
          "--limit",
          "10000",
          "--timezone",
          "UTC",
          "--json",
        );
        expect([0, 1], result.stderr).toContain(result.code);
        return JSON.parse(result.stdout) as SearchReport;
      };
      const [postgres, lite] = [await search(url), await search(sqlite)];
      expect(postgres.total, query.join(" ")).toBe(lite.total);
      expect(found(postgres), query.join(" ")).toEqual(found(lite));
      if (lite.total > 0) withHits += 1;
      for (const hit of postgres.hits.slice(0, 5)) expect(hit.highlights.length, hit.snippet).toBeGreaterThan(0);
    }
    // Most of the queries find something, or the comparison compared empty lists.
    expect(withHits).toBeGreaterThanOrEqual(4);
  });

  it("reads only what changed, and removes what is gone", async () => {
    const folder = path.join(directory, "projects");
    cpSync(folders()[0] as string, folder, { recursive: true });
    expect(await json<IndexReport>("index", folder, "--database", url)).toMatchObject({ read: 10, unchanged: 0 });
    expect(await json<IndexReport>("index", folder, "--database", url)).toMatchObject({ read: 0, unchanged: 10 });
    rmSync(path.join(folder, "short.jsonl"));
    expect(await json<IndexReport>("index", folder, "--database", url)).toMatchObject({ removed: 1, unchanged: 9 });
    const usage = async (...extra: string[]) =>
      comparable(await json<UsageReport>("usage", "session", folder, "--timezone", "UTC", ...extra));
    expect(await usage("--index", "--database", url)).toEqual(await usage());
  });

  it("indexes a grown event log from where it stopped, to what the whole log gives, cut at every line", async () => {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    /** A database of its own on the server, for one index. */
    const freshDatabase = async (name: string): Promise<string> => {
      await admin.query(`CREATE DATABASE ${name}`);
      return url.replace(/\/postgres$/, `/${name}`);
    };
    /** Everything the index holds of its runs, without row ids and times. */
    const dump = async (database: string): Promise<unknown> => {
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      try {
        const all = async (sql: string) => (await client.query(sql)).rows;
        return {
          units: await all("SELECT path, seq, kind, outcome, reason, stats, buckets, resume FROM units ORDER BY path"),
          files: await all(
            "SELECT u.path, f.path AS file, f.size, f.sha256 FROM unit_files f JOIN units u ON u.id = f.unit_id ORDER BY 1, 2",
          ),
          runs: await all(
            "SELECT r.depth, r.view_path, r.run_id, r.title, r.status, r.started_at, r.models FROM runs r ORDER BY 1, 2",
          ),
          messages: await all(
            "SELECT r.view_path, m.position, m.message_id, m.role, m.model, m.at, m.at_ms, m.text, m.words::text FROM messages m JOIN runs r ON r.id = m.run ORDER BY 1, 2",
          ),
          toolCalls: await all(
            `SELECT r.view_path, m.position, c.call_id, c.name, c.summary, c.status, c.duration_ms
             FROM tool_calls c JOIN messages m ON m.id = c.message JOIN runs r ON r.id = m.run ORDER BY 1, 2, c.id`,
          ),
        };
      } finally {
        await client.end();
      }
    };
    try {
      const bytes = Buffer.from(growingRun());
      const logs = path.join(directory, "growing");
      mkdirSync(logs);
      const log = path.join(logs, "550e8400-e29b-41d4-a716-446655440000.jsonl");
      writeFileSync(log, bytes);
      const whole = await freshDatabase("grown_whole");
      await json<IndexReport>("index", logs, "--database", whole);
      const wholeDump = await dump(whole);
      const boundaries = [0];
      for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) boundaries.push(at + 1);
      for (const cut of boundaries.slice(1, -1)) {
        const database = await freshDatabase(`grown_at_${cut}`);
        writeFileSync(log, bytes.subarray(0, cut));
        await json<IndexReport>("index", logs, "--database", database);
        appendFileSync(log, bytes.subarray(cut));
        expect(await json<IndexReport>("index", logs, "--database", database), `cut at byte ${cut}`).toMatchObject({
          read: 1,
          appended: 1,
        });
        expect(await dump(database), `cut at byte ${cut}`).toEqual(wholeDump);
      }
    } finally {
      await admin.end();
    }
  });

  it(
    "finds exactly what SQLite finds on generated corpora (property)",
    async () => {
      const vocabulary = ["alpha", "beta", "gamma", "auth", "go", "test", "fails", "build"];
      const word = fc.constantFrom(...vocabulary);
      const text = fc.array(word, { minLength: 1, maxLength: 10 }).map((words) => words.join(" "));
      const corpus = fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 });
      const term = fc.oneof(
        word,
        word.map((each) => `${each.slice(0, 2)}*`),
        fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
      );
      const query = fc
        .array(fc.tuple(term, fc.boolean()), { minLength: 1, maxLength: 3 })
        .map((terms) => terms.map(([each, or], index) => (index > 0 && or ? `OR ${each}` : each)).join(" "));
      // Indexing a corpus in both databases is most of a trial's time: fifteen generated corpora (as many as the
      // property once made) are indexed once, and each run searches one of them, so a thousand runs try a thousand
      // queries for the price of fifteen indexings. The corpora's seed is named in every failure, to make them again.
      const corpusSeed = Date.now() % 2 ** 31;
      const corpora: Array<{ folder: string; lite: string; word: string }> = [];
      for (const [trial, runs] of fc.sample(corpus, { numRuns: 15, seed: corpusSeed }).entries()) {
        const folder = path.join(directory, `corpus-${trial}`);
        mkdirSync(folder);
        runs.forEach((texts, index) =>
          writeFileSync(
            path.join(folder, `run-${index}.json`),
            JSON.stringify({
              schema_version: "1.0.0",
              id: `run-${trial}-${index}`,
              messages: texts.map((each) => ({ role: "user", parts: [{ type: "text", text: each }] })),
            }),
          ),
        );
        const lite = path.join(folder, "index.sqlite");
        for (const database of [url, lite]) expect((await cli("index", folder, "--database", database)).code).toBe(0);
        corpora.push({ folder, lite, word: runs[0]![0]!.split(" ")[0]! });
      }
      // Each run then searches through the same function the `search` command calls, on stores opened once: a
      // command per run would spend its time connecting to the server and opening the file, not searching.
      const shared = await openStore(url, { create: false, readOnly: true });
      const stores = await Promise.all(corpora.map(({ lite }) => openStore(lite, { create: false, readOnly: true })));
      try {
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: corpora.length - 1 }), query, async (which, each) => {
            const { folder } = corpora[which]!;
            const named = `${each} → ${tsQuery(parseQuery(each))} (corpus ${which}, corpus seed ${corpusSeed})`;
            // The shared database holds every corpus's runs: only this corpus's folder is compared.
            const search = async (store: RunIndexStore) =>
              (await searchIndex(store, each, {}, 10_000)).hits
                .map((hit) => `${hit.file}#${hit.place}`)
                .filter((hit) => hit.startsWith(`${folder}/`))
                .sort();
            expect(await search(shared), named).toEqual(await search(stores[which]!));
          }),
        );
      } finally {
        await Promise.all([shared, ...stores].map((store) => store.close()));
      }
      // And through the command, as a user runs it, on both databases: a word of the first corpus finds its runs.
      const [{ folder, lite, word: first }] = corpora as [(typeof corpora)[number]];
      const viaCommand = async (database: string) =>
        found(await json<SearchReport>("search", first, "--database", database, "--limit", "10000")).filter((hit) =>
          hit.startsWith(`${folder}/`),
        );
      const viaSqlite = await viaCommand(lite);
      expect(viaSqlite.length).toBeGreaterThan(0);
      expect(await viaCommand(url)).toEqual(viaSqlite);
    },
    300 * fc.readConfigureGlobal().numRuns!,
  );

  it("never reads a path a row of the shared database names: only paths given here and the agents' folders", async () => {
    // A folder with a session holding a word no other run holds, planted as a remembered root of this machine.
    const planted = path.join(directory, "planted");
    mkdirSync(planted);
    writeFileSync(
      path.join(planted, "secret.json"),
      JSON.stringify({
        schema_version: "1.0.0",
        id: "planted",
        messages: [{ role: "user", parts: [{ type: "text", text: "zanzibarquartz" }] }],
      }),
    );
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("INSERT INTO roots (machine, path, added_at) VALUES ($1, $2, $3)", [
        hostname(),
        planted,
        new Date().toISOString(),
      ]);
    } finally {
      await client.end();
    }
    // No agent folder on this machine either: agents' variables point at empty folders.
    const empty = path.join(directory, "no-agents");
    mkdirSync(empty);
    const saved = { ...process.env };
    Object.assign(process.env, { HOME: empty, CLAUDE_CONFIG_DIR: empty, CODEX_HOME: empty, GEMINI_CLI_HOME: empty });
    try {
      const indexed = await cli("index", "--database", url);
      expect(indexed.code).toBe(1);
      expect(indexed.stderr).toContain("nothing to index");
    } finally {
      for (const key of ["HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME"])
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
    }
    expect((await cli("search", "zanzibarquartz", "--database", url)).code).toBe(1);
  });

  it("refuses a server it cannot reach, naming it without its password", async () => {
    const port = await freePort();
    const result = await cli("search", "x", "--database", `postgresql://someone:secret@127.0.0.1:${port}/nothing`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot open the run index");
    expect(result.stderr).not.toContain("secret");
  });
});
