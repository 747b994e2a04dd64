// Run as a child process by large-file.test.ts (node --expose-gc --max-old-space-size=… --import tsx this-file log):
// reads the log with readEventLog and prints what it read and how much memory that took, as JSON. A process of its
// own, so that the test runner's memory does not count and the heap can be capped below the file's size.
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { readEventLog } from "./read-event-log.js";

export interface MemoryProbe {
  events: number;
  otherItems: number;
  lastSeq: number;
  bytes: number;
  end: string | undefined;
  /**
   * Most V8 heap, and most memory outside it that JavaScript objects hold (Buffers and ArrayBuffers: the reader's
   * chunks), seen above the resting point (code loaded, full GC), sampled while reading.
   */
  heapGrowthBytes: number;
  externalGrowthBytes: number;
  /** The heap still used after a full collection once the log is read, above the resting point: what the reader kept. */
  retainedBytes: number;
  /**
   * Most resident memory seen above the resting point, sampled while reading. Reported, not bounded: beside what the
   * reader holds it counts what the runtime keeps resident (compiled code, the allocator's free pages, a heap it has
   * not shrunk yet), which differs between Node versions.
   */
  rssGrowthBytes: number;
  /** The process's peak resident memory (`maxRSS`) above the resting point. */
  peakRssGrowthBytes: number;
  /** The most the young generation (V8's new space, both semi-spaces) grew to while reading. */
  youngGenerationCapacityBytes: number;
}

function youngGenerationCapacity(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
}

async function probe(file: string): Promise<MemoryProbe> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (collectGarbage === undefined) throw new Error("run with node --expose-gc");
  collectGarbage();
  const resting = process.memoryUsage();
  let rss = resting.rss;
  let heap = resting.heapUsed;
  const outside = (usage: NodeJS.MemoryUsage) => usage.external + usage.arrayBuffers;
  let external = outside(resting);
  let events = 0;
  let otherItems = 0;
  let lastSeq = 0;
  let youngGeneration = youngGenerationCapacity();
  const reader = readEventLog(file);
  for await (const item of reader) {
    if (item.kind === "event") {
      events += 1;
      lastSeq = item.event.seq;
    } else otherItems += 1;
    if ((events & 0x3ff) === 0) {
      const usage = process.memoryUsage();
      rss = Math.max(rss, usage.rss);
      heap = Math.max(heap, usage.heapUsed);
      external = Math.max(external, outside(usage));
      youngGeneration = Math.max(youngGeneration, youngGenerationCapacity());
    }
  }
  collectGarbage();
  const retained = process.memoryUsage().heapUsed - resting.heapUsed;
  return {
    events,
    otherItems,
    lastSeq,
    bytes: reader.summary.bytes,
    end: reader.summary.end,
    heapGrowthBytes: heap - resting.heapUsed,
    externalGrowthBytes: external - outside(resting),
    retainedBytes: retained,
    rssGrowthBytes: rss - resting.rss,
    peakRssGrowthBytes: process.resourceUsage().maxRSS * 1024 - resting.rss,
    youngGenerationCapacityBytes: youngGeneration,
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (file === undefined) throw new Error("usage: large-file.test.helpers.ts <log>");
  void probe(file).then((result) => process.stdout.write(JSON.stringify(result)));
}
