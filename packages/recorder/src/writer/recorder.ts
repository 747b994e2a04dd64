import { randomUUID } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { describeCount, formatVersion, isStepPath, type Event, type StepPayload } from "@agent-transcript/core";
import { validateEvent } from "@agent-transcript/core/validators";
import { TimestampClock, childRunEventTypes, isUuid, quotedEventTypes, type EventInput } from "./event-input.js";
import { payloadJson as stringifyPayload } from "./payload-json.js";
import { flushOnExit, stopFlushingOnExit, type ExitFlushable } from "./exit-flush.js";
import { openWithoutFollowing, openWithoutWaiting } from "../file-kind.js";
import { acquireFileLock, type FileLock } from "./file-lock.js";
import { RecorderError, describeCause } from "./recorder-error.js";
import { notARegularFile, repairLockedEventLog, syncDirectory, type RepairReport } from "./repair.js";
import { createRunSnapshot, type RunSnapshotResult } from "../snapshot/run-snapshot.js";
import {
  EventSubscription,
  defaultSubscriberBufferSize,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionOwner,
} from "./subscription.js";
import { checkOptions, type CheckedOptions } from "./recorder-options.js";
import type {
  ChildRunOptions,
  ChildRunOutcome,
  Durability,
  Recorder,
  RecorderOptions,
  RecorderSnapshotOptions,
  RecorderStats,
  RecorderWarning,
} from "./recorder-types.js";

/** The first batch buffer's size; it grows up to maxBatchBytes as lines need. */
const initialBatchBytes = 64 * 1024;

/**
 * Opens (or creates) the event log of a run for appending and returns its recorder. Synchronous, so that nothing
 * appended can ever be waiting for a file that is not open yet. In order: takes the one-writer lock
 * (`<file>.lock`: a second writer, in this process or another, is refused with the holder's pid and host; a lock
 * left by a process that is gone is taken over); repairs a damaged tail of an existing file (see
 * `repairEventLog`; the report is `recorder.recovery`) and continues its `seq`; opens the file append-only
 * (`O_APPEND`, never following a symbolic link) and sets its mode to 0600 even if it existed with another. Throws a
 * {@link RecorderError} naming the file.
 */
export function createRecorder(options: RecorderOptions): Recorder {
  return new FileRecorder(checkOptions(options));
}

interface ChildStep {
  readonly name: string;
  readonly kind: string;
  readonly path: string;
  readonly iteration: number;
}

interface SyncWaiter {
  readonly generation: number;
  readonly resolve: () => void;
  readonly reject: (error: RecorderError) => void;
}

class FileRecorder implements Recorder, ExitFlushable, SubscriptionOwner {
  readonly runId: string;
  readonly parentRunId: string | undefined;
  readonly file: string;
  readonly durability: Durability;
  readonly recovery: RepairReport;

  private readonly options: CheckedOptions;
  private readonly lock: FileLock;
  private readonly descriptor: number;
  /** `,"run_id":"…"` and, for a child run, `,"parent_run_id":"…"`: the same on every line. */
  private readonly runFields: string;
  private readonly clock = new TimestampClock();

  private seq: number;
  private snapshotTaken: Promise<RunSnapshotResult> | undefined;
  /**
   * The queue: lines are encoded into this buffer as they are appended (`batchLength` bytes so far), so a batch is
   * written as it is, with no joining or copying of strings. It starts small and grows up to maxBatchBytes while
   * batches fill it, so an idle recorder (a child run waiting) holds little memory.
   */
  private batch: Buffer;
  private batchLength = 0;
  /** The events of the queued lines, kept only while someone subscribes (for the broadcast after the write). */
  private queuedEvents: Event[] = [];
  private writeScheduled = false;
  private readonly subscribers = new Set<EventSubscription>();
  /** What hears of each run file opened: this run's taps and its ancestors' (see `tapRunFiles`). */
  private readonly taps = new Set<RunFilesTap>();
  private inheritedTaps: ReadonlySet<RunFilesTap> = new Set();
  private readonly children = new Map<string, ChildStep>();
  /** This run's file as the taps know it. */
  private tappedFile: TappedFile | undefined;
  /** The file's size when it was opened (the lines a repair kept, or 0): what is written ends at this plus `bytes`. */
  private startSize = 0;

