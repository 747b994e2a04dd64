/**
 * The export thread's counters, in memory both threads share: the thread stores them as they change, the program's
 * thread reads them whenever `stats` is asked for — no message carries them.
 */

/** The thread's counters. */
export interface ExportWorkerStats {
  spans: number;
  exported: number;
  failed: number;
  dropped: number;
  pending: number;
}

const slots = ["spans", "exported", "failed", "dropped", "pending"] as const;

/** The counters' memory, as the view both threads read and write it through (one each, made once). */
export function exportStatsMemory(): BigInt64Array {
  return new BigInt64Array(new SharedArrayBuffer(slots.length * BigInt64Array.BYTES_PER_ELEMENT));
}

export function readExportStats(counters: BigInt64Array): ExportWorkerStats {
  const stats = { spans: 0, exported: 0, failed: 0, dropped: 0, pending: 0 };
  slots.forEach((slot, index) => {
    stats[slot] = Number(Atomics.load(counters, index));
  });
  return stats;
}

export function writeExportStats(counters: BigInt64Array, stats: ExportWorkerStats): void {
  slots.forEach((slot, index) => {
    Atomics.store(counters, index, BigInt(stats[slot]));
  });
}
