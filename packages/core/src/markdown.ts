import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { assertWithinDepth } from "./json-limits.js";
import { isKnownPart } from "./parts.js";

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
 * Renders a transcript for people: roles, reasoning, tool calls and results, plans, diffs, media and totals. Throws a
 * `JsonDepthError` for a document nested deeper than `defaultMaxDepth` (rendering recurses into nested results,
 * plans and JSON values).
 */
export function renderMarkdown(document: Tolerant.Transcript, options: MarkdownOptions = {}): string {
  assertWithinDepth(document);
  const blocks: string[] = [`# ${inline(document.title ?? document.id)}`];
  const facts = summaryFacts(document);
  if (facts.length > 0) blocks.push(facts.map((fact) => `- ${fact}`).join("\n"));
  for (const message of document.messages) {
    const rendered = renderMessage(message, options);
    if (rendered) blocks.push(rendered);
  }
  const children = document.run?.children ?? [];
  if (children.length > 0) {
    blocks.push(
      `## Child runs\n\n${children
        .map((child) => {
          const label = inline(child.title ?? child.run_id);
          const target = child.location ? `[${label}](${encodeURI(child.location)})` : label;
          return `- ${target} (${child.status ?? "unknown status"}, run \`${child.run_id}\`)`;
        })
        .join("\n")}`,
    );
  }
  return `${blocks.join("\n\n")}\n`;
}

function summaryFacts(document: Tolerant.Transcript): string[] {
  const facts: string[] = [];
  const run = document.run;
  if (run) {
    const timing = [
      run.started_at ? `started ${run.started_at}` : undefined,
      run.duration_ms === undefined ? undefined : `took ${formatDuration(run.duration_ms)}`,
    ].filter(Boolean);
    facts.push(
      `**Run:** ${run.status}${timing.length > 0 ? ` · ${timing.join(" · ")}` : ""}${run.error ? ` · error: ${inline(run.error)}` : ""}`,
    );
  }
  if (document.producer)
    facts.push(
      `**Producer:** ${inline(document.producer.name)}${document.producer.version ? ` ${inline(document.producer.version)}` : ""}`,
    );
  if (document.usage) facts.push(`**Usage:** ${formatUsage(document.usage)}`);
  if (document.cost) facts.push(`**Cost:** ${formatCost(document.cost)}`);
  const redaction = document.export?.redaction;
  if (redaction && redaction.total > 0) {
    const rules = Object.entries(redaction.counts)
      .map(([rule, count]) => `${rule} ×${count}`)
      .join(", ");
    facts.push(`**Redacted:** ${redaction.total} secret${redaction.total === 1 ? "" : "s"} (${rules})`);
  }
  const truncation = document.export?.truncation;
  if (truncation && truncation.truncated_count > 0)
    facts.push(`**Truncated:** ${truncation.truncated_count} tool output(s) to ${truncation.limit_bytes} bytes`);
  if (document.export?.reasoning === "omit") facts.push("**Reasoning:** omitted from this export");
  return facts;
}

function renderMessage(message: Tolerant.Message, options: MarkdownOptions): string | undefined {
  const parts = message.parts
    .map((part) => renderPart(part, options))
    .filter((text): text is string => text !== undefined);
  if (parts.length === 0 && message.role !== "assistant") return undefined;
  const details = [message.model ? inline(message.model) : undefined, message.created_at].filter(Boolean).join(" · ");
  const heading = `## ${roleHeadings[message.role] ?? inline(message.role)}${message.name ? ` (${inline(message.name)})` : ""}${details ? ` · ${details}` : ""}`;
  const footer = [
    message.usage ? `_${formatUsage(message.usage)}_` : undefined,
    message.error ? `**Error:** ${inline(message.error)}` : undefined,
  ].filter(Boolean);
  return [heading, ...parts, ...footer].join("\n\n");
}

function renderPart(part: Tolerant.Part, options: MarkdownOptions): string | undefined {
  if (!isKnownPart(part)) return `_[${inline(part.type)} part from a newer format version]_`;
  switch (part.type) {
    case "text":
      return part.citations && part.citations.length > 0
        ? `${part.text}\n\n${renderCitations(part.citations)}`
        : part.text;
    case "reasoning":
      return options.reasoning === "omit" ? undefined : renderReasoning(part);
    case "tool_call":
      return `**Tool call** \`${inline(part.name)}\` (\`${inline(part.id)}\`)${part.provider_executed ? " · run by the provider" : ""}\n\n${fence(part.raw_input ?? json(part.input), part.raw_input === undefined ? "json" : "")}`;
    case "tool_result":
      return renderToolResult(part, options);
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
      return `**Command**${part.exit_code === undefined ? "" : ` (exit ${part.exit_code})`}\n\n${fence(part.command, "sh")}${part.output ? `\n\n${fence(part.output, "")}` : ""}`;
    case "refusal":
      return `**Refusal:** ${part.text}`;
    case "compaction":
      return `_Context compacted${part.strategy ? ` (${part.strategy})` : ""}${part.tokens_before !== undefined && part.tokens_after !== undefined ? `: ${part.tokens_before} → ${part.tokens_after} tokens` : ""}._${part.summary ? `\n\n> ${part.summary.split("\n").join("\n> ")}` : ""}`;
    case "stream_chunk":
      return part.text;
    case "native":
      return `_[${inline(part.native_type)} from ${inline(part.issuer.provider)}]_`;
  }
}

