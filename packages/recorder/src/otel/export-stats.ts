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

export function exportStatsMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(slots.length * BigInt64Array.BYTES_PER_ELEMENT);
}

export function readExportStats(memory: SharedArrayBuffer): ExportWorkerStats {
  const counters = new BigInt64Array(memory);
  const stats = { spans: 0, exported: 0, failed: 0, dropped: 0, pending: 0 };
  slots.forEach((slot, index) => {
    stats[slot] = Number(Atomics.load(counters, index));
  });
  return stats;
}

export function writeExportStats(memory: SharedArrayBuffer, stats: ExportWorkerStats): void {
  const counters = new BigInt64Array(memory);
  slots.forEach((slot, index) => {
    Atomics.store(counters, index, BigInt(stats[slot]));
  });
}
