/**
 * The run index's page (`agent-transcript view` with no input, opened with `?index=1`): every indexed run, newest
 * first, narrowed by agent and project, and search over every message of every run (the index's FTS5, asked through
 * `api/search`), each hit opening its run at its message. What the server sends is shown as text, never as markup.
 */
import { groupDigits, type Cost, type Usage } from "@agent-transcript/core";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { clipped, InlineText } from "./long-text.js";
import { formatCost, formatTokens } from "./model.js";

/** A run as `/api/runs` lists it (commands/view/index-routes.ts). */
export interface IndexedRunSummary {
  number: number;
  name: string;
  file: string;
  runId: string | null;
  title: string | null;
  firstPrompt: string | null;
  agent: string | null;
  project: string | null;
  cwd: string | null;
  gitBranch: string | null;
  status: string | null;
  startedAt: string | null;
  endedAt: string | null;
  models: string[];
  subAgents: number;
  totals: { messages: number; toolCalls: number; toolErrors: number; usage: Usage | null; cost: Cost | null };
}

/** One hit as `/api/search` answers it. */
export interface IndexSearchHit {
  run: number | null;
  file: string;
  runTitle: string | null;
  runId: string | null;
  depth: number;
  place: string;
  agent: string | null;
  project: string | null;
  role: string;
  position: number;
  at: string | null;
  snippet: string;
  highlights: Array<[number, number]>;
}

interface SearchAnswer {
  query: string;
  total: number;
  more: boolean;
  hits: IndexSearchHit[];
}

type Loading<T> = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; value: T };

/** How many runs are drawn before "Show more": a machine holds thousands. */
const pageSize = 200;

/** The address that opens a run (at a message when `place` says one), back to this list by `from=index`. */
export function runHref(run: { number: number; name: string }, place?: string): string {
  const query = new URLSearchParams({ src: `runs/${run.number}.json`, name: run.name, from: "index" });
  return `?${query.toString()}${place === undefined ? "" : `#${place}`}`;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", redirect: "error" });
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok)
    throw new Error(typeof body.error === "string" ? body.error : `${url.split("?")[0]}: HTTP ${response.status}`);
  return body as T;
}

function day(iso: string | null): string {
  if (iso === null) return "–";
  const time = Date.parse(iso);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 16).replace("T", " ") : "–";
}

function Snippet({ hit }: { hit: IndexSearchHit }) {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of hit.highlights) {
    if (start < at || end > hit.snippet.length) continue;
    pieces.push({ text: hit.snippet.slice(at, start), marked: false });
    pieces.push({ text: hit.snippet.slice(start, end), marked: true });
    at = end;
  }
  pieces.push({ text: hit.snippet.slice(at), marked: false });
  return (
    <span class="snippet">
      {pieces.map((piece, index) => (piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text))}
    </span>
  );
}

