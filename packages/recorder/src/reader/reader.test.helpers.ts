// What the reader's tests share: event lines to build logs from, and reading a whole source into a list.
import type { EventLogItem } from "@agent-transcript/core";
import {
  readEventLog,
  type EventLogReadSummary,
  type EventLogSource,
  type ReadEventLogOptions,
} from "./read-event-log.js";

export {
  damagedEvent,
  eventLine,
  messageAndToolEvents,
  runId,
  sampleRun,
} from "@agent-transcript/fixtures/event-lines";

export async function* chunksOf(buffers: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const buffer of buffers) yield buffer;
}

/** `bytes` cut into chunks at `sizes` (repeated); 1 gives single bytes. */
export function cut(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (let index = 0; start < bytes.length; index += 1) {
    const size = Math.max(1, sizes[index % sizes.length] ?? 1);
    chunks.push(bytes.subarray(start, start + size));
    start += size;
  }
  return chunks;
}

export async function readAll(
  source: EventLogSource,
  options: ReadEventLogOptions = {},
): Promise<{ items: EventLogItem[]; summary: EventLogReadSummary }> {
  const reader = readEventLog(source, options);
  const items: EventLogItem[] = [];
  for await (const item of reader) items.push(item);
  return { items, summary: { ...reader.summary } };
}

/** Items without their events' bodies: what a comparison of two reads needs to print when it fails. */
export function outline(items: readonly EventLogItem[]): string[] {
  return items.map((item) =>
    item.kind === "event"
      ? `${item.line}@${item.offset} event seq ${item.event.seq}`
      : `${item.line ?? "-"}@${item.offset ?? "-"} ${item.kind} ${item.code} ${item.pointer} ${item.message}`,
  );
}
