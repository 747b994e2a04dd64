/**
 * The run index in SQLite (better-sqlite3, synchronous): one transaction per run, FTS5 for search with bm25 and
 * snippet(). Its statements are prepared once per connection.
 */
import type { Statement } from "better-sqlite3";
import type { Database } from "./database.js";
import { ftsQuery } from "./search.js";
import {
  folderPrefix,
  highlightEnd,
  highlightStart,
  indexableText,
  machineName,
  runColumns,
  type QueryTerm,
  type RunIndexStore,
  searchRowOf,
  type SearchRow,
  type StoredFile,
  type StoredUnit,
  type StoreFilters,
  type UnitAppend,
  type UnitWrite,
} from "./store.js";
import { statsColumns } from "./bucket-encoding.js";
import type { IndexedMessage, IndexedRun } from "./content.js";

/**
 * A unit is a root's when its file is the root or lies under it: roots may overlap (a folder indexed, then a folder
 * inside it, or an agent's folder inside one indexed before), and each unit is then every such root's.
 */
const underRoot = "(u.path = @root OR substr(u.path, 1, length(@prefix)) = @prefix)";

function prepareStatements(database: Database) {
  const prepare = (sql: string): Statement => database.prepare(sql);
  return {
    unitsOfRoot: prepare(`SELECT id, path, seq FROM units u WHERE u.machine = @machine AND ${underRoot}`),
    filesOfUnit: prepare("SELECT path, size, mtime_ms, sha256 FROM unit_files WHERE unit_id = ?"),
    deleteText: prepare(
      "DELETE FROM message_text WHERE rowid IN (SELECT m.id FROM messages m JOIN runs r ON r.id = m.run WHERE r.unit_id = ?)",
    ),
    deleteUnit: prepare("DELETE FROM units WHERE id = ?"),
    unitByPath: prepare("SELECT id FROM units WHERE machine = ? AND path = ?"),
    insertUnit: prepare(
      "INSERT INTO units (machine, root, path, seq, kind, outcome, reason, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    insertStats: prepare("INSERT INTO unit_stats (unit_id, stats, buckets, resume) VALUES (?, ?, ?, ?)"),
    resumeOf: prepare("SELECT resume FROM unit_stats WHERE unit_id = ?"),
    fileOfUnit: prepare("SELECT size, sha256 FROM unit_files WHERE unit_id = ? AND path = ? AND is_child = 0"),
    updateUnit: prepare("UPDATE units SET root = ?, seq = ?, indexed_at = ? WHERE id = ?"),
    updateStats: prepare("UPDATE unit_stats SET stats = ?, buckets = ?, resume = ? WHERE unit_id = ?"),
    updateFile: prepare("UPDATE unit_files SET size = ?, mtime_ms = ?, sha256 = ? WHERE unit_id = ? AND path = ?"),
    rootRun: prepare("SELECT id FROM runs WHERE unit_id = ? AND depth = 0"),
    updateRun: prepare(
      "UPDATE runs SET view_path = ?, run_id = ?, title = ?, agent = ?, project = ?, cwd = ?, git_branch = ?, status = ?, started_at = ?, models = ? WHERE id = ?",
    ),
    messageAt: prepare("SELECT id FROM messages WHERE run = ? AND position = ?"),
    deleteMessageText: prepare("DELETE FROM message_text WHERE rowid = ?"),
    deleteToolsOf: prepare("DELETE FROM tool_calls WHERE message = ?"),
    settleTool: prepare(
      `UPDATE tool_calls SET status = ?, duration_ms = ?
       WHERE id = (SELECT t.id FROM tool_calls t JOIN messages m ON m.id = t.message
                   WHERE m.run = ? AND m.position = ? ORDER BY t.id LIMIT 1 OFFSET ?)`,
    ),
    lastRange: prepare("SELECT first, last FROM unit_messages WHERE unit_id = ? ORDER BY first DESC LIMIT 1"),
    insertRange: prepare("INSERT INTO unit_messages (unit_id, first, last) VALUES (?, ?, ?)"),
    extendRange: prepare("UPDATE unit_messages SET last = ? WHERE unit_id = ? AND first = ?"),
    insertFile: prepare(
      "INSERT OR REPLACE INTO unit_files (unit_id, path, size, mtime_ms, sha256, is_child) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    insertRun: prepare(
      "INSERT INTO runs (unit_id, parent_id, depth, view_path, run_id, title, agent, project, cwd, git_branch, status, started_at, models) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    insertMessage: prepare(
      "INSERT INTO messages (run, position, message_id, role, model, at, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    insertText: prepare("INSERT INTO message_text (rowid, text) VALUES (?, ?)"),
    insertTool: prepare(
      "INSERT INTO tool_calls (message, call_id, name, summary, status, duration_ms) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    placeUnit: prepare("UPDATE units SET root = ?, seq = ? WHERE id = ?"),
    // Every unit whose file another unit of its machine read as a child run (few: sub-agents' files found beside
    // their sessions): its own copy is no run of its own. The reports leave it out by its id, search by its messages'.
    childUnits: prepare(
      `SELECT DISTINCT u.id, m.first, m.last
         FROM unit_files f JOIN units o ON o.id = f.unit_id
           JOIN units u ON u.machine = o.machine AND u.path = f.path AND u.id <> o.id
           LEFT JOIN unit_messages m ON m.unit_id = u.id
         WHERE f.is_child = 1`,
    ),
    filesOfRoot: prepare("SELECT path, size, mtime_ms FROM files WHERE machine = ? AND root = ?"),
    deleteFilesOfRoot: prepare("DELETE FROM files WHERE machine = ? AND root = ?"),
    insertSeenFile: prepare(
      "INSERT OR REPLACE INTO files (machine, root, path, size, mtime_ms) VALUES (?, ?, ?, ?, ?)",
    ),
    touchRoot: prepare(
      "INSERT INTO roots (machine, path, added_at, refreshed_at) VALUES (?, ?, ?, ?) ON CONFLICT (machine, path) DO UPDATE SET refreshed_at = excluded.refreshed_at",
    ),
    runCount: prepare("SELECT count(*) AS count FROM runs r JOIN units u ON u.id = r.unit_id WHERE u.machine = ?"),
    roots: prepare("SELECT path FROM roots WHERE machine = ? ORDER BY added_at, path"),
    deleteRoot: prepare("DELETE FROM roots WHERE machine = ? AND path = ?"),
    units: prepare(
      `SELECT u.id, u.seq, u.path, u.outcome, u.reason, s.stats, NULL AS buckets
         FROM units u LEFT JOIN unit_stats s ON s.unit_id = u.id WHERE u.machine = @machine AND ${underRoot}`,
    ),
    // Sorted here, not by SQLite: its sorter would copy every row's statistics (megabytes) to order them.
    unitsWithBuckets: prepare(
      `SELECT u.id, u.seq, u.path, u.outcome, u.reason, s.stats, s.buckets
         FROM units u LEFT JOIN unit_stats s ON s.unit_id = u.id WHERE u.machine = @machine AND ${underRoot}`,
    ),
  };
}

/** The function a search asks whether a message is one of a child file's own copy (its ids within a child's range). */
const inChildFile = "agent_transcript_in_child_file";

function hasFilters(filters: StoreFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

export class SqliteStore implements RunIndexStore {
  readonly kind = "sqlite";
  private readonly machine = machineName();
  private readonly s: ReturnType<typeof prepareStatements>;

  /** The message ids of the files another run read as its child run, sorted: see {@link SqliteStore.matches}. */
  private childRanges: ReadonlyArray<{ first: number; last: number }> = [];

  constructor(
    private readonly database: Database,
    readonly location: string,
    readonly rebuilt: boolean,
  ) {
    this.s = prepareStatements(database);
    database.function(inChildFile, { deterministic: false, directOnly: true }, (id: unknown) => {
      const ranges = this.childRanges;
      const message = Number(id);
      let low = 0;
      let high = ranges.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const range = ranges[middle] as { first: number; last: number };
        if (message < range.first) high = middle - 1;
        else if (message > range.last) low = middle + 1;
        else return 1;
      }
      return 0;
    });
  }

  private rootParameters(root: string): { machine: string; root: string; prefix: string } {
    return { machine: this.machine, root, prefix: folderPrefix(root) };
  }

  async unitsOfRoot(root: string): Promise<Map<string, { id: number; seq: number }>> {
    const units = this.s.unitsOfRoot.all(this.rootParameters(root)) as Array<{ id: number; path: string; seq: number }>;
    return new Map(units.map(({ id, path, seq }) => [path, { id, seq }]));
  }

  async filesOfUnit(id: number): Promise<StoredFile[]> {
    return this.s.filesOfUnit.all(id) as StoredFile[];
  }

  async seenFiles(root: string): Promise<Map<string, { size: number; mtime_ms: number }>> {
    const rows = this.s.filesOfRoot.all(this.machine, root) as Array<{ path: string; size: number; mtime_ms: number }>;
    return new Map(rows.map((row) => [row.path, row]));
  }

  private removeUnit(id: number): void {
    this.s.deleteText.run(id);
    this.s.deleteUnit.run(id);
  }

  async remove(id: number): Promise<void> {
    this.database.transaction(() => this.removeUnit(id)).immediate();
  }

  async place(id: number, root: string, seq: number): Promise<void> {
    this.s.placeUnit.run(root, seq, id);
  }

  async write(unit: UnitWrite): Promise<void> {
    const now = new Date().toISOString();
    const s = this.s;
    this.database
      .transaction(() => {
        // Read again under the write lock: another indexer may have written this file's run meanwhile.
        const existing = s.unitByPath.get(this.machine, unit.path) as { id: number } | undefined;
        const columns = unit.run === undefined ? undefined : statsColumns(unit.run.stats);
        if (existing !== undefined) this.removeUnit(existing.id);
        const unitId = Number(
          s.insertUnit.run(this.machine, unit.root, unit.path, unit.seq, unit.kind, unit.outcome, unit.reason, now)
            .lastInsertRowid,
        );
        if (columns !== undefined) s.insertStats.run(unitId, columns.stats, columns.buckets, unit.resume);
        for (const file of unit.files)
          s.insertFile.run(unitId, file.path, file.size, file.mtime_ms, file.sha256, file.isChild ? 1 : 0);
        if (unit.run === undefined) return;
        const range: { first?: number; last?: number } = {};
        const work: Array<{ run: IndexedRun; parent: number | null; depth: number }> = [
          { run: unit.run, parent: null, depth: 0 },
        ];
        while (work.length > 0) {
          const { run, parent, depth } = work.pop() as (typeof work)[number];
          const runId = Number(s.insertRun.run(unitId, parent, depth, ...runColumns(run)).lastInsertRowid);
          this.insertMessages(runId, run.messages, range);
          for (const child of run.children) work.push({ run: child, parent: runId, depth: depth + 1 });
        }
        if (range.first !== undefined) s.insertRange.run(unitId, range.first, range.last);
      })
      .immediate();
  }

  /** Messages of a run with their text and tool calls; `range` takes the first and last id written. */
  private insertMessages(
    runId: number,
    messages: readonly IndexedMessage[],
    range: { first?: number; last?: number },
  ): void {
    const s = this.s;
    for (const message of messages) {
      const at = message.at === null ? null : Date.parse(message.at);
      const messageRow = Number(
        s.insertMessage.run(
          runId,
          message.index,
          message.messageId,
          message.role,
          message.model,
          message.at,
          at !== null && Number.isFinite(at) ? at : null,
        ).lastInsertRowid,
      );
      range.first ??= messageRow;
      range.last = messageRow;
      this.insertContent(messageRow, message);
    }
  }

  /** A message's searchable text and its tool calls. */
  private insertContent(messageRow: number, message: IndexedMessage): void {
    if (message.text !== "") this.s.insertText.run(messageRow, indexableText(message.text));
    for (const call of message.toolCalls)
      this.s.insertTool.run(messageRow, call.callId, call.name, call.summary, call.status, call.durationMs);
  }

  async resumeOf(id: number): Promise<string | null> {
    return (this.s.resumeOf.get(id) as { resume: string | null } | undefined)?.resume ?? null;
  }

  async append(unit: UnitAppend): Promise<boolean> {
    const s = this.s;
    return this.database
      .transaction(() => {
        // Read again under the write lock: another indexer may have written this log's run meanwhile.
        const stored = s.fileOfUnit.get(unit.id, unit.was.path) as { size: number; sha256: string } | undefined;
        const runRow = s.rootRun.get(unit.id) as { id: number } | undefined;
        if (stored === undefined || runRow === undefined) return false;
        if (stored.size !== unit.was.size || stored.sha256 !== unit.was.sha256) return false;
        const { stats, buckets } = statsColumns(unit.stats);
        s.updateUnit.run(unit.root, unit.seq, new Date().toISOString(), unit.id);
        s.updateStats.run(stats, buckets, unit.resume, unit.id);
        s.updateFile.run(unit.file.size, unit.file.mtime_ms, unit.file.sha256, unit.id, unit.was.path);
        s.updateRun.run(...runColumns({ stats: unit.stats, viewPath: "", messages: [], children: [] }), runRow.id);
        const { added, changedLast, settled } = unit.messages;
        if (changedLast !== undefined) {
          const row = s.messageAt.get(runRow.id, changedLast.index) as { id: number } | undefined;
          if (row === undefined)
            throw new Error(`message ${changedLast.index} of ${unit.was.path} is not in the index`);
          s.deleteMessageText.run(row.id);
          s.deleteToolsOf.run(row.id);
          this.insertContent(row.id, changedLast);
        }
        for (const call of settled) s.settleTool.run(call.status, call.durationMs, runRow.id, call.message, call.call);
        const range: { first?: number; last?: number } = {};
        this.insertMessages(runRow.id, added, range);
        if (range.first !== undefined) {
          const last = s.lastRange.get(unit.id) as { first: number; last: number } | undefined;
          if (last !== undefined && last.last + 1 === range.first) s.extendRange.run(range.last, unit.id, last.first);
          else s.insertRange.run(unit.id, range.first, range.last);
        }
        return true;
      })
      .immediate();
  }

  async saveSeenFiles(
    root: string,
    files: ReadonlyArray<{ path: string; size: number; mtimeMs: number }>,
  ): Promise<void> {
    const now = new Date().toISOString();
    this.database
      .transaction(() => {
        this.s.deleteFilesOfRoot.run(this.machine, root);
        for (const file of files) this.s.insertSeenFile.run(this.machine, root, file.path, file.size, file.mtimeMs);
        this.s.touchRoot.run(this.machine, root, now, now);
      })
      .immediate();
  }

  async forgetRoot(root: string): Promise<void> {
    this.database
      .transaction(() => {
        this.s.deleteFilesOfRoot.run(this.machine, root);
        this.s.deleteRoot.run(this.machine, root);
      })
      .immediate();
  }

  async runCount(): Promise<number> {
    return (this.s.runCount.get(this.machine) as { count: number }).count;
  }

  async roots(): Promise<string[]> {
    return (this.s.roots.all(this.machine) as Array<{ path: string }>).map(({ path }) => path);
  }

  private childUnits(): Array<{ id: number; first: number | null; last: number | null }> {
    return this.s.childUnits.all() as Array<{ id: number; first: number | null; last: number | null }>;
  }

  async units(root: string, withBuckets: boolean): Promise<StoredUnit[]> {
    // One read transaction: the units and which of them are child files, from one state of the database.
    return this.database.transaction(() => {
      const children = new Set(this.childUnits().map(({ id }) => id));
      const rows = (withBuckets ? this.s.unitsWithBuckets : this.s.units).all(this.rootParameters(root)) as Array<{
        id: number;
        seq: number;
        path: string;
        outcome: string;
        reason: string | null;
        stats: string | null;
        buckets: string | null;
      }>;
      rows.sort((a, b) => a.seq - b.seq || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return rows.map(({ id, seq: _seq, ...unit }) => ({ ...unit, isChild: children.has(id) }));
    })();
  }

  async search(
    terms: ReadonlyArray<QueryTerm | "OR">,
    filters: StoreFilters,
    limit: number,
    maxRanked: number,
  ): Promise<{ rows: SearchRow[]; total: number }> {
    // One read transaction: the matches, their details and snippets all from one state of the database, whatever
    // an indexer writes meanwhile.
    return this.database.transaction(() => this.searchNow(ftsQuery(terms), filters, limit, maxRanked))();
  }

  private searchNow(
    query: string,
    filters: StoreFilters,
    limit: number,
    maxRanked: number,
  ): { rows: SearchRow[]; total: number } {
    const children = this.childUnits();
    const excludedUnits = children.map(({ id }) => id);
    const ranges = children.flatMap(({ first, last }) => (first === null || last === null ? [] : [{ first, last }]));
    const matches = hasFilters(filters)
      ? this.filteredMatches(query, filters, excludedUnits, maxRanked)
      : this.matches(query, ranges, maxRanked);
    // Counted up to one past the cap: a word in every message is "more than 1,000", not a count of them all.
    const total = matches.length;
    const best = matches
      .slice(0, maxRanked)
      .sort((a, b) => a.rank - b.rank || a.id - b.id)
      .slice(0, limit);
    if (best.length === 0) return { total, rows: [] };
    const details = new Map(
      (
        this.database
          .prepare(
            `SELECT m.id, u.path AS file, u.machine, r.run_id, r.title, r.depth, r.view_path, r.agent, r.project,
               r.status, m.message_id, m.position, m.role, m.model, m.at
             FROM messages m JOIN runs r ON r.id = m.run JOIN units u ON u.id = r.unit_id
             WHERE m.id IN (SELECT value FROM json_each(?))`,
          )
          .all(JSON.stringify(best.map(({ id }) => id))) as Array<Record<string, unknown>>
      ).map((row) => [Number(row.id), row]),
    );
    const snippet = this.database.prepare(
      `SELECT snippet(message_text, 0, '${highlightStart}', '${highlightEnd}', '…', 24) AS marked
       FROM message_text WHERE message_text MATCH ? AND rowid = ?`,
    );
    const rows: SearchRow[] = [];
    for (const { id, rank } of best) {
      const row = details.get(id) as Record<string, unknown>;
      const marked = (snippet.get(query, id) as { marked: string } | undefined)?.marked ?? "";
      rows.push(searchRowOf({ ...row, rank }, marked));
    }
    return { total, rows };
  }

  /**
   * The newest `maxRanked` + 1 matches with their bm25 rank, from the full-text index alone: a child run's file
   * indexed on its own is left out by its messages' ids, not by a join per match (the join was half a search's time).
   */
  private matches(
    query: string,
    ranges: ReadonlyArray<{ first: number; last: number }>,
    maxRanked: number,
  ): Array<{ id: number; rank: number }> {
    // The ranges, sorted, for the function the query asks of each match: the limit then counts only the others.
    this.childRanges = [...ranges].sort((a, b) => a.first - b.first);
    return this.database
      .prepare(
        `SELECT rowid AS id, bm25(message_text) AS rank FROM message_text
         WHERE message_text MATCH ? AND NOT ${inChildFile}(rowid)
         ORDER BY rowid DESC LIMIT ?`,
      )
      .all(query, maxRanked + 1) as Array<{ id: number; rank: number }>;
  }

  /** The newest `maxRanked` + 1 matches that pass the filters, joined to their messages, runs and units to filter. */
  private filteredMatches(
    query: string,
    filters: StoreFilters,
    excludedUnits: readonly number[],
    maxRanked: number,
  ): Array<{ id: number; rank: number }> {
    const where: string[] = ["message_text MATCH @query", "u.id NOT IN (SELECT value FROM json_each(@excluded))"];
    const parameters: Record<string, unknown> = { query, excluded: JSON.stringify(excludedUnits) };
    if (filters.agent !== undefined) {
      where.push("r.agent = @agent");
      parameters.agent = filters.agent;
    }
    if (filters.model !== undefined) {
      where.push("(instr(coalesce(m.model, ''), @model) > 0 OR instr(r.models, @model) > 0)");
      parameters.model = filters.model;
    }
    if (filters.tool !== undefined) {
      where.push("EXISTS (SELECT 1 FROM tool_calls t WHERE t.message = m.id AND t.name = @tool)");
      parameters.tool = filters.tool;
    }
    if (filters.project !== undefined) {
      where.push(
        "(instr(lower(coalesce(r.project, '')), @project) > 0 OR instr(lower(coalesce(r.cwd, '')), @project) > 0)",
      );
      parameters.project = filters.project;
    }
    if (filters.status !== undefined) {
      where.push("r.status = @status");
      parameters.status = filters.status;
    }
    if (filters.role !== undefined) {
      where.push("m.role = @role");
      parameters.role = filters.role;
    }
    if (filters.fromMs !== undefined) {
      where.push("m.at_ms >= @fromMs");
      parameters.fromMs = filters.fromMs;
    }
    if (filters.beforeMs !== undefined) {
      where.push("m.at_ms < @beforeMs");
      parameters.beforeMs = filters.beforeMs;
    }
    return this.database
      .prepare(
        `SELECT message_text.rowid AS id, bm25(message_text) AS rank
         FROM message_text
           JOIN messages m ON m.id = message_text.rowid
           JOIN runs r ON r.id = m.run
           JOIN units u ON u.id = r.unit_id
         WHERE ${where.map((clause) => `(${clause})`).join(" AND ")}
         ORDER BY message_text.rowid DESC LIMIT @limit`,
      )
      .all({ ...parameters, limit: maxRanked + 1 }) as Array<{ id: number; rank: number }>;
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
