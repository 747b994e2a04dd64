/**
 * One component per kind of part. Text from the transcript reaches the page only as text nodes (Preact escapes it)
 * or through the safe Markdown renderer; nothing from a transcript becomes an attribute that can run or load.
 */
import { groupDigits, isKnownPart, toolCallSummary, type Strict, type Tolerant } from "@agent-transcript/core";
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { changeCounts, fileChangesOf, type ShownFileDiff, type ShownHunk } from "./edits.js";
import { highlightLine, languageOf, maxLineCharacters } from "./highlight.js";
import { InlineRunContext } from "./inline-run.js";
import {
  BlockText,
  blockCharacters,
  clipped,
  Highlighted,
  hitBeyond,
  initialCount,
  InlineText,
  markHits,
  piecesOf,
  ShowAll,
  usePiecesDrawn,
} from "./long-text.js";
import { isDrawableImage, markdownSections, renderMarkdown } from "./markdown.js";
import {
  childPath,
  formatCost,
  formatDuration,
  formatTokens,
  jsonText,
  type ChildView,
  type RunView,
  type ToolCall,
  type ToolResult,
} from "./model.js";

function Markdown({ text, query }: { text: string; query: string }) {
  return text.length <= blockCharacters ? (
    <MarkdownHtml html={renderMarkdown(text)} query={query} />
  ) : (
    <LongMarkdown text={text} query={query} />
  );
}

function MarkdownHtml({ html, query }: { html: string; query: string }) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = element.current;
    if (!root) return;
    // The renderer's HTML is set again before marking, so earlier marks never pile up.
    if (root.dataset.marked === "1") root.innerHTML = html;
    if (query !== "") {
      markHits(root, query);
      root.dataset.marked = "1";
    } else delete root.dataset.marked;
  }, [html, query]);
  return <div class="markdown" ref={element} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Markdown too long to draw as one (long-text.tsx): in sections of whole blocks, its first `initialCharacters` at
 * once and the rest a few sections a frame after "show all"; a block too long to render shows as text. `aria-busy` is
 * true while sections are still being drawn.
 */
function LongMarkdown({ text, query }: { text: string; query: string }) {
  const [all, setAll] = useState(false);
  const sections = useMemo(() => markdownSections(text, blockCharacters, (block) => piecesOf(block)), [text]);
  const initial = initialCount(sections.map((section) => section.length));
  const { drawn, drawing } = usePiecesDrawn(sections.length, initial, all);
  return (
    <div class="long-text" aria-busy={drawing}>
      {sections.slice(0, drawn).map((section, index) =>
        "html" in section ? (
          <MarkdownHtml key={index} html={section.html} query={query} />
        ) : (
          <pre key={index} class={section.code ? "json" : "markdown-text"}>
            <Highlighted text={section.text} query={query} />
          </pre>
        ),
      )}
      {!all && drawn < sections.length && (
        <ShowAll
          total={text.length}
          hiddenHit={hitBeyond(
            text,
            sections.slice(0, drawn).reduce((sum, section) => sum + section.length, 0),
            query,
          )}
          onClick={() => setAll(true)}
        />
      )}
    </div>
  );
}

function Truncation({
  part,
}: {
  part: { truncated?: true; original_size_bytes?: number; truncation_strategy?: string };
}) {
  if (part.truncated !== true) return null;
  return (
    <span class="badge truncated" title="cut when exported: the original was larger">
      truncated
      {part.original_size_bytes === undefined ? "" : ` from ${groupDigits(part.original_size_bytes)} bytes`}
      {part.truncation_strategy === undefined ? "" : ` (${clipped(part.truncation_strategy)})`}
    </span>
  );
}

/** Text of a result a search looks in: its output, its error and the text of the parts it holds. */
function resultText(part: ToolResult): string {
  const pieces = [part.error ?? "", typeof part.output === "string" ? part.output : jsonText(part.output)];
  for (const inner of part.content ?? []) pieces.push(jsonText(inner));
  return pieces.join("\n");
}

