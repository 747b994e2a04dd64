import { formatVersion } from "./format-version.js";
import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { assertWithinDepth } from "./json-limits.js";
import { isPartOfType } from "./parts.js";
import { createRedactor, type RedactionReport, type Redactor, type RedactorOptions } from "./redact/index.js";
import { defaultTruncationLimitBytes, truncateValue } from "./truncate.js";

export type ReasoningPolicy = "include" | "omit";

export interface ExportOptions {
  /** `include` (default) keeps reasoning parts; `omit` removes them with no stub, keeping the order of the rest. */
  reasoning?: ReasoningPolicy;
  /** Truncate tool outputs whose canonical JSON exceeds the limit (64 KiB by default). Off by default. */
  truncate?: false | { limitBytes?: number };
  /** Redact secrets (on by default); pass options for user rules, or false to turn it off. */
  redact?: false | RedactorOptions | Redactor;
  /** When the export happened; defaults to now. */
  now?: Date;
}

export interface ExportResult {
  document: Tolerant.Transcript;
  /** Reasoning parts in the source (whether kept or omitted), for the disclosure a person sees before sharing. */
  reasoningParts: number;
  /** Present when redaction ran. */
  redaction?: RedactionReport;
  truncatedCount: number;
}

/**
 * An operation on a whole document as it is exported: its depth checked first, so that a document nested deeper than
 * `defaultMaxDepth` is a `JsonDepthError`, not a call stack overflowed. `prepareExport` checks once and runs the
 * operations themselves.
 */
function depthChecked<Rest extends unknown[], Result>(
  operation: (document: Tolerant.Transcript, ...rest: Rest) => Result,
): (document: Tolerant.Transcript, ...rest: Rest) => Result {
  return (document, ...rest) => {
    assertWithinDepth(document);
    return operation(document, ...rest);
  };
}

/**
 * Prepares a document for export: reasoning policy, then tool-output truncation, then redaction, recorded in
 * `export` so a reader knows what is missing and why. Never mutates its input. Embedded child transcripts get the
 * same treatment. Throws a `JsonDepthError` for a document nested deeper than `defaultMaxDepth` (which no decoded
 * document is), rather than overflowing the call stack.
 */
export function prepareExport(document: Tolerant.Transcript, options: ExportOptions = {}): ExportResult {
  assertWithinDepth(document);
  const reasoning = options.reasoning ?? "include";
  const reasoningParts = countParts(document, "reasoning");
  let result = reasoning === "omit" ? omitReasoningParts(document) : document;
  let truncatedCount = 0;
  let limitBytes: number | undefined;
  if (options.truncate) {
    limitBytes = options.truncate.limitBytes ?? defaultTruncationLimitBytes;
    const truncated = truncateEachToolOutput(result, limitBytes);
    result = truncated.document;
    truncatedCount = truncated.truncatedCount;
  }
  let redaction: RedactionReport | undefined;
  if (options.redact !== false) {
    const redactor =
      options.redact && "redactValue" in options.redact ? options.redact : createRedactor(options.redact || {});
    const redacted = redactEveryString(result, redactor);
    result = redacted.document;
    redaction = redacted.report;
  }
  const record: Strict.ExportRecord = {
    exported_at: (options.now ?? new Date()).toISOString(),
    reasoning,
    ...(redaction ? { redaction: { counts: redaction.counts, total: redaction.total } } : {}),
    ...(limitBytes === undefined ? {} : { truncation: { limit_bytes: limitBytes, truncated_count: truncatedCount } }),
  };
  return {
    document: { ...result, schema_version: result.schema_version || formatVersion, export: record },
    reasoningParts,
    ...(redaction ? { redaction } : {}),
    truncatedCount,
  };
}

/**
 * Removes every reasoning part (and nothing else), keeping the order of everything else; no stub is left. Throws a
 * `JsonDepthError` for a document nested deeper than `defaultMaxDepth`.
 */
export const omitReasoning = depthChecked(omitReasoningParts);

function omitReasoningParts(document: Tolerant.Transcript): Tolerant.Transcript {
  return mapDocument(document, (parts) => parts.filter((part) => !isPartOfType(part, "reasoning")));
}

/**
 * Truncates each tool result's `output` to `limitBytes` (Warp export rule B5 with the corrected sizing rule), marking it with
 * truncated, original_size_bytes and truncation_strategy only when a truncation happened. Throws a `JsonDepthError`
 * for a document nested deeper than `defaultMaxDepth`.
 */
export const truncateToolOutputs = depthChecked(truncateEachToolOutput);

