import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import {
  checkLinkTarget,
  codeBlock,
  codeSpan,
  inlineText as inline,
  markdownBlock,
  markdownLink,
} from "./markdown-escape.js";
import { addCost, messageCost } from "./cost.js";
import { assertWithinDepth } from "./json-limits.js";
import { isKnownPart } from "./parts.js";
import { firstUserPrompt, shownRole } from "./run-context.js";
import { describeCount, formatDuration, formatMoney, groupDigits } from "./wording.js";

export interface MarkdownOptions {
  /** `omit` leaves reasoning out entirely; `include` (default) shows it folded under each message. */
  reasoning?: "include" | "omit";
}

const roleHeadings: Record<string, string> = {
  system: "System",
  developer: "Developer",
  user: "User",
  assistant: "Assistant",
  tool: "Tool",
};

/**
 * Renders a transcript for people: roles, reasoning, tool calls and results, plans, diffs, media and totals.
 *
 * Everything taken from the document is escaped for where it lands (see markdown-escape.ts): titles, names and
 * other one-line values show exactly as written and make no structure; message text stays Markdown but carries no
 * raw HTML, links or images, and no code fence in it runs past its end; code is fenced so no line can close the
 * fence; links are written only to http, https, mailto and relative URLs. The output is safe for a renderer that
 * allows raw HTML: its only HTML is our own balanced `<details>` around reasoning.
 *
 * Throws a `JsonDepthError` for a document nested deeper than `defaultMaxDepth` (rendering recurses into nested
 * results, plans and JSON values).
 */
export function renderMarkdown(document: Tolerant.Transcript, options: MarkdownOptions = {}): string {
  let text = "";
  for (const piece of renderMarkdownPieces(document, options)) text += piece;
  return text;
}

/**
 * The same Markdown as {@link renderMarkdown}, piece by piece (a block at a time: the header, then each message), so
 * that a writer can stream a long transcript without ever holding its whole text. The pieces joined are exactly
 * `renderMarkdown`'s result. The depth check runs before the first piece.
 */
export function renderMarkdownPieces(document: Tolerant.Transcript, options: MarkdownOptions = {}): Iterable<string> {
  assertWithinDepth(document);
  return markdownPieces(document, options);
}

/**
 * Where each run of the document lands in the exported file: an anchor of its own (`run-<id>`, unique within the
 * file), so links between runs work wherever the file is put, and the tool call that started a child run links to it.
 */
interface RunAnchors {
  ofRun: Map<Tolerant.Transcript | Tolerant.ChildRun, string>;
  /** The child run a tool call started, by the call's id: its anchor and its title. */
  byCallId: Map<string, { anchor: string; label: string }>;
}

function anchorsOf(document: Tolerant.Transcript): RunAnchors {
  const anchors: RunAnchors = { ofRun: new Map(), byCallId: new Map() };
  const used = new Set<string>();
  const claim = (id: string): string => {
    // Letters, digits, `-` and `_` only: an id every renderer keeps as written.
    const base = `run-${id.replace(/[^\w-]/g, "-").slice(0, 80) || "unnamed"}`;
    let anchor = base;
    for (let suffix = 2; used.has(anchor); suffix += 1) anchor = `${base}-${suffix}`;
    used.add(anchor);
    return anchor;
  };
  const visit = (transcript: Tolerant.Transcript, runId: string): void => {
    anchors.ofRun.set(transcript, claim(runId));
    for (const child of transcript.run?.children ?? []) {
      if (child.transcript === undefined) continue;
      visit(child.transcript as Tolerant.Transcript, child.run_id);
      const anchor = anchors.ofRun.get(child.transcript as Tolerant.Transcript) as string;
      anchors.ofRun.set(child, anchor);
      if (child.call_id !== undefined && !anchors.byCallId.has(child.call_id))
        anchors.byCallId.set(child.call_id, { anchor, label: inline(child.title ?? child.run_id) });
    }
  };
  visit(document, document.id);
  return anchors;
}

function* markdownPieces(document: Tolerant.Transcript, options: MarkdownOptions): Generator<string> {
  const anchors = anchorsOf(document);
  yield* runPieces(document, options, anchors, undefined);
  yield "\n";
}

