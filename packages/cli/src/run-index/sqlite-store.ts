/**
 * The run index in SQLite (better-sqlite3, synchronous): one transaction per run, FTS5 for search with bm25 and
 * snippet(). Its statements are prepared once per connection.
 */
import type { Statement } from "better-sqlite3";
import type { Database } from "./database.js";
import { ftsQuery } from "./search.js";
import {
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
  type UnitWrite,
} from "./store.js";
import type { IndexedRun } from "./content.js";

/** A file another run of the same machine read as its child run: its own copy is not a run of its own. */
const childOfAnother =
  "EXISTS (SELECT 1 FROM unit_files f JOIN units o ON o.id = f.unit_id WHERE f.path = u.path AND f.is_child = 1 AND o.id <> u.id AND o.machine = u.machine)";

function prepareStatements(database: Database) {
  const prepare = (sql: string): Statement => database.prepare(sql);
  return {
    unitsOfRoot: prepare("SELECT id, path, seq FROM units WHERE machine = ? AND root = ?"),
    filesOfUnit: prepare("SELECT path, size, mtime_ms, sha256 FROM unit_files WHERE unit_id = ?"),
    deleteText: prepare(
      "DELETE FROM message_text WHERE rowid IN (SELECT m.id FROM messages m JOIN runs r ON r.id = m.run WHERE r.unit_id = ?)",
    ),
    deleteUnit: prepare("DELETE FROM units WHERE id = ?"),
    unitByPath: prepare("SELECT id FROM units WHERE machine = ? AND path = ?"),
    insertUnit: prepare(
      "INSERT INTO units (machine, root, path, seq, kind, outcome, reason, stats, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
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
    updateSeq: prepare("UPDATE units SET seq = ? WHERE id = ?"),
    filesOfRoot: prepare("SELECT path, size, mtime_ms FROM files WHERE machine = ? AND root = ?"),
    deleteFilesOfRoot: prepare("DELETE FROM files WHERE machine = ? AND root = ?"),
    insertSeenFile: prepare(
      "INSERT OR REPLACE INTO files (machine, path, root, size, mtime_ms) VALUES (?, ?, ?, ?, ?)",
    ),
    touchRoot: prepare(
      "INSERT INTO roots (machine, path, added_at, refreshed_at) VALUES (?, ?, ?, ?) ON CONFLICT (machine, path) DO UPDATE SET refreshed_at = excluded.refreshed_at",
    ),
    runCount: prepare("SELECT count(*) AS count FROM runs r JOIN units u ON u.id = r.unit_id WHERE u.machine = ?"),
    roots: prepare("SELECT path FROM roots WHERE machine = ? ORDER BY added_at, path"),
    units: prepare(
      `SELECT u.path, u.outcome, u.reason, u.stats, ${childOfAnother} AS is_child
         FROM units u WHERE u.machine = ? AND u.root = ? ORDER BY u.seq`,
    ),
  };
}

export class SqliteStore implements RunIndexStore {
  readonly kind = "sqlite";
  private readonly machine = machineName();
  private readonly s: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly database: Database,
    readonly location: string,
    readonly rebuilt: boolean,
  ) {
    this.s = prepareStatements(database);
  }

  async unitsOfRoot(root: string): Promise<Map<string, { id: number; seq: number }>> {
    const units = this.s.unitsOfRoot.all(this.machine, root) as Array<{ id: number; path: string; seq: number }>;
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

  async reorder(id: number, seq: number): Promise<void> {
    this.s.updateSeq.run(seq, id);
  }

  async write(unit: UnitWrite): Promise<void> {
    const now = new Date().toISOString();
    const s = this.s;
    this.database
      .transaction(() => {
        // Read again under the write lock: another indexer may have written this file's run meanwhile.
        const existing = s.unitByPath.get(this.machine, unit.path) as { id: number } | undefined;
        if (existing !== undefined) this.removeUnit(existing.id);
        const unitId = Number(
          s.insertUnit.run(
            this.machine,
            unit.root,
            unit.path,
            unit.seq,
            unit.kind,
            unit.outcome,
            unit.reason,
            unit.run === undefined ? null : JSON.stringify(unit.run.stats),
            now,
          ).lastInsertRowid,
        );
        for (const file of unit.files)
          s.insertFile.run(unitId, file.path, file.size, file.mtime_ms, file.sha256, file.isChild ? 1 : 0);
        if (unit.run === undefined) return;
        const work: Array<{ run: IndexedRun; parent: number | null; depth: number }> = [
          { run: unit.run, parent: null, depth: 0 },
        ];
        while (work.length > 0) {
          const { run, parent, depth } = work.pop() as (typeof work)[number];
          const runId = Number(s.insertRun.run(unitId, parent, depth, ...runColumns(run)).lastInsertRowid);
          for (const message of run.messages) {
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
            if (message.text !== "") s.insertText.run(messageRow, indexableText(message.text));
            for (const call of message.toolCalls)
              s.insertTool.run(messageRow, call.callId, call.name, call.summary, call.status, call.durationMs);
          }
          for (const child of run.children) work.push({ run: child, parent: runId, depth: depth + 1 });
        }
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
        for (const file of files) this.s.insertSeenFile.run(this.machine, file.path, root, file.size, file.mtimeMs);
        this.s.touchRoot.run(this.machine, root, now, now);
      })
      .immediate();
  }

  async runCount(): Promise<number> {
    return (this.s.runCount.get(this.machine) as { count: number }).count;
  }

  async roots(): Promise<string[]> {
    return (this.s.roots.all(this.machine) as Array<{ path: string }>).map(({ path }) => path);
  }

  async units(root: string): Promise<StoredUnit[]> {
    return (
      this.s.units.all(this.machine, root) as Array<{
        path: string;
        outcome: string;
        reason: string | null;
        stats: string | null;
        is_child: number;
      }>
    ).map(({ is_child: isChild, ...unit }) => ({ ...unit, isChild: isChild === 1 }));
  }

  async search(
    terms: ReadonlyArray<QueryTerm | "OR">,
    filters: StoreFilters,
    limit: number,
    maxRanked: number,
  ): Promise<{ rows: SearchRow[]; total: number }> {
    const where: string[] = ["message_text MATCH @query", `NOT ${childOfAnother}`];
    const parameters: Record<string, unknown> = { query: ftsQuery(terms) };
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
    const from = `FROM message_text
      JOIN messages m ON m.id = message_text.rowid
      JOIN runs r ON r.id = m.run
      JOIN units u ON u.id = r.unit_id
      WHERE ${where.map((clause) => `(${clause})`).join(" AND ")}`;
    // Counted up to one past the cap: a word in every message is "more than 10,000", not a count of them all.
    const total = (
      this.database
        .prepare(`SELECT count(*) AS count FROM (SELECT 1 ${from} LIMIT ${maxRanked + 1})`)
        .get(parameters) as { count: number }
    ).count;
    // Ranked among the newest matches (FTS5 gives them newest first without reading the rest); the snippets are
    // made for the hits shown alone.
    const rows = this.database
      .prepare(
        `WITH ranked AS (
           SELECT message_text.rowid AS id, bm25(message_text) AS rank ${from}
           ORDER BY message_text.rowid DESC LIMIT ${maxRanked}
         )
         SELECT ranked.id, ranked.rank, u.path AS file, u.machine, r.run_id, r.title, r.depth, r.view_path, r.agent,
           r.project, r.status, m.message_id, m.position, m.role, m.model, m.at
         FROM ranked
           JOIN messages m ON m.id = ranked.id
           JOIN runs r ON r.id = m.run
           JOIN units u ON u.id = r.unit_id
         ORDER BY ranked.rank, ranked.id
         LIMIT @limit`,
      )
      .all({ ...parameters, limit }) as Array<Record<string, unknown>>;
    const snippet = this.database.prepare(
      `SELECT snippet(message_text, 0, '${highlightStart}', '${highlightEnd}', '…', 24) AS marked
       FROM message_text WHERE message_text MATCH @query AND rowid = @id`,
    );
    return {
      total,
      rows: rows.map((row) =>
        searchRowOf(
          row,
          (snippet.get({ query: parameters.query, id: row.id }) as { marked: string } | undefined)?.marked ?? "",
        ),
      ),
    };
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