  /** Counts batches written; a sync started after batch n was written covers batches 1..n. */
  private writtenGeneration = 0;
  private syncedGeneration = 0;
  private syncInFlight: Promise<void> | undefined;
  private syncWaiters: SyncWaiter[] = [];
  private syncTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSyncStartedAt = 0;

  private events = 0;
  private writes = 0;
  private bytes = 0;
  private syncs = 0;

  private failure: RecorderError | undefined;
  private closing: Promise<void> | undefined;
  /** The descriptor is closed and the lock released. */
  private released = false;

  constructor(options: CheckedOptions) {
    this.options = options;
    this.runId = options.runId;
    this.parentRunId = options.parentRunId;
    this.durability = options.durability;
    const directory = path.join(options.root, "transcripts");
    this.file = path.join(directory, `${options.runId}.jsonl`);
    try {
      // 0700 for a directory we create: transcripts hold prompts and tool output (an existing one is left alone).
      mkdirSync(directory, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new RecorderError("io", this.file, `could not create ${directory}: ${describeCause(error)}`, {
        cause: error,
      });
    }
    this.lock = acquireFileLock(this.file);
    let descriptor: number | undefined;
    try {
      this.recovery = repairLockedEventLog(this.file);
      // Never waiting: a FIFO swapped in since the repair looked would block an open for writing until a reader came.
      descriptor = openSync(
        this.file,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | openWithoutFollowing | openWithoutWaiting,
        0o600,
      );
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) throw notARegularFile(this.file, stats);
      this.startSize = stats.size;
      this.tappedFile = { runId: options.runId, file: this.file, device: stats.dev, inode: stats.ino };
      // open's mode applies only to a file it creates: an existing file gets 0600 here.
      fchmodSync(descriptor, 0o600);
      // A new file's directory entry is made durable too, unless nothing is to be synced.
      if (this.recovery.outcome === "missing" && options.durability !== "none") syncDirectory(directory);
    } catch (error) {
      if (descriptor !== undefined) closeSync(descriptor);
      this.lock.release();
      if (error instanceof RecorderError) throw error;
      throw new RecorderError("io", this.file, `could not open the event log: ${describeCause(error)}`, {
        cause: error,
      });
    }
    this.descriptor = descriptor;
    this.seq = this.recovery.lastSeq;
    this.batch = Buffer.allocUnsafe(Math.min(initialBatchBytes, options.maxBatchBytes));
    this.runFields =
      `,"run_id":${JSON.stringify(this.runId)}` +
      (this.parentRunId === undefined ? "" : `,"parent_run_id":${JSON.stringify(this.parentRunId)}`);
    flushOnExit(this);
  }

  get lastSeq(): number {
    return this.seq;
  }

  get closed(): boolean {
    return this.closing !== undefined || this.failure !== undefined || this.released;
  }

  get stats(): RecorderStats {
    return { events: this.events, writes: this.writes, bytes: this.bytes, syncs: this.syncs };
  }

  append(event: EventInput): number {
    if (this.closing !== undefined) throw this.notOpen();
    return this.appendOpen(event);
  }

