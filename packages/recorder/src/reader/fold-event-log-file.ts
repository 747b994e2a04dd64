import { foldEventLog, type FoldOptions, type FoldResult, type Tolerant } from "@agent-transcript/core";
import type { EventLogDiagnostic } from "@agent-transcript/core";
import {
  readEventLog,
  type EventLogReadSummary,
  type EventLogSource,
  type ReadEventLogOptions,
} from "./read-event-log.js";

/** The read's options, and the fold's. */
export interface FoldEventLogFileOptions extends ReadEventLogOptions {
  /** Passed to core's `foldEventLog`: child runs' events to embed, and how deep. */
  fold?: FoldOptions;
  /** Most diagnostics kept in the result, in input order; the rest are only counted. Default 1,000. */
  maxDiagnostics?: number;
}

/** The folded document (core's `FoldResult`: document, strict, the fold's warnings) and what reading found. */
export interface EventLogFileFold extends FoldResult {
  /** The read's warnings and problems, in input order, at most `maxDiagnostics` of them. */
  diagnostics: EventLogDiagnostic[];
  /** Diagnostics beyond `maxDiagnostics`, counted but not kept. */
  omittedDiagnostics: number;
  /** The read's counts and how it ended. */
  summary: EventLogReadSummary;
}

const defaultMaxDiagnostics = 1000;

/**
 * Reads an event log with {@link readEventLog} and folds its events into a transcript document with core's
 * `foldEventLog`. The file's text is never held: only its events are (the fold needs them all), so memory grows with
 * the events, not with the bytes of a gzip file or of the lines that were refused. The fold's own warnings are in
 * `warnings`, the read's in `diagnostics`; a log with problems is still folded from the events that could be read,
 * and the caller decides whether that is good enough (`summary.problems`). Never throws on content.
 */
export async function foldEventLogFile(
  source: EventLogSource,
  options: FoldEventLogFileOptions = {},
): Promise<EventLogFileFold> {
  const { fold, maxDiagnostics = defaultMaxDiagnostics, ...readOptions } = options;
  if (!Number.isInteger(maxDiagnostics) || maxDiagnostics < 0)
    throw new RangeError(`maxDiagnostics must be a whole number of at least 0, not ${String(maxDiagnostics)}`);
  const reader = readEventLog(source, readOptions);
  const events: Tolerant.Event[] = [];
  const diagnostics: EventLogDiagnostic[] = [];
  let omittedDiagnostics = 0;
  for await (const item of reader) {
    if (item.kind === "event") events.push(item.event);
    else if (diagnostics.length < maxDiagnostics) diagnostics.push(item);
    else omittedDiagnostics += 1;
  }
  return { ...foldEventLog(events, fold), diagnostics, omittedDiagnostics, summary: { ...reader.summary } };
}