/** Marks a closed block whose hidden content matches the search, so a hit is never invisible. */
function HiddenHit({ texts, query }: { texts: readonly string[]; query: string }) {
  if (query === "" || !texts.some((text) => text.toLowerCase().includes(query))) return null;
  return (
    <mark class="hit hidden-hit" title="the search matches inside: open it">
      match inside
    </mark>
  );
}

/** How much of a call's telling argument its summary line shows (the whole input is one click away). */
const summaryCharacters = 160;

/** The length of a result's output: its text, or its JSON, and the text of the parts it holds. */
function outputCharacters(part: ToolResult): number {
  let characters =
    typeof part.output === "string" ? part.output.length : part.output === undefined ? 0 : jsonText(part.output).length;
  if (part.error !== undefined) characters += part.error.length;
  for (const inner of part.content ?? [])
    if (inner.type === "text" && typeof inner.text === "string") characters += inner.text.length;
  return characters;
}

function formatCharacters(count: number): string {
  if (count < 1000) return `${count} chars`;
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k chars`;
  return `${(count / 1_000_000).toFixed(1)}M chars`;
}

function ToolCallView({
  part,
  view,
  query,
  openResultRow,
}: {
  part: ToolCall;
  view: RunView;
  query: string;
  openResultRow?: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const element = useRef<HTMLDetailsElement>(null);
  const paired = view.results.get(part.id);
  const result = paired?.part;
  const status = result?.status ?? "pending";
  const input = part.raw_input ?? jsonText(part.input);
  const summary = toolCallSummary(part.raw_input ?? part.input, summaryCharacters);
  const outputSize = result === undefined ? undefined : outputCharacters(result);
  const childIndex = view.childByCall.get(part.id);
  const child = childIndex === undefined ? undefined : view.children[childIndex];
  // An edit, a write or a patch: drawn as a diff (bounded: edits.ts), its size beside the call's name.
  const changes = useMemo(() => fileChangesOf(part.name, part.input ?? part.raw_input), [part]);
  const counts = useMemo(() => (changes === undefined ? undefined : changeCounts(changes)), [changes]);
  // Linked to its result (a permalink, a search hit from the run index): the call opens to show it.
  const linked = paired !== undefined && openResultRow !== undefined && paired.row === openResultRow;
  useEffect(() => {
    if (linked && element.current) element.current.open = true;
  }, [linked]);
  return (
    <details
      ref={element}
      class={`tool-call status-${status}`}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span class="tool-name">
          <InlineText text={part.name} query={query} />
        </span>
        {summary !== null && (
          <code class="tool-summary">
            <Highlighted text={summary} query={query} />
          </code>
        )}
        <span class={`badge status status-${status}`}>{status}</span>
        {result?.duration_ms !== undefined && <span class="badge">{formatDuration(result.duration_ms)}</span>}
        {outputSize !== undefined && outputSize > 0 && (
          <span class="badge output-size" title="the size of its output">
            {formatCharacters(outputSize)}
          </span>
        )}
        {counts !== undefined && (
          <span class="badge change-counts" title="lines added and removed">
            <span class="count-added">+{counts.added}</span> <span class="count-removed">−{counts.removed}</span>
          </span>
        )}
        {child !== undefined && (
          <span class="badge sub-agent-badge" title="this call started a sub-agent: open the call to see it">
            sub-agent{child.view ? ` · ${groupDigits(child.view.rows.length)} messages` : ""}
          </span>
        )}
        {part.provider_executed && <span class="badge">server tool</span>}
        {result && <Truncation part={result} />}
        {!open && <HiddenHit texts={result ? [input, resultText(result)] : [input]} query={query} />}
        <span class="call-id">
          <InlineText text={part.id} />
        </span>
      </summary>
      {/* Input and output are drawn only once opened: thousands of calls cost nothing until looked at. */}
      {open && (
        <div class="tool-body">
          {child !== undefined && childIndex !== undefined && (
            <SubAgent child={child} path={childPath(view.path, childIndex)} query={query} />
          )}
          {changes !== undefined && (
            <>
              <div class="label">change</div>
              <FileDiffs files={changes} />
            </>
          )}
          <div class="label">input{part.input_error ? ` (not JSON: ${clipped(part.input_error)})` : ""}</div>
          <BlockText text={input} query={query} />
          {result ? <ResultBody part={result} view={view} query={query} /> : <div class="label">no result</div>}
        </div>
      )}
    </details>
  );
}

/** The sub-agent a call started: what it spent, a link to its own page, and its messages in place on request. */
function SubAgent({ child, path, query }: { child: ChildView; path: string; query: string }) {
  const InlineRun = useContext(InlineRunContext);
  const [inline, setInline] = useState(false);
  const run = child.view;
  const tokens = run?.rolledUsage ? run.rolledUsage.input_tokens + run.rolledUsage.output_tokens : undefined;
  return (
    <div class="sub-agent" data-run-path={path}>
      <div class="sub-agent-line">
        <span class="label">sub-agent</span> <InlineText text={child.title} />
        {child.status && <span class={`badge run-status run-${clipped(child.status)}`}>{clipped(child.status)}</span>}
        {run && (
          <span class="muted">
            {" "}
            {groupDigits(run.rows.length)} messages · {formatTokens(tokens)} tokens · {formatCost(run.rolledCost)}
          </span>
        )}{" "}
        {run ? (
          <>
            <a class="open-sub-agent" href={`#r=${path}`}>
              open its page →
            </a>{" "}
            {InlineRun && (
              <button type="button" class="link-button show-inline" onClick={() => setInline(!inline)}>
                {inline ? "hide its messages" : "show its messages here"}
              </button>
            )}
          </>
        ) : (
          <span class="muted">(its transcript is not embedded)</span>
        )}
      </div>
      {inline && run && InlineRun && <InlineRun view={run} query={query} />}
    </div>
  );
}

