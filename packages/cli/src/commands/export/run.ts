import {
  describeCount,
  exportFileName,
  prepareExport,
  renderMarkdownPieces,
  type Transcript,
} from "@agent-transcript/core";
import { isSessionExportFormatId, sessionExporters, type SessionExportFile } from "@agent-transcript/providers";
import { stat } from "node:fs/promises";
import path from "node:path";
import { formatProblem, inputName, reportUnloaded } from "../../input/problems.js";
import { inputLimits, parseByteSize } from "../../input/limits.js";
import { otlpTracesOf } from "../../otlp-traces.js";
import { loadDocument } from "../../input/document.js";
import { renderHtmlExport } from "../../html-export.js";
import { exportEventLogStreaming } from "./event-log.js";
import { parseFileMode, type ExportCommandOptions, type ExportReport } from "./options.js";
import { probeEventLog } from "../../input/event-log.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { jsonFileChunks } from "../../json-text.js";
import { planFileIn, planOutput, writeOutput, requireOutputBesideJson } from "../../output.js";
import { redactionSummary } from "../../redaction-summary.js";
import { plainRelatedFiles, writeRelatedFiles, writtenOnlyBesideFileMessage } from "../../related-files.js";
import { verbosityOf, warningLines } from "../../warning-summary.js";

