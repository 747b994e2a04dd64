/**
 * What the run index keeps, said once for its two databases: SQLite on one machine (sqlite-store.ts), PostgreSQL for
 * a team (postgres-store.ts). The indexer, the reports and search speak only to this; each store gives the same
 * answers for the same files (a test holds the two to it).
 */
import { hostname } from "node:os";
import path from "node:path";
import type { AppendedMessages, IndexedRun } from "./content.js";
import type { RunStats } from "../run-stats.js";

/** A file a run was read from, as the index saw it. */
export interface StoredFile {
  path: string;
  size: number;
  mtime_ms: number;
  sha256: string;
}

/** One file's reading, written in one transaction. */
export interface UnitWrite {
  root: string;
  path: string;
  seq: number;
  kind: string;
  outcome: "run" | "skipped" | "problem";
  reason: string | null;
  run: IndexedRun | undefined;
  files: Array<StoredFile & { isChild: boolean }>;
  /** An event log's resume record (JSON, indexer.ts), or null. */
  resume: string | null;
}

/** Lines appended to a unit's event log, read from where its last reading stopped: written in one transaction. */
export interface UnitAppend {
  id: number;
  root: string;
  seq: number;
  /**
   * The log as the reading that was resumed saw it: the append is refused (false) when the unit no longer says so
   * (another indexer wrote it meanwhile), and the log is then read whole.
   */
  was: StoredFile;
  /** The log now. */
  file: StoredFile;
  /** The run's statistics over the whole log. */
  stats: RunStats;
  messages: AppendedMessages;
  resume: string | null;
}

/** A file of a root as the reports read it back. */
export interface StoredUnit {
  path: string;
  outcome: string;
  reason: string | null;
  /** The root run's statistics, JSON (RunStats without its call buckets). */
  stats: string | null;
  /** Its call buckets as `encodeBuckets` (bucket-encoding.ts) wrote them, when asked for. */
  buckets: string | null;
  /** Another run read this file as its child run. */
  isChild: boolean;
}

/** What a query may be narrowed to. */
export interface SearchFilters {
  agent?: string;
  /** Text in the name of the model that wrote the message, or of any model of its run. */
  model?: string;
  /** The message made a call to this tool. */
  tool?: string;
  /** Text in the run's project or folder, any case. */
  project?: string;
  status?: string;
  role?: string;
  since?: string;
  until?: string;
  timeZone?: string;
}

/** One term of a query: a phrase, and whether it matches the beginnings of words. */
export interface QueryTerm {
  text: string;
  prefix: boolean;
}

/** What a search may be narrowed to, as the stores take it (days already turned into times, the project in lower case). */
export interface StoreFilters extends Omit<SearchFilters, "since" | "until" | "timeZone"> {
  /** Messages at or after this time, before `beforeMs` (milliseconds since the epoch). */
  fromMs?: number;
  beforeMs?: number;
}

/** One matching message as a store gives it. */
export interface SearchRow {
  file: string;
  machine: string;
  runId: string | null;
  title: string | null;
  depth: number;
  viewPath: string;
  agent: string | null;
  project: string | null;
  status: string | null;
  messageId: string | null;
  position: number;
  role: string;
  model: string | null;
  at: string | null;
  /** The snippet with the matches between {@link highlightStart} and {@link highlightEnd}. */
  marked: string;
  /** Lower is better. */
  rank: number;
}

/** A row of either store's search query (their columns are named alike) as a {@link SearchRow}. */
export function searchRowOf(row: Record<string, unknown>, marked: string): SearchRow {
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  return {
    file: row.file as string,
    machine: row.machine as string,
    runId: text(row.run_id),
    title: text(row.title),
    depth: Number(row.depth),
    viewPath: row.view_path as string,
    agent: text(row.agent),
    project: text(row.project),
    status: text(row.status),
    messageId: text(row.message_id),
    position: Number(row.position),
    role: row.role as string,
    model: text(row.model),
    at: text(row.at),
    marked,
    rank: Number(row.rank),
  };
}

/** A run's row, in the column order both stores insert it in (after its unit, parent and depth). */
export function runColumns(run: IndexedRun): unknown[] {
  const { stats } = run;
  return [
    run.viewPath,
    stats.runId,
    stats.title,
    stats.agent,
    stats.project,
    stats.cwd,
    stats.gitBranch,
    stats.status,
    stats.startedAt,
    JSON.stringify(Object.keys(stats.models)),
  ];
}

/** The characters a snippet marks its matches with: private-use, removed from every text before it is indexed. */
export const highlightStart = "\uE000";
export const highlightEnd = "\uE001";

/** The run index's database. Paths are this machine's: a shared database keeps each machine's files apart. */
export interface RunIndexStore {
  readonly kind: "sqlite" | "postgres";
  /** Where it is, for messages (a file, or a URL without its password). */
  readonly location: string;
  /** The layout was older and was made anew. */
  readonly rebuilt: boolean;
  /** The units of the root's files: the root itself, or anything under it, whichever root walked it last. */
  unitsOfRoot(root: string): Promise<Map<string, { id: number; seq: number }>>;
  filesOfUnit(id: number): Promise<StoredFile[]>;
  seenFiles(root: string): Promise<Map<string, { size: number; mtime_ms: number }>>;
  remove(id: number): Promise<void>;
  /** A unit kept as it is, under the root that walked it last and in its place in that walk. */
  place(id: number, root: string, seq: number): Promise<void>;
  write(unit: UnitWrite): Promise<void>;
  /** A unit's resume record (JSON), null when it has none. */
  resumeOf(id: number): Promise<string | null>;
  /** Lines appended to a unit's log: false, and nothing written, when the unit is not as `was` says. */
  append(unit: UnitAppend): Promise<boolean>;
  saveSeenFiles(root: string, files: ReadonlyArray<{ path: string; size: number; mtimeMs: number }>): Promise<void>;
  /** A root that is gone: its files and the root itself are no longer kept (its runs are removed one by one). */
  forgetRoot(root: string): Promise<void>;
  runCount(): Promise<number>;
  /** The roots indexed before on this machine. */
  roots(): Promise<string[]>;
  /** A root's files in the order its walk gave them; their call buckets only when `withBuckets`. */
  units(root: string, withBuckets: boolean): Promise<StoredUnit[]>;
  /**
   * Messages holding the query: counted up to `maxRanked` + 1, the newest `maxRanked` ranked, the best `limit`
   * returned with their snippets. Across every machine's runs in a shared database.
   */
  search(
    terms: ReadonlyArray<QueryTerm | "OR">,
    filters: StoreFilters,
    limit: number,
    maxRanked: number,
  ): Promise<{ rows: SearchRow[]; total: number }>;
  close(): Promise<void>;
}

/** What the path of everything under a root begins with. */
export function folderPrefix(root: string): string {
  return root.endsWith(path.sep) ? root : `${root}${path.sep}`;
}

/** This machine's name in a shared index. */
export function machineName(): string {
  return hostname() || "localhost";
}

/** Text as it goes into the index: without the characters that mark highlights. */
export function indexableText(text: string): string {
  return text.replace(/[\uE000\uE001]/g, "");
}

/**
 * The words of a text as SQLite's unicode61 tokenizer finds them: runs of letters and digits, in lower case, accents
 * removed. PostgreSQL is given these words, so that both databases find the same messages for the same query.
 */
export function wordsOf(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}