function ResultBody({ part, view, query }: { part: ToolResult; view: RunView; query: string }) {
  return (
    <>
      <div class="label">
        output{part.error ? "" : ""}
        <Truncation part={part} />
      </div>
      {part.error && <BlockText text={part.error} query={query} className="json error-text" />}
      {part.output !== undefined && (
        <BlockText text={typeof part.output === "string" ? part.output : jsonText(part.output)} query={query} />
      )}
      {(part.content ?? []).map((inner, index) => (
        <PartView key={index} part={inner} view={view} query={query} />
      ))}
    </>
  );
}

function ToolResultView({ part, view, query }: { part: ToolResult; view: RunView; query: string }) {
  const callRow = view.calls.get(part.call_id);
  if (callRow !== undefined)
    return (
      <div class={`tool-result-link status-${part.status}`}>
        result of{" "}
        <span class="tool-name">
          <InlineText text={part.name ?? view.callNames.get(part.call_id) ?? part.call_id} />
        </span>{" "}
        <span class={`badge status status-${part.status}`}>{part.status}</span>{" "}
        <a href={`#${permalink(view.path, callRow)}`}>shown with its call ↑</a>{" "}
        <HiddenHit texts={[resultText(part)]} query={query} />
      </div>
    );
  // A result whose call is not in this run: shown on its own.
  return (
    <details class={`tool-call status-${part.status}`}>
      <summary>
        result{" "}
        <span class="tool-name">
          <InlineText text={part.name ?? part.call_id} />
        </span>
        <span class={`badge status status-${part.status}`}>{part.status}</span>
      </summary>
      <div class="tool-body">
        <ResultBody part={part} view={view} query={query} />
      </div>
    </details>
  );
}

function PlanView({ items }: { items: ReadonlyArray<Strict.PlanItem | Strict.PlanStepPart> }) {
  return (
    <ul class="plan">
      {items.map((item) => (
        <li key={item.id} class={`plan-${item.status}`}>
          <input type="checkbox" disabled checked={item.status === "complete"} aria-label={item.status} />{" "}
          <span>
            <InlineText text={item.title} limit={blockCharacters} />
          </span>{" "}
          <span class="badge">{clipped(item.status.replace("_", " "))}</span>
          {item.blocked_reason ? (
            <span class="muted">
              {" "}
              — <InlineText text={item.blocked_reason} limit={blockCharacters} />
            </span>
          ) : null}
          {item.subitems && item.subitems.length > 0 && <PlanView items={item.subitems} />}
        </li>
      ))}
    </ul>
  );
}

