// What a recorder is to its users: the options of createRecorder, the Recorder interface, its warnings and counters.
import type { RunStatus } from "@agent-transcript/core";
import type { Redactor } from "@agent-transcript/core/redact";
import type { RunSnapshotOptions, RunSnapshotResult } from "../snapshot/run-snapshot.js";
import type { EventInput } from "./event-input.js";
import type { RecorderError } from "./recorder-error.js";
import type { RepairReport } from "./repair.js";
import type { SubscribeOptions, SubscriberStats, Subscription } from "./subscription.js";

/**
 * When written lines are forced to stable storage with `fdatasync`. Every mode writes each batch to the file (the
 * operating system's page cache) within one turn of the event loop, so a crash of the process alone — a kill -9, an
 * out-of-memory kill — loses only what was still queued in memory. The modes differ on a crash of the machine
 * (power loss, kernel panic):
 * - `none`: never synced by the recorder; the operating system writes back when it likes (on Linux, usually within
 *   30 seconds).
 * - `interval` (the default): synced at most `syncIntervalMs` (1,000 ms) after a write; a machine crash loses at most
 *   about that much.
 * - `every-event`: every batch is synced, and `flush()` resolves only once what it covers is synced; a machine crash
 *   loses nothing `flush()` confirmed.
 */
export type Durability = "none" | "interval" | "every-event";

/** How {@link createRecorder} opens and writes an event log; only `root` is required. */
export interface RecorderOptions {
  /** The storage root: the event log is `<root>/transcripts/<run id>.jsonl`. */
  root: string;
  /** The run's UUID; default a new random one. Reopening an existing run's file continues its `seq`. */
  runId?: string;
  /**
   * The UUID of the run that started this one, written on every line as `parent_run_id`. {@link
   * Recorder.startChildRun} sets it; give it yourself only for a child run recorded by another process.
   */
  parentRunId?: string;
  /** Default `interval`. */
  durability?: Durability;
  /** For `interval`: the longest a written line waits to be synced. Default 1,000. */
  syncIntervalMs?: number;
  /**
   * The most bytes one write carries: queued lines are coalesced into writes of up to this size (a larger line is
   * written alone), and a full batch is written at once instead of waiting for the next turn of the event loop, which
   * also bounds the memory the queue holds. Default 1 MiB.
   */
  maxBatchBytes?: number;
  /**
   * Redacts every payload before it is written, with core's redactor (`true`: the built-in rules; or a `Redactor`
   * of your own from `createRedactor`). Off by default: what a run did is recorded verbatim unless asked.
   */
  redact?: boolean | Redactor;
  /**
   * Validates every line against the event schema (strict: what a writer may emit) before it is queued, refusing an
   * invalid one with the schema's message. Off by default: the types already say what each event carries, and
   * validating costs about as much as writing. Turn it on while developing a producer.
   */
  validate?: boolean;
  /**
   * Takes the end-of-run workspace snapshot the run's environment declares (README, "Snapshots") when the recorder
   * closes, unless {@link Recorder.snapshot} already took it: the bundle is written beside the event log and an
   * `artifact.created` event records it. `true` for the defaults, or the options of `createRunSnapshot` (timeout,
   * redaction, size cap, the environment to read; `disabled` for `--no-snapshot`). Off by default: a snapshot runs
   * the declared script and carries workspace content off the machine, so a program asks for it.
   */
  snapshot?: boolean | RecorderSnapshotOptions;
  /** Receives the recorder's warnings (subscribers falling behind, snapshot messages); default `process.emitWarning`. */
  onWarning?: (warning: RecorderWarning) => void;
  /**
   * Receives the error that stopped the recorder when it happened outside a call (a background write or sync);
   * default `process.emitWarning`. Either way, every later call throws or rejects with it.
   */
  onError?: (error: RecorderError) => void;
}

/** What a snapshot at the end of a run may be given: `createRunSnapshot`'s options but those the recorder sets. */
export type RecorderSnapshotOptions = Omit<RunSnapshotOptions, "runId" | "directory">;

/** Something the recorder tells the program: a subscriber fell behind, or what the end-of-run snapshot said. */
export type RecorderWarning = SubscriberDroppedWarning | SnapshotWarning;

/**
 * What taking the end-of-run snapshot said: `snapshot-info` when none is configured (one line pointing to the docs),
 * `snapshot-warning` for declarations skipped, content left out, secrets found or a snapshot that failed.
 */
export interface SnapshotWarning {
  readonly code: "snapshot-info" | "snapshot-warning";
  /** The message in words. */
  readonly message: string;
  /** The event log of the run the snapshot is for. */
  readonly file: string;
}

