import type { Event } from "@agent-transcript/core";
import { RateLimiter } from "../rate-limiter.js";

/** A subscriber's counters: `delivered + dropped === published` at every moment. */
export interface SubscriberStats {
  /** Events the recorder wrote while this subscriber was open. */
  readonly published: number;
  /** Of those, the events handed to a waiting reader or kept in the buffer for it. */
  readonly delivered: number;
  /** Of those, the events dropped because the buffer was full (drop-newest). */
  readonly dropped: number;
}

/** Options of `recorder.subscribe()`. */
export interface SubscribeOptions {
  /** How many written events wait for a slow reader before newer ones are dropped. Default 256. */
  bufferSize?: number;
}

/**
 * A live feed of the events a recorder writes, in `seq` order, each after its line is written to the file
 * (write-then-broadcast). Read it with `for await (const event of subscription)`; the loop ends when the recorder or
 * the subscription closes (events still buffered are read first when the recorder closes; closing the subscription
 * discards them). A reader slower than the writer never slows it down: when the buffer is full, the newest event is
 * dropped and counted, and a warning says so at most once a second. The events are the values the recorder wrote:
 * treat them as read-only.
 */
export interface Subscription extends AsyncIterable<Event> {
  /** Its counters, read at this moment. */
  readonly stats: SubscriberStats;
  /** True once the subscription or its recorder closed and the buffer is empty. */
  readonly closed: boolean;
  /** The next event: at once when one is buffered, else when one is written; done once the feed has ended. */
  next(): Promise<IteratorResult<Event, undefined>>;
  /** What `break` in a `for await` loop calls: closes the subscription. */
  return(): Promise<IteratorResult<Event, undefined>>;
  /** The subscription itself: it is its own iterator. */
  [Symbol.asyncIterator](): Subscription;
  /** Stops the feed and discards what is buffered. Idempotent. */
  close(): void;
}

/** What a subscription reports to its recorder. */
export interface SubscriptionOwner {
  unsubscribe(subscription: EventSubscription): void;
  /** Called with the number of events dropped since the last warning (at most once a second). */
  dropped(subscription: EventSubscription, count: number): void;
}

export const defaultSubscriberBufferSize = 256;
const warningIntervalMs = 1000;

const done: IteratorResult<Event, undefined> = Object.freeze({ done: true, value: undefined });

export class EventSubscription implements Subscription {
  private readonly capacity: number;
  // A ring buffer: `publish` and `next` are O(1) whatever the buffer size.
  private readonly ring: Array<Event | undefined>;
  private head = 0;
  private count = 0;
  private readonly readers: Array<(result: IteratorResult<Event, undefined>) => void> = [];
  private published = 0;
  private delivered = 0;
  private dropped = 0;
  /** Dropped since the last warning; reported when the quiet second is over. */
  private droppedUnreported = 0;
  private readonly warnings = new RateLimiter(warningIntervalMs, () => {
    const count = this.droppedUnreported;
    this.droppedUnreported = 0;
    if (count > 0) this.owner.dropped(this, count);
  });
  /** No more events will come: the recorder closed (what is buffered can still be read). */
  private ended = false;
  /** Closed by the reader: nothing more is read. */
  private stopped = false;

  constructor(
    private readonly owner: SubscriptionOwner,
    /** The first seq this subscriber receives: events appended before it subscribed are not its. */
    readonly firstSeq: number,
    bufferSize: number,
  ) {
    this.capacity = bufferSize;
    this.ring = new Array<Event | undefined>(bufferSize);
  }

  get stats(): SubscriberStats {
    return { published: this.published, delivered: this.delivered, dropped: this.dropped };
  }

  get closed(): boolean {
    return this.stopped || (this.ended && this.count === 0);
  }

  /** Called by the recorder after the event's line is written. Never blocks, never throws. */
  publish(event: Event): void {
    if (this.stopped || this.ended) return;
    this.published += 1;
    const reader = this.readers.shift();
    if (reader !== undefined) {
      this.delivered += 1;
      reader({ done: false, value: event });
      return;
    }
    if (this.count < this.capacity) {
      this.ring[(this.head + this.count) % this.capacity] = event;
      this.count += 1;
      this.delivered += 1;
      return;
    }
    this.dropped += 1;
    this.droppedUnreported += 1;
    this.warnings.request();
  }

  /** The recorder closed: readers get what is buffered, then the end. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopWarnings();
    for (const reader of this.readers.splice(0)) reader(done);
  }

  next(): Promise<IteratorResult<Event, undefined>> {
    if (this.count > 0) {
      const event = this.ring[this.head] as Event;
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
      return Promise.resolve({ done: false, value: event });
    }
    if (this.stopped || this.ended) return Promise.resolve(done);
    return new Promise((resolve) => this.readers.push(resolve));
  }

  return(): Promise<IteratorResult<Event, undefined>> {
    this.close();
    return Promise.resolve(done);
  }

  [Symbol.asyncIterator](): Subscription {
    return this;
  }

  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.ring.fill(undefined);
    this.count = 0;
    this.stopWarnings();
    for (const reader of this.readers.splice(0)) reader(done);
    this.owner.unsubscribe(this);
  }

  /** No more warnings: drops still waiting for their second stay unreported, but `stats` counts them. */
  private stopWarnings(): void {
    this.warnings.stop();
    this.droppedUnreported = 0;
  }
}
