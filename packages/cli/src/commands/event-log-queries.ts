/**
 * `tools`, `text`, `timeline`, `tree` and `check`: the AWF transcript logs' jq recipes as native commands, each a
 * fold over the event log as it streams by. They give the recipes' results (README, "Event log queries", says how
 * each compares), but hold only what the answer needs: a tool call waiting for its result, counts, a run's links.
 */
import path from "node:path";
import {
  childLogFile,
  isFailedResult,
  payloadOf,
  problemCount,
  reportReading,
  streamEventLog,
  type EventLogReading,
  type InMemoryLog,
} from "../event-log-stream.js";
import type { Tolerant } from "@agent-transcript/core";
import type { InputOptions } from "../input.js";
import { exitCodes, messageLine, paint, shown, UserError, writeData, type CommandIo } from "../io.js";
import { verbosityOf, type VerbosityOptions } from "../warning-summary.js";

export interface EventLogQueryOptions extends InputOptions, VerbosityOptions {
  json?: boolean;
}

/**
 * Data to stdout in pieces of about 64 KiB: one write per line would cost a system call per tool call on a large
 * log. A full piece waits for a slow stdout to drain, so a long result holds little in memory.
 */
class DataWriter {
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(private readonly io: CommandIo) {}

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingLength = 0;
    if (!writeData(this.io, text) && this.io.stdoutDrained) await this.io.stdoutDrained();
  }
}

/** A value as jq's string interpolation writes it: strings as they are, anything else as compact JSON. */
function interpolated(value: unknown): string {
  if (typeof value === "string") return value;
  return value === undefined ? "null" : JSON.stringify(value);
}

/** One tool call and its result, as the pairing recipe's objects are, with what the log says of the outcome. */
export interface ToolCallPair {
  call_id: unknown;
  name: unknown;
  input: unknown;
  output: unknown;
}

interface PendingCall {
  pair: ToolCallPair;
  called: boolean;
  timestamp: string;
  /** For a result read before its call: whether it failed. */
  failed?: boolean;
}

/**
 * `tools`: each tool call paired with its result by `call_id`. A pair is written as soon as both halves are read, so
 * only calls still waiting for their result are held; calls that never got one (and results whose call is not in
 * the log) come last, in log order, with `output` (or `input`) null, as the recipe's `map(select(…))[0]` gives.
 * `--json` writes the recipe's array (`call_id`, `name`, `input`, `output`) in that order; the recipe sorts by
 * `call_id` (`group_by`), so `jq 'sort_by(.call_id)'` makes the two byte-comparable.
 */
