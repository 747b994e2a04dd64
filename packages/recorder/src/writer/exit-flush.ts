/**
 * Writing what is still queued when the process ends. Node runs 'exit' listeners, synchronously, on every ending
 * that runs JavaScript at all: the event loop running dry, `process.exit()`, and an uncaught exception or unhandled
 * rejection. No asynchronous write could finish there, so each open recorder writes its queue with `writeSync`.
 * One listener serves every recorder of this module copy (hundreds of child runs add no listeners).
 */

export interface ExitFlushable {
  /** Writes everything queued, synchronously, and releases the lock; never throws. */
  flushOnExit(): void;
}

const open = new Set<ExitFlushable>();
let listening = false;

function onExit(): void {
  for (const recorder of open) recorder.flushOnExit();
}

export function flushOnExit(recorder: ExitFlushable): void {
  open.add(recorder);
  if (!listening) {
    process.on("exit", onExit);
    listening = true;
  }
}

export function stopFlushingOnExit(recorder: ExitFlushable): void {
  open.delete(recorder);
  if (open.size === 0 && listening) {
    process.off("exit", onExit);
    listening = false;
  }
}
