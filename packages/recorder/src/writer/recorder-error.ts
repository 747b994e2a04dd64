/** What went wrong, for callers that branch on it; the message says it in words and names the file. */
export type RecorderErrorCode =
  /** Another writer holds the file's lock (in this process or another one). */
  | "locked"
  /** The recorder was closed, or has failed, and takes no more events. */
  | "closed"
  /** An event the recorder refused: unknown type, bad path or iteration, a payload JSON cannot hold. */
  | "invalid-event"
  /** An option out of range, or a run id that is not a UUID. */
  | "invalid-option"
  /** Reading, writing, syncing or repairing the file failed (the cause is the system error). */
  | "io";

/** Every error the writer throws or rejects with: its code, and the file it was writing. */
export class RecorderError extends Error {
  override readonly name = "RecorderError";
  /** What went wrong, for callers that branch on it. */
  readonly code: RecorderErrorCode;
  /** The event log (or, for a lock error, the event log whose lock is held). */
  readonly file: string;

  constructor(code: RecorderErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.code = code;
    this.file = file;
  }
}

/** The message of whatever was thrown, for wrapping system errors in a {@link RecorderError}. */
export function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
