/**
 * `export --format jsonl` of an event log: the log written again as an event log, event by event as it is read, so
 * memory stays flat whatever the log's size (a 1 GiB log is exported like a small one). Each event goes through the
 * export's treatment on its own: reasoning blocks left out with `--reasoning omit`, then secrets redacted in its
 * payload (the opaque fields a provider must get back byte for byte, signatures and encrypted reasoning, are left
 * alone, as export does for a document). A document or a session is not streamed: export writes it through the AWF
 * transcript logs' exporter instead (the registry's document → event log writer).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { describeCount, type Tolerant } from "@agent-transcript/core";
import { createRedactor, type RedactionReport, type Redactor } from "@agent-transcript/core/redact";
import { findChildLog, readEventLog, type EventLogDiagnostic } from "@agent-transcript/recorder/reader";
import type { ExportCommandOptions, ExportReport } from "./options.js";
import { keptDiagnostics, payloadOf } from "../../input/event-log.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { meterInput } from "../../input/meter.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { planFileIn, planOutput, writeOutput, type OutputPlan } from "../../output.js";
import { addRedactionCounts, noRedactions, redactionSummary } from "../../redaction-summary.js";
import { verbosityOf, warningLines } from "../../warning-summary.js";

/** What the streamed export read and replaced; final once its pieces have all been taken. */
export interface StreamedEventLogExport {
  /** Text pieces of the log, about 16 KiB each, for the output layer. */
  pieces: AsyncIterable<string>;
  events: number;
  reasoningParts: number;
  redaction: RedactionReport | null;
  diagnostics: EventLogDiagnostic[];
  /** The child runs the log started (`step.call_workflow.started`), in order, each once. */
  childRunIds: string[];
  /** Bytes read so far (after decompression), for a progress bar. */
  bytesRead: () => number;
}

/** Block types that hold the model's reasoning: the canonical part and the older event blocks fold reads as one. */
const reasoningBlockTypes = new Set(["reasoning", "thinking", "redacted_thinking"]);
/**
 * Fields a provider must get back exactly as it issued them, never redacted, as core's export leaves them: signatures
 * and encrypted reasoning, and an image, audio or file block's inline bytes (`data`).
 */
const opaqueFields = ["signature", "encrypted_content", "redacted_data"];
const binaryBlockTypes: ReadonlySet<string> = new Set(["image", "audio", "file"]);

/**
 * Pieces are joined to about this many characters before they are handed on: fewer writes than one per line, and small
 * enough to stay below malloc's mmap threshold (larger pieces left 1 GiB exports at ~195 MiB peak RSS, 16 KiB at ~135).
 */
const pieceLength = 16 * 1024;

function isReasoningBlock(block: unknown): boolean {
  return (
    typeof block === "object" &&
    block !== null &&
    reasoningBlockTypes.has(String((block as Record<string, unknown>).type))
  );
}

function redactBlock(block: unknown, redactor: Redactor, counts: RedactionReport): unknown {
  if (typeof block !== "object" || block === null || Array.isArray(block)) return redactValue(block, redactor, counts);
  const rest: Record<string, unknown> = { ...(block as Record<string, unknown>) };
  const kept: Record<string, unknown> = {};
  const binary = binaryBlockTypes.has(String(rest.type));
  for (const field of binary ? [...opaqueFields, "data"] : opaqueFields)
    if (Object.hasOwn(rest, field)) {
      kept[field] = rest[field];
      delete rest[field];
    }
  // A tool result's content holds blocks of its own (an image among them): each treated as a block.
  if (Array.isArray(rest.content)) {
    kept.content = (rest.content as unknown[]).map((item) => redactBlock(item, redactor, counts));
    delete rest.content;
  }
  return { ...(redactValue(rest, redactor, counts) as Record<string, unknown>), ...kept };
}

function redactValue(value: unknown, redactor: Redactor, counts: RedactionReport): unknown {
  const redacted = redactor.redactValue(value);
  addRedactionCounts(counts, redacted.report.counts);
  return redacted.value;
}

