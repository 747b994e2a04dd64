// What the reader's tests share: event lines to build logs from, and reading a whole source into a list.
import type { EventLogItem } from "./diagnostics.js";
import {
  readEventLog,
  type EventLogReadSummary,
  type EventLogSource,
  type ReadEventLogOptions,
} from "./read-event-log.js";

export const runId = "550e8400-e29b-41d4-a716-446655440000";

/** One compact event line (no LF) of seq `seq`; `extra` replaces or adds envelope fields. */
export function eventLine(seq: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    seq,
    run_id: runId,
    type: "step.started",
    path: "analyze",
    iteration: 0,
    timestamp: "2026-06-08T08:14:42.123Z",
    payload: { name: "analyze", kind: "agent" },
    ...extra,
  });
}

/** A small valid run: started, a user message with non-ASCII text, a tool call and result, an answer, completed. */
export function sampleRun(): string[] {
  const line = (seq: number, type: string, payload: unknown, path = "review"): string =>
    eventLine(seq, { type, payload, path });
  return [
    line(1, "run.started", null, ""),
    line(2, "step.started", { name: "review", kind: "agent" }),
    line(3, "message.user", { role: "user", blocks: [{ type: "text", text: "Relis main.go — ça compile ? 🙂" }] }),
    line(4, "tool.call", { name: "Read", call_id: "c1", input: { path: "main.go" }, fidelity: "router" }),
    line(5, "tool.result", { name: "Read", call_id: "c1", output: "package main\n", fidelity: "router" }),
    line(6, "message.assistant", { role: "assistant", blocks: [{ type: "text", text: "Deux problèmes." }] }),
    line(7, "step.completed", { name: "review", kind: "agent" }),
    line(8, "run.completed", null, ""),
  ];
}

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
