import { describeCount, withIndefiniteArticle } from "@agent-transcript/core/text";
import { payloadOf, problemCount, reportReading, streamEventLog, type ConvertedInput } from "../../input/event-log.js";
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
  /**
   * An agent's session, in its own terms: its main file's lines, the records of the format among them, and the
   * importer's losses by code, kept whole (as metadata, a native part, …) or that could not be read. The counts above
   * are then the event log it is queried as.
   */
  session?: {
    format: string;
    lines: number;
    records: number;
    kept: Record<string, number>;
    unreadable: Record<string, number>;
  };
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
  let converted: ConvertedInput | undefined;
  const reading = await streamEventLog(
    input,
    io,
    options,
    (event) => {
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
    },
    {
      onConverted: (input) => {
        converted = input;
      },
    },
  );
  const counts = converted?.session;
  const session = counts === undefined ? undefined : { format: converted?.format ?? "agent", ...counts };
  const unreadableRecords = session === undefined ? 0 : total(session.unreadable);
  const fidelityCounts = [...fidelity.values()].sort((a, b) => compareAsJq(a.fidelity, b.fidelity));
  const ok = sorted && contiguous && runIds.size <= 1 && problemCount(reading) === 0 && unreadableRecords === 0;
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
      ...(session === undefined ? {} : { session }),
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
    const what =
      session !== undefined
        ? `${describeSession(session)}; read as ${reading.events} events: ${seqLine}`
        : converted !== undefined
          ? `read as ${reading.events} events: ${seqLine}`
          : `${reading.events} events in ${reading.lines} lines; ${seqLine}`;
    await out.write(`${shown(reading.source)}: ${verdict}: ${what}\n`);
    if (runIds.size > 1) await out.write("  more than one run_id\n");
    for (const { fidelity: value, count } of fidelityCounts)
      await out.write(`  tool calls with fidelity ${shown(interpolated(value))}: ${count}\n`);
  }
  await out.flush();
  return ok ? exitCodes.success : exitCodes.failure;
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

function byCode(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([code, count]) => `${code} ×${count}`)
    .join(", ");
}

/**
 * A session in its own terms: `a claude-code session of 39 lines, 39 records; 12 kept whole (kept-as-metadata ×10,
 * duplicate-line ×2); 1 could not be read (unparsable-line ×1)`.
 */
function describeSession(session: NonNullable<CheckReport["session"]>): string {
  const kept = total(session.kept);
  const unreadable = total(session.unreadable);
  return [
    `${withIndefiniteArticle(`${session.format} session`)} of ${describeCount(session.lines, "line")}, ${describeCount(session.records, "record")}`,
    kept === 0 ? "none kept as metadata" : `${kept} kept as metadata or whole (${byCode(session.kept)})`,
    unreadable === 0
      ? "none that could not be read"
      : `${unreadable} could not be read (${byCode(session.unreadable)})`,
  ].join("; ");
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
