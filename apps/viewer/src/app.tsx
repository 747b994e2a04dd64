/**
 * The viewer's page: the run header, the tree of child runs, search and filters, a timeline, and the virtualised
 * list of messages. State lives here; what is computed from the document is computed once (model.ts).
 */
import { firstUserPrompt, groupDigits, sessionContext, type Tolerant } from "@agent-transcript/core";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { loadTexts, inputText, readPages, type LoadProblem, type MorePages } from "./load.js";
import { blockCharacters, clipped, InlineText } from "./long-text.js";
import {
  ancestorsOf,
  buildRunView,
  formatCost,
  formatDuration,
  formatTokens,
  rolesOf,
  runAt,
  searchTextOf,
  shownRowOf,
  type ChildView,
  type Row,
  type RunView,
} from "./model.js";
import { InlineRunContext, type InlineRunProps } from "./inline-run.js";
import { PartView, permalink } from "./parts.js";
import { FlameGraph } from "./flame-graph.js";
import { Timeline } from "./timeline.js";
import { useVirtualizer } from "./virtual-list.js";

export type AppState =
  | { kind: "empty" }
  | { kind: "loading"; name: string }
  | { kind: "failed"; problems: LoadProblem[] }
  | {
      kind: "ready";
      document: Tolerant.Transcript;
      name: string;
      notes: string[];
      /** A paged run whose first page is drawn: how many messages it has in all, and the rest still to read. */
      more?: MorePages;
    };

/** A run's error in the header: more than a name, less than the page. */
const errorCharacters = 2_000;

const roles = ["system", "developer", "user", "assistant", "tool"] as const;
const statuses = ["ok", "error", "denied", "interrupted", "pending"] as const;

/** Reads dropped or picked files and hands the result to `setState`. */
export async function openFiles(files: readonly File[], setState: (state: AppState) => void): Promise<void> {
  const [first] = files;
  if (first === undefined) return;
  setState({ kind: "loading", name: first.name });
  try {
    const inputs = await Promise.all(
      files.map(async (file) => ({ name: file.name, text: await inputText(new Uint8Array(await file.arrayBuffer())) })),
    );
    setState(stateOf(loadTexts(inputs)));
  } catch (error) {
    setState({ kind: "failed", problems: [{ file: first.name, pointer: "", message: messageOf(error) }] });
  }
}

export function stateOf(loaded: ReturnType<typeof loadTexts>): AppState {
  return loaded.ok
    ? { kind: "ready", document: loaded.document, name: loaded.name, notes: loaded.notes }
    : { kind: "failed", problems: loaded.problems };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function App({ initial }: { initial: AppState }) {
  const [state, setState] = useState<AppState>(initial);
  const [dragging, setDragging] = useState(false);
  const [read, setRead] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (state.kind !== "ready") return;
    const { more } = state;
    if (more === undefined) {
      // Read by the benchmark (tools/bench): milliseconds from the start of navigation to the frame with every
      // message in the page's model.
      requestAnimationFrame(() => {
        window.document.documentElement.dataset.loadedMs = String(Math.round(performance.now()));
      });
      return;
    }
    const controller = new AbortController();
    const loaded = {
      ok: true as const,
      kind: "transcript" as const,
      document: state.document,
      name: state.name,
      notes: state.notes,
    };
    const progress = (count: number) => {
      if (!controller.signal.aborted) setRead(count);
    };
    void readPages(loaded, more, progress, controller.signal).then((whole) => {
      if (controller.signal.aborted) return;
      setRead(undefined);
      setState(stateOf(whole));
    });
    return () => controller.abort();
  }, [state]);
  useEffect(() => {
    // Drag and drop anywhere on the page, whatever is shown.
    const over = (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    };
    const leave = () => setDragging(false);
    const drop = (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      void openFiles([...(event.dataTransfer?.files ?? [])], setState);
    };
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, []);
  return (
    <div class={`app${dragging ? " dragging" : ""}`}>
      {state.kind === "ready" && state.more !== undefined && (
        <div class="reading-pages" role="status">
          {(read ?? state.document.messages.length) < state.more.total
            ? `Reading messages: ${groupDigits(read ?? state.document.messages.length)} of ${groupDigits(state.more.total)}. Search, filters, totals and the flame graph cover what is read so far.`
            : "Reading the rest of the document (its metadata)."}
        </div>
      )}
      {state.kind === "ready" ? (
        <Viewer
          document={state.document}
          notes={state.notes}
          name={state.name}
          onOpen={(files) => void openFiles(files, setState)}
        />
      ) : (
        <Landing state={state} onOpen={(files) => void openFiles(files, setState)} />
      )}
    </div>
  );
}

