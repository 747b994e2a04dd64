import { isFailedResult, payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import type { Tolerant } from "@agent-transcript/core";
import { messageLine, paint, type CommandIo } from "../../io.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

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