/**
 * One run: its heading and facts, its messages, the list of its child runs, then each child run's own transcript as a
 * section of its own (depth first), each linked both ways with its parent.
 */
function* runPieces(
  document: Tolerant.Transcript,
  options: MarkdownOptions,
  anchors: RunAnchors,
  parent: { document: Tolerant.Transcript; child: Tolerant.ChildRun } | undefined,
): Generator<string> {
  const anchor = anchors.ofRun.get(document) as string;
  // A session names no title: what its user first asked says more than its id.
  const title =
    parent === undefined
      ? (document.title ?? firstUserPrompt(document, 160) ?? document.id)
      : (parent.child.title ?? document.title ?? parent.child.run_id);
  // The top run needs an anchor only when a child run links back to it.
  const opening =
    parent !== undefined
      ? `\n\n---\n\n<a id="${anchor}"></a>\n\n# Child run: `
      : anchors.ofRun.size > 1
        ? `<a id="${anchor}"></a>\n\n# `
        : "# ";
  yield `${opening}${inline(title)}`;
  const facts = summaryFacts(document);
  if (parent !== undefined) {
    const parentAnchor = anchors.ofRun.get(parent.document) as string;
    const parentTitle = inline(parent.document.title ?? parent.document.id);
    facts.unshift(
      `**Started by:** [${parentTitle}](#${parentAnchor})${parent.child.call_id === undefined ? "" : `, tool call ${codeSpan(parent.child.call_id)}`}`,
    );
  }
  if (facts.length > 0) yield `\n\n${facts.map((fact) => `- ${fact}`).join("\n")}`;
  const context: RenderContext = { options, anchors };
  for (const message of document.messages) {
    const rendered = renderMessage(message, context);
    if (rendered) yield `\n\n${rendered}`;
  }
  const children = document.run?.children ?? [];
  if (children.length > 0) {
    const lines = children.map((child) => {
      const label = inline(child.title ?? child.run_id);
      const childAnchor = anchors.ofRun.get(child);
      // A child's location is relative to the file it was read from, which the export does not travel with: only a
      // transcript inside this file, or an absolute web address, is linked.
      const target =
        childAnchor !== undefined
          ? `[${label}](#${childAnchor})`
          : child.location !== undefined && /^https?:\/\//i.test(child.location)
            ? markdownLink(label, child.location)
            : `${label}${child.location === undefined ? "" : ` (${codeSpan(child.location)}, not in this file)`}`;
      return `- ${target} (${inline(child.status ?? "unknown status")}, run ${codeSpan(child.run_id)})`;
    });
    yield `\n\n## Child runs\n\n${lines.join("\n")}`;
  }
  for (const child of children)
    if (child.transcript !== undefined)
      yield* runPieces(child.transcript as Tolerant.Transcript, options, anchors, { document, child });
}

interface RenderContext {
  options: MarkdownOptions;
  anchors: RunAnchors;
}

function summaryFacts(document: Tolerant.Transcript): string[] {
  const facts: string[] = [];
  const run = document.run;
  if (run) {
    const timing = [
      run.started_at ? `started ${inline(run.started_at)}` : undefined,
      run.duration_ms === undefined ? undefined : `took ${formatDuration(run.duration_ms)}`,
    ].filter(Boolean);
    facts.push(
      `**Run:** ${inline(run.status)}${timing.length > 0 ? ` · ${timing.join(" · ")}` : ""}${run.error ? ` · error: ${inline(run.error)}` : ""}`,
    );
  }
  if (document.producer)
    facts.push(
      `**Producer:** ${inline(document.producer.name)}${document.producer.version ? ` ${inline(document.producer.version)}` : ""}`,
    );
  if (document.usage) facts.push(`**Usage:** ${formatUsage(document.usage)}`);
  const cost = document.cost ?? summedCost(document.messages);
  if (cost) facts.push(`**Cost:** ${formatCost(cost)}`);
  const redaction = document.export?.redaction;
  if (redaction && redaction.total > 0) {
    const rules = Object.entries(redaction.counts)
      .map(([rule, count]) => `${inline(rule)} ×${count}`)
      .join(", ");
    facts.push(`**Redacted:** ${redaction.total} secret${redaction.total === 1 ? "" : "s"} (${rules})`);
  }
  const truncation = document.export?.truncation;
  if (truncation && truncation.truncated_count > 0)
    facts.push(
      `**Truncated:** ${describeCount(truncation.truncated_count, "tool output")} to ${truncation.limit_bytes} bytes`,
    );
  if (document.export?.reasoning === "omit") facts.push("**Reasoning:** omitted from this export");
  return facts;
}