export async function runTools(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  const pending = new Map<string, PendingCall>();
  let written = 0;
  let failed = 0;
  const writePair = async (pair: ToolCallPair, status: string, detail: string): Promise<void> => {
    if (options.json) {
      await out.write(`${written === 0 ? "[\n" : ",\n"}  ${JSON.stringify(pair)}`);
    } else {
      const painted =
        status === "error" ? paint(io, "red", status) : status === "ok" ? status : paint(io, "dim", status);
      await out.write(`${interpolated(pair.call_id)}\t${interpolated(pair.name)}\t${painted}${detail}\n`);
    }
    written += 1;
  };
  // An input that is not an event log: its own tool calls and results, paired from the document it was read as.
  let fromDocument: ReturnType<typeof documentToolCalls> | undefined;
  const reading = await streamEventLog(
    input,
    io,
    options,
    async (event) => {
      if (fromDocument !== undefined) return;
      if (event.type !== "tool.call" && event.type !== "tool.result") return;
      const payload = payloadOf(event);
      // The recipe groups on the value itself; a key that keeps null, numbers and strings apart does the same.
      const key = JSON.stringify(payload.call_id ?? null);
      const known = pending.get(key);
      if (event.type === "tool.call") {
        if (known?.called) return; // the recipe takes the first call of a call_id
        if (known) {
          known.pair.name = payload.name ?? null;
          known.pair.input = payload.input ?? null;
          pending.delete(key);
          if (known.failed) failed += 1;
          await writePair(known.pair, known.failed ? "error" : "ok", "");
          return;
        }
        pending.set(key, {
          pair: {
            call_id: payload.call_id ?? null,
            name: payload.name ?? null,
            input: payload.input ?? null,
            output: null,
          },
          called: true,
          timestamp: event.timestamp,
        });
        return;
      }
      if (known && !known.called) return; // a second result for a call not yet seen: the first one counts
      if (!known) {
        // A result before (or without) its call: held until the call comes, written last otherwise.
        pending.set(key, {
          pair: { call_id: payload.call_id ?? null, name: null, input: null, output: payload.output ?? null },
          called: false,
          timestamp: event.timestamp,
          failed: isFailedResult(payload),
        });
        return;
      }
      pending.delete(key);
      known.pair.output = payload.output ?? null;
      const isError = isFailedResult(payload);
      if (isError) failed += 1;
      await writePair(known.pair, isError ? "error" : "ok", durationOf(known.timestamp, event.timestamp, payload));
    },
    {
      onConverted: (converted) => {
        fromDocument = documentToolCalls(converted.document);
      },
    },
  );
  if (fromDocument !== undefined) {
    for (const { pair, status, durationMs } of fromDocument.paired) {
      if (status === "error") failed += 1;
      await writePair(pair, status, durationMs === undefined ? "" : `\t${durationMs} ms`);
    }
    for (const left of fromDocument.unpaired) pending.set(JSON.stringify(left.pair.call_id), left);
  }
  // A Map iterates in insertion order: the calls and results left over come in log order.
  for (const left of pending.values()) await writePair(left.pair, left.called ? "no result" : "no call", "");
  if (options.json) await out.write(written === 0 ? "[]\n" : "\n]\n");
  await out.flush();
  const code = reportReading(reading, io, verbosity);
  if (verbosity !== "quiet" && !options.json)
    io.stderr(
      messageLine(
        `${reading.source}: ${written} tool call${written === 1 ? "" : "s"}, ${failed} failed, ${pending.size} unpaired`,
      ),
    );
  return code;
}

/**
 * A document's tool calls (its `tool_call` parts) paired with their results (`tool_result` parts, wherever the source
 * put them: a tool message, a user message), in the order the results come, then what is left unpaired in document
 * order: `tools` on an input that is not an event log.
 */
function documentToolCalls(document: Tolerant.Transcript): {
  paired: Array<{ pair: ToolCallPair; status: "ok" | "error"; durationMs?: number }>;
  unpaired: PendingCall[];
} {
  const pending = new Map<string, PendingCall>();
  const paired: Array<{ pair: ToolCallPair; status: "ok" | "error"; durationMs?: number }> = [];
  for (const message of document.messages)
    for (const part of message.parts) {
      const fields = part as unknown as Record<string, unknown>;
      if (part.type === "tool_call") {
        const key = JSON.stringify(fields.id ?? null);
        if (pending.has(key)) continue;
        pending.set(key, {
          pair: { call_id: fields.id ?? null, name: fields.name ?? null, input: fields.input ?? null, output: null },
          called: true,
          timestamp: message.created_at ?? "",
        });
      } else if (part.type === "tool_result") {
        const key = JSON.stringify(fields.call_id ?? null);
        const known = pending.get(key);
        const failed = isFailedResult(fields);
        const output = fields.output ?? fields.content ?? null;
        if (known === undefined) {
          pending.set(key, {
            pair: { call_id: fields.call_id ?? null, name: fields.name ?? null, input: null, output },
            called: false,
            timestamp: message.created_at ?? "",
            failed,
          });
          continue;
        }
        if (!known.called) continue;
        pending.delete(key);
        known.pair.output = output;
        paired.push({
          pair: known.pair,
          status: failed ? "error" : "ok",
          ...(typeof fields.duration_ms === "number" ? { durationMs: fields.duration_ms } : {}),
        });
      }
    }
  return { paired, unpaired: [...pending.values()] };
}