/** One event, as export treats it: reasoning policy, then redaction of its payload. */
function treatEvent(
  event: Tolerant.Event,
  options: { omitReasoning: boolean; redactor: Redactor | undefined; counts: RedactionReport },
  counted: { reasoningParts: number },
): Tolerant.Event {
  const payload = payloadOf(event);
  const blocks = Array.isArray(payload.blocks) ? (payload.blocks as unknown[]) : undefined;
  if (blocks === undefined) {
    if (options.redactor === undefined || event.payload === undefined || event.payload === null) return event;
    return { ...event, payload: redactValue(event.payload, options.redactor, options.counts) } as Tolerant.Event;
  }
  const reasoning = blocks.filter(isReasoningBlock).length;
  counted.reasoningParts += reasoning;
  let kept = options.omitReasoning && reasoning > 0 ? blocks.filter((block) => !isReasoningBlock(block)) : blocks;
  if (options.redactor === undefined) {
    return kept === blocks ? event : ({ ...event, payload: { ...payload, blocks: kept } } as Tolerant.Event);
  }
  const redactor = options.redactor;
  const { blocks: _blocks, ...others } = payload;
  kept = kept.map((block) => redactBlock(block, redactor, options.counts));
  const head = redactValue(others, redactor, options.counts) as Record<string, unknown>;
  return { ...event, payload: { ...head, blocks: kept } } as Tolerant.Event;
}

/**
 * The log at `file` as export writes it, streamed: iterate `pieces` (once) to read and treat it. The counts and the
 * reader's diagnostics are complete once iteration has ended.
 */
export function streamEventLogExport(
  file: string,
  options: InputOptions & { reasoning: "include" | "omit"; redact: boolean },
): StreamedEventLogExport {
  const reader = readEventLog(file, { maxDecompressedBytes: inputLimits(options).maxDecompressedBytes });
  const counts = noRedactions();
  const treatment = {
    omitReasoning: options.reasoning === "omit",
    redactor: options.redact ? createRedactor() : undefined,
    counts,
  };
  const result: StreamedEventLogExport = {
    pieces: pieces(),
    events: 0,
    reasoningParts: 0,
    redaction: options.redact ? counts : null,
    diagnostics: [],
    childRunIds: [],
    bytesRead: () => reader.summary.bytes,
  };
  return result;
  async function* pieces(): AsyncGenerator<string> {
    let pending = "";
    for await (const item of reader) {
      if (item.kind !== "event") {
        if (result.diagnostics.length < keptDiagnostics) result.diagnostics.push(item);
        continue;
      }
      result.events += 1;
      const { type, child_run_id: childRunId } = item.event;
      if (
        type === "step.call_workflow.started" &&
        typeof childRunId === "string" &&
        !result.childRunIds.includes(childRunId)
      )
        result.childRunIds.push(childRunId);
      pending += `${JSON.stringify(treatEvent(item.event, treatment, result))}\n`;
      if (pending.length >= pieceLength) {
        yield pending;
        pending = "";
      }
    }
    if (pending !== "") yield pending;
  }
}

/**
 * `export --format jsonl` of an event log file: streamed into `plan` (a folder gets the log's own name). A line that
 * cannot be read stops the export (a file output is then left untouched; stdout has what came before it), since the
 * copy would silently leave an event out; a torn last line is a warning, as for every reader of a live log.
 */
