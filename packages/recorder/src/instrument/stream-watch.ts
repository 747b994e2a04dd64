/**
 * Watching a stream without changing it. The caller keeps reading the very objects the SDK produces — the same
 * chunks, in the same order, with the same errors and the same back-pressure (nothing is read ahead of the caller) —
 * while a watcher sees each chunk go by and how the stream ended: read to its end, failed, or left early.
 */
import type { Message } from "@agent-transcript/core";
import { failureOf, type ModelCall } from "./model-call.js";

/** What a watcher is told about a stream; none of its methods may throw into the stream (they are guarded). */
export interface StreamWatcher {
  /** A chunk is being handed to the caller. */
  chunk(value: unknown): void;
  /** The stream said it is done. */
  end(): void;
  /** Reading failed with this error, which the caller receives as it is. */
  error(error: unknown): void;
  /** The caller stopped reading before the end (`break`, `return()`, a cancelled reader). */
  stop(reason?: unknown): void;
}

function guarded(watcher: StreamWatcher): StreamWatcher {
  const run = (action: () => void): void => {
    try {
      action();
    } catch {
      // A watcher that throws loses its recording (ModelCall reports its own failures); the stream goes on.
    }
  };
  return {
    chunk: (value) => run(() => watcher.chunk(value)),
    end: () => run(() => watcher.end()),
    error: (error) => run(() => watcher.error(error)),
    stop: (reason) => run(() => watcher.stop(reason)),
  };
}

/** An `IteratorResult` promise that tells the watcher what it carries, and resolves to the same result object. */
function watchedResult<T>(result: Promise<IteratorResult<T>>, watcher: StreamWatcher): Promise<IteratorResult<T>> {
  return result.then(
    (item) => {
      if (item.done) watcher.end();
      else watcher.chunk(item.value);
      return item;
    },
    (error: unknown) => {
      watcher.error(error);
      throw error;
    },
  );
}

/** An async iterator that forwards every call to `inner` and tells the watcher what happened. */
export function watchIterator<T>(inner: AsyncIterator<T>, watcher: StreamWatcher): AsyncIterableIterator<T> {
  const safe = guarded(watcher);
  const iterator: AsyncIterableIterator<T> = {
    next: (...args: [] | [unknown]) => watchedResult(inner.next(...args), safe),
    return: (value?: unknown) => {
      safe.stop();
      return inner.return
        ? inner.return(value as T)
        : Promise.resolve({ done: true, value: value as T } as IteratorResult<T>);
    },
    throw: (error?: unknown) => {
      if (!inner.throw) return Promise.reject(error);
      return watchedResult(inner.throw(error), safe);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * The replacement of a stream's iterator-making method (Ollama's `[Symbol.asyncIterator]`, a Stainless stream's
 * `iterator`): the first iterator it makes, however the stream is read, goes through the watcher; later ones (a
 * stream is read once) are the SDK's own.
 */
export function watchFirstIterator(
  makeIterator: () => AsyncIterator<unknown>,
  watcher: StreamWatcher,
): (this: unknown) => AsyncIterator<unknown> {
  let watched = false;
  return function (this: unknown) {
    const inner = Reflect.apply(makeIterator, this, []) as AsyncIterator<unknown>;
    if (watched) return inner;
    watched = true;
    return watchIterator(inner, watcher);
  };
}

/**
 * Watches an async generator object in place: its own `next`, `return` and `throw` are replaced by watching ones,
 * so the caller's object stays the one the SDK returned (same prototype, same identity).
 */
export function watchGeneratorInPlace(generator: AsyncGenerator<unknown>, watcher: StreamWatcher): void {
  const safe = guarded(watcher);
  const next = generator.next;
  const stop = generator.return;
  const fail = generator.throw;
  Object.defineProperties(generator, {
    next: {
      value: (...args: [] | [unknown]) => watchedResult(next.apply(generator, args), safe),
      configurable: true,
      writable: true,
    },
    return: {
      value: (value?: unknown) => {
        safe.stop();
        return stop.call(generator, value);
      },
      configurable: true,
      writable: true,
    },
    throw: {
      value: (error?: unknown) => watchedResult(fail.call(generator, error), safe),
      configurable: true,
      writable: true,
    },
  });
}

/**
 * A readable stream that reads `source` only when its own reader asks (no read-ahead), hands on the same chunks and
 * the same error, and passes a cancel back to `source`.
 */
export function watchReadableStream<T>(source: ReadableStream<T>, watcher: StreamWatcher): ReadableStream<T> {
  const safe = guarded(watcher);
  const reader = source.getReader();
  return new ReadableStream<T>(
    {
      async pull(controller) {
        let item: Awaited<ReturnType<typeof reader.read>>;
        try {
          item = await reader.read();
        } catch (error) {
          safe.error(error);
          controller.error(error);
          return;
        }
        if (item.done) {
          safe.end();
          controller.close();
          return;
        }
        safe.chunk(item.value);
        controller.enqueue(item.value);
      },
      cancel(reason) {
        safe.stop(reason);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The usual watcher of a provider stream: collects the chunks, marks the first one, and records the call when the
 * stream ends, with what arrived and how it ended. `signal` is the request's abort signal, for SDKs that end an
 * aborted stream quietly instead of throwing (OpenAI's and Anthropic's).
 */
export class StreamRecording implements StreamWatcher {
  private readonly chunks: unknown[] = [];

  constructor(
    private readonly call: ModelCall,
    private readonly toMessages: (chunks: readonly unknown[]) => Message[] | undefined,
    private readonly signal: () => AbortSignal | undefined = () => undefined,
  ) {}

  chunk(value: unknown): void {
    this.chunks.push(value);
    this.call.chunk();
  }

  end(): void {
    const signal = this.signal();
    if (signal?.aborted) this.call.fail({ kind: "aborted", error: signal.reason }, () => this.toMessages(this.chunks));
    else this.call.succeed(() => this.toMessages(this.chunks));
  }

  error(error: unknown): void {
    this.call.fail(failureOf(error, this.signal()), () => this.toMessages(this.chunks));
  }

  stop(): void {
    this.call.fail({ kind: "aborted", error: new StoppedReading() }, () => this.toMessages(this.chunks));
  }
}

/** The reason recorded when the caller stopped reading a stream before its end. */
export class StoppedReading extends Error {
  constructor() {
    super("the caller stopped reading the stream before its end");
  }
}