function renderReasoning(part: Strict.ReasoningPart): string {
  const label = `Reasoning${part.duration_ms === undefined ? "" : ` (${formatDuration(part.duration_ms)})`}`;
  const body = [part.text, ...(part.summary ?? [])].filter((text): text is string => Boolean(text)).join("\n\n");
  const opaque =
    part.encrypted_content || part.redacted_data
      ? `_[encrypted reasoning from ${inline(part.issuer?.provider ?? "the provider")}]_`
      : undefined;
  return `<details>\n<summary>${label}</summary>\n\n${[body, opaque].filter(Boolean).join("\n\n") || "_(no readable text)_"}\n\n</details>`;
}

function renderToolResult(part: Strict.ToolResultPart, options: MarkdownOptions): string {
  const head = `**Tool result**${part.name ? ` \`${inline(part.name)}\`` : ""} (\`${inline(part.call_id)}\`) · ${part.status}${part.duration_ms === undefined ? "" : ` · ${formatDuration(part.duration_ms)}`}`;
  const sections = [head];
  if (part.error) sections.push(`**Error:** ${inline(part.error)}`);
  if (part.output !== undefined)
    sections.push(typeof part.output === "string" ? fence(part.output, "") : fence(json(part.output), "json"));
  for (const content of part.content ?? []) {
    const rendered = renderPart(content, options);
    if (rendered) sections.push(rendered);
  }
  if (part.truncated)
    sections.push(`_Truncated (${part.truncation_strategy}) from ${part.original_size_bytes} bytes._`);
  return sections.join("\n\n");
}

function renderMedia(
  label: string,
  part: { url?: string; path?: string; file_id?: string; data?: string; media_type?: string },
  caption?: string,
): string {
  const kind = part.media_type ? `, ${inline(part.media_type)}` : "";
  if (part.url && !part.url.startsWith("data:"))
    return label === "Image"
      ? `![${inline(caption ?? "image")}](${encodeURI(part.url)})`
      : `[${label}${kind}](${encodeURI(part.url)})`;
  if (part.path)
    return label === "Image"
      ? `![${inline(caption ?? "image")}](${encodeURI(part.path)})`
      : `[${label}${kind}](${encodeURI(part.path)})`;
  if (part.file_id) return `_[${label}${kind}: provider file ${inline(part.file_id)}]_`;
  const size = part.data ? ` ${Math.floor((part.data.length * 3) / 4)} bytes inline` : "";
  return `_[${label}${kind}${size}]_${caption ? ` ${inline(caption)}` : ""}`;
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
      const line = `${"  ".repeat(depth)}- ${planMarks[item.status] ?? "[?]"} ${inline(item.title)}${reason}`;
      return item.subitems && item.subitems.length > 0 ? `${line}\n${renderPlan(item.subitems, depth + 1)}` : line;
    })
    .join("\n");
}

function renderDiffFile(file: Strict.DiffFile): string {
  const oldPath = file.change === "added" ? "/dev/null" : `a/${file.old_path ?? file.path}`;
  const newPath = file.change === "deleted" ? "/dev/null" : `b/${file.path}`;
  const title = `**${file.change}** \`${inline(file.path)}\`${file.old_path ? ` (from \`${inline(file.old_path)}\`)` : ""}`;
  if (file.binary) return `${title} · binary`;
  if (file.hunks.length === 0) return title;
  const markers: Record<Strict.DiffLine["kind"], string> = { context: " ", added: "+", removed: "-", no_newline: "\\" };
  const body = [`--- ${oldPath}`, `+++ ${newPath}`];
  for (const hunk of file.hunks) {
    body.push(
      `@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@${hunk.header ? ` ${hunk.header}` : ""}`,
    );
    for (const line of hunk.lines)
      body.push(
        line.kind === "no_newline"
          ? `\\ ${line.text || "No newline at end of file"}`
          : `${markers[line.kind]}${line.text}`,
      );
  }
  return `${title}\n\n${fence(body.join("\n"), "diff")}`;
}

function renderCitations(citations: readonly Strict.Citation[]): string {
  return citations
    .map((citation, index) => {
      const label = inline(citation.title ?? citation.document_title ?? citation.url ?? `source ${index + 1}`);
      return `${index + 1}. ${citation.url ? `[${label}](${encodeURI(citation.url)})` : label}${citation.cited_text ? ` — “${inline(citation.cited_text)}”` : ""}`;
    })
    .join("\n");
}

/** A code fence longer than any backtick run inside, so no content can close it early. */
function fence(content: string, language: string): string {
  let longest = 0;
  for (const match of content.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const ticks = "`".repeat(Math.max(3, longest + 1));
  return `${ticks}${language}\n${content}\n${ticks}`;
}

/** One-line text for headings and list items: no newlines, no HTML, no accidental code spans. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[<>]/g, (character) => (character === "<" ? "&lt;" : "&gt;"))
    .replace(/`/g, "'");
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

function formatUsage(usage: Strict.Usage): string {
  const extras = [
    usage.cache_read_tokens ? `${usage.cache_read_tokens} cached` : undefined,
    usage.reasoning_tokens ? `${usage.reasoning_tokens} reasoning` : undefined,
  ].filter(Boolean);
  return `${usage.input_tokens} input / ${usage.output_tokens} output tokens${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`;
}

function formatCost(cost: Tolerant.Cost): string {
  switch (cost.status) {
    case "computed": {
      const computed = cost as Strict.ComputedCost;
      return `${computed.amount.toFixed(4)} ${computed.currency} (prices of ${computed.pricing.date}, ${computed.pricing.source})`;
    }
    case "reported": {
      const reported = cost as Strict.ReportedCost;
      return `${reported.amount} ${reported.currency} (reported${reported.reported_by ? ` by ${inline(reported.reported_by)}` : ""})`;
    }
    default:
      return `unknown${"reason" in cost && typeof cost.reason === "string" ? ` (${inline(cost.reason)})` : ""}`;
  }
}