export async function exportEventLogStreaming(
  input: string,
  options: ExportCommandOptions,
  io: CommandIo,
  plan: OutputPlan,
  report: ExportReport,
): Promise<number> {
  // Truncation marks a tool result part of a document (truncated, original_size_bytes); an event's payload has no
  // such fields, so a streamed copy cannot say what it cut.
  if (options.truncate)
    throw new UserError(
      "--truncate works on a document: export an event log with --format json (or markdown) to truncate tool outputs",
      exitCodes.usage,
    );
  const verbosity = verbosityOf(options);
  report.kind = "event-log";
  const redaction = noRedactions();
  let events = 0;
  let reasoningParts = 0;
  // The log, then each child run's log found beside its parent's (`<child run id>.jsonl`), written beside the
  // output file under the same name, as AWF keeps them; a child's warnings say which file and line.
  const mainDestination =
    plan.kind === "directory" ? await planFileIn(plan, path.basename(input).replace(/\.gz$/, ""), [input]) : plan;
  const logs: Array<{ file: string; destination: OutputPlan }> = [{ file: input, destination: mainDestination }];
  const seen = new Set<string>();
  for (const { file, destination } of logs) {
    const child = file !== input;
    report.files.push(file);
    const streamed = streamEventLogExport(file, options);
    const size = (await stat(file)).size;
    meterInput({ file, totalBytes: size, bytesRead: () => (file.endsWith(".gz") ? 0 : streamed.bytesRead()) });
    const where = (line: number | undefined): string | undefined =>
      child ? `${path.basename(file)}:${line ?? "?"}` : line === undefined ? undefined : `line ${line}`;
    const checked = (async function* checked(): AsyncGenerator<string> {
      for await (const piece of streamed.pieces) {
        if (streamed.diagnostics.some((item) => item.kind === "problem")) break;
        yield piece;
      }
      const problem = streamed.diagnostics.find((item) => item.kind === "problem");
      if (problem !== undefined) {
        report.problems.push({
          ...(problem.line === undefined || child ? {} : { line: problem.line }),
          pointer: problem.pointer,
          message: `${child ? `${path.basename(file)}: ` : ""}${problem.code}: ${problem.message}`,
        });
        throw new UserError(
          `${file}: line ${problem.line ?? "?"}: ${problem.code}: ${problem.message}; the export stopped there, so no event is left out silently`,
        );
      }
    })();
    let written: string | undefined;
    try {
      written = await writeOutput(destination, io, checked, [file, input]);
    } catch (error) {
      meterInput(undefined);
      if (!(error instanceof UserError) || !options.json) throw error;
      writeData(io, `${JSON.stringify(report, null, 2)}\n`);
      return exitCodes.failure;
    }
    meterInput(undefined);
    if (!child) report.output = written ?? null;
    events += streamed.events;
    reasoningParts += streamed.reasoningParts;
    if (streamed.redaction !== null) addRedactionCounts(redaction, streamed.redaction.counts);
    for (const item of streamed.diagnostics) {
      const at = where(item.line);
      report.warnings.push({
        code: item.code,
        pointer: item.pointer,
        ...(at === undefined ? {} : { at }),
        message: item.message,
      });
    }
    for (const childRunId of streamed.childRunIds) {
      if (seen.has(childRunId)) continue;
      seen.add(childRunId);
      const childFile = await findChildLog(path.dirname(file), childRunId);
      if (childFile === undefined)
        report.warnings.push({
          code: "child-log-missing",
          pointer: "",
          message: `child run ${childRunId}: its log is not beside its parent's; not exported`,
        });
      else if (destination.kind !== "file")
        report.warnings.push({
          code: "child-log-not-written",
          pointer: "",
          message: `child run ${childRunId}: its log is written only beside an --output file; export ${childFile} on its own`,
        });
      else
        logs.push({
          file: childFile,
          destination: await planOutput({
            output: path.join(path.dirname(destination.path), path.basename(childFile).replace(/\.gz$/, "")),
            inputs: [childFile, input],
            directory: "refuse",
            ...("mode" in destination && destination.mode !== undefined ? { mode: destination.mode } : {}),
          }),
        });
    }
  }
  report.ok = true;
  report.reasoningParts = reasoningParts;
  report.redaction = options.redact ? { counts: { ...redaction.counts }, total: redaction.total } : null;
  if (options.json) {
    writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    return exitCodes.success;
  }
  for (const line of warningLines(input, report.warnings, verbosity)) io.stderr(line);
  if (verbosity !== "quiet") {
    const summary = redactionSummary(report.redaction ?? undefined);
    if (summary !== undefined) io.stderr(summary);
    if (options.reasoning === "include" && reasoningParts > 0)
      io.stderr(
        messageLine(
          `agent-transcript: this export includes ${describeCount(reasoningParts, "reasoning block")} (the model's thinking); use --reasoning omit to leave them out`,
        ),
      );
    if (report.output !== null)
      io.stderr(
        messageLine(
          `agent-transcript: wrote ${report.output} (${describeCount(events, "event")}${report.files.length > 1 ? `, and ${describeCount(report.files.length - 1, "child run log")} beside it` : ""})`,
        ),
      );
  }
  return exitCodes.success;
}
