/**
 * The run index's database: one SQLite file (better-sqlite3: synchronous, WAL, FTS5) in the user's data folder. It is
 * a cache of what the files say, so a database of another layout is rebuilt, never migrated; one made by a newer
 * agent-transcript is refused rather than overwritten.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { UserError } from "../io.js";

export type Database = BetterSqlite3.Database;

/** The layout this code writes and reads; any other is rebuilt (older) or refused (newer). */
export const indexSchemaVersion = 4;

/** `${XDG_DATA_HOME:-~/.local/share}/agent-transcript/index.sqlite`, as the XDG base directory rules place data. */
export function defaultDatabasePath(environment: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const dataHome = environment.XDG_DATA_HOME;
  // The rules ignore a relative XDG_DATA_HOME.
  const base = dataHome !== undefined && path.isAbsolute(dataHome) ? dataHome : path.join(home, ".local", "share");
  return path.join(base, "agent-transcript", "index.sqlite");
}

const tables = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Paths are a machine's own: the machine column keeps them apart where one database serves several (PostgreSQL).
-- A folder or file given to index: refreshed again by an index with no path.
CREATE TABLE roots (machine TEXT NOT NULL, path TEXT NOT NULL, added_at TEXT NOT NULL, refreshed_at TEXT,
  PRIMARY KEY (machine, path));
-- Every regular file last seen under a root, to tell a change by its size and time alone (a file under two roots,
-- one inside the other, is seen by each).
CREATE TABLE files (machine TEXT NOT NULL, root TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL, PRIMARY KEY (machine, root, path));
-- One file read as a run, or found and passed over, with the files it was read from.
CREATE TABLE units (
  id INTEGER PRIMARY KEY,
  machine TEXT NOT NULL,
  -- The root whose walk read it last (roots may overlap: a unit is every root's whose folder holds its file).
  root TEXT NOT NULL,
  path TEXT NOT NULL,
  -- Its place in the walk of its root, so runs come back in the order a reading of the folder gives them.
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('run', 'skipped', 'problem')),
  reason TEXT,
  indexed_at TEXT NOT NULL,
  UNIQUE (machine, path)
);
-- The ids of a unit's messages as ranges: the messages written in one transaction have the numbers between its first
-- and last id, so a search leaves out a unit's messages by a few numbers without a join per match. A unit has one
-- range, and one more each time lines appended to its log are indexed.
CREATE TABLE unit_messages (
  unit_id INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  first INTEGER NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (unit_id, first)
);
-- A run's statistics, in a table of their own: kilobytes a row, they would make every scan of the units read a page
-- per unit (an indexing with nothing changed, a search's list of sub-agents' files).
CREATE TABLE unit_stats (
  unit_id INTEGER PRIMARY KEY REFERENCES units (id) ON DELETE CASCADE,
  -- The root run's statistics (RunStats JSON without its call buckets), which usage and runs report from.
  stats TEXT NOT NULL,
  -- Its call buckets (bucket-encoding.ts), which usage sums: apart, so that runs does not read them.
  buckets TEXT,
  -- An event log's: where its reading stopped and what it had counted there (JSON), so that lines appended later are
  -- read from there, not from the start (indexer.ts). Null for anything read whole each time.
  resume TEXT
);
CREATE TABLE unit_files (
  unit_id INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  sha256 TEXT NOT NULL,
  -- A child run's file (a sub-agent's, a child log): its run is its parent's, not one of its own.
  is_child INTEGER NOT NULL,
  PRIMARY KEY (unit_id, path)
);
CREATE INDEX unit_files_path ON unit_files (path, is_child);
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  unit_id INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  parent_id INTEGER,
  depth INTEGER NOT NULL,
  -- The viewer's permalink to it: child indices from the root joined with dots, '' for the root.
  view_path TEXT NOT NULL,
  run_id TEXT,
  title TEXT,
  agent TEXT,
  project TEXT,
  cwd TEXT,
  git_branch TEXT,
  status TEXT,
  started_at TEXT,
  -- Every model that answered in this run (JSON array).
  models TEXT NOT NULL
);
CREATE INDEX runs_unit ON runs (unit_id);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  run INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  message_id TEXT,
  role TEXT NOT NULL,
  model TEXT,
  at TEXT,
  at_ms REAL
);
CREATE INDEX messages_run ON messages (run, position);
-- The searchable text of each message (rowid = messages.id): its text and its tool calls' names and arguments.
CREATE VIRTUAL TABLE message_text USING fts5 (text, tokenize = 'unicode61');
CREATE TABLE tool_calls (
  id INTEGER PRIMARY KEY,
  message INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  call_id TEXT,
  name TEXT NOT NULL,
  summary TEXT,
  status TEXT NOT NULL,
  duration_ms REAL
);
CREATE INDEX tool_calls_message ON tool_calls (message);
CREATE INDEX tool_calls_name ON tool_calls (name);
`;

/** How much of the file a reader maps at most. */
const readerMapBytes = 1024 * 1024 * 1024;

/** What opening the database found. */
export interface OpenedIndex {
  database: Database;
  file: string;
  /** A database of an older layout was emptied and laid out again. */
  rebuilt: boolean;
}

function describeOpenError(file: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
    return `${file}: not a run index (or a damaged one): move it away, or name another with --database`;
  return `${file}: cannot open the run index: ${error instanceof Error ? error.message : String(error)}`;
}

/** Every table of ours, dropped to lay the database out again. */
function dropAll(database: Database): void {
  const names = database
    .prepare("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ name: string; type: string }>;
  // The FTS table's own shadow tables go with it.
  for (const { name } of names.filter((entry) => !/^message_text_/.test(entry.name)))
    database.exec(`DROP TABLE IF EXISTS "${name.replaceAll('"', '""')}"`);
}