/** A code_diff part's files as the page draws them. */
function shownFilesOf(part: Strict.CodeDiffPart): ShownFileDiff[] {
  return part.files.map((file) => ({
    path: file.path,
    ...(file.old_path !== undefined && file.old_path !== file.path ? { oldPath: file.old_path } : {}),
    change: file.change,
    ...(file.binary === true ? { binary: true } : {}),
    hunks: file.hunks.map((hunk) => ({
      header: `@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@${hunk.header ? ` ${hunk.header}` : ""}`,
      lines: hunk.lines,
    })),
  }));
}

const lineMarkers: Record<string, string> = { added: "+", removed: "-", no_newline: "\\", context: " " };

/** How many lines of a hunk are drawn before "show all" (a written file may have tens of thousands). */
const hunkLines = 1_000;

function DiffHunk({ hunk, language }: { hunk: ShownHunk; language: ReturnType<typeof languageOf> }) {
  const [all, setAll] = useState(false);
  const lines = all ? hunk.lines : hunk.lines.slice(0, hunkLines);
  return (
    <pre class="diff-hunk">
      {hunk.header !== undefined && <span class="diff-header">{`${clipped(hunk.header)}\n`}</span>}
      {lines.map((line, lineIndex) => (
        <span key={lineIndex} class={`diff-${line.kind}`}>
          {lineMarkers[line.kind] ?? " "}
          {language !== undefined && line.kind !== "no_newline" && line.text.length <= maxLineCharacters ? (
            // highlight.js escapes the line and adds only its own spans (highlight.ts).
            <code class="highlighted" dangerouslySetInnerHTML={{ __html: highlightLine(line.text, language) }} />
          ) : (
            <InlineText text={line.text} limit={blockCharacters} />
          )}
          {"\n"}
        </span>
      ))}
      {lines.length < hunk.lines.length && (
        <button type="button" class="link-button" onClick={() => setAll(true)}>
          show all {groupDigits(hunk.lines.length)} lines
        </button>
      )}
    </pre>
  );
}

/** Files changed, as unified diffs: a header per file, a block per hunk, a line per line coloured by its kind. */
function FileDiffs({ files }: { files: readonly ShownFileDiff[] }) {
  return (
    <div class="diff">
      {files.map((file, fileIndex) => (
        <div key={fileIndex} class="diff-file">
          <div class="diff-path">
            {file.oldPath !== undefined ? (
              <>
                <InlineText text={file.oldPath} /> →{" "}
              </>
            ) : (
              ""
            )}
            <InlineText text={file.path} /> <span class="badge">{clipped(file.change)}</span>
            {file.binary && <span class="badge">binary</span>}
            {file.note !== undefined && <span class="muted"> ({file.note})</span>}
          </div>
          {file.hunks.map((hunk, hunkIndex) => (
            <DiffHunk key={hunkIndex} hunk={hunk} language={file.binary ? undefined : languageOf(file.path)} />
          ))}
        </div>
      ))}
    </div>
  );
}

function MediaView({ part }: { part: Strict.ImagePart | Strict.AudioPart | Strict.FilePart }) {
  if (part.type === "image" && part.data !== undefined && isDrawableImage(part.media_type))
    return (
      <img
        class="inline-image"
        src={`data:${part.media_type};base64,${part.data}`}
        alt={clipped(part.alt ?? "image")}
      />
    );
  const where = part.url ?? part.path ?? part.file_id ?? (part.data !== undefined ? "inline data" : "");
  const label = `${part.type}${part.media_type ? ` (${clipped(part.media_type)})` : ""}`;
  const linkable = part.url !== undefined && /^https?:/i.test(part.url);
  return (
    <div class="media-placeholder">
      [{label}
      {"filename" in part && part.filename ? (
        <>
          : <InlineText text={part.filename} />
        </>
      ) : (
        ""
      )}
      ]{" "}
      {linkable ? (
        <a href={part.url} target="_blank" rel="noopener noreferrer nofollow">
          <InlineText text={part.url ?? ""} />
        </a>
      ) : (
        <span class="muted">
          <InlineText text={where} />
        </span>
      )}
      {part.type === "audio" && part.transcript ? (
        <div>
          <InlineText text={part.transcript} limit={blockCharacters} />
        </div>
      ) : null}
      {part.type === "file" && part.text ? <BlockText text={part.text} query="" /> : null}
    </div>
  );
}

