/**
 * Search across every indexed run: SQLite's FTS5 over each message's text and its tool calls' names and arguments,
 * ranked by bm25, with a highlighted snippet per hit. A query is words and "quoted phrases", all of which a message
 * must hold (`OR` between two terms takes either, a trailing `*` matches a word's beginning); every term is quoted
 * for FTS5, so punctuation in a term (`auth.go`, `--force`) is never FTS5 syntax: it splits the term into a phrase, as
 * the index split the text.
 */
import { DayOfCall } from "../days.js";
import { UserError } from "../io.js";
import type { Database } from "./database.js";

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

/** One message that matched. */
export interface SearchHit {
  /** The file the run was read from (its root file: a sub-agent's hit names its session's file). */
  file: string;
  runId: string | null;
  runTitle: string | null;
  /** 0 for a root run, 1 for its sub-agent, and so on. */
  depth: number;
  /** The viewer's place for the message: `m=<position>`, in a child run `r=<run path>&m=<position>` (`view FILE --at …`). */
  place: string;
  agent: string | null;
  project: string | null;
  status: string | null;
  messageId: string | null;
  /** The message's place in its run, from 0. */
  position: number;
  role: string;
  model: string | null;
  at: string | null;
  /** The matched text around the hit, highlights marked by `highlights` (start and end offsets into it). */
  snippet: string;
  highlights: Array<[start: number, end: number]>;
  /** bm25's score: lower is better. */
  rank: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** How many messages matched (at most {@link maxRankedMatches}), of which `hits` are the best. */
  total: number;
  /** More messages matched than are counted: the hits are the best of the newest {@link maxRankedMatches}. */
  more: boolean;
}

/**
 * How many matches are counted and ranked: a word every message holds would otherwise rank the whole index (seconds
 * on a gigabyte of sessions). Beyond it the hits are the best of the newest matches.
 */
export const maxRankedMatches = 10_000;

/** The markers snippet() puts around a match: private-use characters, removed from every text before it is indexed. */
export const highlightStart = "\uE000";
export const highlightEnd = "\uE001";
const markers = /[\uE000\uE001]/g;

/** Text as it goes into the index: without the characters that mark highlights. */
export function indexableText(text: string): string {
  return text.replace(markers, "");
}

/** One term of a query: a phrase, and whether it matches the beginnings of words. */
export interface QueryTerm {
  text: string;
  prefix: boolean;
}

/** The terms of a query, `OR` kept as an operator between two of them. */
export function parseQuery(query: string): Array<QueryTerm | "OR"> {
  const terms: Array<QueryTerm | "OR"> = [];
  const pattern = /"([^"]*)"(\*?)|(\S+)/g;
  for (const match of query.matchAll(pattern)) {
    const [, phrase, phraseStar, word] = match;
    if (word === "OR") {
      if (terms.length > 0 && terms.at(-1) !== "OR") terms.push("OR");
      continue;
    }
    const text = phrase ?? (word as string);
    const prefix = phrase !== undefined ? phraseStar === "*" : text.endsWith("*");
    const bare = phrase === undefined && prefix ? text.slice(0, -1) : text;
    // A term of punctuation alone holds no word to find.
    if (!/[\p{L}\p{N}]/u.test(bare)) continue;
    terms.push({ text: bare, prefix });
  }
  while (terms.at(-1) === "OR") terms.pop();
  return terms;
}

/** The query in FTS5's syntax: each term a quoted string, so nothing the user typed is an operator but OR. */
export function ftsQuery(terms: ReadonlyArray<QueryTerm | "OR">): string {
  return terms
    .map((term) => (term === "OR" ? "OR" : `"${term.text.replaceAll('"', '""')}"${term.prefix ? " *" : ""}`))
    .join(" ");
}

function highlightsOf(marked: string): { snippet: string; highlights: Array<[number, number]> } {
  const spaced = marked.replace(markers, "").replace(/\s+/g, " ");
  // Without the space a snippet may start or end with, the highlights moved with it.
  const lead = spaced.startsWith(" ") ? 1 : 0;
  const snippet = spaced.trim();
  return {
    snippet,
    highlights: normaliseHighlights(marked).map(([start, end]): [number, number] => [
      Math.max(0, start - lead),
      Math.min(snippet.length, end - lead),
    ]),
  };
}

/** Offsets into the snippet once its runs of white space are one space each (as it is shown). */
function normaliseHighlights(marked: string): Array<[number, number]> {
  const highlights: Array<[number, number]> = [];
  let length = 0;
  let start = -1;
  let lastWasSpace = false;
  for (const character of marked) {
    if (character === highlightStart) start = length;
    else if (character === highlightEnd) {
      if (start >= 0) highlights.push([start, length]);
      start = -1;
    } else if (/\s/.test(character)) {
      if (!lastWasSpace) length += 1;
      lastWasSpace = true;
    } else {
      length += character.length;
      lastWasSpace = false;
    }
  }
  return highlights;
}

