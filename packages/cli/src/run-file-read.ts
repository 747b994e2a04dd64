/**
 * What reading one file as a run takes and gives, said apart from the reader (collect-runs.ts) so that the read pool
 * (read-pool/), which sends these between threads, and the reader can both name them without naming each other.
 */
import type { InputOptions } from "./input/limits.js";
import type { EventLogResumePoint } from "@agent-transcript/recorder/reader";
import type { AccumulatorState, RunStats } from "./run-stats.js";
import type { SkippedFile } from "./skipped-files.js";
import type { VerbosityOptions, WarningsAcrossFiles } from "./warning-summary.js";

/** How files are read as runs: the input's limits, what to say, and what to keep. */
export interface CollectOptions extends InputOptions, VerbosityOptions {
  /** Warnings are left out (the command prints JSON and counts them there). */
  json?: boolean;
  /** Keep each run's model calls, summed per quarter hour and model (`RunStats.buckets`). */
  recordCalls?: boolean;
  /** Summarise warnings by kind across every file, not file by file (a report over many sessions). */
  warningsAcrossFiles?: boolean;
  /** Say where an event log without child logs can be read on from once it grows (`RunFileRead.resume`). */
  resumable?: boolean;
}

/** Where an event log's reading stopped, and its run's counts there (before they were finished): see `resumable`. */
export interface EventLogResume {
  point: EventLogResumePoint;
  stats: AccumulatorState;
}

/** One file read as a run (an event log with its child logs, or a document, session or payload). */
export interface RunFileRead {
  /** The run it holds (none when it could not be read). */
  runs: RunStats[];
  /** Whether reading it met a failure the command's exit code should say (a damaged line, a bad child log). */
  failed: boolean;
  /**
   * Other files read as this run's child runs (absolute): an event log's child logs, a session's sub-agent files. A
   * run found in a folder whose file another session read as a child is that session's, not a run of its own.
   */
  childFiles: string[];
  /** Named by the user and not readable. */
  problem?: { input: string; message: string };
  /** Found in a folder and passed over. */
  skipped?: SkippedFile;
  /**
   * With `resumable`: an event log read to the end of a complete line, with no child log, that a later reading can go
   * on from once lines are appended (`RunFileReader.readOn`).
   */
  resume?: EventLogResume;
  /** Warnings the reader gave, for a report across files (`warningsAcrossFiles`). */
  warnings?: { source: string; warnings: Parameters<WarningsAcrossFiles["add"]>[1] };
}
