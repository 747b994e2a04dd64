/**
 * What `view` with no input serves beside the viewer: the run index's runs (`/api/runs`), search over them
 * (`/api/search`) and each run's transcript (`/runs/<number>.json`), read from its file when asked, redacted as `view`
 * redacts. A run is asked for by its number in the list the server was started with, never by a path: the server
 * reads no file the index did not list, whatever a request says.
 */
import path from "node:path";
import { prepareExport } from "@agent-transcript/core";
import { createRedactor } from "@agent-transcript/core/redact";
import { describeProblem } from "../../input/problems.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { loadDocument } from "../../input/document.js";
import type { CommandIo } from "../../io.js";
import { UserError } from "../../io.js";
import { dayBounds } from "../../days.js";
import { runStartMs, sumTotals, type RunStats, type StatsTotals } from "../../run-stats.js";
import { searchIndex, type SearchHit } from "../../run-index/search.js";
import type { RunIndexStore } from "../../run-index/store.js";
import type { DynamicRoutes, ViewAnswer } from "./server.js";

/** A run as the list shows it: what it is, when, and what it cost with its sub-agents. */
export interface IndexedRunSummary {
  /** Its number in the list: `/runs/<number>.json` is its transcript. */
  number: number;
  /** The file's name, for the page's title. */
  name: string;
  file: string;
  runId: string | null;
  title: string | null;
  /** The first thing its user asked, on one line (for a session that names no title). */
  firstPrompt: string | null;
  agent: string | null;
  project: string | null;
  cwd: string | null;
  gitBranch: string | null;
  status: string | null;
  startedAt: string | null;
  endedAt: string | null;
  models: string[];
  /** Sub-agents at any depth. */
  subAgents: number;
  /** Its own and its sub-agents' messages, tool calls, tokens and cost. */
  totals: StatsTotals;
}

/** What `/api/search` answers: `search --json`'s hits, each with the number of the run it opens in (null when unlisted). */
export interface IndexSearchAnswer {
  query: string;
  total: number;
  more: boolean;
  hits: Array<SearchHit & { run: number | null }>;
}

/** The longest query a request may carry, and the most hits it may ask for. */
const maxQueryCharacters = 1_000;
const maxHits = 100;
const filterNames = ["agent", "model", "tool", "project", "status", "role"] as const;

function countRuns(run: RunStats): number {
  let count = 0;
  const stack = run.children.slice();
  while (stack.length > 0) {
    const child = stack.pop() as RunStats;
    count += 1;
    for (const grandchild of child.children) stack.push(grandchild);
  }
  return count;
}

/** The runs newest first, numbered in that order. */
export function summariseRuns(runs: readonly RunStats[]): IndexedRunSummary[] {
  return [...runs]
    .sort((a, b) => runStartMs(b) - runStartMs(a))
    .map((run, number) => ({
      number,
      name: path.basename(run.source),
      file: run.source,
      runId: run.runId,
      title: run.title,
      firstPrompt: run.firstPrompt ?? null,
      agent: run.agent,
      project: run.project,
      cwd: run.cwd,
      gitBranch: run.gitBranch,
      status: run.status,
      startedAt: run.startedAt,
      endedAt: run.endedAt,
      models: Object.keys(run.models),
      subAgents: countRuns(run),
      totals: sumTotals([run]),
    }));
}

const json = (status: number, value: unknown): ViewAnswer => ({
  status,
  type: "application/json; charset=utf-8",
  body: JSON.stringify(value),
});

/**
 * The routes over `runs` (newest first) and `store` (open for reading while the server runs). `redact`: as `view`'s
 * `--no-redact` says. Transcripts are read one at a time (a 100 MB session read twice at once would hold both), the
 * last one kept for a reload.
 */
export function indexRoutes(
  runs: readonly IndexedRunSummary[],
  store: RunIndexStore,
  options: InputOptions & { redact: boolean },
  io: CommandIo,
): DynamicRoutes {
  const numberOfFile = new Map(runs.map((run) => [run.file, run.number]));
  // What the page is sent of the index is redacted as each run is (a first prompt, a snippet may hold a token); the
  // files are still found by the paths as they are.
  const redactor = options.redact ? createRedactor() : undefined;
  const runsAnswer = json(200, { runs: redactor === undefined ? runs : redactor.redactValue(runs).value });
  let reading: Promise<unknown> = Promise.resolve();
  let last: { number: number; answer: ViewAnswer } | undefined;

  const transcript = async (number: number): Promise<ViewAnswer | undefined> => {
    const run = runs[number];
    if (run === undefined) return undefined;
    if (last?.number === number) return last.answer;
    const loaded = await loadDocument(run.file, quietIo(io), inputLimits(options));
    if (!loaded.ok)
      return json(422, {
        error: `${run.file} could not be read: ${loaded.problems.map(describeProblem).join("; ")}`,
      });
    const prepared = prepareExport(loaded.document, { redact: options.redact ? {} : false });
    const answer = { status: 200, type: "application/json; charset=utf-8", body: JSON.stringify(prepared.document) };
    last = { number, answer };
    return answer;
  };

  const search = async (query: URLSearchParams): Promise<ViewAnswer> => {
    const text = query.get("q") ?? "";
    if (text.trim() === "") return json(400, { error: "q: a query is required" });
    if (text.length > maxQueryCharacters)
      return json(400, { error: `q: a query of at most ${maxQueryCharacters} characters` });
    const limitText = query.get("limit") ?? "20";
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > maxHits)
      return json(400, { error: `limit: a whole number from 1 to ${maxHits}` });
    const filters: Record<string, string> = {};
    for (const name of filterNames) {
      const value = query.get(name);
      if (value !== null && value !== "") filters[name] = value.slice(0, maxQueryCharacters);
    }
    try {
      const since = query.get("since");
      const until = query.get("until");
      const days = dayBounds({
        ...(since === null || since === "" ? {} : { since }),
        ...(until === null || until === "" ? {} : { until }),
      });
      const result = await searchIndex(store, text, { ...filters, ...days }, limit);
      const answer: IndexSearchAnswer = {
        query: text,
        total: result.total,
        more: result.more,
        hits: result.hits.map((found) => {
          const hit = { ...found, run: numberOfFile.get(found.file) ?? null };
          if (redactor === undefined) return hit;
          const redacted = redactor.redactValue(hit).value;
          // The highlights are offsets into the snippet as it was: a snippet that changed is sent without them.
          if (redacted.snippet !== hit.snippet) redacted.highlights = [];
          return redacted;
        }),
      };
      return json(200, answer);
    } catch (error) {
      // A query with no word in it, a day that is not one: said to the page as the command would say it.
      if (error instanceof UserError) return json(400, { error: error.message });
      throw error;
    }
  };

  return async (pathname, query) => {
    if (pathname === "/api/runs") return runsAnswer;
    if (pathname === "/api/search") return search(query);
    const match = /^\/runs\/(\d{1,9})\.json$/.exec(pathname);
    if (match === null) return undefined;
    const number = Number(match[1]);
    const answer = reading.then(() => transcript(number));
    reading = answer.catch(() => undefined);
    return answer;
  };
}

/** The reader's warnings are the file's business, not the server's terminal: a served run is read without them. */
function quietIo(io: CommandIo): CommandIo {
  return { ...io, stderr: () => undefined };
}
