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
  /** Most resident memory and V8 heap seen above the resting point (code loaded, full GC), sampled while reading. */
  rssGrowthBytes: number;
  heapGrowthBytes: number;
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
      youngGeneration = Math.max(youngGeneration, youngGenerationCapacity());
    }
  }
  return {
    events,
    otherItems,
    lastSeq,
    bytes: reader.summary.bytes,
    end: reader.summary.end,
    rssGrowthBytes: rss - resting.rss,
    heapGrowthBytes: heap - resting.heapUsed,
    peakRssGrowthBytes: process.resourceUsage().maxRSS * 1024 - resting.rss,
    youngGenerationCapacityBytes: youngGeneration,
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (file === undefined) throw new Error("usage: large-file.test.helpers.ts <log>");
  void probe(file).then((result) => process.stdout.write(JSON.stringify(result)));
}
