/**
 * Every format this package converts, by format id: one line per format. A format is a provider API (a
 * `ProviderConverter`: requests, responses and streams), another system's whole documents (a `DocumentConverter`),
 * or an agent's sessions (a `SessionImporter`: files of records read line by line, with related files such as
 * sub-agents, into a document, its child runs and a loss report). A session format that can also be written (an
 * interchange format: ATIF, AWF transcript logs) is a `session` entry with an `exporter` beside its importer: one id,
 * both directions, and the CLI's `--to` / `export --to` take exactly the ids that have one.
 * Adding one is a folder under `formats/` and a line here; the format ids, their descriptions, the lookups by kind and
 * the CLI's `--from` / `--to` all follow from this table. Each id is a member of the schema's `SourceFormat`
 * vocabulary, which is what `source.format` of the documents the converter writes says.
 */
import {
  type AnyDocumentConverter,
  type AnyProviderConverter,
  type DocumentConverter,
  type FormatEntry,
  type FormatRegistry,
  type PayloadFromCanonicalOptions,
  type PayloadFromCanonicalResult,
  type PayloadKind,
  type ProviderConverter,
  type SessionExporter,
  type SessionImporter,
  type ToCanonicalOptions,
  type ToCanonicalResult,
} from "./conversion/index.js";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { atifExporter, atifImporter } from "./formats/atif/index.js";
import { awfTranscriptExporter, awfTranscriptImporter } from "./formats/awf-transcript/index.js";
import {
  anthropicConverter,
  bedrockConverseConverter,
  devflowConverter,
  geminiConverter,
  mistralConverter,
  ollamaConverter,
  openaiChatConverter,
  openaiResponsesConverter,
  portableConverter,
  warpExportConverter,
} from "./converters.js";
import { claudeCodeImporter } from "./formats/claude-code/index.js";
import { codexImporter } from "./formats/codex/index.js";
import { geminiCliImporter } from "./formats/gemini-cli/index.js";
import { otlpJsonImporter } from "./formats/otlp-json/index.js";

function provider<Request, Response, Chunk>(
  converter: ProviderConverter<Request, Response, Chunk>,
  description: string,
) {
  return { kind: "provider", converter: converter as unknown as AnyProviderConverter, description } as const;
}

function document<Native, Options extends ToCanonicalOptions>(
  converter: DocumentConverter<Native, Options>,
  description: string,
) {
  return { kind: "document", converter: converter as unknown as AnyDocumentConverter, description } as const;
}

function session(importer: SessionImporter, description: string) {
  return { kind: "session", importer, description } as const;
}

/** A session format read and written: an interchange format such as ATIF. */
function interchange(importer: SessionImporter, exporter: SessionExporter, description: string) {
  return { kind: "session", importer, exporter, description } as const;
}