function FilePicker({ onOpen, label }: { onOpen: (files: File[]) => void; label: string }) {
  return (
    <label class="file-picker">
      {label}
      <input
        type="file"
        multiple
        accept=".json,.jsonl,.gz,application/json"
        onChange={(event) => onOpen([...((event.currentTarget as HTMLInputElement).files ?? [])])}
      />
    </label>
  );
}

function Landing({ state, onOpen }: { state: AppState; onOpen: (files: File[]) => void }) {
  return (
    <main class="landing">
      <h1>Agent Transcript viewer</h1>
      {state.kind === "loading" && <p class="status-line">Opening {state.name}…</p>}
      {state.kind === "failed" && (
        <div class="problems" role="alert">
          <p>This could not be opened:</p>
          <ul>
            {state.problems.map((problem, index) => (
              <li key={index}>
                <InlineText text={problem.file} />
                {problem.line === undefined ? "" : `, line ${problem.line}`}
                {problem.pointer === "" ? "" : `, at ${clipped(problem.pointer)}`}:{" "}
                <InlineText text={problem.message} limit={blockCharacters} />
              </li>
            ))}
          </ul>
          <p class="muted">
            Agent sessions and provider payloads open with <code>agent-transcript view FILE</code>, which converts them
            first.
          </p>
        </div>
      )}
      <p>
        Open a transcript document (<code>.json</code>, <code>.json.gz</code>) or an event log (<code>.jsonl</code>,
        with its child runs' logs): pick files or drop them here. Nothing leaves this page.
      </p>
      <FilePicker onOpen={onOpen} label="Open files…" />
    </main>
  );
}

interface Filters {
  query: string;
  roles: Set<string>;
  tool: string;
  status: string;
}

function matches(row: Row, view: RunView, filters: Filters, query: string): boolean {
  if (filters.roles.size > 0 && !rolesOf(row, view).some((role) => filters.roles.has(role))) return false;
  if (filters.tool !== "" && !row.toolNames.includes(filters.tool)) return false;
  if (filters.status !== "" && !row.statuses.includes(filters.status)) return false;
  return query === "" || searchTextOf(row, view).includes(query);
}

/**
 * What the header says of where the run was: the agent (the session's format, or the document's producer), its
 * folder, branch and start, and the first thing its user asked (when the title is not already that).
 */
function runContextOf(document: Tolerant.Transcript): Array<{ label: string; text: string }> {
  const items: Array<{ label: string; text: string }> = [];
  const producer = (document as { producer?: { name?: unknown } }).producer;
  const agent = document.source?.format ?? (typeof producer?.name === "string" ? producer.name : undefined);
  if (typeof agent === "string" && agent !== "") items.push({ label: "agent", text: agent });
  const session = sessionContext(document);
  if (session.project !== null)
    items.push({ label: session.cwd === null ? "project" : "folder", text: session.project });
  if (session.gitBranch !== null) items.push({ label: "branch", text: session.gitBranch });
  if (typeof document.created_at === "string")
    items.push({ label: "started", text: document.created_at.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC") });
  const prompt = firstUserPrompt(document, 300);
  if (prompt !== null && document.title !== undefined && document.title !== null)
    items.push({ label: "first prompt", text: prompt });
  return items;
}

/** Each run's rows that the search and the filters keep, by the run's path, for the run and its descendants. */
function matchingRuns(root: RunView, filters: Filters, query: string): Map<string, Row[]> {
  const found = new Map<string, Row[]>();
  const visit = (view: RunView) => {
    found.set(
      view.path,
      view.shown.filter((row) => matches(row, view, filters, query)),
    );
    for (const child of view.children) if (child.view) visit(child.view);
  };
  visit(root);
  return found;
}

/** The paths of a run and its embedded descendants, depth first: the order [ and ] step through. */
function runOrder(view: RunView): string[] {
  const order = [view.path];
  for (const child of view.children) if (child.view) order.push(...runOrder(child.view));
  return order;
}

/** Opened from the run index's list (`view` with no input): the header links back to it. */
function openedFromIndex(): boolean {
  return new URLSearchParams(location.search).get("from") === "index";
}

function parseHash(hash: string): { run: string; message?: number } {
  const parameters = new URLSearchParams(hash.replace(/^#/, ""));
  const message = Number(parameters.get("m"));
  return {
    run: parameters.get("r") ?? "",
    ...(parameters.has("m") && Number.isSafeInteger(message) ? { message } : {}),
  };
}

function Viewer({
  document,
  notes,
  name,
  onOpen,
}: {
  document: Tolerant.Transcript;
  notes: string[];
  name: string;
  onOpen: (files: File[]) => void;
}) {
  const root = useMemo(() => buildRunView(document), [document]);
  const initialHash = useMemo(() => parseHash(location.hash), []);
  const [runPath, setRunPath] = useState(runAt(root, initialHash.run) ? initialHash.run : "");
  const [target, setTarget] = useState<number | undefined>(initialHash.message);
  const [filters, setFilters] = useState<Filters>({ query: "", roles: new Set(), tool: "", status: "" });
  const [flameOpen, setFlameOpen] = useState(false);
  const view = runAt(root, runPath) ?? root;
  const query = filters.query.trim().toLowerCase();
  const filtering = query !== "" || filters.roles.size > 0 || filters.tool !== "" || filters.status !== "";
  // The search and the filters apply to every run of the tree: each run's matching rows, the one on screen among them.
  const hits = useMemo(
    () => (filtering ? matchingRuns(root, filters, query) : undefined),
    [root, filters, query, filtering],
  );
  const rows = hits?.get(view.path) ?? view.shown;

  useEffect(() => {
    const follow = () => {
      const hash = parseHash(location.hash);
      if (runAt(root, hash.run)) setRunPath(hash.run);
      setTarget(hash.message);
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [root]);

  const openRun = (path: string) => {
    setRunPath(path);
    setTarget(undefined);
    history.replaceState(null, "", path === "" ? location.pathname + location.search : `#r=${path}`);
  };

  /** To the next (or previous) matching message, in this run or the runs after it (before it), round to the start. */
  const stepHit = (direction: 1 | -1) => {
    if (hits === undefined) return;
    const order = runOrder(root);
    const flat: Array<{ run: number; path: string; index: number }> = [];
    order.forEach((path, run) => {
      for (const row of hits.get(path) ?? []) flat.push({ run, path, index: row.index });
    });
    if (flat.length === 0) return;
    const here = { run: order.indexOf(view.path), index: target === undefined ? -1 : shownRowOf(view, target) };
    const after = (hit: { run: number; index: number }) =>
      hit.run > here.run || (hit.run === here.run && hit.index > here.index);
    const before = (hit: { run: number; index: number }) =>
      hit.run < here.run || (hit.run === here.run && hit.index < here.index);
    const next =
      direction === 1 ? (flat.find(after) ?? flat[0]) : ([...flat].reverse().find(before) ?? flat[flat.length - 1]);
    if (next === undefined) return;
    setRunPath(next.path);
    setTarget(next.index);
    history.replaceState(null, "", `#${permalink(next.path, next.index)}`);
  };

  // The keyboard: j and k step through the messages listed (the permalink follows, so a reload comes back), o opens
  // or closes the tool calls of the current one, / goes to the search, [ and ] to the run before or after in the tree.
  const keys = useRef({ rows, target, view, openRun, stepHit });
  keys.current = { rows, target, view, openRun, stepHit };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const focused = event.target as HTMLElement | null;
      if (focused !== null && /^(?:INPUT|TEXTAREA|SELECT)$/.test(focused.tagName)) return;
      const { rows: listed, target: current, view: shown, openRun: open, stepHit: step } = keys.current;
      if (event.key === "j" || event.key === "k") {
        if (listed.length === 0) return;
        const at = current === undefined ? -1 : listed.findIndex((row) => row.index === shownRowOf(shown, current));
        const next = event.key === "j" ? Math.min(at + 1, listed.length - 1) : at === -1 ? 0 : Math.max(at - 1, 0);
        const row = listed[next] as Row;
        setTarget(row.index);
        history.replaceState(null, "", `#${permalink(shown.path, row.index)}`);
      } else if (event.key === "o") {
        const calls = window.document.querySelectorAll<HTMLDetailsElement>("article.targeted details.tool-call");
        const opening = [...calls].some((call) => !call.open);
        for (const call of calls) call.open = opening;
      } else if (event.key === "n" || event.key === "N") {
        step(event.key === "n" ? 1 : -1);
      } else if (event.key === "/") {
        window.document.querySelector<HTMLInputElement>("input.search")?.focus();
      } else if (event.key === "[" || event.key === "]") {
        const order = runOrder(root);
        const at = order.indexOf(shown.path);
        const next = order[event.key === "]" ? at + 1 : at - 1];
        if (next === undefined) return;
        open(next);
      } else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [root]);

  return (
    <InlineRunContext.Provider value={InlineRun}>
      <div class="viewer">
        <RunHeader root={root} view={view} name={name} notes={notes} onOpen={onOpen} />
        <div class="body">
          {root.children.length > 0 && (
            <nav class="run-tree" aria-label="runs">
              <div class="pane-title">Runs</div>
              <RunTree view={root} current={view.path} onOpen={openRun} label={root.title} hits={hits} />
            </nav>
          )}
          <main class="main">
            <Toolbar
              view={view}
              filters={filters}
              setFilters={setFilters}
              shown={rows.length}
              hits={hits}
              onStep={stepHit}
            />
            <Timeline view={view} onPick={(index) => setTarget(index)} />
            <div class="flame-toggle">
              <button
                type="button"
                class="link-button"
                aria-expanded={flameOpen}
                onClick={() => setFlameOpen(!flameOpen)}
              >
                {flameOpen ? "▾ flame graph" : "▸ flame graph"}
              </button>
            </div>
            {flameOpen && <FlameGraph key={view.path} view={view} />}
            <MessageList
              key={view.path}
              view={view}
              rows={rows}
              query={query}
              target={target}
              onTargetMissing={() => setFilters({ query: "", roles: new Set(), tool: "", status: "" })}
            />
          </main>
        </div>
      </div>
    </InlineRunContext.Provider>
  );
}

function Stat({ label, value, title }: { label: string; value: ComponentChildren; title?: string }) {
  return (
    <div class="stat" title={title}>
      <div class="stat-label">{label}</div>
      <div class="stat-value">{value}</div>
    </div>
  );
}

function RunHeader({
  root,
  view,
  name,
  notes,
  onOpen,
}: {
  root: RunView;
  view: RunView;
  name: string;
  notes: string[];
  onOpen: (files: File[]) => void;
}) {
  const run = view.document.run;
  const usage = view.usage;
  const context = useMemo(() => runContextOf(view.document), [view.document]);
  // The browser's tab says what the page says: the root run's title.
  useEffect(() => {
    window.document.title = `${clipped(root.title)} · Agent Transcript`;
  }, [root.title]);
  return (
    <header class="run-header">
      <div class="title-line">
        <h1 class="run-title">
          <InlineText text={view.title} />
        </h1>
        {run?.status && <span class={`badge run-status run-${run.status}`}>{run.status}</span>}
        {view !== root && <Breadcrumbs root={root} view={view} />}
        {openedFromIndex() && (
          <a class="back-to-runs" href="?index=1">
            ← all runs
          </a>
        )}
        <span class="spacer" />
        <span class="muted file-name">
          <InlineText text={name} />
        </span>
        <FilePicker onOpen={onOpen} label="Open…" />
      </div>
      {context.length > 0 && (
        <div class="run-context" data-testid="run-context">
          {context.map(({ label, text }) => (
            <span key={label} class="context-item">
              <span class="stat-label">{label}</span> <InlineText text={text} />
            </span>
          ))}
        </div>
      )}
      <div class="stats">
        <Stat label="models" value={view.models.length === 0 ? "–" : <InlineText text={view.models.join(", ")} />} />
        <Stat label="duration" value={formatDuration(view.durationMs)} />
        <Stat label="messages" value={groupDigits(view.rows.length)} />
        <Stat
          label="tokens in / out"
          value={usage ? `${formatTokens(usage.input_tokens)} / ${formatTokens(usage.output_tokens)}` : "–"}
        />
        <Stat
          label="cache read / write"
          value={
            usage
              ? `${formatTokens(usage.cache_read_tokens ?? 0)} / ${formatTokens(usage.cache_write_tokens ?? 0)}`
              : "–"
          }
        />
        <Stat
          label="cost"
          value={formatCost(view.cost)}
          title={view.unpriced > 0 ? `${view.unpriced} calls could not be priced` : "priced per call"}
        />
        {view.children.length > 0 && (
          <Stat
            label="with child runs"
            value={`${formatTokens((view.rolledUsage?.input_tokens ?? 0) + (view.rolledUsage?.output_tokens ?? 0))} tokens · ${formatCost(view.rolledCost)}`}
          />
        )}
      </div>
      {run?.error && (
        <div class="run-error">
          <InlineText text={run.error} limit={errorCharacters} />
        </div>
      )}
      {notes.length > 0 && (
        <details class="notes">
          <summary>{notes.length} notes from reading</summary>
          <ul>
            {notes.slice(0, 200).map((note, index) => (
              <li key={index}>
                <InlineText text={note} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </header>
  );
}

/** The runs above a sub-agent's page, each linking to the call that started the next. */
function Breadcrumbs({ root, view }: { root: RunView; view: RunView }) {
  const chain = ancestorsOf(root, view.path);
  return (
    <nav class="breadcrumbs" aria-label="parent runs">
      {chain.map(({ view: ancestor, callRow }, index) => {
        const hash =
          callRow !== undefined ? permalink(ancestor.path, callRow) : ancestor.path === "" ? "" : `r=${ancestor.path}`;
        return (
          <span key={ancestor.path}>
            <a
              class={index === 0 ? "back" : "crumb"}
              href={`#${hash}`}
              title={callRow === undefined ? "its page" : "the call that started this run"}
            >
              {index === 0 ? "↑ " : ""}
              {clipped(ancestor.title.length > 60 ? `${ancestor.title.slice(0, 59)}…` : ancestor.title)}
            </a>
            <span class="muted"> › </span>
          </span>
        );
      })}
    </nav>
  );
}

function RunTree({
  view,
  current,
  onOpen,
  label,
  hits,
}: {
  view: RunView;
  current: string;
  onOpen: (path: string) => void;
  label: string;
  /** The rows the search and filters keep, per run, while there are any. */
  hits?: Map<string, Row[]> | undefined;
}) {
  const found = hits?.get(view.path)?.length;
  const own = view.usage ? view.usage.input_tokens + view.usage.output_tokens : 0;
  const rolled = view.rolledUsage ? view.rolledUsage.input_tokens + view.rolledUsage.output_tokens : 0;
  return (
    <ul class="tree">
      <li>
        <button
          type="button"
          class={`tree-node${view.path === current ? " current" : ""}${found === 0 ? " no-hits" : ""}`}
          onClick={() => onOpen(view.path)}
          title={`own ${groupDigits(own)} tokens, with children ${groupDigits(rolled)}`}
        >
          <span class="tree-label">{clipped(label)}</span>
          {found !== undefined && (
            <span class="tree-hits" title="messages matching the search and filters in this run">
              {groupDigits(found)}
            </span>
          )}
          <span class="tree-tokens">
            {formatTokens(own)}
            {view.children.length > 0 ? ` · Σ ${formatTokens(rolled)}` : ""}
            {view.rolledCost ? ` · ${formatCost(view.rolledCost)}` : ""}
          </span>
        </button>
        {view.children.length > 0 && (
          <ul>
            {view.children.map((child: ChildView) =>
              child.view ? (
                <RunTree
                  key={child.runId}
                  view={child.view}
                  current={current}
                  onOpen={onOpen}
                  label={child.title}
                  hits={hits}
                />
              ) : (
                <li key={child.runId}>
                  <span class="tree-node missing" title="this child run's transcript is not embedded">
                    {clipped(child.title)} <span class="muted">(not embedded)</span>
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
      </li>
    </ul>
  );
}

function Toolbar({
  view,
  filters,
  setFilters,
  shown,
  hits,
  onStep,
}: {
  view: RunView;
  filters: Filters;
  setFilters: (filters: Filters) => void;
  shown: number;
  hits: Map<string, Row[]> | undefined;
  onStep: (direction: 1 | -1) => void;
}) {
  let elsewhere = 0;
  let otherRuns = 0;
  for (const [path, rows] of hits ?? [])
    if (path !== view.path && rows.length > 0) {
      elsewhere += rows.length;
      otherRuns += 1;
    }
  const [text, setText] = useState(filters.query);
  // Searching 20,000 messages on every key press would stutter: the query settles first.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text !== filters.query) setFilters({ ...filters, query: text });
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);
  const toggleRole = (role: string) => {
    const next = new Set(filters.roles);
    if (next.has(role)) next.delete(role);
    else next.add(role);
    setFilters({ ...filters, roles: next });
  };
  return (
    <div class="toolbar">
      <input
        class="search"
        type="search"
        placeholder="Search all text…"
        aria-label="search"
        value={text}
        onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
        onKeyDown={(event) => {
          // Enter goes to the next match (Shift+Enter the one before), across the runs of the tree.
          if (event.key !== "Enter") return;
          event.preventDefault();
          if (text !== filters.query) setFilters({ ...filters, query: text });
          else onStep(event.shiftKey ? -1 : 1);
        }}
      />
      <div class="role-filters" role="group" aria-label="roles">
        {roles.map((role) => (
          <button
            key={role}
            type="button"
            class={`chip role-${role}${filters.roles.has(role) ? " on" : ""}`}
            aria-pressed={filters.roles.has(role)}
            onClick={() => toggleRole(role)}
          >
            {role}
          </button>
        ))}
      </div>
      <ChoiceFilter
        label="tool"
        anyLabel="all tools"
        value={filters.tool}
        choices={view.toolNames}
        onChoose={(tool) => setFilters({ ...filters, tool })}
      />
      <ChoiceFilter
        label="status"
        anyLabel="any status"
        value={filters.status}
        choices={statuses}
        onChoose={(status) => setFilters({ ...filters, status })}
      />
      <span class="count" data-testid="shown-count">
        {groupDigits(shown)} of {groupDigits(view.shown.length)} messages
      </span>
      {hits !== undefined && (
        <span class="hit-steps">
          <button type="button" class="chip" aria-label="previous match" onClick={() => onStep(-1)}>
            ↑
          </button>
          <button type="button" class="chip" aria-label="next match" onClick={() => onStep(1)}>
            ↓
          </button>
          {elsewhere > 0 && (
            <span class="muted" data-testid="hits-elsewhere">
              {groupDigits(elsewhere)} more in {groupDigits(otherRuns)} other {otherRuns === 1 ? "run" : "runs"}
            </span>
          )}
        </span>
      )}
      <span
        class="muted keys"
        title="j / k: next or previous message · o: open its tool calls · /: search · n / N (or Enter in the search): next or previous match, across runs · [ / ]: run before or after"
      >
        keys: j k o / n N [ ]
      </span>
      {view.rows.length > view.shown.length && (
        <span class="muted folded-count" title="messages of tool results only, shown inside the calls they answer">
          {groupDigits(view.rows.length - view.shown.length)} results inside their calls
        </span>
      )}
    </div>
  );
}

/** A filter that picks one of `choices`, or any ("" — the first option). */
function ChoiceFilter(props: {
  label: string;
  anyLabel: string;
  value: string;
  choices: readonly string[];
  onChoose: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChoose((event.currentTarget as HTMLSelectElement).value)}
    >
      <option value="">{props.anyLabel}</option>
      {props.choices.map((choice) => (
        <option key={choice} value={choice}>
          {clipped(choice)}
        </option>
      ))}
    </select>
  );
}

function MessageList({
  view,
  rows,
  query,
  target,
  onTargetMissing,
}: {
  view: RunView;
  rows: Row[];
  query: string;
  target: number | undefined;
  onTargetMissing: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 120,
    overscan: 6,
    getItemKey: (index) => rows[index]?.index ?? index,
  });
  // A link to a result folded into its call lands on the call's row, with the call open.
  const shownTarget = target === undefined ? undefined : shownRowOf(view, target);
  // The target is scrolled to once, when it is new: filtering afterwards neither moves the list back to it nor, when
  // the filters hide it, throws the filters away.
  const reached = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (shownTarget === undefined || reached.current === shownTarget) {
      reached.current = shownTarget;
      return;
    }
    const position = rows.findIndex((row) => row.index === shownTarget);
    if (position === -1) {
      // A permalink to a message the filters hide: show everything, then scroll.
      if (shownTarget < view.rows.length && rows.length !== view.shown.length) onTargetMissing();
      return;
    }
    virtualizer.scrollToIndex(position, { align: "start" });
    reached.current = shownTarget;
  }, [shownTarget, rows]);
  const items = virtualizer.getVirtualItems();
  return (
    <div class="messages" ref={scroller} data-testid="messages">
      {rows.length === 0 && <div class="empty">No message matches.</div>}
      <div class="messages-inner" style={{ height: `${virtualizer.getTotalSize()}px` }}>
        <div class="messages-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const row = rows[item.index] as Row;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                <MessageView
                  row={row}
                  view={view}
                  query={query}
                  targeted={row.index === shownTarget}
                  openResultRow={row.index === shownTarget && target !== shownTarget ? target : undefined}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** How many of a sub-agent's messages its call shows in place (its own page shows them all). */
const inlineMessages = 100;

/** A sub-agent's messages inside the call that started it. */
function InlineRun({ view, query }: InlineRunProps) {
  return (
    <div class="inline-run" data-testid="inline-run">
      {view.shown.slice(0, inlineMessages).map((row) => (
        <MessageView key={row.index} row={row} view={view} query={query} targeted={false} />
      ))}
      {view.shown.length > inlineMessages && (
        <a class="open-sub-agent" href={`#r=${view.path}`}>
          {groupDigits(view.shown.length - inlineMessages)} more: open its page →
        </a>
      )}
    </div>
  );
}

function MessageView({
  row,
  view,
  query,
  targeted,
  openResultRow,
}: {
  row: Row;
  view: RunView;
  query: string;
  targeted: boolean;
  /** A folded row linked to: the call whose result it holds opens. */
  openResultRow?: number | undefined;
}) {
  const message = row.message;
  const usage = message.usage;
  const link = permalink(view.path, row.index);
  return (
    <article
      class={`message role-${row.role}${row.compaction ? " compaction-boundary" : ""}${targeted ? " targeted" : ""}`}
      id={link}
      data-message-index={row.index}
    >
      <div class="message-head">
        <span class={`role role-${row.role}`}>{row.role}</span>
        {message.name && (
          <span class="muted">
            <InlineText text={message.name} />
          </span>
        )}
        {message.model && (
          <span class="muted model">
            <InlineText text={message.model} />
          </span>
        )}
        {message.created_at && (
          <span class="muted time">{clipped(message.created_at.replace("T", " ").replace(/\.\d+Z$|Z$/, ""))}</span>
        )}
        <span class="spacer" />
        {usage && (
          <span class="usage" title="tokens in / out; context size; cache reads">
            {formatTokens(usage.input_tokens)} in · {formatTokens(usage.output_tokens)} out
            {row.contextTokens !== undefined ? ` · context ${formatTokens(row.contextTokens)}` : ""}
            {usage.cache_read_tokens ? ` · cache ${formatTokens(usage.cache_read_tokens)}` : ""}
          </span>
        )}
        {row.cacheMiss && (
          <span class="badge cache-miss" title="no cache read, where the call before read from the cache">
            cache miss
          </span>
        )}
        {row.cost && <span class="badge">{formatCost(row.cost)}</span>}
        {message.duration_ms !== undefined && <span class="badge">{formatDuration(message.duration_ms)}</span>}
        <a class="permalink" href={`#${link}`} title="link to this message">
          #{row.index + 1}
        </a>
      </div>
      <div class="parts">
        {message.parts.map((part, index) => (
          <PartView key={index} part={part} view={view} query={query} openResultRow={openResultRow} />
        ))}
        {message.error && (
          <div class="run-error">
            <InlineText text={message.error} limit={blockCharacters} />
          </div>
        )}
      </div>
    </article>
  );
}