function truncateEachToolOutput(
  document: Tolerant.Transcript,
  limitBytes: number = defaultTruncationLimitBytes,
): { document: Tolerant.Transcript; truncatedCount: number } {
  let truncatedCount = 0;
  const truncated = mapDocument(document, (parts) =>
    parts.map((part) => {
      if (!isPartOfType(part, "tool_result") || part.output === undefined || part.truncated) return part;
      const result = truncateValue(part.output, limitBytes);
      if (!result.truncated) return part;
      truncatedCount += 1;
      return {
        ...part,
        output: result.value,
        truncated: true as const,
        original_size_bytes: result.originalSizeBytes,
        truncation_strategy: result.strategy,
      };
    }),
  );
  return { document: truncated, truncatedCount };
}

/** Fields whose values are ciphertext or binary: redacting inside them would only corrupt them. */
const opaqueFields = ["signature", "encrypted_content", "redacted_data"] as const;
const binaryPartTypes: ReadonlySet<string> = new Set(["image", "audio", "file"]);

/**
 * Redacts every string of the document except opaque data (signatures, encrypted reasoning, inline media bytes).
 * Throws a `JsonDepthError` for a document nested deeper than `defaultMaxDepth`.
 */
export const redactTranscript = depthChecked(redactEveryString);

function redactEveryString(
  document: Tolerant.Transcript,
  redactor: Redactor,
): { document: Tolerant.Transcript; report: RedactionReport } {
  const counts: Record<string, number> = {};
  const tally = (report: RedactionReport): void => {
    for (const [rule, count] of Object.entries(report.counts)) counts[rule] = (counts[rule] ?? 0) + count;
  };
  const redactPart = (part: Tolerant.Part): Tolerant.Part => {
    const kept: Record<string, unknown> = {};
    const rest: Record<string, unknown> = { ...part };
    for (const field of opaqueFields) {
      if (field in rest) {
        kept[field] = rest[field];
        delete rest[field];
      }
    }
    if (binaryPartTypes.has(part.type) && "data" in rest) {
      kept.data = rest.data;
      delete rest.data;
    }
    const content = Array.isArray(rest.content) ? (rest.content as Tolerant.Part[]).map(redactPart) : undefined;
    delete rest.content;
    const redacted = redactor.redactValue(rest);
    tally(redacted.report);
    return { ...redacted.value, ...kept, ...(content ? { content } : {}) } as Tolerant.Part;
  };
  const redactDocument = (source: Tolerant.Transcript): Tolerant.Transcript => {
    const { messages, run, ...rest } = source;
    const head = redactor.redactValue(rest);
    tally(head.report);
    let redactedRun: Tolerant.Run | undefined;
    if (run) {
      const { children, ...runRest } = run;
      const runHead = redactor.redactValue(runRest);
      tally(runHead.report);
      redactedRun = {
        ...runHead.value,
        ...(children
          ? {
              children: children.map((child) => {
                const { transcript, ...link } = child;
                const redactedLink = redactor.redactValue(link);
                tally(redactedLink.report);
                return { ...redactedLink.value, ...(transcript ? { transcript: redactDocument(transcript) } : {}) };
              }),
            }
          : {}),
      };
    }
    return {
      ...head.value,
      ...(redactedRun ? { run: redactedRun } : {}),
      messages: messages.map((message) => {
        const { parts, ...messageRest } = message;
        const redactedMessage = redactor.redactValue(messageRest);
        tally(redactedMessage.report);
        return { ...redactedMessage.value, parts: parts.map(redactPart) };
      }),
    };
  };
  const redacted = redactDocument(document);
  return {
    document: redacted,
    report: { counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) },
  };
}

/** Applies a transformation to the parts of every message, including tool-result content and child transcripts. */
function mapDocument(
  document: Tolerant.Transcript,
  transform: (parts: Tolerant.Part[]) => Tolerant.Part[],
): Tolerant.Transcript {
  const mapParts = (parts: Tolerant.Part[]): Tolerant.Part[] =>
    transform(parts).map((part) =>
      isPartOfType(part, "tool_result") && part.content ? { ...part, content: mapParts(part.content) } : part,
    );
  const children = document.run?.children;
  return {
    ...document,
    messages: document.messages.map((message) => ({ ...message, parts: mapParts(message.parts) })),
    ...(document.run && children
      ? {
          run: {
            ...document.run,
            children: children.map((child) =>
              child.transcript ? { ...child, transcript: mapDocument(child.transcript, transform) } : child,
            ),
          },
        }
      : {}),
  };
}

function countParts(document: Tolerant.Transcript, type: string): number {
  let count = 0;
  const visit = (parts: readonly Tolerant.Part[]): void => {
    for (const part of parts) {
      if (part.type === type) count += 1;
      if (isPartOfType(part, "tool_result") && part.content) visit(part.content);
    }
  };
  for (const message of document.messages) visit(message.parts);
  for (const child of document.run?.children ?? []) if (child.transcript) count += countParts(child.transcript, type);
  return count;
}