/** `\t<ms> ms` from the result's own duration, else from the two lines' timestamps. */
function durationOf(calledAt: string, resultAt: string, result: Record<string, unknown>): string {
  if (typeof result.duration_ms === "number") return `\t${result.duration_ms} ms`;
  const elapsed = Date.parse(resultAt) - Date.parse(calledAt);
  return Number.isFinite(elapsed) && elapsed >= 0 ? `\t${elapsed} ms` : "";
}

/** `text`: the assistant's text, every `text` block of every `message.assistant` event, one after another. */
export async function runText(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first = true;
  const reading = await streamEventLog(input, io, options, async (event, line) => {
    if (event.type !== "message.assistant") return;
    const blocks = payloadOf(event).blocks;
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as unknown[]) {
      if (typeof block !== "object" || block === null) continue;
      const { type, text } = block as { type?: unknown; text?: unknown };
      if (type !== "text") continue;
      if (options.json) {
        await out.write(`${first ? "[\n" : ",\n"}  ${JSON.stringify({ seq: event.seq, line, text: text ?? null })}`);
        first = false;
      } else await out.write(`${interpolated(text)}\n`);
    }
  });
  if (options.json) await out.write(first ? "[]\n" : "\n]\n");
  await out.flush();
  return reportReading(reading, io, verbosity);
}

/**
 * `timeline`: every step as it started, `seq`, `path`, `kind` and `name` separated by tabs, exactly as the recipe
 * prints them (null where a value is missing); `--json` the same as objects, with the time.
 */
export async function runTimeline(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first = true;
  const reading = await streamEventLog(input, io, options, async (event) => {
    if (event.type !== "step.started") return;
    const payload = payloadOf(event);
    if (options.json) {
      const step = {
        seq: event.seq,
        path: event.path ?? null,
        kind: payload.kind ?? null,
        name: payload.name ?? null,
        iteration: event.iteration ?? null,
        timestamp: event.timestamp ?? null,
      };
      await out.write(`${first ? "[\n" : ",\n"}  ${JSON.stringify(step)}`);
      first = false;
    } else {
      const fields = [event.seq, event.path, payload.kind, payload.name].map(interpolated);
      await out.write(`${fields.join("\t")}\n`);
    }
  });
  if (options.json) await out.write(first ? "[]\n" : "\n]\n");
  await out.flush();
  return reportReading(reading, io, verbosity);
}

/** One run of `tree --json`: what its log says of it, and the runs it started. */
export interface RunTreeEntry {
  run_id: string | null;
  file: string;
  name: string | null;
  status: string | null;
  events: number;
  /** Problems reading this run's log (lines not read, a missing file, a link that does not match). */
  problems: string[];
  children: RunTreeEntry[];
}

/**
 * `tree`: the run and every child run it started, at any depth, each child's log found as `<child_run_id>.jsonl`
 * (or `.jsonl.gz`) beside its parent's. The first level is the recipe's list of `child_run_id`s; each log is read as
 * a stream, so memory holds the tree's links, not its events.
 */