  /** `append` without the closing check: the end-of-run snapshot's event is appended while the recorder closes. */
  private appendOpen(event: EventInput): number {
    // Released without closing: the process is exiting and the last batch was written; nothing would write another.
    if (this.failure !== undefined || this.released) throw this.notOpen();
    const type = (event as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !quotedEventTypes.has(type))
      throw this.refuse(`unknown event type ${JSON.stringify(type)}: a writer emits only the format's event types`);
    const quotedType = quotedEventTypes.get(type) as string;
    const stepPath = event.path ?? "";
    if (!isStepPath(stepPath))
      throw this.refuse(
        `${type}: path must be a dot-separated step path without empty segments, got ${JSON.stringify(stepPath)}`,
      );
    const iteration = event.iteration ?? 0;
    if (!Number.isSafeInteger(iteration) || iteration < 0)
      throw this.refuse(`${type}: iteration must be a non-negative integer, got ${String(iteration)}`);
    let childRunId: string | undefined;
    if (childRunEventTypes.has(type)) {
      childRunId = (event as { child_run_id?: unknown }).child_run_id as string | undefined;
      if (!isUuid(childRunId))
        throw this.refuse(`${type}: child_run_id must be the child run's UUID, got ${JSON.stringify(childRunId)}`);
    } else if ((event as { child_run_id?: unknown }).child_run_id !== undefined) {
      throw this.refuse(`${type}: only step.call_workflow.started and .completed carry child_run_id`);
    }
    let timestamp: string;
    if (event.timestamp === undefined) timestamp = this.clock.now();
    else if (event.timestamp instanceof Date && !Number.isNaN(event.timestamp.getTime()))
      timestamp = event.timestamp.toISOString();
    else throw this.refuse(`${type}: timestamp must be a valid Date`);

    let payload: unknown = event.payload === undefined ? null : event.payload;
    if (type === "run.started" && typeof payload === "object" && payload !== null) {
      const declared = (payload as { schema_version?: unknown }).schema_version;
      // A fresh object (a spread defines own properties, so a `__proto__` key stays a key); the caller's is kept.
      if (declared === undefined) payload = { schema_version: formatVersion, ...payload };
    }
    if (this.options.redactor !== undefined) payload = this.options.redactor.redactValue(payload).value;
    let payloadJson: string;
    try {
      payloadJson = stringifyPayload(payload) ?? "null";
    } catch (error) {
      throw this.refuse(`${type}: the payload cannot be written as JSON: ${describeCause(error)}`, error);
    }

    const seq = this.seq + 1;
    // The envelope up to the payload; the payload's JSON (often most of the line) is encoded on its own, unjoined.
    const head =
      `{"seq":${seq}${this.runFields}` +
      (childRunId === undefined ? "" : `,"child_run_id":${JSON.stringify(childRunId)}`) +
      `,"type":${quotedType},"path":${JSON.stringify(stepPath)},"iteration":${iteration},"timestamp":"${timestamp}","payload":`;
    if (this.options.validate) this.validateLine(`${head}${payloadJson}}`, type);
    this.enqueue(head, payloadJson);
    this.seq = seq;
    this.events += 1;
    if (this.subscribers.size > 0)
      this.queuedEvents.push(this.envelope(seq, type, childRunId, stepPath, iteration, timestamp, payload));
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(this.writeSoon);
    }
    return seq;
  }

  /**
   * Encodes one line into the batch. A batch that cannot take it grows (up to maxBatchBytes) or, when it is as
   * large as allowed, is written first: a producer that outruns the event loop writes here (backpressure), and the
   * queue never holds more than one batch. A line larger than a whole batch is written alone.
   */
  private enqueue(head: string, payloadJson: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit; the 2 are the closing brace and LF.
    const room = 3 * (head.length + payloadJson.length) + 2;
    if (this.batchLength + room > this.batch.length) {
      const limit = this.options.maxBatchBytes;
      if (this.batch.length < limit && this.batchLength + room <= limit) {
        const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(2 * this.batch.length, this.batchLength + room)));
        this.batch.copy(grown, 0, 0, this.batchLength);
        this.batch = grown;
      } else {
        this.writeOrFail();
        if (this.failure !== undefined) throw this.failure;
        if (room > this.batch.length) {
          this.writeLineAlone(head, payloadJson);
          return;
        }
      }
    }
    let offset = this.batchLength;
    offset += this.batch.write(head, offset);
    offset += this.batch.write(payloadJson, offset);
    this.batch[offset] = 0x7d;
    this.batch[offset + 1] = 0x0a;
    this.batchLength = offset + 2;
  }

  private writeLineAlone(head: string, payloadJson: string): void {
    const headBytes = Buffer.byteLength(head);
    const buffer = Buffer.allocUnsafe(headBytes + Buffer.byteLength(payloadJson) + 2);
    buffer.write(head, 0);
    buffer.write(payloadJson, headBytes);
    buffer[buffer.length - 2] = 0x7d;
    buffer[buffer.length - 1] = 0x0a;
    try {
      this.writeAll(buffer, buffer.length);
      this.writtenGeneration += 1;
      this.afterWrite();
    } catch (error) {
      this.fail(error, false);
      throw this.failure;
    }
  }

  /** The event as subscribers see it: the envelope's fields in the file's order, absent ones left out. */
  private envelope(
    seq: number,
    type: string,
    childRunId: string | undefined,
    stepPath: string,
    iteration: number,
    timestamp: string,
    payload: unknown,
  ): Event {
    const event: Record<string, unknown> = { seq, run_id: this.runId };
    if (this.parentRunId !== undefined) event.parent_run_id = this.parentRunId;
    if (childRunId !== undefined) event.child_run_id = childRunId;
    event.type = type;
    event.path = stepPath;
    event.iteration = iteration;
    event.timestamp = timestamp;
    event.payload = payload;
    return event as unknown as Event;
  }

  private validateLine(line: string, type: string): void {
    const result = validateEvent(JSON.parse(line));
    if (result.ok) return;
    // Core's errors are already plain sentences, with the summaries that only repeat them left out.
    const problems = result.errors.map((error) => `${error.pointer || "(root)"}: ${error.message}`).join("; ");
    throw this.refuse(`${type}: not a valid event: ${problems}`);
  }

  private refuse(message: string, cause?: unknown): RecorderError {
    return new RecorderError("invalid-event", this.file, message, cause === undefined ? undefined : { cause });
  }

  private notOpen(): RecorderError {
    return this.failure ?? new RecorderError("closed", this.file, "is closed: the recorder takes no more events");
  }

  private readonly writeSoon = (): void => {
    this.writeScheduled = false;
    if (!this.released) this.writeOrFail();
  };

  private writeOrFail(): void {
    if (this.failure !== undefined) return;
    try {
      this.writeQueued(true);
    } catch (error) {
      this.fail(error, true);
    }
  }

  /**
   * Writes the batch with one `write` of whole lines (a short write is finished before anything else is written, so
   * lines never interleave), then applies the durability mode and hands the events to the subscribers. Synchronous:
   * nothing can be appended in between, and no write is ever in flight when the process exits.
   */
  private writeQueued(broadcast: boolean, syncInBackground = true): void {
    if (this.batchLength > 0) {
      const length = this.batchLength;
      this.batchLength = 0;
      this.writeAll(this.batch, length);
      this.writtenGeneration += 1;
      if (syncInBackground) this.afterWrite();
    }
    // Every queued event's line is written now (a line too large for a batch was written alone already).
    if (this.queuedEvents.length > 0) {
      const events = this.queuedEvents;
      this.queuedEvents = [];
      if (broadcast) this.broadcast(events);
    }
  }

  private afterWrite(): void {
    if (this.durability === "every-event") this.startSync();
    else if (this.durability === "interval") this.syncWithinInterval();
  }

  private writeAll(buffer: Buffer, length: number): void {
    let offset = 0;
    while (offset < length) {
      let written: number;
      try {
        written = writeSync(this.descriptor, buffer, offset, length - offset);
      } catch (error) {
        throw new RecorderError("io", this.file, `could not write: ${describeCause(error)}`, { cause: error });
      }
      if (written <= 0) throw new RecorderError("io", this.file, "could not write: the system wrote nothing");
      offset += written;
      this.writes += 1;
    }
    this.bytes += length;
  }

  /** Adds a tap; `untap` removes it (from this run; child runs started meanwhile keep it). */
  tap(tap: RunFilesTap): TappedRun {
    this.taps.add(tap);
    return {
      file: this.tappedFile as TappedFile,
      from: this.startSize + this.bytes,
      untap: () => this.taps.delete(tap),
    };
  }

  private broadcast(events: readonly Event[]): void {
    for (const subscriber of this.subscribers)
      for (const event of events) if (event.seq >= subscriber.firstSeq) subscriber.publish(event);
  }

  /** `interval`: a sync once the interval since the last one is over, now if it is, or by a timer if it is not. */
  private syncWithinInterval(): void {
    if (this.syncInFlight !== undefined || this.syncTimer !== undefined) return;
    const wait = this.lastSyncStartedAt + this.options.syncIntervalMs - Date.now();
    if (wait <= 0) {
      this.startSync();
      return;
    }
    this.syncTimer = setTimeout(() => {
      this.syncTimer = undefined;
      if (!this.released && this.failure === undefined) this.startSync();
    }, wait);
    // A pending sync never keeps the process alive: the exit flush syncs what is left.
    this.syncTimer.unref();
  }

  /**
   * Starts an `fdatasync` in the background (the thread pool), unless one is running: its completion starts the
   * next one when more was written meanwhile, so concurrent batches share syncs (group commit).
   */
  private startSync(): void {
    if (this.syncInFlight !== undefined || this.released || this.failure !== undefined) return;
    const generation = this.writtenGeneration;
    if (generation <= this.syncedGeneration) return;
    this.lastSyncStartedAt = Date.now();
    this.syncs += 1;
    this.syncInFlight = new Promise<void>((resolve) => {
      fdatasync(this.descriptor, (error) => {
        this.syncInFlight = undefined;
        resolve();
        if (error !== null) {
          this.fail(new RecorderError("io", this.file, `could not sync: ${error.message}`, { cause: error }), true);
          return;
        }
        this.synced(generation);
        if (this.writtenGeneration > this.syncedGeneration) {
          if (this.durability === "every-event") this.startSync();
          else if (this.durability === "interval") this.syncWithinInterval();
        }
      });
    });
  }

  private synced(generation: number): void {
    if (generation <= this.syncedGeneration) return;
    this.syncedGeneration = generation;
    if (this.syncWaiters.length === 0) return;
    const waiting: SyncWaiter[] = [];
    for (const waiter of this.syncWaiters) {
      if (waiter.generation <= generation) waiter.resolve();
      else waiting.push(waiter);
    }
    this.syncWaiters = waiting;
  }

  flush(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.released) return Promise.resolve();
    try {
      this.writeQueued(true);
    } catch (error) {
      this.fail(error, false);
      return Promise.reject(this.failure);
    }
    if (this.durability !== "every-event") return Promise.resolve();
    return this.waitForSync(this.writtenGeneration);
  }

  private waitForSync(generation: number): Promise<void> {
    if (generation <= this.syncedGeneration) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.syncWaiters.push({ generation, resolve, reject });
      this.startSync();
    });
  }

  flushSync(): void {
    if (this.failure !== undefined) throw this.failure;
    if (this.released) return;
    try {
      // Syncs right here, not also in the background.
      this.writeQueued(true, this.durability === "none");
      // In interval mode a sync already running in the background is enough: the next one covers these batches.
      const due =
        this.durability === "every-event" ||
        (this.durability === "interval" &&
          this.syncInFlight === undefined &&
          Date.now() - this.lastSyncStartedAt >= this.options.syncIntervalMs);
      if (due && this.writtenGeneration > this.syncedGeneration) {
        const generation = this.writtenGeneration;
        this.lastSyncStartedAt = Date.now();
        this.syncs += 1;
        fdatasyncSync(this.descriptor);
        this.synced(generation);
      } else if (this.durability === "interval") this.syncWithinInterval();
    } catch (error) {
      this.fail(error, false);
      throw this.failure;
    }
  }

  close(): Promise<void> {
    if (this.closing === undefined) {
      // The snapshot comes first and its event is appended while the recorder is still open; only then does it close.
      const snapshotFirst =
        this.options.snapshot !== undefined && this.failure === undefined && !this.released
          ? this.snapshot().then(() => undefined)
          : Promise.resolve();
      this.closing = snapshotFirst.then(() => this.closeNow());
    }
    return this.closing;
  }

  snapshot(options?: RecorderSnapshotOptions): Promise<RunSnapshotResult> {
    this.snapshotTaken ??= this.takeSnapshot(options ?? this.options.snapshot ?? {});
    return this.snapshotTaken;
  }

  private async takeSnapshot(options: RecorderSnapshotOptions): Promise<RunSnapshotResult> {
    const result = await createRunSnapshot({ ...options, runId: this.runId, directory: path.dirname(this.file) });
    for (const message of result.messages)
      this.warn({
        code: message.level === "info" ? "snapshot-info" : "snapshot-warning",
        message: `${this.file}: ${message.message}`,
        file: this.file,
      });
    if (result.artifact !== undefined) {
      if (this.failure !== undefined || this.released)
        this.warn({
          code: "snapshot-warning",
          message: `${this.file}: the snapshot ${result.bundle?.path ?? ""} was written, but the recorder had stopped: no artifact.created event records it`,
          file: this.file,
        });
      else
        try {
          this.appendOpen({ type: "artifact.created", payload: result.artifact });
        } catch (error) {
          this.warn({
            code: "snapshot-warning",
            message: `${this.file}: the snapshot was written, but its artifact.created event was refused: ${describeCause(error)}`,
            file: this.file,
          });
        }
    }
    return result;
  }

  private async closeNow(): Promise<void> {
    if (this.failure === undefined) {
      try {
        this.writeQueued(true);
      } catch (error) {
        this.fail(error, false);
      }
    }
    // The descriptor may be closed only when no sync is using it.
    while (this.syncInFlight !== undefined) await this.syncInFlight;
    if (this.failure === undefined && this.durability !== "none" && this.writtenGeneration > this.syncedGeneration) {
      this.startSync();
      while (this.syncInFlight !== undefined) await this.syncInFlight;
    }
    this.release();
    if (this.failure !== undefined) throw this.failure;
  }

  /** Closes the descriptor, releases the lock, ends the subscriptions. */
  private release(): void {
    if (this.released) return;
    this.released = true;
    if (this.syncTimer !== undefined) clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    stopFlushingOnExit(this);
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    for (const waiter of this.syncWaiters.splice(0)) waiter.reject(this.failure ?? this.notOpen());
    this.batch = Buffer.alloc(0);
    try {
      closeSync(this.descriptor);
    } catch {
      // Closing cannot lose what was written; a failed sync has been reported already.
    }
    this.lock.release();
    // Nothing more is written to the file: a reader that follows it can let go of it once it has read the rest.
    if (this.taps.size > 0 || this.inheritedTaps.size > 0)
      tapAll([...this.inheritedTaps, ...this.taps], (tap) => tap.closed(this.tappedFile as TappedFile));
  }

  /** Stops the recorder for good: no more writes (one after a failed write could land after a torn line). */
  private fail(cause: unknown, inBackground: boolean): void {
    if (this.failure !== undefined) return;
    this.failure =
      cause instanceof RecorderError
        ? cause
        : new RecorderError("io", this.file, `could not write: ${describeCause(cause)}`, { cause });
    this.batchLength = 0;
    this.queuedEvents = [];
    for (const waiter of this.syncWaiters.splice(0)) waiter.reject(this.failure);
    for (const subscriber of this.subscribers) subscriber.end();
    if (!inBackground) return;
    if (this.options.onError !== undefined) this.options.onError(this.failure);
    else process.emitWarning(this.failure.message, { type: "RecorderError", code: "AGENT_TRANSCRIPT_RECORDER_FAILED" });
  }

  flushOnExit(): void {
    if (this.released) return;
    this.released = true;
    try {
      if (this.failure === undefined) {
        this.writeQueued(false);
        if (this.durability !== "none") fdatasyncSync(this.descriptor);
      }
    } catch (error) {
      // Nothing can be thrown or awaited any more: say it on standard error, synchronously.
      try {
        writeSync(2, `${this.file}: events queued at exit could not be written: ${describeCause(error)}\n`);
      } catch {
        // Standard error is gone too.
      }
    }
    // The descriptor is left to the operating system: a sync started earlier may still be using it.
    this.lock.release();
  }

  subscribe(options: SubscribeOptions = {}): Subscription {
    const bufferSize = options.bufferSize ?? defaultSubscriberBufferSize;
    if (!Number.isSafeInteger(bufferSize) || bufferSize < 1)
      throw new RecorderError(
        "invalid-option",
        this.file,
        `bufferSize must be a positive integer, got ${String(bufferSize)}`,
      );
    const subscription = new EventSubscription(this, this.seq + 1, bufferSize);
    if (this.closed || this.released) subscription.end();
    else this.subscribers.add(subscription);
    return subscription;
  }

  unsubscribe(subscription: EventSubscription): void {
    this.subscribers.delete(subscription);
  }

  dropped(subscription: EventSubscription, count: number): void {
    const stats = subscription.stats;
    this.warn({
      code: "subscriber-dropped",
      file: this.file,
      dropped: count,
      stats,
      message: `${this.file}: a subscriber fell behind and ${describeCount(count, "event was", "events were")} dropped (${stats.dropped} of ${stats.published} so far)`,
    });
  }

  private warn(warning: RecorderWarning): void {
    // Delivered after the current work, not in it: a handler that appends (or throws) cannot disturb a broadcast.
    queueMicrotask(() => {
      try {
        if (this.options.onWarning !== undefined) this.options.onWarning(warning);
        else
          process.emitWarning(warning.message, {
            type: "RecorderWarning",
            code: `AGENT_TRANSCRIPT_${warning.code.toUpperCase().replaceAll("-", "_")}`,
          });
      } catch (error) {
        process.emitWarning(`${this.file}: the onWarning handler threw: ${describeCause(error)}`, {
          type: "RecorderWarning",
        });
      }
    });
  }

  startChildRun(options: ChildRunOptions): Recorder {
    if (this.closed) throw this.notOpen();
    const name = options?.name;
    if (typeof name !== "string") throw this.refuse("startChildRun needs the step's name");
    const kind = options.kind ?? "call_workflow";
    const stepPath = options.path ?? "";
    const iteration = options.iteration ?? 0;
    if (typeof kind !== "string") throw this.refuse("startChildRun: kind must be a string");
    // Checked before the child's file is created, so a refused step leaves nothing behind.
    if (!isStepPath(stepPath)) throw this.refuse(`startChildRun: invalid step path ${JSON.stringify(stepPath)}`);
    if (!Number.isSafeInteger(iteration) || iteration < 0)
      throw this.refuse(`startChildRun: iteration must be a non-negative integer, got ${String(iteration)}`);
    const runId = options.runId ?? randomUUID();
    if (!isUuid(runId)) throw this.refuse(`startChildRun: runId must be a UUID, got ${JSON.stringify(runId)}`);
    // A child run shares the parent's workspace: the snapshot, if any, is the root run's.
    const child = new FileRecorder({ ...this.options, runId, parentRunId: this.runId, snapshot: undefined });
    if (this.taps.size > 0 || this.inheritedTaps.size > 0) {
      child.inheritedTaps = new Set([...this.inheritedTaps, ...this.taps]);
      tapAll(child.inheritedTaps, (tap) => tap.opened(child.tappedFile as TappedFile, child.startSize));
    }
    try {
      this.append({
        type: "step.call_workflow.started",
        child_run_id: child.runId,
        path: stepPath,
        iteration,
        payload: { name, kind },
      });
    } catch (error) {
      child.release();
      throw error;
    }
    this.children.set(child.runId, { name, kind, path: stepPath, iteration });
    return child;
  }

  async completeChildRun(child: Recorder, outcome: ChildRunOutcome = {}): Promise<number> {
    const step = this.children.get(child?.runId);
    if (step === undefined || child.parentRunId !== this.runId)
      throw this.refuse(`run ${String(child?.runId)} is not a running child run started by this recorder`);
    if (this.closed) throw this.notOpen();
    this.children.delete(child.runId);
    // The child's file is complete before the parent says so.
    await child.close();
    const payload: StepPayload = { name: step.name, kind: step.kind };
    if (outcome.status !== undefined) payload.status = outcome.status;
    if (outcome.error !== undefined) payload.error = outcome.error;
    if (outcome.result !== undefined) payload.result = outcome.result;
    return this.append({
      type: "step.call_workflow.completed",
      child_run_id: child.runId,
      path: step.path,
      iteration: step.iteration,
      payload,
    });
  }
}