export function PartView({
  part,
  view,
  query,
  openResultRow,
}: {
  part: Tolerant.Part | Strict.Part;
  view: RunView;
  query: string;
  /** A folded row a permalink names: the call answered in it opens. */
  openResultRow?: number | undefined;
}) {
  if (!isKnownPart(part))
    return (
      <details class="native">
        <summary>{clipped(part.type)} (a newer part type, shown as JSON)</summary>
        <BlockText text={jsonText(part)} query={query} />
      </details>
    );
  switch (part.type) {
    case "text":
      return <Markdown text={part.text} query={query} />;
    case "reasoning":
      return (
        <details class="reasoning">
          <summary>
            <HiddenHit texts={[part.text ?? "", ...(part.summary ?? [])]} query={query} />
            reasoning{part.duration_ms !== undefined ? ` · ${formatDuration(part.duration_ms)}` : ""}
            {!part.text && !part.summary?.length
              ? part.encrypted_content || part.redacted_data || part.signature
                ? " (opaque: kept for the provider)"
                : ""
              : ""}
          </summary>
          {part.summary?.map((line, index) => (
            <Markdown key={`s${index}`} text={line} query={query} />
          ))}
          {part.text && <Markdown text={part.text} query={query} />}
        </details>
      );
    case "tool_call":
      return <ToolCallView part={part} view={view} query={query} openResultRow={openResultRow} />;
    case "tool_result":
      return <ToolResultView part={part} view={view} query={query} />;
    case "plan_step":
      return <PlanView items={[part]} />;
    case "code_diff":
      return <FileDiffs files={shownFilesOf(part)} />;
    case "command":
      return (
        <div class="command">
          <pre class="json">
            <span class="prompt">$ </span>
            <InlineText text={part.command} query={query} limit={blockCharacters} />
          </pre>
          <span class="badge">exit {part.exit_code ?? "?"}</span>
          {part.duration_ms !== undefined && <span class="badge">{formatDuration(part.duration_ms)}</span>}
          {part.output && <BlockText text={part.output} query={query} />}
        </div>
      );
    case "refusal":
      return (
        <div class="refusal">
          refused: <InlineText text={part.text} query={query} limit={blockCharacters} />
        </div>
      );
    case "compaction":
      return (
        <div class="compaction">
          <div class="compaction-line">
            context compacted{part.strategy ? ` (${clipped(part.strategy)})` : ""}
            {part.tokens_before !== undefined ? ` · ${groupDigits(part.tokens_before)} tokens before` : ""}
            {part.tokens_after !== undefined ? ` · ${groupDigits(part.tokens_after)} after` : ""}
            {part.replaced_messages !== undefined ? ` · ${part.replaced_messages} messages replaced` : ""}
          </div>
          {part.summary && (
            <details>
              <summary>summary</summary>
              <Markdown text={part.summary} query={query} />
            </details>
          )}
        </div>
      );
    case "image":
    case "audio":
    case "file":
      return <MediaView part={part} />;
    case "stream_chunk":
      return <BlockText text={part.text} query={query} />;
    default: {
      const type = (part as { type?: unknown }).type;
      return (
        <details class="native">
          <summary>{typeof type === "string" ? clipped(type) : "part"} (shown as JSON)</summary>
          <BlockText text={jsonText(part)} query={query} />
        </details>
      );
    }
  }
}

export function permalink(runPath: string, index: number): string {
  return runPath === "" ? `m=${index}` : `r=${runPath}&m=${index}`;
}