export async function runTree(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  if (input === "-") throw new UserError("tree reads child runs beside the file: give a path, not -", exitCodes.usage);
  const seen = new Set<string>();
  let failed = false;
  const visit = async (log: string | InMemoryLog, expectedRunId: string | null, expectedParent: string | null) => {
    const file = typeof log === "string" ? log : log.name;
    const entry: RunTreeEntry = {
      run_id: expectedRunId,
      file,
      name: null,
      status: null,
      events: 0,
      problems: [],
      children: [],
    };
    const childIds: string[] = [];
    // What the parent's step.call_workflow.completed says of a child: its status when the child's log ends without
    // a run.completed of its own (a child recorder closed by its parent).
    const childStatus = new Map<string, string>();
    let reading: EventLogReading;
    try {
      reading = await streamEventLog(log, io, options, (event) => {
        entry.run_id ??= event.run_id;
        const payload = payloadOf(event);
        if (event.type === "run.started" && typeof payload.name === "string") entry.name = payload.name;
        if (event.type === "run.completed")
          entry.status = typeof payload.status === "string" ? payload.status : "completed";
        if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string") {
          if (!childIds.includes(event.child_run_id)) childIds.push(event.child_run_id);
        }
        if (event.type === "step.call_workflow.completed" && typeof event.child_run_id === "string")
          childStatus.set(event.child_run_id, typeof payload.status === "string" ? payload.status : "completed");
        if (expectedParent !== null && event.parent_run_id !== expectedParent && entry.problems.length < 20)
          entry.problems.push(
            `seq ${event.seq}: parent_run_id is ${interpolated(event.parent_run_id)}, not ${expectedParent}`,
          );
      });
    } catch (error) {
      entry.problems.push(error instanceof Error ? error.message : String(error));
      failed = true;
      return entry;
    }
    entry.events = reading.events;
    if (reportReading(reading, io, verbosity) !== exitCodes.success) failed = true;
    if (entry.problems.length > 0) failed = true;
    if (entry.run_id !== null) seen.add(entry.run_id);
    for (const childId of childIds) {
      if (seen.has(childId)) {
        entry.problems.push(`child run ${childId} appears twice in the tree (a cycle)`);
        failed = true;
        continue;
      }
      seen.add(childId);
      // A converted input's child runs were written in memory beside it; an event log's are files beside it.
      const inMemory = reading.childLogs;
      const childText = inMemory?.get(childId);
      if (inMemory !== undefined && childText !== undefined) {
        const child = await visit(
          { name: `${childId}.jsonl`, text: childText, children: inMemory },
          childId,
          entry.run_id,
        );
        child.status ??= childStatus.get(childId) ?? null;
        entry.children.push(child);
        continue;
      }
      const childFile = inMemory === undefined ? await childLogFile(path.dirname(file), childId) : undefined;
      if (childFile === undefined) {
        entry.children.push({
          run_id: childId,
          file: inMemory === undefined ? path.join(path.dirname(file), `${childId}.jsonl`) : `${childId}.jsonl`,
          name: null,
          status: null,
          events: 0,
          problems: [
            inMemory === undefined
              ? "the child run's log is not beside its parent's"
              : "the input links this child run but holds no transcript of it",
          ],
          children: [],
        });
        failed = true;
        continue;
      }
      const child = await visit(childFile, childId, entry.run_id);
      child.status ??= childStatus.get(childId) ?? null;
      entry.children.push(child);
    }
    return entry;
  };
  const root = await visit(input, null, null);
  if (options.json) await out.write(`${JSON.stringify(root, null, 2)}\n`);
  else await writeTree(io, out, root);
  await out.flush();
  return failed ? exitCodes.failure : exitCodes.success;
}

async function writeTree(io: CommandIo, out: DataWriter, root: RunTreeEntry): Promise<void> {
  // Our own stack: a chain of thousands of child runs cannot overflow the call stack.
  const stack: Array<{ entry: RunTreeEntry; prefix: string; last: boolean; depth: number }> = [
    { entry: root, prefix: "", last: true, depth: 0 },
  ];
  while (stack.length > 0) {
    const { entry, prefix, last, depth } = stack.pop() as (typeof stack)[number];
    const branch = depth === 0 ? "" : last ? "└─ " : "├─ ";
    const label = [
      interpolated(entry.run_id),
      entry.name === null ? "" : `  ${entry.name}`,
      `  ${entry.status ?? "not completed"}`,
      `  ${entry.events} event${entry.events === 1 ? "" : "s"}`,
      entry.problems.length > 0 ? `  ${paint(io, "red", `${entry.problems.length} problem(s)`)}` : "",
    ].join("");
    await out.write(`${prefix}${branch}${shown(label)}\n`);
    for (const problem of entry.problems) io.stderr(messageLine(`${entry.file}: ${problem}`));
    const childPrefix = depth === 0 ? "" : `${prefix}${last ? "   " : "│  "}`;
    for (let index = entry.children.length - 1; index >= 0; index -= 1)
      stack.push({
        entry: entry.children[index] as RunTreeEntry,
        prefix: childPrefix,
        last: index === entry.children.length - 1,
        depth: depth + 1,
      });
  }
}

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