// One line per format, however long its description: adding a format adds one line.
// prettier-ignore
export const formatRegistry = {
  "openai-chat": provider(openaiChatConverter, "OpenAI Chat Completions (messages, tool_calls, role tool)"),
  "openai-responses": provider(openaiResponsesConverter, "OpenAI Responses (input and output items, reasoning items)"),
  anthropic: provider(anthropicConverter, "Anthropic Messages (content blocks, tool_use and tool_result, thinking)"),
  gemini: provider(geminiConverter, "Google Gemini generateContent (contents with parts, functionCall and functionResponse)"),
  ollama: provider(ollamaConverter, "Ollama /api/chat (messages with thinking and object tool arguments)"),
  "bedrock-converse": provider(bedrockConverseConverter, "Amazon Bedrock Converse (content blocks, toolUse and toolResult, reasoningContent)"),
  mistral: provider(mistralConverter, "Mistral chat completions (content chunks with thinking, nine-character tool-call ids)"),
  portable: document(portableConverter, "Portable messages (OpenAF portable format): system, user and assistant turns with toolCalls and toolResults"),
  "warp-export": document(warpExportConverter, "Warp export (Warp's JSON conversation export): typed content blocks, tool calls with their results, plan steps, code diffs"),
  devflow: document(devflowConverter, "devflow run transcript (ADR-011): turns with tool calls, run metadata, token and cost totals; gzip-compressed from 100 KiB"),
  atif: interchange(atifImporter, atifExporter, "Agent Trajectory Interchange Format (Harbor's ATIF v1.0–v1.7, import and export): steps by source, reasoning_content, tool_calls with observations, metrics and final_metrics, embedded subagent trajectories, continuation files"),
  "awf-transcript": interchange(awfTranscriptImporter, awfTranscriptExporter, "AWF transcript logs (storage/transcripts/<run-id>.jsonl, import and export) exactly as AWF writes them: message, tool, step and run events, child runs in files of their own"),
  "claude-code": session(claudeCodeImporter, "Claude Code session (~/.claude/projects/<project>/<session>.jsonl, import only): the main chain of the conversation tree, compactions, sub-agents as child runs, usage once per API response"),
  codex: session(codexImporter, "Codex CLI rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl or .jsonl.zst, import only): Responses items as messages, event echoes read once, per-turn usage from the cumulative token counts, compactions, sub-agent and forked rollouts as child runs"),
  "gemini-cli": session(geminiCliImporter, "Gemini CLI session (~/.gemini/tmp/<project-hash>/chats/session-*.json or .jsonl, import only): messages with thoughts, tool calls paired with their results, tokens once per reply, notices kept"),
  "otlp-json": session(otlpJsonImporter, "OpenTelemetry traces (OTLP/JSON spans that follow the GenAI semantic conventions: export --format otlp-json's file, a collector's file exporter lines; import only, export with --format otlp-json): a run's invoke_agent span with its model calls, tool calls and child runs"),
} as const satisfies FormatRegistry;

/** A format id this package converts. */
export type FormatId = keyof typeof formatRegistry;
// Spelt out twice rather than through a shared helper type, which the public declarations would then name.
/** The format ids that name a provider API. */
export type ProviderFormatId = {
  [Id in FormatId]: (typeof formatRegistry)[Id]["kind"] extends "provider" ? Id : never;
}[FormatId];
/** The format ids that name another system's documents. */
export type DocumentFormatId = {
  [Id in FormatId]: (typeof formatRegistry)[Id]["kind"] extends "document" ? Id : never;
}[FormatId];
/** The format ids that name an agent's sessions. */
export type SessionFormatId = {
  [Id in FormatId]: (typeof formatRegistry)[Id]["kind"] extends "session" ? Id : never;
}[FormatId];

const entries = Object.entries(formatRegistry) as Array<[FormatId, FormatEntry]>;

/** Every format id, in registry order: what the CLI's `--from` and `--to` take (besides `agent-transcript`). */
export const formatIds: readonly FormatId[] = Object.freeze(entries.map(([id]) => id));

/** Every provider API's converter by its format id. */
export const providerConverters = Object.freeze(
  Object.fromEntries(entries.flatMap(([id, entry]) => (entry.kind === "provider" ? [[id, entry.converter]] : []))),
) as Readonly<Record<ProviderFormatId, AnyProviderConverter>>;

/** Every document format's converter by its format id. */
export const documentConverters = Object.freeze(
  Object.fromEntries(entries.flatMap(([id, entry]) => (entry.kind === "document" ? [[id, entry.converter]] : []))),
) as Readonly<Record<DocumentFormatId, AnyDocumentConverter>>;

/** The session formats that can also be written: their exporters by format id. */
export const sessionExporters = Object.freeze(
  Object.fromEntries(
    entries.flatMap(([id, entry]) =>
      entry.kind === "session" && entry.exporter !== undefined ? [[id, entry.exporter]] : [],
    ),
  ),
) as Readonly<Partial<Record<SessionFormatId, SessionExporter>>>;

/** Whether a format id names a session format that can be written (its exporter is in {@link sessionExporters}). */
export function isSessionExportFormatId(value: string): value is SessionFormatId {
  return Object.hasOwn(sessionExporters, value);
}