function renderMessage(message: Tolerant.Message, context: RenderContext): string | undefined {
  const parts = message.parts
    .map((part) => renderPart(part, context))
    .filter((text): text is string => text !== undefined);
  if (parts.length === 0 && message.role !== "assistant") return undefined;
  const details = [message.model, message.created_at]
    .filter((detail): detail is string => Boolean(detail))
    .map(inline)
    .join(" · ");
  // A message of tool results only is headed as the tool's, whatever role its agent gave it.
  const role = shownRole(message);
  const heading = `## ${lookUp(roleHeadings, role) ?? inline(role)}${message.name ? ` (${inline(message.name)})` : ""}${details ? ` · ${details}` : ""}`;
  const cost = shownMessageCost(message);
  const footer = [
    message.usage || cost
      ? `_${[message.usage ? formatUsage(message.usage) : undefined, cost ? formatAmount(cost) : undefined].filter(Boolean).join(" · ")}_`
      : undefined,
    message.error ? `**Error:** ${inline(message.error)}` : undefined,
  ].filter(Boolean);
  return [heading, ...parts, ...footer].join("\n\n");
}

function renderPart(part: Tolerant.Part, context: RenderContext): string | undefined {
  const { options } = context;
  if (!isKnownPart(part)) return `_[${inline(part.type)} part from a newer format version]_`;
  switch (part.type) {
    case "text":
      return part.citations && part.citations.length > 0
        ? `${markdownBlock(part.text)}\n\n${renderCitations(part.citations)}`
        : markdownBlock(part.text);
    case "reasoning":
      return options.reasoning === "omit" ? undefined : renderReasoning(part);
    case "tool_call": {
      const started = context.anchors.byCallId.get(part.id);
      const link = started === undefined ? "" : ` · started [${started.label}](#${started.anchor})`;
      return `**Tool call** ${codeSpan(part.name)} (${codeSpan(part.id)})${part.provider_executed ? " · run by the provider" : ""}${link}\n\n${codeBlock(part.raw_input ?? json(part.input), part.raw_input === undefined ? "json" : "")}`;
    }
    case "tool_result":
      return renderToolResult(part, context);
    case "image":
      return renderMedia("Image", part, part.alt);
    case "audio":
      return renderMedia("Audio", part, part.transcript);
    case "file":
      return renderMedia(`File${part.filename ? ` ${inline(part.filename)}` : ""}`, part, part.title);
    case "plan_step":
      return `**Plan**\n\n${renderPlan([part], 0)}`;
    case "code_diff":
      return part.files.map(renderDiffFile).join("\n\n");
    case "command":
      return `**Command**${part.exit_code === undefined ? "" : ` (exit ${part.exit_code})`}\n\n${codeBlock(part.command, "sh")}${part.output ? `\n\n${codeBlock(part.output)}` : ""}`;
    case "refusal":
      // A paragraph of its own: the refusal is Markdown and may open with a code block.
      return `**Refusal:**\n\n${markdownBlock(part.text)}`;
    case "compaction":
      return `_Context compacted${part.strategy ? ` (${inline(part.strategy)})` : ""}${part.tokens_before !== undefined && part.tokens_after !== undefined ? `: ${part.tokens_before} → ${part.tokens_after} tokens` : ""}._${part.summary ? `\n\n${quote(markdownBlock(part.summary))}` : ""}`;
    case "stream_chunk":
      return markdownBlock(part.text);
    case "native":
      return `_[${inline(part.native_type)} from ${inline(part.issuer.provider)}]_`;
  }
}

