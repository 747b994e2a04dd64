import { payloadOf, problemCount, reportReading, streamEventLog } from "../../input/event-log.js";
import { exitCodes, paint, shown, type CommandIo } from "../../io.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

/** What `check --json` prints. */
export interface CheckReport {
  ok: boolean;
  input: string;
  lines: number;
  events: number;
  /** The recipe's `[.[].seq] | . == (sort)`, and the stricter rule of our logs: 1, 2, 3, … without a gap. */
  seq: { first: number | null; last: number | null; sorted: boolean; contiguous: boolean };
  /** One run id on every line. */
  runIds: number;
  /** The recipe's fidelity counts over `tool.call` events, sorted as `group_by` sorts (null first). */
  fidelity: Array<{ fidelity: unknown; count: number }>;
  /** Events by type. */
  types: Record<string, number>;
  /** Every problem and warning the reader reported, by line. */
  diagnostics: Array<{ kind: string; code: string; line: number | null; pointer: string; message: string }>;
}

/**
 * `check`: whether the log keeps its rules — seq sorted (the recipe) and contiguous from 1, one run id, every line
 * readable — with the fidelity counts of its tool calls. Exit 1 when any rule is broken.
 */
export async function runCheck(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first: number | null = null;
  let previous: number | null = null;
  let sorted = true;
  let contiguous = true;
  const runIds = new Set<string>();
  const fidelity = new Map<string, { fidelity: unknown; count: number }>();
  const types: Record<string, number> = Object.create(null) as Record<string, number>;
  const reading = await streamEventLog(input, io, options, (event) => {
    const seq = event.seq;
    if (first === null) {
      first = seq;
      if (seq !== 1) contiguous = false;
    }
    if (previous !== null) {
      if (seq < previous) sorted = false;
      if (seq !== previous + 1) contiguous = false;
    }
    previous = seq;
    if (runIds.size < 2) runIds.add(event.run_id);
    types[event.type] = (types[event.type] ?? 0) + 1;
    if (event.type === "tool.call") {
      const value = payloadOf(event).fidelity ?? null;
      const key = JSON.stringify(value);
      const counted = fidelity.get(key);
      if (counted) counted.count += 1;
      else fidelity.set(key, { fidelity: value, count: 1 });
    }
  });
  const fidelityCounts = [...fidelity.values()].sort((a, b) => compareAsJq(a.fidelity, b.fidelity));
  const ok = sorted && contiguous && runIds.size <= 1 && problemCount(reading) === 0;
  if (options.json) {
    const report: CheckReport = {
      ok,
      input: reading.source,
      lines: reading.lines,
      events: reading.events,
      seq: { first, last: previous, sorted, contiguous: contiguous && first !== null },
      runIds: runIds.size,
      fidelity: fidelityCounts,
      types: { ...types },
      diagnostics: reading.diagnostics.map((item) => ({
        kind: item.kind,
        code: item.code,
        line: item.line ?? null,
        pointer: item.pointer,
        message: item.message,
      })),
    };
    await out.write(`${JSON.stringify(report, null, 2)}\n`);
    if (verbosity !== "quiet") reportReading(reading, io, "quiet");
  } else {
    reportReading(reading, io, verbosity);
    const verdict = ok ? paint(io, "green", "ok") : paint(io, "red", "broken");
    const seqLine =
      first === null
        ? "no events"
        : `seq ${first}..${previous as unknown as number}${sorted ? ", sorted" : ", NOT sorted"}${contiguous ? ", contiguous from 1" : ", NOT contiguous from 1"}`;
    await out.write(
      `${shown(reading.source)}: ${verdict}: ${reading.events} events in ${reading.lines} lines; ${seqLine}\n`,
    );
    if (runIds.size > 1) await out.write("  more than one run_id\n");
    for (const { fidelity: value, count } of fidelityCounts)
      await out.write(`  tool calls with fidelity ${shown(interpolated(value))}: ${count}\n`);
  }
  await out.flush();
  return ok ? exitCodes.success : exitCodes.failure;
}

/** jq's order for the values a fidelity can hold: null, false, true, numbers, strings (by code point), others. */
function compareAsJq(first: unknown, second: unknown): number {
  const rank = (value: unknown): number =>
    value === null
      ? 0
      : value === false
        ? 1
        : value === true
          ? 2
          : typeof value === "number"
            ? 3
            : typeof value === "string"
              ? 4
              : 5;
  const difference = rank(first) - rank(second);
  if (difference !== 0) return difference;
  if (typeof first === "number" && typeof second === "number") return first - second;
  const a = typeof first === "string" ? first : JSON.stringify(first);
  const b = typeof second === "string" ? second : JSON.stringify(second);
  return a < b ? -1 : a > b ? 1 : 0;
}