/** Every session format's importer by its format id. */
export const sessionImporters = Object.freeze(
  Object.fromEntries(entries.flatMap(([id, entry]) => (entry.kind === "session" ? [[id, entry.importer]] : []))),
) as Readonly<Record<SessionFormatId, SessionImporter>>;

// Own keys only, so `toString` or `__proto__` is never a format.
export function isFormatId(value: string): value is FormatId {
  return Object.hasOwn(formatRegistry, value);
}

export function isProviderFormatId(value: string): value is ProviderFormatId {
  return Object.hasOwn(providerConverters, value);
}

export function isDocumentFormatId(value: string): value is DocumentFormatId {
  return Object.hasOwn(documentConverters, value);
}

export function isSessionFormatId(value: string): value is SessionFormatId {
  return Object.hasOwn(sessionImporters, value);
}

/**
 * A value of a provider format (a request, a response or a stream, as `detectFormat` or `--from` names it) or another
 * system's document, converted to canonical by that format's converter. The one dispatch every reader of "any
 * payload" needs (the CLI's `convert`, and `export`, `stats`, `view` and the queries through its loader).
 */
export function payloadToCanonical(
  format: ProviderFormatId | DocumentFormatId,
  kind: PayloadKind,
  value: unknown,
  options: ToCanonicalOptions = {},
): ToCanonicalResult {
  if (isDocumentFormatId(format)) return documentConverters[format].toCanonical(value, options);
  const converter = providerConverters[format];
  return kind === "stream"
    ? converter.streamToCanonical(Array.isArray(value) ? value : [value])
    : kind === "response"
      ? converter.responseToCanonical(value)
      : converter.requestToCanonical(value);
}

/**
 * A canonical document written as a value of a format: a provider API's request, response or stream (`kind`), another
 * system's document, or an interchange format's files (the main one as `value`, the others as `related`). A request is
 * checked against the target API's structural rules; what breaks them is in `problems`. The other direction of
 * {@link payloadToCanonical}, and the one every writer of "any payload" needs (the CLI's `convert` and `export`). An
 * import-only session format (an agent's sessions are read, never written) is refused.
 */
export function payloadFromCanonical(
  format: FormatId,
  kind: Exclude<PayloadKind, "document">,
  document: Tolerant.Transcript,
  options: PayloadFromCanonicalOptions = {},
): PayloadFromCanonicalResult {
  const { name, ...convertOptions } = options;
  if (isDocumentFormatId(format)) {
    const result = documentConverters[format].fromCanonical(document, convertOptions);
    return result.ok ? { ...result, kind: "document", problems: [], related: [] } : result;
  }
  if (isSessionExportFormatId(format)) {
    const exporter = sessionExporters[format] as SessionExporter;
    // The exporters read a document the caller has validated (as the CLI's readers do); they do not read tolerant ones.
    const result = exporter.fromCanonical(document as Transcript, name === undefined ? {} : { name });
    if (!result.ok) return result;
    const [main, ...related] = result.files;
    return { ok: true, value: main?.text ?? "", kind: "document", warnings: result.warnings, problems: [], related };
  }
  if (!isProviderFormatId(format))
    return { ok: false, errors: [{ path: "", message: `${format} cannot be written` }], warnings: [] };
  const converter = providerConverters[format];
  const result =
    kind === "stream"
      ? converter.streamFromCanonical(document, convertOptions)
      : kind === "response"
        ? converter.responseFromCanonical(document, convertOptions)
        : converter.requestFromCanonical(document, convertOptions);
  if (!result.ok) return result;
  const problems = kind === "request" ? converter.checkRequest(result.value) : [];
  return { ok: true, value: result.value, kind, warnings: result.warnings, problems, related: [] };
}

/** One line saying what the format is, for help texts and listings. */
export function describeFormat(id: FormatId): string {
  return formatRegistry[id].description;
}