/**
 * Refuses a database path that is a symbolic link, a folder, a FIFO or a device, before SQLite opens it (SQLite would
 * follow the link, or fail on the special file with "disk I/O error"). Opened without following a link and without
 * blocking on a FIFO; a path that is not there is left to SQLite (made, or said to be missing).
 */
function refuseUnlessRegularFile(file: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT") return;
    if (code === "ELOOP")
      throw new UserError(`${file}: a symbolic link; name the run index's own file with --database`);
    if (code === "EISDIR") throw new UserError(`${file}: a folder, not a run index; name a file with --database`);
    throw new UserError(describeOpenError(file, error));
  }
  try {
    if (!fstatSync(descriptor).isFile())
      throw new UserError(
        `${file}: not a regular file (a folder, FIFO, socket or device); name a file with --database`,
      );
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Opens (creating when asked) the index at `file`. `create`: false for commands that only read it, which then say
 * that no index is there rather than make an empty one.
 */
export async function openIndex(file: string, options: { create: boolean; readOnly?: boolean }): Promise<OpenedIndex> {
  const { default: SQLite } = await import("better-sqlite3");
  if (options.create) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  refuseUnlessRegularFile(file);
  let database: Database;
  try {
    database = new SQLite(file, { fileMustExist: !options.create, timeout: 60_000 });
  } catch (error) {
    if ((error as { code?: unknown }).code === "SQLITE_CANTOPEN" && !options.create)
      throw new UserError(`no run index at ${file}: make one with \`agent-transcript index\``);
    throw new UserError(describeOpenError(file, error));
  }
  try {
    // WAL: readers never wait for the indexer, and a killed indexer's last transaction is simply not there.
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma("foreign_keys = ON");
    // A reader maps the file: the full-text index's pages are read without a system call each (a search over a
    // gigabyte of sessions is about a quarter faster). Pages mapped are the page cache's, not this process's heap.
    if (options.readOnly === true) database.pragma(`mmap_size = ${readerMapBytes}`);
    let rebuilt = false;
    const layout = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() as
      { name: string } | undefined;
    const version =
      layout === undefined
        ? undefined
        : Number(
            (
              database.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
                { value: string } | undefined
            )?.value,
          );
    if (version !== indexSchemaVersion) {
      if (version !== undefined && version > indexSchemaVersion)
        throw new UserError(
          `${file}: a run index of layout ${version}, made by a newer agent-transcript (this one writes ${indexSchemaVersion}): update, or name another with --database`,
        );
      const tableCount = (
        database.prepare("SELECT count(*) AS count FROM sqlite_master WHERE type = 'table'").get() as { count: number }
      ).count;
      if (options.readOnly === true)
        throw new UserError(
          tableCount === 0
            ? `no run index at ${file}: make one with \`agent-transcript index\``
            : `${file}: a run index of an older layout: bring it up to date with \`agent-transcript index\``,
        );
      database
        .transaction(() => {
          rebuilt = tableCount > 0;
          dropAll(database);
          database.exec(tables);
          database
            .prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)")
            .run(String(indexSchemaVersion));
        })
        .immediate();
    }
    return { database, file, rebuilt };
  } catch (error) {
    database.close();
    if (error instanceof UserError) throw error;
    throw new UserError(describeOpenError(file, error));
  }
}