/** The search kept in the address (`#q=…&agent=…`), so that coming back from a run finds it again. */
function searchFromHash(): { query: string; agent: string; project: string } {
  const parameters = new URLSearchParams(location.hash.replace(/^#/, ""));
  return {
    query: parameters.get("q") ?? "",
    agent: parameters.get("agent") ?? "",
    project: parameters.get("project") ?? "",
  };
}

export function RunIndexPage() {
  const initial = useMemo(searchFromHash, []);
  const [runs, setRuns] = useState<Loading<IndexedRunSummary[]>>({ kind: "loading" });
  const [text, setText] = useState(initial.query);
  const [agent, setAgent] = useState(initial.agent);
  const [project, setProject] = useState(initial.project);
  const [found, setFound] = useState<Loading<SearchAnswer> | undefined>();
  const [shown, setShown] = useState(pageSize);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = "Runs — Agent Transcript";
    fetchJson<{ runs: IndexedRunSummary[] }>("api/runs").then(
      (answer) => setRuns({ kind: "ready", value: answer.runs }),
      (error: unknown) => setRuns({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
    const slash = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
        return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", slash);
    return () => window.removeEventListener("keydown", slash);
  }, []);

  const search = (query: string, agent: string, project: string) => {
    const kept = new URLSearchParams();
    if (query.trim() !== "") kept.set("q", query);
    if (agent !== "") kept.set("agent", agent);
    if (project !== "") kept.set("project", project);
    history.replaceState(null, "", `${location.pathname}${location.search}#${kept.toString()}`);
    if (query.trim() === "") return setFound(undefined);
    setFound({ kind: "loading" });
    const parameters = new URLSearchParams({ q: query, limit: "50" });
    if (agent !== "") parameters.set("agent", agent);
    if (project !== "") parameters.set("project", project);
    fetchJson<SearchAnswer>(`api/search?${parameters.toString()}`).then(
      (answer) => setFound({ kind: "ready", value: answer }),
      (error: unknown) => setFound({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  };

  // A search kept in the address runs again on the way back, once the filters are set.
  useEffect(() => {
    if (initial.query !== "") search(initial.query, initial.agent, initial.project);
  }, []);

  const list = runs.kind === "ready" ? runs.value : [];
  const agents = useMemo(() => [...new Set(list.map((run) => run.agent ?? "(none)"))].sort(), [list]);
  const projects = useMemo(
    () => [...new Set(list.map((run) => run.project).filter((name): name is string => name !== null))].sort(),
    [list],
  );
  const kept = list.filter(
    (run) => (agent === "" || (run.agent ?? "(none)") === agent) && (project === "" || run.project === project),
  );
  const byNumber = useMemo(() => new Map(list.map((run) => [run.number, run])), [list]);

  return (
    <main class="run-index">
      <header class="run-header">
        <div class="title-line">
          <h1 class="run-title">Runs</h1>
          <span class="muted">
            {runs.kind === "ready" ? `${groupDigits(kept.length)} of ${groupDigits(list.length)}` : ""}
          </span>
        </div>
        <form
          class="toolbar"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            search(text, agent, project);
          }}
        >
          <input
            ref={input}
            class="search"
            type="search"
            name="q"
            placeholder="Search every run… (/)"
            value={text}
            onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
          />
          <FilterSelect
            label="agent"
            value={agent}
            names={agents}
            onChange={(value) => {
              setAgent(value);
              if (found !== undefined) search(text, value, project);
            }}
          />
          <FilterSelect
            label="project"
            value={project}
            names={projects}
            onChange={(value) => {
              setProject(value);
              if (found !== undefined) search(text, agent, value);
            }}
          />
          <button type="submit">Search</button>
        </form>
      </header>
      {found !== undefined && <SearchResults found={found} byNumber={byNumber} />}
      {runs.kind === "loading" && <p class="status-line">Reading the run index…</p>}
      {runs.kind === "failed" && (
        <p class="problems" role="alert">
          The runs could not be listed: <InlineText text={runs.message} />
        </p>
      )}
      {runs.kind === "ready" && (
        <section aria-label="runs">
          <table class="runs">
            <thead>
              <tr>
                <th>run</th>
                <th>agent</th>
                <th>project</th>
                <th>started</th>
                <th class="number">messages</th>
                <th class="number">tokens in / out</th>
                <th class="number">cost</th>
              </tr>
            </thead>
            <tbody>
              {kept.slice(0, shown).map((run) => (
                <tr key={run.number} class="run-row">
                  <td>
                    <a href={runHref(run)}>
                      <InlineText text={run.title ?? run.firstPrompt ?? run.name} />
                    </a>
                    {run.subAgents > 0 && (
                      <span class="muted">
                        {" "}
                        +{run.subAgents} sub-agent{run.subAgents === 1 ? "" : "s"}
                      </span>
                    )}
                    {run.status !== null && <span class="badge">{clipped(run.status)}</span>}
                  </td>
                  <td>{clipped(run.agent ?? "–")}</td>
                  <td>
                    <InlineText text={run.project ?? run.cwd ?? "–"} />
                    {run.gitBranch !== null && <span class="muted"> · {clipped(run.gitBranch)}</span>}
                  </td>
                  <td>{day(run.startedAt)}</td>
                  <td class="number">{groupDigits(run.totals.messages)}</td>
                  <td class="number">
                    {run.totals.usage === null
                      ? "–"
                      : `${formatTokens(run.totals.usage.input_tokens)} / ${formatTokens(run.totals.usage.output_tokens)}`}
                  </td>
                  <td class="number">{formatCost(run.totals.cost ?? undefined)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {kept.length === 0 && <p class="empty">No run: index a folder with agent-transcript index PATH.</p>}
          {kept.length > shown && (
            <button type="button" class="link-button" onClick={() => setShown(shown + pageSize)}>
              Show {groupDigits(Math.min(pageSize, kept.length - shown))} more
            </button>
          )}
        </section>
      )}
    </main>
  );
}

/** A choice of one of `names` ("every …" for none) that narrows the list and the search. */
function FilterSelect({
  label,
  value,
  names,
  onChange,
}: {
  label: string;
  value: string;
  names: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
    >
      <option value="">every {label}</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {clipped(name)}
        </option>
      ))}
    </select>
  );
}

function SearchResults({
  found,
  byNumber,
}: {
  found: Loading<SearchAnswer>;
  byNumber: ReadonlyMap<number, IndexedRunSummary>;
}) {
  if (found.kind === "loading") return <p class="status-line">Searching…</p>;
  if (found.kind === "failed")
    return (
      <p class="problems" role="alert">
        <InlineText text={found.message} />
      </p>
    );
  const { value } = found;
  return (
    <section class="search-results" aria-label="search results">
      <p class="count">
        {value.total === 0
          ? "No message matches."
          : value.more
            ? `${value.hits.length} of more than ${groupDigits(value.total)} matching messages (the best of the newest)`
            : `${value.hits.length} of ${groupDigits(value.total)} matching message${value.total === 1 ? "" : "s"}`}
      </p>
      <ol class="hits">
        {value.hits.map((hit, index) => {
          const run = hit.run === null ? undefined : byNumber.get(hit.run);
          // A sub-agent names itself; its session's first prompt would name the wrong run.
          const title =
            hit.runTitle ?? (hit.depth === 0 ? run?.firstPrompt : undefined) ?? hit.runId ?? run?.name ?? hit.file;
          return (
            <li key={index} class="hit">
              <div class="hit-head">
                {run === undefined ? (
                  <InlineText text={title} />
                ) : (
                  <a href={runHref(run, hit.place)}>
                    <InlineText text={title} />
                  </a>
                )}
                {hit.depth > 0 && <span class="badge">sub-agent</span>}
                <span class="muted">
                  {" "}
                  {hit.role} #{hit.position + 1} · {day(hit.at)}
                  {hit.agent === null ? "" : ` · ${clipped(hit.agent)}`}
                </span>
              </div>
              <Snippet hit={hit} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
