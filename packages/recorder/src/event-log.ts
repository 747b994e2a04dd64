import type { Event, Tolerant } from "@agent-transcript/core";
import type { JsonLimits } from "@agent-transcript/core/json";
import { validateEvent, validateEventTolerant, type ValidationMode } from "@agent-transcript/core/validators";
import { eventTypes } from "@agent-transcript/core/vocabularies";
import { validJsonLines, type LineProblem } from "./json-lines.js";

export type EventLogProblem = LineProblem;

export interface EventLogReport {
  /** Lines that parsed and validated, in file order (a tolerant read may hold members a newer minor added). */
  events: Tolerant.Event[];
  problems: EventLogProblem[];
  /** Event types a newer minor version added: accepted by a tolerant read and reported here, once each. */
  unknownEventTypes: string[];
}

// The generated vocabulary: an event type added to the schema is known here after `pnpm generate`. (The hand-kept
// list this replaces had missed `message.system`, reporting every system message as a newer minor's event type.)
const knownEventTypes: ReadonlySet<string> = new Set<Event["type"]>(eventTypes);

/**
 * Validates a whole event log: every line against the envelope schema (strict for what a writer may emit,
 * tolerant for what a reader accepts), and the file-level rules of AWF transcript logs: `seq` starts at 1 and increases by
 * exactly one per line; every line carries the same `run_id` and the same `parent_run_id`. Each line is parsed under
 * `limits` (core's `parseJson`: nesting depth, exact numbers).
 */
export function checkEventLog(text: string, mode: ValidationMode = "strict", limits: JsonLimits = {}): EventLogReport {
  const validate = mode === "strict" ? validateEvent : validateEventTolerant;
  const report: EventLogReport = { events: [], problems: [], unknownEventTypes: [] };
  let highestSeq = 0;
  let first: { runId: string; parentRunId: string | undefined; line: number } | undefined;
  for (const parsed of validJsonLines<Tolerant.Event>(text, validate, report.problems, limits)) {
    if (!parsed.ok) {
      // The line's own problems are reported already; its seq still counts, or the next line would show a
      // gap that is not there.
      const seq = (parsed.value as { seq?: unknown } | null)?.seq;
      if (typeof seq === "number" && Number.isSafeInteger(seq) && seq > highestSeq) highestSeq = seq;
      continue;
    }
    const event = parsed.value;
    if (event.seq <= highestSeq) {
      report.problems.push({
        line: parsed.line,
        pointer: "/seq",
        message: `seq ${event.seq} is not after ${highestSeq}: seq must strictly increase`,
      });
    } else if (event.seq > highestSeq + 1) {
      report.problems.push({
        line: parsed.line,
        pointer: "/seq",
        message: `seq ${event.seq} skips ${highestSeq + 1}: a gap means lost lines`,
      });
    }
    highestSeq = Math.max(highestSeq, event.seq);
    if (!first) {
      first = { runId: event.run_id, parentRunId: event.parent_run_id, line: parsed.line };
    } else {
      if (event.run_id !== first.runId) {
        report.problems.push({
          line: parsed.line,
          pointer: "/run_id",
          message: `run_id ${event.run_id} differs from ${first.runId} on line ${first.line}: one file records one run`,
        });
      }
      if (event.parent_run_id !== first.parentRunId) {
        report.problems.push({
          line: parsed.line,
          pointer: "/parent_run_id",
          message: `parent_run_id differs from line ${first.line}: a child run's lines all name the same parent`,
        });
      }
    }
    if (!knownEventTypes.has(event.type) && !report.unknownEventTypes.includes(event.type))
      report.unknownEventTypes.push(event.type);
    report.events.push(event);
  }
  return report;
}
