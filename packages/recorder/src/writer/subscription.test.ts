import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Event } from "@agent-transcript/core";
import fc from "fast-check";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createRecorder } from "./recorder.js";
import type { RecorderWarning } from "./recorder-types.js";
import { RateLimiter } from "../rate-limiter.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-subscribers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let roots = 0;
const newRoot = (): string => path.join(scratch, `root-${(roots += 1)}`);

const step = (index: number) =>
  ({ type: "step.started", path: "a", iteration: index, payload: { name: "a", kind: "agent" } }) as const;

describe("subscribers", () => {
  it("receive every event in seq order, each only after its line is in the file", async () => {
    const recorder = createRecorder({ root: newRoot() });
    const subscription = recorder.subscribe();
    const seen: Array<{ seq: number; onDisk: boolean }> = [];
    const reading = (async () => {
      for await (const event of subscription) {
        const text = readFileSync(recorder.file, "utf8");
        seen.push({ seq: event.seq, onDisk: text.includes(`{"seq":${event.seq},`) });
      }
    })();
    for (let index = 0; index < 50; index += 1) {
      recorder.append(step(index));
      if (index % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await recorder.close();
    await reading;
    expect(seen).toEqual(Array.from({ length: 50 }, (_, index) => ({ seq: index + 1, onDisk: true })));
    expect(subscription.stats).toEqual({ published: 50, delivered: 50, dropped: 0 });
    expect(subscription.closed).toBe(true);
  });

  it("deliver the envelope as written: the file's fields, the redacted payload", async () => {
    const recorder = createRecorder({ root: newRoot(), redact: true });
    const subscription = recorder.subscribe();
    recorder.append({
      type: "tool.call",
      payload: { name: "Bash", call_id: "c", input: { password: "hunter2" }, fidelity: "router" },
    });
    await recorder.close();
    const events: Event[] = [];
    for await (const event of subscription) events.push(event);
    const [line] = readFileSync(recorder.file, "utf8").trimEnd().split("\n");
    expect(events).toEqual([JSON.parse(line as string)]);
    expect(JSON.stringify(events)).not.toContain("hunter2");
  });

  it("only see what is appended after they subscribe", async () => {
    const recorder = createRecorder({ root: newRoot() });
    const early = recorder.subscribe();
    recorder.append(step(0));
    const late = recorder.subscribe();
    recorder.append(step(1));
    await recorder.close();
    const seqs = async (subscription: AsyncIterable<Event>) => {
      const found: number[] = [];
      for await (const event of subscription) found.push(event.seq);
      return found;
    };
    expect(await seqs(early)).toEqual([1, 2]);
    expect(await seqs(late)).toEqual([2]);
  });

  it("never slow the writer: a subscriber that never reads keeps 256 events, the newest are dropped and counted", async () => {
    const warnings: RecorderWarning[] = [];
    const warnedAt: number[] = [];
    // When each report of drops was made (the quiet second starts there), not when its warning reached the handler:
    // a warning is delivered after the work in progress, which takes long on a loaded machine (the first reached the
    // handler 85 ms after its report at a load of 12, so the second seemed to come 915 ms after it).
    const reportedAt: number[] = [];
    const limiterMethods = RateLimiter.prototype as unknown as { sayNow(): void };
    const sayNow = limiterMethods.sayNow;
    vi.spyOn(limiterMethods, "sayNow").mockImplementation(function (this: RateLimiter) {
      reportedAt.push(performance.now());
      sayNow.call(this);
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const recorder = createRecorder({
      root: newRoot(),
      onWarning: (warning) => {
        warnings.push(warning);
        warnedAt.push(performance.now());
      },
    });
    const stuck = recorder.subscribe();
    const other = recorder.subscribe({ bufferSize: 2000 });
    for (let index = 0; index < 1000; index += 1) recorder.append(step(index));
    await recorder.flush();
    expect(stuck.stats).toEqual({ published: 1000, delivered: 256, dropped: 744 });
    expect(other.stats).toEqual({ published: 1000, delivered: 1000, dropped: 0 });
    // One warning for the first drop, the rest wait for the second to pass.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: "subscriber-dropped", file: recorder.file, dropped: 1 });
    expect(warnings[0]?.message).toBe(
      `${recorder.file}: a subscriber fell behind and 1 event was dropped (1 of 257 so far)`,
    );
    // The rest are reported when the quiet second is over, by a timer a loaded machine may run late: waited for.
    await expect.poll(() => warnings.length, { timeout: 100_000, interval: 10 }).toBe(2);
    // The second came when the quiet second that began with the first report was over, not before.
    expect((warnedAt[1] ?? 0) - (reportedAt[0] ?? Infinity)).toBeGreaterThanOrEqual(990);
    expect(warnings[1]).toMatchObject({ dropped: 743 });
    // The writer wrote everything, and the buffered events are the oldest ones.
    await recorder.close();
    expect(readFileSync(recorder.file, "utf8").trimEnd().split("\n")).toHaveLength(1000);
    const kept: number[] = [];
    for await (const event of stuck) kept.push(event.seq);
    expect(kept).toEqual(Array.from({ length: 256 }, (_, index) => index + 1));
  });

  it("warn through process.emitWarning when no handler is given, at most once a second", async () => {
    const recorder = createRecorder({ root: newRoot() });
    const emitted: Array<{ message: string; code: string | undefined }> = [];
    const listener = (warning: Error & { code?: string }) =>
      emitted.push({ message: warning.message, code: warning.code });
    process.on("warning", listener);
    try {
      recorder.subscribe({ bufferSize: 1 });
      for (let round = 0; round < 5; round += 1) {
        recorder.append(step(round));
        recorder.append(step(round));
        await recorder.flush();
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(emitted).toEqual([
        {
          message: expect.stringContaining("a subscriber fell behind and 1 event was dropped"),
          code: "AGENT_TRANSCRIPT_SUBSCRIBER_DROPPED",
        },
      ]);
    } finally {
      process.off("warning", listener);
      await recorder.close();
    }
  });

  it("close idempotently, and a closed subscriber gets nothing more", async () => {
    const recorder = createRecorder({ root: newRoot() });
    const subscription = recorder.subscribe();
    recorder.append(step(0));
    await recorder.flush();
    subscription.close();
    subscription.close();
    recorder.append(step(1));
    await recorder.flush();
    expect(subscription.closed).toBe(true);
    expect(await subscription.next()).toEqual({ done: true, value: undefined });
    expect(subscription.stats).toEqual({ published: 1, delivered: 1, dropped: 0 });
    await recorder.close();
    await recorder.close();
  });

  it("end a waiting reader when the subscription closes, and `break` closes it", async () => {
    const recorder = createRecorder({ root: newRoot() });
    const waiting = recorder.subscribe();
    const pending = waiting.next();
    waiting.close();
    expect(await pending).toEqual({ done: true, value: undefined });
    const broken = recorder.subscribe();
    recorder.append(step(0));
    recorder.append(step(1));
    for await (const event of broken) {
      expect(event.seq).toBe(1);
      break;
    }
    expect(broken.closed).toBe(true);
    await recorder.close();
  });

  it("keep delivered + dropped == published for any interleaving of writing and reading", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.oneof(fc.constant("append"), fc.constant("flush"), fc.constant("read")), { maxLength: 60 }),
        async (bufferSize, actions) => {
          const recorder = createRecorder({
            root: newRoot(),
            durability: "none",
            onWarning: () => {},
          });
          const subscription = recorder.subscribe({ bufferSize });
          const read: number[] = [];
          let appended = 0;
          // A reader waiting for the next event, as a `for await` loop would be between events.
          let waiting: Promise<IteratorResult<Event, undefined>> | undefined;
          const take = (result: IteratorResult<Event, undefined>): void => {
            if (result.done !== true) read.push(result.value.seq);
          };
          for (const action of actions) {
            if (action === "append") {
              recorder.append(step(appended));
              appended += 1;
            } else if (action === "flush") await recorder.flush();
            else {
              waiting ??= subscription.next();
              const settled = await Promise.race([waiting, Promise.resolve("waiting" as const)]);
              if (settled !== "waiting") {
                take(settled);
                waiting = undefined;
              }
            }
          }
          await recorder.close();
          if (waiting !== undefined) take(await waiting);
          for await (const event of subscription) read.push(event.seq);
          const { published, delivered, dropped } = subscription.stats;
          expect(published).toBe(appended);
          expect(delivered + dropped).toBe(published);
          expect(read).toHaveLength(delivered);
          // What was read is in seq order, without repeats.
          expect(read).toEqual([...read].sort((left, right) => left - right));
          expect(new Set(read).size).toBe(read.length);
        },
      ),
    );
  });
});
