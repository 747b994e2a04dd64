import type { Recorder } from "../writer/recorder-types.js";

/** Where a model call's events go in the run: the envelope's `path` and `iteration`. */
export interface CallPlacement {
  /** Dot-separated step path; default `""`, the run level. */
  path?: string;
  /** Zero-based loop or retry iteration; default 0. */
  iteration?: number;
}

/** What every wrapper and the AI SDK middleware take besides the client and the recorder. */
export interface InstrumentOptions {
  /**
   * The step path and iteration of the events, the same for every call, or asked for at the start of each call (an
   * agent loop that moves from step to step passes a function).
   */
  placement?: CallPlacement | (() => CallPlacement);
  /**
   * Receives what went wrong while recording (a recorder that refuses an event or is closed, a payload no converter
   * can read, a bug of ours): the call itself goes on untouched, since recording never throws into the caller.
   * Default: `process.emitWarning` with code `AGENT_TRANSCRIPT_RECORDING_FAILED`.
   */
  onError?: (error: RecordingError) => void;
}

/** Something went wrong while recording a model call; the call itself was not affected. */
export class RecordingError extends Error {
  override readonly name = "RecordingError";
  /** Which wrapped operation was being recorded (`openai.chat.completions.create`, `ai-sdk.doStream`, …). */
  readonly operation: string;

  constructor(operation: string, message: string, options?: { cause?: unknown }) {
    super(`${operation}: ${message}`, options);
    this.operation = operation;
  }
}

/** The warning code of the default `onError`. */
export const recordingFailedWarningCode = "AGENT_TRANSCRIPT_RECORDING_FAILED";

function defaultOnError(error: RecordingError): void {
  process.emitWarning(error.message, { code: recordingFailedWarningCode, detail: describeCause(error.cause) });
}

function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}

/** A wrapper's recorder and options, resolved once. */
export interface InstrumentContext {
  readonly recorder: Recorder;
  /** The placement for a call starting now; never throws. */
  placement(operation: string): { path: string; iteration: number };
  /** Reports a recording failure; never throws. */
  report(operation: string, message: string, cause?: unknown): void;
}

export function instrumentContext(recorder: Recorder, options: InstrumentOptions = {}): InstrumentContext {
  const onError = options.onError ?? defaultOnError;
  const report = (operation: string, message: string, cause?: unknown): void => {
    try {
      onError(new RecordingError(operation, message, cause === undefined ? undefined : { cause }));
    } catch {
      // The caller's own error handler threw: there is nowhere left to report to, and the call must go on.
    }
  };
  return {
    recorder,
    report,
    placement(operation) {
      try {
        const chosen = typeof options.placement === "function" ? options.placement() : options.placement;
        return { path: chosen?.path ?? "", iteration: chosen?.iteration ?? 0 };
      } catch (error) {
        report(operation, "the placement function threw; the call is recorded at the run level", error);
        return { path: "", iteration: 0 };
      }
    },
  };
}

/** Any thrown value in words, for an event's `error`: its name and message, and those of its cause. */
export function describeError(error: unknown): string {
  const words = (value: unknown): string => {
    if (!(value instanceof Error)) return String(value);
    const message = value.message === "" ? "(no message)" : value.message;
    return value.name === "Error" ? message : `${value.name}: ${message}`;
  };
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? `${words(error)} (cause: ${words(cause)})` : words(error);
}
