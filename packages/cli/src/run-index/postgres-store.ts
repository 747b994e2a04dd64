/**
 * The run index in PostgreSQL, for a team: each machine indexes its own files into one shared database (paths are
 * kept per machine), and search and reports read everyone's runs. The same tables as SQLite's, with a tsvector of
 * each message's words for search; the words are cut as SQLite's unicode61 tokenizer cuts them (`wordsOf`), so both
 * databases find the same messages. Ranking differs: PostgreSQL ranks by ts_rank_cd (cover density), not bm25.
 */
import type { Pool, PoolClient, QueryResult } from "pg";
import { UserError } from "../io.js";
import { statsColumns } from "./bucket-encoding.js";
import type { IndexedMessage, IndexedRun, IndexedToolCall } from "./content.js";
import { indexSchemaVersion } from "./database.js";
import {
  folderPrefix,
  highlightEnd,
  highlightStart,
  indexableText,
  machineName,
  runColumns,
  searchRowOf,
  wordsOf,
  type QueryTerm,
  type RunIndexStore,
  type SearchRow,
  type StoredFile,
  type StoredUnit,
  type StoreFilters,
  type UnitAppend,
  type UnitWrite,
} from "./store.js";

const tables = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE roots (machine TEXT NOT NULL, path TEXT NOT NULL, added_at TEXT NOT NULL, refreshed_at TEXT,
  PRIMARY KEY (machine, path));
CREATE TABLE files (machine TEXT NOT NULL, root TEXT NOT NULL, path TEXT NOT NULL, size BIGINT NOT NULL,
  mtime_ms DOUBLE PRECISION NOT NULL, PRIMARY KEY (machine, root, path));
CREATE TABLE units (
  id BIGSERIAL PRIMARY KEY,
  machine TEXT NOT NULL,
  -- The root whose walk read it last (roots may overlap: a unit is every root's whose folder holds its file).
  root TEXT NOT NULL,
  path TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('run', 'skipped', 'problem')),
  reason TEXT,
  stats TEXT,
  -- Its call buckets (store.ts's encodeBuckets), which usage sums: apart, so that runs does not read them.
  buckets TEXT,
  -- An event log's resume record (JSON): see SQLite's unit_stats.resume.
  resume TEXT,
  indexed_at TEXT NOT NULL,
  UNIQUE (machine, path)
);
CREATE TABLE unit_files (
  unit_id BIGINT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  size BIGINT NOT NULL,
  mtime_ms DOUBLE PRECISION NOT NULL,
  sha256 TEXT NOT NULL,
  is_child INTEGER NOT NULL,
  PRIMARY KEY (unit_id, path)
);
CREATE INDEX unit_files_path ON unit_files (path, is_child);
CREATE TABLE runs (
  id BIGSERIAL PRIMARY KEY,
  unit_id BIGINT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  parent_id BIGINT,
  depth INTEGER NOT NULL,
  view_path TEXT NOT NULL,
  run_id TEXT,
  title TEXT,
  agent TEXT,
  project TEXT,
  cwd TEXT,
  git_branch TEXT,
  status TEXT,
  started_at TEXT,
  models TEXT NOT NULL
);
CREATE INDEX runs_unit ON runs (unit_id);
CREATE TABLE messages (
  id BIGSERIAL PRIMARY KEY,
  run BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  message_id TEXT,
  role TEXT NOT NULL,
  model TEXT,
  at TEXT,
  at_ms DOUBLE PRECISION,
  text TEXT NOT NULL,
  words TSVECTOR NOT NULL
);
CREATE INDEX messages_run ON messages (run, position);
CREATE INDEX messages_words ON messages USING GIN (words);
CREATE TABLE tool_calls (
  id BIGSERIAL PRIMARY KEY,
  message BIGINT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  call_id TEXT,
  name TEXT NOT NULL,
  summary TEXT,
  status TEXT NOT NULL,
  duration_ms DOUBLE PRECISION
);
CREATE INDEX tool_calls_message ON tool_calls (message);
CREATE INDEX tool_calls_name ON tool_calls (name);
`;

/** The URL without its password, for messages. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the PostgreSQL database";
  }
}

/** A tsquery lexeme: only letters and digits ever reach it (wordsOf), quoted all the same. */
function lexeme(word: string, prefix: boolean): string {
  return `'${word.replaceAll("'", "''").replaceAll("\\", "\\\\")}'${prefix ? ":*" : ""}`;
}

