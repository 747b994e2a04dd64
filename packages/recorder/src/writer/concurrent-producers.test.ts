import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { validateEvent } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createRecorder } from "./recorder.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-producers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const producers = 8;
const eventsPerProducer = 50_000;

const toolCall = (producer: number, index: number) =>
  ({
    type: "tool.call",
    path: `producer_${producer}`,
    iteration: index,
    payload: { name: "Read", call_id: `call_${producer}_${index}`, input: { index }, fidelity: "router" },
  }) as const;

/** Waits like a real producer would between events: mostly a promise hop, sometimes a whole event-loop turn. */
function pause(index: number): Promise<unknown> {
  return index % 97 === 0 ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
}

describe("concurrent async producers", () => {
  it(`${producers} producers × ${eventsPerProducer} events: seq 1..${producers * eventsPerProducer} without a gap, every line whole and valid`, async () => {
    const recorder = createRecorder({ root: scratch, durability: "none" });
    const returned: number[][] = Array.from({ length: producers }, () => []);
    await Promise.all(
      Array.from({ length: producers }, async (_, producer) => {
        for (let index = 0; index < eventsPerProducer; index += 1) {
          returned[producer]?.push(recorder.append(toolCall(producer, index)));
          await pause(index + producer);
        }
      }),
    );
    await recorder.close();
    const total = producers * eventsPerProducer;
    const text = readFileSync(recorder.file, "utf8");
    const lines = text.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(total);
    const problems: string[] = [];
    const next = new Array<number>(producers).fill(0);
    lines.forEach((line, index) => {
      let event: { seq: number; iteration: number; path: string };
      try {
        event = JSON.parse(line) as typeof event;
      } catch {
        problems.push(`line ${index + 1} does not parse`);
        return;
      }
      if (event.seq !== index + 1) problems.push(`line ${index + 1} has seq ${event.seq}`);
      // Each producer's own events keep their order.
      const producer = Number(event.path.slice("producer_".length));
      if (event.iteration !== next[producer]) problems.push(`line ${index + 1}: producer ${producer} out of order`);
      next[producer] = event.iteration + 1;
      if (index % 997 === 0 && !validateEvent(event).ok) problems.push(`line ${index + 1} is not a valid event`);
    });
    expect(problems.slice(0, 10)).toEqual([]);
    // The seq each append returned is the seq its line carries, and no two appends got the same one.
    const all = returned.flat().sort((left, right) => left - right);
    expect(all[0]).toBe(1);
    expect(all[all.length - 1]).toBe(total);
    expect(new Set(all).size).toBe(total);
    expect(recorder.stats.writes).toBeLessThan(total / 10);
  });

  it("gives gap-free seq in every order the scheduler can resolve producers' promises in", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 5 }),
        async (scheduler, counts) => {
          const root = mkdtempSync(path.join(scratch, "scheduled-"));
          const recorder = createRecorder({ root, durability: "none", maxBatchBytes: 512 });
          const producer = async (id: number, count: number): Promise<void> => {
            for (let index = 0; index < count; index += 1) {
              await scheduler.schedule(Promise.resolve(), `producer ${id} event ${index}`);
              recorder.append(toolCall(id, index));
              if (index % 2 === 1) await scheduler.schedule(recorder.flush(), `producer ${id} flush`);
            }
          };
          const running = Promise.all(counts.map((count, id) => producer(id, count)));
          await scheduler.waitAll();
          await running;
          await recorder.close();
          const seqs = readFileSync(recorder.file, "utf8")
            .trimEnd()
            .split("\n")
            .map((line) => (JSON.parse(line) as { seq: number }).seq);
          expect(seqs).toEqual(Array.from({ length: counts.reduce((sum, count) => sum + count, 0) }, (_, i) => i + 1));
        },
      ),
    );
  });
});