/**
 * Searches the index. `limit`: how many hits, best first; `maxRanked`: how many matches are counted and ranked at
 * most (the newest), {@link maxRankedMatches} unless told.
 */
export function searchIndex(
  database: Database,
  query: string,
  filters: SearchFilters,
  limit: number,
  maxRanked = maxRankedMatches,
): SearchResult {
  if (!Number.isSafeInteger(maxRanked) || maxRanked < 1) throw new RangeError("maxRanked is a whole number from 1");
  const terms = parseQuery(query);
  if (terms.length === 0) throw new UserError(`the query "${query}" holds no word to search for`, 2);
  const where: string[] = ["message_text MATCH @query"];
  const parameters: Record<string, unknown> = { query: ftsQuery(terms) };
  // A file another run read as its child run is that run's: its own copy is not a run of its own.
  where.push("NOT EXISTS (SELECT 1 FROM unit_files f WHERE f.path = u.path AND f.is_child = 1 AND f.unit_id <> u.id)");
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
    parameters.project = filters.project.toLowerCase();
  }
  if (filters.status !== undefined) {
    where.push("r.status = @status");
    parameters.status = filters.status;
  }
  if (filters.role !== undefined) {
    where.push("m.role = @role");
    parameters.role = filters.role;
  }
  if (filters.since !== undefined || filters.until !== undefined) {
    const days = new DayOfCall(filters.timeZone ?? "UTC");
    database.function("agent_transcript_day", { deterministic: true }, (at: unknown) =>
      typeof at === "string" ? (days.of(at) ?? null) : null,
    );
    if (filters.since !== undefined) {
      where.push("agent_transcript_day(m.at) >= @since");
      parameters.since = filters.since;
    }
    if (filters.until !== undefined) {
      where.push("agent_transcript_day(m.at) <= @until");
      parameters.until = filters.until;
    }
  }
  const from = `FROM message_text
    JOIN messages m ON m.id = message_text.rowid
    JOIN runs r ON r.id = m.run
    JOIN units u ON u.id = r.unit_id
    WHERE ${where.map((clause) => `(${clause})`).join(" AND ")}`;
  let rows: Array<Record<string, unknown>>;
  let total: number;
  try {
    // Counted up to one past the cap: a word in every message is "more than 10,000", not a count of them all.
    total = (
      database.prepare(`SELECT count(*) AS count FROM (SELECT 1 ${from} LIMIT ${maxRanked + 1})`).get(parameters) as {
        count: number;
      }
    ).count;
    // Ranked among the newest matches (FTS5 gives them newest first without reading the rest); the snippets are
    // made for the hits shown alone.
    rows = database
      .prepare(
        `WITH ranked AS (
           SELECT message_text.rowid AS id, bm25(message_text) AS rank ${from}
           ORDER BY message_text.rowid DESC LIMIT ${maxRanked}
         )
         SELECT ranked.id, ranked.rank, u.path AS file, r.run_id, r.title, r.depth, r.view_path, r.agent, r.project,
           r.status, m.message_id, m.position, m.role, m.model, m.at
         FROM ranked
           JOIN messages m ON m.id = ranked.id
           JOIN runs r ON r.id = m.run
           JOIN units u ON u.id = r.unit_id
         ORDER BY ranked.rank, ranked.id
         LIMIT @limit`,
      )
      .all({ ...parameters, limit }) as Array<Record<string, unknown>>;
    const snippet = database.prepare(
      `SELECT snippet(message_text, 0, '${highlightStart}', '${highlightEnd}', '…', 24) AS marked
       FROM message_text WHERE message_text MATCH @query AND rowid = @id`,
    );
    for (const row of rows)
      row.marked = (snippet.get({ query: parameters.query, id: row.id }) as { marked: string } | undefined)?.marked;
  } catch (error) {
    throw new UserError(`cannot search for "${query}": ${error instanceof Error ? error.message : String(error)}`, 2);
  }
  const hits = rows.map((row): SearchHit => {
    const { snippet, highlights } = highlightsOf(String(row.marked ?? ""));
    return {
      file: row.file as string,
      runId: (row.run_id as string | null) ?? null,
      runTitle: (row.title as string | null) ?? null,
      depth: row.depth as number,
      place:
        row.view_path === ""
          ? `m=${row.position as number}`
          : `r=${row.view_path as string}&m=${row.position as number}`,
      agent: (row.agent as string | null) ?? null,
      project: (row.project as string | null) ?? null,
      status: (row.status as string | null) ?? null,
      messageId: (row.message_id as string | null) ?? null,
      position: row.position as number,
      role: row.role as string,
      model: (row.model as string | null) ?? null,
      at: (row.at as string | null) ?? null,
      snippet,
      highlights,
      rank: row.rank as number,
    };
  });
  return { hits, total: Math.min(total, maxRanked), more: total > maxRanked };
}
