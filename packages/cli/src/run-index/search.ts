/**
 * Search across every indexed run: SQLite's FTS5 over each message's text and its tool calls' names and arguments,
 * ranked by bm25, with a highlighted snippet per hit. A query is words and "quoted phrases", all of which a message
 * must hold (`OR` between two terms takes either, a trailing `*` matches a word's beginning); every term is quoted
 * for FTS5, so punctuation in a term (`auth.go`, `--force`) is never FTS5 syntax: it splits the term into a phrase, as
 * the index split the text.
 */
import { DayOfCall } from "../days.js";
import { UserError } from "../io.js";
import {
  highlightEnd,
  highlightStart,
  type QueryTerm,
  type RunIndexStore,
  type SearchFilters,
  type StoreFilters,
} from "./store.js";

export type { QueryTerm, SearchFilters } from "./store.js";

/** One message that matched. */
export interface SearchHit {
  /** The file the run was read from (its root file: a sub-agent's hit names its session's file). */
  file: string;
  /** The machine the file is on (a shared index holds several). */
  machine: string;
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
 * on a gigabyte of sessions). Beyond it the hits are the best of the newest matches, and the answer says that more
 * matched. A thousand keeps a query of words that nearly every message holds under 50 ms on a gigabyte of sessions
 * (10,000 took 65 ms at the 95th percentile: bm25 is worked out for each match ranked); a query that matches more
 * than a thousand messages is one to narrow anyway.
 */
export const maxRankedMatches = 1_000;

const markers = /[\uE000\uE001]/g;

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
export async function searchIndex(
  store: RunIndexStore,
  query: string,
  filters: SearchFilters,
  limit: number,
  maxRanked = maxRankedMatches,
): Promise<SearchResult> {
  if (!Number.isSafeInteger(maxRanked) || maxRanked < 1) throw new RangeError("maxRanked is a whole number from 1");
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit is a whole number from 1");
  const terms = parseQuery(query);
  if (terms.length === 0) throw new UserError(`the query "${query}" holds no word to search for`, 2);
  const days = new DayOfCall(filters.timeZone ?? "UTC");
  const storeFilters: StoreFilters = {
    ...(filters.agent === undefined ? {} : { agent: filters.agent }),
    ...(filters.model === undefined ? {} : { model: filters.model }),
    ...(filters.tool === undefined ? {} : { tool: filters.tool }),
    ...(filters.project === undefined ? {} : { project: filters.project.toLowerCase() }),
    ...(filters.status === undefined ? {} : { status: filters.status }),
    ...(filters.role === undefined ? {} : { role: filters.role }),
    ...(filters.since === undefined ? {} : { fromMs: days.startOf(filters.since) }),
    ...(filters.until === undefined ? {} : { beforeMs: days.endOf(filters.until) }),
  };
  let found: Awaited<ReturnType<RunIndexStore["search"]>>;
  try {
    found = await store.search(terms, storeFilters, limit, maxRanked);
  } catch (error) {
    throw new UserError(`cannot search for "${query}": ${error instanceof Error ? error.message : String(error)}`);
  }
  const hits = found.rows.map((row): SearchHit => {
    const { snippet, highlights } = highlightsOf(row.marked);
    return {
      file: row.file,
      machine: row.machine,
      runId: row.runId,
      runTitle: row.title,
      depth: row.depth,
      place: row.viewPath === "" ? `m=${row.position}` : `r=${row.viewPath}&m=${row.position}`,
      agent: row.agent,
      project: row.project,
      status: row.status,
      messageId: row.messageId,
      position: row.position,
      role: row.role,
      model: row.model,
      at: row.at,
      snippet,
      highlights,
      rank: row.rank,
    };
  });
  return { hits, total: Math.min(found.total, maxRanked), more: found.total > maxRanked };
}