/** A run's event log as a tap knows it: which run, its file, and the file's identity (so a reader opens that file). */
export interface TappedFile {
  readonly runId: string;
  readonly file: string;
  readonly device: number;
  readonly inode: number;
}

/**
 * What the recorder's own live OpenTelemetry export hears: the event log file of the recorder it follows, and of every
 * child run it starts from then on, at any depth, each as it is opened and as it is closed. The export reads the lines
 * from the files itself, as they are written: the recording thread does nothing for it per write. Never throw.
 * Internal to the package (not on `Recorder`).
 */
export interface RunFilesTap {
  /** The run's `file` is followed from byte `from` on (what is written there and after; earlier lines are not). */
  opened(file: TappedFile, from: number): void;
  /** The run's recorder closed its file: nothing more is written to it. */
  closed(file: TappedFile): void;
}

function tapAll(taps: Iterable<RunFilesTap>, tell: (tap: RunFilesTap) => void): void {
  // A tap's failure is its own: the recorder goes on.
  for (const tap of taps)
    try {
      tell(tap);
    } catch {
      // The tap counts and says its own losses.
    }
}

/** A tapped recorder's own file, and how to remove the tap. */
export interface TappedRun {
  readonly file: TappedFile;
  /** How far the file is written now: the recorder's lines from here on are the tap's. */
  readonly from: number;
  /** Removes the tap (child runs started meanwhile keep it). */
  untap(): void;
}

/** Taps a recorder made by `createRecorder`: `tap` hears of each child run's file as the run starts. */
export function tapRunFiles(recorder: Recorder, tap: RunFilesTap): TappedRun {
  if (!(recorder instanceof FileRecorder))
    throw new TypeError("the live OpenTelemetry export follows a recorder made by createRecorder");
  return recorder.tap(tap);
}