function renderReasoning(part: Strict.ReasoningPart): string {
  const label = `Reasoning${part.duration_ms === undefined ? "" : ` (${formatDuration(part.duration_ms)})`}`;
  // Each text is a block of its own (markdownBlock closes whatever it opens), so none can reach `</details>`.
  const body = [part.text, ...(part.summary ?? [])]
    .filter((text): text is string => Boolean(text))
    .map(markdownBlock)
    .filter((text) => text !== "")
    .join("\n\n");
  const opaque =
    part.encrypted_content || part.redacted_data
      ? `_[encrypted reasoning from ${inline(part.issuer?.provider ?? "the provider")}]_`
      : undefined;
  return `<details>\n<summary>${label}</summary>\n\n${[body, opaque].filter(Boolean).join("\n\n") || "_(no readable text)_"}\n\n</details>`;
}

function renderToolResult(part: Strict.ToolResultPart, context: RenderContext): string {
  const head = `**Tool result**${part.name ? ` ${codeSpan(part.name)}` : ""} (${codeSpan(part.call_id)}) · ${inline(part.status)}${part.duration_ms === undefined ? "" : ` · ${formatDuration(part.duration_ms)}`}`;
  const sections = [head];
  if (part.error) sections.push(`**Error:** ${inline(part.error)}`);
  if (part.output !== undefined)
    sections.push(typeof part.output === "string" ? codeBlock(part.output) : codeBlock(json(part.output), "json"));
  for (const content of part.content ?? []) {
    // A tool's text is its output, not the model's Markdown: fenced, so a heading or a list in it stays inside the
    // result instead of becoming the document's.
    const rendered =
      content.type === "text" ? codeBlock((content as Strict.TextPart).text) : renderPart(content, context);
    if (rendered) sections.push(rendered);
  }
  if (part.truncated)
    sections.push(
      `_Truncated (${inline(part.truncation_strategy ?? "unknown strategy")}) from ${part.original_size_bytes} bytes._`,
    );
  return sections.join("\n\n");
}

function renderMedia(
  label: string,
  part: { url?: string; path?: string; file_id?: string; data?: string; media_type?: string },
  caption?: string,
): string {
  const kind = part.media_type ? `, ${inline(part.media_type)}` : "";
  // The first of url and path that may be linked to; a data: URL never is (its bytes are shown as a size instead).
  let leftOut: string | undefined;
  for (const location of [part.url, part.path]) {
    if (location === undefined) continue;
    const target = checkLinkTarget(location);
    if (target.ok)
      return label === "Image"
        ? `![${inline(caption ?? "image")}](${target.destination})`
        : `[${label}${kind}](${target.destination})`;
    if (!/^\s*data:/i.test(location)) leftOut ??= target.reason;
  }
  const note = leftOut === undefined ? "" : ` (link left out: ${inline(leftOut)})`;
  if (part.file_id) return `_[${label}${kind}: provider file ${inline(part.file_id)}]_${note}`;
  const size = part.data ? ` ${Math.floor((part.data.length * 3) / 4)} bytes inline` : "";
  return `_[${label}${kind}${size}]_${caption ? ` ${inline(caption)}` : ""}${note}`;
}

const planMarks: Record<string, string> = {
  pending: "[ ]",
  in_progress: "[~]",
  complete: "[x]",
  blocked: "[!]",
  cancelled: "[-]",
};

function renderPlan(items: ReadonlyArray<Strict.PlanItem | Strict.PlanStepPart>, depth: number): string {
  return items
    .map((item) => {
      const reason =
        item.status === "blocked" && item.blocked_reason ? ` — blocked: ${inline(item.blocked_reason)}` : "";
      const line = `${"  ".repeat(depth)}- ${lookUp(planMarks, item.status) ?? "[?]"} ${inline(item.title)}${reason}`;
      return item.subitems && item.subitems.length > 0 ? `${line}\n${renderPlan(item.subitems, depth + 1)}` : line;
    })
    .join("\n");
}

function renderDiffFile(file: Strict.DiffFile): string {
  const oldPath = file.change === "added" ? "/dev/null" : `a/${oneLine(file.old_path ?? file.path)}`;
  const newPath = file.change === "deleted" ? "/dev/null" : `b/${oneLine(file.path)}`;
  const title = `**${inline(file.change)}** ${codeSpan(file.path)}${file.old_path ? ` (from ${codeSpan(file.old_path)})` : ""}`;
  if (file.binary) return `${title} · binary`;
  if (file.hunks.length === 0) return title;
  const markers: Record<Strict.DiffLine["kind"], string> = { context: " ", added: "+", removed: "-", no_newline: "\\" };
  const body = [`--- ${oldPath}`, `+++ ${newPath}`];
  for (const hunk of file.hunks) {
    body.push(
      `@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@${hunk.header ? ` ${oneLine(hunk.header)}` : ""}`,
    );
    for (const line of hunk.lines)
      body.push(
        line.kind === "no_newline"
          ? `\\ ${oneLine(line.text) || "No newline at end of file"}`
          : `${lookUp(markers, line.kind) ?? "?"}${oneLine(line.text)}`,
      );
  }
  return `${title}\n\n${codeBlock(body.join("\n"), "diff")}`;
}