/** The query as a tsquery: each term a phrase of its words (`<->`), terms ANDed, `OR` binding loosest as in FTS5. */
export function tsQuery(terms: ReadonlyArray<QueryTerm | "OR">): string {
  const alternatives: string[][] = [[]];
  for (const term of terms) {
    if (term === "OR") {
      alternatives.push([]);
      continue;
    }
    const words = wordsOf(term.text);
    if (words.length === 0) continue;
    const phrase = words.map((word, index) => lexeme(word, term.prefix && index === words.length - 1)).join(" <-> ");
    alternatives.at(-1)?.push(words.length > 1 ? `(${phrase})` : phrase);
  }
  const parts = alternatives.filter((all) => all.length > 0).map((all) => `(${all.join(" & ")})`);
  return parts.length > 0 ? parts.join(" | ") : "''";
}

/**
 * A PostgreSQL text holds no NUL character (SQLite's does): one in a title or a path is stored as U+FFFD. What search
 * matches never holds one (the words are letters and digits).
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\u0000") ? value.replaceAll("\u0000", "\uFFFD") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  return value;
}

/** A query through a pool or a client, its parameters without NUL characters. */
function q(
  queryable: Pool | PoolClient,
  sql: string,
  parameters: readonly unknown[] = [],
): Promise<QueryResult<Record<string, unknown>>> {
  return queryable.query(sql, parameters.map(withoutNul));
}

/** A unit is a root's when its file is the root or lies under it (roots may overlap). */
const underRoot = "(u.path = $2 OR starts_with(u.path, $3))";

/** A run's messages in one statement; their ids come back in the order given (WITH ORDINALITY), for the tool calls. */
async function insertMessages(client: PoolClient, runId: string, messages: readonly IndexedMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const ids = (
    await q(
      client,
      `INSERT INTO messages (run, position, message_id, role, model, at, at_ms, text, words)
       SELECT $1, m.position, m.message_id, m.role, m.model, m.at, m.at_ms, m.text, to_tsvector('simple', m.words)
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::text[])
         WITH ORDINALITY AS m (position, message_id, role, model, at, at_ms, text, words, ordinal)
       ORDER BY m.ordinal
       RETURNING id, position`,
      [
        runId,
        messages.map((message) => message.index),
        messages.map((message) => message.messageId),
        messages.map((message) => message.role),
        messages.map((message) => message.model),
        messages.map((message) => message.at),
        messages.map((message) => {
          const at = message.at === null ? NaN : Date.parse(message.at);
          return Number.isFinite(at) ? at : null;
        }),
        messages.map((message) => indexableText(message.text)),
        messages.map((message) => wordsOf(message.text).join(" ")),
      ],
    )
  ).rows as Array<{ id: string; position: number }>;
  const idOf = new Map(ids.map(({ id, position }) => [position, id]));
  await insertToolCalls(
    client,
    messages.flatMap((message) =>
      message.toolCalls.map((call) => ({ message: idOf.get(message.index) as string, call })),
    ),
  );
}

/** Tool calls in one statement, in the order given (their ids keep a message's calls in order). */
async function insertToolCalls(
  client: PoolClient,
  calls: ReadonlyArray<{ message: string; call: IndexedToolCall }>,
): Promise<void> {
  if (calls.length === 0) return;
  await q(
    client,
    `INSERT INTO tool_calls (message, call_id, name, summary, status, duration_ms)
     SELECT c.message, c.call_id, c.name, c.summary, c.status, c.duration_ms
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[])
       WITH ORDINALITY AS c (message, call_id, name, summary, status, duration_ms, ordinal)
     ORDER BY c.ordinal`,
    [
      calls.map(({ message }) => message),
      calls.map(({ call }) => call.callId),
      calls.map(({ call }) => call.name),
      calls.map(({ call }) => call.summary),
      calls.map(({ call }) => call.status),
      calls.map(({ call }) => call.durationMs),
    ],
  );
}

const childOfAnother =
  "EXISTS (SELECT 1 FROM unit_files f JOIN units o ON o.id = f.unit_id WHERE f.path = u.path AND f.is_child = 1 AND o.id <> u.id AND o.machine = u.machine)";

