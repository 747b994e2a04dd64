// The package's one rule for repeating warnings: the first at once, what follows within the interval together at its
// end, nothing after stop().
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("says the first request at once and the ones within the interval once, together, when it is over", async () => {
    let pending = 0;
    const said: number[] = [];
    const limiter = new RateLimiter(50, () => {
      said.push(pending);
      pending = 0;
    });
    pending += 1;
    limiter.request();
    expect(said).toEqual([1]);
    for (let index = 0; index < 5; index += 1) {
      pending += 1;
      limiter.request();
    }
    // Within the interval: waiting, not said.
    expect(said).toEqual([1]);
    await expect.poll(() => said, { timeout: 100_000, interval: 5 }).toEqual([1, 5]);
  });

  it("says nothing more after stop(): the interval it was waiting for passes in silence", async () => {
    const said: string[] = [];
    const stopped = new RateLimiter(10, () => said.push("stopped"));
    stopped.request();
    stopped.request();
    stopped.stop();
    stopped.request();
    // A second limiter whose wait began after the first's: once it has spoken, the first's would have too.
    const witness = new RateLimiter(10, () => said.push("witness"));
    witness.request();
    witness.request();
    await expect
      .poll(() => said.filter((entry) => entry === "witness").length, { timeout: 100_000, interval: 5 })
      .toBe(2);
    expect(said.filter((entry) => entry === "stopped")).toEqual(["stopped"]);
  });
});