/** Whether the input the read refused is a folder: said in words of what to give instead, not as EISDIR. */
async function isFolder(input: string): Promise<boolean> {
  if (input === "-") return false;
  return stat(input).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

function folderGiven(name: string) {
  return {
    ok: false as const,
    unreadable: true,
    omitted: 0,
    problems: [
      {
        pointer: "",
        message: `is a folder: export writes one run; give one file in it (an event log, a document or a session), or \`import ${name} --output <folder>\` for every session in it, \`stats ${name}\` for the numbers of every run`,
      },
    ],
  };
}

/** `65536`, `64KiB`, `64 KiB`, `1MB`: bytes, at least 2 (the size of `""`, `[]` or `{}`). */
export function parseSize(text: string): number {
  return parseByteSize(text, "--limit", 2);
}

export async function runExport(input: string, options: ExportCommandOptions, io: CommandIo): Promise<number> {
  // A progress bar for a large input, on a terminal only (progress.ts).
  return withProgress(io, options, (watched) => exportWatched(input, options, watched));
}

async function exportWatched(input: string, options: ExportCommandOptions, io: CommandIo): Promise<number> {
  if (options.limit !== undefined && !options.truncate)
    throw new UserError("--limit needs --truncate", exitCodes.usage);
  if (options.format !== "otlp-json" && (options.content ?? "none") !== "none")
    throw new UserError("--content is for --format otlp-json", exitCodes.usage);
  if (options.format !== "otlp-json" && options.maxAttributeSize !== undefined)
    throw new UserError("--max-attribute-size is for --format otlp-json", exitCodes.usage);
  const maxAttributeBytes =
    options.maxAttributeSize === undefined
      ? undefined
      : parseByteSize(options.maxAttributeSize, "--max-attribute-size", 256);
  requireOutputBesideJson(options, "the export");
  const verbosity = verbosityOf(options);
  const limitBytes = options.limit === undefined ? undefined : parseSize(options.limit);
  const limits = inputLimits(options);
  const name = inputName(input);
  const inputs = input === "-" ? [] : [input];
  // The output is looked at before anything is read: a refused target costs no time and names itself first.
  const mode = parseFileMode(options.mode);
  const plan = await planOutput({
    output: options.output,
    inputs,
    directory: "generated-name",
    ...(mode === undefined ? {} : { mode }),
  });
  const report: ExportReport = {
    ok: false,
    input: name,
    kind: null,
    format: options.format,
    output: null,
    files: [],
    problems: [],
    warnings: [],
    reasoning: options.reasoning,
    reasoningParts: 0,
    truncation: null,
    redaction: null,
  };

  // An event log exported as one is streamed, in constant memory, whatever its size.
  if (options.format === "jsonl" && input !== "-" && (await probeEventLog(input)) !== "other")
    return exportEventLogStreaming(input, options, io, plan, report);

  const loaded = await loadDocument(input, io, limits);
  if (!loaded.ok)
    return reportUnloaded(
      io,
      name,
      loaded.unreadable === true && (await isFolder(input)) ? folderGiven(name) : loaded,
      `${name} is not a transcript, event log, session or payload that can be read; nothing was written`,
      options.json ? report : undefined,
    );
  report.kind = loaded.kind;
  if (loaded.format !== undefined) report.readAs = loaded.format;
  report.files = loaded.files;
  report.warnings = loaded.warnings;

  const now = new Date();
  const prepared = prepareExport(loaded.document, {
    reasoning: options.reasoning,
    truncate: options.truncate ? { ...(limitBytes === undefined ? {} : { limitBytes }) } : false,
    redact: options.redact ? {} : false,
    now,
  });
  const document = prepared.document;
  report.reasoningParts = prepared.reasoningParts;
  report.redaction = prepared.redaction ?? null;
  const truncationLimit = document.export?.truncation?.limit_bytes;
  if (truncationLimit !== undefined)
    report.truncation = { count: prepared.truncatedCount, limitBytes: truncationLimit };

  // An interchange format (ATIF, AWF transcript logs), written by the registry's exporter after redaction and the
  // reasoning policy: its main file is the export, the files it links go beside an output file.
  let interchange: { main: string; related: SessionExportFile[] } | undefined;
  const exporterId = options.format === "jsonl" ? "awf-transcript" : options.format;
  if (isSessionExportFormatId(exporterId)) {
    const fileName = plan.kind === "file" ? path.basename(plan.path) : undefined;
    const exported = sessionExporters[exporterId]?.fromCanonical(
      document as Transcript,
      fileName === undefined ? {} : { name: fileName },
    );
    if (exported === undefined || !exported.ok) {
      for (const error of exported?.ok === false ? exported.errors : [])
        report.problems.push({ pointer: error.path, message: error.message });
      if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
      else for (const problem of report.problems) io.stderr(messageLine(formatProblem(name, problem)));
      return exitCodes.failure;
    }
    for (const warning of exported.warnings)
      report.warnings.push({ code: warning.code, pointer: warning.path, message: warning.message });
    const [main, ...linked] = exported.files;
    // A related file's name comes from the document: only a plain name is written, and a dropped one is said with
    // the other warnings, before anything is written (as convert does).
    const related = plainRelatedFiles(linked, (message) =>
      report.warnings.push({ code: "field-dropped", pointer: "/run/children", message }),
    );
    interchange = { main: main?.text ?? "", related };
    // A folder gets a generated file name, and the related files beside it.
    if (related.length > 0 && plan.kind !== "file" && plan.kind !== "directory")
      report.warnings.push({
        code: "field-dropped",
        pointer: "/run/children",
        message: writtenOnlyBesideFileMessage(related),
      });
  }

  // Said before writing, so that a write that fails leaves them said.
  if (!options.json) {
    for (const line of warningLines(name, report.warnings, verbosity)) io.stderr(line);
    if (verbosity !== "quiet") {
      const redaction = redactionSummary(prepared.redaction);
      if (redaction !== undefined) io.stderr(redaction);
      if (options.reasoning === "include" && prepared.reasoningParts > 0)
        io.stderr(
          messageLine(
            `agent-transcript: this export includes ${describeCount(prepared.reasoningParts, "reasoning part")} (the model's thinking); use --reasoning omit to leave them out`,
          ),
        );
      if (report.truncation)
        io.stderr(
          messageLine(
            `agent-transcript: truncated ${describeCount(report.truncation.count, "tool output")} to ${report.truncation.limitBytes} bytes`,
          ),
        );
    }
  }
  const destination =
    plan.kind === "directory"
      ? await planFileIn(
          plan,
          exportFileName({
            title: document.title,
            id: document.id,
            timestamp: document.created_at ?? now,
            extension:
              options.format === "markdown"
                ? "md"
                : options.format === "html"
                  ? "html"
                  : options.format === "awf-transcript" || options.format === "jsonl"
                    ? "jsonl"
                    : options.format === "otlp-json"
                      ? "otlp.json"
                      : "json",
          }),
          loaded.files,
        )
      : plan;
  const pieces =
    interchange !== undefined
      ? [interchange.main]
      : options.format === "json"
        ? jsonFileChunks(document)
        : options.format === "html"
          ? [await renderHtmlExport(document)]
          : options.format === "otlp-json"
            ? [`${JSON.stringify(await otlpTracesOf(document, input, options.content ?? "none", maxAttributeBytes))}\n`]
            : renderMarkdownPieces(document, { reasoning: options.reasoning });
  const written = await writeOutput(destination, io, pieces, loaded.files);
  report.output = written ?? null;
  if (destination.kind === "file") {
    await writeRelatedFiles(destination.path, interchange?.related ?? [], io, inputs, loaded.files, mode);
  }
  report.ok = true;

  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  else if (written !== undefined && verbosity !== "quiet") io.stderr(messageLine(`agent-transcript: wrote ${written}`));
  return exitCodes.success;
}
