/**
 * When to say that something was lost, for every warning of this package that can repeat (a subscriber falling
 * behind, the live export losing spans): the first loss after a quiet interval is said at once, and what comes within
 * the interval after a warning is said together when that interval is over — one warning an interval at most, and
 * never a loss left unsaid while the owner runs. The owner keeps its own counts; `say` reads and resets them.
 */
export class RateLimiter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saidAt: number | undefined;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly say: () => void,
  ) {}

  /** There is something to say: now, if the last warning is an interval past, else when it is. */
  request(): void {
    if (this.timer !== undefined || this.stopped) return;
    const wait = this.saidAt === undefined ? 0 : this.saidAt + this.intervalMs - performance.now();
    if (wait <= 0) this.sayNow();
    else {
      this.timer = setTimeout(() => this.sayNow(), wait);
      // A pending warning never keeps the process alive.
      this.timer.unref();
    }
  }

  /**
   * No more warnings: what waits for its interval stays unsaid (saying it now could come sooner than an interval after
   * the last), but the owner's counters keep it.
   */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private sayNow(): void {
    this.timer = undefined;
    this.saidAt = performance.now();
    this.say();
  }
}
