/**
 * `redact`: the same file with its secrets replaced, in its own format, and a report of what was replaced by rule.
 * Any JSON (a transcript document, a provider payload) stays JSON; JSON lines (an event log, an agent's session)
 * stay JSON lines, one redacted line per line. A line that is not JSON is redacted as text, so no secret passes
 * through because its line could not be parsed. Export's redactor (core's built-in rules and sensitive field names).
 */
import { createRedactor, type RedactionReport } from "@agent-transcript/core/redact";
import { parseJson } from "@agent-transcript/core/json";
import { formatProblem, inputName } from "../../input/problems.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { isJsonLines } from "../../input/lines.js";
import { readInput } from "../../input/read.js";
import { exitCodes, messageLine, writeData, type CommandIo } from "../../io.js";
import { jsonFileChunks } from "../../json-text.js";
import { planOutput, writeOutput, requireOutputBesideJson } from "../../output.js";
import { addRedactionCounts, noRedactions, redactionSummary } from "../../redaction-summary.js";
import { verbosityOf, warningLines, type ReportedWarning, type VerbosityOptions } from "../../warning-summary.js";

export interface RedactCommandOptions extends InputOptions, VerbosityOptions {
  output?: string;
  json?: boolean;
}

/** What `redact --json` prints. */
export interface RedactReport {
  ok: boolean;
  input: string;
  output: string | null;
  /** `json`: one value; `jsonl`: one value per line. */
  format: "json" | "jsonl" | null;
  /** Secrets replaced, by rule, and in all. */
  redaction: RedactionReport;
  /** Lines redacted as text because they are not JSON (by line number), and other remarks. */
  warnings: ReportedWarning[];
  problems: string[];
}

export async function runRedact(input: string, options: RedactCommandOptions, io: CommandIo): Promise<number> {
  requireOutputBesideJson(options, "the redacted file");
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const name = inputName(input);
  const plan = await planOutput({ output: options.output, inputs: input === "-" ? [] : [input], directory: "refuse" });
  const redaction = noRedactions();
  const report: RedactReport = {
    ok: false,
    input: name,
    output: null,
    format: null,
    redaction,
    warnings: [],
    problems: [],
  };
  const fail = (message: string): number => {
    report.problems.push(message);
    if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    else io.stderr(messageLine(message));
    return exitCodes.failure;
  };

  const read = await readInput(input, io, limits);
  if (!read.ok) return fail(formatProblem(name, read.problem));
  const text = read.text;
  const redactor = createRedactor();
  const jsonLimits = { maxDepth: limits.maxDepth };
  let pieces: Iterable<string>;
  if (isJsonLines(text)) {
    report.format = "jsonl";
    pieces = (function* redactLines(): Generator<string> {
      let start = 0;
      for (let line = 1; start < text.length; line += 1) {
        const end = text.indexOf("\n", start);
        const stop = end === -1 ? text.length : end;
        const raw = text.slice(start, stop).replace(/\r$/, "");
        start = stop + 1;
        if (raw.trim() === "") {
          yield end === -1 ? raw : `${raw}\n`;
          continue;
        }
        const parsed = parseJson(raw, jsonLimits);
        let written: string;
        if (parsed.ok) {
          const redacted = redactor.redactValue(parsed.value);
          addRedactionCounts(redaction, redacted.report.counts);
          written = JSON.stringify(redacted.value);
        } else {
          // Not JSON: still redacted, as text, so a secret on a broken line is not passed on.
          const redacted = redactor.redactString(raw);
          addRedactionCounts(redaction, redacted.counts);
          written = redacted.text;
          report.warnings.push({
            code: "line-redacted-as-text",
            pointer: "",
            at: `line ${line}`,
            message: `not JSON (${parsed.error.message}); redacted as text and written as it was otherwise`,
          });
        }
        yield end === -1 ? written : `${written}\n`;
      }
    })();
  } else {
    const parsed = parseJson(text, jsonLimits);
    if (!parsed.ok) return fail(`${name}: not JSON or JSON lines: ${parsed.error.message}`);
    report.format = "json";
    const redacted = redactor.redactValue(parsed.value);
    addRedactionCounts(redaction, redacted.report.counts);
    // A compact file stays compact; anything else is written as export writes JSON (two-space indentation).
    const compact = !text.trimEnd().includes("\n");
    pieces = compact ? [`${JSON.stringify(redacted.value)}\n`] : jsonFileChunks(redacted.value);
  }
  const written = await writeOutput(plan, io, pieces, input === "-" ? [] : [input]);
  report.output = written ?? (plan.kind === "stdout" ? "-" : null);
  report.ok = true;
  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const line of warningLines(name, report.warnings, verbosity)) io.stderr(line);
    if (verbosity !== "quiet")
      io.stderr(redactionSummary(redaction) ?? `agent-transcript: ${name}: no secrets found\n`);
  }
  return exitCodes.success;
}