function renderCitations(citations: readonly Strict.Citation[]): string {
  return citations
    .map((citation, index) => {
      const label = inline(citation.title ?? citation.document_title ?? citation.url ?? `source ${index + 1}`);
      return `${index + 1}. ${citation.url ? markdownLink(label, citation.url) : label}${citation.cited_text ? ` — “${inline(citation.cited_text)}”` : ""}`;
    })
    .join("\n");
}

/**
 * One line of a diff, path or hunk header inside the diff's code block: a line break in it would forge another diff
 * line, so it is shown as an escape; tabs stay.
 */
function oneLine(text: string): string {
  return text.includes("\n") || text.includes("\r")
    ? text.replaceAll("\r", "\\u000d").replaceAll("\n", "\\u000a")
    : text;
}

/** A block quote of Markdown: each line behind `> `, so a block that is safe alone is safe inside the quote. */
function quote(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}

/** A table entry for a value from the document: own keys only, so `constructor` or `__proto__` finds nothing. */
function lookUp(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

/**
 * A message's cost in its footer: core's one rule (its reported cost, else its usage priced on its day), shown when
 * it is known or the message itself says it is unknown; a price the table lacks is left to the run's facts.
 */
function shownMessageCost(message: Tolerant.Message): Tolerant.Cost | undefined {
  const cost = messageCost(message) as Tolerant.Cost | undefined;
  return cost?.status === "unknown" && message.cost === undefined ? undefined : cost;
}

/** What a run's messages cost together: the sum of those that have a cost; undefined when none has. */
function summedCost(messages: readonly Tolerant.Message[]): Tolerant.Cost | undefined {
  let total: Tolerant.Cost | undefined;
  for (const message of messages) {
    const cost = messageCost(message) as Tolerant.Cost | undefined;
    if (cost !== undefined && cost.status !== "unknown")
      total = total === undefined ? cost : (addCost(total as Strict.Cost, cost as Strict.Cost) as Tolerant.Cost);
  }
  return total;
}

/** A cost in a message's footer: its amount alone (the run's facts say where the prices came from). */
function formatAmount(cost: Tolerant.Cost): string | undefined {
  if (cost.status !== "computed" && cost.status !== "reported") return formatCost(cost);
  const { amount, currency } = cost as Strict.ComputedCost | Strict.ReportedCost;
  // The currency is the document's: written as inline text, which leaves `$1,234.56` as it is.
  return inline(formatMoney(amount, currency));
}

function formatUsage(usage: Strict.Usage): string {
  const extras = [
    usage.cache_read_tokens ? `${groupDigits(usage.cache_read_tokens)} cache read` : undefined,
    usage.cache_write_tokens ? `${groupDigits(usage.cache_write_tokens)} cache write` : undefined,
    usage.reasoning_tokens ? `${groupDigits(usage.reasoning_tokens)} reasoning` : undefined,
  ].filter(Boolean);
  return `${groupDigits(usage.input_tokens)} input / ${groupDigits(usage.output_tokens)} output tokens${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`;
}

function formatCost(cost: Tolerant.Cost): string {
  switch (cost.status) {
    case "computed": {
      const computed = cost as Strict.ComputedCost;
      return `${formatAmount(cost)} (prices of ${inline(computed.pricing.date)}, ${inline(computed.pricing.source)})`;
    }
    case "reported": {
      const reported = cost as Strict.ReportedCost;
      return `${formatAmount(cost)} (reported${reported.reported_by ? ` by ${inline(reported.reported_by)}` : ""})`;
    }
    default:
      return `unknown${"reason" in cost && typeof cost.reason === "string" ? ` (${inline(cost.reason)})` : ""}`;
  }
}
