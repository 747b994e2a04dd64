import { exitCodes, UserError } from "../../io.js";
/** What `export` takes (its options) and what `export --json` reports: shared by the export of a document and the
 * streamed export of an event log (event-log.ts). */
import type { ReasoningPolicy } from "@agent-transcript/core";
import type { RedactionReport } from "@agent-transcript/core/redact";
import type { InputOptions } from "../../input/limits.js";
import type { InputProblem } from "../../input/problems.js";
import type { ReportedWarning, VerbosityOptions } from "../../warning-summary.js";

/**
 * What `export --format` takes: JSON, Markdown, HTML (the viewer with the document inline: html-export.ts), an event
 * log (`jsonl`: an event log streamed as it is read, anything else written as the AWF transcript logs' exporter writes
 * it), or an interchange format the registry can write.
 */
export type ExportFormat = "json" | "markdown" | "html" | "jsonl" | "otlp-json" | "atif" | "awf-transcript";

export interface ExportCommandOptions extends InputOptions, VerbosityOptions {
  format: ExportFormat;
  output?: string;
  reasoning: ReasoningPolicy;
  truncate?: boolean;
  limit?: string;
  /** A new file's permissions in octal as typed (`644`); default 600. */
  mode?: string;
  redact: boolean;
  json?: boolean;
  /** `otlp-json`: what of the messages the spans carry (none, attributes, or a reference to the file). */
  content?: "none" | "attributes" | "reference";
  /** `otlp-json`: the largest content attribute, as a size (`64KiB`). */
  maxAttributeSize?: string;
}

/** What `export --json` prints on stdout: what was read, what was written, and everything said on the way. */
export interface ExportReport {
  ok: boolean;
  /** The input as given (`<stdin>` for standard input). */
  input: string;
  /**
   * What the input was found to be (an agent's session is imported, a provider payload or another system's document
   * converted); null when it could not be read as any.
   */
  kind: "transcript" | "event-log" | "session" | "converted" | null;
  /** The format id it was read as, when not our own: a session's, or a converted payload's or document's. */
  readAs?: string;
  format: ExportFormat;
  /** The file written; null when nothing was. */
  output: string | null;
  /** Every file read: the input and, for an event log, the child runs embedded from beside it. */
  files: string[];
  /** Why the input could not be exported (the first 100); empty on success. */
  problems: InputProblem[];
  /** Problems beyond the first 100, counted and not listed; present only when there are any. */
  omittedProblems?: number;
  /** Every warning, in order (stderr shows them summarised by code). */
  warnings: ReportedWarning[];
  reasoning: ReasoningPolicy;
  /** Reasoning parts in the input, whether included or omitted. */
  reasoningParts: number;
  /** With --truncate: how many tool outputs were cut, and to how many bytes; otherwise null. */
  truncation: { count: number; limitBytes: number } | null;
  /** How many secrets each rule replaced; null with --no-redact. */
  redaction: RedactionReport | null;
}

/** `--mode 644`: a new file's permission bits, in octal, at most 777 (no set-id or sticky bits). */
export function parseFileMode(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^0?[0-7]{3}$/.test(text.trim()))
    throw new UserError(
      `--mode takes a file mode in octal, as chmod does (600, 640, 644), not ${JSON.stringify(text)}`,
      exitCodes.usage,
    );
  return Number.parseInt(text.trim(), 8);
}