/** A subscriber fell behind and events were dropped; at most one a second per subscriber. */
export interface SubscriberDroppedWarning {
  /** What happened. */
  readonly code: "subscriber-dropped";
  /** The warning in words, naming the file. */
  readonly message: string;
  /** The event log whose subscriber fell behind. */
  readonly file: string;
  /** Dropped since the last warning about this subscriber. */
  readonly dropped: number;
  /** The subscriber's counters when the warning was made. */
  readonly stats: SubscriberStats;
}

/** What a recorder did so far. */
export interface RecorderStats {
  /** Events appended (queued and numbered). */
  readonly events: number;
  /** `write` calls; far fewer than events when lines are coalesced. */
  readonly writes: number;
  /** Bytes written. */
  readonly bytes: number;
  /** `fdatasync` calls. */
  readonly syncs: number;
}

/** The step that starts a child run, as the parent's `step.call_workflow.started` line records it. */
export interface ChildRunOptions {
  /** The step's name (`payload.name`). */
  name: string;
  /** The step's kind (`payload.kind`); default `call_workflow`. */
  kind?: string;
  /** The step's path in the parent; default `""`. */
  path?: string;
  /** The step's loop or retry iteration in the parent; default 0. */
  iteration?: number;
  /** The child run's UUID; default a new random one. */
  runId?: string;
}

/** How a child run ended, for the parent's `step.call_workflow.completed` line. */
export interface ChildRunOutcome {
  /** How the child run ended (`completed`, `failed`, `canceled`). */
  status?: RunStatus;
  /** Why it failed. */
  error?: string;
  /** What it returned, any JSON value. */
  result?: unknown;
}

/**
 * Writes one run's event log: `<root>/transcripts/<run id>.jsonl`, one JSON line per event in the AWF transcript
 * format's envelope. Create it with {@link createRecorder}.
 */
export interface Recorder {
  /** The run's UUID: `run_id` on every line, and the file's name. */
  readonly runId: string;
  /** The parent run's UUID (`parent_run_id` on every line) for a child run; undefined otherwise. */
  readonly parentRunId: string | undefined;
  /** The event log's absolute path. */
  readonly file: string;
  /** The durability mode it writes with. */
  readonly durability: Durability;
  /** The `seq` of the last event appended; 0 before the first. */
  readonly lastSeq: number;
  /** What opening found at the end of an existing file, and what it repaired. */
  readonly recovery: RepairReport;
  /** Counters of what it appended, wrote and synced. */
  readonly stats: RecorderStats;
  /** True once `close()` was called or the recorder failed. */
  readonly closed: boolean;
  /**
   * Numbers the event (`seq`, synchronously, so concurrent producers never share or skip one), serialises it and
   * queues its line, returning its `seq`. The line is written within one turn of the event loop, or at once when
   * the queue reaches `maxBatchBytes`. Throws a {@link RecorderError} for an event it refuses (no `seq` is used up
   * then), and once the recorder is closed or failed.
   */
  append(event: EventInput): number;
  /**
   * Writes everything appended so far, now; resolves once it is written, and in `every-event` mode once it is also
   * synced. Rejects with the error that stopped the recorder.
   */
  flush(): Promise<void>;
  /**
   * Writes everything appended so far with synchronous writes before returning, and syncs as the durability mode
   * says, synchronously too: in `every-event` mode always, in `interval` mode when the interval since the last sync
   * is over. For code that cannot wait (a synchronous shutdown path) and for tight loops that never yield.
   */
  flushSync(): void;
  /**
   * Writes what is queued, syncs (except in `none` mode), ends every subscription after its buffered events,
   * closes the file and releases its lock. Idempotent: every call returns the same promise. Rejects if the recorder
   * failed, after cleaning up all the same.
   */
  close(): Promise<void>;
  /**
   * Takes the end-of-run workspace snapshot now (the bundle beside the event log, `<run id>.snapshot.jsonl`) and, when
   * one was written, appends the `artifact.created` event that records it; call it before appending `run.completed`
   * so the artifact comes first. Never rejects for the snapshot's sake: its messages go to `onWarning` and its
   * `status` says what happened. Taken once: a later call, or `close()` with the `snapshot` option, returns the same
   * result.
   */
  snapshot(options?: RecorderSnapshotOptions): Promise<RunSnapshotResult>;
  /** A live feed of the events appended from now on, after each is written. */
  subscribe(options?: SubscribeOptions): Subscription;
  /**
   * Starts a child run: opens its own recorder (same root and options, `parent_run_id` set to this run) and appends
   * `step.call_workflow.started` with its `child_run_id` here. Finish it with {@link Recorder.completeChildRun}.
   */
  startChildRun(options: ChildRunOptions): Recorder;
  /**
   * Closes a child run started here and appends `step.call_workflow.completed` for it (same step name, path and
   * iteration), returning that event's `seq`.
   */
  completeChildRun(child: Recorder, outcome?: ChildRunOutcome): Promise<number>;
}