export class PostgresStore implements RunIndexStore {
  readonly kind = "postgres";
  private readonly machine = machineName();

  private constructor(
    private readonly pool: Pool,
    readonly location: string,
    readonly rebuilt: boolean,
  ) {}

  static async open(url: string, options: { create: boolean; readOnly?: boolean }): Promise<PostgresStore> {
    const { default: pg } = await import("pg");
    const location = withoutPassword(url);
    const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 30_000 });
    // An idle client's error (the server restarted) is not this process's end: the next query says what happened.
    pool.on("error", () => undefined);
    try {
      const client = await pool.connect();
      let rebuilt = false;
      try {
        // One process at a time lays the database out.
        await q(client, "BEGIN");
        await q(client, "SELECT pg_advisory_xact_lock(7468201)");
        const hasMeta =
          (await q(client, "SELECT 1 FROM information_schema.tables WHERE table_name = 'meta'")).rowCount === 1;
        const version = hasMeta
          ? Number(
              (await q(client, "SELECT value FROM meta WHERE key = 'schema_version'")).rows[0]?.value as
                string | undefined,
            )
          : undefined;
        if (version !== indexSchemaVersion) {
          if (version !== undefined && version > indexSchemaVersion)
            throw new UserError(
              `${location}: a run index of layout ${version}, made by a newer agent-transcript (this one writes ${indexSchemaVersion})`,
            );
          if (options.readOnly === true || !options.create)
            throw new UserError(`no run index in ${location}: make one with \`agent-transcript index --database URL\``);
          if (hasMeta) {
            rebuilt = true;
            for (const table of ["tool_calls", "messages", "runs", "unit_files", "units", "files", "roots", "meta"])
              await q(client, `DROP TABLE IF EXISTS ${table} CASCADE`);
          }
          await q(client, tables);
          await q(client, "INSERT INTO meta (key, value) VALUES ('schema_version', $1)", [String(indexSchemaVersion)]);
        }
        await q(client, "COMMIT");
      } catch (error) {
        await q(client, "ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      return new PostgresStore(pool, location, rebuilt);
    } catch (error) {
      await pool.end().catch(() => undefined);
      if (error instanceof UserError) throw error;
      throw new UserError(
        `${location}: cannot open the run index: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async rows<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return (await q(this.pool, sql, parameters)).rows as T[];
  }

  private async transaction(work: (client: PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await q(client, "BEGIN");
      await work(client);
      await q(client, "COMMIT");
    } catch (error) {
      await q(client, "ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async unitsOfRoot(root: string): Promise<Map<string, { id: number; seq: number }>> {
    const units = await this.rows<{ id: string; path: string; seq: number }>(
      `SELECT id, path, seq FROM units u WHERE u.machine = $1 AND ${underRoot}`,
      [this.machine, root, folderPrefix(root)],
    );
    return new Map(units.map(({ id, path, seq }) => [path, { id: Number(id), seq }]));
  }

  async filesOfUnit(id: number): Promise<StoredFile[]> {
    const rows = await this.rows<{ path: string; size: string; mtime_ms: number; sha256: string }>(
      "SELECT path, size, mtime_ms, sha256 FROM unit_files WHERE unit_id = $1",
      [id],
    );
    return rows.map((row) => ({ ...row, size: Number(row.size) }));
  }

  async seenFiles(root: string): Promise<Map<string, { size: number; mtime_ms: number }>> {
    const rows = await this.rows<{ path: string; size: string; mtime_ms: number }>(
      "SELECT path, size, mtime_ms FROM files WHERE machine = $1 AND root = $2",
      [this.machine, root],
    );
    return new Map(rows.map((row) => [row.path, { size: Number(row.size), mtime_ms: row.mtime_ms }]));
  }

  async remove(id: number): Promise<void> {
    await q(this.pool, "DELETE FROM units WHERE id = $1", [id]);
  }

  async place(id: number, root: string, seq: number): Promise<void> {
    await q(this.pool, "UPDATE units SET root = $1, seq = $2 WHERE id = $3", [root, seq, id]);
  }

  async write(unit: UnitWrite): Promise<void> {
    const now = new Date().toISOString();
    await this.transaction(async (client) => {
      // Two indexers of one machine take turns on a file: the row lock of its old run, or of the new one's key.
      await q(client, "SELECT pg_advisory_xact_lock(hashtext($1))", [`${this.machine}\u0000${unit.path}`]);
      await q(client, "DELETE FROM units WHERE machine = $1 AND path = $2", [this.machine, unit.path]);
      const columns = unit.run === undefined ? undefined : statsColumns(unit.run.stats);
      const unitId = (
        await q(
          client,
          "INSERT INTO units (machine, root, path, seq, kind, outcome, reason, stats, buckets, resume, indexed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
          [
            this.machine,
            unit.root,
            unit.path,
            unit.seq,
            unit.kind,
            unit.outcome,
            unit.reason,
            columns?.stats ?? null,
            columns?.buckets ?? null,
            columns === undefined ? null : unit.resume,
            now,
          ],
        )
      ).rows[0]?.id as string;
      await q(
        client,
        `INSERT INTO unit_files (unit_id, path, size, mtime_ms, sha256, is_child)
         SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::float8[], $5::text[], $6::int[])
         ON CONFLICT (unit_id, path) DO NOTHING`,
        [
          unitId,
          unit.files.map((file) => file.path),
          unit.files.map((file) => file.size),
          unit.files.map((file) => file.mtime_ms),
          unit.files.map((file) => file.sha256),
          unit.files.map((file) => (file.isChild ? 1 : 0)),
        ],
      );
      if (unit.run === undefined) return;
      const work: Array<{ run: IndexedRun; parent: string | null; depth: number }> = [
        { run: unit.run, parent: null, depth: 0 },
      ];
      while (work.length > 0) {
        const { run, parent, depth } = work.pop() as (typeof work)[number];
        const runId = (
          await q(
            client,
            "INSERT INTO runs (unit_id, parent_id, depth, view_path, run_id, title, agent, project, cwd, git_branch, status, started_at, models) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
            [unitId, parent, depth, ...runColumns(run)],
          )
        ).rows[0]?.id as string;
        await insertMessages(client, runId, run.messages);
        for (const child of run.children) work.push({ run: child, parent: runId, depth: depth + 1 });
      }
    });
  }

  async resumeOf(id: number): Promise<string | null> {
    const [row] = await this.rows<{ resume: string | null }>("SELECT resume FROM units WHERE id = $1", [id]);
    return row?.resume ?? null;
  }

  async append(unit: UnitAppend): Promise<boolean> {
    let written = false;
    await this.transaction(async (client) => {
      // The same lock as a whole write of the file takes; then the unit is read again under it.
      await q(client, "SELECT pg_advisory_xact_lock(hashtext($1))", [`${this.machine}\u0000${unit.was.path}`]);
      const [stored] = (
        await q(
          client,
          `SELECT f.size, f.sha256, r.id AS run FROM unit_files f JOIN runs r ON r.unit_id = f.unit_id AND r.depth = 0
           WHERE f.unit_id = $1 AND f.path = $2 AND f.is_child = 0`,
          [unit.id, unit.was.path],
        )
      ).rows as Array<{ size: string; sha256: string; run: string }>;
      if (stored === undefined || Number(stored.size) !== unit.was.size || stored.sha256 !== unit.was.sha256) return;
      const runId = stored.run;
      const { stats, buckets } = statsColumns(unit.stats);
      await q(
        client,
        "UPDATE units SET root = $1, seq = $2, indexed_at = $3, stats = $4, buckets = $5, resume = $6 WHERE id = $7",
        [unit.root, unit.seq, new Date().toISOString(), stats, buckets, unit.resume, unit.id],
      );
      await q(client, "UPDATE unit_files SET size = $1, mtime_ms = $2, sha256 = $3 WHERE unit_id = $4 AND path = $5", [
        unit.file.size,
        unit.file.mtime_ms,
        unit.file.sha256,
        unit.id,
        unit.was.path,
      ]);
      await q(
        client,
        "UPDATE runs SET view_path = $1, run_id = $2, title = $3, agent = $4, project = $5, cwd = $6, git_branch = $7, status = $8, started_at = $9, models = $10 WHERE id = $11",
        [...runColumns({ stats: unit.stats, viewPath: "", messages: [], children: [] }), runId],
      );
      const { added, changedLast, settled } = unit.messages;
      if (changedLast !== undefined) {
        const [row] = (
          await q(
            client,
            "UPDATE messages SET text = $1, words = to_tsvector('simple', $2) WHERE run = $3 AND position = $4 RETURNING id",
            [indexableText(changedLast.text), wordsOf(changedLast.text).join(" "), runId, changedLast.index],
          )
        ).rows as Array<{ id: string }>;
        if (row === undefined) throw new Error(`message ${changedLast.index} of ${unit.was.path} is not in the index`);
        await q(client, "DELETE FROM tool_calls WHERE message = $1", [row.id]);
        await insertToolCalls(
          client,
          changedLast.toolCalls.map((call) => ({ message: row.id, call })),
        );
      }
      for (const call of settled)
        await q(
          client,
          `UPDATE tool_calls SET status = $1, duration_ms = $2
           WHERE id = (SELECT t.id FROM tool_calls t JOIN messages m ON m.id = t.message
                       WHERE m.run = $3 AND m.position = $4 ORDER BY t.id OFFSET $5 LIMIT 1)`,
          [call.status, call.durationMs, runId, call.message, call.call],
        );
      await insertMessages(client, runId, added);
      written = true;
    });
    return written;
  }

  async saveSeenFiles(
    root: string,
    files: ReadonlyArray<{ path: string; size: number; mtimeMs: number }>,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.transaction(async (client) => {
      await q(client, "DELETE FROM files WHERE machine = $1 AND root = $2", [this.machine, root]);
      await q(
        client,
        `INSERT INTO files (machine, path, root, size, mtime_ms)
         SELECT $1, p, $2, s, t FROM unnest($3::text[], $4::bigint[], $5::float8[]) AS f (p, s, t)
         ON CONFLICT (machine, root, path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms`,
        [
          this.machine,
          root,
          files.map((file) => file.path),
          files.map((file) => file.size),
          files.map((file) => file.mtimeMs),
        ],
      );
      await q(
        client,
        "INSERT INTO roots (machine, path, added_at, refreshed_at) VALUES ($1, $2, $3, $3) ON CONFLICT (machine, path) DO UPDATE SET refreshed_at = excluded.refreshed_at",
        [this.machine, root, now],
      );
    });
  }

  async forgetRoot(root: string): Promise<void> {
    await this.transaction(async (client) => {
      await q(client, "DELETE FROM files WHERE machine = $1 AND root = $2", [this.machine, root]);
      await q(client, "DELETE FROM roots WHERE machine = $1 AND path = $2", [this.machine, root]);
    });
  }

  async runCount(): Promise<number> {
    const [row] = await this.rows<{ count: string }>(
      "SELECT count(*) AS count FROM runs r JOIN units u ON u.id = r.unit_id WHERE u.machine = $1",
      [this.machine],
    );
    return Number(row?.count ?? 0);
  }

  async roots(): Promise<string[]> {
    return (
      await this.rows<{ path: string }>("SELECT path FROM roots WHERE machine = $1 ORDER BY added_at, path", [
        this.machine,
      ])
    ).map(({ path }) => path);
  }

  async units(root: string, withBuckets: boolean): Promise<StoredUnit[]> {
    const rows = await this.rows<{
      path: string;
      outcome: string;
      reason: string | null;
      stats: string | null;
      buckets: string | null;
      is_child: boolean;
    }>(
      `SELECT u.path, u.outcome, u.reason, u.stats, ${withBuckets ? "u.buckets" : "NULL AS buckets"}, ${childOfAnother} AS is_child
       FROM units u WHERE u.machine = $1 AND ${underRoot} ORDER BY u.seq, u.path`,
      [this.machine, root, folderPrefix(root)],
    );
    return rows.map(({ is_child: isChild, ...unit }) => ({ ...unit, isChild }));
  }

  async search(
    terms: ReadonlyArray<QueryTerm | "OR">,
    filters: StoreFilters,
    limit: number,
    maxRanked: number,
  ): Promise<{ rows: SearchRow[]; total: number }> {
    const parameters: unknown[] = [tsQuery(terms)];
    const where: string[] = ["m.words @@ to_tsquery('simple', $1)", `NOT ${childOfAnother}`];
    const add = (clause: (placeholder: string) => string, value: unknown): void => {
      parameters.push(value);
      where.push(clause(`$${parameters.length}`));
    };
    if (filters.agent !== undefined) add((p) => `r.agent = ${p}`, filters.agent);
    if (filters.model !== undefined)
      add((p) => `(strpos(coalesce(m.model, ''), ${p}) > 0 OR strpos(r.models, ${p}) > 0)`, filters.model);
    if (filters.tool !== undefined)
      add((p) => `EXISTS (SELECT 1 FROM tool_calls t WHERE t.message = m.id AND t.name = ${p})`, filters.tool);
    if (filters.project !== undefined)
      add(
        (p) => `(strpos(lower(coalesce(r.project, '')), ${p}) > 0 OR strpos(lower(coalesce(r.cwd, '')), ${p}) > 0)`,
        filters.project,
      );
    if (filters.status !== undefined) add((p) => `r.status = ${p}`, filters.status);
    if (filters.role !== undefined) add((p) => `m.role = ${p}`, filters.role);
    if (filters.fromMs !== undefined) add((p) => `m.at_ms >= ${p}`, filters.fromMs);
    if (filters.beforeMs !== undefined) add((p) => `m.at_ms < ${p}`, filters.beforeMs);
    const from = `FROM messages m JOIN runs r ON r.id = m.run JOIN units u ON u.id = r.unit_id
      WHERE ${where.map((clause) => `(${clause})`).join(" AND ")}`;
    const [counted] = await this.rows<{ count: string }>(
      `SELECT count(*) AS count FROM (SELECT 1 ${from} LIMIT ${maxRanked + 1}) AS matched`,
      parameters,
    );
    // ts_rank_cd is higher for better matches: negated, so that lower is better as bm25's.
    const rows = await this.rows<Record<string, unknown>>(
      `WITH ranked AS (
         SELECT m.id, -ts_rank_cd(m.words, to_tsquery('simple', $1)) AS rank ${from}
         ORDER BY m.id DESC LIMIT ${maxRanked}
       )
       SELECT ranked.rank, u.path AS file, u.machine, r.run_id, r.title, r.depth, r.view_path, r.agent, r.project,
         r.status, m.message_id, m.position, m.role, m.model, m.at, m.text
       FROM ranked JOIN messages m ON m.id = ranked.id JOIN runs r ON r.id = m.run JOIN units u ON u.id = r.unit_id
       ORDER BY ranked.rank, ranked.id
       LIMIT ${limit}`,
      parameters,
    );
    const queried = new Set<string>();
    const prefixes: string[] = [];
    for (const term of terms)
      if (term !== "OR")
        for (const [index, word] of wordsOf(term.text).entries())
          if (term.prefix && index === wordsOf(term.text).length - 1) prefixes.push(word);
          else queried.add(word);
    return {
      total: Number(counted?.count ?? 0),
      rows: rows.map((row) => searchRowOf(row, snippetOf(row.text as string, queried, prefixes))),
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * A snippet of about 24 words around the first match, the matched words marked: made here from the words as the
 * index cut them, since ts_headline cuts text with PostgreSQL's own parser (which keeps `auth.go` whole).
 */
function snippetOf(text: string, words: ReadonlySet<string>, prefixes: readonly string[]): string {
  const pieces = [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)];
  const matches = (piece: string): boolean => {
    const [word] = wordsOf(piece);
    return word !== undefined && (words.has(word) || prefixes.some((prefix) => word.startsWith(prefix)));
  };
  const first = Math.max(
    0,
    pieces.findIndex((piece) => matches(piece[0])),
  );
  const from = Math.max(0, first - 8);
  const to = Math.min(pieces.length, from + 24);
  if (pieces.length === 0) return "";
  let marked = "";
  let at = (pieces[from] as RegExpMatchArray).index as number;
  for (const piece of pieces.slice(from, to)) {
    const index = piece.index as number;
    marked += text.slice(at, index);
    marked += matches(piece[0]) ? `${highlightStart}${piece[0]}${highlightEnd}` : piece[0];
    at = index + piece[0].length;
  }
  return `${from > 0 ? "…" : ""}${marked}${to < pieces.length ? "…" : ""}`;
}
