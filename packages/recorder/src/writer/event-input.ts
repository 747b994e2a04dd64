import type { Artifact, MessagePayload, RunStartedPayload, StepPayload, ToolPayload } from "@agent-transcript/core";
import { eventTypes } from "@agent-transcript/core/vocabularies";

/** Where an event happened in the run, all optional: the recorder fills in the rest of the envelope. */
export interface EventPlacement {
  /** Dot-separated step path (`analyze`, `parallel_block.branch_a`); default `""`, the run level. */
  path?: string;
  /** Zero-based loop or retry iteration; default 0. */
  iteration?: number;
  /** Emission time; default now. Written as RFC 3339 in UTC with milliseconds. */
  timestamp?: Date;
}

/** `run.started`'s payload; `schema_version` defaults to the format version this package writes. */
export type RunStartedInput = Omit<RunStartedPayload, "schema_version"> & { schema_version?: string };

/**
 * One event as a producer hands it to `recorder.append()`: its type and payload, typed together as the AWF
 * transcript format pairs them, and where it happened. The recorder adds `seq`, `run_id`, `parent_run_id` and
 * `timestamp`.
 */
export type EventInput = EventPlacement &
  (
    | { type: "run.started"; payload: RunStartedInput }
    | { type: "run.completed"; payload?: StepPayload | null }
    | { type: "step.started" | "step.completed"; payload: StepPayload }
    | {
        type: "step.call_workflow.started" | "step.call_workflow.completed";
        /** The child run's UUID: its own file is `<run id>.jsonl` beside this one. */
        child_run_id: string;
        payload: StepPayload;
      }
    | { type: "message.system" | "message.user" | "message.assistant"; payload: MessagePayload }
    | { type: "tool.call" | "tool.result"; payload: ToolPayload }
    | { type: "artifact.created"; payload: Artifact }
  );

/** Each known event type and its JSON text, so a line is assembled without stringifying the type every time. */
export const quotedEventTypes: ReadonlyMap<string, string> = new Map(
  eventTypes.map((type) => [type, JSON.stringify(type)]),
);

/** The two event types that link a parent to a child run, and only they carry `child_run_id`. */
export const childRunEventTypes: ReadonlySet<string> = new Set([
  "step.call_workflow.started",
  "step.call_workflow.completed",
]);

// A UUID as RFC 9562 writes it: the run id becomes a file name, so nothing else (no separator, no `..`) gets in.
const uuidPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/**
 * Timestamps for the envelope. Many events share a millisecond under load, and `toISOString` is a large part of a
 * small event's cost, so the text of the last millisecond is kept.
 */
export class TimestampClock {
  private lastMilliseconds = Number.NaN;
  private lastText = "";

  now(): string {
    const milliseconds = Date.now();
    if (milliseconds !== this.lastMilliseconds) {
      this.lastMilliseconds = milliseconds;
      this.lastText = new Date(milliseconds).toISOString();
    }
    return this.lastText;
  }
}
