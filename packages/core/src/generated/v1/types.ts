// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

/**
 * Any top-level entity of format v1, as a writer emits it (strict).
 */
export type TopLevelEntity = (Event | SnapshotDeclaration)
/**
 * One line of an append-only JSONL event log (seed 001 envelope). Every line is one complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing `seq` order starting at 1. Event-specific data lives in `payload`, whose shape is chosen by `type`.
 */
export type Event = {
/**
 * Sequence number, strictly monotonic per file and starting at 1, with no gaps. The recorder allocates it atomically before writing the line.
 */
seq: number
/**
 * UUID of the run this file records. Every line of one file carries the same run_id.
 */
run_id: string
/**
 * UUID of the enclosing parent run. Present on every line of a child run's file when the run was started by another run; absent (never empty) otherwise.
 */
parent_run_id?: string
/**
 * UUID of a spawned child run. Required on `step.call_workflow.started` and `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other lines.
 */
child_run_id?: string
type: EventType
/**
 * Dot-separated step path within the workflow definition (for example `analyze` or `parallel_block.branch_a`). The empty string on run-level events.
 */
path: string
/**
 * Zero-based loop or retry iteration counter; 0 outside loops.
 */
iteration: number
/**
 * Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred.
 */
timestamp: string
/**
 * Event-specific data whose shape is determined by `type`. May be null for `run.started` and `run.completed`; must be an object for step, message and tool events.
 */
payload: unknown
}
/**
 * The closed event vocabulary. Writers emit only these values; a newer minor version of the format may add values, which tolerant readers accept and surface as warnings.
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "EventType".
 */
export type EventType = ("run.started" | "run.completed" | "step.started" | "step.completed" | "step.call_workflow.started" | "step.call_workflow.completed" | "message.user" | "message.assistant" | "tool.call" | "tool.result")

/**
 * One line of an end-of-run workspace snapshot declarations file (seed 003): a JSONL file in which each line names one repository or file to carry to another machine when a run is handed off. Malformed lines are skipped and reported, never fatal.
 */
export interface SnapshotDeclaration {
/**
 * Declaration format version. Version 1 is the only one defined; a reader skips lines with another version.
 */
version: 1
/**
 * `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked, non-ignored files). `file`: a single file outside any declared repository, uploaded verbatim; a `file` inside a declared `repo` is redundant and dropped.
 */
kind: ("repo" | "file")
/**
 * Absolute path of the repository root or file. Relative paths are rejected as malformed.
 */
path: string
}
