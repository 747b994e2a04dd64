/**
 * Event logs given whole, as text: each line through the one line reader (`EventLogLineReader`), so a whole-text
 * read and the recorder's streaming read of the same bytes report the same events and the same lines the same way.
 */
import { utf8ByteLength } from "../canonical-json.js";
import type * as Tolerant from "../generated/v1/tolerant-types.js";
import type { JsonLimits } from "../json-limits.js";
import type { ValidationMode } from "../validation.js";
import type { EventLogItem } from "./diagnostics.js";
import { EventLogLineReader } from "./line-reader.js";

/** A problem found on one line: its number, a JSON pointer into the line's value ("" for the whole line), and why. */
export interface EventLogProblem {
  line: number;
  pointer: string;
  message: string;
}

export interface EventLogReport {
  /** Lines that parsed and validated, in file order (a tolerant read may hold members a newer minor added). */
  events: Tolerant.Event[];
  problems: EventLogProblem[];
  /** Event types a newer minor version added: accepted by a tolerant read and reported here, once each. */
  unknownEventTypes: string[];
}

/**
 * Every item of an event log given as text, in order: each event, and each warning or problem where it occurs. Lines
 * are split on LF; offsets count UTF-8 bytes, as a byte reader's do.
 */
export function* readEventLogText(
  text: string,
  mode: ValidationMode = "tolerant",
  limits: JsonLimits = {},
): Generator<EventLogItem> {
  const reader = new EventLogLineReader({ mode, limits });
  let start = 0;
  let line = 0;
  let offset = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const terminated = end !== -1;
    const content = text.slice(start, terminated ? end : text.length);
    line += 1;
    reader.line(content, line, offset, terminated);
    offset += utf8ByteLength(content) + 1;
    start = terminated ? end + 1 : text.length;
    yield* reader.items;
    reader.items.length = 0;
  }
}

/**
 * Validates a whole event log: every line against the envelope schema (strict for what a writer may emit,
 * tolerant for what a reader accepts), and the file-level rules of AWF transcript logs: `seq` starts at 1 and increases by
 * exactly one per line; every line carries the same `run_id` and the same `parent_run_id`. Each line is parsed under
 * `limits` (core's `parseJson`: nesting depth, exact numbers). A torn last line is one of the problems here (the
 * streaming reader reports it as a warning); a content block of a newer minor is not.
 */
export function checkEventLog(text: string, mode: ValidationMode = "strict", limits: JsonLimits = {}): EventLogReport {
  const report: EventLogReport = { events: [], problems: [], unknownEventTypes: [] };
  let unknownTypeLine: number | undefined;
  for (const item of readEventLogText(text, mode, limits)) {
    if (item.kind === "event") {
      if (item.line === unknownTypeLine && !report.unknownEventTypes.includes(item.event.type))
        report.unknownEventTypes.push(item.event.type);
      report.events.push(item.event);
    } else if (item.code === "unknown-event-type") unknownTypeLine = item.line;
    else if (item.code !== "unknown-block-type")
      report.problems.push({ line: item.line ?? 0, pointer: item.pointer, message: item.message });
  }
  return report;
}
